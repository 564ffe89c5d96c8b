// Names the day resource shows besides the celebration's: the day's title (weekday templates per
// season), the names of fast rules (Ember Days) and collect titles, and the load errors that
// keep a book from showing a raw key or an empty title.
#include "mini_book.hpp"

#include "kalendar/day_title.hpp"

namespace kalendar::testing {
namespace {

// The mini-book's shared English strings have no weekday titles; each test adds its own.
constexpr const char* kTitles = R"yaml(
lang: en
strings:
  weekdays: {sunday: Sunday, monday: Monday, tuesday: Tuesday, wednesday: Wednesday,
             thursday: Thursday, friday: Friday, saturday: Saturday}
  weekday_titles:
    default: "{weekday} in week {week} of {season}"
    default_before_week_1: "{weekday}, {week_label}"
    easter_week: "{weekday} in {season}"
    lent_before_week_1: "{weekday} after Ash Wednesday"
    advent: "{weekday} after {sunday}"
)yaml";

constexpr const char* kCalendar = R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, date: {month: 11, day: 30}}
  - {id: 2, key: ash_wednesday, name: Ash Wednesday, type: principal_feast, date: {easter: -46}}
sunday_names: {advent_1: The First Sunday of Advent, easter_2: The Second Sunday of Easter}
)yaml";

std::string title(MiniBook& b, const char* date) {
  return day_title(b.day(date), b.book().strings.front());
}

TEST(DayTitle, CelebrationThenSundayThenTheSeasonsWeekdayTemplate) {
  MiniBook b;
  b.add("calendar.yaml", kCalendar).add("strings/en.yaml", kTitles);
  EXPECT_EQ(b.errors(), "");
  EXPECT_EQ(title(b, "2026-11-30"), "Andrew");                      // a celebration prevails
  EXPECT_EQ(title(b, "2025-11-30"), "The First Sunday of Advent");  // a Sunday
  EXPECT_EQ(title(b, "2025-12-02"), "Tuesday after The First Sunday of Advent");
  // Easter Week is a sub-season of Easter: its own template wins over the default.
  EXPECT_EQ(title(b, "2026-04-06"), "Monday in Easter Week");
  EXPECT_EQ(title(b, "2026-04-14"), "Tuesday in week 2 of Easter");
  EXPECT_EQ(title(b, "2026-02-18"), "Ash Wednesday");
  EXPECT_EQ(title(b, "2026-02-19"), "Thursday after Ash Wednesday");  // week 0 of Lent
  EXPECT_EQ(title(b, "2026-01-08"), "Thursday, after the Epiphany");  // the default for week 0
}

TEST(DayTitle, DaysWithoutATitleAreFoundByTheScan) {
  MiniBook b;  // no weekday templates at all
  b.add("calendar.yaml", kCalendar);
  const CompiledBook& book = b.book();
  const auto anomalies = untitled_days(book, book.year_plan(2026));
  ASSERT_FALSE(anomalies.empty());
  EXPECT_EQ(format_iso_date(anomalies.front().date), "2025-12-01");  // Monday of Advent 1
  EXPECT_EQ(anomalies.front().message,
            "day has no title in en: no celebration or Sunday name, and no weekday_titles entry "
            "'advent' or 'default'");
  EXPECT_EQ(anomalies.front().loc.file, "rules/skeleton.yaml");

  MiniBook titled;
  titled.add("calendar.yaml", kCalendar).add("strings/en.yaml", kTitles);
  const CompiledBook& t = titled.book();
  EXPECT_TRUE(untitled_days(t, t.year_plan(2026)).empty());
}

