// The strict loader: every problem reported with file:line:column, all at once.
#include "mini_book.hpp"
#include "source_tree.hpp"

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

// The tree is built from yaml-cpp's parser events (not YAML::Load): an alias must still be the
// anchored value, wherever it is used, with the anchor's position and its quoting.
TEST(Loader, AnAliasRepeatsTheAnchoredValue) {
  DiagnosticList diags;
  auto root = detail::read_yaml_text("base: &b {x: 1, y: '2', z: ~}\ncopy: *b\nlist: [*b, plain]\n",
                                     "t.yaml", diags);
  ASSERT_TRUE(root.has_value());
  EXPECT_FALSE(diags.has_errors());
  const detail::SourceNode* base = root->find("base");
  const detail::SourceNode* copy = root->find("copy");
  const detail::SourceNode* list = root->find("list");
  ASSERT_TRUE(base && copy && list);
  for (const detail::SourceNode* n : {copy, &list->items.at(0)}) {
    ASSERT_TRUE(n->is_map());
    EXPECT_EQ(n->loc.line, base->loc.line);
    EXPECT_EQ(n->loc.column, base->loc.column);
    EXPECT_EQ(n->find("x")->scalar, "1");
    EXPECT_FALSE(n->find("x")->quoted);
    EXPECT_EQ(n->find("y")->scalar, "2");
    EXPECT_TRUE(n->find("y")->quoted);
    EXPECT_TRUE(n->find("z")->is_null());
  }
  EXPECT_EQ(list->items.at(1).scalar, "plain");
  EXPECT_EQ(list->items.at(1).loc.line, 3);
}

// A problem inside an anchored value is reported for every use, as the anchored node is walked
// again for each alias (what YAML::Load's shared nodes gave).
TEST(Loader, AProblemInAnAnchoredValueIsReportedForEachUse) {
  DiagnosticList diags;
  auto root = detail::read_yaml_text("a: &d {k: 1, k: 2}\nb: *d\n", "t.yaml", diags);
  ASSERT_TRUE(root.has_value());
  std::string all;
  for (const auto& d : diags.items()) all += format_diagnostic(d) + "\n";
  const std::string expected =
      "t.yaml:1:14: error: duplicate key 'k' (only the first one would count)\n";
  EXPECT_EQ(all, expected + expected);
}

// Long mappings (a lectionary's) index their keys instead of searching them: a duplicate is
// still caught, both among the first keys and after many.
TEST(Loader, DuplicateKeysAreCaughtInLongMappings) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "k" + std::to_string(i) + ": 1\n";
  text += "k3: 2\nk39: 3\n";
  DiagnosticList diags;
  auto root = detail::read_yaml_text(text, "t.yaml", diags);
  ASSERT_TRUE(root.has_value());
  std::string all;
  for (const auto& d : diags.items()) all += format_diagnostic(d) + "\n";
  EXPECT_EQ(all,
            "t.yaml:41:1: error: duplicate key 'k3' (only the first one would count)\n"
            "t.yaml:42:1: error: duplicate key 'k39' (only the first one would count)\n");
  EXPECT_EQ(root->entries.size(), 40U);
}

// An empty file reads as null at its first line, as YAML::Load's empty document did.
TEST(Loader, AnEmptyFileIsNullAtItsFirstLine) {
  DiagnosticList diags;
  auto root = detail::read_yaml_text("# nothing\n", "t.yaml", diags);
  ASSERT_TRUE(root.has_value());
  EXPECT_TRUE(root->is_null());
  EXPECT_EQ(root->loc.line, 1);
}

}  // namespace
}  // namespace kalendar::testing
