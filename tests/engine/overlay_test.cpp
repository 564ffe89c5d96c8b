// Translation overlays (strings only) and adaptation overlays (add/set/remove), plus the
// language fallback chain.
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

constexpr const char* kSaints = R"yaml(celebrations:
  - {id: 1, key: andrew, name: Andrew, type: festival, colour: red, date: {month: 11, day: 30}}
  - {id: 2, key: nicholas, name: Nicholas, type: lesser_feast, colour: white, date: {month: 12, day: 6}}
sunday_names: {advent_1: First Sunday of Advent}
)yaml";

TEST(Overlay, TranslationChangesNamesAndFallsBackToTheParent) {
  MiniBook b;
  b.add("calendar.yaml", kSaints);
  b.add_book("mini_pt", {{"book.yaml", R"yaml(schema: 1
code: mini_pt
kind: translation
extends: mini
lang: pt-BR
name: Livro Mínimo
strings:
  celebrations: {andrew: André}
  seasons: {advent: Advento}
)yaml"}});
  b.book();
  const CompiledBook* pt = b.engine().library().find("mini_pt");
  ASSERT_NE(pt, nullptr) << b.errors();
  EXPECT_EQ(pt->lang, "pt-BR");
  const LanguageStrings& s = pt->strings_for("pt-BR");
  EXPECT_EQ(s.book_name, "Livro Mínimo");
  EXPECT_EQ(s.celebrations[pt->find_celebration("andrew")], "André");
  EXPECT_EQ(s.celebrations[pt->find_celebration("nicholas")], "Nicholas");  // parent's name
  EXPECT_EQ(s.seasons[pt->find_season("advent")], "Advento");
  // Structure is the parent's: Andrew moves off Advent Sunday 2025 in both.
  auto d = b.engine().day("mini_pt", *parse_iso_date("2025-11-30"));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(actual_check_value(*d, "competing.andrew"), "yielded");
}

TEST(Overlay, TranslationThatChangesStructureIsRejected) {
  MiniBook b;
  b.add("calendar.yaml", kSaints);
  b.add_book("mini_pt", {{"book.yaml", R"yaml(schema: 1
code: mini_pt
kind: translation
extends: mini
lang: pt-BR
palette: [white]
strings:
  celebrations: {andrw: André}
)yaml"}});
  const std::string e = b.errors();
  EXPECT_NE(e.find("books/mini_pt/book.yaml:6:1: error: a translation may change strings only; "
                   "'palette' changes the book's structure"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("strings: no celebrations entry 'andrw' in this book"), std::string::npos) << e;
}

TEST(Overlay, AdaptationAddsSetsAndRemoves) {
  MiniBook b;
  b.add("calendar.yaml", kSaints);
  b.add_book("mini_local", {{"book.yaml", R"yaml(schema: 1
code: mini_local
kind: adaptation
extends: mini
name: Mini Local
patch:
  - add: {celebrations: {id: 900, key: patron, name: Local Patron, type: festival, colour: white,
                         date: {month: 10, day: 12}}}
  - set: {celebrations: {key: andrew, date: {month: 11, day: 29}}}
  - remove: {celebrations: nicholas}
)yaml"}});
  b.book();
  const CompiledBook* local = b.engine().library().find("mini_local");
  ASSERT_NE(local, nullptr) << b.errors();
  EXPECT_NE(local->find_celebration("patron"), kNoIndex);
  EXPECT_EQ(local->find_celebration("nicholas"), kNoIndex);
  auto andrew = b.engine().day("mini_local", *parse_iso_date("2026-11-29"));
  // 29 Nov 2026 is Advent Sunday: the moved Andrew yields and transfers are not defined here.
  EXPECT_EQ(actual_check_value(*andrew, "competing.andrew"), "yielded");
  auto patron = b.engine().day("mini_local", *parse_iso_date("2026-10-12"));
  EXPECT_EQ(actual_check_value(*patron, "celebration"), "patron");
  // The parent is unchanged.
  EXPECT_NE(b.book().find_celebration("nicholas"), kNoIndex);
}

TEST(Overlay, AdaptationErrorsNameTheStep) {
  MiniBook b;
  b.add("calendar.yaml", kSaints);
  b.add_book("mini_local", {{"book.yaml", R"yaml(schema: 1
code: mini_local
kind: adaptation
extends: mini
patch:
  - set: {celebrations: {key: ghost, colour: red}}
  - remove: {celebrations: nobody}
  - add: {celebrations: {key: andrew, id: 5}}
  - rename: {celebrations: andrew}
seasons: []
)yaml"}});
  const std::string e = b.errors();
  EXPECT_NE(e.find("set: no entry with key 'ghost' in celebrations"), std::string::npos) << e;
  EXPECT_NE(e.find("remove: no entry with key 'nobody'"), std::string::npos) << e;
  EXPECT_NE(e.find("add: 'andrew' already exists in celebrations (use set)"), std::string::npos)
      << e;
  EXPECT_NE(e.find("unknown patch verb 'rename'"), std::string::npos) << e;
  EXPECT_NE(e.find("an adaptation changes rules only through 'patch'; 'seasons' is not allowed"),
            std::string::npos)
      << e;
}

TEST(Overlay, ExtendsMustNotCycle) {
  MiniBook b;
  b.add_book("a", {{"book.yaml", "schema: 1\ncode: a\nkind: translation\nextends: b\nlang: fr\n"}});
  b.add_book("b", {{"book.yaml", "schema: 1\ncode: b\nkind: translation\nextends: a\nlang: de\n"}});
  EXPECT_NE(b.errors().find("overlays chain more than 4 deep (or extend each other in a cycle)"),
            std::string::npos)
      << b.errors();
}

TEST(Language, StringsFilesAddLanguagesWithFallback) {
  MiniBook b;
  b.add("calendar.yaml", kSaints);
  b.add("strings/pt-BR.yaml", R"yaml(lang: pt-BR
strings:
  celebrations: {andrew: André}
  sundays: {advent_1: Primeiro Domingo do Advento}
)yaml");
  const CompiledBook& book = b.book();
  EXPECT_EQ(book.strings_for("pt-BR").celebrations[book.find_celebration("andrew")], "André");
  EXPECT_EQ(book.strings_for("pt").celebrations[book.find_celebration("andrew")], "André");
  EXPECT_EQ(book.strings_for("pt-PT").lang, "pt-BR");  // base-language match
  EXPECT_EQ(book.strings_for("fr").lang, "en");        // the book's own language
  EXPECT_EQ(book.strings_for("pt-BR").celebrations[book.find_celebration("nicholas")], "Nicholas");
  EXPECT_EQ(book.strings_for("pt-BR").colours[book.find_colour("red")], "Red");  // shared en
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST(Patch, ABookAdjustsASharedSeasonInItsManifest) {
  MiniBook b;
  b.add("book.yaml", std::string(kSkeletonManifest).substr(11) + R"yaml(
patch:
  - set: {seasons: {key: epiphany, starts: {weekday: sunday, after: {month: 1, day: 6}}}}
)yaml");
  EXPECT_EQ(b.at("2026-01-07", "season"), "christmas");
  EXPECT_EQ(b.at("2026-01-11", "season"), "epiphany");
  EXPECT_EQ(b.at("2026-01-11", "week"), "1");
}

}  // namespace
}  // namespace kalendar::testing
