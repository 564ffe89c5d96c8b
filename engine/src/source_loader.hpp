// Gathers the YAML of rule sets and books (from directories or from memory) and merges each
// book's sections: `uses:` rule sets first, then the book's own files, then overlays for books
// that `extends:` another one.
//
// Example:
//   DiagnosticList diags;
//   SourceLoader loader(diags);
//   loader.load_rules_dir("rules");
//   loader.load_books_dir("books");
//   for (auto& code : loader.book_codes()) auto merged = loader.merge(code);
#pragma once

#include "merged_source.hpp"

#include <deque>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kalendar::detail {

class SourceLoader {
 public:
  explicit SourceLoader(DiagnosticList& diags) : diags_(diags) {}

  // Every rules/**/*.yaml becomes a rule set named by its path without extension
  // ("seasons/western"); rules/strings/<lang>.yaml are shared names (colours, types, ...).
  void load_rules_dir(const std::filesystem::path& dir);
  // Every books/<code>/ holding a book.yaml; strings/<lang>.yaml inside add languages.
  void load_books_dir(const std::filesystem::path& dir);
  // One book directory (the validator can check a single book).
  void load_book_dir(const std::filesystem::path& dir);

  // In-memory sources for tests: a rule set, a shared strings file, or one file of a book.
  void add_rule_set_text(const std::string& name, std::string_view yaml);
  void add_book_file_text(const std::string& code, const std::string& file_name,
                          std::string_view yaml);

  [[nodiscard]] std::vector<std::string> book_codes() const;
  // Books whose book.yaml exists but could not be read (a YAML error, already reported): their
  // other files are still checked section by section, so one error does not hide the rest.
  void check_books_without_manifest();
  // The merged sections of a book, or nullopt after reporting why.
  std::optional<MergedSource> merge(const std::string& code);
  // Shared string layers from rules/strings (lowest priority of all names).
  [[nodiscard]] const std::vector<StringLayer>& global_strings() const { return global_strings_; }
  // The files those layers came from: every book's names depend on them (data_version).
  [[nodiscard]] const std::vector<std::string>& global_string_files() const {
    return global_string_files_;
  }
  // checks.yaml of a book, if any.
  [[nodiscard]] const SourceNode* checks(const std::string& code) const;
  [[nodiscard]] std::string book_dir(const std::string& code) const;

 private:
  struct ParsedFile {
    std::optional<SourceNode> root;
    DiagnosticList diags;
  };
  static std::vector<ParsedFile> read_yaml_files(const std::vector<std::filesystem::path>& files);
  void load_book_dirs(const std::vector<std::filesystem::path>& dirs);
  struct RawBook {
    std::string dir;
    const SourceNode* manifest = nullptr;
    bool manifest_unreadable = false;              // book.yaml exists but is not valid YAML
    std::vector<const SourceNode*> files;          // other section files, sorted by name
    std::vector<const SourceNode*> strings_files;  // strings/<lang>.yaml
    const SourceNode* checks = nullptr;
    std::vector<std::string> paths;
  };

  const SourceNode* keep(SourceNode node);
  void add_rule_file(const std::string& name, const SourceNode* root, const std::string& path);
  void add_book_file(const std::string& code, const std::string& file_name, const SourceNode* root,
                     const std::string& path);
  void add_sections(MergedSource& out, const SourceNode& root, bool allow_manifest);
  bool check_schema(const SourceNode& root);
  std::optional<StringLayer> read_strings_file(const SourceNode& root, std::string_view lang_hint);
  std::optional<MergedSource> merge_base(const std::string& code, const RawBook& raw);
  std::optional<MergedSource> merge_overlay(const std::string& code, const RawBook& raw, int depth);
  std::optional<MergedSource> merge_at_depth(const std::string& code, int depth);
  void apply_patch(MergedSource& out, const SourceNode& patch);

  DiagnosticList& diags_;
  // The overlay chain of the book being merged, to report a chain too deep at that book's own
  // `extends:` (not at the link where the count ran out, in another book's file).
  std::vector<std::string> chain_;
  bool chain_too_deep_ = false;
  std::deque<SourceNode> trees_;  // owns every node handed out
  std::map<std::string, std::pair<const SourceNode*, std::string>> rule_sets_;
  std::vector<StringLayer> global_strings_;
  std::vector<std::string> global_string_files_;
  std::map<std::string, RawBook> books_;
};

// Builds a StringLayer from a `strings:` mapping (categories -> key -> text).
StringLayer read_string_layer(const SourceNode& strings, const std::string& lang,
                              DiagnosticList& diags);

}  // namespace kalendar::detail
