// Evaluating the book's conditions (conditions.hpp) against a day, both while a year is being
// built (plan_builder) and when a request asks for readings or collects (readings.cpp).
#pragma once

#include "date_eval.hpp"

#include "kalendar/resolved.hpp"

#include <cstdint>
#include <limits>
#include <map>
#include <span>
#include <vector>

namespace kalendar::detail {

// Whole weeks from one Sunday to a later one (-1 when `to` is earlier).
inline int weeks_between(Days from_sunday, Days to_sunday) {
  const auto days = (to_sunday - from_sunday).count();
  return days < 0 ? -1 : static_cast<int>(days / 7);
}

// What conditions can ask about a day.
struct DayFacts {
  Days date{};
  // The civil year of `date` when the caller knows it (a year plan does); 0 = work it out.
  // Date windows and dates ask it on every day, and the calendar conversion is not free.
  int civil_year = 0;
  Index season = kNoIndex;
  Index sub_season = kNoIndex;
  Index own_sunday_key = kNoIndex;  // Sundays only
  int week = 0;
  bool before_first_sunday = false;
  // Whole weeks from the governing Sunday to the last Sunday of its top-level season that year
  // (0 in the season's last week; -1 when unknown). The Sunday next before Advent has 0.
  int weeks_to_end = -1;
  const Observance* prevailing = nullptr;  // null while precedence is being decided
  // The day's index in the days a plan being built gave ConditionMatcher::use_day_sets (none
  // elsewhere): its conditions are then answered from their sets of days.
  std::uint32_t window_day = kNoWindowDay;
  static constexpr std::uint32_t kNoWindowDay = std::numeric_limits<std::uint32_t>::max();
};

class ConditionMatcher {
 public:
  // `options`: the calendar options in force (a plan's own; empty for the book's defaults).
  ConditionMatcher(const CompiledBook& book, const std::map<int, YearContext>& contexts,
                   const OptionSet& options)
      : book_(book), contexts_(contexts), options_(options) {}

  [[nodiscard]] bool matches(const CandidateMatch& m, const Observance& o,
                             const DayFacts& day) const;
  // The first, cheap test of matches(m, o, day): false when the observance's kind or type rules
  // `m` out. Inline, so the precedence rows it rejects (most rows, for most candidates) cost
  // no call. Example: if (!matcher.may_match(row.match, o)) continue;
  [[nodiscard]] bool may_match(const CandidateMatch& m, const Observance& o) const {
    if (m.kinds != 0 && (m.kinds & (1u << static_cast<unsigned>(o.kind))) == 0) return false;
    // A row naming celebrations never holds for a Sunday or feria (most candidates).
    if (!m.celebrations.empty() && o.kind != ObservanceKind::celebration) return false;
    if (m.types == 0) return true;
    if (o.kind != ObservanceKind::celebration) return false;
    return (m.types & (1u << static_cast<unsigned>(book_.celebrations[o.celebration].type))) != 0;
  }
  [[nodiscard]] bool matches(const DayMatch& m, const DayFacts& day) const {
    // A plan being built answers from the condition's set of days (use_day_sets).
    if (m.plan_slot < set_state_.size() && day.window_day < window_.size()) {
      const SetAnswer answer = from_day_set(m, day.window_day);
      if (answer != SetAnswer::ask) return answer == SetAnswer::yes;
    }
    return matches_in_full(m, day);
  }
  // For a plan being built: `days` are the facts of every day of its window in date order
  // (their `prevailing` unused; the span must outlive the matcher) and `slots` the book's
  // PlanIndex::day_slots. From then on a condition with a plan_slot, asked about a day with a
  // window_day, is answered from its set of days, worked out over the whole window the first
  // time it is asked (day_sets.cpp): a colour rule costs one bit test per day, not a walk of
  // its tree. A condition that asks what prevailed has a set holding at least the days it
  // holds on, and those days are asked in full.
  void use_day_sets(std::span<const DayFacts> days, Index slots);
  // A rule's date in a civil year (nullopt when the year is not among the contexts). Inline:
  // date conditions ask it for every rule on every day of a year being built.
  [[nodiscard]] std::optional<Days> eval(Index rule, int civil_year) const {
    // Consecutive lookups are nearly always for the same year: remember the last one.
    if (civil_year != last_year_ || last_context_ == nullptr) {
      auto it = contexts_.find(civil_year);
      if (it == contexts_.end()) return std::nullopt;
      last_year_ = civil_year;
      last_context_ = &it->second;
    }
    return rule_date(*last_context_, rule);
  }

 private:
  // What a day set says about a day: holds, does not hold, or ask the condition in full.
  enum class SetAnswer : std::uint8_t { no, yes, ask };
  enum class SetState : std::uint8_t { unknown, exact, superset };
  [[nodiscard]] SetAnswer from_day_set(const DayMatch& m, std::uint32_t window_day) const {
    if (set_state_[m.plan_slot] == SetState::unknown) compute_day_set(m);
    const std::uint64_t word = set_bits_[m.plan_slot * words_ + window_day / 64];
    if (((word >> (window_day % 64)) & 1u) == 0) return SetAnswer::no;
    return set_state_[m.plan_slot] == SetState::exact ? SetAnswer::yes : SetAnswer::ask;
  }
  void compute_day_set(const DayMatch& m) const;
  [[nodiscard]] bool matches_in_full(const DayMatch& m, const DayFacts& day) const;
  // Whether the per-day tests of `m` (season, weekday, Sunday key, week) hold on a day.
  [[nodiscard]] bool day_tests_hold(const DayMatch& m, const DayFacts& day) const;

  const CompiledBook& book_;
  const std::map<int, YearContext>& contexts_;
  const OptionSet& options_;
  // use_day_sets(): the window, and each slot's set (words_ words of bits, one per day).
  std::span<const DayFacts> window_;
  std::size_t words_ = 0;
  mutable std::vector<std::uint64_t> set_bits_;
  mutable std::vector<SetState> set_state_;
  mutable std::vector<std::uint64_t> scratch_;  // one set, for compute_day_set
  // The days of each weekday (by c_encoding) and of each season (its own days and those of
  // the seasons inside it), words_ words each: what most conditions test, as whole sets.
  std::vector<std::uint64_t> weekday_sets_;
  std::vector<std::uint64_t> season_sets_;
  // eval()'s last year and its context (a matcher is used by one thread at a time).
  mutable int last_year_ = 0;
  mutable const YearContext* last_context_ = nullptr;
};

}  // namespace kalendar::detail