TEST(DayTitle, UnknownPlaceholdersAndKeysAreErrors) {
  MiniBook b;
  b.add("calendar.yaml", kCalendar).add("strings/en.yaml", R"yaml(
lang: en
strings:
  weekday_titles:
    default: "{weekday} of {wek}"
    lenten: "{weekday}"
)yaml");
  const std::string e = b.errors();
  EXPECT_NE(e.find("weekday title '{weekday} of {wek}' has an unknown placeholder '{wek}'"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("strings: no weekday_titles entry 'lenten' in this book"), std::string::npos)
      << e;
}

TEST(FastNames, ARuleNamesItsDaysAndTranslationsRenameThem) {
  MiniBook b;
  b.add("calendar.yaml", kCalendar)
      .add("fasts.yaml", R"yaml(
fasts:
  - {key: rogation_days, kind: self_denial, name: Rogation Day,
     when: {date: [{easter: 36}, {easter: 37}, {easter: 38}]}}
  - {key: fridays, kind: abstinence, when: {weekday: [friday]}}
)yaml")
      .add("strings/pt-BR.yaml", R"yaml(
lang: pt-BR
strings:
  fast_names: {rogation_days: Dia de Rogações}
)yaml");
  EXPECT_EQ(b.errors(), "");
  const CompiledBook& book = b.book();
  const ResolvedDay monday = b.day("2026-05-11");  // Easter + 36
  ASSERT_NE(monday.record().fast_rule, kNoIndex);
  EXPECT_EQ(book.strings_for("en").fast_names[monday.record().fast_rule], "Rogation Day");
  EXPECT_EQ(book.strings_for("pt-BR").fast_names[monday.record().fast_rule], "Dia de Rogações");
  const ResolvedDay friday = b.day("2026-06-12");
  ASSERT_NE(friday.record().fast_rule, kNoIndex);
  EXPECT_EQ(book.strings_for("en").fast_names[friday.record().fast_rule], "");  // unnamed
}

TEST(CollectTitles, AKeyWithoutTitleCelebrationOrSundayNameIsAnError) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, date: {month: 11, day: 30}}
sunday_names: {advent_1: Advent 1}
collects:
  keys:
    andrew: {}
    advent_1: {}
    advent_2: {}
    easter_day_monday: {reference: "p. 1"}
    ember_days: {title: Ember Days}
  lookup: []
)yaml");
  const std::string e = b.errors();
  EXPECT_NE(e.find("calendar.yaml:10:5: error: collect 'advent_2' has no title in en"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("calendar.yaml:11:5: error: collect 'easter_day_monday' has no title in en"),
            std::string::npos)
      << e;
  EXPECT_EQ(e.find("'andrew' has no title"), std::string::npos) << e;
  EXPECT_EQ(e.find("'advent_1' has no title"), std::string::npos) << e;
  EXPECT_EQ(e.find("'ember_days' has no title"), std::string::npos) << e;
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST(BiblePreferences, ByLanguageInTheBooksOrderAndThePreferenceNeedsNoOptions) {
  MiniBook b;
  b.add("bibles.yaml", R"yaml(
bibles:
  pt-BR: [arc]
  en: [web, kjv]
preferences:
  - {key: bible, name: Bible version}
)yaml");
  EXPECT_EQ(b.errors(), "");
  const CompiledBook& book = b.book();
  ASSERT_EQ(book.bibles_by_language.size(), 2U);
  EXPECT_EQ(book.bibles_by_language[0].lang, "pt-BR");
  EXPECT_EQ(book.bibles_by_language[0].codes, (std::vector<std::string>{"arc"}));
  EXPECT_EQ(book.bibles_by_language[1].codes, (std::vector<std::string>{"web", "kjv"}));

  MiniBook without;  // without bibles:, the bible preference lists its versions
  without.add("bibles.yaml", "preferences:\n  - {key: bible, name: Bible version}\n");
  EXPECT_NE(without.errors().find("missing 'options'"), std::string::npos) << without.errors();
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST(CollectTitles, TranslationsRenameThemAndTheRestFallBackToTheBooksOwn) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
collects:
  keys:
    ember_days: {title: Ember Days}
    rogation_days: {title: Rogation Days}
  lookup: []
)yaml")
      .add("strings/pt-BR.yaml", R"yaml(
lang: pt-BR
strings:
  collects: {ember_days: Dias de Têmporas}
)yaml");
  EXPECT_EQ(b.errors(), "");
  const CompiledBook& book = b.book();
  const Index ember = book.collect_index.at("ember_days");
  const Index rogation = book.collect_index.at("rogation_days");
  EXPECT_EQ(book.strings_for("pt-BR").collect_titles[ember], "Dias de Têmporas");
  EXPECT_EQ(book.strings_for("pt-BR").collect_titles[rogation], "Rogation Days");
  EXPECT_EQ(book.strings_for("en").collect_titles[ember], "Ember Days");
}

}  // namespace
}  // namespace kalendar::testing
