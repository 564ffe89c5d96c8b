// checks.yaml: parsing validates every field and key; running reports each mismatch at its line.
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

TEST(Checks, PassingAndFailingExpectations) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, colour: red, date: {month: 11, day: 30},
     examples: {2026: 2026-11-30, 2025: 2025-11-30}}
)yaml");
  b.add("checks.yaml", R"yaml(checks:
  - description: Andrew on a Monday
    expect:
      - {date: 2026-11-30, celebration: andrew, colour: red, season: advent, week: 1,
         cycle: {sunday: B, weekday: one}}
      - {date: 2026-11-29, celebration: andrew, colour: violet}
)yaml");
  const CompiledBook& book = b.book();
  const auto failures = run_checks(b.engine(), book);
  ASSERT_EQ(failures.size(), 2u);
  EXPECT_EQ(format_diagnostic(failures[0]),
            "books/mini/checks.yaml:7:9: error: 2026-11-29: celebration: expected 'andrew', got "
            "'none' (Andrew on a Monday)");
  // 30 Nov 2025 is Advent Sunday and no transfer rule exists: the example catches it.
  EXPECT_NE(format_diagnostic(failures[1]).find("example: 'andrew' is not observed on 2025-11-30"),
            std::string::npos);
  EXPECT_EQ(count_checks(b.engine(), book), 10u);
}

TEST(Checks, UnknownFieldsAndKeysAreLoadErrors) {
  MiniBook b;
  b.add("checks.yaml", R"yaml(checks:
  - description: typos
    expect:
      - {date: 2026-11-30, celebraton: andrew}
      - {date: 2026-11-30, season: adventus, colour: mauve, competing: {ghost: yielded}}
      - {date: 2026-13-30}
)yaml");
  const std::string e = b.errors();
  EXPECT_NE(e.find("unknown check field 'celebraton'"), std::string::npos) << e;
  EXPECT_NE(e.find("check: unknown season 'adventus'"), std::string::npos) << e;
  EXPECT_NE(e.find("check: unknown colour 'mauve'"), std::string::npos) << e;
  EXPECT_NE(e.find("check: unknown celebration 'ghost'"), std::string::npos) << e;
  EXPECT_NE(e.find("expected a date YYYY-MM-DD (got '2026-13-30')"), std::string::npos) << e;
}

}  // namespace
}  // namespace kalendar::testing
