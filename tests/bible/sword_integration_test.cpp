// The one test on Debian's real modules (sword-text-kjv, sword-text-web) under /usr/share/sword,
// skipped when they are not installed; plus a cross-check of our Portuguese names against
// SWORD's pt_BR locale, skipped when that file is absent.
#include "scratch_dir.hpp"

#include "kalendar/bible.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

namespace kalendar {
namespace {

namespace fs = std::filesystem;
using kalendar::testing::ScratchDir;

constexpr const char* kSystemSword = "/usr/share/sword";

std::string plain(const BibleStore& store, std::string_view code, std::string_view reference,
                  std::string_view lang = "en") {
  const auto ref = parse_reference(reference, lang);
  EXPECT_TRUE(ref.ok()) << ref.error().message;
  const auto passage = store.passage(code, *ref);
  EXPECT_TRUE(passage.ok()) << passage.error().message;
  return passage.ok() ? render_plain(*passage) : std::string();
}

TEST(SwordIntegration, DebianKjvAndWeb) {
  if (!fs::exists(fs::path(kSystemSword) / "mods.d/engKJV2006eb.conf") ||
      !fs::exists(fs::path(kSystemSword) / "mods.d/engWEB2015eb.conf")) {
    GTEST_SKIP() << "sword-text-kjv and sword-text-web are not installed";
  }
  ScratchDir dir;
  BibleLoadOptions options;
  options.sword_path = kSystemSword;
  options.cache_dir = (dir.path() / "cache").string();
  const auto imported = load_bibles(options);
  ASSERT_TRUE(imported.ok()) << imported.error().message;
  const BibleStore& store = *imported.value();

  const BibleVersion* kjv = store.find("kjv");
  const BibleVersion* web = store.find("web");
  ASSERT_NE(kjv, nullptr);
  ASSERT_NE(web, nullptr);
  EXPECT_EQ(kjv->module_name, "engKJV2006eb");
  EXPECT_EQ(kjv->name, "King James Version");
  EXPECT_EQ(kjv->language, "en");
  EXPECT_EQ(kjv->licence, "Public Domain");
  EXPECT_EQ(kjv->versification->name(), "KJV");
  EXPECT_EQ(kjv->verse_count, 31102U);
  EXPECT_EQ(kjv->empty_verse_count, 0U);
  EXPECT_EQ(web->versification->name(), "NRSVA");
  EXPECT_EQ(web->verse_count + web->empty_verse_count, 37791U);
  EXPECT_GT(web->verse_count, 37400U);

  EXPECT_EQ(plain(store, "kjv", "João 3:16", "pt").rfind("For God so loved the world", 0), 0U);
  EXPECT_NE(plain(store, "web", "Gen 1:1").find("God created"), std::string::npos);
  EXPECT_NE(plain(store, "web", "Gen 4:1").find("knew Eve"), std::string::npos);
  EXPECT_NE(plain(store, "web", "Tobit 1:1").find("Tobit"), std::string::npos);
  EXPECT_EQ(plain(store, "kjv", "Ps 23").rfind("The LORD is my shepherd", 0), 0U);
  for (const char* silently_moved_by_sword :
       {"John 99:1", "John 3:99", "3 John 1:15", "Tobit 1:1"}) {
    SCOPED_TRACE(silently_moved_by_sword);
    EXPECT_FALSE(store.passage("kjv", *parse_reference(silently_moved_by_sword)).ok());
  }

  // The cache written above gives the same text, without SWORD, in well under a second.
  const auto started = std::chrono::steady_clock::now();
  const auto cached = load_bibles(options);
  const auto elapsed = std::chrono::steady_clock::now() - started;
  ASSERT_TRUE(cached.ok()) << cached.error().message;
  EXPECT_LT(elapsed, std::chrono::seconds(2));
  EXPECT_EQ(plain(*cached.value(), "web", "John 3:16"), plain(store, "web", "John 3:16"));
  EXPECT_EQ(cached.value()->find("kjv")->verse_count, 31102U);
}

// SWORD's pt_BR locale: every book abbreviation it accepts must mean the same book to us, and
// every Portuguese book name it uses must too. Read as text; SWORD itself is not called.
TEST(SwordIntegration, PortugueseNamesAgreeWithSwordsPtBrLocale) {
  const fs::path locale = fs::path(kSystemSword) / "locales.d/pt_BR-utf8.conf";
  std::ifstream file(locale);
  if (!file) GTEST_SKIP() << locale << " is not installed";
  std::string section;
  int checked = 0;
  for (std::string line; std::getline(file, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() > 2 && line.front() == '[' && line.back() == ']') {
      section = line.substr(1, line.size() - 2);
      continue;
    }
    const std::size_t equals = line.find('=');
    if (equals == std::string::npos) continue;
    const std::string key = line.substr(0, equals);
    const std::string value = line.substr(equals + 1);
    SCOPED_TRACE(section + ": " + line);
    if (section == "Book Abbrevs") {  // ABBREVIATION=OSIS
      const auto ref = parse_reference(key + " 1:1", "pt");
      ASSERT_TRUE(ref.ok()) << ref.error().message;
      EXPECT_EQ(book_info(ref->book).osis, value);
      ++checked;
    } else if (section == "Text") {  // English name=Portuguese name, among other UI strings
      const auto english = parse_reference(key + " 1:1", "en");
      if (!english.ok()) continue;  // not a book name
      const auto portuguese = parse_reference(value + " 1:1", "pt");
      ASSERT_TRUE(portuguese.ok()) << portuguese.error().message;
      EXPECT_EQ(book_info(portuguese->book).osis, book_info(english->book).osis);
      ++checked;
    }
  }
  EXPECT_GT(checked, 200);
}

}  // namespace
}  // namespace kalendar
