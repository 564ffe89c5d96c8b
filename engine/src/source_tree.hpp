// The YAML of a book as a plain tree that remembers where every node came from.
//
// yaml-cpp is only used to read a file; the loader then walks this tree, so that every later
// diagnostic can name `file:line:column`, duplicate keys are caught (yaml-cpp silently keeps both
// and answers the first), and no yaml-cpp conversion (`as<int>("010") == 8`, `as<bool>("On")`)
// ever touches book data.
//
// Example:
//   DiagnosticList diags;
//   auto root = read_yaml_file("books/loc_2015/calendar.yaml", diags);
//   if (root) for (auto& [key, value] : root->entries) ...
#pragma once

#include "kalendar/result.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kalendar::detail {

struct SourceNode {
  // Defined in source_tree.cpp, where SourceNode is complete: Clang instantiates the members
  // of vector<pair<SourceNode, SourceNode>> at an inline definition and refuses the
  // incomplete type (GCC does not), which kept the fuzz build (Clang) from compiling.
  SourceNode();
  SourceNode(const SourceNode&);
  SourceNode(SourceNode&&) noexcept;
  SourceNode& operator=(const SourceNode&);
  SourceNode& operator=(SourceNode&&) noexcept;
  ~SourceNode();

  enum class Kind { null, scalar, sequence, mapping };
  Kind kind = Kind::null;
  std::string scalar;             // raw text of a scalar, exactly as written (quotes removed)
  bool quoted = false;            // "..." or '...' in the source: never a number or a null
  std::vector<SourceNode> items;  // sequence
  std::vector<std::pair<SourceNode, SourceNode>> entries;  // mapping: key node, value node
  SourceLoc loc;

  [[nodiscard]] bool is_scalar() const { return kind == Kind::scalar; }
  [[nodiscard]] bool is_map() const { return kind == Kind::mapping; }
  [[nodiscard]] bool is_seq() const { return kind == Kind::sequence; }
  [[nodiscard]] bool is_null() const { return kind == Kind::null; }
  // The value under a mapping key, or nullptr (the first one: duplicates are already reported).
  [[nodiscard]] const SourceNode* find(std::string_view key) const;
};

// Limits of one YAML file (the largest shipped file has 262 KB): larger, deeper or expanding
// to more values (aliases of aliases), it is refused with a diagnostic at file:line:column.
inline constexpr std::size_t kMaxYamlBytes = 4U << 20U;
inline constexpr int kMaxYamlDepth = 64;
inline constexpr std::size_t kMaxYamlNodes = 250'000;

// Reads and converts one YAML file; a syntax error or duplicate key becomes a diagnostic.
std::optional<SourceNode> read_yaml_file(const std::string& path, DiagnosticList& diags);
// Same, from text in memory (tests use inline mini-books); `name` is used as the file name.
std::optional<SourceNode> read_yaml_text(std::string_view text, const std::string& name,
                                         DiagnosticList& diags);

}  // namespace kalendar::detail
