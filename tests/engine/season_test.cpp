// Seasons, weeks, Sunday keys, propers and cycles on the skeleton book (no celebrations).
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

struct DayCase {
  const char* date;
  const char* season;
  const char* sub_season;
  const char* week;
  const char* sunday;  // the day's own Sunday key ("none" on weekdays)
  const char* proper;
};

TEST(Seasons, WeeksSundayKeysAndPropersAcrossLiturgicalYear2026) {
  MiniBook b;
  const DayCase kCases[] = {
      {"2025-11-29", "after_pentecost", "none", "24", "none", "29"},
      {"2025-11-30", "advent", "none", "1", "advent_1", "none"},
      {"2025-12-24", "advent", "none", "4", "none", "none"},
      {"2025-12-25", "christmas", "none", "none", "none", "none"},  // Christmas week: no number
      {"2025-12-28", "christmas", "none", "1", "christmas_1", "none"},
      {"2026-01-04", "christmas", "none", "2", "christmas_2", "none"},
      {"2026-01-06", "epiphany", "none", "none", "none", "none"},
      {"2026-01-11", "epiphany", "none", "1", "epiphany_1", "none"},
      {"2026-02-15", "epiphany", "none", "6", "epiphany_last", "none"},  // Easter - 49
      {"2026-02-18", "lent", "none", "none", "none", "none"},            // after Ash Wednesday
      {"2026-02-22", "lent", "none", "1", "lent_1", "none"},
      {"2026-03-29", "lent", "holy_week", "6", "palm_sunday", "none"},
      {"2026-04-04", "lent", "holy_week", "6", "none", "none"},
      {"2026-04-05", "easter", "easter_week", "1", "easter_1", "none"},
      {"2026-04-11", "easter", "easter_week", "1", "none", "none"},
      {"2026-04-12", "easter", "none", "2", "easter_2", "none"},
      {"2026-05-24", "easter", "none", "8", "pentecost", "3"},  // Pentecost in Proper 3's window
      {"2026-05-25", "after_pentecost", "none", "none", "none", "3"},  // never week 0 or -1
      {"2026-05-31", "after_pentecost", "none", "1", "trinity", "4"},
      {"2026-06-21", "after_pentecost", "none", "4", "proper_7", "7"},
      {"2026-11-22", "after_pentecost", "none", "26", "proper_29", "29"},
      {"2026-11-28", "after_pentecost", "none", "26", "none", "29"},
      {"2026-11-29", "advent", "none", "1", "advent_1", "none"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.date);
    EXPECT_EQ(b.at(c.date, "season"), c.season);
    EXPECT_EQ(b.at(c.date, "sub_season"), c.sub_season);
    EXPECT_EQ(b.at(c.date, "week"), c.week);
    EXPECT_EQ(b.at(c.date, "sunday"), c.sunday);
    EXPECT_EQ(b.at(c.date, "proper"), c.proper);
  }
}

TEST(Seasons, EpiphanyOnASundayTakesItsOverrideKey) {
  MiniBook b;
  EXPECT_EQ(b.at("2019-01-06", "season"), "epiphany");
  EXPECT_EQ(b.at("2019-01-06", "sunday"), "epiphany");
  EXPECT_EQ(b.at("2019-01-06", "week"), "none");
  EXPECT_EQ(b.at("2019-01-13", "sunday"), "epiphany_1");
}

TEST(Seasons, ChristmasOnASundayIsNotTheFirstSundayAfterChristmas) {
  MiniBook b;
  EXPECT_EQ(b.at("2022-12-25", "season"), "christmas");
  EXPECT_EQ(b.at("2022-12-25", "week"), "none");
  EXPECT_EQ(b.at("2023-01-01", "sunday"), "christmas_1");
  // No Sunday falls on 2..5 January 2023, so there is no second Sunday after Christmas.
  EXPECT_EQ(b.at("2023-01-08", "sunday"), "epiphany_1");
}

TEST(Seasons, WeekdaysKnowTheirGoverningSunday) {
  MiniBook b;
  EXPECT_EQ(b.at("2025-12-03", "governing_sunday"), "advent_1");
  EXPECT_EQ(b.at("2026-05-27", "governing_sunday"), "pentecost");
}

