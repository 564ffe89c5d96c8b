#include "kalendar/text_pack.hpp"

#include "reader.hpp"
#include "source_tree.hpp"

#include "kalendar/base/language.hpp"

#include <algorithm>
#include <filesystem>

namespace kalendar {

namespace fs = std::filesystem;

namespace {

std::optional<TextPack> read_pack(const std::string& path, const CompiledBook& book,
                                  DiagnosticList& diags) {
  using namespace detail;
  DiagnosticList local;
  auto root = read_yaml_file(path, local);
  if (!root) {
    diags.append(local);
    return std::nullopt;
  }
  TextPack pack;
  pack.file = path;
  MapReader m(*root, "text pack", local);
  if (const SourceNode* v = m.require("pack"); v != nullptr && v->scalar != "1") {
    local.error(v->loc, "unsupported text pack version '" + v->scalar + "' (this engine reads 1)");
  }
  pack.book = read_text(m.require("book"), local).value_or("");
  pack.lang = read_text(m.require("lang"), local).value_or("");
  pack.source = read_text(m.require("source"), local).value_or("");
  if (const SourceNode* l = m.get("licence")) pack.licence = read_text(l, local).value_or("");
  if (pack.book != book.code && !pack.book.empty()) {
    local.error(root->find("book")->loc, "pack is for book '" + pack.book + "' but lives in the '" +
                                             book.code + "' directory");
  }
  const std::string expected_lang = fs::path(path).stem().string();
  if (!pack.lang.empty() && pack.lang != expected_lang) {
    local.error(root->find("lang")->loc, "pack declares lang '" + pack.lang + "' but its file is " +
                                             expected_lang + ".yaml");
  }
  if (const SourceNode* collects = m.require("collects")) {
    if (!collects->is_map()) local.error(collects->loc, "'collects' maps collect keys to texts");
    for (const auto& [key, value] : collects->entries) {
      if (book.collect_index.find(key.scalar) == book.collect_index.end()) {
        local.error(key.loc, "book '" + book.code + "' has no collect '" + key.scalar + "'");
        continue;
      }
      MapReader cm(value, "collect text", local);
      CollectText text;
      text.body = read_text(cm.require("body"), local).value_or("");
      if (const SourceNode* p = cm.get("preface")) text.preface = read_text(p, local).value_or("");
      cm.finish();
      pack.collects.emplace(key.scalar, std::move(text));
    }
  }
  m.finish();
  diags.append(local);
  if (local.has_errors()) return std::nullopt;
  return pack;
}

}  // namespace

const TextPack* TextPacks::pack_for(std::string_view book, std::string_view lang) const {
  const TextPack* same_language = nullptr;
  const TextPack* any = nullptr;
  for (const TextPack& p : packs_) {
    if (p.book != book) continue;
    if (p.lang == lang) return &p;
    if (same_language == nullptr && base::same_base_language(lang, p.lang)) same_language = &p;
    if (any == nullptr) any = &p;
  }
  return same_language != nullptr ? same_language : any;
}

const CollectText* TextPacks::find(std::string_view book, std::string_view lang,
                                   std::string_view key) const {
  const TextPack* p = pack_for(book, lang);
  if (p == nullptr) return nullptr;
  auto it = p->collects.find(key);
  return it == p->collects.end() ? nullptr : &it->second;
}

std::shared_ptr<const TextPacks> load_text_packs(
    const std::string& dir, const std::vector<std::shared_ptr<const CompiledBook>>& books,
    DiagnosticList& diags) {
  auto packs = std::make_shared<TextPacks>();
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return packs;
  for (const auto& book : books) {
    const fs::path book_dir = fs::path(dir) / book->code;
    if (!fs::is_directory(book_dir, ec)) continue;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(book_dir, ec)) {
      if (entry.is_regular_file() && entry.path().extension() == ".yaml")
        files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      if (auto pack = read_pack(f.string(), *book, diags))
        packs->packs_.push_back(std::move(*pack));
    }
  }
  return packs;
}

}  // namespace kalendar
