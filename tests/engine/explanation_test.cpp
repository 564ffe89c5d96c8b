// explain(day): the engine's own account of why a day resolved as it did. Dates are checked
// against the 1979 pattern of the mini book (Easter 2028 is 16 April, 2026 is 5 April, 2024 is
// 31 March), not against the engine's own output.
#include "kalendar/explanation.hpp"

#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

Days on(std::string_view iso) { return Days{*parse_iso_date(iso)}; }

std::vector<Days> dates(std::initializer_list<std::string_view> isos) {
  std::vector<Days> out;
  for (auto iso : isos) out.push_back(on(iso));
  return out;
}

constexpr const char* kSourcedPrecedence = R"yaml(precedence:
  - {row: 1, key: principal, match: {type: principal_feast}, source: "Calendar, rule 1"}
  - {row: 2, key: privileged_sunday, match: {sunday: [advent, lent, easter]}, source: "Calendar, rule 2"}
  - {row: 3, key: privileged_feria, match: {feria: [holy_week, easter_week]}}
  - {row: 4, key: sunday, match: {sunday: any}}
  - {row: 5, key: festival, match: {type: [major_holy_day, festival]}, source: "Calendar, rule 5"}
  - {row: 6, key: lesser, match: {type: [lesser_feast, commemoration]}, share_day: true}
  - {row: 7, key: feria, match: {feria: any}}
)yaml";

constexpr const char* kSaints = R"yaml(celebrations:
  - {id: 1, key: joseph, name: Joseph, type: festival, colour: white, date: {month: 3, day: 19},
     source: "Calendar, 19 March"}
  - {id: 2, key: annunciation, name: Annunciation, type: festival, colour: white,
     date: {month: 3, day: 25}}
  - {id: 3, key: stephen, name: Stephen, type: festival, colour: red, date: {month: 12, day: 26}}
  - {id: 4, key: john, name: John, type: festival, colour: white, date: {month: 12, day: 27}}
  - {id: 5, key: nicholas, name: Nicholas, type: lesser_feast, colour: white, date: {month: 12, day: 6}}
  - {id: 6, key: ash_wednesday, name: Ash Wednesday, type: major_holy_day, date: {easter: -46}}
transfers:
  - {key: out_of_holy_week, when: {loser: {type: [festival], on: {season: [holy_week]}}},
     then: {move: next_free_day, search_from: {easter: 8}, within_days: 14},
     source: "Calendar, rule 7"}
  - {key: displaced_feast, when: {loser: {type: [festival]}},
     then: {move: next_free_day, within_days: 7, collision: skip}, source: "Calendar, rule 6"}
colour_rules:
  - {key: rose_sundays, when: {sunday_key: [advent_3]}, colour: rose, alternatives: [violet],
     source: "Colours, Advent 3"}
fasts:
  - {key: fast_days, kind: fast, when: {prevailing: {celebration: [ash_wednesday]}},
     source: "Fasts, Ash Wednesday"}
)yaml";

class Explain : public ::testing::Test {
 protected:
  Explain() { b.set_precedence(kSourcedPrecedence).add("calendar.yaml", kSaints); }
  Explanation why(const char* iso) {
    day_ = std::make_unique<ResolvedDay>(b.day(iso));
    return explain(*day_, {});
  }
  MiniBook b;
  std::unique_ptr<ResolvedDay> day_;  // an explanation refers into its day's book
};

TEST_F(Explain, SeasonBoundaryAndSourceComeFromTheInnermostSeason) {
  const Explanation lent = why("2028-03-19");
  EXPECT_EQ(lent.season.season.slug, "lent");
  EXPECT_FALSE(lent.season.sub_season.has_value());
  EXPECT_EQ(lent.season.boundary, on("2028-03-01"));  // Ash Wednesday
  EXPECT_EQ(lent.season.source, "Lent: Ash Wednesday to Holy Saturday");

  const Explanation holy = why("2026-03-31");  // Tuesday in Holy Week
  EXPECT_EQ(holy.season.season.slug, "lent");
  ASSERT_TRUE(holy.season.sub_season.has_value());
  EXPECT_EQ(holy.season.sub_season->slug, "holy_week");
  EXPECT_EQ(holy.season.innermost.slug, "holy_week");
  EXPECT_EQ(holy.season.boundary, on("2026-03-29"));  // Palm Sunday
  EXPECT_EQ(holy.season.source, "Holy Week: Palm Sunday to Holy Saturday");
  EXPECT_EQ(holy.sources.front(), "Holy Week: Palm Sunday to Holy Saturday");
  EXPECT_EQ(holy.liturgical_year.year, 2026);
  EXPECT_EQ(holy.liturgical_year.starts, on("2025-11-30"));
  EXPECT_EQ(holy.liturgical_year.ends, on("2026-11-28"));
}

