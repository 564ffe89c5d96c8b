// Date-rule variants (leap_year, except), named date rules and conditions, and the weeks_to_end
// condition that writes "surplus Sundays take the omitted propers" as a rule (issue 12).
// Expected dates come from the calendar itself: the month grids are in each test's comment.
#include "date_eval.hpp"
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

TEST(DateVariant, LeapYearGivesTheFeastItsOwnDateNotATransfer) {
  // St Matthias: 24 February, 25 February in leap years (the bissextile day is 24 Feb).
  // February 2028 (leap): Thu 24, Fri 25. February 2027: Wed 24.
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: matthias, name: Matthias, type: festival, colour: red,
     date: {month: 2, day: 24, leap_year: {month: 2, day: 25}}}
  - {id: 2, key: matthias_vigil, name: Vigil of Matthias, type: commemoration,
     date: {celebration: matthias, days: -1}}
)yaml");
  EXPECT_EQ(rule_date(b, "matthias", 2027), "2027-02-24");
  EXPECT_EQ(rule_date(b, "matthias", 2028), "2028-02-25");
  EXPECT_EQ(rule_date(b, "matthias", 2100), "2100-02-24");        // not a Gregorian leap year
  EXPECT_EQ(rule_date(b, "matthias", 2000), "2000-02-25");        // a leap year
  EXPECT_EQ(rule_date(b, "matthias_vigil", 2028), "2028-02-24");  // the vigil moves with it
  EXPECT_EQ(b.at("2028-02-25", "celebration"), "matthias");
  EXPECT_EQ(b.at("2028-02-25", "transferred_from"), "none");
  EXPECT_EQ(b.at("2028-02-24", "celebration"), "matthias_vigil");
  // A date that varies is not shown as a fixed month and day.
  EXPECT_TRUE(b.book().celebrations[b.book().find_celebration("matthias")].movable);
}

TEST(DateVariant, AnExceptionMovesTheDateOnAGivenWeekday) {
  // The vigil is the eve, or the Saturday when the eve is a Sunday.
  // November 2026: Sat 28, Sun 29, Mon 30 (Andrew).  November 2025: Sat 29, Sun 30 (Andrew).
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, date: {month: 11, day: 30}}
  - {id: 2, key: andrew_vigil, name: Vigil of Andrew, type: commemoration,
     date: {celebration: andrew, days: -1,
            except: [{when: {weekday: [sunday]}, then: {days: -1}}]}}
)yaml");
  EXPECT_EQ(rule_date(b, "andrew_vigil", 2025), "2025-11-29");  // the eve, a Saturday
  EXPECT_EQ(rule_date(b, "andrew_vigil", 2026), "2026-11-28");  // eve on Sunday: Saturday
  EXPECT_EQ(rule_date(b, "andrew_vigil", 2027), "2027-11-29");  // Monday eve of a Tuesday feast
}

TEST(DateVariant, AVigilIsANamedFastOnTheEveOrTheSaturdayBefore) {
  // "The Vigil of St Andrew": a commemoration whose date is the eve, or the Saturday when the
  // eve is a Sunday; a fast rule names its days. November 2026: Sat 28, Sun 29, Mon 30.
  // November 2027: Mon 29, Tue 30. Rogation Monday: Easter + 36 (2026: 11 May).
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, date: {month: 11, day: 30}}
  - {id: 2, key: andrew_vigil, name: The Vigil of St Andrew, type: commemoration,
     date: {celebration: andrew, days: -1,
            except: [{when: {weekday: [sunday]}, then: {days: -1}}]}}
fasts:
  - {key: vigils, kind: fast, name: Vigil, when: {prevailing: {celebration: [andrew_vigil]}}}
  - {key: rogation_monday, kind: abstinence, name: Rogation Monday, when: {date: [{easter: 36}]}}
)yaml");
  EXPECT_EQ(b.at("2026-11-28", "title"), "The Vigil of St Andrew");
  EXPECT_EQ(b.at("2026-11-28", "fast"), "fast");
  EXPECT_EQ(b.at("2026-11-28", "fast_name"), "Vigil");
  EXPECT_EQ(b.at("2026-11-29", "fast_name"), "none");   // the Sunday keeps no vigil
  EXPECT_EQ(b.at("2027-11-29", "fast_name"), "Vigil");  // Monday, the eve itself
  EXPECT_EQ(b.at("2026-05-11", "fast"), "abstinence");
  EXPECT_EQ(b.at("2026-05-11", "fast_name"), "Rogation Monday");
}

