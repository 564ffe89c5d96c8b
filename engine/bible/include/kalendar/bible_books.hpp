// The canonical list of Bible books and the verse address built on it.
//
// Every Bible version we load, whatever its SWORD versification, is addressed through one list of
// books: the 39 books of the Hebrew Bible, the deuterocanon/apocrypha of every SWORD
// versification (NRSVA's in its order, then the few that only LXX, Luther, Vulgate or Orthodox
// have), then the 27 books of the New Testament. A `BookIndex` is a position in that list; it is
// a property of this build, never written to disk (caches store OSIS ids).
//
// Example:
//   BookIndex john = *find_book_by_osis("John");
//   book_info(john).name_pt == "João";
//   VerseRef{john, 3, 16};  // John 3:16
#pragma once

#include <compare>
#include <optional>
#include <span>
#include <string_view>

namespace kalendar {

// Position of a book in `bible_books()`.
// Example: bible_books()[static_cast<std::size_t>(index)].osis == "Gen" for the first book.
using BookIndex = int;

// One book of the canonical list: its OSIS id and its names in the two languages we parse.
// Example: {osis "1Cor", name_en "1 Corinthians", name_pt "1 Coríntios", single_chapter false}.
struct BookInfo {
  std::string_view osis;         // OSIS id, as SWORD and the caches spell it: "1Cor"
  std::string_view name_en;      // English name: "1 Corinthians"
  std::string_view name_pt;      // Portuguese (Brazil) name: "1 Coríntios"
  std::string_view citation_en;  // English name used in reference strings ("Psalm" for Psalms)
  bool single_chapter = false;   // "Jude 3" means verse 3 (Obadiah, Philemon, 2-3 John, Jude, ...)
  std::string_view citation_pt;  // Portuguese name used in reference strings ("Salmo" for Salmos)
};

// A single verse. Chapter and verse are 1-based; a verse of 0 (`kWholeChapter`) appears only in
// parsed references, where it means "the whole chapter".
// Example: VerseRef{*find_book_by_osis("Ps"), 23, 1} is Psalm 23:1.
struct VerseRef {
  BookIndex book = 0;
  int chapter = 0;
  int verse = 0;

  friend auto operator<=>(const VerseRef&, const VerseRef&) = default;
};

// Every book we know, in canonical order (90 books).
// Example: bible_books().front().osis == "Gen"; bible_books().back().osis == "Rev".
[[nodiscard]] std::span<const BookInfo> bible_books();

// The number of books in `bible_books()`.
// Example: bible_book_count() == 90.
[[nodiscard]] int bible_book_count();

// The book at `index`; `index` must be valid (asserted).
// Example: book_info(0).name_en == "Genesis".
[[nodiscard]] const BookInfo& book_info(BookIndex index);

// The name references use in language `lang` (a BCP 47 tag; Portuguese for "pt", "pt-BR", ...,
// English for any other): citation_en or citation_pt when set, else name_en or name_pt.
// Example: citation_name(*find_book_by_osis("Ps")) == "Psalm";
//          citation_name(*find_book_by_osis("Ps"), "pt-BR") == "Salmo".
[[nodiscard]] std::string_view citation_name(BookIndex index, std::string_view lang = "en");

// Whether `lang` (a BCP 47 tag) names books in Portuguese; every other language reads and
// writes them in English.
// Example: portuguese_names("pt-BR") == true; portuguese_names("es") == false.
[[nodiscard]] bool portuguese_names(std::string_view lang);

// The book with this OSIS id (exact, case-sensitive, as in SWORD), or nullopt.
// Example: find_book_by_osis("Tob") has a value; find_book_by_osis("Tobit") does not.
[[nodiscard]] std::optional<BookIndex> find_book_by_osis(std::string_view osis);

}  // namespace kalendar
