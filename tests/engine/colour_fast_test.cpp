// Colours (rules, then the prevailing celebration, then the season) and fasts.
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

constexpr const char* kColourRules = R"yaml(colour_rules:
  - {key: rose_sundays, when: {sunday_key: [advent_3, lent_4]}, colour: rose, alternatives: [violet, purple]}
  - {key: palm_sunday_red, when: {sunday_key: [palm_sunday]}, colour: red}
  - {key: epiphany_days_white, when: {season: [epiphany], before_first_sunday: true}, colour: white}
celebrations:
  - {id: 1, key: nicholas, name: Nicholas, type: lesser_feast, colour: white, date: {month: 12, day: 6}}
  - {id: 2, key: ash_wednesday, name: Ash Wednesday, type: major_holy_day, date: {easter: -46}}
  - {id: 3, key: good_friday, name: Good Friday, type: principal_feast, colour: black, date: {easter: -2}}
  - {id: 4, key: annunciation, name: Annunciation, type: festival, colour: white, date: {month: 3, day: 25}}
)yaml";

TEST(Colour, RulesThenCelebrationThenSeason) {
  MiniBook b;
  b.add("calendar.yaml", kColourRules);
  const struct {
    const char* date;
    const char* colour;
    ColourSource source;
  } kCases[] = {
      {"2025-12-14", "rose", ColourSource::rule},          // Advent 3
      {"2026-03-15", "rose", ColourSource::rule},          // Lent 4
      {"2026-03-29", "red", ColourSource::rule},           // Palm Sunday
      {"2026-01-07", "white", ColourSource::rule},         // after the Epiphany, before Sunday 1
      {"2026-01-13", "green", ColourSource::season},       // Epiphany, week 1
      {"2025-12-06", "white", ColourSource::celebration},  // Nicholas on a Saturday
      {"2026-12-06", "violet", ColourSource::season},      // Advent 2: Nicholas does not prevail
      {"2026-02-18", "purple", ColourSource::season},      // Ash Wednesday has no colour of its own
      {"2026-04-03", "black", ColourSource::celebration},
      {"2026-03-31", "red", ColourSource::season},  // Holy Week (sub-season colour)
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.date);
    const ResolvedDay d = b.day(c.date);
    EXPECT_EQ(actual_check_value(d, "colour"), c.colour);
    EXPECT_EQ(d.record().colour_source, c.source);
  }
  const ResolvedDay rose = b.day("2025-12-14");
  EXPECT_EQ(rose.record().colour_alternatives,
            (1u << b.book().find_colour("violet")) | (1u << b.book().find_colour("purple")));
}

TEST(Colour, UseSeasonOverridesACelebrationsColour) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(colour_rules:
  - {key: lesser_feasts_in_season_colour, when: {prevailing: {type: [lesser_feast]}}, use: season}
celebrations:
  - {id: 1, key: nicholas, name: Nicholas, type: lesser_feast, colour: white, date: {month: 12, day: 6}}
)yaml");
  EXPECT_EQ(b.at("2025-12-06", "celebration"), "nicholas");
  EXPECT_EQ(b.at("2025-12-06", "colour"), "violet");
}

constexpr const char* kFasts = R"yaml(fasts:
  - {key: fast_days, kind: fast, when: {prevailing: {celebration: [ash_wednesday, good_friday]}}}
  - {key: lent_weekdays, kind: special_devotion, when: {season: [lent]},
     except: {any_of: [{weekday: [sunday]}, {prevailing: {celebration: [annunciation]}}]}}
  - {key: fridays, kind: abstinence, when: {weekday: [friday]},
     except: {any_of: [{season: [christmas, easter]}, {prevailing: {type: [principal_feast]}}]}}
)yaml";

TEST(Fast, FirstMatchingRuleWithExceptions) {
  MiniBook b;
  b.add("calendar.yaml", kColourRules).add("fasts.yaml", kFasts);
  const struct {
    const char* date;
    const char* fast;
  } kCases[] = {
      {"2026-02-18", "fast"},              // Ash Wednesday
      {"2026-04-03", "fast"},              // Good Friday
      {"2026-02-19", "special_devotion"},  // a Lent weekday
      {"2026-02-22", "none"},              // a Sunday in Lent
      {"2026-03-25", "none"},              // the Annunciation on a Lent Wednesday
      {"2026-06-12", "abstinence"},        // an ordinary Friday
      {"2026-04-10", "none"},              // Friday in Easter Week
      {"2026-01-02", "none"},              // Friday in Christmas
      {"2026-06-11", "none"},              // Thursday
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.date);
    EXPECT_EQ(b.at(c.date, "fast"), c.fast);
  }
}

}  // namespace
}  // namespace kalendar::testing