TEST(DateVariant, TheFirstExceptionThatHoldsAppliesOnceAndMayNameAnotherDate) {
  // 25 March 2016 was Good Friday (Easter 27 March): the first exception gives Monday 4 April
  // (Easter + 8). In 2024 (Easter 31 March) 25 March is Monday in Holy Week: the second
  // exception. 2026: Wednesday 25 March, no exception.
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: annunciation, name: Annunciation, type: festival,
     date: {month: 3, day: 25,
            except: [{when: {date: [{easter: -2}, {easter: -1}]}, then: {easter: 8}},
                     {when: {date: {easter: -6}}, then: {days: 14}},
                     {when: {weekday: [monday]}, then: {days: 1}}]}}
)yaml");
  EXPECT_EQ(rule_date(b, "annunciation", 2016), "2016-04-04");
  EXPECT_EQ(rule_date(b, "annunciation", 2024), "2024-04-08");  // not moved again on a Monday
  EXPECT_EQ(rule_date(b, "annunciation", 2026), "2026-03-25");
  EXPECT_EQ(rule_date(b, "annunciation", 2030), "2030-03-26");  // Monday 25 March 2030
}

TEST(DateVariant, ExceptionsOnLeapYearsAndTheirDependenciesAreOrdered) {
  // The same St Matthias written as an exception; a celebration relative to it is computed after
  // it even though it is declared first.
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 2, key: after, name: After, type: commemoration, date: {celebration: matthias, days: 1}}
  - {id: 1, key: matthias, name: Matthias, type: festival,
     date: {month: 2, day: 24, except: [{when: {leap_year: true}, then: {days: 1}}]}}
)yaml");
  EXPECT_EQ(rule_date(b, "matthias", 2024), "2024-02-25");
  EXPECT_EQ(rule_date(b, "after", 2024), "2024-02-26");
  EXPECT_EQ(rule_date(b, "after", 2025), "2025-02-25");
}

TEST(DateVariant, NamedRulesAndConditionsAreDeclaredOnceAndUsedByName) {
  // Ember Wednesdays after 14 September: 2026-09-16; the Friday and Saturday after it.
  MiniBook b;
  b.add("named.yaml", R"yaml(
date_rules:
  holy_cross: {month: 9, day: 14}
  september_ember_wednesday: {weekday: wednesday, after: {rule: holy_cross}}
conditions:
  september_embertide:
    within: {from: {rule: september_ember_wednesday},
             to: {weekday: saturday, after: {rule: september_ember_wednesday}}}
  fast_days: {weekday: [wednesday, friday, saturday]}
)yaml");
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: cross, name: Holy Cross, type: festival, date: {rule: holy_cross}}
fasts:
  - {key: ember, kind: fast, when: {condition: [september_embertide, fast_days]}}
)yaml");
  EXPECT_EQ(b.errors(), "");
  EXPECT_EQ(rule_date(b, "cross", 2026), "2026-09-14");
  EXPECT_EQ(b.at("2026-09-16", "fast"), "fast");
  EXPECT_EQ(b.at("2026-09-17", "fast"), "none");  // Thursday: not one of the fast days
  EXPECT_EQ(b.at("2026-09-18", "fast"), "fast");
  EXPECT_EQ(b.at("2026-09-19", "fast"), "fast");
  EXPECT_EQ(b.at("2026-09-23", "fast"), "none");  // after the window
  EXPECT_EQ(b.at("2026-09-11", "fast"), "none");  // a Friday before it
}

TEST(DateVariant, NamedEntriesReportUnknownSelfReferentialAndDuplicateNames) {
  MiniBook b;
  b.add("named.yaml", R"yaml(
date_rules:
  loop: {weekday: sunday, after: {rule: loop}}
  fine: {month: 1, day: 1}
conditions:
  circle: {condition: circle}
)yaml");
  b.add("more.yaml", R"yaml(
date_rules:
  fine: {month: 1, day: 2}
)yaml");
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: a, name: A, type: festival, date: {rule: nowhere}}
  - {id: 2, key: b, name: B, type: festival, date: {rule: fine, days: 1}}
