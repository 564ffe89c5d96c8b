#include "source_loader.hpp"

#include "parallel.hpp"
#include "reader.hpp"

#include <algorithm>
#include <array>
#include <set>

namespace kalendar::detail {

namespace fs = std::filesystem;

namespace {

struct SectionSpec {
  std::string_view name;
  SectionMerge merge;
};

// The closed vocabulary of top-level keys (see docs/BOOKS.md). Manifest keys are singles.
constexpr auto kSections = std::to_array<SectionSpec>({
    {"schema", SectionMerge::single},       {"code", SectionMerge::single},
    {"kind", SectionMerge::single},         {"extends", SectionMerge::single},
    {"uses", SectionMerge::single},         {"name", SectionMerge::single},
    {"lang", SectionMerge::single},         {"year", SectionMerge::single},
    {"jurisdiction", SectionMerge::single}, {"time_zone", SectionMerge::single},
    {"valid_years", SectionMerge::single},  {"capabilities", SectionMerge::single},
    {"preferences", SectionMerge::single},  {"source", SectionMerge::single},
    {"year_start", SectionMerge::single},   {"cycles", SectionMerge::single},
    {"propers", SectionMerge::single},      {"palette", SectionMerge::single},
    {"seasons", SectionMerge::list},        {"celebrations", SectionMerge::list},
    {"precedence", SectionMerge::list},     {"transfers", SectionMerge::list},
    {"also_observe", SectionMerge::list},   {"colour_rules", SectionMerge::list},
    {"fasts", SectionMerge::list},          {"sunday_names", SectionMerge::map},
    {"lectionaries", SectionMerge::list},   {"lectionary_lookup", SectionMerge::single},
    {"collects", SectionMerge::single},     {"strings", SectionMerge::single},
    {"patch", SectionMerge::single},        {"key_dates", SectionMerge::single},
    {"bibles", SectionMerge::single},       {"eves", SectionMerge::list},
    {"date_rules", SectionMerge::map},      {"conditions", SectionMerge::map},
    {"day_names", SectionMerge::list},      {"tracks", SectionMerge::single},
    {"options", SectionMerge::list},
});

// Keys a translation may carry: it changes names only (and, with the language, the Bible
// versions it prefers).
constexpr std::array<std::string_view, 9> kTranslationKeys = {
    "schema", "code", "kind", "extends", "lang", "name", "jurisdiction", "strings", "bibles"};
// Keys an adaptation may carry besides `patch`: identity and metadata, never rules directly.
constexpr std::array<std::string_view, 13> kAdaptationKeys = {
    "schema",    "code",        "kind",   "extends", "lang",    "name",  "jurisdiction",
    "time_zone", "valid_years", "source", "patch",   "strings", "bibles"};

bool contains(std::span<const std::string_view> list, std::string_view s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

std::string loc_text(const SourceLoc& loc) {
  return loc.file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

}  // namespace

std::optional<SectionMerge> section_merge(std::string_view name) {
  for (const auto& s : kSections) {
    if (s.name == name) return s.merge;
  }
  return std::nullopt;
}

const SourceNode* SourceLoader::keep(SourceNode node) {
  trees_.push_back(std::move(node));
  return &trees_.back();
}

bool SourceLoader::check_schema(const SourceNode& root) {
  if (!root.is_map()) {
    diags_.error(root.loc, "a book file must be a mapping of sections");
    return false;
  }
  const SourceNode* schema = root.find("schema");
  if (schema == nullptr) {
    diags_.error(root.loc, "missing 'schema: 1' (every book and rule file names its schema)");
    return false;
  }
  if (!schema->is_scalar() || schema->scalar != "1") {
    diags_.error(schema->loc, "unsupported schema '" + schema->scalar + "' (this engine reads 1)");
    return false;
  }
  return true;
}

StringLayer read_string_layer(const SourceNode& strings, const std::string& lang,
                              DiagnosticList& diags) {
  static constexpr std::array<std::string_view, 15> kCategories = {
      "book",         "celebrations", "seasons",        "season_labels", "sundays",
      "colours",      "types",        "fasts",          "weekdays",      "preferences",
      "explanations", "fast_names",   "weekday_titles", "collects",      "day_names"};
  StringLayer layer;
  layer.lang = lang;
  layer.loc = strings.loc;
  if (!strings.is_map()) {
    diags.error(strings.loc, "'strings' must be a mapping of categories");
    return layer;
  }
  for (const auto& [cat, body] : strings.entries) {
    if (!contains(kCategories, cat.scalar)) {
      std::string list;
      for (auto c : kCategories) list += (list.empty() ? "" : ", ") + std::string(c);
      diags.error(cat.loc, "unknown strings category '" + cat.scalar + "' (known: " + list + ")");
      continue;
    }
    if (!body.is_map()) {
      diags.error(body.loc, "strings category '" + cat.scalar + "' must map keys to texts");
      continue;
    }
    auto& texts = layer.texts[cat.scalar];
    for (const auto& [k, v] : body.entries) {
      if (!v.is_scalar() || v.scalar.empty()) {
        diags.error(v.loc, "expected a non-empty text for '" + k.scalar + "'");
        continue;
      }
      texts[k.scalar] = &v;
    }
  }
  return layer;
}

std::optional<StringLayer> SourceLoader::read_strings_file(const SourceNode& root,
                                                           std::string_view lang_hint) {
  if (!check_schema(root)) return std::nullopt;
  MapReader m(root, "strings file", diags_);
  m.get("schema");
  auto lang = read_text(m.require("lang"), diags_);
  const SourceNode* strings = m.require("strings");
  m.finish();
  if (!lang || strings == nullptr) return std::nullopt;
  if (!lang_hint.empty() && *lang != lang_hint) {
    diags_.error(root.find("lang")->loc,
                 "strings file for '" + std::string(lang_hint) + "' declares lang '" + *lang + "'");
  }
  return read_string_layer(*strings, *lang, diags_);
}

void SourceLoader::add_rule_file(const std::string& name, const SourceNode* root,
                                 const std::string& path) {
  if (name.rfind("strings/", 0) == 0) {
    global_string_files_.push_back(path);
    if (auto layer = read_strings_file(*root, name.substr(8))) {
      global_strings_.push_back(std::move(*layer));
    }
    return;
  }
  if (!check_schema(*root)) return;
  rule_sets_[name] = {root, path};
}

void SourceLoader::load_rules_dir(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    diags_.error(SourceLoc{dir.string(), 0, 0}, "rules directory not found");
    return;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir, ec)) {
    if (entry.is_regular_file() && entry.path().extension() == ".yaml") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<ParsedFile> parsed = read_yaml_files(files);
  for (std::size_t i = 0; i < files.size(); ++i) {
    diags_.append(parsed[i].diags);
    if (!parsed[i].root) continue;
    std::string name = fs::relative(files[i], dir).replace_extension().generic_string();
    add_rule_file(name, keep(std::move(*parsed[i].root)), files[i].string());
  }
}

void SourceLoader::add_rule_set_text(const std::string& name, std::string_view yaml) {
  auto root = read_yaml_text(yaml, "rules/" + name + ".yaml", diags_);
  if (root) add_rule_file(name, keep(std::move(*root)), "rules/" + name + ".yaml");
}

void SourceLoader::add_book_file(const std::string& code, const std::string& file_name,
                                 const SourceNode* root, const std::string& path) {
  RawBook& raw = books_[code];
  raw.paths.push_back(path);
  if (file_name == "book.yaml") {
    raw.manifest = root;
  } else if (file_name == "checks.yaml") {
    raw.checks = root;
  } else if (file_name.rfind("strings/", 0) == 0) {
    raw.strings_files.push_back(root);
  } else {
    raw.files.push_back(root);
  }
}

namespace {

std::vector<fs::path> yaml_files_under(const fs::path& dir) {
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir, ec)) {
    if (entry.is_regular_file() && entry.path().extension() == ".yaml") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

std::vector<SourceLoader::ParsedFile> SourceLoader::read_yaml_files(
    const std::vector<fs::path>& files) {
  // yaml-cpp is most of start-up, and every file parses on its own: all cores read; the
  // results are then registered in file order, so diagnostics and trees come out as before.
  std::vector<ParsedFile> parsed(files.size());
  run_in_parallel(files.size(), [&](std::size_t i) {
    parsed[i].root = read_yaml_file(files[i].string(), parsed[i].diags);
  });
  return parsed;
}

void SourceLoader::load_book_dir(const fs::path& dir) { load_book_dirs({dir}); }

void SourceLoader::load_book_dirs(const std::vector<fs::path>& dirs) {
  std::vector<fs::path> files;
  std::vector<std::size_t> first_file;  // per directory, into `files`
  for (const auto& dir : dirs) {
    first_file.push_back(files.size());
    for (auto& f : yaml_files_under(dir)) files.push_back(std::move(f));
  }
  first_file.push_back(files.size());
  std::vector<ParsedFile> parsed = read_yaml_files(files);
  for (std::size_t d = 0; d < dirs.size(); ++d) {
    const fs::path& dir = dirs[d];
    const std::string code = dir.filename().string();
    if (auto seen = books_.find(code); seen != books_.end() && !seen->second.dir.empty()) {
      // A local calendar cannot replace a shipped book: it extends it under its own code.
      diags_.error(SourceLoc{(dir / "book.yaml").string(), 0, 0},
                   "book '" + code + "' is already loaded from " + seen->second.dir);
      continue;
    }
    books_[code].dir = dir.string();
    for (std::size_t i = first_file[d]; i < first_file[d + 1]; ++i) {
      diags_.append(parsed[i].diags);
      const std::string name = fs::relative(files[i], dir).generic_string();
      if (!parsed[i].root) {
        if (name == "book.yaml") books_[code].manifest_unreadable = true;
        continue;
      }
      add_book_file(code, name, keep(std::move(*parsed[i].root)), files[i].string());
    }
    if (books_[code].manifest == nullptr && !books_[code].manifest_unreadable) {
      diags_.error(SourceLoc{(dir / "book.yaml").string(), 0, 0},
                   "a book directory needs book.yaml");
    }
  }
}

void SourceLoader::load_books_dir(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    diags_.error(SourceLoc{dir.string(), 0, 0}, "books directory not found");
    return;
  }
  std::vector<fs::path> dirs;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_directory() && fs::exists(entry.path() / "book.yaml"))
      dirs.push_back(entry.path());
  }
  std::sort(dirs.begin(), dirs.end());
  load_book_dirs(dirs);
}

