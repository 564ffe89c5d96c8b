// Precedence: Sundays, privileged days and ferias compete like feasts; the first row prevails
// and every loser is still listed with what became of it.
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

TEST(Precedence, APrincipalFeastBeatsTheSundayWhichIsListedAsYielding) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: christmas, name: Christmas, type: principal_feast, colour: white, date: {month: 12, day: 25}}
)yaml");
  const ResolvedDay d = b.day("2022-12-25");  // a Sunday
  EXPECT_EQ(actual_check_value(d, "celebration"), "christmas");
  ASSERT_EQ(d.observances().size(), 2u);
  EXPECT_EQ(d.observances()[1].kind, ObservanceKind::sunday);
  EXPECT_EQ(d.observances()[1].fate, Fate::yielded);
}

TEST(Precedence, ASundayBeatsALesserFeastWhichYields) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: john_of_the_cross, name: John of the Cross, type: lesser_feast, colour: white,
     date: {month: 12, day: 14}}
)yaml");
  EXPECT_EQ(b.at("2025-12-14", "celebration"), "none");  // Advent 3 prevails
  EXPECT_EQ(b.at("2025-12-14", "competing.john_of_the_cross"), "yielded");
  EXPECT_EQ(b.at("2026-12-14", "celebration"), "john_of_the_cross");  // a Monday
}

TEST(Precedence, LesserFeastsSharingADayFollowDeclarationOrder) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 2, key: second, name: Second, type: lesser_feast, date: {month: 3, day: 9}}
  - {id: 1, key: first, name: First, type: lesser_feast, date: {month: 3, day: 9}}
)yaml");
  EXPECT_EQ(b.at("2027-03-09", "celebration"), "second");
  EXPECT_EQ(b.at("2027-03-09", "competing.first"), "yielded");
  const auto plan = b.book().year_plan(2027);
  for (const auto& a : plan->anomalies) {
    EXPECT_EQ(a.message.find("tie"), std::string::npos) << a.message;  // the row allows sharing
  }
}

TEST(Precedence, EqualRowsThatMayNotShareAreReportedAsTies) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: one, name: One, type: festival, date: {month: 7, day: 9}}
  - {id: 2, key: two, name: Two, type: festival, date: {month: 7, day: 9}}
)yaml");
  EXPECT_EQ(b.at("2027-07-09", "celebration"), "one");  // still deterministic
  bool reported = false;
  const auto plan = b.book().year_plan(2027);
  for (const auto& a : plan->anomalies) {
    reported = reported ||
               a.message.find("tie in row 'festival' between 'one' and 'two'") != std::string::npos;
  }
  EXPECT_TRUE(reported);
}

TEST(Precedence, ASundayWhoseKeyIsACelebrationIsThatCelebration) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: trinity, name: Trinity Sunday, type: principal_feast, colour: white, date: {easter: 56}}
)yaml");
  const ResolvedDay d = b.day("2026-05-31");
  EXPECT_EQ(actual_check_value(d, "celebration"), "trinity");
  EXPECT_EQ(d.observances().size(), 1u);  // no separate "Sunday trinity" yielding to itself
}

TEST(Precedence, RowsCanDependOnTheDay) {
  MiniBook b;
  b.set_precedence(R"yaml(precedence:
  - {row: 1, key: principal, match: {type: principal_feast}}
  - {row: 2, key: advent_sunday, match: {sunday: [advent]}}
  - {row: 3, key: festival_in_advent, match: {type: festival, on: {season: advent}}}
  - {row: 4, key: sunday, match: {sunday: any}}
  - {row: 5, key: festival, match: {type: festival}}
  - {row: 9, key: rest, match: {kind: [celebration, feria]}}
)yaml");
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: nicholas, name: Nicholas, type: festival, date: {month: 12, day: 6}}
)yaml");
  const ResolvedDay d = b.day("2026-12-06");  // Advent 2
  EXPECT_EQ(b.book().precedence[d.observances()[1].row].key, "festival_in_advent");
}

TEST(Precedence, ACandidateMatchingNoRowIsAnAnomaly) {
  MiniBook b;
  b.set_precedence(R"yaml(precedence:
  - {row: 1, key: sundays_only, match: {sunday: any}}
  - {row: 2, key: ferias, match: {feria: any}}
)yaml");
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: stray, name: Stray, type: festival, date: {month: 7, day: 9}}
)yaml");
  bool reported = false;
  const auto plan = b.book().year_plan(2027);
  for (const auto& a : plan->anomalies) {
    reported = reported || a.message == "no precedence row matches celebration 'stray'";
  }
  EXPECT_TRUE(reported);
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST(Precedence, AnyOfAndNotCombineConditions) {
  MiniBook b;
  b.set_precedence(R"yaml(precedence:
  - {row: 1, key: principal_but_not_vigils,
     match: {type: principal_feast, not: {celebration: [christmas_vigil]}}}
  - {row: 2, key: privileged, match: {any_of: [{sunday: [advent]}, {feria: [holy_week]}]}}
  - {row: 3, key: others, match: {kind: [celebration, sunday, feria]}}
)yaml");
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: christmas_vigil, name: Christmas Vigil, type: principal_feast, date: {month: 12, day: 24}}
)yaml");
  const ResolvedDay eve = b.day("2028-12-24");  // Advent 4
  EXPECT_EQ(b.book().precedence[eve.observances()[0].row].key, "privileged");
  EXPECT_EQ(b.book().precedence[eve.observances()[1].row].key, "others");
  const ResolvedDay weekday_eve = b.day("2025-12-24");
  EXPECT_EQ(actual_check_value(weekday_eve, "celebration"), "christmas_vigil");
}

}  // namespace
}  // namespace kalendar::testing
