// Declarative conditions of the book format: which observance a precedence row or transfer rule
// is about (CandidateMatch) and which days a colour, fast or lookup rule applies to (DayMatch).
// Closed forms only; see docs/BOOKS.md "Conditions".
//
// Example (YAML): {type: [festival], on: {season: [lent]}} or {weekday: [friday], not: {...}}.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace kalendar {

// Cross-references inside a compiled book are indices into its own vectors.
using Index = std::uint32_t;
inline constexpr Index kNoIndex = std::numeric_limits<Index>::max();

struct DayMatch;

// A condition on a calendar option (`option: {epiphany: sunday}`; options.hpp): holds when the
// option in force has one of the listed values. Example: {0, 0b10} (option 0 has value 1).
struct OptionTest {
  Index option = kNoIndex;
  std::uint32_t values = 0;  // bit per value index
};

// Matches one competing observance. All given conditions must hold; an empty one is "any".
// Example (YAML): {type: [festival, major_holy_day]} or {sunday: [advent, lent, easter]}.
struct CandidateMatch {
  std::vector<Index> celebrations;  // one of these celebrations
  std::uint8_t types = 0;           // bit (1 << CelebrationType)
  std::uint8_t kinds = 0;           // bit (1 << ObservanceKind)
  std::vector<Index> seasons;       // for a Sunday or feria: its day lies in one of these seasons
  std::optional<bool> transferred;  // arrived by a transfer
  std::optional<bool> additional;   // an additional observance (also_observe)
  std::vector<DayMatch> on;         // at most one: a condition on the day itself
  std::vector<CandidateMatch> any_of;   // at least one of these holds
  std::vector<CandidateMatch> none_of;  // none of these holds ("not")
  std::vector<OptionTest> options;      // every one holds (`option:`)
};

// An inclusive window between two dates, each a rule evaluated in the day's civil year.
struct DateWindow {
  Index from = kNoIndex;
  Index to = kNoIndex;
};

// Matches a day. All given conditions must hold.
// Example (YAML): {season: [lent], weekday: [friday]}.
struct DayMatch {
  std::vector<Index> seasons;               // the day's season or one of its enclosing seasons
  std::uint8_t weekdays = 0;                // bit (1 << c_encoding)
  std::vector<Index> sunday_keys;           // the day is a Sunday with one of these keys
  std::vector<int> weeks;                   // the day's week number
  std::optional<bool> before_first_sunday;  // in its season before the season's first Sunday
  std::vector<DateWindow> within;           // inside one of these windows
  std::vector<Index> dates;                 // exactly one of these dates
  std::vector<CandidateMatch> prevailing;   // at most one: what prevailed that day
  std::vector<DayMatch> any_of;             // at least one of these
  std::vector<DayMatch> all_of;             // every one of these (named `conditions:` used)
  int weeks_to_end = -1;                    // whole weeks left in the season (0: its last week)
  std::vector<DayMatch> none_of;            // none of these
  std::vector<OptionTest> options;          // every one holds (`option:`)
  // Derived when the book is compiled, for the conditions a year plan asks (precedence,
  // transfers, colours, fasts): the slot of this condition's set of days in a plan being built
  // (engine/src/day_sets.cpp), so that it is worked out once per plan, not once per day.
  Index plan_slot = kNoIndex;
};

}  // namespace kalendar
