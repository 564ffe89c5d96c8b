// celebrations_of_year: each celebration's date by its rule and the day it is kept, and the
// Sundays that prevailed. Dates are checked against the calendar (26 Dec 2027, 19 Mar 2028 and
// 31 Dec 2028 are Sundays; Easter 2028 is 16 April), not against the engine's own output.
#include "kalendar/year_calendar.hpp"

#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

Days on(std::string_view iso) { return Days{*parse_iso_date(iso)}; }

constexpr const char* kCalendar = R"yaml(celebrations:
  - {id: 1, key: stephen, name: Stephen, type: festival, colour: red, date: {month: 12, day: 26}}
  - {id: 2, key: john, name: John, type: festival, colour: white, date: {month: 12, day: 27}}
  - {id: 3, key: joseph, name: Joseph, type: festival, date: {month: 3, day: 19}}
  - {id: 4, key: sylvester, name: Sylvester, type: festival, date: {month: 12, day: 31}}
  - {id: 5, key: leap_day, name: Leap Day, type: lesser_feast, date: {month: 2, day: 29}}
transfers:
  - {key: displaced_feast, when: {loser: {type: [festival]}},
     then: {move: next_free_day, within_days: 7, collision: shift}}
)yaml";

class YearCalendarTest : public ::testing::Test {
 protected:
  YearCalendarTest() { b.add("calendar.yaml", kCalendar); }
  YearCalendar year(int y) {
    auto listed = celebrations_of_year(b.book(), y);
    EXPECT_TRUE(listed.ok());
    return listed.ok() ? std::move(listed).value() : YearCalendar{};
  }
  const CelebrationInYear& in(const YearCalendar& y, std::string_view key) {
    return y.celebrations[b.book().find_celebration(key)];
  }
  MiniBook b;
};

TEST_F(YearCalendarTest, DatesAndObservedDatesAfterTransfers) {
  const YearCalendar y2027 = year(2027);
  ASSERT_EQ(y2027.celebrations.size(), 5u);
  EXPECT_EQ(in(y2027, "stephen").date, on("2027-12-26"));
  EXPECT_EQ(in(y2027, "stephen").observed, on("2027-12-27"));
  EXPECT_EQ(in(y2027, "john").date, on("2027-12-27"));
  EXPECT_EQ(in(y2027, "john").observed, on("2027-12-28"));
  EXPECT_EQ(in(y2027, "john").colour->slug, "white");

  const YearCalendar y2028 = year(2028);
  EXPECT_EQ(in(y2028, "joseph").date, on("2028-03-19"));
  EXPECT_EQ(in(y2028, "joseph").observed, on("2028-03-20"));
  EXPECT_FALSE(in(y2028, "joseph").colour.has_value());  // the season's colour applies
  // Kept on 1 January 2029: dated in 2028, not observed in it.
  EXPECT_EQ(in(y2028, "sylvester").date, on("2028-12-31"));
  EXPECT_FALSE(in(y2028, "sylvester").observed.has_value());
  EXPECT_EQ(in(y2028, "leap_day").date, on("2028-02-29"));
  EXPECT_FALSE(in(year(2027), "leap_day").date.has_value());  // no 29 February
}

TEST_F(YearCalendarTest, SundaysThatPrevailedInDateOrder) {
  const YearCalendar y2028 = year(2028);
  ASSERT_FALSE(y2028.sundays.empty());
  for (std::size_t i = 1; i < y2028.sundays.size(); ++i)
    EXPECT_LT(*y2028.sundays[i - 1].date, *y2028.sundays[i].date);
  const auto lent3 = std::find_if(y2028.sundays.begin(), y2028.sundays.end(),
                                  [](const auto& s) { return s.sunday->slug == "lent_3"; });
  ASSERT_NE(lent3, y2028.sundays.end());
  EXPECT_EQ(lent3->date, on("2028-03-19"));
  EXPECT_EQ(lent3->observed, on("2028-03-19"));
  EXPECT_EQ(lent3->colour->slug, "purple");
  EXPECT_FALSE(lent3->celebration.has_value());
  // Every Sunday of 2028 is listed here (none is displaced in this book): 2028 has 53 Sundays.
  EXPECT_EQ(y2028.sundays.size(), 53u);
}

TEST_F(YearCalendarTest, AYearOutsideTheBookIsAnError) {
  const auto listed = celebrations_of_year(b.book(), 1500);
  ASSERT_FALSE(listed.ok());
  EXPECT_EQ(engine_errc(listed.error()), EngineErrc::out_of_range);
}

// The catalogue's search (GET /celebrations): what each filter keeps, and the order.
TEST_F(YearCalendarTest, SearchKeepsWhatTheFilterSaysInSortKeyOrder) {
  const LanguageStrings& names = b.book().strings_for(b.book().lang);
  using Slugs = std::vector<std::string>;
  constexpr std::nullopt_t none = std::nullopt;
  const struct {
    CatalogueFilter filter;  // text, type, month, day, year, movable
    Slugs expected;
  } kCases[] = {
      // Without a year: every celebration, fixed ones by month and day.
      {{"", "", none, none, none, none}, {"leap_day", "joseph", "stephen", "john", "sylvester"}},
      // Names match without case or accents; slugs match as written.
      {{"JOS", "", none, none, none, none}, {"joseph"}},
      {{"leap_", "", none, none, none, none}, {"leap_day"}},
      {{"", "", 12, 27, none, none}, {"john"}},
      {{"", "", none, none, none, true}, {}},
      // With a year: the date the rule gives. Joseph falls on Lent 3, 19 March 2028 (kept on
      // the 20th), and follows that day's Sunday; March 2028's Sundays are the 5th, 12th, 19th
      // and 26th.
      {{"", "", 3, none, 2028, none}, {"lent_1", "lent_2", "lent_3", "joseph", "lent_4"}},
      // No 29 February in 2027, so the leap day has no entry that year.
      {{"", "lesser_feast", none, none, 2027, none}, {}},
      {{"", "lesser_feast", none, none, 2028, none}, {"leap_day"}},
      {{"", "sunday", none, none, none, none}, {}},  // Sundays exist only in a year
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(::testing::PrintToString(c.expected));
    auto found = search_celebrations(b.book(), names, c.filter);
    ASSERT_TRUE(found.ok());
    Slugs slugs;
    for (const CatalogueEntry& e : *found) {
      slugs.emplace_back(e.what.celebration ? e.what.celebration->slug : e.what.sunday->slug);
    }
    EXPECT_EQ(slugs, c.expected);
  }
  const auto march = search_celebrations(b.book(), names, {"", "", 3, none, 2028, none});
  ASSERT_TRUE(march.ok());
  std::vector<Days> dates;
  for (const CatalogueEntry& e : *march) dates.push_back(*e.what.date);
  EXPECT_EQ(dates, (std::vector<Days>{on("2028-03-05"), on("2028-03-12"), on("2028-03-19"),
                                      on("2028-03-19"), on("2028-03-26")}));
  const auto sundays = search_celebrations(b.book(), names, {"", "sunday", none, none, 2028, none});
  ASSERT_TRUE(sundays.ok());
  EXPECT_EQ(sundays->size(), 53u);  // every Sunday of 2028 prevails in this book
  const auto outside = search_celebrations(b.book(), names, {"", "", none, none, 1500, none});
  ASSERT_FALSE(outside.ok());
  EXPECT_EQ(engine_errc(outside.error()), EngineErrc::out_of_range);
}

}  // namespace
}  // namespace kalendar::testing
