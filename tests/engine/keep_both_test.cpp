// A Sunday kept together with a holy day (transfer action keep_both): the loser stays on its day
// with fate `kept`, and the day says the winner's collect, then the loser's. The Book of Common
// Prayer 1662 transfers nothing: a red-letter day on a Sunday is kept with the Sunday.
// 25 July 2027 (St James) is a Sunday: the proper closest to 27 July, proper_12.
// 30 November 2025 (St Andrew) is Advent Sunday.
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

constexpr const char* kSaints = R"yaml(
celebrations:
  - {id: 1, key: james, name: James, type: festival, colour: red, date: {month: 7, day: 25}}
  - {id: 2, key: andrew, name: Andrew, type: festival, colour: red, date: {month: 11, day: 30}}
  - {id: 3, key: mary_magdalene, name: Mary Magdalene, type: lesser_feast, colour: white,
     date: {month: 7, day: 22}}
)yaml";

// Holy days above ordinary Sundays; Advent Sunday above holy days.
constexpr const char* kHolyDaysFirst = R"yaml(
precedence:
  - {row: 1, key: principal, match: {type: principal_feast}}
  - {row: 2, key: privileged_sunday, match: {sunday: [advent]}}
  - {row: 3, key: holy_day, match: {type: [major_holy_day, festival]}}
  - {row: 4, key: sunday, match: {sunday: any}}
  - {row: 5, key: lesser, match: {type: [lesser_feast, commemoration]}, share_day: true}
  - {row: 6, key: feria, match: {feria: any}}
transfers:
  - {key: holy_day_with_its_sunday, when: {loser: {sunday: any}, winner: {type: festival}},
     then: keep_both}
  - {key: sunday_with_its_holy_day, when: {loser: {type: festival}, winner: {sunday: any}},
     then: keep_both}
)yaml";

// The lookup names the Sunday first: the engine still says the kept one's collect last.
constexpr const char* kCollects = R"yaml(
collects:
  keys:
    proper_12: {title: "Proper 12", reference: "p. 12"}
    advent_1: {title: "Advent Sunday", reference: "p. 1"}
    james: {reference: "p. 30"}
    andrew: {reference: "p. 31"}
  lookup:
    - {kind: sunday, key: "{sunday}"}
    - {kind: celebration, key: "{celebration}"}
)yaml";

TEST(KeepBoth, AHolyDayOnASundayKeepsTheSundayBesideIt) {
  MiniBook b;
  b.add("calendar.yaml", kSaints).set_precedence(kHolyDaysFirst).add("lectionary.yaml", kCollects);
  EXPECT_EQ(b.errors(), "");
  EXPECT_EQ(b.at("2027-07-25", "celebration"), "james");
  EXPECT_EQ(b.at("2027-07-25", "sunday"), "proper_12");
  EXPECT_EQ(b.at("2027-07-25", "competing.proper_12"), "kept");
  EXPECT_EQ(b.at("2027-07-25", "transferred_from"), "none");
  EXPECT_EQ(b.at("2027-07-25", "collects"), "james, proper_12");  // winner first
  const ResolvedDay day = b.day("2027-07-25");
  ASSERT_EQ(day.observances().size(), 2u);
  const Observance& sunday = day.observances()[1];
  EXPECT_EQ(sunday.kind, ObservanceKind::sunday);
  ASSERT_TRUE(day.decided_by(sunday));
  EXPECT_EQ(day.decided_by(sunday)->key, "holy_day_with_its_sunday");
  EXPECT_EQ(b.at("2027-07-25", "why.proper_12"), "holy_day_with_its_sunday");  // explanation
  // Nothing moved: the Monday is a plain weekday.
  EXPECT_EQ(b.at("2027-07-26", "celebration"), "none");
  // An ordinary Sunday keeps only its own collect.
  EXPECT_EQ(b.at("2027-07-18", "collects"), "none");  // proper_11 has no collect here
  EXPECT_EQ(b.at("2027-08-01", "competing.james"), "absent");
}

TEST(KeepBoth, ASundayThatPrevailsKeepsTheHolyDayBesideIt) {
  MiniBook b;
  b.add("calendar.yaml", kSaints).set_precedence(kHolyDaysFirst).add("lectionary.yaml", kCollects);
  EXPECT_EQ(b.at("2025-11-30", "celebration"), "none");
  EXPECT_EQ(b.at("2025-11-30", "competing.andrew"), "kept");
  EXPECT_EQ(b.at("2025-11-30", "collects"), "advent_1, andrew");
  // The kept holy day counts as observed that day (a celebration's `examples:` accept it).
  const auto year = b.engine().year(b.book().code, 2025);
  ASSERT_TRUE(year.ok());
}

TEST(KeepBoth, TheKeptCollectIsAddedWhenTheLookupDoesNotGiveIt) {
  MiniBook b;
  b.add("calendar.yaml", kSaints).set_precedence(kHolyDaysFirst).add("lectionary.yaml", R"yaml(
collects:
  keys:
    proper_12: {title: "Proper 12", reference: "p. 12"}
    james: {reference: "p. 30"}
  lookup:
    - {kind: celebration, key: "{celebration}", first_only: true}
)yaml");
  EXPECT_EQ(b.at("2027-07-25", "collects"), "james, proper_12");
}

TEST(KeepBoth, WithoutTheRuleTheSundayYieldsAndALesserFeastIsUntouched) {
  MiniBook b;
  b.add("calendar.yaml", kSaints).add("lectionary.yaml", kCollects);
  // Default precedence: Sunday (row 4) above festival (row 5), no transfer rule.
  EXPECT_EQ(b.at("2027-07-25", "celebration"), "none");
  EXPECT_EQ(b.at("2027-07-25", "competing.james"), "yielded");
  EXPECT_EQ(b.at("2027-07-25", "collects"), "proper_12");
}

TEST(KeepBoth, AMoveWithNoFreeDayMayKeepTheFeastOnItsOwnDay) {
  // 26 December 2027 is a Sunday; with `skip` Monday 27 (St John, same row) is not free.
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: stephen, name: Stephen, type: festival, colour: red, date: {month: 12, day: 26}}
  - {id: 2, key: john, name: John, type: festival, colour: white, date: {month: 12, day: 27}}
transfers:
  - {key: displaced_feast, when: {loser: {type: festival}},
     then: {move: next_free_day, within_days: 1, collision: skip, otherwise: keep_both}}
)yaml");
  EXPECT_EQ(b.at("2027-12-26", "celebration"), "none");
  EXPECT_EQ(b.at("2027-12-26", "competing.stephen"), "kept");
  EXPECT_EQ(b.at("2027-12-27", "celebration"), "john");
  EXPECT_EQ(b.at("2027-12-27", "transferred_from"), "none");
}

TEST(KeepBoth, OnlyKeepBothAppliesToASundayOrWeekdayLoser) {
  MiniBook b;
  b.add("calendar.yaml", kSaints).add("transfers.yaml", R"yaml(
transfers:
  - {key: sunday_moves, when: {loser: {sunday: any}}, then: {move: next_free_day}}
  - {key: weekday_gone, when: {loser: {feria: any}}, then: suppress}
)yaml");
  EXPECT_EQ(b.errors(),
            "books/mini/transfers.yaml:4:61: error: a Sunday or weekday loser can only be kept: "
            "then: keep_both\n"
            "books/mini/transfers.yaml:5:60: error: a Sunday or weekday loser can only be kept: "
            "then: keep_both\n");
}

}  // namespace
}  // namespace kalendar::testing
