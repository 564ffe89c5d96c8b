// Which installed Bible versions a book may use, best first, and why the first one is its
// default: the book's own language comes first, so a Portuguese book reads a Portuguese Bible
// whenever one is installed, and says so when it has to fall back to another language.
//
// Order: the book's preferred versions for its language (`bibles:` in book.yaml), then any other
// installed version in that language (an operator's module the book does not name), then the
// book's preferred versions in its other languages, in the book's order. A book without
// `bibles:` lists its versions as the `bible` preference's options; they are sorted the same way
// by each version's own language.
//
// Example (book pt-BR, bibles {pt: [almeida], en: [web, kjv]}, installed kjv and web only):
//   choose_bibles(book, store).versions == {web, kjv}
//   choose_bibles(book, store).reason == "no installed pt-BR version; fell back to WEB (en)"
#pragma once

#include "kalendar/bible.hpp"
#include "kalendar/book.hpp"

#include <string>
#include <vector>

namespace kalendar::api {

struct BibleChoice {
  std::vector<const BibleVersion*> versions;  // installed ones, best first; empty: none
  std::string reason;                         // why versions.front() is the default
};

// `store` may be nullptr (no Bible installed).
[[nodiscard]] BibleChoice choose_bibles(const BookDefinition& book, const BibleStore* store);

// How a version reads in a reason: its abbreviation, else its code. Example: "KJV".
[[nodiscard]] std::string version_label(const BibleVersion& v);

}  // namespace kalendar::api
