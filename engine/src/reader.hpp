// Strict readers over SourceNode: every book value goes through one of these, so that the
// closed vocabularies, integer syntax and key rules are enforced in exactly one place.
//
// Example:
//   MapReader m(node, "celebration", diags);
//   auto id = read_int(m.require("id"), 1, 999999, diags);
//   auto key = read_slug(m.require("key"), diags);
//   m.finish();   // reports "unknown key 'colr' in celebration (known: id, key, ...)"
#pragma once

#include "source_tree.hpp"

#include "kalendar/civil.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::detail {

// Reads a mapping, remembering which keys were used so that finish() can report the rest.
class MapReader {
 public:
  MapReader(const SourceNode& node, std::string what, DiagnosticList& diags);
  // The value under `key` or nullptr when absent. Marks the key as known.
  const SourceNode* get(std::string_view key);
  // Like get(), but an absent key is an error at the mapping's position.
  const SourceNode* require(std::string_view key);
  // Declares keys that are valid but read elsewhere (so finish() does not report them).
  void allow(std::string_view key) { known_.emplace_back(key); }
  // Reports every key that no get/require/allow named. Call once, after reading.
  void finish();
  [[nodiscard]] bool valid() const { return node_.is_map(); }
  [[nodiscard]] const SourceNode& node() const { return node_; }
  [[nodiscard]] bool has(std::string_view key) const { return node_.find(key) != nullptr; }

 private:
  const SourceNode& node_;
  std::string what_;
  DiagnosticList& diags_;
  std::vector<std::string> known_;
};

// A stable identifier: [a-z][a-z0-9_]*. Example: "john_baptist_nativity".
std::optional<std::string> read_slug(const SourceNode* node, DiagnosticList& diags);
// Any non-empty string scalar.
std::optional<std::string> read_text(const SourceNode* node, DiagnosticList& diags);
// A decimal integer (optional leading '-'), no leading zeros beyond "0", within [min, max].
std::optional<int> read_int(const SourceNode* node, int min, int max, DiagnosticList& diags);
// `true` or `false`, nothing else ("yes", "On" are errors: yaml-cpp would accept them).
std::optional<bool> read_bool(const SourceNode* node, DiagnosticList& diags);
// One word from a closed set; the message lists the allowed words.
std::optional<std::size_t> read_choice(const SourceNode* node,
                                       std::span<const std::string_view> allowed,
                                       std::string_view what, DiagnosticList& diags);
// A scalar or a sequence of scalars, as a list of slugs. Example: "any" or [advent, lent].
std::vector<std::pair<std::string, SourceLoc>> read_slug_list(const SourceNode* node,
                                                              DiagnosticList& diags);
// A scalar as a one-item list, a sequence as its items, nothing as an empty list.
std::vector<const SourceNode*> as_list(const SourceNode* node);
// `YYYY-MM-DD`.
std::optional<CivilDate> read_date(const SourceNode* node, DiagnosticList& diags);

}  // namespace kalendar::detail
