// The shared parameter grammar of API v2 as reusable validators.
//
// A `ParamReader` reads one request's query. Each validator returns the typed value (or
// nullopt), marks the name as known, and appends a problem to the request's ErrorList instead
// of stopping, so a client sees every problem of a request at once (api-decisions.md, Errors).
// A parameter that already failed to decode (QueryParam::valid == false) reads as nullopt
// without a second error.
//
// Unknown parameters are REJECTED: after reading what it accepts, a handler calls
// reject_unknown(), and every other parameter is a 400 invalid_parameter naming it. A typo such
// as `servce=eucharist` would otherwise without a word answer for the default office.
//
// Example (GET /api/v2/celebrations):
//   ParamReader p(ctx.query(), ctx.errors());
//   auto book  = p.required_string("book");
//   auto limit = p.integer("limit", 1, 100).value_or(50);
//   auto month = p.integer("month", 1, 12);
//   auto year  = p.year("year");
//   if (p.present("day") && !p.present("month") && !p.present("year"))
//     ctx.errors().invalid("day", "requires month or year");
//   auto fields = p.fields(kCatalog, {"celebration"});
//   p.context_params();
//   p.reject_unknown();
//   if (!ctx.errors().empty()) return ctx.errors();
#pragma once

#include "api_error.hpp"
#include "fields.hpp"
#include "url.hpp"

