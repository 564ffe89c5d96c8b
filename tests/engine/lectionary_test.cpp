// Lectionary tables and collect keys: the five table kinds through one lookup, tracks that never
// fall back to each other, and provenance for the explanation.
#include "mini_book.hpp"

#include "kalendar/propers_scan.hpp"

namespace kalendar::testing {
namespace {

constexpr const char* kTables = R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, colour: red, date: {month: 11, day: 30},
     common: apostle}
  - {id: 2, key: nicholas, name: Nicholas, type: lesser_feast, date: {month: 12, day: 6}, common: pastor}
  - {id: 3, key: vigil, name: Vigil, type: lesser_feast, date: {easter: -1}}
lectionaries:
  - key: sundays
    cycle: sunday
    rows:
      advent_1:
        A: {first_reading: "Isaiah 2:1-5", psalm: "Psalm 122", second_reading: "Romans 13:11-14",
            gospel: "Matthew 24:36-44"}
        B: {first_reading: "Isaiah 64:1-9", gospel: "Mark 13:24-37"}
      proper_7:
        C:
          first_reading: {semicontinuous: "1 Kings 19:1-4, (5-7), 8-15a", complementary: "Isaiah 65:1-9"}
          psalm: {semicontinuous: ["Psalm 42", "Psalm 43"]}
          gospel: "Luke 8:26-39"
      andrew:
        all: {first_reading: {ref: "Deuteronomy 30:11-14", short: "Deuteronomy 30:11-12"}, gospel: "Matthew 4:18-22"}
      vigil:
        all:
          - {slot: lesson, read: "Genesis 1:1-2:4a"}
          - {slot: psalm, read: "Psalm 136"}
          - {slot: lesson, read: "Exodus 14:10-31"}
          - {slot: gospel, read: "Matthew 28:1-10"}
  - key: daily
    cycle: reference_sunday
    rows:
      advent_1_thursday: {A: {first_reading: "Daniel 9:15-19"}, C: {first_reading: "Nehemiah 9:6-15"}}
      advent_1_monday: {A: {first_reading: "Genesis 8:1-19"}}
      12-24: {all: {first_reading: "Isaiah 60:1-6"}}
  - key: office
    cycle: weekday
    rows:
      advent_1_tuesday: {one: {first_lesson: "Isaiah 1:21-31"}, two: {first_lesson: "Amos 3:1-11"}}
  - key: by_date
    cycle: none
    rows:
      12-02: {all: {psalm: "Psalm 9", first_lesson: "Isaiah 1", second_lesson: "Luke 1"}}
lectionary_lookup:
  eucharist:
    - {table: sundays, key: "{celebration}"}
    - {table: sundays, key: "{sunday}"}
    - {table: sundays, key: "{commemoration}"}
  daily:
    - {table: daily, key: "{date}"}
    - {table: daily, key: "{reference_sunday}_{weekday}"}
  morning:
    - {table: office, key: "{season}_{week}_{weekday}", when: {season: [advent]}}
    - {table: by_date, key: "{date}"}
transfers:
  - {key: vigils, when: {loser: {celebration: vigil}}, then: commemorate}
)yaml";

std::vector<std::string> refs(const ReadingSet& s) {
  std::vector<std::string> out;
  for (const auto& r : s.readings) {
    std::string line =
        std::string(kSlotSlugs[static_cast<std::size_t>(r.slot)]) + "=" + r.options[0].reference;
    for (std::size_t i = 1; i < r.options.size(); ++i) line += "|" + r.options[i].reference;
    out.push_back(line);
  }
  return out;
}

class Lectionary : public ::testing::Test {
 protected:
  Lectionary() {
    b.add("calendar.yaml", kTables);
    b.add("book.yaml",
          std::string(kSkeletonManifest).substr(11) +
              "capabilities: {reading_types: [semicontinuous, complementary]}\n"
              "preferences: [{key: reading_type, options: [semicontinuous, complementary],"
              " default: semicontinuous}]\n");
  }
  ReadingSet read(const char* date, Service s, std::string_view track = {}) {
    auto r = b.engine().readings(b.day(date), {s, track, {}});
    EXPECT_TRUE(r.ok());
    return r.ok() ? std::move(r).value() : ReadingSet{};
  }
  MiniBook b;
};