TEST_F(Explain, WeekGoverningSundayAndLabel) {
  const Explanation thursday = why("2028-03-23");  // in the third week of Lent
  EXPECT_EQ(thursday.week.number, 3);
  EXPECT_FALSE(thursday.week.label_season.has_value());
  EXPECT_EQ(thursday.week.governing_sunday, on("2028-03-19"));
  ASSERT_TRUE(thursday.week.sunday.has_value());
  EXPECT_EQ(thursday.week.sunday->slug, "lent_3");

  const Explanation after_ash = why("2026-02-19");  // before Lent's first Sunday
  EXPECT_FALSE(after_ash.week.number.has_value());
  ASSERT_TRUE(after_ash.week.label_season.has_value());
  EXPECT_EQ(after_ash.week.label_season->slug, "lent");
}

TEST_F(Explain, ProperWindowNamesItsDate) {
  const Explanation proper = why("2025-06-22");  // the Sunday closest to 22 June
  ASSERT_TRUE(proper.proper.has_value());
  EXPECT_EQ(proper.proper->number, 7);
  EXPECT_EQ(proper.proper->closest_month, 6u);
  EXPECT_EQ(proper.proper->closest_day, 22u);
  EXPECT_FALSE(why("2028-03-19").proper.has_value());
}

TEST_F(Explain, EveryCandidateCarriesItsRowFateAndDecidingRule) {
  const Explanation sunday = why("2028-03-19");  // Joseph on the third Sunday in Lent
  ASSERT_EQ(sunday.candidates.size(), 2u);
  const auto& lent3 = sunday.candidates[0];
  EXPECT_EQ(lent3.observance->kind, ObservanceKind::sunday);
  EXPECT_EQ(lent3.observance->fate, Fate::prevailed);
  ASSERT_TRUE(lent3.row.has_value());
  EXPECT_EQ(lent3.row->row, 2);
  EXPECT_EQ(lent3.row->rule.key, "privileged_sunday");
  EXPECT_FALSE(lent3.decided_by.has_value());

  const auto* joseph = sunday.candidate("joseph");
  ASSERT_NE(joseph, nullptr);
  EXPECT_EQ(joseph->observance->fate, Fate::transferred);
  EXPECT_EQ(joseph->row->rule.key, "festival");
  ASSERT_TRUE(joseph->decided_by.has_value());
  EXPECT_EQ(joseph->decided_by->key, "displaced_feast");
  EXPECT_EQ(joseph->celebration_source, "Calendar, 19 March");
  EXPECT_EQ(sunday.candidate("john"), nullptr);
  // Sources in the order met: season, rows, the transfer rule, the celebration.
  EXPECT_EQ(sunday.sources, (std::vector<std::string_view>{
                                "Lent: Ash Wednesday to Holy Saturday", "Calendar, rule 2",
                                "Calendar, rule 5", "Calendar, rule 6", "Calendar, 19 March"}));
}

TEST_F(Explain, TransfersOutAndInListTheDaysTried) {
  const Explanation sunday = why("2028-03-19");
  ASSERT_EQ(sunday.transfers.size(), 1u);
  const auto& out = sunday.transfers[0];
  EXPECT_EQ(out.celebration.slug, "joseph");
  EXPECT_EQ(out.direction, Explanation::Direction::out);
  EXPECT_EQ(out.from, on("2028-03-19"));
  EXPECT_EQ(out.to, on("2028-03-20"));
  EXPECT_EQ(out.rule->key, "displaced_feast");
  EXPECT_EQ(out.days_tried, dates({"2028-03-20"}));

  const Explanation monday = why("2028-03-20");
  ASSERT_EQ(monday.transfers.size(), 1u);
  EXPECT_EQ(monday.transfers[0].direction, Explanation::Direction::in);
  EXPECT_EQ(monday.transfers[0].rule->key, "displaced_feast");
  EXPECT_EQ(monday.transfers[0].days_tried, dates({"2028-03-20"}));

  // Stephen on Sunday 26 December 2027 may only land where everything ranks lower (skip): not
  // on John's day (27th), so on the 28th.
  const Explanation stephen = why("2027-12-26");
  ASSERT_EQ(stephen.transfers.size(), 1u);
  EXPECT_EQ(stephen.transfers[0].to, on("2027-12-28"));
  EXPECT_EQ(stephen.transfers[0].days_tried, dates({"2027-12-27", "2027-12-28"}));

  // The Annunciation in Holy Week 2024 searches from the Monday after Easter Week (Easter + 8).
  const Explanation annunciation = why("2024-03-25");
  ASSERT_EQ(annunciation.transfers.size(), 1u);
  EXPECT_EQ(annunciation.transfers[0].rule->key, "out_of_holy_week");
  EXPECT_EQ(annunciation.transfers[0].days_tried, dates({"2024-04-08"}));
}