TEST(Cycles, SundayAndWeekdayCyclesTurnAtAdventNotOnFirstJanuary) {
  MiniBook b;
  const struct {
    const char* date;
    const char* sunday;
    const char* weekday;
    const char* year;
  } kCases[] = {
      {"2024-11-30", "B", "two", "2024"},  // the Saturday before Advent 2024
      {"2024-12-01", "C", "one", "2025"},  // Year C ran from 1 Dec 2024
      {"2025-11-29", "C", "one", "2025"},  // .. to 29 Nov 2025
      {"2025-11-30", "A", "two", "2026"},  // Year A from 30 Nov 2025; Dec 2025 is Year Two
      {"2025-12-31", "A", "two", "2026"}, {"2026-11-29", "B", "one", "2027"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.date);
    EXPECT_EQ(b.at(c.date, "cycle.sunday"), c.sunday);
    EXPECT_EQ(b.at(c.date, "cycle.weekday"), c.weekday);
    EXPECT_EQ(b.at(c.date, "liturgical_year"), c.year);
  }
}

TEST(Seasons, YearViewListsSpansAndKeyDates) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: ash_wednesday, name: Ash Wednesday, type: major_holy_day, date: {easter: -46}}
key_dates: [{season: advent}, {celebration: ash_wednesday}, {season: easter}]
)yaml");
  b.book();
  auto y = b.engine().year("mini", 2026);
  ASSERT_TRUE(y.ok());
  ASSERT_EQ(y->key_dates.size(), 3u);
  EXPECT_EQ(format_iso_date(y->key_dates[0].date), "2025-11-30");
  EXPECT_EQ(format_iso_date(y->key_dates[1].date), "2026-02-18");
  EXPECT_EQ(format_iso_date(y->key_dates[2].date), "2026-04-05");
  EXPECT_EQ(y->sunday_cycle, "A");
  std::string spans;
  for (const auto& s : y->seasons) {
    spans += b.book().seasons[s.season].key + " " + format_iso_date(s.start) + ".." +
             format_iso_date(s.end) + "\n";
  }
  EXPECT_EQ(spans,
            "advent 2025-11-30..2025-12-24\n"
            "christmas 2025-12-25..2026-01-05\n"
            "epiphany 2026-01-06..2026-02-17\n"
            "lent 2026-02-18..2026-04-04\n"
            "holy_week 2026-03-29..2026-04-04\n"
            "easter 2026-04-05..2026-05-24\n"
            "easter_week 2026-04-05..2026-04-11\n"
            "after_pentecost 2026-05-25..2026-11-28\n");
}

TEST(Seasons, OutOfOrderSeasonsAreAnomalies) {
  MiniBook b;
  // A book whose seasons come round in another order than declared: the year scan notices.
  b.add_book("odd", {{"book.yaml", R"yaml(schema: 1
code: odd
name: Odd
lang: en
time_zone: UTC
year_start: {weekday: sunday, on_or_after: {month: 11, day: 27}}
palette: [white]
cycles: {sunday: {0: C, 1: A, 2: B}, weekday: {0: two, 1: one}}
seasons:
  - {key: advent, name: Advent, colour: white, sundays: {key: "advent_{week}"},
     starts: {weekday: sunday, on_or_after: {month: 11, day: 27}}}
  - {key: summer, name: Summer, colour: white, sundays: {key: "summer_{week}"},
     starts: {month: 6, day: 1}}
  - {key: spring, name: Spring, colour: white, sundays: {key: "spring_{week}"},
     starts: {month: 3, day: 1}}
precedence:
  - {row: 1, key: all, match: {kind: [celebration, sunday, feria]}}
)yaml"}});
  b.book();
  const CompiledBook* odd = b.engine().library().find("odd");
  ASSERT_NE(odd, nullptr) << b.errors();
  const auto plan = odd->year_plan(2026);
  std::string messages;
  for (const auto& a : plan->anomalies)
    messages += format_iso_date(a.date) + " " + a.message + "\n";
  EXPECT_NE(messages.find("2026-03-01 season 'spring' starts out of the declared order"),
            std::string::npos)
      << messages;
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST(Seasons, YearViewsStayInsideTheAnswerableDates) {
  MiniBook b;
  b.book();
  const auto first = b.engine().year("mini", 1583);  // begins on Advent Sunday 1582
  ASSERT_FALSE(first.ok());
  EXPECT_EQ(first.error().code, "out_of_range");
  EXPECT_NE(first.error().message.find("begins on 1582-11-28"), std::string::npos)
      << first.error().message;
  EXPECT_TRUE(b.engine().year("mini", 1584).ok());
  EXPECT_TRUE(b.engine().year("mini", 4099).ok());
}

}  // namespace
}  // namespace kalendar::testing