TEST_F(Lectionary, SundayTablePicksTheCycleColumn) {
  const ReadingSet a = read("2025-11-30", Service::eucharist);  // Advent Sunday, year A
  EXPECT_EQ(b.errors(), "");
  ASSERT_TRUE(a.found());
  EXPECT_EQ(a.parts[0].key, "advent_1");
  EXPECT_EQ(a.parts[0].cycle, "A");
  EXPECT_EQ(refs(a), (std::vector<std::string>{"first_reading=Isaiah 2:1-5", "psalm=Psalm 122",
                                               "second_reading=Romans 13:11-14",
                                               "gospel=Matthew 24:36-44"}));
  EXPECT_EQ(a.parts[0].tried, (std::vector<std::string>{}));  // no celebration that day
  const ReadingSet bb = read("2026-11-29", Service::eucharist);
  EXPECT_EQ(bb.parts[0].cycle, "B");
  EXPECT_EQ(refs(bb).front(), "first_reading=Isaiah 64:1-9");
}

TEST_F(Lectionary, TracksAreChosenAndNeverSubstituted) {
  const ReadingSet semi = read("2025-06-22", Service::eucharist);
  EXPECT_EQ(refs(semi),
            (std::vector<std::string>{"first_reading=1 Kings 19:1-4, (5-7), 8-15a",
                                      "psalm=Psalm 42|Psalm 43", "gospel=Luke 8:26-39"}));
  EXPECT_EQ(semi.readings[0].track, "semicontinuous");
  EXPECT_EQ(semi.readings[2].track, "");
  const ReadingSet comp = read("2025-06-22", Service::eucharist, "complementary");
  EXPECT_EQ(refs(comp),
            (std::vector<std::string>{"first_reading=Isaiah 65:1-9", "gospel=Luke 8:26-39"}));
  EXPECT_EQ(comp.missing, (std::vector<Slot>{Slot::psalm}));  // not filled from the other track
  auto bad = b.engine().readings(b.day("2025-06-22"), {Service::eucharist, "thematic", {}});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, "unknown_reading_type");
}

TEST_F(Lectionary, ACelebrationComesFirstAndProvenanceRecordsTheMisses) {
  const ReadingSet r = read("2026-11-30", Service::eucharist);  // Andrew on a Monday
  EXPECT_EQ(r.parts[0].key, "andrew");
  EXPECT_EQ(r.parts[0].cycle, "all");
  EXPECT_EQ(r.readings[0].options[0].short_reference, "Deuteronomy 30:11-12");
  const ReadingSet weekday = read("2026-12-01", Service::eucharist);
  EXPECT_FALSE(weekday.found());  // no row for a weekday: an answer, not an error
  const ReadingSet nicholas = read("2025-12-06", Service::eucharist);
  EXPECT_FALSE(nicholas.found());
  EXPECT_EQ(nicholas.parts[0].tried, (std::vector<std::string>{"sundays:nicholas/A"}));
}

TEST_F(Lectionary, ListRowsKeepRepeatedSlotsInOrderAndVigilsAreReachable) {
  const ReadingSet r = read("2026-04-04", Service::eucharist);  // via {commemoration}
  EXPECT_EQ(r.parts[0].key, "vigil");
  EXPECT_EQ(refs(r),
            (std::vector<std::string>{"lesson=Genesis 1:1-2:4a", "psalm=Psalm 136",
                                      "lesson=Exodus 14:10-31", "gospel=Matthew 28:1-10"}));
}

