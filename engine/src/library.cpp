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

// SHA-256 over the files' names and bytes, hex, truncated: a version tag, not a secret.
std::string digest_files(std::vector<std::string> files,
                         const std::vector<std::pair<std::string, std::string>>& texts) {
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr);
  for (const auto& f : files) {
    EVP_DigestUpdate(ctx, f.data(), f.size());
    std::ifstream in(f, std::ios::binary);
    std::ostringstream buf;
    buf << in.rdbuf();
    const std::string bytes = buf.str();
    EVP_DigestUpdate(ctx, bytes.data(), bytes.size());
  }
  for (const auto& [name, text] : texts) {
    EVP_DigestUpdate(ctx, name.data(), name.size());
    EVP_DigestUpdate(ctx, text.data(), text.size());
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
  loader.check_books_without_manifest();
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
    definition->data_version = digest_files(merged->files, {});
    all_files.insert(all_files.end(), merged->files.begin(), merged->files.end());
    library->books_.push_back(CompiledBook::compile(std::move(*definition)));
  }
  library->data_version = digest_files(all_files, texts);
  return library;
}

}  // namespace kalendar
