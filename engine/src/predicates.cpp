// Matching the book's declarative conditions against a day.
#include "conditions_eval.hpp"

#include <algorithm>

namespace kalendar::detail {

namespace {

bool contains(const std::vector<Index>& list, Index value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

// The day's season and every season enclosing it.
bool in_any_season(const CompiledBook& book, const DayFacts& day,
                   const std::vector<Index>& wanted) {
  if (contains(wanted, day.season)) return true;
  for (Index s = day.sub_season; s != kNoIndex; s = book.seasons[s].parent) {
    if (contains(wanted, s)) return true;
  }
  return false;
}

}  // namespace

bool ConditionMatcher::matches(const CandidateMatch& m, const Observance& o,
                               const DayFacts& day) const {
  if (!may_match(m, o)) return false;
  if (!options_hold(book_, m.options, options_)) return false;
  if (!m.celebrations.empty() &&
      (o.kind != ObservanceKind::celebration || !contains(m.celebrations, o.celebration))) {
    return false;
  }
  if (!m.seasons.empty() && !in_any_season(book_, day, m.seasons)) return false;
  if (m.transferred && *m.transferred != o.transferred_in) return false;
  if (m.additional && *m.additional != o.additional) return false;
  if (!m.on.empty() && !matches(m.on.front(), day)) return false;
  if (!m.any_of.empty() &&
      std::none_of(m.any_of.begin(), m.any_of.end(),
                   [&](const CandidateMatch& a) { return matches(a, o, day); })) {
    return false;
  }
  return std::none_of(m.none_of.begin(), m.none_of.end(),
                      [&](const CandidateMatch& a) { return matches(a, o, day); });
}

bool ConditionMatcher::day_tests_hold(const DayMatch& m, const DayFacts& day) const {
  if (!m.seasons.empty() && !in_any_season(book_, day, m.seasons)) return false;
  if (m.weekdays != 0 && (m.weekdays & (1u << weekday_of(day.date).c_encoding())) == 0) {
    return false;
  }
  if (!m.sunday_keys.empty() &&
      (day.own_sunday_key == kNoIndex || !contains(m.sunday_keys, day.own_sunday_key))) {
    return false;
  }
  if (!m.weeks.empty() && std::find(m.weeks.begin(), m.weeks.end(), day.week) == m.weeks.end()) {
    return false;
  }
  if (m.before_first_sunday && *m.before_first_sunday != day.before_first_sunday) return false;
  return m.weeks_to_end < 0 || m.weeks_to_end == day.weeks_to_end;
}

bool ConditionMatcher::matches_in_full(const DayMatch& m, const DayFacts& day) const {
  if (!options_hold(book_, m.options, options_)) return false;
  if (!day_tests_hold(m, day)) return false;
  // Only date windows and dates need the civil year (a calendar conversion): not computed else.
  const int year = m.within.empty() && m.dates.empty() ? 0
                   : day.civil_year != 0               ? day.civil_year
                                                       : year_of(to_civil(day.date));
  if (!m.within.empty()) {
    const bool inside = std::any_of(m.within.begin(), m.within.end(), [&](const DateWindow& w) {
      const auto from = eval(w.from, year);
      const auto to = eval(w.to, year);
      if (!from || !to) return false;
      // A window that ends before it starts wraps the new year: 25 Dec .. 5 Jan.
      return *from <= *to ? (day.date >= *from && day.date <= *to)
                          : (day.date >= *from || day.date <= *to);
    });
    if (!inside) return false;
  }
  if (!m.dates.empty()) {
    const bool on = std::any_of(m.dates.begin(), m.dates.end(), [&](Index rule) {
      const auto d = eval(rule, year);
      return d && *d == day.date;
    });
    if (!on) return false;
  }
  if (!m.prevailing.empty()) {
    // Only meaningful once the day is decided (colours, fasts, lookups).
    if (day.prevailing == nullptr || !matches(m.prevailing.front(), *day.prevailing, day)) {
      return false;
    }
  }
  if (!m.any_of.empty() && std::none_of(m.any_of.begin(), m.any_of.end(),
                                        [&](const DayMatch& d) { return matches(d, day); })) {
    return false;
  }
  if (!std::all_of(m.all_of.begin(), m.all_of.end(),
                   [&](const DayMatch& d) { return matches(d, day); })) {
    return false;
  }
  return std::none_of(m.none_of.begin(), m.none_of.end(),
                      [&](const DayMatch& d) { return matches(d, day); });
}

}  // namespace kalendar::detail