TEST_F(Lectionary, DailyReadingsLookBackThenForwardAndUseTheComingSundaysCycle) {
  // Thursday 27 Nov 2025 prepares for Advent Sunday 30 Nov, in the new year's cycle (A).
  const ReadingSet thu = read("2025-11-27", Service::daily);
  EXPECT_EQ(thu.parts[0].key, "advent_1_thursday");
  EXPECT_EQ(thu.parts[0].cycle, "A");
  // Thursday 26 Nov 2026 prepares for Advent Sunday 2026, year B: no B column, no fallback.
  const ReadingSet thu_b = read("2026-11-26", Service::daily);
  EXPECT_FALSE(thu_b.found());
  EXPECT_EQ(thu_b.parts[0].tried,
            (std::vector<std::string>{"daily:11-26/B", "daily:advent_1_thursday/B"}));
  EXPECT_EQ(read("2025-12-01", Service::daily).parts[0].key, "advent_1_monday");
  EXPECT_EQ(read("2025-12-24", Service::daily).parts[0].key, "12-24");  // fixed days first
}

TEST_F(Lectionary, TwoYearAndCalendarDateTables) {
  const ReadingSet one = read("2026-12-01", Service::morning);  // liturgical 2027: year one
  EXPECT_EQ(refs(one), (std::vector<std::string>{"first_lesson=Isaiah 1:21-31"}));
  EXPECT_EQ(read("2025-12-02", Service::morning).parts[0].cycle, "two");
  EXPECT_EQ(read("2025-12-02", Service::morning).parts[0].key, "advent_1_tuesday");
  // A Wednesday of Advent has no office row here: the date table answers.
  const ReadingSet wed = read("2026-12-02", Service::morning);
  EXPECT_EQ(wed.parts[0].key, "12-02");
  EXPECT_EQ(wed.parts[0].tried, (std::vector<std::string>{"office:advent_1_wednesday/one"}));
  // Outside Advent the first step's `when` fails, so it is not even tried.
  EXPECT_EQ(read("2026-01-02", Service::morning).parts[0].tried,
            (std::vector<std::string>{"by_date:01-02/all"}));
}

TEST(LectionaryErrors, TablesAndLookupsAreChecked) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
lectionaries:
  - key: t
    cycle: sunday
    rows:
      advent_1: {X: {gospel: "Mark 1:1"}, A: {sermon: "Mark 1:2"}}
      advent_2: {A: {gospel: {semicontinuous: []}}}