void SourceLoader::add_book_file_text(const std::string& code, const std::string& file_name,
                                      std::string_view yaml) {
  const std::string path = "books/" + code + "/" + file_name;
  books_[code].dir = "books/" + code;
  auto root = read_yaml_text(yaml, path, diags_);
  if (root) {
    add_book_file(code, file_name, keep(std::move(*root)), path);
  } else if (file_name == "book.yaml") {
    books_[code].manifest_unreadable = true;
  }
}

void SourceLoader::check_books_without_manifest() {
  for (const auto& [code, raw] : books_) {
    if (raw.manifest != nullptr || !raw.manifest_unreadable) continue;
    MergedSource scratch;
    for (const SourceNode* file : raw.files) {
      if (check_schema(*file)) add_sections(scratch, *file, false);
    }
  }
}

std::vector<std::string> SourceLoader::book_codes() const {
  std::vector<std::string> out;
  for (const auto& [code, raw] : books_) {
    if (raw.manifest != nullptr) out.push_back(code);
  }
  return out;
}

const SourceNode* SourceLoader::checks(const std::string& code) const {
  auto it = books_.find(code);
  return it == books_.end() ? nullptr : it->second.checks;
}

std::string SourceLoader::book_dir(const std::string& code) const {
  auto it = books_.find(code);
  return it == books_.end() ? std::string() : it->second.dir;
}

