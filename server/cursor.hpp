// Opaque pagination cursors (api-decisions.md, Celebrations and cursors).
//
// A cursor is base64url of a small JSON document {"v":1,"s":"<scope digest>","k":[...]}: a
// format version, a digest of the book and filters it was made for, and the last sort key of
// the page. It is written with RapidJSON and read with simdjson. Anything malformed, of another
// version, or made for another book or other filters is refused, and the handler answers
// 400 invalid_cursor. The cursor is not secret; the digest only detects mixing.
//
// Example:
//   CursorScope scope("loc_2015");
//   scope.filter("type", "festival").filter("month", "6");
//   std::string next = encode_cursor(scope, {20250624, 215});
//   auto key = decode_cursor(next, scope);      // key.value() == {20250624, 215}
//   decode_cursor(next, CursorScope("other"));  // error, code "invalid_cursor"
#pragma once

#include "kalendar/result.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {

// Cursor format version; bump when the sort key changes meaning, so old cursors are refused.
// Example: a cursor of version 1 is refused once kCursorVersion is 2.
inline constexpr std::int64_t kCursorVersion = 1;
// Longest cursor text accepted, and longest sort key. Example: {month, day, id} has 3 parts.
inline constexpr std::size_t kMaxCursorChars = 512;
inline constexpr std::size_t kMaxCursorKeyParts = 8;

// What a cursor is valid for: the book and every filter that shapes the list, in a fixed
// order chosen by the handler. Pass absent filters as "" so the positions stay fixed.
// Example: CursorScope("loc_2015").filter("q", "").filter("type", "festival").
class CursorScope {
 public:
  explicit CursorScope(std::string_view book);
  // Adds one filter. Example: scope.filter("year", "2025").
  CursorScope& filter(std::string_view name, std::string_view value);
  // Hex of the first 128 bits of SHA-256 over an unambiguous (length-prefixed) encoding.
  // Example: CursorScope("loc_2015").digest().size() == 32.
  [[nodiscard]] std::string digest() const;

 private:
  void append(std::string_view part);
  std::string canonical_;
};

// The cursor for the page after the item whose sort key is `last_key` (1 to 8 parts).
// Example: encode_cursor(scope, {6, 24, 215}) -> "eyJ2IjoxLCJzIjoi...".
[[nodiscard]] std::string encode_cursor(const CursorScope& scope,
                                        std::span<const std::int64_t> last_key);

// The last sort key stored in `cursor`, or an Error with code "invalid_cursor" and a detail
// safe to show a client. Example: decode_cursor("not a cursor", scope) -> error.
[[nodiscard]] Result<std::vector<std::int64_t>> decode_cursor(std::string_view cursor,
                                                              const CursorScope& scope);

}  // namespace kalendar::api
