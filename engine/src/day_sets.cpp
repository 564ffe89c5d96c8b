// The sets of days a plan's conditions hold on (ConditionMatcher::use_day_sets): each numbered
// DayMatch worked out once over the plan's whole window, then answered by a bit test per day.
//
// A set is exact when the condition depends only on the day: its options, season, weekday,
// Sunday key, week, date windows and dates, and the same of its sub-conditions. A condition
// that asks what prevailed (decided only while the plan is built) gets a superset instead: the
// days on which everything else it asks holds; on those days it is asked in full. So a set never
// changes an answer, only how often the condition's tree is walked.
//
// Example: the ember days of a book ({condition: ember_days}: twelve dates) are twelve bits;
// every other day of the window fails its colour and fast rules on one test.
#include "conditions_eval.hpp"

#include <algorithm>

namespace kalendar::detail {

namespace {

constexpr std::size_t kBits = 64;

bool test_bit(const std::uint64_t* set, std::size_t i) {
  return ((set[i / kBits] >> (i % kBits)) & 1u) != 0;
}

void clear_bit(std::uint64_t* set, std::size_t i) {
  set[i / kBits] &= ~(std::uint64_t{1} << (i % kBits));
}

void set_bit(std::uint64_t* set, std::size_t i) {
  set[i / kBits] |= std::uint64_t{1} << (i % kBits);
}

}  // namespace

void ConditionMatcher::use_day_sets(std::span<const DayFacts> days, Index slots) {
  window_ = days;
  words_ = (days.size() + kBits - 1) / kBits;
  set_bits_.assign(words_ * slots, 0);
  set_state_.assign(slots, SetState::unknown);
  scratch_.assign(words_, 0);
  weekday_sets_.assign(words_ * 7, 0);
  season_sets_.assign(words_ * book_.seasons.size(), 0);
  for (std::size_t i = 0; i < days.size(); ++i) {
    const DayFacts& day = days[i];
    set_bit(&weekday_sets_[weekday_of(day.date).c_encoding() * words_], i);
    if (day.season < book_.seasons.size()) set_bit(&season_sets_[day.season * words_], i);
    for (Index s = day.sub_season; s < book_.seasons.size(); s = book_.seasons[s].parent) {
      set_bit(&season_sets_[s * words_], i);
    }
  }
}

void ConditionMatcher::compute_day_set(const DayMatch& m) const {
  const std::size_t n = window_.size();
  std::uint64_t* out = &set_bits_[m.plan_slot * words_];  // sized once: stays valid
  std::fill(out, out + words_, 0);
  set_state_[m.plan_slot] = SetState::exact;
  if (!options_hold(book_, m.options, options_)) return;  // no day: the options rule it out
  // Every day of the window, then the weekdays and seasons asked for, as whole sets.
  std::fill(out, out + n / kBits, ~std::uint64_t{0});
  if (n % kBits != 0) out[n / kBits] = (std::uint64_t{1} << (n % kBits)) - 1;
  if (m.weekdays != 0) {
    for (std::size_t w = 0; w < words_; ++w) {
      std::uint64_t any = 0;
      for (unsigned d = 0; d < 7; ++d) {
        if ((m.weekdays & (1u << d)) != 0) any |= weekday_sets_[d * words_ + w];
      }
      out[w] &= any;
    }
  }
  if (!m.seasons.empty()) {
    for (std::size_t w = 0; w < words_; ++w) {
      std::uint64_t any = 0;
      for (Index s : m.seasons) {
        if (s < book_.seasons.size()) any |= season_sets_[s * words_ + w];
      }
      out[w] &= any;
    }
  }
  // The rarer tests of the day itself (Sunday key, week), day by day where the rest holds.
  if (!m.sunday_keys.empty() || !m.weeks.empty() || m.before_first_sunday || m.weeks_to_end >= 0) {
    for (std::size_t i = 0; i < n; ++i) {
      if (test_bit(out, i) && !day_tests_hold(m, window_[i])) clear_bit(out, i);
    }
  }
  // Dates: each rule once per civil year of the window, for the days of that year.
  if (!m.dates.empty()) {
    std::fill(scratch_.begin(), scratch_.end(), 0);
    const Days first = window_.front().date;
    for (int year = window_.front().civil_year; year <= window_.back().civil_year; ++year) {
      for (Index rule : m.dates) {
        const auto d = eval(rule, year);
        if (!d || *d < first) continue;
        const auto i = static_cast<std::size_t>((*d - first).count());
        if (i < n && window_[i].civil_year == year) set_bit(scratch_.data(), i);
      }
    }
    for (std::size_t w = 0; w < words_; ++w) out[w] &= scratch_[w];
  }
  // Date windows: each evaluated in each civil year of the window, marking that year's days
  // inside it, as matches() takes a day's windows from its own civil year.
  if (!m.within.empty()) {
    std::fill(scratch_.begin(), scratch_.end(), 0);
    const Days first = window_.front().date;
    const Days last = window_.back().date;
    const auto mark = [&](Days from, Days to) {  // inclusive, clipped to the window
      for (Days d = std::max(from, first); d <= std::min(to, last); d += date::days{1}) {
        set_bit(scratch_.data(), static_cast<std::size_t>((d - first).count()));
      }
    };
    for (int year = window_.front().civil_year; year <= window_.back().civil_year; ++year) {
      const Days new_year{date::year{year} / 1 / 1};
      const Days new_years_eve{date::year{year} / 12 / 31};
      for (const DateWindow& w : m.within) {
        const auto from = eval(w.from, year);
        const auto to = eval(w.to, year);
        if (!from || !to) continue;
        if (*from <= *to) {
          mark(std::max(*from, new_year), std::min(*to, new_years_eve));
        } else {  // it wraps the new year (25 Dec .. 5 Jan): both ends of this year
          mark(std::max(*from, new_year), new_years_eve);
          mark(new_year, std::min(*to, new_years_eve));
        }
      }
    }
    for (std::size_t w = 0; w < words_; ++w) out[w] &= scratch_[w];
  }
  bool exact = m.prevailing.empty();  // what prevailed is not known yet: a superset
  // A sub-condition's set (nullptr: it has none, and is taken as holding on any day; not
  // expected, every sub-condition of a numbered condition is numbered) and whether it is exact.
  const auto child_set = [&](const DayMatch& c, bool& child_exact) -> const std::uint64_t* {
    child_exact = false;
    if (c.plan_slot >= set_state_.size()) return nullptr;
    if (set_state_[c.plan_slot] == SetState::unknown) compute_day_set(c);
    child_exact = set_state_[c.plan_slot] == SetState::exact;
    return &set_bits_[c.plan_slot * words_];
  };
  bool child_exact = false;
  if (!m.any_of.empty()) {
    // Into scratch_: the dates above are done with it, and each child is computed before use.
    std::vector<const std::uint64_t*> sets;
    bool anywhere = false;
    for (const DayMatch& c : m.any_of) {
      const std::uint64_t* set = child_set(c, child_exact);
      exact = exact && child_exact;
      anywhere = anywhere || set == nullptr;
      sets.push_back(set);
    }
    if (!anywhere) {
      std::fill(scratch_.begin(), scratch_.end(), 0);
      for (const std::uint64_t* set : sets) {
        for (std::size_t w = 0; w < words_; ++w) scratch_[w] |= set[w];
      }
      for (std::size_t w = 0; w < words_; ++w) out[w] &= scratch_[w];
    }
  }
  for (const DayMatch& c : m.all_of) {
    const std::uint64_t* set = child_set(c, child_exact);
    exact = exact && child_exact;
    if (set == nullptr) continue;
    for (std::size_t w = 0; w < words_; ++w) out[w] &= set[w];
  }
  for (const DayMatch& c : m.none_of) {
    // Only an exact set may be taken away: a superset would take away days that hold.
    const std::uint64_t* set = child_set(c, child_exact);
    if (!child_exact) {
      exact = false;
      continue;
    }
    for (std::size_t w = 0; w < words_; ++w) out[w] &= ~set[w];
  }
  set_state_[m.plan_slot] = exact ? SetState::exact : SetState::superset;
}

}  // namespace kalendar::detail