void SourceLoader::add_sections(MergedSource& out, const SourceNode& root, bool allow_manifest) {
  for (const auto& [key, value] : root.entries) {
    const auto merge = section_merge(key.scalar);
    if (!merge) {
      diags_.error(key.loc, "unknown section '" + key.scalar + "'");
      continue;
    }
    if (key.scalar == "schema") continue;
    if (!allow_manifest && (key.scalar == "code" || key.scalar == "kind" ||
                            key.scalar == "extends" || key.scalar == "uses")) {
      diags_.error(key.loc, "'" + key.scalar + "' belongs in book.yaml");
      continue;
    }
    if (key.scalar == "strings") {
      diags_.error(key.loc,
                   "'strings' belongs in strings/<lang>.yaml or a translation's book.yaml");
      continue;
    }
    if (key.scalar == "patch") {
      if (!allow_manifest) diags_.error(key.loc, "'patch' belongs in book.yaml");
      continue;  // applied by the caller once every section is merged
    }
    switch (*merge) {
      case SectionMerge::single: {
        auto [it, inserted] = out.singles.emplace(key.scalar, &value);
        if (!inserted) {
          diags_.error(key.loc, "section '" + key.scalar + "' is already defined at " +
                                    loc_text(it->second->loc));
        }
        break;
      }
      case SectionMerge::list:
        if (!value.is_seq()) {
          diags_.error(value.loc, "section '" + key.scalar + "' must be a list");
          break;
        }
        for (const auto& item : value.items) out.lists[key.scalar].push_back(item);
        break;
      case SectionMerge::map:
        if (!value.is_map()) {
          diags_.error(value.loc, "section '" + key.scalar + "' must be a mapping");
          break;
        }
        for (const auto& [k, v] : value.entries) out.maps[key.scalar].emplace_back(&k, &v);
        break;
    }
  }
}

