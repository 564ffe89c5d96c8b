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
  ConditionMatcher(const CompiledBook& book, const std::map<int, YearContext>& contexts)
      : book_(book), contexts_(contexts) {}

  [[nodiscard]] bool matches(const CandidateMatch& m, const Observance& o,
                             const DayFacts& day) const;
  // The first, cheap test of matches(m, o, day): false when the observance's kind or type rules
  // `m` out. Inline, so the precedence rows it rejects (most rows, for most candidates) cost
  // no call. Example: if (!matcher.may_match(row.match, o)) continue;
  [[nodiscard]] bool may_match(const CandidateMatch& m, const Observance& o) const {
    if (m.kinds != 0 && (m.kinds & (1u << static_cast<unsigned>(o.kind))) == 0) return false;
    if (m.types == 0) return true;
    if (o.kind != ObservanceKind::celebration) return false;
    return (m.types & (1u << static_cast<unsigned>(book_.celebrations[o.celebration].type))) != 0;
  }
  [[nodiscard]] bool matches(const DayMatch& m, const DayFacts& day) const;
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
  const CompiledBook& book_;
  const std::map<int, YearContext>& contexts_;
  // eval()'s last year and its context (a matcher is used by one thread at a time).
  mutable int last_year_ = 0;
  mutable const YearContext* last_context_ = nullptr;
};

}  // namespace kalendar::detail
