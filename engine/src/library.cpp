#include "kalendar/library.hpp"

#include "book_parser.hpp"
#include "checks_parser.hpp"
#include "parallel.hpp"
#include "source_loader.hpp"

#include "kalendar/base/sha256.hpp"
#include "kalendar/engine.hpp"

#include <algorithm>
#include <fstream>
#include <malloc.h>
#include <span>
#include <sstream>

namespace kalendar {

namespace {

// SHA-256 over the parts' names and bytes, hex, truncated: a version tag, not a secret. Each
// part's length goes in first, so that moving bytes from one part to the next changes it.
std::string digest_parts(const std::vector<std::pair<std::string_view, std::string_view>>& parts) {
  base::Sha256 hasher;
  for (const auto& [name, bytes] : parts) {
    for (const std::string_view piece : {name, bytes}) {
      hasher.update(std::to_string(piece.size()) + ":");
      hasher.update(piece);
    }
  }
  const base::Sha256Digest md = hasher.finish();
  return base::to_hex(std::span<const unsigned char>(md.data(), 8));
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
  std::shared_ptr<Library> library = load_library_from(sources, diags);
  // The YAML trees and parse garbage are freed by now, much of it in the malloc arenas of the
  // parse threads, which glibc keeps: hand it back, or the resident size after start-up
  // carries tens of megabytes of nothing (measured: 115 MB instead of 80 with six books).
  malloc_trim(0);
  return library;
}

std::shared_ptr<Library> load_library_from(const LibrarySources& sources, DiagnosticList& diags) {
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
  loader.check_books_without_manifest();

  // Merging reads the loader's shared trees and reports into its list: one book after another.
  // Parsing and compiling a merged book touches only that book, so the books are compiled in
  // parallel (start-up with nine books; issue 13); results and diagnostics are then taken in
  // book order, so the outcome is the same as a sequential load.
  struct BookJob {
    std::string code;
    std::optional<detail::MergedSource> merged;
    const detail::SourceNode* checks = nullptr;
    DiagnosticList merge_diags;
    DiagnosticList diags;
    std::optional<std::vector<CheckExpectation>> expectations;
    std::shared_ptr<const CompiledBook> book;
  };
  std::vector<BookJob> jobs;
  for (const std::string& code : loader.book_codes()) {
    BookJob job;
    job.code = code;
    const std::size_t before = diags.items().size();
    job.merged = loader.merge(code);
    job.merge_diags = diags.take_from(before);
    job.checks = loader.checks(code);
    jobs.push_back(std::move(job));
  }
  const auto compile_one = [&loader](BookJob& job) {
    if (!job.merged) return;
    detail::BookParser parser(*job.merged, loader.global_strings(), job.diags);
    std::unique_ptr<BookDefinition> definition = parser.parse();
    if (job.checks != nullptr) {
      job.expectations = detail::parse_checks(*job.checks, *definition, job.diags);
    }
    if (job.diags.has_errors()) return;
    // A book's answers use its files, the rule sets it uses and the shared names.
    std::vector<std::string> files = job.merged->files;
    files.insert(files.end(), loader.global_string_files().begin(),
                 loader.global_string_files().end());
    definition->data_version = digest_files(files, {});
    job.book = CompiledBook::compile(std::move(*definition));
  };
  detail::run_in_parallel(jobs.size(), [&](std::size_t i) { compile_one(jobs[i]); });

  std::vector<std::string> all_files;
  for (BookJob& job : jobs) {
    if (job.expectations) library->checks_[job.code] = std::move(*job.expectations);
    diags.append(job.merge_diags);
    diags.append(job.diags);
    if (!job.book) continue;
    all_files.insert(all_files.end(), job.merged->files.begin(), job.merged->files.end());
    all_files.insert(all_files.end(), loader.global_string_files().begin(),
                     loader.global_string_files().end());
    library->books_.push_back(std::move(job.book));
  }
  library->data_version = digest_files(all_files, texts);
  return library;
}

}  // namespace kalendar
