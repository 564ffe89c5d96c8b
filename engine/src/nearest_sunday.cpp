// Moves to the nearest Sunday ({move: nearest_sunday}), decided before precedence.
//
// Unlike next_free_day, the target may lie before the feast (a Tuesday feast goes back to the
// Sunday before), and days are decided in date order: a feast could not be added to a day
// already decided. So these moves are made first, on the candidates as collected: the feast
// leaves its own day (kept there with fate `transferred`, not competing) and a copy competes on
// the Sunday like any transferred feast, where precedence and the other transfer rules treat it
// as usual. A Sunday is its own nearest Sunday: a feast on a Sunday does not move.
//
// Example (YAML): {key: patronal_to_sunday, when: {loser: {celebration: [patronal]}},
//   then: {move: nearest_sunday, unless: {season: [lent]}, otherwise: stay}}
//   patronal on Tuesday 2026-06-30 -> Sunday 2026-06-28; on Thursday 2026-07-02 -> 2026-07-05.
#include "plan_builder.hpp"

#include <algorithm>
#include <cstddef>

namespace kalendar::detail {

namespace {

// Monday to Wednesday: the Sunday before; Thursday to Saturday: the Sunday after.
Days nearest_sunday_to(Days d) {
  const auto wd = static_cast<int>(weekday_of(d).c_encoding());  // Sunday == 0
  return wd <= 3 ? d - date::days{wd} : d + date::days{7 - wd};
}

}  // namespace

const TransferRule* PlanBuilder::nearest_sunday_rule(const Candidate& c, const WorkDay& day,
                                                     Index& rule_index) const {
  for (Index r : book_.plan_index().transfers.of(c.obs)) {
    const TransferRule& t = book_.transfers[r];
    if (t.action != TransferAction::move || t.move != MoveKind::nearest_sunday) continue;
    if (!matches(t.loser, c, day)) continue;
    rule_index = r;
    return &t;
  }
  return nullptr;
}

void PlanBuilder::move_to_nearest_sundays() {
  const bool any = std::any_of(book_.transfers.begin(), book_.transfers.end(), [](const auto& t) {
    return t.action == TransferAction::move && t.move == MoveKind::nearest_sunday;
  });
  if (!any) return;
  for (Index d = 0; d < days_.size(); ++d) {
    auto& cands = days_[d].candidates;
    for (std::size_t slot = 0; slot < cands.size();) {
      const Candidate& c = cands[slot];
      Index rule_index = kNoIndex;
      const TransferRule* rule =
          c.obs.kind == ObservanceKind::celebration && !c.obs.additional && !c.obs.transferred_in
              ? nearest_sunday_rule(c, days_[d], rule_index)
              : nullptr;
      WorkDay* target = rule != nullptr ? day_at(nearest_sunday_to(days_[d].date)) : nullptr;
      const bool refused = target == nullptr || target == &days_[d] ||
                           (!rule->unless.empty() && matches(rule->unless.front(), *target));
      if (refused) {  // otherwise: stay
        ++slot;
        continue;
      }
      Candidate original = c;
      original.obs.fate = Fate::transferred;
      original.obs.decided_by = rule_index;
      original.obs.moved_to = target->date;
      Candidate copy = c;
      copy.obs.transferred_in = true;
      copy.origin_day = d;
      copy.origin_slot = static_cast<std::uint32_t>(days_[d].relocated.size());
      copy.origin_relocated = true;
      copy.obs.row = row_of(copy, *target);
      days_[d].relocated.push_back(original);
      cands.erase(cands.begin() + static_cast<std::ptrdiff_t>(slot));
      target->candidates.push_back(copy);
    }
  }
}

}  // namespace kalendar::detail
