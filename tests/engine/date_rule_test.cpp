// One test per date-rule form, with the month grid that makes the expected answer obvious.
#include "date_eval.hpp"
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

TEST(DateRule, FixedDateAndLeapDay) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, date: {month: 11, day: 30}}
  - {id: 2, key: leap, name: Leap, type: commemoration, date: {month: 2, day: 29}}
)yaml");
  EXPECT_EQ(rule_date(b, "andrew", 2025), "2025-11-30");
  EXPECT_EQ(rule_date(b, "leap", 2024), "2024-02-29");
  EXPECT_EQ(rule_date(b, "leap", 2025), "none");  // no 29 February: recorded, not shifted
}

TEST(DateRule, EasterOffset) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: ash_wednesday, name: Ash Wednesday, type: major_holy_day, date: {easter: -46}}
  - {id: 2, key: pentecost, name: Pentecost, type: principal_feast, date: {easter: 49}}
)yaml");
  EXPECT_EQ(rule_date(b, "ash_wednesday", 2026), "2026-02-18");
  EXPECT_EQ(rule_date(b, "pentecost", 2026), "2026-05-24");
}

TEST(DateRule, NthAndLastWeekdayOfMonth) {
  // November 2026:  Su  1 .. Th 5, 12, 19, 26 (the 4th Thursday); no 5th Thursday.
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: thanksgiving, name: Thanksgiving, type: festival,
     date: {weekday: thursday, nth: 4, month: 11}}
  - {id: 2, key: fifth, name: Fifth Thursday, type: commemoration,
     date: {weekday: thursday, nth: 5, month: 11}}
  - {id: 3, key: last_monday_may, name: Last Monday, type: commemoration,
     date: {weekday: monday, nth: last, month: 5}}
)yaml");
  EXPECT_EQ(rule_date(b, "thanksgiving", 2026), "2026-11-26");
  EXPECT_EQ(rule_date(b, "fifth", 2026), "none");
  EXPECT_EQ(rule_date(b, "fifth", 2029), "2029-11-29");
  EXPECT_EQ(rule_date(b, "last_monday_may", 2026), "2026-05-25");
}

TEST(DateRule, WeekdayRelativeToAnAnchor) {
  // January 2026:   Tu 6 (Epiphany), Su 11.   January 2019: Su 6, Su 13.
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: baptism, name: Baptism, type: principal_feast,
     date: {weekday: sunday, after: {month: 1, day: 6}}}
  - {id: 2, key: sunday_on_or_after, name: X, type: commemoration,
     date: {weekday: sunday, on_or_after: {month: 1, day: 6}}}
  - {id: 3, key: sunday_before, name: Y, type: commemoration,
     date: {weekday: sunday, before: {month: 1, day: 6}}}
  - {id: 4, key: sunday_on_or_before, name: Z, type: commemoration,
     date: {weekday: sunday, on_or_before: {month: 1, day: 6}}}
  - {id: 5, key: nearest_sunday, name: N, type: commemoration,
     date: {weekday: sunday, nearest: {month: 1, day: 8}}}
)yaml");
  EXPECT_EQ(rule_date(b, "baptism", 2026), "2026-01-11");
  EXPECT_EQ(rule_date(b, "baptism", 2019), "2019-01-13");  // strictly after: never the anchor
  EXPECT_EQ(rule_date(b, "sunday_on_or_after", 2019), "2019-01-06");
  EXPECT_EQ(rule_date(b, "sunday_before", 2019), "2018-12-30");
  EXPECT_EQ(rule_date(b, "sunday_on_or_before", 2019), "2019-01-06");
  EXPECT_EQ(rule_date(b, "nearest_sunday", 2026), "2026-01-11");  // Thu 8 Jan -> forward
  EXPECT_EQ(rule_date(b, "nearest_sunday", 2025), "2025-01-05");  // Wed 8 Jan -> back
}

TEST(DateRule, OffsetFromAnotherCelebrationAndNestedAnchors) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 3, key: trinity, name: Trinity, type: principal_feast, date: {celebration: pentecost, days: 7}}
  - {id: 2, key: pentecost, name: Pentecost, type: principal_feast, date: {easter: 49}}
  - {id: 4, key: all_saints, name: All Saints, type: principal_feast, date: {month: 11, day: 1}}
  - {id: 5, key: all_saints_sunday, name: All Saints Sunday, type: commemoration,
     date: {weekday: sunday, after: {celebration: all_saints}}}
)yaml");
  EXPECT_EQ(rule_date(b, "trinity", 2026), "2026-05-31");  // declared before its anchor: fine
  EXPECT_EQ(rule_date(b, "all_saints_sunday", 2025), "2025-11-02");
}

TEST(DateRule, YearsLimitACelebration) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: modern, name: Modern, type: commemoration, date: {month: 5, day: 5}, years: {from: 1987}}
)yaml");
  EXPECT_EQ(rule_date(b, "modern", 1986), "none");
  EXPECT_EQ(rule_date(b, "modern", 1987), "1987-05-05");
}

TEST(DateRule, FormsAreExclusiveAndChecked) {
  const struct {
    const char* rule;
    const char* message;
  } kCases[] = {
      {"{month: 11, day: 30, easter: 3}", "exactly one form"},
      {"{}", "needs one of"},
      {"{month: 2, day: 30}", "month 2 has no day 30"},
      {"{month: 13, day: 1}", "out of range"},
      {"{easter: 010}", "whole number"},  // yaml-cpp would read octal 8
      {"{weekday: sunday, after: {month: 1, day: 6}, before: {month: 2, day: 1}}",
       "exactly one form"},
      {"{weekday: funday, after: {month: 1, day: 6}}", "unknown weekday"},
      {"{weekday: thursday, nth: 6, month: 11}", "out of range"},
      {"{celebration: nobody, days: 1}", "unknown celebration 'nobody'"},
      {"{easter: 1, days: 2}", "unknown key 'days'"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.rule);
    MiniBook b;
    b.add("calendar.yaml",
          std::string("celebrations:\n  - {id: 1, key: x, name: X, type: festival, "
                      "date: ") +
              c.rule + "}\n");
    EXPECT_NE(b.errors().find(c.message), std::string::npos) << b.errors();
  }
}

TEST(DateRule, RelativeDatesMustNotFormACycle) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: a, name: A, type: festival, date: {celebration: b, days: 1}}
  - {id: 2, key: b, name: B, type: festival, date: {celebration: a, days: 1}}
)yaml");
  EXPECT_NE(b.errors().find("depends on itself"), std::string::npos) << b.errors();
}

}  // namespace
}  // namespace kalendar::testing
