// Golden response bodies (tests/golden): the case list, a stable pretty form of a body, and a
// readable structural diff. Used by golden_test.cpp (compare) and bless_golden_api.cpp (write).
//
// tests/golden/cases.yaml:
//   cases:
//     - name: advent_sunday_andrew_transferred        # -> advent_sunday_andrew_transferred.json
//       path: /api/v2/days/2025-11-30?include=celebrations
//       book: loc_2015                                # appended as book=...; optional
//       status: 200                                   # optional, default 200
//
// `meta.data_version` (a digest of the book files, which changes with every edit of a book) is
// stored as "<data_version>" and matches any string; everything else must be equal.
//
// Example:
//   auto cases = load_golden_cases(dir);
//   std::string written = pretty_body(response.body);          // what bless writes
//   auto problems = golden_diff(expected_text, response.body);  // empty: equal
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::testing {

struct GoldenCase {
  std::string name;
  std::string path;
  std::string book;
  int status = 200;
};

// gtest prints a case by its name (test names and ctest listings).
inline void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.name; }

// The directory of the committed golden files.
std::filesystem::path golden_dir();

// Reads `<dir>/cases.yaml`; throws std::runtime_error with the reason when it is malformed
// (unknown member, duplicate or unsafe name, path not under /api/v2/).
std::vector<GoldenCase> load_golden_cases(const std::filesystem::path& dir);

// The request target of a case: path plus `book=` when the case names a book.
std::string golden_target(const GoldenCase& c);

// The body as the golden file stores it: two-space indented JSON, members in document order,
// meta.data_version masked, a final newline. Throws std::runtime_error when `body` is not JSON.
std::string pretty_body(std::string_view body);

// Differences between a golden file's text and an actual body, one line each
// ("/data/season/slug: expected \"advent\", got \"lent\""); empty when they match.
std::vector<std::string> golden_diff(std::string_view expected, std::string_view actual);

}  // namespace kalendar::testing
