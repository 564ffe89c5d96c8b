// A book's sections gathered from its files, the rule sets it uses, and the book it extends,
// before any interpretation. Overlays (translation, adaptation) act at this level, on source
// nodes that still carry their file positions, so diagnostics always point at the right line.
#pragma once

#include "source_tree.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::detail {

// Top-level sections and how parts from several files combine.
enum class SectionMerge {
  single,  // defined in exactly one file (an error if two files define it)
  list,    // lists concatenated in file order; entries are patchable by `key`
  map,     // mappings merged; a key defined twice is an error
};

// The closed set of top-level keys. Returns nullopt for an unknown key.
std::optional<SectionMerge> section_merge(std::string_view name);

// Names in one language from one place (inline names, a strings file, an overlay).
struct StringLayer {
  std::string lang;
  // category (celebrations, seasons, season_labels, sundays, colours, types, fasts, weekdays,
  // preferences, book, fast_names, weekday_titles, collects) -> key -> text, with the text's
  // node for diagnostics.
  std::map<std::string, std::map<std::string, const SourceNode*>> texts;
  SourceLoc loc;
};

struct MergedSource {
  std::map<std::string, const SourceNode*> singles;
  std::map<std::string, std::vector<SourceNode>> lists;
  std::map<std::string, std::vector<std::pair<const SourceNode*, const SourceNode*>>> maps;
  std::vector<StringLayer> strings;  // book's own layers, later ones win
  std::vector<std::string> files;    // every file read, for data_version
  std::string lang;                  // the book's language (manifest `lang`)
  std::string inline_lang;           // language of `name:` texts inside the sections (the base
                                     // book's: a translation keeps them as its fallback)
  std::string code;
  std::string kind = "book";
  std::string extends;
  SourceLoc manifest_loc;

  [[nodiscard]] const SourceNode* single(std::string_view name) const {
    auto it = singles.find(std::string(name));
    return it == singles.end() ? nullptr : it->second;
  }
  [[nodiscard]] const std::vector<SourceNode>* list(std::string_view name) const {
    auto it = lists.find(std::string(name));
    return it == lists.end() ? nullptr : &it->second;
  }
};

}  // namespace kalendar::detail
