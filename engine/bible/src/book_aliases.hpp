// Book names and abbreviations people type, in English and Portuguese, mapped to our books.
#pragma once

#include "kalendar/bible_books.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::bible_detail {

// Which language's reading wins when an abbreviation means different books ("Jn").
enum class NameLanguage { english, portuguese };

// A book name as the lookup keys it: case folded, a leading ordinal ("I", "First", "1st", "1º",
// "Primeira") turned into its digit, spaces and dots removed. Accents are kept.
// Example: normalize_book_name("I Coríntios") == "1coríntios".
[[nodiscard]] std::string normalize_book_name(std::string_view name);

// The book a typed name means. Tries the name with its accents first, then without, so "Jó" is
// Job while "Jo" and "Joao" are John. When both languages use the name for different books,
// `preferred` decides.
// Example: find_book_by_name("Sl", NameLanguage::english) == Psalms.
[[nodiscard]] std::optional<BookIndex> find_book_by_name(std::string_view name,
                                                         NameLanguage preferred);

// One alias as the table holds it, for tests that check the table itself.
struct BookAlias {
  std::string key;  // normalize_book_name of the alias (accents kept)
  BookIndex book = 0;
  NameLanguage language = NameLanguage::english;
};

// Every alias of every book, names from the book table included.
// Example: all_book_aliases().size() > 500.
[[nodiscard]] const std::vector<BookAlias>& all_book_aliases();

}  // namespace kalendar::bible_detail
