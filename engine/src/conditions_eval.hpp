// Evaluating the book's conditions (conditions.hpp) against a day, both while a year is being
// built (plan_builder) and when a request asks for readings or collects (readings.cpp).
#pragma once

#include "date_eval.hpp"

#include "kalendar/resolved.hpp"

#include <map>

namespace kalendar::detail {

// What conditions can ask about a day.
struct DayFacts {
  Days date{};
  Index season = kNoIndex;
  Index sub_season = kNoIndex;
  Index own_sunday_key = kNoIndex;  // Sundays only
  int week = 0;
  bool before_first_sunday = false;
  const Observance* prevailing = nullptr;  // null while precedence is being decided
};

class ConditionMatcher {
 public:
  ConditionMatcher(const CompiledBook& book, const std::map<int, YearContext>& contexts)
      : book_(book), contexts_(contexts) {}

  [[nodiscard]] bool matches(const CandidateMatch& m, const Observance& o,
                             const DayFacts& day) const;
  [[nodiscard]] bool matches(const DayMatch& m, const DayFacts& day) const;
  // A rule's date in a civil year (the year must be among the contexts).
  [[nodiscard]] std::optional<Days> eval(Index rule, int civil_year) const;

 private:
  const CompiledBook& book_;
  const std::map<int, YearContext>& contexts_;
};

}  // namespace kalendar::detail
