// Evaluating the book's conditions (conditions.hpp) against a day, both while a year is being
// built (plan_builder) and when a request asks for readings or collects (readings.cpp).
#pragma once

#include "date_eval.hpp"

#include "kalendar/resolved.hpp"

#include <map>

namespace kalendar::detail {

// Whole weeks from one Sunday to a later one (-1 when `to` is earlier).
inline int weeks_between(Days from_sunday, Days to_sunday) {
  const auto days = (to_sunday - from_sunday).count();
  return days < 0 ? -1 : static_cast<int>(days / 7);
}

// What conditions can ask about a day.
struct DayFacts {
  Days date{};
  Index season = kNoIndex;
  Index sub_season = kNoIndex;
  Index own_sunday_key = kNoIndex;  // Sundays only
  int week = 0;
  bool before_first_sunday = false;
  // Whole weeks from the governing Sunday to the last Sunday of its top-level season that year
  // (0 in the season's last week; -1 when unknown). The Sunday next before Advent has 0.
  int weeks_to_end = -1;
  const Observance* prevailing = nullptr;  // null while precedence is being decided
};

class ConditionMatcher {
 public:
  // `options`: the calendar options in force (a plan's own; empty for the book's defaults).
  ConditionMatcher(const CompiledBook& book, const std::map<int, YearContext>& contexts,
                   const OptionSet& options)
      : book_(book), contexts_(contexts), options_(options) {}

  [[nodiscard]] bool matches(const CandidateMatch& m, const Observance& o,
                             const DayFacts& day) const;
  [[nodiscard]] bool matches(const DayMatch& m, const DayFacts& day) const;
  // A rule's date in a civil year (the year must be among the contexts).
  [[nodiscard]] std::optional<Days> eval(Index rule, int civil_year) const;

 private:
  const CompiledBook& book_;
  const std::map<int, YearContext>& contexts_;
  const OptionSet& options_;
};

}  // namespace kalendar::detail
