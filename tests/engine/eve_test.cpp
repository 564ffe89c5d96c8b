// First Evensong (`eves:`): which next-day observance a day's evening belongs to, how the rules
// are tried, and what the evening takes over (collect, readings). One mini-book; dates are
// checked against a printed calendar: Advent Sunday 2025-11-30, Easter 2026-04-05.
#include "mini_book.hpp"

#include "kalendar/explanation.hpp"

namespace kalendar::testing {
namespace {

constexpr const char* kEves = R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, colour: red, date: {month: 11, day: 30}}
  - {id: 2, key: easter_day, name: Easter Day, type: principal_feast, colour: white,
     date: {easter: 0}}
  - {id: 3, key: holy_saturday, name: Holy Saturday, type: major_holy_day, date: {easter: -1}}
  - {id: 4, key: anthony, name: Anthony, type: festival, colour: white, date: {month: 6, day: 13}}
transfers:
  - {key: displaced, when: {loser: {type: [festival]}}, then: {move: next_free_day}}
eves:
  - {key: easter_vigil, of: {celebration: [easter_day]}, evening: [collect, readings],
     source: "Vigil rubric"}
  - {key: sunday_eves, of: {on: {weekday: [sunday]}}, evening: [collect],
     except: {prevailing: {type: [major_holy_day, festival]}}, source: "Saturday rubric"}
  - {key: holy_day_eves, of: {type: [festival]}, evening: [collect], source: "Holy day rubric"}
lectionaries:
  - key: office
    cycle: none
    rows:
      easter_day: {all: {first_lesson: "Exodus 12:1-14"}}
      holy_saturday: {all: {first_lesson: "Job 19:21-27"}}
      andrew: {all: {first_lesson: "Isaiah 49:1-6"}}
lectionary_lookup:
  evening:
    - {table: office, key: "{celebration}"}
collects:
  keys:
    easter_day: {}
    holy_saturday: {}
    andrew: {}
    advent_1: {title: Advent 1}
    advent_2: {title: Advent 2}
  lookup:
    - {kind: celebration, key: "{celebration}"}
    - {kind: sunday, key: "{sunday}"}
)yaml";

class Eves : public ::testing::Test {
 protected:
  Eves() {
    b.add("calendar.yaml", kEves);
    b.set_precedence(R"yaml(
precedence:
  - {row: 1, key: triduum, match: {celebration: [easter_day, holy_saturday]}}
  - {row: 2, key: principal, match: {type: principal_feast}}
  - {row: 3, key: privileged_sunday, match: {sunday: [advent, lent, easter]}}
  - {row: 4, key: privileged_feria, match: {feria: [holy_week, easter_week]}}
  - {row: 5, key: sunday, match: {sunday: any}}
  - {row: 6, key: festival, match: {type: [major_holy_day, festival]}}
  - {row: 7, key: feria, match: {feria: any}}
)yaml");
  }
  std::string collect_keys(const char* date, Service s) {
    std::string out;
    for (const ResolvedCollect& c : b.engine().collects(b.day(date), s)) {
      out += (out.empty() ? "" : " ") + c.key->key + (c.eve ? "(eve)" : "");
    }
    return out;
  }
  MiniBook b;
};

TEST_F(Eves, TheNextDaysObservanceIsTheEveByTheFirstRuleThatMatches) {
  EXPECT_EQ(b.errors(), "");
  const struct {
    const char* date;
    const char* eve;
    const char* why;
  } kCases[] = {
      // Saturday before Advent Sunday: the next day is in the next liturgical year's plan.
      {"2025-11-29", "advent_1", "sunday_eves"},
      // Advent Sunday evening: Andrew, moved off the Sunday, is kept on Monday.
      {"2025-11-30", "andrew", "holy_day_eves"},
      // An ordinary Sunday evening before a weekday with nothing kept: no eve.
      {"2025-12-07", "none", "none"},
      {"2025-12-03", "none", "none"},
      // Holy Saturday is a holy day (sunday_eves excepts it) yet Easter's rule comes first.
      {"2026-04-04", "easter_day", "easter_vigil"},
      // A festival on a Saturday keeps its own evening.
      {"2026-06-13", "none", "none"},
      {"2026-06-06", "proper_5", "sunday_eves"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.date);
    EXPECT_EQ(b.at(c.date, "eve"), c.eve);
    const auto eve = b.day(c.date).eve();
    EXPECT_EQ(eve ? std::string(eve->rule_ref().key) : "none", c.why);
  }
}

