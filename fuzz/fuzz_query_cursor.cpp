// The query-string parser, the cursor decoder and the path splitter on arbitrary bytes: never
// crash, and every problem is an error in the list (never an exception). The path splitter's
// in-place fast path must agree with the strict decoder on every input (same segments, same
// error).
#include "api_error.hpp"
#include "cursor.hpp"
#include "url.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  kalendar::api::ErrorList errors;
  [[maybe_unused]] const auto query = kalendar::api::parse_query(text, errors);
  kalendar::api::CursorScope scope("loc_2015");
  scope.filter("year", "2025");
  [[maybe_unused]] const auto key = kalendar::api::decode_cursor(text, scope);

  kalendar::api::PathSegments segments;
  const auto error = segments.parse(text);
  const auto decoded = kalendar::api::decode_path(text);
  if (error.has_value() != !decoded.ok()) std::abort();
  if (error) {
    if (error->code != decoded.error().code) std::abort();
    return 0;
  }
  if (segments.size() != decoded.value().size()) std::abort();
  for (std::size_t i = 0; i < segments.size() && i < segments.kMaxViews; ++i) {
    if (segments[i] != decoded.value()[i]) std::abort();
  }
  return 0;
}
