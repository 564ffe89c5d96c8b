// Text packs: the liturgical prose (collect bodies, prefaces) an operator installs for a book.
//
// Books carry facts only; prose is never committed. A pack is one YAML file per book and
// language, `<texts_dir>/<book code>/<lang>.yaml` (format: docs/TEXT_PACKS.md):
//   pack: 1
//   book: loc_2015
//   lang: pt-BR
//   source: "LOC 2015, printed edition"
//   licence: "used with permission"
//   collects:
//     advent_1: {body: "...", preface: "..."}
// Packs load strictly (unknown keys, a collect key the book does not have, bad UTF-8 are
// problems with file:line:column) into an immutable set shared by all requests.
//
// Example:
//   DiagnosticList diags;
//   auto packs = load_text_packs("/srv/kalendar/texts", engine->books(), diags);
//   const CollectText* t = packs->find("my_book", "pt-BR", "advent_1");   // nullptr: no text
#pragma once

#include "kalendar/book.hpp"
#include "kalendar/result.hpp"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar {

// The prose of one collect. Example: {"Almighty God, give us grace...", ""}.
struct CollectText {
  std::string body;
  std::string preface;  // may be empty
};

// One installed pack. Example: {"my_book", "pt-BR", "LOC 2015", "...", {advent_1: ...}}.
struct TextPack {
  std::string book;
  std::string lang;
  std::string source;
  std::string licence;
  std::string file;
  std::map<std::string, CollectText, std::less<>> collects;
};

class TextPacks {
 public:
  // The text of a collect in the best language available for the book (exact tag, then base
  // language, then any pack of the book), or nullptr when no pack has it.
  [[nodiscard]] const CollectText* find(std::string_view book, std::string_view lang,
                                        std::string_view key) const;
  // The pack that would answer for (book, lang), or nullptr.
  [[nodiscard]] const TextPack* pack_for(std::string_view book, std::string_view lang) const;
  [[nodiscard]] const std::vector<TextPack>& packs() const { return packs_; }

 private:
  friend std::shared_ptr<const TextPacks> load_text_packs(
      const std::string&, const std::vector<std::shared_ptr<const CompiledBook>>&, DiagnosticList&);
  std::vector<TextPack> packs_;
};

// Loads every `<dir>/<book>/<lang>.yaml` for the given books (Engine::books()). A missing
// directory is not an error (no packs); every problem of a pack is a diagnostic and that pack is
// left out.
std::shared_ptr<const TextPacks> load_text_packs(
    const std::string& dir, const std::vector<std::shared_ptr<const CompiledBook>>& books,
    DiagnosticList& diags);

}  // namespace kalendar