std::optional<MergedSource> SourceLoader::merge(const std::string& code) {
  chain_.clear();
  chain_too_deep_ = false;
  auto out = merge_at_depth(code, 0);
  if (!out && chain_too_deep_) {
    std::string path;
    for (const std::string& link : chain_) path += (path.empty() ? "" : " -> ") + link;
    const SourceNode* extends = books_.at(code).manifest->find("extends");
    diags_.error(extends->loc,
                 "overlays chain more than 4 deep (or extend each other in a cycle): " + path);
  }
  return out;
}

std::optional<MergedSource> SourceLoader::merge_at_depth(const std::string& code, int depth) {
  chain_.push_back(code);
  auto it = books_.find(code);
  if (it == books_.end() || it->second.manifest == nullptr) return std::nullopt;
  const RawBook& raw = it->second;
  if (!check_schema(*raw.manifest)) return std::nullopt;
  const SourceNode* kind = raw.manifest->find("kind");
  if (kind != nullptr && kind->scalar != "book") return merge_overlay(code, raw, depth);
  return merge_base(code, raw);
}

std::optional<MergedSource> SourceLoader::merge_base(const std::string& code, const RawBook& raw) {
  MergedSource out;
  out.code = code;
  out.manifest_loc = raw.manifest->loc;
  out.files = raw.paths;
  const SourceNode* code_node = raw.manifest->find("code");
  if (code_node == nullptr || code_node->scalar != code) {
    diags_.error(code_node ? code_node->loc : raw.manifest->loc,
                 "book.yaml must say 'code: " + code + "' (the directory name)");
  }
  if (const SourceNode* uses = raw.manifest->find("uses")) {
    if (!uses->is_seq()) {
      diags_.error(uses->loc, "'uses' must be a list of rule sets");
    } else {
      for (const auto& item : uses->items) {
        auto rs = rule_sets_.find(item.scalar);
        if (rs == rule_sets_.end()) {
          diags_.error(item.loc, "unknown rule set '" + item.scalar + "' (no rules/" + item.scalar +
                                     ".yaml)");
          continue;
        }
        add_sections(out, *rs->second.first, false);
        out.files.push_back(rs->second.second);
      }
    }
  }
  add_sections(out, *raw.manifest, true);
  for (const SourceNode* file : raw.files) {
    if (check_schema(*file)) add_sections(out, *file, false);
  }
  // A book may adjust what it took from shared rule sets (e.g. where its Epiphany starts).
  if (const SourceNode* patch = raw.manifest->find("patch")) apply_patch(out, *patch);
  if (const SourceNode* lang = out.single("lang")) out.lang = lang->scalar;
  out.inline_lang = out.lang;
  for (const SourceNode* file : raw.strings_files) {
    if (auto layer = read_strings_file(*file, "")) out.strings.push_back(std::move(*layer));
  }
  return out;
}

