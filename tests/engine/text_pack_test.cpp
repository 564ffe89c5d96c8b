// Text packs: strict loading, language choice, and never a pack for another book.
#include "kalendar/text_pack.hpp"

#include "mini_book.hpp"

#include <filesystem>
#include <fstream>

namespace kalendar::testing {
namespace {

namespace fs = std::filesystem;

class TextPackTest : public ::testing::Test {
 protected:
  TextPackTest() {
    dir_ = fs::temp_directory_path() / ("kalendar_packs_" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "mini");
    b.add("calendar.yaml", R"yaml(
sunday_names: {advent_1: Advent 1, advent_2: Advent 2}
collects:
  keys: {advent_1: {reference: "p. 1"}, advent_2: {}}
  lookup: [{kind: sunday, key: "{sunday}"}]
)yaml");
  }
  ~TextPackTest() override { fs::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / "mini" / name) << text;
  }
  std::shared_ptr<const TextPacks> load(DiagnosticList& diags) {
    return load_text_packs(dir_.string(), b.engine().books(), diags);
  }
  fs::path dir_;
  MiniBook b;
};

TEST_F(TextPackTest, LoadsAndChoosesTheLanguage) {
  write("en.yaml",
        "pack: 1\nbook: mini\nlang: en\nsource: Fixture\ncollects:\n"
        "  advent_1: {body: \"Fixture collect for advent_1.\", preface: \"Fixture preface.\"}\n");
  write("pt-BR.yaml",
        "pack: 1\nbook: mini\nlang: pt-BR\nsource: Fixture\ncollects:\n"
        "  advent_1: {body: \"Coleta de teste para advent_1.\"}\n");
  DiagnosticList diags;
  auto packs = load(diags);
  EXPECT_TRUE(diags.empty());
  ASSERT_EQ(packs->packs().size(), 2u);
  EXPECT_EQ(packs->find("mini", "en", "advent_1")->preface, "Fixture preface.");
  EXPECT_EQ(packs->find("mini", "pt", "advent_1")->body, "Coleta de teste para advent_1.");
  EXPECT_EQ(packs->find("mini", "fr", "advent_1")->body, "Fixture collect for advent_1.");
  EXPECT_EQ(packs->find("mini", "en", "advent_2"), nullptr);  // no text: null, not an error
  EXPECT_EQ(packs->find("other", "en", "advent_1"), nullptr);
}

TEST_F(TextPackTest, StrictLoadingReportsEveryProblemAndDropsThePack) {
  write("en.yaml",
        "pack: 2\nbook: other\nlang: de\ncolects: {}\ncollects:\n"
        "  advent_9: {body: x}\n  advent_1: {body: x, prefase: y}\n");
  DiagnosticList diags;
  auto packs = load(diags);
  EXPECT_TRUE(packs->packs().empty());
  std::string all;
  for (const auto& d : diags.items()) all += format_diagnostic(d) + "\n";
  for (const char* expected :
       {"unsupported text pack version '2'",
        "pack is for book 'other' but lives in the 'mini' directory",
        "pack declares lang 'de' but its file is en.yaml", "missing 'source' in text pack",
        "book 'mini' has no collect 'advent_9'", "unknown key 'prefase' in collect text",
        "unknown key 'colects' in text pack"}) {
    EXPECT_NE(all.find(expected), std::string::npos) << expected << "\n" << all;
  }
  EXPECT_NE(all.find("en.yaml:6:3: error: book 'mini' has no collect 'advent_9'"),
            std::string::npos)
      << all;
}

TEST_F(TextPackTest, NoDirectoryMeansNoPacks) {
  DiagnosticList diags;
  auto packs = load_text_packs("/nonexistent/kalendar/texts", b.engine().books(), diags);
  EXPECT_TRUE(diags.empty());
  EXPECT_TRUE(packs->packs().empty());
}

}  // namespace
}  // namespace kalendar::testing
