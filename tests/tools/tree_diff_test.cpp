// kalendar-diff's comparison and grouping on hand-made day answers: which fields a change shows
// under, how a repeated change collapses into one line, and how its years are written.
#include "tree_diff.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace kalendar::tools {
namespace {

ApiDay sunday(const std::string& date) {
  ApiDay d;
  d.date = date;
  d.season_slug = "after_pentecost";
  d.week = "7";
  d.colour_slug = "green";
  d.title = "Proper 7";
  d.celebration_slug = "proper_7";
  d.others = {{"john_baptist", "Nativity of John the Baptist", "transferred", ""}};
  d.readings = {{"daily", {"first_reading Genesis 21:8-21"}}, {"evening", {"psalm Psalm 86"}}};
  d.collects = {"Proper 7"};
  return d;
}

std::string text_of(const std::vector<ChangeGroup>& groups) {
  std::ostringstream out;
  print_groups_text(groups, out);
  return out.str();
}

TEST(TreeDiff, EachFieldIsComparedOnItsOwn) {
  const ApiDay before = sunday("2029-06-24");
  ApiDay after = before;
  after.readings[1].second = {"psalm Psalm 87"};
  after.others[0].fate = "commemorated";
  const auto changes = diff_day("b", before, after);
  ASSERT_EQ(changes.size(), 2U);
  EXPECT_EQ(changes[0].field, "fate of Nativity of John the Baptist");
  EXPECT_EQ(changes[0].before, "transferred");
  EXPECT_EQ(changes[0].after, "commemorated");
  EXPECT_EQ(changes[1].field, "readings (evening)");
  EXPECT_EQ(changes[1].before, "psalm Psalm 86");
  EXPECT_EQ(changes[1].after, "psalm Psalm 87");
  EXPECT_TRUE(diff_day("b", before, before).empty());
}

TEST(TreeDiff, AnObservanceThatPrevailsOrVanishesSaysSo) {
  const ApiDay before = sunday("2029-06-24");
  ApiDay after = before;
  after.title = "Nativity of John the Baptist";
  after.celebration_slug = "john_baptist";
  after.others = {{"proper_7", "Proper 7", "yielded", ""}};
  const auto changes = diff_day("b", before, after);
  std::vector<std::string> lines;
  for (const auto& c : changes) lines.push_back(c.field + ": " + c.before + " -> " + c.after);
  EXPECT_EQ(lines, (std::vector<std::string>{
                       "celebration: Proper 7 -> Nativity of John the Baptist",
                       "fate of Nativity of John the Baptist: transferred -> prevails",
                       "fate of Proper 7: prevails -> yielded",
                   }));
  for (const auto& c : changes) EXPECT_EQ(c.subject, "Nativity of John the Baptist");
}

TEST(TreeDiff, TheSameChangeInManyYearsIsOneLine) {
  std::vector<DayChange> changes;
  for (const int year : {1900, 1901, 1902, 1906, 1917, 1923, 1934}) {
    const std::string y = std::to_string(year);
    changes.push_back(
        {"b", y + "-06-24", "John", "fate of John", "transferred to " + y + "-06-25", "prevails"});
  }
  const auto groups = group_changes(changes);
  ASSERT_EQ(groups.size(), 1U);
  EXPECT_EQ(groups[0].before, "transferred to 25 Jun");
  EXPECT_EQ(groups[0].dates.size(), 7U);
  EXPECT_EQ(text_of(groups),
            "b 24 Jun John | fate of John: transferred to 25 Jun -> prevails | 1900-1902, 1906, "
            "1917, ... (7 years)\n");
  // Four runs or fewer are all shown.
  changes.pop_back();
  EXPECT_EQ(text_of(group_changes(changes)),
            "b 24 Jun John | fate of John: transferred to 25 Jun -> prevails | 1900-1902, 1906, "
            "1917, 1923 (6 years)\n");
}

TEST(TreeDiff, MovingDatesAndManyDaysAYearAreCountedAsSuch) {
  const std::vector<DayChange> changes = {
      {"b", "2025-02-28", "", "fast", "none", "fast"},
      {"b", "2025-03-07", "", "fast", "none", "fast"},
      {"b", "2026-02-20", "", "fast", "none", "fast"},
      {"b", "2027-04-01", "Easter", "colour", "white", "gold"},
  };
  EXPECT_EQ(text_of(group_changes(changes)),
            "b various dates | fast: none -> fast | 2025-2026 (3 days in 2 years)\n"
            "b 2027-04-01 Easter | colour: white -> gold\n");
}

TEST(TreeDiff, ShortDatesUseEnglishMonthAbbreviations) {
  EXPECT_EQ(short_date("2028-03-20"), "20 Mar");
  EXPECT_EQ(short_date("2028-12-01"), "1 Dec");
}

TEST(ApiDays, SplittingAYearFindsEachDayAndNothingElse) {
  const std::string data =
      "[{\"id\":\"2026-01-01\",\"collect\":[{\"id\":\"holy_name\",\"title\":\"A\"}]},"
      "{\"id\":\"2026-01-02\",\"collect\":[]}]";
  const auto days = split_api_days(data);
  ASSERT_EQ(days.size(), 2U);
  EXPECT_EQ(days[0],
            "{\"id\":\"2026-01-01\",\"collect\":[{\"id\":\"holy_name\",\"title\":\"A\"}]}");
  EXPECT_EQ(days[1], "{\"id\":\"2026-01-02\",\"collect\":[]}");
  EXPECT_EQ(parse_api_day(days[0]).collects, std::vector<std::string>{"A"});
}

}  // namespace
}  // namespace kalendar::tools
