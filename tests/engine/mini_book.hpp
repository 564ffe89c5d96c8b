// Inline mini-books for engine tests: a tiny skeleton (palette, seasons, a plain precedence
// table) that each test completes with the one rule it is about, so a data edit in books/ can
// never hide a logic bug here.
//
// Example:
//   MiniBook b;
//   b.add("calendar.yaml", R"yaml(
//   celebrations:
//     - {id: 1, key: andrew, name: Andrew, type: festival, date: {month: 11, day: 30}}
//   )yaml");
//   auto day = b.day("2025-11-30");
#pragma once

#include "date_eval.hpp"

#include "kalendar/checks.hpp"
#include "kalendar/engine.hpp"
#include "kalendar/library.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace kalendar::testing {

// Seasons of the 1979 pattern, enough to exercise weeks and Sunday keys.
inline constexpr const char* kSkeletonSeasons = R"yaml(
schema: 1
seasons:
  - {key: advent, name: Advent, label: Advent, colour: violet,
     starts: {weekday: sunday, on_or_after: {month: 11, day: 27}},
     sundays: {key: "advent_{week}"}}
  - {key: christmas, name: Christmas, label: Christmas week, colour: white,
     starts: {month: 12, day: 25}, week_1: {weekday: sunday, after: {month: 12, day: 25}},
     sundays: {key: "christmas_{week}"}}
  - {key: epiphany, name: Epiphany, label: after the Epiphany, colour: green,
     starts: {month: 1, day: 6}, week_1: {weekday: sunday, after: {month: 1, day: 6}},
     sundays: {key: "epiphany_{week}", overrides: [{on: {easter: -49}, key: epiphany_last},
                                                   {on: {month: 1, day: 6}, key: epiphany}]}}
  - {key: lent, name: Lent, label: after Ash Wednesday, colour: purple, starts: {easter: -46},
     sundays: {key: "lent_{week}", overrides: [{on: {easter: -7}, key: palm_sunday}]},
     source: "Lent: Ash Wednesday to Holy Saturday"}
  - {key: holy_week, name: Holy Week, parent: lent, starts: {easter: -7}, colour: red,
     source: "Holy Week: Palm Sunday to Holy Saturday"}
  - {key: easter, name: Easter, label: Easter, colour: white, starts: {easter: 0},
     sundays: {key: "easter_{week}", overrides: [{on: {easter: 49}, key: pentecost}]}}
  - {key: easter_week, name: Easter Week, parent: easter, starts: {easter: 0}, ends: {easter: 6}}
  - {key: after_pentecost, name: After Pentecost, label: week following Pentecost, colour: green,
     starts: {easter: 50}, week_1: {easter: 56},
     sundays: {key: "proper_{proper}", overrides: [{on: {easter: 56}, key: trinity}]}}
)yaml";

// Propers 1..29 after Pentecost: the Sunday closest to 11 May .. 23 November.
inline constexpr const char* kSkeletonPropers = R"yaml(
schema: 1
propers:
  from: {easter: 49}
  windows:
    - {proper: 1, closest_sunday_to: {month: 5, day: 11}}
    - {proper: 2, closest_sunday_to: {month: 5, day: 18}}
    - {proper: 3, closest_sunday_to: {month: 5, day: 25}}
    - {proper: 4, closest_sunday_to: {month: 6, day: 1}}
    - {proper: 5, closest_sunday_to: {month: 6, day: 8}}
    - {proper: 6, closest_sunday_to: {month: 6, day: 15}}
    - {proper: 7, closest_sunday_to: {month: 6, day: 22}}
    - {proper: 8, closest_sunday_to: {month: 6, day: 29}}
    - {proper: 9, closest_sunday_to: {month: 7, day: 6}}
    - {proper: 10, closest_sunday_to: {month: 7, day: 13}}
    - {proper: 11, closest_sunday_to: {month: 7, day: 20}}
    - {proper: 12, closest_sunday_to: {month: 7, day: 27}}
    - {proper: 13, closest_sunday_to: {month: 8, day: 3}}
    - {proper: 14, closest_sunday_to: {month: 8, day: 10}}
    - {proper: 15, closest_sunday_to: {month: 8, day: 17}}
    - {proper: 16, closest_sunday_to: {month: 8, day: 24}}
    - {proper: 17, closest_sunday_to: {month: 8, day: 31}}
    - {proper: 18, closest_sunday_to: {month: 9, day: 7}}
    - {proper: 19, closest_sunday_to: {month: 9, day: 14}}
    - {proper: 20, closest_sunday_to: {month: 9, day: 21}}
    - {proper: 21, closest_sunday_to: {month: 9, day: 28}}
    - {proper: 22, closest_sunday_to: {month: 10, day: 5}}
    - {proper: 23, closest_sunday_to: {month: 10, day: 12}}
    - {proper: 24, closest_sunday_to: {month: 10, day: 19}}
    - {proper: 25, closest_sunday_to: {month: 10, day: 26}}
    - {proper: 26, closest_sunday_to: {month: 11, day: 2}}
    - {proper: 27, closest_sunday_to: {month: 11, day: 9}}
    - {proper: 28, closest_sunday_to: {month: 11, day: 16}}
    - {proper: 29, closest_sunday_to: {month: 11, day: 23}}
)yaml";