TEST_F(Explain, ColourAndFastSayWhereTheyCameFrom) {
  const Explanation rose = why("2025-12-14");  // Advent 3
  ASSERT_TRUE(rose.colour.colour.has_value());
  EXPECT_EQ(rose.colour.colour->slug, "rose");
  EXPECT_EQ(rose.colour.source, ColourSource::rule);
  EXPECT_EQ(rose.colour.rule->key, "rose_sundays");
  ASSERT_EQ(rose.colour.alternatives.size(), 1u);
  EXPECT_EQ(rose.colour.alternatives[0].slug, "violet");

  const Explanation nicholas = why("2025-12-06");  // a Saturday
  EXPECT_EQ(nicholas.colour.source, ColourSource::celebration);
  EXPECT_EQ(nicholas.colour.celebration->slug, "nicholas");
  EXPECT_FALSE(nicholas.colour.rule.has_value());

  const Explanation holy = why("2026-03-31");
  EXPECT_EQ(holy.colour.source, ColourSource::season);
  EXPECT_EQ(holy.colour.season->slug, "holy_week");
  EXPECT_EQ(holy.colour.colour->slug, "red");

  const Explanation ash = why("2026-02-18");
  ASSERT_TRUE(ash.fast.has_value());
  EXPECT_EQ(ash.fast->kind, FastKind::fast);
  EXPECT_EQ(ash.fast->rule.key, "fast_days");
  EXPECT_EQ(ash.sources.back(), "Fasts, Ash Wednesday");
  EXPECT_FALSE(why("2026-02-19").fast.has_value());
}

TEST(ExplainReadings, TheLookupIsCopiedWithItsTableSource) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(lectionaries:
  - key: sundays
    cycle: sunday
    source: "Lectionary, Year A"
    rows:
      advent_1: {A: {gospel: "Matthew 24:36-44"}}
lectionary_lookup:
  eucharist:
    - {table: sundays, key: "{celebration}"}
    - {table: sundays, key: "{sunday}"}
)yaml");
  const ResolvedDay day = b.day("2025-11-30");
  auto set = b.engine().readings(day, {Service::eucharist, {}, {}});
  ASSERT_TRUE(set.ok());
  const std::vector<ReadingSet> sets{std::move(set).value()};
  const Explanation why = explain(day, sets);
  ASSERT_EQ(why.readings.size(), 1u);
  EXPECT_EQ(why.readings[0].service, Service::eucharist);
  EXPECT_TRUE(why.readings[0].part.found);
  EXPECT_EQ(why.readings[0].part.key, "advent_1");
  EXPECT_EQ(why.readings[0].part.cycle, "A");
  EXPECT_EQ(why.sources.back(), "Lectionary, Year A");
}

TEST_F(Explain, ChecksAssertTheRuleThatDecided) {
  b.add("checks.yaml", R"yaml(checks:
  - description: why Joseph left the third Sunday in Lent
    expect:
      - {date: 2028-03-19, why: {rank: privileged_sunday, joseph: displaced_feast,
                                 colour: season lent, fast: none}}
      - {date: 2025-12-14, why: {colour: rule rose_sundays}}
      - {date: 2026-02-18, why: {rank: festival, fast: fast_days}}
      - {date: 2028-03-19, why: {joseph: out_of_holy_week, rank: festival}}
)yaml");
  const auto failures = run_checks(b.engine(), b.book());
  ASSERT_EQ(failures.size(), 2u);
  EXPECT_EQ(format_diagnostic(failures[0]),
            "books/mini/checks.yaml:9:9: error: 2028-03-19: why.joseph: expected "
            "'out_of_holy_week', got 'displaced_feast' (why Joseph left the third Sunday in Lent)");
  EXPECT_EQ(format_diagnostic(failures[1]),
            "books/mini/checks.yaml:9:9: error: 2028-03-19: why.rank: expected 'festival', got "
            "'privileged_sunday' (why Joseph left the third Sunday in Lent)");
  EXPECT_EQ(b.at("2028-03-20", "why.joseph"), "none");  // it arrived: precedence alone decided
  EXPECT_EQ(b.at("2028-03-21", "why.joseph"), "absent");
}

TEST(ExplainChecks, UnknownRulesInWhyAreLoadErrors) {
  MiniBook b;
  b.add("checks.yaml", R"yaml(checks:
  - description: typos
    expect:
      - {date: 2028-03-19, why: {rank: privileged, colour: rule mauve, ghost: displaced_feast}}
)yaml");
  EXPECT_EQ(b.errors(),
            "books/mini/checks.yaml:5:40: error: check: why.rank: no such rule 'privileged'\n"
            "books/mini/checks.yaml:5:60: error: check: why.colour: no such rule 'rule mauve'\n"
            "books/mini/checks.yaml:5:72: error: check: why takes rank, colour, fast or a "
            "celebration key, not 'ghost'\n");
}

}  // namespace
}  // namespace kalendar::testing
