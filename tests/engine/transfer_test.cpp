// Transfers: where a displaced feast goes, cascades, protected periods, and never losing a
// feast without a record.
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

constexpr const char* kChristmasSaints = R"yaml(celebrations:
  - {id: 1, key: stephen, name: Stephen, type: festival, colour: red, date: {month: 12, day: 26}}
  - {id: 2, key: john, name: John, type: festival, colour: white, date: {month: 12, day: 27}}
  - {id: 3, key: innocents, name: Innocents, type: festival, colour: red, date: {month: 12, day: 28}}
  - {id: 4, key: becket, name: Becket, type: lesser_feast, colour: red, date: {month: 12, day: 29}}
)yaml";

std::string displaced_rule(const char* collision) {
  return std::string(R"yaml(transfers:
  - {key: displaced_feast, when: {loser: {type: [major_holy_day, festival]}},
     then: {move: next_free_day, within_days: 7, collision: )yaml") +
         collision + "}}\n";
}

TEST(Transfer, ShiftCascadesTheChristmasSaints) {
  MiniBook b;
  b.add("calendar.yaml", kChristmasSaints).add("transfers.yaml", displaced_rule("shift"));
  // 26 December 2027 is a Sunday.
  EXPECT_EQ(b.at("2027-12-26", "celebration"), "none");
  EXPECT_EQ(b.at("2027-12-26", "competing.stephen"), "transferred 2027-12-27");
  EXPECT_EQ(b.at("2027-12-27", "celebration"), "stephen");
  EXPECT_EQ(b.at("2027-12-27", "transferred_from"), "2027-12-26");
  EXPECT_EQ(b.at("2027-12-27", "competing.john"), "transferred 2027-12-28");
  EXPECT_EQ(b.at("2027-12-28", "celebration"), "john");
  EXPECT_EQ(b.at("2027-12-28", "competing.innocents"), "transferred 2027-12-29");
  EXPECT_EQ(b.at("2027-12-29", "celebration"), "innocents");
  EXPECT_EQ(b.at("2027-12-29", "competing.becket"), "yielded");
}

TEST(Transfer, SkipOnlyLandsOnADayWhereEverythingRanksLower) {
  MiniBook b;
  b.add("calendar.yaml", kChristmasSaints).add("transfers.yaml", displaced_rule("skip"));
  EXPECT_EQ(b.at("2027-12-27", "celebration"), "john");
  EXPECT_EQ(b.at("2027-12-28", "celebration"), "innocents");
  EXPECT_EQ(b.at("2027-12-29", "celebration"), "stephen");
  EXPECT_EQ(b.at("2027-12-29", "transferred_from"), "2027-12-26");
}

TEST(Transfer, ATransferredFeastLeavesItsOriginalDate) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, colour: red, date: {month: 11, day: 30}}
)yaml")
      .add("transfers.yaml", displaced_rule("shift"));
  // Advent Sunday 2025 is 30 November.
  const ResolvedDay sunday = b.day("2025-11-30");
  EXPECT_EQ(actual_check_value(sunday, "celebration"), "none");
  EXPECT_EQ(actual_check_value(sunday, "colour"), "violet");  // a transferred feast sets nothing
  EXPECT_EQ(actual_check_value(sunday, "competing.andrew"), "transferred 2025-12-01");
  EXPECT_EQ(b.at("2025-12-01", "celebration"), "andrew");
  EXPECT_EQ(b.at("2025-12-01", "colour"), "red");
}

constexpr const char* kProtectedPeriod = R"yaml(transfers:
  - {key: out_of_holy_and_easter_weeks,
     when: {loser: {type: [major_holy_day, festival], on: {within: {from: {easter: -7}, to: {easter: 7}}}}},
     then: {move: next_free_day, search_from: {easter: 8}, within_days: 14}}
  - {key: displaced_feast, when: {loser: {type: [major_holy_day, festival]}},
     then: {move: next_free_day, within_days: 7}}
  - {key: lesser_suppressed,
     when: {loser: {type: [lesser_feast, commemoration], on: {season: [holy_week, easter_week]}}},
     then: suppress}
)yaml";

TEST(Transfer, TheProtectedPeriodRuleRunsBeforeTheSundayRule) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: annunciation, name: Annunciation, type: festival, colour: white, date: {month: 3, day: 25}}
)yaml")
      .add("transfers.yaml", kProtectedPeriod);
  EXPECT_EQ(b.at("2024-03-25", "competing.annunciation"), "transferred 2024-04-08");  // Holy Monday
  EXPECT_EQ(b.at("2029-03-25", "competing.annunciation"), "transferred 2029-04-09");  // Palm Sunday
  EXPECT_EQ(b.at("2029-03-26", "celebration"), "none");  // not to Holy Monday
  EXPECT_EQ(b.at("2035-03-25", "competing.annunciation"), "transferred 2035-04-02");  // Easter Day
  EXPECT_EQ(b.at("2035-04-02", "celebration"), "annunciation");
  EXPECT_EQ(b.at("2035-04-02", "transferred_from"), "2035-03-25");
}

