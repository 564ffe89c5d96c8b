// Lectionaries and collects as book data: tables of readings keyed by day, an ordered lookup per
// service, and the collect keys a day carries. Bodies of collects are never here (text packs).
//
// One table shape serves the five kinds the books use; what differs is how the row key is built
// (from the day: its celebration, Sunday, date, week...) and which cycle picks the row's column:
//   Sunday and feast tables      key {celebration} / {sunday}              cycle: sunday (A/B/C)
//   RCL daily readings           key {reference_sunday}_{weekday}          cycle: reference_sunday
//   two-year office tables       key {season}_{week}_{weekday}             cycle: weekday (one/two)
//   calendar-date office tables  key {date}                                cycle: none
//   one-year tables              key {sunday}                              cycle: none
//
// Example (YAML):
//   lectionaries:
//     - key: rcl_sunday
//       cycle: sunday
//       rows:
//         proper_7:
//           C: {first_reading: {semicontinuous: "1 Reis 19:1-4, (5-7), 8-15a",
//                               complementary: "Isaías 65:1-9"},
//               second_reading: "Gálatas 3:23-29", gospel: "Lucas 8:26-39"}
//   lectionary_lookup:
//     eucharist: [{table: rcl_sunday, key: "{celebration}"}, {table: rcl_sunday, key: "{sunday}"}]
#pragma once

#include "kalendar/conditions.hpp"
#include "kalendar/result.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar {

// The offices a book can have readings for.
enum class Service : std::uint8_t { daily, eucharist, morning, evening };
inline constexpr std::array<std::string_view, 4> kServiceSlugs = {"daily", "eucharist", "morning",
                                                                  "evening"};
// The offices a book may declare in capabilities.services: those above (with readings) and two
// the engine has no readings for. Example: kBookServiceSlugs.back() == "compline".
inline constexpr auto kBookServiceSlugs = [] {
  std::array<std::string_view, kServiceSlugs.size() + 2> out{};
  for (std::size_t i = 0; i < kServiceSlugs.size(); ++i) out[i] = kServiceSlugs[i];
  out[kServiceSlugs.size()] = "midday";
  out[kServiceSlugs.size() + 1] = "compline";
  return out;
}();

// Where a reading sits in its service. A row keeps the order it was written in.
enum class Slot : std::uint8_t {
  first_reading,
  psalm,
  second_reading,
  gospel,
  first_lesson,
  second_lesson,
  third_lesson,
  lesson,
  canticle
};
inline constexpr std::array<std::string_view, 9> kSlotSlugs = {
    "first_reading", "psalm",        "second_reading", "gospel",  "first_lesson",
    "second_lesson", "third_lesson", "lesson",         "canticle"};

// Which column of a row applies: the day's Sunday cycle (A/B/C), its weekday cycle (one/two),
// the cycle of the Sunday a daily reading refers to, or none (one column, `all`).
enum class CycleSource : std::uint8_t { none, sunday, weekday, reference_sunday };
inline constexpr std::array<std::string_view, 4> kCycleSourceSlugs = {"none", "sunday", "weekday",
                                                                      "reference_sunday"};

// One reading as printed: the reference (optional verses in parentheses stay in it), an optional
// shorter form, and a note. Example: {"1 Reis 19:1-4, (5-7), 8-15a", "", ""}.
struct ReadingOption {
  std::string reference;
  std::string short_reference;
  std::string note;
  SourceLoc loc;
};

// One slot of a row: its options, default first then the alternatives ("or"); where a table has
// two tracks, the options of each track (the shared ones are empty then).
struct SlotEntry {
  Slot slot = Slot::first_reading;
  std::vector<ReadingOption> options;
  std::vector<ReadingOption> semicontinuous;
  std::vector<ReadingOption> complementary;
  [[nodiscard]] bool has_tracks() const {
    return !semicontinuous.empty() || !complementary.empty();
  }
};

struct LectionaryRow {
  std::string key;    // "advent_1", "proper_7_monday", "12-24"
  std::string cycle;  // "A", "one", or "all"
  std::vector<SlotEntry> slots;
  SourceLoc loc;
};

struct LectionaryTable {
  std::string key;
  CycleSource cycle = CycleSource::sunday;
  std::vector<LectionaryRow> rows;
  // (row key, cycle) -> row index; heterogeneous lookup keeps the request path allocation-free.
  std::map<std::string, std::vector<std::uint32_t>, std::less<>> by_key;
  std::string source;
  SourceLoc loc;
};

// One step of a service's lookup: try this table with this key template (when the day matches).
// Placeholders: {celebration} {commemoration} {sunday} {governing_sunday} {reference_sunday}
// {weekday} {date} {day} {season} {week} {proper} {common}. A step whose placeholder has no value
// is skipped, and so is a step for another psalter than the one asked for.
struct LookupStep {
  std::uint32_t table = 0;
  std::string key_template;
  std::vector<DayMatch> when;  // at most one
  std::string psalter;         // only when this psalter is chosen ("" = always)
  SourceLoc loc;
};

// A service's readings may combine parts (the psalms of a psalter table, then the lessons of an
// office table; or morning and evening for `daily`). Within a part the first step found wins.
// Example (YAML): {part: psalms, steps: [{table: psalter_30, key: "{day}"}]}.
struct LookupPart {
  std::string name;  // "" for a service written as a plain list of steps
  std::vector<LookupStep> steps;
  std::vector<Slot> slots;  // only these slots of the row found ("" = all of them)
};

// Collect kinds, in the order a day usually lists them.
enum class CollectKind : std::uint8_t {
  celebration,
  sunday,
  week,
  seasonal,
  commemoration,
  office
};
inline constexpr std::array<std::string_view, 6> kCollectKindSlugs = {
    "celebration", "sunday", "week", "seasonal", "commemoration", "office"};

// A collect the book has: its key (the text pack's key too), title and printed reference.
struct CollectKey {
  std::string key;
  std::string title;      // in the book's language; empty = the celebration's or Sunday's name
  std::string reference;  // where it is printed, e.g. "LOC 2015, p. 172"
  SourceLoc loc;
};

// One step of the collect lookup: every step that yields a known key adds a collect.
// `common: true` falls back from a celebration to the common named by its `common:` attribute.
struct CollectStep {
  CollectKind kind = CollectKind::celebration;
  std::string key_template;
  bool common_fallback = false;
  bool first_only = false;  // stop after this step when it found a collect
  std::vector<DayMatch> when;
  SourceLoc loc;
};

}  // namespace kalendar
