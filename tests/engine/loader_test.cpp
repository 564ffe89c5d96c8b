// The strict loader: every problem reported with file:line:column, all at once.
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

TEST(Loader, SkeletonLoadsCleanly) {
  MiniBook b;
  EXPECT_EQ(b.errors(), "");
  EXPECT_EQ(b.book().code, "mini");
  EXPECT_EQ(b.book().seasons.size(), 8u);
}

TEST(Loader, DuplicateKeysAreErrorsWithTheirPosition) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - id: 1
    key: andrew
    key: andrew_again
    name: Andrew
    type: festival
    date: {month: 11, day: 30}
)yaml");
  // Line numbers count the "schema: 1" line MiniBook::add prepends.
  EXPECT_NE(b.errors().find("books/mini/calendar.yaml:5:5: error: duplicate key 'key'"),
            std::string::npos)
      << b.errors();
}

TEST(Loader, UnknownKeysListTheKnownOnes) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, colr: red, date: {month: 11, day: 30}}
)yaml");
  EXPECT_NE(
      b.errors().find("calendar.yaml:3:56: error: unknown key 'colr' in celebration (known: "),
      std::string::npos)
      << b.errors();
}

TEST(Loader, EveryProblemIsReportedNotOnlyTheFirst) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: a, name: A, type: feast, date: {month: 11, day: 30}}
  - {id: 1, key: b, name: B, type: festival, date: {month: 11, day: 31}}
  - {id: x, key: C, name: C, type: festival, colour: mauve, date: {easter: 2}}
)yaml");
  const std::string e = b.errors();
  EXPECT_NE(e.find("unknown celebration type 'feast'"), std::string::npos) << e;
  EXPECT_NE(e.find("id 1 is already used"), std::string::npos) << e;
  EXPECT_NE(e.find("month 11 has no day 31"), std::string::npos) << e;
  EXPECT_NE(e.find("expected a whole number (got 'x')"), std::string::npos) << e;
  EXPECT_NE(e.find("expected an identifier"), std::string::npos) << e;
  EXPECT_NE(e.find("colour 'mauve' is not in the palette"), std::string::npos) << e;
}

TEST(Loader, YamlSyntaxErrorsHaveAPosition) {
  MiniBook b;
  b.add("calendar.yaml", "celebrations: [\n  {id: 1\n");
  EXPECT_NE(b.errors().find("books/mini/calendar.yaml:"), std::string::npos);
  EXPECT_NE(b.errors().find("YAML syntax"), std::string::npos) << b.errors();
}

TEST(Loader, BooleansAreOnlyTrueOrFalse) {
  MiniBook b;
  b.set_precedence(R"yaml(precedence:
  - {row: 1, key: everything, match: {kind: [celebration, sunday, feria]}, share_day: yes}
)yaml");
  EXPECT_NE(b.errors().find("expected true or false (got 'yes')"), std::string::npos) << b.errors();
}

TEST(Loader, SectionsAreClosedAndSinglesAreDefinedOnce) {
  MiniBook b;
  b.add("extra.yaml", "palette: [white]\nfeasts: []\n");
  const std::string e = b.errors();
  EXPECT_NE(e.find("section 'palette' is already defined at books/mini/book.yaml"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("unknown section 'feasts'"), std::string::npos) << e;
}

TEST(Loader, SchemaIsRequiredAndChecked) {
  MiniBook b;
  b.add_book("other", {{"book.yaml", "code: other\nlang: en\n"}});
  b.add_book("third", {{"book.yaml", "schema: 2\ncode: third\n"}});
  const std::string e = b.errors();
  EXPECT_NE(e.find("books/other/book.yaml:1:1: error: missing 'schema: 1'"), std::string::npos)
      << e;
  EXPECT_NE(e.find("unsupported schema '2'"), std::string::npos) << e;
}

TEST(Loader, CodeMustMatchTheDirectory) {
  MiniBook b;
  b.add_book("other", {{"book.yaml", "schema: 1\ncode: wrong\n"}});
  EXPECT_NE(b.errors().find("book.yaml must say 'code: other'"), std::string::npos) << b.errors();
}

TEST(Loader, UnknownReferencesAreErrors) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(transfers:
  - {key: t, when: {loser: {celebration: ghost}}, then: commemorate}
colour_rules:
  - {key: c, when: {season: summer}, colour: white}
  - {key: d, when: {sunday_key: advent_99x}, colour: white}
)yaml");
  const std::string e = b.errors();
  EXPECT_NE(e.find("unknown celebration 'ghost'"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown season 'summer'"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown Sunday key 'advent_99x'"), std::string::npos) << e;
}

TEST(Loader, InvalidUtf8IsRejected) {
  MiniBook b;
  b.add("calendar.yaml",
        "celebrations:\n  - {id: 1, key: a, name: \"A\xff\", type: festival, "
        "date: {month: 1, day: 2}}\n");
  EXPECT_NE(b.errors().find("not valid UTF-8"), std::string::npos) << b.errors();
}

TEST(Loader, MissingNamesInTheBooksLanguageAreErrors) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(celebrations:
  - {id: 1, key: nameless, type: festival, date: {month: 1, day: 2}}
)yaml");
  EXPECT_NE(b.errors().find("celebration 'nameless' has no name in en"), std::string::npos)
      << b.errors();
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST(Loader, AFileOverTheSizeLimitIsRefusedWhereTheLimitIsCrossed) {
  MiniBook b;
  // 5 MiB of comment lines of 1 KiB each.
  std::string text;
  const std::string line = "# " + std::string(1021, 'x') + "\n";  // 1024 bytes
  while (text.size() < (5U << 20U)) text += line;
  b.add("calendar.yaml", text);
  // MiniBook prepends "schema: 1\n" (10 bytes): 4 MiB = 10 + 4095 * 1024 + 1014, so the
  // limit is crossed on line 1 + 4095 + 1 = 4097, after 1014 bytes.
  EXPECT_NE(b.errors().find(
                "books/mini/calendar.yaml:4097:1015: error: file is larger than 4194304 bytes"),
            std::string::npos)
      << b.errors().substr(0, 400);
}

}  // namespace
}  // namespace kalendar::testing