TEST_F(Eves, TheDayItselfIsUnchanged) {
  // Holy Saturday stays Holy Saturday by day: no white from Easter, the season's colour.
  EXPECT_EQ(b.at("2026-04-04", "celebration"), "holy_saturday");
  EXPECT_EQ(b.at("2026-04-04", "colour"), "red");  // the skeleton's holy_week colour
  const auto eve = b.day("2026-04-04").eve();
  ASSERT_TRUE(eve.has_value());
  EXPECT_EQ(format_iso_date(to_civil(eve->day.date())), "2026-04-05");
  EXPECT_EQ(eve->observance().kind, ObservanceKind::celebration);
  EXPECT_EQ(eve->day.colour()->slug, "white");
}

TEST_F(Eves, EveningCollectsFollowTheEveOnlyWhereTheRuleTakesThem) {
  EXPECT_EQ(collect_keys("2026-04-04", Service::evening), "easter_day(eve)");
  EXPECT_EQ(collect_keys("2026-04-04", Service::morning), "holy_saturday");
  EXPECT_EQ(collect_keys("2026-04-04", Service::daily), "holy_saturday");
  EXPECT_EQ(collect_keys("2025-11-29", Service::evening), "advent_1(eve)");
  EXPECT_EQ(collect_keys("2025-12-07", Service::evening), "advent_2");  // no eve
}

TEST_F(Eves, EveningReadingsFollowTheEveOnlyWhereTheRuleTakesThem) {
  auto read = [&](const char* date) {
    auto r = b.engine().readings(b.day(date), {Service::evening, {}, {}});
    EXPECT_TRUE(r.ok());
    return std::move(r).value();
  };
  const ReadingSet vigil = read("2026-04-04");
  EXPECT_TRUE(vigil.eve);
  ASSERT_TRUE(vigil.found());
  EXPECT_EQ(vigil.parts[0].key, "easter_day");
  EXPECT_EQ(vigil.readings[0].options[0].reference, "Exodus 12:1-14");
  // Advent Sunday's eve is Andrew's by collect only: the evening reads the Sunday's own table
  // (no row here), not Andrew's lessons.
  const ReadingSet sunday = read("2025-11-30");
  EXPECT_FALSE(sunday.eve);
  EXPECT_FALSE(sunday.found());
  // Morning readings never follow an eve.
  auto morning = b.engine().readings(b.day("2026-04-04"), {Service::morning, {}, {}});
  ASSERT_TRUE(morning.ok());
  EXPECT_FALSE(morning->eve);
}

TEST_F(Eves, TheExplanationSaysWhyTheEveningBelongsToTomorrow) {
  const ResolvedDay day = b.day("2026-04-04");
  const Explanation why = explain(day, {});
  ASSERT_TRUE(why.eve.has_value());
  EXPECT_EQ(why.eve->rule.key, "easter_vigil");
  EXPECT_EQ(why.eve->celebration->slug, "easter_day");
  EXPECT_EQ(why.eve->sunday->slug, "easter_1");
  EXPECT_TRUE(why.eve->collect);
  EXPECT_TRUE(why.eve->readings);
  EXPECT_NE(std::find(why.sources.begin(), why.sources.end(), "Vigil rubric"), why.sources.end());
  EXPECT_FALSE(explain(b.day("2025-12-07"), {}).eve.has_value());
}

TEST_F(Eves, NoEveBeyondTheLastAnswerableDay) { EXPECT_EQ(b.at("4099-12-31", "eve"), "none"); }

TEST(EvesLoad, ABookWithoutEvesHasNone) {
  MiniBook b;
  EXPECT_EQ(b.at("2025-11-29", "eve"), "none");
}

}  // namespace
}  // namespace kalendar::testing
