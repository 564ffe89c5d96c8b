// Sundays counted backwards ({week_before} with count_back_from: "the Fourth Sunday before
// Advent", "the Second Sunday before Lent") and a sub-season numbering its own Sundays.
// Dates: Advent Sunday 2026 is 29 November; Ash Wednesday 2026 is 18 February.
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

// Sub-seasons of the skeleton's seasons (appended after their parents).
constexpr const char* kCountedBack = R"yaml(
seasons:
  - {key: kingdom, name: Kingdom, parent: after_pentecost,
     starts: {weekday: sunday, on_or_after: {month: 10, day: 30}},
     sundays: {key: "before_advent_{week_before}",
               count_back_from: {weekday: sunday, on_or_after: {month: 11, day: 27}}}}
  - {key: before_lent, name: Before Lent, parent: epiphany, starts: {month: 2, day: 3},
     sundays: {key: "before_lent_{week_before}", count_back_from: {easter: -46}}}
sunday_names:
  before_advent_1: Christ the King
  before_advent_2: Second Sunday before Advent
  before_advent_3: Third Sunday before Advent
  before_advent_4: Fourth Sunday before Advent
  before_lent_1: Sunday next before Lent
  before_lent_2: Second Sunday before Lent
)yaml";

TEST(CountedWeeks, SundaysBeforeAnAnchorAreNumberedBackwards) {
  MiniBook b;
  b.add("calendar.yaml", kCountedBack);
  EXPECT_EQ(b.errors(), "");
  EXPECT_EQ(b.at("2026-11-22", "sunday"), "before_advent_1");
  EXPECT_EQ(b.at("2026-11-15", "sunday"), "before_advent_2");
  EXPECT_EQ(b.at("2026-11-01", "sunday"), "before_advent_4");
  EXPECT_EQ(b.at("2026-11-08", "title"), "Third Sunday before Advent");
  EXPECT_EQ(b.at("2026-11-25", "governing_sunday"), "before_advent_1");
  // Before the sub-season the parent numbers its Sundays by proper, as before.
  EXPECT_EQ(b.at("2026-10-25", "sunday"), "proper_25");
  // Advent Sunday is the anchor itself: the next season's.
  EXPECT_EQ(b.at("2026-11-29", "sunday"), "advent_1");
}

TEST(CountedWeeks, TheAnchorNeedNotBeASundayAndOverridesStillComeFirst) {
  MiniBook b;
  b.add("calendar.yaml", kCountedBack);
  EXPECT_EQ(b.at("2026-02-08", "sunday"), "before_lent_2");  // 10 days before Ash Wednesday
  // 15 February is the last Sunday before Lent, but the parent's override names it.
  EXPECT_EQ(b.at("2026-02-15", "sunday"), "epiphany_last");
  EXPECT_EQ(b.at("2026-02-01", "sunday"), "epiphany_4");  // before the sub-season starts
  // 2027: Ash Wednesday 10 February; 7 February is overridden, 31 January is the second.
  EXPECT_EQ(b.at("2027-01-31", "sunday"), "epiphany_4");  // before 3 February: the parent's
}

TEST(CountedWeeks, ASubSeasonMayNumberItsOwnSundaysForwards) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
seasons:
  - {key: kingdom, name: Kingdom, parent: after_pentecost,
     starts: {month: 11, day: 1}, week_1: {weekday: sunday, after: {month: 11, day: 1}},
     sundays: {key: "kingdom_{week}"}}
sunday_names: {kingdom_1: First Sunday of the Kingdom, kingdom_2: Second Sunday of the Kingdom,
               kingdom_3: Third Sunday of the Kingdom, kingdom_4: Fourth Sunday of the Kingdom}
)yaml");
  EXPECT_EQ(b.errors(), "");
  // 2026: 1 November is a Sunday, before week 1 (the Sunday after it): no key of its own, so
  // the day falls back to nothing rather than to the parent's numbering.
  EXPECT_EQ(b.at("2026-11-01", "sunday"), "none");
  EXPECT_EQ(b.at("2026-11-08", "sunday"), "kingdom_1");
  EXPECT_EQ(b.at("2026-11-22", "sunday"), "kingdom_3");
  EXPECT_EQ(b.at("2026-10-25", "sunday"), "proper_25");
}

TEST(CountedWeeks, CountingNeedsBothTheKeyAndTheAnchor) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
seasons:
  - {key: kingdom, name: Kingdom, parent: after_pentecost, starts: {month: 11, day: 1},
     sundays: {key: "before_advent_{week_before}"}}
  - {key: late, name: Late, parent: after_pentecost, starts: {month: 11, day: 20},
     sundays: {key: "late_{week}", count_back_from: {month: 12, day: 1}}}
  - {key: ember, name: Ember, parent: advent, starts: {month: 12, day: 15},
     week_1: {month: 12, day: 17}}
)yaml");
  const std::string errors = b.errors();
  EXPECT_NE(errors.find("a key with {week_before} needs 'count_back_from: <date rule>'"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("'count_back_from' numbers Sundays backwards: the key needs "
                        "{week_before}"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("sub-season 'ember' has a 'week_1' but no 'sundays' of its own"),
            std::string::npos)
      << errors;
}

}  // namespace
}  // namespace kalendar::testing