inline constexpr const char* kSkeletonManifest = R"yaml(
schema: 1
code: mini
name: Mini Book
lang: en
time_zone: UTC
uses: [skeleton, propers]
year_start: {weekday: sunday, on_or_after: {month: 11, day: 27}}
palette: [white, red, green, violet, purple, rose, black]
cycles: {sunday: {0: C, 1: A, 2: B}, weekday: {0: two, 1: one}}
)yaml";

// Default precedence, replaceable with set_precedence().
inline constexpr const char* kDefaultPrecedence = R"yaml(
schema: 1
precedence:
  - {row: 1, key: principal, match: {type: principal_feast}}
  - {row: 2, key: privileged_sunday, match: {sunday: [advent, lent, easter]}}
  - {row: 3, key: privileged_feria, match: {feria: [holy_week, easter_week]}}
  - {row: 4, key: sunday, match: {sunday: any}}
  - {row: 5, key: festival, match: {type: [major_holy_day, festival]}}
  - {row: 6, key: lesser, match: {type: [lesser_feast, commemoration]}, share_day: true}
  - {row: 7, key: feria, match: {feria: any}}
)yaml";

inline constexpr const char* kSharedEnglish = R"yaml(
schema: 1
lang: en
strings:
  colours: {white: White, red: Red, green: Green, violet: Violet, purple: Purple, rose: Rose,
            black: Black}
  types: {principal_feast: Principal Feast, major_holy_day: Major Holy Day, festival: Festival,
          lesser_feast: Lesser Feast, commemoration: Commemoration, sunday: Sunday}
)yaml";

class MiniBook {
 public:
  MiniBook() {
    sources_.rule_texts = {{"skeleton", kSkeletonSeasons},
                           {"propers", kSkeletonPropers},
                           {"strings/en", kSharedEnglish}};
    files_ = {{"book.yaml", kSkeletonManifest}, {"precedence.yaml", kDefaultPrecedence}};
  }
  // Adds (or replaces) one file of the book.
  MiniBook& add(const std::string& file, std::string yaml) {
    for (auto& f : files_) {
      if (f.first == file) {
        f.second = "schema: 1\n" + yaml;
        return *this;
      }
    }
    files_.emplace_back(file, "schema: 1\n" + yaml);
    return *this;
  }
  MiniBook& set_precedence(std::string yaml) { return add("precedence.yaml", std::move(yaml)); }
  MiniBook& add_book(const std::string& code, std::vector<std::pair<std::string, std::string>> f) {
    extra_books_.emplace_back(code, std::move(f));
    return *this;
  }

  // Loads; returns the diagnostics (tests about errors read them).
  const DiagnosticList& load() {
    if (!engine_) {
      sources_.book_texts["mini"] = files_;
      for (auto& [code, f] : extra_books_) sources_.book_texts[code] = f;
      auto lib = load_library(sources_, diags_);
      engine_ = std::make_unique<Engine>(lib);
    }
    return diags_;
  }
  const Engine& engine() {
    load();
    return *engine_;
  }
  const CompiledBook& book() {
    const auto& diags = load();
    for (const auto& d : diags.items()) ADD_FAILURE() << format_diagnostic(d);
    const CompiledBook* b = engine_->library().find("mini");
    EXPECT_NE(b, nullptr);
    return *b;
  }
  ResolvedDay day(std::string_view iso, std::string_view code = "mini") {
    book();
    auto d = engine_->day(code, *parse_iso_date(iso));
    EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().message);
    return std::move(d).value();
  }
  // The value of a checks.yaml field on a day (see actual_check_value).
  std::string at(std::string_view iso, std::string_view field) {
    return actual_check_value(day(iso), field);
  }
  std::string errors() {
    std::string out;
    for (const auto& d : load().items()) out += format_diagnostic(d) + "\n";
    return out;
  }

 private:
  LibrarySources sources_;
  std::vector<std::pair<std::string, std::string>> files_;
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>
      extra_books_;
  DiagnosticList diags_;
  std::unique_ptr<Engine> engine_;
};

// The date a celebration's rule gives in a civil year ("none" when it gives none).
inline std::string rule_date(MiniBook& b, std::string_view key, int year) {
  const CompiledBook& book = b.book();
  const auto ctx = detail::make_year_context(book, year);
  const auto d = ctx.celebration_dates[book.find_celebration(key)];
  return d ? format_iso_date(*d) : "none";
}

}  // namespace kalendar::testing
