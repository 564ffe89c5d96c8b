// The canonical book table and the alias table behind the parser: complete against every SWORD
// versification, no ambiguous alias within a language, names that look right.
#include "book_aliases.hpp"
#include "text_fold.hpp"

#include "kalendar/bible.hpp"
#include "kalendar/bible_books.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <string_view>

namespace kalendar {
namespace {

using bible_detail::NameLanguage;

TEST(BookTable, HasEveryBookOnceInCanonicalOrder) {
  EXPECT_EQ(bible_book_count(), 90);
  EXPECT_EQ(bible_books().front().osis, "Gen");
  EXPECT_EQ(bible_books().back().osis, "Rev");
  std::set<std::string_view> osis;
  for (const BookInfo& info : bible_books()) {
    SCOPED_TRACE(std::string(info.osis));
    EXPECT_TRUE(osis.insert(info.osis).second) << "duplicate OSIS id";
    EXPECT_FALSE(info.name_en.empty());
    EXPECT_FALSE(info.name_pt.empty());
    EXPECT_TRUE(bible_detail::is_valid_utf8(info.name_pt));
    EXPECT_EQ(book_info(*find_book_by_osis(info.osis)).osis, info.osis);
  }
  EXPECT_FALSE(find_book_by_osis("Tobit").has_value());
  EXPECT_FALSE(find_book_by_osis("gen").has_value());
  EXPECT_EQ(citation_name(*find_book_by_osis("Ps")), "Psalm");
  EXPECT_EQ(citation_name(*find_book_by_osis("John")), "John");
}

struct SystemSize {
  std::string_view name;
  std::size_t books;
};

// Book counts of SWORD 1.9's systems: builtin_versification must not drop any book.
constexpr SystemSize kSystems[] = {
    {"Calvin", 66},  {"Catholic", 73},    {"Catholic2", 73}, {"DarbyFr", 66},   {"German", 66},
    {"KJV", 66},     {"KJVA", 80},        {"LXX", 84},       {"Leningrad", 39}, {"Luther", 76},
    {"MT", 39},      {"NRSV", 66},        {"NRSVA", 83},     {"Orthodox", 80},  {"Segond", 66},
    {"Synodal", 78}, {"SynodalProt", 66}, {"Vulg", 78},
};

TEST(BookTable, CoversEverySwordVersification) {
  for (const SystemSize& system : kSystems) {
    SCOPED_TRACE(std::string(system.name));
    const auto versification = builtin_versification(system.name);
    ASSERT_TRUE(versification.ok()) << versification.error().message;
    EXPECT_EQ(versification->books().size(), system.books);
    for (const BookLayout& layout : versification->books()) {
      // A single-chapter flag decides what "Jude 3" means, so it must agree with SWORD.
      const BookInfo& info = book_info(layout.book);
      if (info.single_chapter) {
        EXPECT_EQ(layout.verses_per_chapter.size(), 1U) << info.osis;
      }
    }
  }
}

TEST(BookTable, EveryOneChapterBookOfKjvAndNrsvaIsFlagged) {
  for (const std::string_view name : {"KJV", "NRSVA"}) {
    const Versification versification = builtin_versification(name).value();
    for (const BookLayout& layout : versification.books()) {
      if (layout.verses_per_chapter.size() == 1) {
        EXPECT_TRUE(book_info(layout.book).single_chapter) << book_info(layout.book).osis;
      }
    }
  }
}

TEST(BookTable, KnowsTheSizesOfTheInstalledSystems) {
  EXPECT_EQ(builtin_versification("KJV")->verse_total(), 31102U);
  EXPECT_EQ(builtin_versification("NRSVA")->verse_total(), 37791U);
  const Versification kjv = builtin_versification("KJV").value();
  const BookIndex john = *find_book_by_osis("John");
  EXPECT_EQ(kjv.chapter_count(john), 21);
  EXPECT_EQ(kjv.verse_count(john, 3), 36);
  EXPECT_EQ(kjv.verse_count(john, 22), 0);
  EXPECT_EQ(kjv.position(VerseRef{*find_book_by_osis("Gen"), 1, 1}), 0U);
  EXPECT_EQ(kjv.position(VerseRef{*find_book_by_osis("Rev"), 22, 21}), 31101U);
  EXPECT_FALSE(kjv.position(VerseRef{john, 3, 37}).has_value());
  EXPECT_FALSE(kjv.position(VerseRef{*find_book_by_osis("Tob"), 1, 1}).has_value());
}

TEST(BookAliases, NormalizesWhatPeopleType) {
  EXPECT_EQ(bible_detail::normalize_book_name("I Coríntios"), "1coríntios");
  EXPECT_EQ(bible_detail::normalize_book_name("1 Cor."), "1cor");
  EXPECT_EQ(bible_detail::normalize_book_name("First  John"), "1john");
  EXPECT_EQ(bible_detail::normalize_book_name("1ª Coríntios"), "1coríntios");
  EXPECT_EQ(bible_detail::normalize_book_name("Segunda Timóteo"), "2timóteo");
  EXPECT_EQ(bible_detail::normalize_book_name("III John"), "3john");
  EXPECT_EQ(bible_detail::normalize_book_name("Isaiah"),
            "isaiah");  // "I" only as a word of its own
  EXPECT_EQ(bible_detail::normalize_book_name("CÂNTICO DOS CÂNTICOS"), "cânticodoscânticos");
}

TEST(BookAliases, AccentsAreComparedBeforeTheyAreDropped) {
  const auto find = [](std::string_view name) {
    const auto book = bible_detail::find_book_by_name(name, NameLanguage::portuguese);
    return book ? std::string(book_info(*book).osis) : std::string("-");
  };
  EXPECT_EQ(find("Jó"), "Job");
  EXPECT_EQ(find("Jo"), "John");
  EXPECT_EQ(find("Joao"), "John");
  EXPECT_EQ(find("Jonas"), "Jonah");
  EXPECT_EQ(find("Eclesiastico"), "Sir");
  EXPECT_EQ(find("Eclesiastes"), "Eccl");
  EXPECT_EQ(find("Xyz"), "-");
  EXPECT_EQ(find(""), "-");
}

// Within one language an alias names one book; the only names the two languages use for
// different books are the ones listed here (the caller's language decides).
TEST(BookAliases, NoAliasIsAmbiguousWithinALanguage) {
  std::map<std::pair<std::string, NameLanguage>, std::set<BookIndex>> exact;
  std::map<std::pair<std::string, NameLanguage>, std::set<BookIndex>> folded;
  std::map<std::string, std::set<BookIndex>> any_language;
  for (const bible_detail::BookAlias& alias : bible_detail::all_book_aliases()) {
    exact[{alias.key, alias.language}].insert(alias.book);
    folded[{bible_detail::fold_accents(alias.key), alias.language}].insert(alias.book);
    any_language[alias.key].insert(alias.book);
  }
  for (const auto& [key, books] : exact) {
    EXPECT_EQ(books.size(), 1U) << key.first;
  }
  for (const auto& [key, books] : folded) {
    // Folding may merge two books ("jó", "jo") only where the exact spelling decides first.
    if (books.size() > 1) {
      EXPECT_EQ(any_language.count(key.first), 1U) << key.first;
    }
  }
  std::set<std::string> cross_language;
  for (const auto& [key, books] : any_language) {
    if (books.size() > 1) cross_language.insert(key);
  }
  EXPECT_EQ(cross_language, (std::set<std::string>{"jn"}));
}

TEST(BookAliases, EveryBookIsReachableByItsNamesInBothLanguages) {
  for (BookIndex book = 0; book < bible_book_count(); ++book) {
    const BookInfo& info = book_info(book);
    SCOPED_TRACE(std::string(info.osis));
    EXPECT_EQ(bible_detail::find_book_by_name(info.name_en, NameLanguage::english), book);
    EXPECT_EQ(bible_detail::find_book_by_name(info.name_pt, NameLanguage::portuguese), book);
    EXPECT_EQ(bible_detail::find_book_by_name(citation_name(book), NameLanguage::english), book);
    EXPECT_EQ(bible_detail::find_book_by_name(info.osis, NameLanguage::english), book)
        << "the OSIS id itself should parse";
  }
  EXPECT_GT(bible_detail::all_book_aliases().size(), 500U);
}

}  // namespace
}  // namespace kalendar