TEST(Transfer, TwoFeastsOutOfHolyWeekGoInOrderOfRank) {
  // 2008: Joseph on Holy Wednesday (19 Mar), Annunciation on Easter Tuesday (25 Mar).
  MiniBook b;
  b.set_precedence(R"yaml(precedence:
  - {row: 1, key: principal, match: {type: principal_feast}}
  - {row: 2, key: privileged_sunday, match: {sunday: [advent, lent, easter]}}
  - {row: 3, key: privileged_feria, match: {feria: [holy_week, easter_week]}}
  - {row: 4, key: sunday, match: {sunday: any}}
  - {row: 5, key: annunciation_row, match: {celebration: annunciation}}
  - {row: 6, key: festival, match: {type: [major_holy_day, festival]}}
  - {row: 7, key: feria, match: {feria: any}}
)yaml");
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: joseph, name: Joseph, type: festival, date: {month: 3, day: 19}}
  - {id: 2, key: annunciation, name: Annunciation, type: major_holy_day, date: {month: 3, day: 25}}
)yaml")
      .add("transfers.yaml", kProtectedPeriod);
  // The Annunciation ranks higher (its own row 5): it takes Monday 31 and pushes Joseph on.
  EXPECT_EQ(b.at("2008-03-31", "celebration"), "annunciation");
  EXPECT_EQ(b.at("2008-03-31", "competing.joseph"), "transferred 2008-04-01");
  EXPECT_EQ(b.at("2008-04-01", "celebration"), "joseph");
  EXPECT_EQ(b.at("2008-03-19", "competing.joseph"), "transferred 2008-04-01");  // final place
}

TEST(Transfer, EqualRanksGoInTheOrderOfTheirOriginalDates) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: joseph, name: Joseph, type: festival, date: {month: 3, day: 19}}
  - {id: 2, key: annunciation, name: Annunciation, type: festival, date: {month: 3, day: 25}}
)yaml")
      .add("transfers.yaml", kProtectedPeriod);
  EXPECT_EQ(b.at("2008-03-31", "celebration"), "joseph");
  EXPECT_EQ(b.at("2008-04-01", "celebration"), "annunciation");
}

TEST(Transfer, NoFreeDayMeansOmittedWithTheRuleThatSaidSo) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: stuck, name: Stuck, type: festival, date: {easter: -7}}
transfers:
  - {key: short_window, when: {loser: {type: festival}},
     then: {move: next_free_day, within_days: 3, otherwise: omit}}
)yaml");
  // Palm Sunday 2026; Holy Monday..Wednesday are privileged.
  const ResolvedDay d = b.day("2026-03-29");
  EXPECT_EQ(actual_check_value(d, "competing.stuck"), "omitted");
  const Observance& o = d.observances()[1];
  EXPECT_EQ(b.book().transfers[o.decided_by].key, "short_window");
}

TEST(Transfer, LesserFeastsAreSuppressedInEasterWeek) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: bonhoeffer, name: Bonhoeffer, type: lesser_feast, colour: red, date: {month: 4, day: 9}}
)yaml")
      .add("transfers.yaml", kProtectedPeriod);
  const ResolvedDay d = b.day("2026-04-09");  // Thursday in Easter Week
  EXPECT_EQ(actual_check_value(d, "competing.bonhoeffer"), "suppressed");
  EXPECT_EQ(actual_check_value(d, "colour"), "white");  // never red from a suppressed saint
  EXPECT_EQ(b.at("2027-04-09", "celebration"), "bonhoeffer");
}

TEST(Transfer, ChainsCrossingAdventAgreeInBothLiturgicalYears) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: blocker, name: Blocker, type: principal_feast, date: {month: 11, day: 28}}
  - {id: 2, key: moved, name: Moved, type: festival, date: {month: 11, day: 28}}
  - {id: 3, key: andrew, name: Andrew, type: festival, date: {month: 11, day: 30}}
)yaml")
      .add("transfers.yaml", displaced_rule("shift"));
  // Sat 28 Nov 2026 is the last day of liturgical year 2026; Sunday 29 is Advent Sunday.
  EXPECT_EQ(b.at("2026-11-28", "competing.moved"), "transferred 2026-11-30");
  EXPECT_EQ(b.at("2026-11-30", "celebration"), "moved");
  EXPECT_EQ(b.at("2026-11-30", "transferred_from"), "2026-11-28");
  EXPECT_EQ(b.at("2026-11-30", "competing.andrew"), "transferred 2026-12-01");
  EXPECT_EQ(b.at("2026-12-01", "celebration"), "andrew");
}

TEST(Transfer, AdditionalObservancesAddASecondDay) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: all_saints, name: All Saints, type: principal_feast, colour: white, date: {month: 11, day: 1}}
also_observe:
  - {key: all_saints_sunday, celebration: all_saints, on: {weekday: sunday, on_or_after: {month: 11, day: 1}}}
)yaml");
  EXPECT_EQ(b.at("2025-11-01", "celebration"), "all_saints");
  const ResolvedDay sunday = b.day("2025-11-02");
  EXPECT_EQ(actual_check_value(sunday, "celebration"), "all_saints");
  EXPECT_TRUE(sunday.prevailing().additional);
  EXPECT_EQ(actual_check_value(sunday, "colour"), "white");
  EXPECT_EQ(sunday.observances()[1].kind, ObservanceKind::sunday);  // Proper 26 competes
  // 1 November 2026 is itself a Sunday: no second observance on 8 November.
  EXPECT_EQ(b.at("2026-11-08", "celebration"), "none");
}

}  // namespace
}  // namespace kalendar::testing
