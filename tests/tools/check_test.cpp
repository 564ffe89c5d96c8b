// kalendar-check's exact output on broken fixture books (tests/tools/fixtures/<case>), compared
// with <case>.expected. Regenerate deliberately with tools/bless_golden.sh, never silently.
#include "check_command.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace kalendar::tools {
namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(KALENDAR_SOURCE_DIR) / "tests/tools/fixtures";

// Runs kalendar-check from the fixtures directory so that printed paths are stable.
int run_in_fixtures(const std::vector<std::string>& args, std::string& out) {
  const fs::path previous = fs::current_path();
  fs::current_path(kFixtures);
  std::ostringstream o;
  const int status = run_check(args, o, o);
  fs::current_path(previous);
  out = o.str();
  return status;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class BrokenBook : public ::testing::TestWithParam<const char*> {};

TEST_P(BrokenBook, ReportsExactlyTheCommittedDiagnostics) {
  const std::string name = GetParam();
  std::string out;
  const int status =
      run_in_fixtures({"kalendar-check", "--rules", "../../../rules", name + "/books"}, out);
  EXPECT_EQ(status, 1);
  EXPECT_EQ(out, read_file(kFixtures / (name + ".expected")));
}

INSTANTIATE_TEST_SUITE_P(Fixtures, BrokenBook,
                         ::testing::Values("syntax", "references", "rules_and_ids", "translation",
                                           "yaml_limits", "checks_and_scan", "citations", "titles",
                                           "date_rules", "unreadable_manifest", "colourless",
                                           "eves", "no_colours", "keep_both", "moves",
                                           "counted_weeks", "names_and_tracks", "year_rules",
                                           "options", "overlays"));

TEST(KalendarCheck, ShippedBooksAreClean) {
  std::string out;
  const int status = run_in_fixtures({"kalendar-check", "../../../books"}, out);
  EXPECT_EQ(status, 0) << out;
  EXPECT_NE(out.find("loc_2015: "), std::string::npos) << out;
  EXPECT_NE(out.find("loc_2019_en: "), std::string::npos) << out;
  // Warnings (days without their propers, a data question for the printed books) may remain.
  // (status 0 already means no error; this names the first one in the failure message)
  EXPECT_EQ(out.find(": error:"), std::string::npos) << out;
}

TEST(KalendarCheck, OneBookDirectoryChecksOnlyThatBook) {
  std::string out;
  EXPECT_EQ(
      run_in_fixtures({"kalendar-check", "../../../books/loc_2015", "--years", "2020-2030"}, out),
      0);
  EXPECT_NE(out.find("loc_2015: "), std::string::npos) << out;
  EXPECT_NE(out.find("years 2020-2030 scanned"), std::string::npos) << out;
  EXPECT_EQ(out.find("loc_2019_en"), std::string::npos) << out;
}

// Years before the engine's cached range are computed and freed one by one.
TEST(KalendarCheck, ScansYearsOutsideTheCachedRange) {
  std::string out;
  EXPECT_EQ(run_in_fixtures(
                {"kalendar-check", "../../../books/loc_2019_en", "--years", "1583-1600"}, out),
            0)
      << out;
  EXPECT_NE(out.find("years 1583-1600 scanned"), std::string::npos) << out;
}

TEST(KalendarCheck, UsageErrorsExitWithTwo) {
  const struct {
    std::vector<std::string> args;
    const char* message;
  } kCases[] = {
      {{"kalendar-check"}, "usage: kalendar-check"},
      {{"kalendar-check", "--years", "2100-2000", "x"}, "--years takes FROM-TO"},
      {{"kalendar-check", "--years"}, "--years needs a value"},
      {{"kalendar-check", "--frobnicate", "x"}, "unknown option '--frobnicate'"},
      {{"kalendar-check", "no_such_dir"}, "'no_such_dir' is not a directory"},
  };
  for (const auto& c : kCases) {
    std::string out;
    EXPECT_EQ(run_in_fixtures(c.args, out), 2) << c.message;
    EXPECT_NE(out.find(c.message), std::string::npos) << out;
  }
}

}  // namespace
}  // namespace kalendar::tools