#include "kalendar/civil.hpp"
#include "kalendar/lectionary.hpp"

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {

// Default longest string parameter, in characters (`q` is 200 by api-decisions.md).
// Example: optional_string("q") refuses 201 characters.
inline constexpr std::size_t kMaxStringChars = 200;

// `service` values: the engine's offices (kServiceSlugs, "daily" first and the default); readings
// also accept `all`. Example: kServicesWithAll.back() == "all".
inline constexpr auto kServicesWithAll = [] {
  std::array<std::string_view, kServiceSlugs.size() + 1> out{};
  for (std::size_t i = 0; i < kServiceSlugs.size(); ++i) out[i] = kServiceSlugs[i];
  out.back() = "all";
  return out;
}();
// `text_format` values. Example: kTextFormats[0] == "verses" (the default).
inline constexpr std::string_view kTextFormats[] = {"verses", "plain", "markdown"};

// A `date` value: a calendar date, or the word `today` (resolved later in the book's time zone,
// api-decisions.md). Example: parse_date_value("today") -> {today = true}.
struct DateParam {
  bool today = false;
  CivilDate date{};  // meaningful only when !today
};

// The sub-resources asked for with `include`, each parent implied by its children.
// Example: include=readings.text -> items() == {"readings", "readings.text"}.
class IncludeSet {
 public:
  IncludeSet() = default;
  explicit IncludeSet(std::vector<std::string> items);
  // Example: has("readings") after include=readings.text.
  [[nodiscard]] bool has(std::string_view item) const;
  // Sorted, without duplicates. Example: {"collect", "readings", "readings.text"}.
  [[nodiscard]] const std::vector<std::string>& items() const { return items_; }

 private:
  std::vector<std::string> items_;
};

// The context parameters accepted wherever `book` is (api-v2-spec.md §4). Their values are
// checked against the book's preferences by the handler.
// Example: {bible = "web", lang = "pt-BR"}.
struct ContextParams {
  std::optional<std::string> bible{};
  std::optional<std::string> psalter{};
  std::optional<std::string> lectionary{};
  std::optional<std::string> reading_type{};
  std::optional<std::string> lang{};
};

// Value-level parsers, shared by path and query parameters; nullopt when invalid.
// Example: parse_date_value("2025-06-24", true)->date == 2025y/June/24.
[[nodiscard]] std::optional<DateParam> parse_date_value(std::string_view text, bool allow_today);
// Four digits within kMinYear..kMaxYear. Example: parse_year_value("0999") == nullopt.
[[nodiscard]] std::optional<int> parse_year_value(std::string_view text);
// Decimal digits only (no sign, no spaces) within [min, max]. Example: ("010", 1, 100) -> 10.
[[nodiscard]] std::optional<int> parse_int_value(std::string_view text, int min, int max);
// A BCP 47 tag in its common shape: 2-8 letters, then `-` and 1-8 letters or digits, repeated.
// Example: is_language_tag("pt-BR") == true; is_language_tag("pt_BR") == false.
[[nodiscard]] bool is_language_tag(std::string_view text);

// Reads and validates one request's query parameters. Example: see the top of this file.
class ParamReader {
 public:
  // Reads `query`, appending problems to `errors`; both must outlive the reader.
  ParamReader(const Query& query, ErrorList& errors);

  // True when the parameter was sent (even empty or invalid). Marks it as known.
  // Example: if (p.present("day") && !p.present("month")) ...
  [[nodiscard]] bool present(std::string_view name);

  // A string that must be present and non-empty (else missing_parameter), at most `max_chars`
  // characters. Example: required_string("book").
  std::optional<std::string> required_string(std::string_view name,
                                             std::size_t max_chars = kMaxStringChars);
  // A string that may be absent; an empty value counts as absent.
  // Example: optional_string("q", 200).
  std::optional<std::string> optional_string(std::string_view name,
                                             std::size_t max_chars = kMaxStringChars);
  // One of `allowed`; `fallback` when absent. Example: one_of("type", kTypes, std::nullopt).
  std::optional<std::string> one_of(std::string_view name,
                                    std::span<const std::string_view> allowed,
                                    std::optional<std::string_view> fallback);
  std::optional<std::string> one_of(std::string_view name,
                                    std::initializer_list<std::string_view> allowed,
                                    std::optional<std::string_view> fallback) {
    return one_of(name, std::span(allowed.begin(), allowed.size()), fallback);
  }
  // `service`, default `daily`; `all` only when `allow_all`. Example: service(false).
  std::optional<std::string> service(bool allow_all);
  // `text_format`, default `verses`. Example: text_format() == "plain" for text_format=plain.
  std::optional<std::string> text_format();
  // An integer in [min, max]; nullopt when absent. Example: integer("limit", 1, 100).value_or(50).
  std::optional<int> integer(std::string_view name, int min, int max);
  // A four-digit year in 1583..4099. Example: year("year").
  std::optional<int> year(std::string_view name);
  // `true` or `false`, nothing else. Example: boolean("movable").
  std::optional<bool> boolean(std::string_view name);
  // `YYYY-MM-DD` (years 1583..4099), or `today` when `allow_today`. Example: date("from", false).
  std::optional<DateParam> date(std::string_view name, bool allow_today);
  // A language tag. Example: language("lang").
  std::optional<std::string> language(std::string_view name);
  // `include`: a comma list of `allowed` values; children imply their parents.
  // Example: include({"readings", "readings.text", "collect"}).
  IncludeSet include(std::span<const std::string_view> allowed);
  IncludeSet include(std::initializer_list<std::string_view> allowed) {
    return include(std::span(allowed.begin(), allowed.size()));
  }
  // Every `fields[<type>]` parameter: the type must be in `catalog` (else 400) and in
  // `route_types` (else 400: it does not apply here); each attribute must be in the catalog.
  // Example: fields(catalog, {"day", "reading", "collect"}).
  FieldSelection fields(const FieldCatalog& catalog, std::span<const std::string_view> route_types);
  FieldSelection fields(const FieldCatalog& catalog,
                        std::initializer_list<std::string_view> route_types) {
    return fields(catalog, std::span(route_types.begin(), route_types.size()));
  }
  // bible, psalter, lectionary, reading_type (strings) and lang (a language tag).
  // Example: auto context = p.context_params(); context.bible.value_or(book_default).
  ContextParams context_params();

  // Path values, validated with the same rules and reported under the path parameter's name.
  // Example: path_date("date", "2025-06-24"); path_year("year", "2025"); path_id("id", "104").
  std::optional<DateParam> path_date(std::string_view name, std::string_view value);
  std::optional<int> path_year(std::string_view name, std::string_view value);
  std::optional<int> path_id(std::string_view name, std::string_view value);

  // Marks names as accepted without reading them. Example: allow({"psalter"}).
  void allow(std::initializer_list<std::string_view> names);
  // Reports every parameter that was neither read nor allowed as invalid_parameter.
  // Example: `servce=eucharist` -> invalid_parameter, source.parameter "servce".
  void reject_unknown();
  // For routes with a `book`: the book's calendar options are query parameters named by the
  // book (`?epiphany=sunday`), known only once the book is. After defer_unknown(),
  // reject_unknown() keeps the unknown names, and report_deferred() (BookParams::resolve, once
  // it has read the book's options) reports those still unknown, as reject_unknown() would have.
  void defer_unknown() { defer_ = true; }
  void report_deferred();
  // The value of a parameter, marking it known; nullopt when absent. Example: raw("epiphany").
  std::optional<std::string> raw(std::string_view name);

  // The list problems go to. Example: if (!p.errors().empty()) return p.errors();
  [[nodiscard]] ErrorList& errors() { return errors_; }

 private:
  // The first valid parameter named `name` (nullptr when absent or already reported);
  // marks the name as known either way.
  const QueryParam* lookup(std::string_view name);
  void mark(std::string_view name);

  const Query& query_;
  ErrorList& errors_;
  std::vector<std::string> known_;
  std::vector<std::string> deferred_;  // unknown names kept by reject_unknown() after defer
  bool fields_read_ = false;
  bool defer_ = false;
};

}  // namespace kalendar::api
