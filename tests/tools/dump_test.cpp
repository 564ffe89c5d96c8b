// kalendar-dump run in-process on the shipped books: its JSON lines are the API's own bodies,
// its text lines show what a liturgist needs to read a year, and bad input exits non-zero.
#include "dump_command.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace kalendar::tools {
namespace {

const std::string kBooks = std::string(KALENDAR_SOURCE_DIR) + "/books";

int dump(std::vector<std::string> args, std::string& out, std::string& err) {
  args.insert(args.begin(), {"kalendar-dump", "--books", kBooks});
  std::ostringstream o;
  std::ostringstream e;
  const int status = run_dump(args, o, e);
  out = o.str();
  err = e.str();
  return status;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(KalendarDump, TextYearHasOneLinePerDayAndShowsTransfers) {
  std::string out;
  std::string err;
  ASSERT_EQ(dump({"loc_2015", "2025"}, out, err), 0) << err;
  const auto lines = lines_of(out);
  ASSERT_EQ(lines.size(), 365U);
  EXPECT_EQ(lines.front().rfind("2025-01-01", 0), 0U) << lines.front();
  // St Andrew falls on Advent Sunday in 2025 and moves to Monday.
  EXPECT_NE(lines[333].find("Primeiro Domingo do Advento"), std::string::npos) << lines[333];
  EXPECT_NE(lines[333].find("transferred 2025-12-01"), std::string::npos) << lines[333];
  EXPECT_NE(lines[334].find("André"), std::string::npos) << lines[334];
}

TEST(KalendarDump, LiturgicalYearRunsFromAdventSundayToTheSaturdayBefore) {
  std::string out;
  std::string err;
  ASSERT_EQ(dump({"--liturgical", "loc_2019_en", "2026"}, out, err), 0) << err;
  const auto lines = lines_of(out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front().rfind("2025-11-30", 0), 0U) << lines.front();
  EXPECT_EQ(lines.back().rfind("2026-11-28", 0), 0U) << lines.back();
  EXPECT_EQ(lines.size(), 364U);
}

TEST(KalendarDump, JsonLinesAreExactlyTheApiDayBodies) {
  std::string year;
  std::string api;
  std::string err;
  ASSERT_EQ(dump({"--json", "loc_2019_en", "2026"}, year, err), 0) << err;
  ASSERT_EQ(dump({"--api", "/api/v2/days/2026-12-25?book=loc_2019_en&lang=en"}, api, err), 0)
      << err;
  const auto lines = lines_of(year);
  ASSERT_EQ(lines.size(), 365U);
  EXPECT_EQ(lines[358] + "\n", api);
  EXPECT_NE(api.find("\"slug\":\"christmas\""), std::string::npos) << api;
}

// Issue 8: the dump shows what the API shows, so the Portuguese translation's readings name
// their books in Portuguese there too, and the English original's in English.
TEST(KalendarDump, TranslationsReadingsNameTheirBooksInItsLanguage) {
  std::string pt;
  std::string en;
  std::string err;
  const std::string path = "/api/v2/days/2026-04-05/readings?service=eucharist&book=";
  ASSERT_EQ(dump({"--api", path + "loc_2019"}, pt, err), 0) << err;
  ASSERT_EQ(dump({"--api", path + "loc_2019_en"}, en, err), 0) << err;
  EXPECT_NE(pt.find("\"reference\":\"Salmo 118:14-17, 22-24\""), std::string::npos) << pt;
  EXPECT_NE(pt.find("\"reference\":\"João 20:1-10(11-18)\""), std::string::npos) << pt;
  EXPECT_EQ(pt.find("Psalm"), std::string::npos) << pt;
  EXPECT_NE(en.find("\"reference\":\"Psalm 118:14-17, 22-24\""), std::string::npos) << en;
}

TEST(KalendarDump, ApiErrorsArePrintedAndExitOne) {
  std::string out;
  std::string err;
  EXPECT_EQ(dump({"--api", "/api/v2/days/2025-13-25?book=loc_2015"}, out, err), 1);
  EXPECT_NE(out.find("\"code\":\"invalid_parameter\""), std::string::npos) << out;
}

TEST(KalendarDump, UsageErrorsExitTwo) {
  const struct {
    std::vector<std::string> args;
    const char* message;
  } kCases[] = {
      {{}, "usage: kalendar-dump"},
      {{"loc_2015"}, "usage: kalendar-dump"},
      {{"loc_2015", "twenty"}, "usage: kalendar-dump"},
      {{"--api", "/api/v2/prayer-books", "loc_2015", "2025"}, "usage: kalendar-dump"},
      {{"--frobnicate"}, "unknown option '--frobnicate'"},
      {{"no_such_book", "2025"}, "no_such_book"},
  };
  for (const auto& c : kCases) {
    std::string out;
    std::string err;
    EXPECT_EQ(dump(c.args, out, err), 2) << c.message;
    EXPECT_NE(err.find(c.message), std::string::npos) << err;
  }
}

TEST(KalendarDump, BrokenBooksDirectoryIsReportedNotDumped) {
  std::string out;
  std::string err;
  const std::vector<std::string> args = {
      "kalendar-dump", "--books", std::string(KALENDAR_SOURCE_DIR) + "/tests/tools/no_such_dir",
      "loc_2015", "2025"};
  std::ostringstream o;
  std::ostringstream e;
  EXPECT_NE(run_dump(args, o, e), 0);
  EXPECT_TRUE(o.str().empty()) << o.str();
  EXPECT_FALSE(e.str().empty());
}

}  // namespace
}  // namespace kalendar::tools
