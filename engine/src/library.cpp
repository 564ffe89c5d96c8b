#include "kalendar/library.hpp"

#include "book_parser.hpp"
#include "checks_parser.hpp"
#include "source_loader.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace kalendar {

namespace {

// SHA-256 over the parts' names and bytes, hex, truncated: a version tag, not a secret. Each
// part's length goes in first, so that moving bytes from one part to the next changes it.
std::string digest_parts(const std::vector<std::pair<std::string_view, std::string_view>>& parts) {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr);
  for (const auto& [name, bytes] : parts) {
    for (const std::string_view piece : {name, bytes}) {
      const std::string length = std::to_string(piece.size()) + ":";
      EVP_DigestUpdate(ctx, length.data(), length.size());
      EVP_DigestUpdate(ctx, piece.data(), piece.size());
    }
  }
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_DigestFinal_ex(ctx, md, &len);
  EVP_MD_CTX_free(ctx);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < 8 && i < len; ++i) {
    out += kHex[md[i] >> 4];
    out += kHex[md[i] & 0xF];
  }
  return out;
}

// The same over files (name and bytes, in name order, each once) and in-memory texts.
std::string digest_files(std::vector<std::string> files,
                         const std::vector<std::pair<std::string, std::string>>& texts) {
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  std::vector<std::string> contents;
  contents.reserve(files.size());
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::ostringstream buf;
    buf << in.rdbuf();
    contents.push_back(buf.str());
  }
  std::vector<std::pair<std::string_view, std::string_view>> parts;
  for (std::size_t i = 0; i < files.size(); ++i) parts.emplace_back(files[i], contents[i]);
  for (const auto& [name, text] : texts) parts.emplace_back(name, text);
  return digest_parts(parts);
}

// Shared names (rules/strings/*.yaml) as LanguageStrings for the type and colour catalogues.
std::vector<LanguageStrings> shared_strings(const std::vector<detail::StringLayer>& layers) {
  std::vector<LanguageStrings> out;
  for (const auto& layer : layers) {
    LanguageStrings ls;
    ls.lang = layer.lang;
    auto find = [&](const char* cat, std::string_view key) -> std::string {
      auto c = layer.texts.find(cat);
      if (c == layer.texts.end()) return {};
      auto it = c->second.find(std::string(key));
      return it == c->second.end() ? std::string() : it->second->scalar;
    };
    for (std::size_t i = 0; i < kCelebrationTypeSlugs.size(); ++i) {
      ls.types[i] = find("types", kCelebrationTypeSlugs[i]);
    }
    ls.sunday_type = find("types", "sunday");
    for (std::size_t i = 0; i < kFastKindSlugs.size(); ++i)
      ls.fasts[i] = find("fasts", kFastKindSlugs[i]);
    for (unsigned i = 0; i < 7; ++i)
      ls.weekdays[i] = find("weekdays", weekday_slug(date::weekday{i}));
    out.push_back(std::move(ls));
  }
  return out;
}

}  // namespace

std::string content_digest(
    const std::vector<std::pair<std::string_view, std::string_view>>& parts) {
  return digest_parts(parts);
}

const CompiledBook* Library::find(std::string_view code) const {
  for (const auto& b : books_) {
    if (b->code == code) return b.get();
  }
  return nullptr;
}

const std::vector<CheckExpectation>* Library::checks(std::string_view code) const {
  auto it = checks_.find(code);
  return it == checks_.end() ? nullptr : &it->second;
}

std::shared_ptr<Library> load_library(const LibrarySources& sources, DiagnosticList& diags) {
  detail::SourceLoader loader(diags);
  if (!sources.rules_dir.empty()) loader.load_rules_dir(sources.rules_dir);
  for (const auto& [name, text] : sources.rule_texts) loader.add_rule_set_text(name, text);
  if (!sources.books_dir.empty()) loader.load_books_dir(sources.books_dir);
  for (const auto& dir : sources.book_dirs) loader.load_book_dir(dir);
  std::vector<std::pair<std::string, std::string>> texts = sources.rule_texts;
  for (const auto& [code, files] : sources.book_texts) {
    for (const auto& [name, text] : files) {
      loader.add_book_file_text(code, name, text);
      texts.emplace_back(code + "/" + name, text);
    }
  }

  auto library = std::make_shared<Library>();
  library->shared_ = shared_strings(loader.global_strings());
  std::vector<std::string> all_files;
  for (const std::string& code : loader.book_codes()) {
    DiagnosticList book_diags;
    auto merged = loader.merge(code);
    if (!merged) {
      diags.append(book_diags);
      continue;
    }
    detail::BookParser parser(*merged, loader.global_strings(), book_diags);
    std::unique_ptr<BookDefinition> definition = parser.parse();
    if (const detail::SourceNode* checks = loader.checks(code)) {
      library->checks_[code] = detail::parse_checks(*checks, *definition, book_diags);
    }
    diags.append(book_diags);
    if (book_diags.has_errors()) continue;
    // A book's answers use its files, the rule sets it uses and the shared names.
    std::vector<std::string> files = merged->files;
    files.insert(files.end(), loader.global_string_files().begin(),
                 loader.global_string_files().end());
    definition->data_version = digest_files(files, {});
    all_files.insert(all_files.end(), files.begin(), files.end());
    library->books_.push_back(CompiledBook::compile(std::move(*definition)));
  }
  library->data_version = digest_files(all_files, texts);
  return library;
}

}  // namespace kalendar
