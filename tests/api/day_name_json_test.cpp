// A book's name for a weekday (`day_names:`) in the day resource: the day's `title` and the
// weekday observance's `name` when the weekday prevails; a Sunday keeps its own. The book is
// written inline so that no shipped book's data is needed (none has day names yet).
// Dates: Easter Eve 2026 is Saturday 4 April; Christmas Eve 2023 is Advent 4 (a Sunday).
#include "json/day_json.hpp"
#include "json/writer.hpp"

#include "kalendar/engine.hpp"
#include "kalendar/library.hpp"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <string>

namespace kalendar::api {
namespace {

constexpr const char* kBook = R"yaml(schema: 1
code: named
name: Named Days
lang: en
time_zone: UTC
year_start: {weekday: sunday, on_or_after: {month: 11, day: 27}}
palette: []
cycles: {sunday: {0: C, 1: A, 2: B}, weekday: {0: two, 1: one}}
seasons:
  - {key: advent, name: Advent, starts: {weekday: sunday, on_or_after: {month: 11, day: 27}},
     sundays: {key: "advent_{week}"}}
  - {key: rest, name: The rest of the year, starts: {month: 12, day: 25},
     sundays: {key: ordinary_sunday}}
sunday_names: {advent_1: Advent 1, advent_2: Advent 2, advent_3: Advent 3,
               advent_4: The Fourth Sunday of Advent, ordinary_sunday: A Sunday}
day_names:
  - {key: easter_eve, name: Easter Eve, on: {easter: -1}}
  - {key: christmas_eve, name: Christmas Eve, on: {month: 12, day: 24}}
precedence:
  - {row: 1, key: sunday, match: {sunday: any}}
  - {row: 2, key: feria, match: {feria: any}}
)yaml";

constexpr const char* kEnglish = R"yaml(schema: 1
lang: en
strings:
  weekdays: {sunday: Sunday, monday: Monday, tuesday: Tuesday, wednesday: Wednesday,
             thursday: Thursday, friday: Friday, saturday: Saturday}
  types: {sunday: Sunday}
  weekday_titles: {default: "{weekday}"}
)yaml";

class DayNameJson : public ::testing::Test {
 protected:
  DayNameJson() {
    LibrarySources sources;
    sources.rule_texts = {{"strings/en", kEnglish}};
    sources.book_texts["named"] = {{"book.yaml", kBook}};
    auto library = load_library(sources, diags_);
    engine_ = std::make_unique<Engine>(library);
  }
  // The day's JSON, parsed; members read with at().
  simdjson::dom::element day(const char* iso) {
    auto d = engine_->day("named", *parse_iso_date(iso));
    EXPECT_TRUE(d.ok());
    JsonWriter w;
    write_day(w, *d, d->book().strings.front(), {});
    body_ = w.take();
    simdjson::dom::element e;
    EXPECT_EQ(parser_.parse(body_).get(e), simdjson::SUCCESS) << body_;
    return e;
  }
  static std::string at(simdjson::dom::element e, const char* pointer) {
    std::string_view s;
    return e.at_pointer(pointer).get(s) == simdjson::SUCCESS ? std::string(s) : "<absent>";
  }
  DiagnosticList diags_;
  std::unique_ptr<Engine> engine_;
  simdjson::dom::parser parser_;
  std::string body_;
};

TEST_F(DayNameJson, TheWeekdaysNameIsItsTitleAndItsObservancesName) {
  ASSERT_FALSE(diags_.has_errors()) << format_diagnostic(diags_.items().front());
  const auto eve = day("2026-04-04");
  EXPECT_EQ(at(eve, "/title"), "Easter Eve");
  EXPECT_EQ(at(eve, "/weekday/name"), "Saturday");  // the weekday itself keeps its name
  // The weekday observance itself (as an eve or a competing observance shows it).
  auto d = engine_->day("named", *parse_iso_date("2026-04-04"));
  ASSERT_TRUE(d.ok());
  JsonWriter w;
  write_observance(w, *d, d->book().strings.front(), d->prevailing(), true);
  const std::string observance = w.take();
  simdjson::dom::element o;
  ASSERT_EQ(parser_.parse(observance).get(o), simdjson::SUCCESS) << observance;
  EXPECT_EQ(at(o, "/slug"), "saturday");
  EXPECT_EQ(at(o, "/name"), "Easter Eve");
  const auto friday = day("2026-04-03");
  EXPECT_EQ(at(friday, "/title"), "Friday");
}

TEST_F(DayNameJson, ASundayKeepsItsOwnName) {
  const auto sunday = day("2023-12-24");
  EXPECT_EQ(at(sunday, "/title"), "The Fourth Sunday of Advent");
  const auto thursday = day("2026-12-24");
  EXPECT_EQ(at(thursday, "/title"), "Christmas Eve");
}

}  // namespace
}  // namespace kalendar::api
