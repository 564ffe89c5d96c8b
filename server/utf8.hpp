// UTF-8 helpers shared by URL decoding, parameter limits and error documents.
//
// RapidJSON copies bytes through unvalidated (dependencies.md §3), so anything that reaches a
// response must be valid UTF-8 first: decoded query values are checked here, and text quoted
// back in an error detail is sanitised here.
//
// Example:
//   is_valid_utf8("Jo\xC3\xA3o") == true;   utf8_length("João") == 4;
#pragma once

#include "kalendar/base/utf8.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace kalendar::api {

// True when `text` is well-formed UTF-8 (the one validator, kalendar/base/utf8.hpp).
// Example: is_valid_utf8("\xC0\xAF") == false (overlong '/').
using base::is_valid_utf8;

// Number of code points in valid UTF-8 text (counts lead bytes).
// Example: utf8_length("Sl 23 \xE2\x80\x93 1") == 9.
[[nodiscard]] std::size_t utf8_length(std::string_view text);

// Copies `text`, replacing each invalid byte and each control character (< 0x20, 0x7F) with
// U+FFFD. Example: sanitize_utf8("a\nb") == "a\xEF\xBF\xBD" "b".
[[nodiscard]] std::string sanitize_utf8(std::string_view text);

}  // namespace kalendar::api