std::optional<MergedSource> SourceLoader::merge_overlay(const std::string& code, const RawBook& raw,
                                                        int depth) {
  const SourceNode& m = *raw.manifest;
  const std::string kind = m.find("kind")->scalar;
  if (kind != "translation" && kind != "adaptation") {
    diags_.error(m.find("kind")->loc,
                 "unknown kind '" + kind + "' (expected one of: book, translation, adaptation)");
    return std::nullopt;
  }
  const SourceNode* extends = m.find("extends");
  if (extends == nullptr) {
    diags_.error(m.loc, "a " + kind + " needs 'extends: <book code>'");
    return std::nullopt;
  }
  if (depth >= 4) {
    chain_.push_back(extends->scalar);
    chain_too_deep_ = true;  // reported by merge() at the first book of the chain
    return std::nullopt;
  }
  if (!books_.count(extends->scalar)) {
    diags_.error(extends->loc, "extends unknown book '" + extends->scalar + "'");
    return std::nullopt;
  }
  auto parent = merge_at_depth(extends->scalar, depth + 1);
  if (!parent) return std::nullopt;
  MergedSource out = std::move(*parent);
  out.code = code;
  out.kind = kind;
  out.extends = extends->scalar;
  out.manifest_loc = m.loc;
  out.files.insert(out.files.end(), raw.paths.begin(), raw.paths.end());
  const auto allowed = kind == "translation" ? std::span<const std::string_view>(kTranslationKeys)
                                             : std::span<const std::string_view>(kAdaptationKeys);
  for (const auto& [key, value] : m.entries) {
    if (!contains(allowed, key.scalar)) {
      diags_.error(key.loc, kind == "translation"
                                ? "a translation may change strings only; '" + key.scalar +
                                      "' changes the book's structure"
                                : "an adaptation changes rules only through 'patch'; '" +
                                      key.scalar + "' is not allowed here");
      continue;
    }
    if (key.scalar == "schema" || key.scalar == "kind" || key.scalar == "extends") continue;
    if (key.scalar == "strings") continue;  // below, once lang is known
    if (key.scalar == "patch") continue;
    out.singles[key.scalar] = &value;  // identity and metadata replace the parent's
  }
  if (const SourceNode* code_node = m.find("code");
      code_node == nullptr || code_node->scalar != code) {
    diags_.error(code_node ? code_node->loc : m.loc,
                 "book.yaml must say 'code: " + code + "' (the directory name)");
  }
  if (const SourceNode* lang = m.find("lang")) out.lang = lang->scalar;
  if (const SourceNode* strings = m.find("strings")) {
    // The overlay's own names come first: they win over the parent's.
    out.strings.insert(out.strings.begin(), read_string_layer(*strings, out.lang, diags_));
  }
  for (const SourceNode* file : raw.strings_files) {
    if (auto layer = read_strings_file(*file, "")) {
      out.strings.insert(out.strings.begin(), std::move(*layer));
    }
  }
  if (kind == "translation" && !raw.files.empty()) {
    diags_.error(raw.files.front()->loc,
                 "a translation is only book.yaml and strings/*.yaml; this file would change the "
                 "book's structure");
  }
  if (kind == "adaptation") {
    for (const SourceNode* file : raw.files) {
      diags_.error(file->loc, "an adaptation changes rules only through 'patch' in book.yaml");
    }
    if (const SourceNode* patch = m.find("patch")) apply_patch(out, *patch);
  }
  return out;
}

void SourceLoader::apply_patch(MergedSource& out, const SourceNode& patch) {
  if (!patch.is_seq()) {
    diags_.error(patch.loc, "'patch' must be a list of add/set/remove steps");
    return;
  }
  for (const SourceNode& step : patch.items) {
    if (!step.is_map() || step.entries.size() != 1) {
      diags_.error(step.loc, "a patch step is exactly one of add, set, remove");
      continue;
    }
    const auto& [verb, body] = step.entries.front();
    if (verb.scalar != "add" && verb.scalar != "set" && verb.scalar != "remove") {
      diags_.error(verb.loc,
                   "unknown patch verb '" + verb.scalar + "' (expected add, set, remove)");
      continue;
    }
    if (!body.is_map() || body.entries.size() != 1) {
      diags_.error(body.loc, "a patch step names one list section, e.g. {celebrations: ...}");
      continue;
    }
    const auto& [section, value] = body.entries.front();
    if (section_merge(section.scalar) != SectionMerge::list) {
      diags_.error(section.loc,
                   "'" + section.scalar + "' is not a list section that can be patched");
      continue;
    }
    auto& list = out.lists[section.scalar];
    auto find_key = [&](const std::string& key) {
      return std::find_if(list.begin(), list.end(), [&](const SourceNode& n) {
        const SourceNode* k = n.find("key");
        return k != nullptr && k->scalar == key;
      });
    };
    if (verb.scalar == "remove") {
      auto it = find_key(value.scalar);
      if (!value.is_scalar() || it == list.end()) {
        diags_.error(value.loc,
                     "remove: no entry with key '" + value.scalar + "' in " + section.scalar);
        continue;
      }
      list.erase(it);
      continue;
    }
    const SourceNode* key = value.is_map() ? value.find("key") : nullptr;
    if (key == nullptr) {
      diags_.error(value.loc, verb.scalar + ": the entry needs a 'key'");
      continue;
    }
    auto it = find_key(key->scalar);
    if (verb.scalar == "add") {
      if (it != list.end()) {
        diags_.error(key->loc, "add: '" + key->scalar + "' already exists in " + section.scalar +
                                   " (use set)");
        continue;
      }
      list.push_back(value);
      continue;
    }
    if (it == list.end()) {
      diags_.error(key->loc, "set: no entry with key '" + key->scalar + "' in " + section.scalar);
      continue;
    }
    for (const auto& [field, field_value] : value.entries) {
      const std::string& name = field.scalar;  // Clang 14 cannot capture a structured binding
      auto existing = std::find_if(it->entries.begin(), it->entries.end(),
                                   [&](const auto& e) { return e.first.scalar == name; });
      if (existing != it->entries.end()) {
        existing->second = field_value;
      } else {
        it->entries.emplace_back(field, field_value);
      }
    }
  }
}

}  // namespace kalendar::detail
