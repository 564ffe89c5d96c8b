#include "params.hpp"

#include "utf8.hpp"

#include <algorithm>
#include <charconv>

namespace kalendar::api {

namespace {

std::string join(std::span<const std::string_view> items) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += ", ";
    out += item;
  }
  return out;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += ", ";
    out += item;
  }
  return out;
}

bool contains(std::span<const std::string_view> items, std::string_view item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

// Splits a comma list; empty items are kept so that the caller can report them.
std::vector<std::string_view> split_commas(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const auto comma = text.find(',', start);
    out.push_back(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

bool is_alpha(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }
bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

std::string quoted(std::string_view value) { return "'" + quote_for_detail(value) + "'"; }

}  // namespace

IncludeSet::IncludeSet(std::vector<std::string> items) : items_(std::move(items)) {
  std::sort(items_.begin(), items_.end());
  items_.erase(std::unique(items_.begin(), items_.end()), items_.end());
}

bool IncludeSet::has(std::string_view item) const {
  return std::binary_search(items_.begin(), items_.end(), item);
}

std::optional<DateParam> parse_date_value(std::string_view text, bool allow_today) {
  if (allow_today && text == "today") return DateParam{true, {}};
  const auto date = parse_iso_date(text);
  if (!date) return std::nullopt;
  const int y = year_of(*date);
  if (y < kMinYear || y > kMaxYear) return std::nullopt;
  return DateParam{false, *date};
}

std::optional<int> parse_year_value(std::string_view text) {
  if (text.size() != 4) return std::nullopt;
  return parse_int_value(text, kMinYear, kMaxYear);
}

std::optional<int> parse_int_value(std::string_view text, int min, int max) {
  // At most 9 digits: always fits an int, so from_chars cannot overflow.
  if (text.empty() || text.size() > 9 || !std::all_of(text.begin(), text.end(), is_digit)) {
    return std::nullopt;
  }
  int value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  if (value < min || value > max) return std::nullopt;
  return value;
}

bool is_language_tag(std::string_view text) {
  if (text.empty() || text.size() > 35) return false;
  std::size_t start = 0;
  bool first = true;
  while (start <= text.size()) {
    auto dash = text.find('-', start);
    if (dash == std::string_view::npos) dash = text.size();
    const std::string_view sub = text.substr(start, dash - start);
    const bool letters_only = std::all_of(sub.begin(), sub.end(), is_alpha);
    const bool alphanumeric =
        std::all_of(sub.begin(), sub.end(), [](char ch) { return is_alpha(ch) || is_digit(ch); });
    if (first ? (sub.size() < 2 || sub.size() > 8 || !letters_only)
              : (sub.empty() || sub.size() > 8 || !alphanumeric)) {
      return false;
    }
    first = false;
    start = dash + 1;
  }
  return true;
}

ParamReader::ParamReader(const Query& query, ErrorList& errors) : query_(query), errors_(errors) {}

void ParamReader::mark(std::string_view name) {
  if (std::find(known_.begin(), known_.end(), name) == known_.end()) known_.emplace_back(name);
}

bool ParamReader::present(std::string_view name) {
  mark(name);
  return query_.find(name) != nullptr;
}

const QueryParam* ParamReader::lookup(std::string_view name) {
  mark(name);
  const QueryParam* p = query_.find(name);
  return p != nullptr && p->valid ? p : nullptr;
}

std::optional<std::string> ParamReader::required_string(std::string_view name,
                                                        std::size_t max_chars) {
  const QueryParam* p = lookup(name);
  if (p == nullptr) {
    if (query_.find(name) == nullptr) errors_.missing(name);  // else: already reported
    return std::nullopt;
  }
  if (p->value.empty()) {
    errors_.missing(name);
    return std::nullopt;
  }
  if (utf8_length(p->value) > max_chars) {
    errors_.invalid(name, "must be at most " + std::to_string(max_chars) + " characters");
    return std::nullopt;
  }
  return p->value;
}

std::optional<std::string> ParamReader::optional_string(std::string_view name,
                                                        std::size_t max_chars) {
  const QueryParam* p = lookup(name);
  if (p == nullptr || p->value.empty()) return std::nullopt;
  if (utf8_length(p->value) > max_chars) {
    errors_.invalid(name, "must be at most " + std::to_string(max_chars) + " characters");
    return std::nullopt;
  }
  return p->value;
}

std::optional<std::string> ParamReader::one_of(std::string_view name,
                                               std::span<const std::string_view> allowed,
                                               std::optional<std::string_view> fallback) {
  const QueryParam* p = lookup(name);
  if (p == nullptr) {
    if (query_.find(name) != nullptr) return std::nullopt;  // already reported
    return fallback ? std::optional<std::string>(*fallback) : std::nullopt;
  }
  if (!contains(allowed, p->value)) {
    errors_.invalid(name, quoted(p->value) + " is not allowed; use one of: " + join(allowed));
    return std::nullopt;
  }
  return p->value;
}

std::optional<std::string> ParamReader::service(bool allow_all) {
  if (allow_all) return one_of("service", kServicesWithAll, "daily");
  return one_of("service", kServiceSlugs, "daily");
}

std::optional<std::string> ParamReader::text_format() {
  return one_of("text_format", kTextFormats, "verses");
}

std::optional<int> ParamReader::integer(std::string_view name, int min, int max) {
  const QueryParam* p = lookup(name);
  if (p == nullptr) return std::nullopt;
  auto value = parse_int_value(p->value, min, max);
  if (!value) {
    errors_.invalid(name, "must be an integer from " + std::to_string(min) + " to " +
                              std::to_string(max) + ", not " + quoted(p->value));
  }
  return value;
}

std::optional<int> ParamReader::year(std::string_view name) {
  const QueryParam* p = lookup(name);
  if (p == nullptr) return std::nullopt;
  return path_year(name, p->value);
}

std::optional<bool> ParamReader::boolean(std::string_view name) {
  const QueryParam* p = lookup(name);
  if (p == nullptr) return std::nullopt;
  if (p->value == "true") return true;
  if (p->value == "false") return false;
  errors_.invalid(name, "must be true or false, not " + quoted(p->value));
  return std::nullopt;
}

std::optional<DateParam> ParamReader::date(std::string_view name, bool allow_today) {
  const QueryParam* p = lookup(name);
  if (p == nullptr) return std::nullopt;
  auto value = parse_date_value(p->value, allow_today);
  if (!value) {
    errors_.invalid(name, "must be a date YYYY-MM-DD with a year from " + std::to_string(kMinYear) +
                              " to " + std::to_string(kMaxYear) +
                              (allow_today ? " or the word today" : "") + ", not " +
                              quoted(p->value));
  }
  return value;
}

std::optional<std::string> ParamReader::language(std::string_view name) {
  const QueryParam* p = lookup(name);
  if (p == nullptr || p->value.empty()) return std::nullopt;
  if (!is_language_tag(p->value)) {
    errors_.invalid(name, "must be a language tag such as en or pt-BR, not " + quoted(p->value));
    return std::nullopt;
  }
  return p->value;
}

IncludeSet ParamReader::include(std::span<const std::string_view> allowed) {
  const QueryParam* p = lookup("include");
  if (p == nullptr || p->value.empty()) return IncludeSet{};
  std::vector<std::string> items;
  for (const auto item : split_commas(p->value)) {
    if (!contains(allowed, item)) {
      errors_.invalid("include", (item.empty() ? std::string("an empty item") : quoted(item)) +
                                     " cannot be included here; allowed: " + join(allowed));
      continue;
    }
    // A child implies its parent: readings.text -> readings.
    std::string_view current = item;
    while (true) {
      items.emplace_back(current);
      const auto dot = current.rfind('.');
      if (dot == std::string_view::npos) break;
      current = current.substr(0, dot);
    }
  }
  return IncludeSet{std::move(items)};
}

FieldSelection ParamReader::fields(const FieldCatalog& catalog,
                                   std::span<const std::string_view> route_types) {
  fields_read_ = true;
  FieldSelection selection;
  std::vector<std::string> seen;  // repeats were merged by parse_query; a type once
  for (const auto& p : query_.params()) {
    std::string type;
    if (!p.valid || !is_fields_parameter(p.name, &type)) continue;
    if (std::find(seen.begin(), seen.end(), type) != seen.end()) continue;
    seen.push_back(type);
    const auto* attributes = catalog.attributes(type);
    if (attributes == nullptr) {
      auto types = catalog.types();
      errors_.invalid(p.name, quoted(type) + " is not a resource type; known types: " +
                                  join(std::span<const std::string_view>(types)));
      continue;
    }
    if (!contains(route_types, type)) {
      errors_.invalid(
          p.name, "does not apply to this route; it accepts fields[] for: " + join(route_types));
      continue;
    }
    std::vector<std::string> chosen;
    bool ok = true;
    if (!p.value.empty()) {
      for (const auto attribute : split_commas(p.value)) {
        if (attribute == "id" ||
            std::find(attributes->begin(), attributes->end(), attribute) != attributes->end()) {
          chosen.emplace_back(attribute);
          continue;
        }
        ok = false;
        errors_.invalid(p.name,
                        (attribute.empty() ? std::string("an empty name") : quoted(attribute)) +
                            " is not an attribute of " + type + "; known: " + join(*attributes));
      }
    }
    if (ok) selection.select(type, std::move(chosen));
  }
  return selection;
}

ContextParams ParamReader::context_params() {
  ContextParams out;
  out.bible = optional_string("bible", 64);
  out.psalter = optional_string("psalter", 64);
  out.lectionary = optional_string("lectionary", 64);
  out.reading_type = optional_string("reading_type", 64);
  out.lang = language("lang");
  return out;
}

std::optional<DateParam> ParamReader::path_date(std::string_view name, std::string_view value) {
  auto parsed = parse_date_value(value, true);
  if (!parsed) {
    errors_.invalid(name, "must be a date YYYY-MM-DD with a year from " + std::to_string(kMinYear) +
                              " to " + std::to_string(kMaxYear) + " or the word today, not " +
                              quoted(value));
  }
  return parsed;
}

std::optional<int> ParamReader::path_year(std::string_view name, std::string_view value) {
  auto parsed = parse_year_value(value);
  if (!parsed) {
    errors_.invalid(name, "must be a four-digit year from " + std::to_string(kMinYear) + " to " +
                              std::to_string(kMaxYear) + ", not " + quoted(value));
  }
  return parsed;
}

std::optional<int> ParamReader::path_id(std::string_view name, std::string_view value) {
  auto parsed = parse_int_value(value, 1, 999'999'999);
  if (!parsed) errors_.invalid(name, "must be a positive integer, not " + quoted(value));
  return parsed;
}

void ParamReader::allow(std::initializer_list<std::string_view> names) {
  for (const auto name : names) mark(name);
}

void ParamReader::reject_unknown() {
  std::vector<std::string_view> reported;
  for (const auto& p : query_.params()) {
    if (!p.valid) continue;  // already reported when decoded
    if (fields_read_ && is_fields_parameter(p.name)) continue;
    if (std::find(known_.begin(), known_.end(), p.name) != known_.end()) continue;
    if (std::find(reported.begin(), reported.end(), p.name) != reported.end()) continue;
    reported.push_back(p.name);
    if (defer_) {
      deferred_.emplace_back(p.name);
    } else {
      errors_.invalid(p.name, "is not a parameter of this route");
    }
  }
}

void ParamReader::report_deferred() {
  for (const std::string& name : deferred_) {
    if (std::find(known_.begin(), known_.end(), name) != known_.end()) continue;
    errors_.invalid(name, "is not a parameter of this route");
  }
  deferred_.clear();
  defer_ = false;
}

std::optional<std::string> ParamReader::raw(std::string_view name) {
  const QueryParam* p = lookup(name);
  if (p == nullptr) return std::nullopt;
  return p->value;
}

}  // namespace kalendar::api