lectionary_lookup:
  eucharist: [{table: missing, key: "{sunday}"}, {table: t, key: "{moon}"}]
  vigil: []
)yaml");
  const std::string e = b.errors();
  EXPECT_NE(e.find("unknown column 'X' for a table with cycle sunday"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown reading slot 'sermon'"), std::string::npos) << e;
  EXPECT_NE(e.find("a reading needs at least one reference"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown lectionary table 'missing'"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown placeholder in '{moon}'"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown key 'vigil' in lectionary_lookup"), std::string::npos) << e;
}

constexpr const char* kCollects = R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, date: {month: 11, day: 30}, common: apostle}
  - {id: 2, key: nicholas, name: Nicholas, type: lesser_feast, date: {month: 12, day: 6}, common: pastor}
sunday_names: {advent_1: Advent 1, advent_2: Advent 2}
collects:
  commons: [apostle, pastor]
  keys:
    advent_1: {reference: "p. 1"}
    advent_2: {}
    common_pastor: {title: Of a Pastor}
    andrew: {title: Saint Andrew, reference: "p. 99"}
    advent_collect: {title: Advent Collect}
  lookup:
    - {kind: celebration, key: "{celebration}", common: true}
    - {kind: sunday, key: "{sunday}"}
    - {kind: week, key: "{governing_sunday}"}
    - {kind: seasonal, key: advent_collect, when: {season: [advent]}}
)yaml";

std::vector<std::string> collect_keys(MiniBook& b, const char* date) {
  std::vector<std::string> out;
  for (const auto& c : b.engine().collects(b.day(date))) {
    out.push_back(std::string(kCollectKindSlugs[static_cast<std::size_t>(c.kind)]) + ":" +
                  c.key->key + (c.from_common ? "(common)" : ""));
  }
  return out;
}

TEST(Collects, LookupChainCommonsAndDeduplication) {
  MiniBook b;
  b.add("calendar.yaml", kCollects);
  EXPECT_EQ(b.errors(), "");
  EXPECT_EQ(collect_keys(b, "2025-11-30"),
            (std::vector<std::string>{"sunday:advent_1", "seasonal:advent_collect"}));
  EXPECT_EQ(collect_keys(b, "2025-12-02"),
            (std::vector<std::string>{"week:advent_1", "seasonal:advent_collect"}));
  EXPECT_EQ(
      collect_keys(b, "2026-11-30"),
      (std::vector<std::string>{"celebration:andrew", "week:advent_1", "seasonal:advent_collect"}));
  // Nicholas has no collect of his own: the common of a pastor, chosen by his attribute.
  EXPECT_EQ(collect_keys(b, "2025-12-06"),
            (std::vector<std::string>{"celebration:common_pastor(common)", "week:advent_1",
                                      "seasonal:advent_collect"}));
}

TEST(Collects, UnknownCommonsAreErrors) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: x, name: X, type: festival, date: {month: 1, day: 2}, common: hermit}
collects: {commons: [martyr], keys: {}, lookup: []}
)yaml");
  EXPECT_NE(b.errors().find("names common 'hermit', which collects.commons does not list"),
            std::string::npos)
      << b.errors();
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST_F(Lectionary, ChecksCanAssertReadings) {
  b.add("checks.yaml", R"yaml(checks:
  - description: readings
    expect:
      - {date: 2025-06-22, readings: {eucharist: {first_reading: "1 Kings 19:1-4, (5-7), 8-15a", key: proper_7},
                                      eucharist/complementary: {first_reading: "Isaiah 65:1-9", psalm: none}}}
      - {date: 2026-04-04, readings: {eucharist: {lesson: "Genesis 1:1-2:4a + Exodus 14:10-31"}}}
      - {date: 2025-06-22, readings: {daily: {gospel: "Mark 1:1"}}}
)yaml");
  const auto failures = run_checks(b.engine(), b.book());
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_NE(failures[0].message.find("readings.daily.gospel: expected 'Mark 1:1', got 'none'"),
            std::string::npos)
      << failures[0].message;
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST(LectionaryParts, ServicesCombineTablesAndPsaltersChooseSteps) {
  MiniBook b;
  b.add("book.yaml",
        std::string(kSkeletonManifest).substr(11) +
            "preferences: [{key: psalter, options: [thirty_day, weekly], default: thirty_day}]\n");
  b.add("calendar.yaml", R"yaml(
lectionaries:
  - key: psalter_30
    cycle: none
    rows:
      "2": {all: {psalm: ["Psalm 9", "Psalm 10", "Psalm 11"]}}
  - key: weekly_psalter
    cycle: none
    rows:
      tuesday: {all: {psalm: "Psalm 119:1-24"}}
  - key: lessons
    cycle: none
    rows:
      12-02: {all: {first_lesson: "Isaiah 1", second_lesson: "Luke 1"}}
lectionary_lookup:
  morning:
    - part: psalms
      steps:
        - {table: psalter_30, key: "{day}", psalter: thirty_day}
        - {table: weekly_psalter, key: "{weekday}", psalter: weekly}
    - part: lessons
      steps: [{table: lessons, key: "{date}"}]
)yaml");
  EXPECT_EQ(b.errors(), "");
  auto thirty = b.engine().readings(b.day("2025-12-02"), {Service::morning, {}, {}});
  ASSERT_TRUE(thirty.ok());
  ASSERT_EQ(thirty->parts.size(), 2u);
  EXPECT_EQ(thirty->parts[0].name, "psalms");
  EXPECT_EQ(thirty->parts[0].key, "2");
  EXPECT_EQ(thirty->psalter, "thirty_day");
  EXPECT_EQ(refs(*thirty),
            (std::vector<std::string>{"psalm=Psalm 9|Psalm 10|Psalm 11", "first_lesson=Isaiah 1",
                                      "second_lesson=Luke 1"}));
  EXPECT_EQ(thirty->readings[1].part, 1u);
  auto weekly = b.engine().readings(b.day("2025-12-02"), {Service::morning, {}, "weekly"});
  ASSERT_TRUE(weekly.ok());
  EXPECT_EQ(refs(*weekly).front(), "psalm=Psalm 119:1-24");
  auto bad = b.engine().readings(b.day("2025-12-02"), {Service::morning, {}, "sixty_day"});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, "unknown_psalter");
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST(LectionaryParts, APartTakesOnlyItsSlotsAndCommonsAreKeys) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: cyprian, name: Cyprian, type: lesser_feast, date: {month: 9, day: 16}, common: martyr}
lectionaries:
  - key: office
    cycle: none
    rows:
      09-15: {all: {psalm: "Psalm 1", first_lesson: "Isaiah 1", second_lesson: "Luke 1"}}
  - key: commons
    cycle: none
    rows:
      common_martyr: {all: {gospel: "Matthew 10:16-22"}}
