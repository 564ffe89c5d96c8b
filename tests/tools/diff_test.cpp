// kalendar-diff run in-process: one swapped precedence row in a fixture book gives the exact
// committed text and JSON (tests/tools/diff_fixture/expected.*, blessed with
// tools/bless_golden.sh); identical trees say nothing; broken trees exit 2 with the validator's
// diagnostics. Plus the --html chart's content (the browser test renders it).
#include "diff_command.hpp"
#include "dump_command.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace kalendar::tools {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = fs::path(KALENDAR_SOURCE_DIR);
const fs::path kFixture = kRoot / "tests/tools/diff_fixture";

struct ToolRun {
  int status = 0;
  std::string out;
  std::string err;
};

// Runs `tool` from `dir` so that printed paths are the stable relative ones.
template <typename Tool>
ToolRun run_in(const fs::path& dir, Tool tool, const std::vector<std::string>& args) {
  const fs::path previous = fs::current_path();
  fs::current_path(dir);
  std::ostringstream out;
  std::ostringstream err;
  ToolRun r;
  r.status = tool(args, out, err);
  fs::current_path(previous);
  r.out = out.str();
  r.err = err.str();
  return r;
}

ToolRun diff(const std::vector<std::string>& args) {
  std::vector<std::string> all{"kalendar-diff"};
  all.insert(all.end(), args.begin(), args.end());
  return run_in(kFixture, run_diff, all);
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(KalendarDiff, SwappedPrecedenceRowGivesTheCommittedText) {
  const ToolRun r = diff({"--rules", "../../../rules", "before/books", "after/books"});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out, read_file(kFixture / "expected.txt"));
  // Independent of the committed file: 6 August is a Sunday in exactly these years of the
  // book's 2000-2030, and only there does the swapped row (festival over Sunday) matter.
  EXPECT_NE(r.out.find("fixture 6 Aug Transfiguration | celebration: Proper 13 -> "
                       "Transfiguration | 2000, 2006, 2017, ... (5 years)\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("Andrew"), std::string::npos) << "Advent Sunday outranks both rows";
}

TEST(KalendarDiff, SwappedPrecedenceRowGivesTheCommittedJson) {
  const ToolRun r =
      diff({"--json", "--rules", "../../../rules", "before/books/fixture", "after/books/fixture"});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out, read_file(kFixture / "expected.json"));
  EXPECT_NE(r.out.find("\"dates\":[\"2000-08-06\",\"2006-08-06\",\"2017-08-06\",\"2023-08-06\","
                       "\"2028-08-06\"]"),
            std::string::npos);
}

TEST(KalendarDiff, YearsLimitTheComparison) {
  const ToolRun r =
      diff({"--years", "2001-2005", "--rules", "../../../rules", "before/books", "after/books"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;  // no 6 August falls on a Sunday in 2001-2005
  EXPECT_EQ(r.out, "");
  const ToolRun one =
      diff({"--years", "2006-2006", "--rules", "../../../rules", "before/books", "after/books"});
  EXPECT_EQ(one.status, 1);
  EXPECT_NE(one.out.find("fixture 2006-08-06 Transfiguration | colour: green -> white\n"),
            std::string::npos)
      << one.out;
}

TEST(KalendarDiff, IdenticalTreesExitZeroAndPrintNothing) {
  for (const bool json : {false, true}) {
    std::vector<std::string> args{"--rules", "../../../rules", "before/books", "before/books"};
    if (json) args.insert(args.begin(), "--json");
    const ToolRun r = diff(args);
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "");
  }
  // The shipped books against themselves, through the whole API answer of two years.
  const ToolRun shipped =
      run_in(kRoot, run_diff, {"kalendar-diff", "--years", "2026-2027", "books", "books"});
  EXPECT_EQ(shipped.status, 0) << shipped.out << shipped.err;
  EXPECT_EQ(shipped.out, "");
}

// Issue 11: the diff once compared only the daily office and morning and evening prayer; a
// changed eucharist reading went unreported. Easter Day 2026 (5 April) is in Year A, whose gospel
// BCP 2019 gives as John 20:1-10(11-18); the edited copy reads the whole of John 20:1-18.
TEST(KalendarDiff, ChangedEucharistReadingIsReported) {
  const fs::path scratch =
      fs::temp_directory_path() / ("kalendar-diff-eucharist-" + std::to_string(::getpid()));
  fs::remove_all(scratch);
  for (const char* side : {"before", "after"}) {
    fs::create_directories(scratch / side / "books");
    fs::copy(kRoot / "books/loc_2019_en", scratch / side / "books/loc_2019_en",
             fs::copy_options::recursive);
  }
  const fs::path edited = scratch / "after/books/loc_2019_en/lectionary.yaml";
  std::string lectionary = read_file(edited);
  const std::string row = R"x(gospel: ["John 20:1-10(11-18)", "Matthew 28:1-10"])x";
  const auto at = lectionary.find(row);
  ASSERT_NE(at, std::string::npos) << "the Easter Day row moved: update this test";
  lectionary.replace(at, row.size(), R"x(gospel: ["John 20:1-18", "Matthew 28:1-10"])x");
  std::ofstream(edited) << lectionary;

  const ToolRun r = run_in(scratch, run_diff,
                           {"kalendar-diff", "--years", "2026-2026", "--rules",
                            (kRoot / "rules").string(), "before/books", "after/books"});
  fs::remove_all(scratch);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out,
            "loc_2019_en 2026-04-05 Easter Day | readings (eucharist): first_reading Acts 10:34-43 "
            "+ psalm Psalm 118:14-17, 22-24 + second_reading Colossians 3:1-4 + gospel John "
            "20:1-10(11-18) -> first_reading Acts 10:34-43 + psalm Psalm 118:14-17, 22-24 + "
            "second_reading Colossians 3:1-4 + gospel John 20:1-18\n");
}

TEST(KalendarDiff, BrokenTreeExitsTwoWithTheValidatorsDiagnostics) {
  const ToolRun r = run_in(kRoot / "tests/tools/fixtures", run_diff,
                           {"kalendar-diff", "--rules", "../../../rules",
                            "../diff_fixture/before/books", "syntax/books"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  // The load diagnostics kalendar-check prints for this fixture, without its summary line.
  std::string expected = read_file(kRoot / "tests/tools/fixtures/syntax.expected");
  expected = expected.substr(0, expected.rfind("4 errors"));
  EXPECT_EQ(r.err, expected + "kalendar-diff: syntax/books has errors (run kalendar-check)\n");
}

TEST(KalendarDiff, UsageErrorsExitTwo) {
  const struct {
    std::vector<std::string> args;
    const char* message;
  } kCases[] = {
      {{}, "usage: kalendar-diff"},
      {{"before/books"}, "usage: kalendar-diff"},
      {{"--frobnicate", "a", "b"}, "unknown option '--frobnicate'"},
      {{"--years", "2030-2000", "a", "b"}, "--years takes FROM-TO"},
      {{"--rules", "../../../rules", "nowhere", "after/books"}, "nowhere: not a directory"},
      {{"--rules", "../../../rules", "before/books/fixture", "after/books"},
       "compare a book with a book"},
      {{"--rev", "no-such-revision-xyz", "../../../books/loc_2015"}, "at revision"},
  };
  for (const auto& c : kCases) {
    const ToolRun r = diff(c.args);
    EXPECT_EQ(r.status, 2) << c.message;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
}

TEST(KalendarDiff, RevisionOfAnUneditedBookHasNoChanges) {
  // Only meaningful in a git checkout whose loc_2015 and rules match HEAD.
  const std::string clean_check =
      "git -C '" + kRoot.string() + "' diff --quiet HEAD -- books/loc_2015 rules 2>/dev/null";
  if (std::system(clean_check.c_str()) != 0) GTEST_SKIP() << "not a clean git checkout";
  const ToolRun r =
      run_in(kRoot, run_diff,
             {"kalendar-diff", "--years", "2026-2026", "--rev", "HEAD", "books/loc_2015"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.out, "");
}

ToolRun dump_html(const std::vector<std::string>& args) {
  std::vector<std::string> all{"kalendar-dump", "--books",        "before/books",
                               "--rules",       "../../../rules", "--html"};
  all.insert(all.end(), args.begin(), args.end());
  return run_in(kFixture, run_dump, all);
}

TEST(YearChart, HasEveryDayOfALeapYearInTheBooksLanguage) {
  const ToolRun r = dump_html({"fixture", "2000"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex day_cell("<td class=\"day [^\"]*\" data-date=\"2000-");
  const auto cells = std::distance(std::sregex_iterator(r.out.begin(), r.out.end(), day_cell),
                                   std::sregex_iterator());
  EXPECT_EQ(cells, 366);
  EXPECT_NE(r.out.find("<html lang=\"en\">"), std::string::npos);
  EXPECT_NE(r.out.find("@page{size:landscape"), std::string::npos);
  EXPECT_EQ(r.out.find("<script"), std::string::npos);
  EXPECT_EQ(r.out.find("http"), std::string::npos) << "no external assets";
  // Transfers are marked in text, not only by colour.
  EXPECT_NE(r.out.find("data-date=\"2000-08-07\" data-color=\"white\" "
                       "data-title=\"Transfiguration\""),
            std::string::npos);
  EXPECT_NE(r.out.find("↷ transferred from 6 Aug"), std::string::npos);
  EXPECT_NE(r.out.find("→ Transfiguration (moved to 7 Aug)"), std::string::npos);
}

TEST(YearChart, DiffMarksExactlyTheChangedDays) {
  const ToolRun r = dump_html({"--diff", "after/books", "fixture", "2000"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex changed("class=\"day [^\"]* changed\" data-date=\"([0-9-]+)\"");
  std::vector<std::string> dates;
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), changed);
       it != std::sregex_iterator(); ++it) {
    dates.push_back((*it)[1]);
  }
  EXPECT_EQ(dates, (std::vector<std::string>{"2000-08-06", "2000-08-07"}));
  EXPECT_NE(r.out.find("changed: colour: white -&gt; green"), std::string::npos);
}

TEST(YearChart, PortugueseBookHasPortugueseLegend) {
  const ToolRun r = run_in(kRoot, run_dump, {"kalendar-dump", "--html", "loc_2015", "2026"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("<html lang=\"pt-BR\">"), std::string::npos);
  EXPECT_NE(r.out.find("<h2>Março</h2>"), std::string::npos);
  EXPECT_NE(r.out.find("<strong>Legenda</strong>"), std::string::npos);
  EXPECT_NE(r.out.find("Quaresma"), std::string::npos);
}

TEST(YearChart, UsageErrors) {
  EXPECT_EQ(
      run_in(kRoot, run_dump, {"kalendar-dump", "--diff", "books", "loc_2015", "2026"}).status, 2);
  const ToolRun unknown = run_in(kRoot, run_dump, {"kalendar-dump", "--html", "nope", "2026"});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("unknown book 'nope'"), std::string::npos) << unknown.err;
}

}  // namespace
}  // namespace kalendar::tools
