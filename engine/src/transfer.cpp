// Precedence and transfers: the subtlest code of the engine, kept apart on purpose.
//
// Days are decided in date order. On each day the candidates are sorted by
//   (precedence row, original date, declaration order)
// and the first prevails. Each loser takes the fate of the first transfer rule that matches it
// (and the winner); with no rule it simply yields. A `move` searches forward for a day the feast
// would prevail on (`shift`: it sorts first there, so a same-row feast with a later original date
// is pushed on in its turn; `skip`: everything there ranks strictly lower and nothing has moved
// there) and adds a copy of it to that day, which is decided later in the same pass. That is how
// cascades resolve: Stephen on Sunday 26 Dec 2027 takes Monday 27, pushing John to 28, pushing the
// Innocents to 29. The original date keeps the observance with fate `transferred` and the final
// destination; nothing is ever lost without an `omitted` record naming its rule.
#include "plan_builder.hpp"

#include <algorithm>

namespace kalendar::detail {

namespace {

// A day has a handful of candidates: a stable insertion sort orders them without the temporary
// buffer std::stable_sort allocates on every call. sorts_before() is a strict weak order
// (row, original date, declaration order), so both sorts give the same order.
constexpr std::size_t kInsertionSortMax = 8;

template <typename Before>
void insertion_sort(std::vector<Candidate>& v, const Before& before) {
  for (std::size_t i = 1; i < v.size(); ++i) {
    if (!before(v[i], v[i - 1])) continue;
    Candidate moving = std::move(v[i]);
    std::size_t j = i;
    for (; j > 0 && before(moving, v[j - 1]); --j) v[j] = std::move(v[j - 1]);
    v[j] = std::move(moving);
  }
}

}  // namespace

bool PlanBuilder::sorts_before(const Candidate& a, Index a_row, const Candidate& b) const {
  if (a_row != b.obs.row) return a_row < b.obs.row;  // kNoIndex (no row) sorts last
  if (a.obs.original_date != b.obs.original_date) return a.obs.original_date < b.obs.original_date;
  return a.order < b.order;
}

Observance& PlanBuilder::origin_of(const Candidate& copy) {
  WorkDay& origin = days_[copy.origin_day];
  return (copy.origin_relocated ? origin.relocated : origin.candidates)[copy.origin_slot].obs;
}

void PlanBuilder::resolve_days() {
  for (Index i = 0; i < days_.size(); ++i) decide_day(i);
}

void PlanBuilder::decide_day(Index day_index) {
  WorkDay& day = days_[day_index];
  auto& cands = day.candidates;
  const auto before = [&](const Candidate& a, const Candidate& b) {
    return sorts_before(a, a.obs.row, b);
  };
  if (cands.size() <= kInsertionSortMax) {
    insertion_sort(cands, before);
  } else {
    std::stable_sort(cands.begin(), cands.end(), before);
  }
  day.decided = true;
  if (cands.empty()) return;
  // Equal rows with equal original dates are ties; only rows marked share_day may meet.
  for (std::size_t k = 1; k < cands.size(); ++k) {
    const Candidate& a = cands[k - 1];
    const Candidate& b = cands[k];
    if (a.obs.row == b.obs.row && a.obs.row != kNoIndex &&
        a.obs.original_date == b.obs.original_date && !book_.precedence[a.obs.row].may_share &&
        a.obs.kind == ObservanceKind::celebration && b.obs.kind == ObservanceKind::celebration) {
      anomaly(day.date,
              "tie in row '" + book_.precedence[a.obs.row].key + "' between '" +
                  book_.celebrations[a.obs.celebration].key + "' and '" +
                  book_.celebrations[b.obs.celebration].key +
                  "' (declaration order decides; mark the row share_day if intended)",
              book_.celebrations[b.obs.celebration].loc);
    }
  }
  Candidate& winner = cands.front();
  winner.obs.fate = Fate::prevailed;
  if (winner.origin_day != kNoIndex) origin_of(winner).moved_to = day.date;
  const Candidate winner_copy = winner;
  for (std::uint32_t slot = 1; slot < cands.size(); ++slot)
    settle_loser(day_index, slot, winner_copy);
}

void PlanBuilder::settle_loser(Index day_index, std::uint32_t slot, const Candidate& winner) {
  WorkDay& day = days_[day_index];
  Candidate loser = day.candidates[slot];
  Observance& obs = day.candidates[slot].obs;
  obs.fate = Fate::yielded;
  // A Sunday, a weekday or an additional observance cannot move: only keep_both applies to it.
  const bool movable = loser.obs.kind == ObservanceKind::celebration && !loser.obs.additional;

  const TransferRule* rule = nullptr;
  Index rule_index = kNoIndex;
  // Only the rules whose loser can be this observance at all (plan_index.hpp), in book order.
  for (Index r : book_.plan_index().transfers.of(loser.obs)) {
    const TransferRule& t = book_.transfers[r];
    if (!movable && t.action != TransferAction::keep_both) continue;
    // Nearest-Sunday moves were decided before any day (nearest_sunday.cpp).
    if (t.action == TransferAction::move && t.move == MoveKind::nearest_sunday) continue;
    if (!matches(t.loser, loser, day)) continue;
    if (!t.winner.empty() && !matches(t.winner.front(), winner, day)) continue;
    rule = &t;
    rule_index = r;
    break;
  }
  if (rule == nullptr) {
    if (loser.origin_day != kNoIndex) origin_of(loser).moved_to = day.date;
    return;
  }
  obs.decided_by = rule_index;
  TransferAction action = rule->action;
  if (action == TransferAction::move) {
    report_search_from_before_loss(*rule, day.date);
    if (const auto target = find_target(loser, *rule, day_index)) {
      obs.fate = Fate::transferred;
      obs.moved_to = days_[*target].date;
      Candidate moved = loser;
      moved.obs.transferred_in = true;
      moved.obs.fate = Fate::yielded;
      moved.obs.decided_by = kNoIndex;
      if (moved.origin_day == kNoIndex) {
        moved.origin_day = day_index;
        moved.origin_slot = slot;
      }
      WorkDay& target_day = days_[*target];
      moved.obs.row = row_of(moved, target_day);
      origin_of(moved).moved_to = target_day.date;
      target_day.candidates.push_back(moved);
      return;
    }
    action = rule->otherwise;
  }
  switch (action) {
    case TransferAction::commemorate:
      obs.fate = Fate::commemorated;
      break;
    case TransferAction::suppress:
      obs.fate = Fate::suppressed;
      break;
    case TransferAction::omit:
      obs.fate = Fate::omitted;
      break;
    case TransferAction::keep_both:
      obs.fate = Fate::kept;
      break;
    case TransferAction::yield:
    case TransferAction::move:
      obs.fate = Fate::yielded;
      break;
  }
  if (loser.origin_day != kNoIndex) origin_of(loser).moved_to = day.date;
}

// A move searches forward only: a `search_from` on or before the day lost would silently start
// the day after it instead, so the rule does not say what it seems to.
void PlanBuilder::report_search_from_before_loss(const TransferRule& rule, Days lost) {
  if (rule.search_from == kNoIndex) return;
  const auto from = eval(rule.search_from, year_of(to_civil(lost)));
  if (!from || *from > lost) return;
  anomaly(lost,
          "transfer rule '" + rule.key +
              "': search_from gives a date on or before the day lost; a move only searches "
              "forward, from the day after the loss",
          book_.rules[rule.search_from].loc);
}

std::optional<Index> PlanBuilder::find_target(const Candidate& c, const TransferRule& rule,
                                              Index from_day) const {
  Days start = days_[from_day].date + date::days{1};
  if (rule.search_from != kNoIndex) {
    if (const auto from = eval(rule.search_from, days_[from_day].civil_year)) {
      start = std::max(start, *from);
    }
  }
  for (int k = 0; k < rule.within_days; ++k) {
    const Days t = start + date::days{k};
    if (t < window_start_) continue;
    const auto index = static_cast<std::size_t>((t - window_start_).count());
    if (index >= days_.size()) return std::nullopt;
    const WorkDay& target = days_[index];
    Candidate probe = c;
    probe.obs.transferred_in = true;
    const Index row = row_of(probe, target);
    bool ok = true;
    for (const Candidate& other : target.candidates) {
      if (rule.collision == Collision::skip) {
        ok = row < other.obs.row && !other.obs.transferred_in;
      } else {
        ok = sorts_before(probe, row, other);
      }
      if (!ok) break;
    }
    if (ok) return static_cast<Index>(index);
  }
  return std::nullopt;
}

}  // namespace kalendar::detail