lectionary_lookup:
  morning:
    - part: lessons
      slots: [first_lesson, second_lesson]
      steps: [{table: office, key: "{date}"}]
  eucharist:
    - {table: commons, key: "{common}"}
collects: {commons: [martyr], keys: {}, lookup: []}
)yaml");
  EXPECT_EQ(b.errors(), "");
  auto office = b.engine().readings(b.day("2026-09-15"), {Service::morning, {}, {}});
  ASSERT_TRUE(office.ok());
  EXPECT_EQ(refs(*office),
            (std::vector<std::string>{"first_lesson=Isaiah 1", "second_lesson=Luke 1"}));
  auto common = b.engine().readings(b.day("2026-09-16"), {Service::eucharist, {}, {}});
  ASSERT_TRUE(common.ok());
  EXPECT_EQ(common->parts[0].key, "common_martyr");
  EXPECT_EQ(refs(*common), (std::vector<std::string>{"gospel=Matthew 10:16-22"}));
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST(PropersScan, SundaysAndHolyDaysWithoutReadingsOrACollectAreReported) {
  // November 2025: Sun 23 (proper_29), Mon 24, Sun 30 (advent_1, Andrew's day).
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, date: {month: 11, day: 30}}
)yaml");
  b.add("lectionary.yaml", R"yaml(
lectionaries:
  - key: sundays
    cycle: none
    rows:
      advent_1: {all: {gospel: "Matthew 21:1-13"}}
lectionary_lookup:
  eucharist:
    - {table: sundays, key: "{sunday}"}
collects:
  keys:
    proper_29: {title: "Proper 29", reference: "p. 29"}
  lookup:
    - {kind: sunday, key: "{sunday}"}
)yaml");
  const CompiledBook& book = b.book();
  const auto plan = book.year_plan(2025);  // Advent 2024 to 29 November 2025
  std::vector<std::string> found;
  for (const Anomaly& a : days_without_propers(book, plan)) {
    if (a.date >= Days{*parse_iso_date("2025-11-16")}) {
      found.push_back(format_iso_date(a.date) + " " + a.message);
    }
  }
  // Sunday 16 Nov (proper_28) has neither; Sunday 23 Nov has its collect but no row; the
  // weekdays between are not asked (many books have no weekday propers).
  EXPECT_EQ(found, (std::vector<std::string>{
                       "2025-11-16 no eucharist readings: no lookup step finds a row",
                       "2025-11-16 no collect: no collect lookup step finds a key",
                       "2025-11-23 no eucharist readings: no lookup step finds a row"}));
  // Advent Sunday, which is also St Andrew's day, has its row; no collect: reported.
  std::vector<std::string> next;
  for (const Anomaly& a : days_without_propers(book, book.year_plan(2026))) {
    if (a.date == Days{*parse_iso_date("2025-11-30")}) next.push_back(a.message);
  }
  EXPECT_EQ(next, (std::vector<std::string>{"no collect: no collect lookup step finds a key"}));
}

}  // namespace
}  // namespace kalendar::testing
