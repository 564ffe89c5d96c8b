#include "reader.hpp"

#include <algorithm>
#include <charconv>

namespace kalendar::detail {

MapReader::MapReader(const SourceNode& node, std::string what, DiagnosticList& diags)
    : node_(node), what_(std::move(what)), diags_(diags) {
  if (!node_.is_map()) diags_.error(node_.loc, "expected a mapping for " + what_);
}

const SourceNode* MapReader::get(std::string_view key) {
  known_.emplace_back(key);
  return node_.is_map() ? node_.find(key) : nullptr;
}

const SourceNode* MapReader::require(std::string_view key) {
  const SourceNode* v = get(key);
  if (v == nullptr && node_.is_map()) {
    diags_.error(node_.loc, "missing '" + std::string(key) + "' in " + what_);
  }
  return v;
}

void MapReader::finish() {
  if (!node_.is_map()) return;
  for (const auto& [k, v] : node_.entries) {
    if (std::find(known_.begin(), known_.end(), k.scalar) != known_.end()) continue;
    std::vector<std::string_view> unique;
    for (const auto& name : known_) {
      if (std::find(unique.begin(), unique.end(), name) == unique.end()) unique.push_back(name);
    }
    std::string list;
    for (const auto& name : unique) {
      if (!list.empty()) list += ", ";
      list += name;
    }
    diags_.error(k.loc, "unknown key '" + k.scalar + "' in " + what_ + " (known: " + list + ")");
  }
}

namespace {
bool is_slug(std::string_view s) {
  if (s.empty() || s[0] < 'a' || s[0] > 'z') return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}
}  // namespace

std::optional<std::string> read_slug(const SourceNode* node, DiagnosticList& diags) {
  if (node == nullptr) return std::nullopt;
  if (!node->is_scalar() || !is_slug(node->scalar)) {
    diags.error(node->loc, "expected an identifier of lower-case letters, digits and '_' (got '" +
                               node->scalar + "')");
    return std::nullopt;
  }
  return node->scalar;
}

std::optional<std::string> read_text(const SourceNode* node, DiagnosticList& diags) {
  if (node == nullptr) return std::nullopt;
  if (!node->is_scalar() || node->scalar.empty()) {
    diags.error(node->loc, "expected a non-empty text");
    return std::nullopt;
  }
  return node->scalar;
}

std::optional<int> read_int(const SourceNode* node, int min, int max, DiagnosticList& diags) {
  if (node == nullptr) return std::nullopt;
  const std::string& s = node->scalar;
  const bool negative = !s.empty() && s[0] == '-';
  const std::string_view digits = std::string_view(s).substr(negative ? 1 : 0);
  const bool leading_zero = digits.size() > 1 && digits[0] == '0';
  int value = 0;
  bool ok = node->is_scalar() && !node->quoted && !digits.empty() && !leading_zero &&
            std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (ok) {
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    ok = ec == std::errc{} && ptr == s.data() + s.size();
  }
  if (!ok) {
    diags.error(node->loc, "expected a whole number (got '" + s + "')");
    return std::nullopt;
  }
  if (value < min || value > max) {
    diags.error(node->loc, "number " + s + " is out of range " + std::to_string(min) + ".." +
                               std::to_string(max));
    return std::nullopt;
  }
  return value;
}

std::optional<bool> read_bool(const SourceNode* node, DiagnosticList& diags) {
  if (node == nullptr) return std::nullopt;
  if (node->is_scalar() && !node->quoted && node->scalar == "true") return true;
  if (node->is_scalar() && !node->quoted && node->scalar == "false") return false;
  diags.error(node->loc, "expected true or false (got '" + node->scalar + "')");
  return std::nullopt;
}

std::optional<std::size_t> read_choice(const SourceNode* node,
                                       std::span<const std::string_view> allowed,
                                       std::string_view what, DiagnosticList& diags) {
  if (node == nullptr) return std::nullopt;
  if (node->is_scalar()) {
    for (std::size_t i = 0; i < allowed.size(); ++i) {
      if (allowed[i] == node->scalar) return i;
    }
  }
  std::string list;
  for (const auto& a : allowed) {
    if (!list.empty()) list += ", ";
    list += a;
  }
  diags.error(node->loc, "unknown " + std::string(what) + " '" + node->scalar +
                             "' (expected one of: " + list + ")");
  return std::nullopt;
}

std::vector<std::pair<std::string, SourceLoc>> read_slug_list(const SourceNode* node,
                                                              DiagnosticList& diags) {
  std::vector<std::pair<std::string, SourceLoc>> out;
  if (node == nullptr) return out;
  if (node->is_scalar()) {
    if (auto s = read_slug(node, diags)) out.emplace_back(*s, node->loc);
    return out;
  }
  if (!node->is_seq() || node->items.empty()) {
    diags.error(node->loc, "expected a word or a non-empty list of words");
    return out;
  }
  for (const auto& item : node->items) {
    if (auto s = read_slug(&item, diags)) out.emplace_back(*s, item.loc);
  }
  return out;
}

std::vector<const SourceNode*> as_list(const SourceNode* node) {
  std::vector<const SourceNode*> out;
  if (node == nullptr) return out;
  if (node->is_seq()) {
    for (const auto& item : node->items) out.push_back(&item);
  } else {
    out.push_back(node);
  }
  return out;
}

std::optional<CivilDate> read_date(const SourceNode* node, DiagnosticList& diags) {
  if (node == nullptr) return std::nullopt;
  auto d = node->is_scalar() ? parse_iso_date(node->scalar) : std::nullopt;
  if (!d) diags.error(node->loc, "expected a date YYYY-MM-DD (got '" + node->scalar + "')");
  return d;
}

}  // namespace kalendar::detail
