// A book that prescribes no colours (`palette: []`, as the 1662 Book of Common Prayer): no day
// has a colour, none is reported missing, and a colour given anywhere is an error.
#include "mini_book.hpp"

#include <regex>

namespace kalendar::testing {
namespace {

// The skeleton's seasons with their colours taken out, and a manifest that uses them.
MiniBook colourless_book() {
  MiniBook b;
  const std::string seasons =
      std::regex_replace(std::regex_replace(kSkeletonSeasons, std::regex("colour: [a-z]+, ?"), ""),
                         std::regex("schema: 1\n"), "");
  std::string manifest =
      std::regex_replace(kSkeletonManifest, std::regex("palette: \\[.*\\]"), "palette: []");
  manifest =
      std::regex_replace(manifest, std::regex("uses: \\[skeleton, propers\\]"), "uses: [propers]");
  b.add("book.yaml", std::regex_replace(manifest, std::regex("schema: 1\n"), ""));
  b.add("seasons.yaml", seasons);
  return b;
}

TEST(Colourless, NoDayHasAColourAndNoneIsReportedMissing) {
  MiniBook b = colourless_book();
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, date: {month: 11, day: 30}}
)yaml");
  EXPECT_EQ(b.errors(), "");
  EXPECT_TRUE(b.book().palette.empty());
  for (const char* date : {"2025-11-30", "2025-12-01", "2025-12-25", "2026-04-05"}) {
    EXPECT_FALSE(b.day(date).colour()) << date;
    EXPECT_EQ(b.at(date, "colour"), "none") << date;
  }
  const ResolvedDay andrew = b.day("2026-11-30");
  EXPECT_EQ(b.at("2026-11-30", "celebration"), "andrew");
  EXPECT_FALSE(andrew.colour_of(andrew.prevailing()).colour);
  for (int year = 2025; year <= 2027; ++year) {
    // (The skeleton names no Sundays: those anomalies are not this test's.)
    for (const Anomaly& a : b.book().year_plan(year)->anomalies) {
      EXPECT_EQ(a.message.find("colour"), std::string::npos) << a.message;
    }
  }
}

TEST(Colourless, AColourAnywhereIsAnError) {
  MiniBook b = colourless_book();
  b.add("calendar.yaml", R"yaml(
celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, colour: red, date: {month: 11, day: 30}}
colour_rules:
  - {key: feasts, when: {season: [advent]}, colour: white}
)yaml");
  EXPECT_EQ(b.errors(),
            "books/mini/calendar.yaml:4:64: error: colour 'red' in a book without colours "
            "(palette: [])\n"
            "books/mini/calendar.yaml:6:5: error: colour rule in a book without colours "
            "(palette: [])\n");
}

TEST(Colourless, ABookWithColoursStillReportsAPaletteThatIsNotAList) {
  MiniBook b;
  b.add("book.yaml",
        std::regex_replace(
            std::regex_replace(kSkeletonManifest, std::regex("palette: \\[.*\\]"), "palette: {}"),
            std::regex("schema: 1\n"), ""));
  EXPECT_NE(b.errors().find("book.yaml"), std::string::npos) << b.errors();
}

}  // namespace
}  // namespace kalendar::testing
