// The set of compiled books the service answers from: loaded once from `rules/` and `books/`
// (or from memory in tests), immutable afterwards, swapped whole on reload.
//
// Example:
//   DiagnosticList diags;
//   auto lib = load_library(LibrarySources::from_dirs("rules", "books"), diags);
//   if (diags.has_errors()) for (auto& d : diags.items()) std::cerr << format_diagnostic(d);
//   const CompiledBook* b = lib->find("my_book");
#pragma once

#include "kalendar/book.hpp"
#include "kalendar/result.hpp"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kalendar {

// Where books come from: directories, or in-memory YAML texts (tests' inline mini-books).
struct LibrarySources {
  std::string rules_dir;
  std::string books_dir;
  std::vector<std::string> book_dirs;  // individual book directories (the validator)
  // Operators' local calendars (parish or diocese adaptations of a shipped book), each a
  // directory of book directories like books_dir, loaded after it; a code already loaded is an
  // error. Example: {"/etc/kalendar/local-books"}.
  std::vector<std::string> local_books_dirs;
  // rule set name ("seasons/western", "strings/en") -> YAML text
  std::vector<std::pair<std::string, std::string>> rule_texts;
  // book code -> (file name inside the book directory, YAML text)
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> book_texts;

  static LibrarySources from_dirs(std::string rules, std::string books) {
    LibrarySources s;
    s.rules_dir = std::move(rules);
    s.books_dir = std::move(books);
    return s;
  }
};

// One liturgist-written assertion from a book's checks.yaml (see docs/BOOKS.md).
struct CheckExpectation {
  SourceLoc loc;
  std::string description;
  CivilDate date;
  // field -> expected value, as written ("celebration" -> "andrew", "week" -> "3"). Lists of
  // competing observances are flattened as "competing.<key>" -> "<fate>[ <date>]".
  std::vector<std::pair<std::string, std::string>> fields;
  OptionSet options;  // `options:` the day is resolved with; empty: the book's defaults
};

class Library {
 public:
  [[nodiscard]] const CompiledBook* find(std::string_view code) const;
  [[nodiscard]] const std::vector<std::shared_ptr<const CompiledBook>>& books() const {
    return books_;
  }
  [[nodiscard]] const std::vector<CheckExpectation>* checks(std::string_view code) const;
  // Shared names (colours, types, weekdays) by language, for book-less catalogues.
  [[nodiscard]] const std::vector<LanguageStrings>& shared_strings() const { return shared_; }
  // Digest over every file of every book, the rule sets and shared names: changes whenever the
  // books' data changes (the server adds its text packs and Bibles: AppState::data_version).
  std::string data_version;

 private:
  friend std::shared_ptr<Library> load_library_from(const LibrarySources&, DiagnosticList&);
  std::vector<std::shared_ptr<const CompiledBook>> books_;
  std::map<std::string, std::vector<CheckExpectation>, std::less<>> checks_;
  std::vector<LanguageStrings> shared_;
};

// Loads and compiles every book. Problems go to `diags` (all of them); a book with errors is
// left out of the library, so callers that must not serve partial data check diags first.
std::shared_ptr<Library> load_library(const LibrarySources& sources, DiagnosticList& diags);
// load_library without handing freed memory back to the system afterwards (what it calls).
std::shared_ptr<Library> load_library_from(const LibrarySources& sources, DiagnosticList& diags);

}  // namespace kalendar