fasts:
  - {key: f, kind: fast, when: {condition: missing}}
)yaml");
  const std::string errors = b.errors();
  EXPECT_NE(errors.find("more.yaml:4:3: error: date_rules entry 'fine' is already defined at "
                        "books/mini/named.yaml:5"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("unknown date rule 'nowhere' (not in 'date_rules')"), std::string::npos);
  EXPECT_NE(errors.find("'rule' names a date rule of 'date_rules' and takes no other keys"),
            std::string::npos);
  EXPECT_NE(errors.find("date rule 'loop' refers to itself"), std::string::npos);
  EXPECT_NE(errors.find("condition 'circle' refers to itself"), std::string::npos);
  EXPECT_NE(errors.find("unknown condition 'missing' (not in 'conditions')"), std::string::npos);
}

TEST(DateVariant, MalformedExceptionsAreReported) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: a, name: A, type: festival,
     date: {month: 1, day: 1, except: [{when: {}, then: {days: 1}}]}}
  - {id: 2, key: b, name: B, type: festival, date: {month: 1, day: 2, except: []}}
  - {id: 3, key: c, name: C, type: festival,
     date: {month: 1, day: 3, except: [{when: {weekday: [funday], colour: red}}]}}
)yaml");
  const std::string errors = b.errors();
  EXPECT_NE(errors.find("a date exception's 'when' needs weekday, date, leap_year or option"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("'except' takes a non-empty list of {when, then}"), std::string::npos);
  EXPECT_NE(errors.find("unknown weekday 'funday'"), std::string::npos);
  EXPECT_NE(errors.find("unknown key 'colour' in date exception condition"), std::string::npos);
  EXPECT_NE(errors.find("missing 'then'"), std::string::npos) << errors;
}

// A 1662-shaped year: Sundays after the Epiphany and after Trinity, counted by week.
constexpr const char* kTrinitySeasons = R"yaml(
seasons:
  - {key: advent, name: Advent, colour: violet,
     starts: {weekday: sunday, on_or_after: {month: 11, day: 27}}, sundays: {key: "advent_{week}"}}
  - {key: christmas, name: Christmas, colour: white, starts: {month: 12, day: 25},
     week_1: {weekday: sunday, after: {month: 12, day: 25}}, sundays: {key: "christmas_{week}"}}
  - {key: epiphany, name: Epiphany, colour: green, starts: {month: 1, day: 6},
     week_1: {weekday: sunday, after: {month: 1, day: 6}}, sundays: {key: "epiphany_{week}"}}
  - {key: lent, name: Lent, colour: violet, starts: {easter: -46}, sundays: {key: "lent_{week}"}}
  - {key: easter, name: Easter, colour: white, starts: {easter: 0}, sundays: {key: "easter_{week}"}}
  - {key: trinity, name: Trinity, colour: green, starts: {easter: 56}, week_1: {easter: 63},
     sundays: {key: "trinity_{week}", overrides: [{on: {easter: 56}, key: trinity_sunday}]}}
conditions:
  # The Sunday next before Advent always takes the 25th's propers; surplus Sundays before it
  # (the 25th and 26th when there are 26 or 27) take the last Sundays after the Epiphany.
  next_before_advent: {season: [trinity], weeks_to_end: 0}
lectionaries:
  - key: propers
    cycle: none
    rows:
      epiphany_5: {all: {gospel: "Matthew 13:24-30"}}
      epiphany_6: {all: {gospel: "Matthew 24:23-31"}}
      trinity_22: {all: {gospel: "Matthew 18:21-35"}}
      trinity_24: {all: {gospel: "Matthew 9:18-26"}}
      trinity_25: {all: {gospel: "John 6:5-14"}}
lectionary_lookup:
  eucharist:
    - {table: propers, key: trinity_25, when: {condition: next_before_advent}}
    - {table: propers, key: epiphany_6, when: {season: [trinity], weeks_to_end: 1, week: [25, 26]}}
    - {table: propers, key: epiphany_5, when: {season: [trinity], weeks_to_end: 2, week: [25]}}
    - {table: propers, key: "{governing_sunday}"}
)yaml";

class SurplusSundays : public ::testing::Test {
 protected:
  SurplusSundays() {
    b.add("book.yaml",
          std::string(kSkeletonManifest)
              .substr(11)
              .replace(std::string(kSkeletonManifest).substr(11).find("skeleton, "), 10, ""));
    b.add("calendar.yaml", kTrinitySeasons);
    b.set_precedence(R"yaml(
precedence:
  - {row: 1, key: sunday, match: {sunday: any}}
  - {row: 2, key: feria, match: {feria: any}}
)yaml");
  }
  std::string key(const char* date) {
    auto r = b.engine().readings(b.day(date), {Service::eucharist, {}, {}});
    EXPECT_TRUE(r.ok());
    return r.ok() && r.value().found() ? r.value().parts[0].key : "none";
  }
  MiniBook b;
};

