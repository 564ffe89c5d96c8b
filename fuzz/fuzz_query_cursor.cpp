// The query-string parser and the cursor decoder on arbitrary bytes: never crash, and every
// problem is an error in the list (never an exception).
#include "api_error.hpp"
#include "cursor.hpp"
#include "url.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  kalendar::api::ErrorList errors;
  [[maybe_unused]] const auto query = kalendar::api::parse_query(text, errors);
  kalendar::api::CursorScope scope("loc_2015");
  scope.filter("year", "2025");
  [[maybe_unused]] const auto key = kalendar::api::decode_cursor(text, scope);
  return 0;
}
