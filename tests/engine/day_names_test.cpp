// Names for weekdays that are no celebration (`day_names:`): the day's title when the weekday
// itself prevails; a Sunday keeps its Sunday's name and a celebration its own.
// Dates: Easter Eve 2026 is 4 April; Shrove Tuesday 2026 is 17 February; Christmas Eve 2026 is
// a Thursday, 2023 a Sunday (Advent 4).
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

constexpr const char* kNames = R"yaml(
celebrations:
  - {id: 1, key: janani, name: Janani Luwum, type: lesser_feast, date: {month: 2, day: 17}}
day_names:
  - {key: easter_eve, name: Easter Eve, on: {easter: -1}, source: "p. 1"}
  - {key: shrove_tuesday, name: Shrove Tuesday, on: {easter: -47}}
  - {key: christmas_eve, name: Christmas Eve, on: {month: 12, day: 24}}
sunday_names: {advent_4: The Fourth Sunday of Advent}
)yaml";

TEST(DayNames, AWeekdayWithoutACelebrationIsCalledByItsName) {
  MiniBook b;
  b.add("calendar.yaml", kNames);
  EXPECT_EQ(b.errors(), "");
  EXPECT_EQ(b.at("2026-04-04", "title"), "Easter Eve");
  EXPECT_EQ(b.at("2026-12-24", "title"), "Christmas Eve");
  EXPECT_EQ(b.at("2026-04-04", "celebration"), "none");  // a name, not a celebration
  EXPECT_EQ(b.day("2026-04-04").day_name()->slug, "easter_eve");
  EXPECT_FALSE(b.day("2026-04-03").day_name().has_value());
  EXPECT_EQ(b.at("2027-03-27", "title"), "Easter Eve");  // moves with Easter
}

TEST(DayNames, ACelebrationOrASundayKeepsItsOwnName) {
  MiniBook b;
  b.add("calendar.yaml", kNames);
  EXPECT_EQ(b.at("2026-02-17", "title"), "Janani Luwum");    // Shrove Tuesday 2026
  EXPECT_EQ(b.at("2027-02-09", "title"), "Shrove Tuesday");  // no feast that day
  EXPECT_EQ(b.at("2023-12-24", "title"), "The Fourth Sunday of Advent");
}

TEST(DayNames, AreTranslatedLikeEveryName) {
  MiniBook b;
  b.add("calendar.yaml", kNames);
  b.add("strings/pt-BR.yaml", R"yaml(lang: pt-BR
strings:
  day_names: {easter_eve: Sábado Santo}
)yaml");
  const LanguageStrings& pt = b.book().strings_for("pt-BR");
  ASSERT_EQ(pt.day_names.size(), 3u);
  EXPECT_EQ(pt.day_names[0], "Sábado Santo");
  EXPECT_EQ(pt.day_names[1], "Shrove Tuesday");  // falls back to the book's language
}

TEST(DayNames, ANameIsNeededAndKeysAreUnique) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, date: {month: 11, day: 30}}
day_names:
  - {key: eve, on: {easter: -1}}
  - {key: eve, name: Eve, on: {easter: -1}}
  - {key: andrew, name: Andrew's day, on: {month: 11, day: 30}}
)yaml");
  const std::string errors = b.errors();
  EXPECT_NE(errors.find("day name key 'eve' is used twice"), std::string::npos) << errors;
  EXPECT_NE(errors.find("day name 'andrew' is a celebration's key"), std::string::npos) << errors;
}

}  // namespace
}  // namespace kalendar::testing
