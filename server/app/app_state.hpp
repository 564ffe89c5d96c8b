// Everything a request reads, as one immutable state: the engine (over its compiled books), the
// Bible store, the operator's text packs, each book's time zone (for `today`), and the
// catalogue of `fields[...]` attributes. Built whole (at start-up and on every reload), shared as
// `shared_ptr<const AppState>` through a StateSlot (state_slot.hpp), never changed after: a
// reload builds another and swaps it in (app/reload.hpp).
//
// Example:
//   DiagnosticList diags;
//   auto app = load_app_state(AppPaths{.rules_dir = "rules", .books_dir = "books"}, diags, log);
//   if (!app) return 1;                  // every problem is in diags
//   CivilDate d = (*app)->today(*book);  // in the book's own time zone
#pragma once

#include "app/bible_choice.hpp"
#include "fields.hpp"

#include "kalendar/bible.hpp"
#include "kalendar/engine.hpp"
#include "kalendar/text_pack.hpp"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace date {
class time_zone;
}

namespace kalendar::api {

struct AppPaths {
  std::string rules_dir = "rules";
  std::string books_dir = "books";
  std::string texts_dir{};        // "" : no text packs
  std::string bible_cache_dir{};  // "" : import from SWORD on every start (slow)
  std::string sword_path = std::string(kDefaultSwordPath);
};

struct AppState {
  // The engine and, behind it, the compiled books: the server asks it, never the books' files.
  std::shared_ptr<const Engine> engine;
  std::shared_ptr<const BibleStore> bibles;
  std::shared_ptr<const TextPacks> texts;
  std::map<std::string, const date::time_zone*, std::less<>> zones;  // by book code
  std::map<std::string, BibleChoice, std::less<>> bible_choices;     // by book code
  FieldCatalog fields;
  // What `meta.data_version` says: a digest of everything answers come from, so that it (and the
  // ETags) change exactly when answers can: the books, rules and shared names
  // (engine->data_version()), the text packs and the Bible store. A reload of unchanged sources
  // keeps it.
  std::string data_version;
  // The same for one book's answers: its own files, the rules and names it uses, its text packs
  // and the Bible store (its days may carry any version's text). By book code.
  std::map<std::string, std::string, std::less<>> book_data_versions;
  // When this state was built: the DTSTAMP of its iCalendar events, so an answer's bytes (and
  // ETag) stay the same until the data is reloaded.
  std::chrono::system_clock::time_point loaded_at = std::chrono::system_clock::now();
  // The wall clock, replaceable in tests of `today`.
  std::function<std::chrono::system_clock::time_point()> clock = [] {
    return std::chrono::system_clock::now();
  };

  // Today's date in the book's time zone.
  // Example: at 01:30 UTC on 2025-06-24, today(loc_2015) is 2025-06-23 (America/Sao_Paulo).
  [[nodiscard]] CivilDate today(const CompiledBook& book) const;
  // The Bible versions a book may use, installed ones only, best first (bible_choice.hpp).
  [[nodiscard]] std::vector<const BibleVersion*> bibles_for(const CompiledBook& book) const;
  // The same, with why the first is the book's default.
  [[nodiscard]] const BibleChoice& bible_choice(const CompiledBook& book) const;
  // book_data_versions' entry for the book.
  // Example: data_version_of(**engine->find_book("loc_2015")).size() == 16.
  [[nodiscard]] const std::string& data_version_of(const CompiledBook& book) const;
};

// Loads books (failing on any error), text packs (a broken pack is reported and skipped) and the
// Bible store (cache first; a missing version is reported, not fatal). `log` receives progress
// lines. Returns nullptr when the service cannot start.
std::shared_ptr<AppState> load_app_state(const AppPaths& paths, DiagnosticList& diags,
                                         const std::function<void(std::string_view)>& log);

// Builds an AppState from an already loaded engine (tests, kalendar-dump).
// Example: make_app_state(load_engine("rules", "books", diags), nullptr, nullptr, diags).
std::shared_ptr<AppState> make_app_state(std::shared_ptr<const Engine> engine,
                                         std::shared_ptr<const BibleStore> bibles,
                                         std::shared_ptr<const TextPacks> texts,
                                         DiagnosticList& diags);

}  // namespace kalendar::api
