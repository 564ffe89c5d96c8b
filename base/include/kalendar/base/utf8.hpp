// The one UTF-8 validator (Unicode 15, §3.9, Table 3-7): the loader, the Bible store and the
// server's URL and error handling all check text with it.
//
// Example:
//   utf8_sequence_length("Jo\xC3\xA3o", 2) == 2;   is_valid_utf8("\xC0\xAF") == false (overlong)
#pragma once

#include <cstddef>
#include <string_view>

namespace kalendar::base {

// Length of the well-formed UTF-8 sequence starting at `pos` (< text.size()), or 0 when it is
// malformed (overlong, surrogate, above U+10FFFF, truncated, stray continuation byte).
// Example: utf8_sequence_length("\xE2\x80\x93", 0) == 3.
[[nodiscard]] std::size_t utf8_sequence_length(std::string_view text, std::size_t pos);

// True when all of `text` is well-formed UTF-8. Example: is_valid_utf8("S\xC3\xA3o") == true.
[[nodiscard]] bool is_valid_utf8(std::string_view text);

}  // namespace kalendar::base