TEST_F(SurplusSundays, TheSundayNextBeforeAdventAlwaysTakesTheTwentyFifth) {
  // Sundays after Trinity: 2025 has 23 (Advent 30 Nov), 2026 has 25 (Advent 29 Nov).
  EXPECT_EQ(key("2025-11-23"), "trinity_25");  // the 23rd
  EXPECT_EQ(key("2025-11-16"), "trinity_22");  // the 22nd keeps its own
  EXPECT_EQ(key("2026-11-22"), "trinity_25");  // the 25th
  EXPECT_EQ(key("2026-11-15"), "trinity_24");  // the 24th: no surplus
  EXPECT_EQ(key("2026-11-26"), "trinity_25");  // its week follows it
  EXPECT_EQ(key("2026-11-29"), "none");        // Advent Sunday: the next year
}

TEST_F(SurplusSundays, SurplusSundaysTakeTheOmittedSundaysAfterTheEpiphany) {
  // 2024 has 26 Sundays after Trinity (2 June .. 24 November); 2035 has 27 (27 May .. 25 Nov).
  EXPECT_EQ(key("2024-11-17"), "epiphany_6");  // the 25th
  EXPECT_EQ(key("2024-11-24"), "trinity_25");  // the 26th, next before Advent
  EXPECT_EQ(key("2035-11-11"), "epiphany_5");  // the 25th
  EXPECT_EQ(key("2035-11-13"), "epiphany_5");  // a Tuesday of its week
  EXPECT_EQ(key("2035-11-18"), "epiphany_6");  // the 26th
  EXPECT_EQ(key("2035-11-25"), "trinity_25");  // the 27th
  EXPECT_EQ(b.at("2035-11-25", "week"), "27");
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST(LookupValidation, LiteralKeysNeedARowAndCollectKeysMustExist) {
  MiniBook b;
  b.add("lectionary.yaml", R"yaml(
lectionaries:
  - key: propers
    cycle: none
    rows:
      advent_1: {all: {gospel: "Matthew 21:1-13"}}
lectionary_lookup:
  eucharist:
    - {table: propers, key: advent_1}
    - {table: propers, key: advent_one}
    - {table: propers, key: "{sunday}"}
collects:
  keys:
    advent_1: {title: "Advent Sunday", reference: "p. 1"}
    advent_weekdays: {title: "Advent weekdays", reference: "p. 2"}
  lookup:
    - {kind: sunday, key: "{sunday}"}
    - {kind: seasonal, key: advent_weekdays, when: {season: [advent], weekday: [monday]}}
    - {kind: seasonal, key: advent_weekday, when: {season: [advent]}}
)yaml");
  EXPECT_EQ(b.errors(),
            "books/mini/lectionary.yaml:11:29: error: lectionary table 'propers' has no row "
            "'advent_one'\n"
            "books/mini/lectionary.yaml:20:29: error: unknown collect key 'advent_weekday' (not "
            "in collects.keys)\n");
}

TEST(LookupValidation, ChecksCanAssertTheCollectsOfADay) {
  MiniBook b;
  b.add("lectionary.yaml", R"yaml(
collects:
  keys:
    advent_1: {title: "Advent Sunday", reference: "p. 1"}
    advent_weekdays: {title: "Advent weekdays", reference: "p. 2"}
  lookup:
    - {kind: sunday, key: "{sunday}"}
    - {kind: week, key: "{governing_sunday}"}
    - {kind: seasonal, key: advent_weekdays, when: {season: [advent], weekday: [monday]}}
)yaml");
  EXPECT_EQ(b.at("2025-11-30", "collects"), "advent_1");                   // Advent Sunday
  EXPECT_EQ(b.at("2025-12-01", "collects"), "advent_1, advent_weekdays");  // its Monday
  EXPECT_EQ(b.at("2025-12-02", "collects"), "advent_1");
  EXPECT_EQ(b.at("2025-12-25", "collects"), "none");
}

}  // namespace
}  // namespace kalendar::testing
