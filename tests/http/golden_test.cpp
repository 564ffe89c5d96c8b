// Golden response bodies (tests/golden/cases.yaml): each case runs through the real dispatcher
// and its parsed body must equal the committed <name>.json (meta.data_version masked). A
// mismatch prints every difference as a JSON pointer. The files are only ever rewritten by
// bless_golden_api (tools/bless_golden.sh), never by this test.
#include "golden.hpp"

#include "api_fixture.hpp"

#include <fstream>
#include <set>
#include <sstream>

namespace kalendar::testing {
namespace {

std::vector<GoldenCase> cases_or_empty() {
  try {
    return load_golden_cases(golden_dir());
  } catch (const std::exception&) {
    return {};  // GoldenFiles.CasesLoad reports the reason
  }
}

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class GoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(GoldenTest, BodyMatchesTheCommittedFile) {
  const GoldenCase& c = GetParam();
  const auto file = golden_dir() / (c.name + ".json");
  const std::string expected = read_text(file);
  ASSERT_FALSE(expected.empty()) << file << " is missing: run tools/bless_golden.sh";
  const auto r = shared_stack().dispatch(golden_target(c));
  EXPECT_EQ(r.status, c.status) << golden_target(c) << "\n" << r.body.substr(0, 500);
  const auto problems = golden_diff(expected, r.body);
  std::string report;
  for (const auto& p : problems) report += "  " + p + "\n";
  EXPECT_TRUE(problems.empty()) << "GET " << golden_target(c) << " differs from " << file << ":\n"
                                << report
                                << "If the change is intended, run tools/bless_golden.sh and "
                                   "review git diff tests/golden.";
  // The file is what bless would write for an equal body (stable formatting, no stray edits).
  if (problems.empty()) {
    EXPECT_EQ(pretty_body(r.body), expected) << file << " is not in blessed form";
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenTest, ::testing::ValuesIn(cases_or_empty()),
                         [](const ::testing::TestParamInfo<GoldenCase>& param_info) {
                           return param_info.param.name;
                         });

TEST(GoldenFiles, CasesLoadAndEveryFileBelongsToACase) {
  std::vector<GoldenCase> cases;
  ASSERT_NO_THROW(cases = load_golden_cases(golden_dir()));
  EXPECT_GE(cases.size(), 15U);
  std::set<std::string> named;
  for (const auto& c : cases) named.insert(c.name + ".json");
  for (const auto& entry : std::filesystem::directory_iterator(golden_dir())) {
    if (entry.path().extension() != ".json") continue;
    EXPECT_EQ(named.count(entry.path().filename().string()), 1U)
        << entry.path() << " belongs to no case in cases.yaml";
  }
}

TEST(GoldenFiles, DiffNamesEveryDifferenceAndMasksOnlyDataVersion) {
  const std::string golden =
      R"({"data":{"id":"x","week":1,"tags":["a","b"]},"meta":{"data_version":"<data_version>"}})";
  EXPECT_EQ(golden_diff(golden, R"({"data":{"id":"x","week":1,"tags":["a","b"]},)"
                                R"("meta":{"data_version":"0123abcd"}})"),
            std::vector<std::string>{});
  EXPECT_EQ(golden_diff(golden, R"({"data":{"id":"x","week":2,"tags":["a"],"new":null},)"
                                R"("meta":{"data_version":"0123abcd"}})"),
            (std::vector<std::string>{"/data/week: expected 1, got 2",
                                      "/data/tags: expected 2 items, got 1",
                                      "/data/new: unexpected member null"}));
  EXPECT_EQ(golden_diff(R"({"meta":{"code":"<data_version>"}})", R"({"meta":{"code":"loc"}})"),
            (std::vector<std::string>{R"(/meta/code: expected "<data_version>", got "loc")"}));
  EXPECT_EQ(pretty_body(R"({"meta":{"data_version":"ab"},"a":[]})"),
            "{\n  \"meta\": {\n    \"data_version\": \"<data_version>\"\n  },\n  \"a\": []\n}\n");
}

}  // namespace
}  // namespace kalendar::testing
