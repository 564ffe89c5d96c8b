// JSON for readings (the `reading` resource), passages and collects.
//
// A reading: {"service":"eucharist","part":null,"slot":"gospel","reference":"Lucas 8:26-39",
//   "short_reference":null,"note":null,"track":null, ["alternatives":[...]],
//   ["bible":"web","verses":[{"book":"Luke","chapter":8,"verse":26,"text":"..."}],
//    "text_error":null]}
// With text_format plain or markdown, "content" (one string) replaces "verses".
#pragma once

#include "json/writer.hpp"

#include "kalendar/bible.hpp"
#include "kalendar/engine.hpp"
#include "kalendar/text_pack.hpp"

#include <vector>

namespace kalendar::api {

struct TextOptions {
  const BibleStore* bibles = nullptr;
  std::string_view bible;  // version code ("" when none is installed)
  TextFormat format = TextFormat::verses;
  std::string_view lang;  // how the book's references are written (its references_lang)
};

struct ReadingOptions {
  bool text = false;
  bool alternatives = false;
  TextOptions text_options;
  // The book's language: references are shown with its book names ("Salmo 23" in a Portuguese
  // translation of an English book), in the book's own notation when written in it.
  std::string_view display_lang;
};

// Reading options for `book`: its references read in the language they are written in and
// shown in the book's.
[[nodiscard]] ReadingOptions reading_options_for(const CompiledBook& book, const BibleStore* bibles,
                                                 std::string_view bible, TextFormat format);

// Each reading of `set` as a resource (array items only; the caller writes the brackets).
void write_reading_items(JsonWriter& w, const ReadingSet& set, const ReadingOptions& options);

// The text of one reference as members of the current object: bible, verses|content,
// missing, text_error. `resource` false writes them unfiltered (the passage document).
void write_passage_members(JsonWriter& w, std::string_view reference, const TextOptions& options,
                           bool resource);

// A parsed passage as members (bible, reference, verses|content, missing).
void write_passage(JsonWriter& w, const Passage& passage, TextFormat format);

// Collect resources (array items only). With `text`, body and preface come from the packs.
void write_collect_items(JsonWriter& w, const std::vector<ResolvedCollect>& collects,
                         const ResolvedDay& day, const LanguageStrings& names,
                         const TextPacks* packs, std::string_view lang, bool text);

}  // namespace kalendar::api
