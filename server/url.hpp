// URL handling: splitting a request target, strict percent-decoding of path segments and of
// query names and values, and the ordered query a handler reads parameters from.
//
// Pistache decodes nothing (dependencies.md §5, pitfall 4), so every byte from the wire goes
// through here. Decoding is strict: a bad `%` escape, a decoded NUL or invalid UTF-8 is an error.
// Array forms such as `book[]=x` are refused; `fields[day]=...` is the one legitimate bracket form.
//
// Example:
//   ErrorList errors;
//   Query q = parse_query("fields%5Bday%5D=date&q=S%C3%A3o+Jo%C3%A3o", errors);
//   q.find("fields[day]")->value == "date";  q.find("q")->value == "São João";
#pragma once

#include "api_error.hpp"

#include "kalendar/result.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {

// Longest raw query string accepted (api-decisions.md, Limits): 4 KiB.
// Example: a 4097-byte query is one invalid_parameter error.
inline constexpr std::size_t kMaxQueryBytes = 4096;

// Where a percent-encoded component comes from: `+` means a space only in a query.
// Example: percent_decode("a+b", DecodeMode::query_component) == "a b".
enum class DecodeMode { path_segment, query_component };

// Decodes `%XX` escapes (and `+` in queries). Errors (Error::code): "bad_escape" for `%` not
// followed by two hex digits, "nul" for a decoded NUL, "bad_utf8" for a result that is not UTF-8.
// Example: percent_decode("2025%2D06%2D24", DecodeMode::path_segment) == "2025-06-24".
[[nodiscard]] Result<std::string> percent_decode(std::string_view raw, DecodeMode mode);

// Encodes a query name or value: unreserved characters stay, everything else is `%XX`.
// Example: percent_encode("fields[day]") == "fields%5Bday%5D".
[[nodiscard]] std::string percent_encode(std::string_view text);

// A request target split at the first `?`; any `#fragment` is dropped.
// Example: split_target("/a/b?x=1#f") == {"/a/b", "x=1"}.
struct RawTarget {
  std::string_view path{};
  std::string_view query{};
};
[[nodiscard]] RawTarget split_target(std::string_view target);

// Splits a raw path on `/` and decodes each segment; empty segments (double or trailing
// slashes) are skipped, so `/api//v2/days/` has segments {"api", "v2", "days"}. Decoding after
// splitting keeps an encoded `%2F` inside its segment. Errors as in percent_decode().
// Example: decode_path("/api/v2/days/2025%2D06%2D24") -> {"api","v2","days","2025-06-24"}.
[[nodiscard]] Result<std::vector<std::string>> decode_path(std::string_view raw_path);

// The segments decode_path() gives, as views, without a copy in the common case: a path with no
// `%` (and no NUL, and valid UTF-8) is its own decoding, so the views point into the raw path,
// which must outlive this object; otherwise into decoded copies kept here. Not copyable or
// movable (it points into itself).
// Example: PathSegments s; s.parse("/api/v2/days/2025-06-24"); s.size() == 4; s[3] == "2025-06-24".
class PathSegments {
 public:
  // Segments kept as views; a longer path has size() > kMaxViews and no view (no route has
  // that many segments, so it only needs its count).
  static constexpr std::size_t kMaxViews = 16;

  PathSegments() = default;
  PathSegments(const PathSegments&) = delete;
  PathSegments& operator=(const PathSegments&) = delete;

  // Splits and decodes `raw_path`. Errors as decode_path(). Example: s.parse("/a/%2")->code
  // == "bad_escape".
  [[nodiscard]] std::optional<Error> parse(std::string_view raw_path);
  [[nodiscard]] std::size_t size() const { return size_; }
  // The i-th decoded segment; i < min(size(), kMaxViews).
  [[nodiscard]] std::string_view operator[](std::size_t i) const { return views_[i]; }

 private:
  void add(std::string_view segment);
  std::optional<Error> parse_decoding(std::string_view raw_path);

  std::array<std::string_view, kMaxViews> views_{};
  std::size_t size_ = 0;
  std::vector<std::string> decoded_{};  // only when some segment had an escape
};

// One query parameter after decoding. `valid` is false when its name or value did not decode
// or the name is an array form: the problem is already in the request's ErrorList, and
// parameter validators then skip it without a word instead of reporting it twice.
// Example: QueryParam{"book", "loc_2015", true}.
struct QueryParam {
  std::string name{};
  std::string value{};
  bool valid = true;
};

// The decoded query in request order. parse_query() has already merged repeated `include` and
// `fields[...]` into their first occurrence and rejected other repeats; the copies stay in
// params() marked invalid, and lookup returns the first.
// Example: Query q({{"a","1"},{"a","2"}}); q.find("a")->value == "1".
class Query {
 public:
  Query() = default;
  explicit Query(std::vector<QueryParam> params) : params_(std::move(params)) {}

  // The first parameter named `name`, or nullptr. Example: q.find("book").
  [[nodiscard]] const QueryParam* find(std::string_view name) const;
  // Every parameter, in order, duplicates and invalid ones included.
  // Example: for "a=1&a=2", params().size() == 2.
  [[nodiscard]] const std::vector<QueryParam>& params() const { return params_; }
  // Canonical encoded form of the valid parameters (first of each name, in order), e.g. for
  // `links.self`. Example: "book=loc_2015&fields%5Bday%5D=date".
  [[nodiscard]] std::string encode() const;
  // As encode(), with `name` set to `value` (replaced in place, or appended), e.g. for
  // `links.next`. Example: q.encode_with("cursor", "eyJ2Ijox...").
  [[nodiscard]] std::string encode_with(std::string_view name, std::string_view value) const;

 private:
  std::vector<QueryParam> params_;
};

// Parses a raw query string (without `?`). Every problem is appended to `errors`: an over-long
// query (nothing else is parsed then), bad escapes, NUL, bad UTF-8, array forms, a repeated
// parameter other than `include` and `fields[<type>]` (those are joined: include=a&include=b
// reads as include=a,b). Empty pieces
// (`a=1&&b=2`) and pieces with an empty name are skipped; `name` without `=` has value "".
// Example: parse_query("book[]=x", errors) -> one invalid_parameter error about "book[]".
[[nodiscard]] Query parse_query(std::string_view raw_query, ErrorList& errors);

}  // namespace kalendar::api
