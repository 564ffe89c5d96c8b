// An operator-installed, non-Debian module in another language: TinyAlmeida (Lang=pt_BR, KJV
// versification), built by imp2vs from fixtures/sword/tinyalmeida.imp and installed here into a
// scratch SWORD directory the way installmgr would (its .conf in mods.d, its data under
// modules/). The loader must serve it like any other version.
#include "scratch_dir.hpp"

#include "kalendar/bible.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace kalendar {
namespace {

namespace fs = std::filesystem;
using kalendar::testing::ScratchDir;

// A SWORD directory with the Portuguese module beside the two English ones.
fs::path install_with_portuguese(const fs::path& root) {
  const fs::path tiny = KALENDAR_TEST_SWORD_DIR;
  const fs::path sword = root / "sword";
  fs::create_directories(sword / "mods.d");
  fs::create_directory_symlink(tiny / "modules", sword / "modules");
  for (const char* conf : {"tinykjv.conf", "tinyweb.conf"}) {
    fs::copy_file(tiny / "mods.d" / conf, sword / "mods.d" / conf);
  }
  fs::copy_file(fs::path(KALENDAR_TEST_FIXTURES_DIR) / "tinyalmeida.conf",
                sword / "mods.d" / "tinyalmeida.conf");
  return sword;
}

TEST(PortugueseModule, LoadsWithItsLanguageAndCode) {
  ScratchDir dir;
  BibleLoadOptions options;
  options.sword_path = install_with_portuguese(dir.path()).string();
  const auto store = load_bibles(options);
  ASSERT_TRUE(store.ok()) << store.error().message;
  const BibleVersion* pt = (*store)->find("talm");  // Abbreviation=TALM
  ASSERT_NE(pt, nullptr);
  EXPECT_EQ(pt->module_name, "TinyAlmeida");
  EXPECT_EQ(pt->language, "pt-BR");  // Lang=pt_BR as BCP 47
  EXPECT_EQ(pt->verse_count, 4U);

  const auto portuguese = (*store)->versions_for_language("pt");
  ASSERT_EQ(portuguese.size(), 1U);
  EXPECT_EQ(portuguese.front()->code, "talm");
  EXPECT_EQ((*store)->versions_for_language("en").size(), 2U);  // the English ones unchanged
}

TEST(PortugueseModule, ServesPortugueseReferencesInPortuguese) {
  ScratchDir dir;
  BibleLoadOptions options;
  options.sword_path = install_with_portuguese(dir.path()).string();
  const auto store = load_bibles(options);
  ASSERT_TRUE(store.ok()) << store.error().message;
  const auto ref = parse_reference("João 3:16-17", "pt-BR");
  ASSERT_TRUE(ref.ok()) << ref.error().message;
  const auto passage = (*store)->passage("talm", *ref);
  ASSERT_TRUE(passage.ok()) << passage.error().message;
  EXPECT_EQ(render_plain(*passage),
            "Texto de teste em português: João 3, versículo 16. "
            "Texto de teste em português: João 3, versículo 17.");
  // The passage names its books in its own language, whatever language the request used.
  EXPECT_EQ(passage->reference, "João 3:16-17");
  EXPECT_EQ(passage->language, "pt-BR");
  EXPECT_EQ((*store)->passage("talm", *parse_reference("Ps 23:1"))->reference, "Salmo 23:1");
  // The same reference in the English module gives English text: the version decides.
  const auto english = (*store)->passage("tkjv", *parse_reference("João 3:16", "pt"));
  EXPECT_EQ(render_plain(*english).substr(0, 19), "For God so loved th");
  EXPECT_EQ(english->reference, "John 3:16");
}

}  // namespace
}  // namespace kalendar
