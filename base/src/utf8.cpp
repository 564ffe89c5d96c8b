#include "kalendar/base/utf8.hpp"

#include <cstdint>

namespace kalendar::base {

// Length of the well-formed UTF-8 sequence starting at `pos`, or 0 when it is malformed.
// Follows the table of well-formed byte sequences in Unicode 15, §3.9 (Table 3-7).
std::size_t utf8_sequence_length(std::string_view text, std::size_t pos) {
  const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(text[pos + i]); };
  const std::size_t left = text.size() - pos;
  const std::uint8_t b0 = byte(0);
  if (b0 < 0x80) return 1;
  const auto continuation = [&](std::size_t i, std::uint8_t lo, std::uint8_t hi) {
    return i < left && byte(i) >= lo && byte(i) <= hi;
  };
  if (b0 >= 0xC2 && b0 <= 0xDF) return continuation(1, 0x80, 0xBF) ? 2 : 0;
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    const std::uint8_t lo = b0 == 0xE0 ? 0xA0 : 0x80;  // no overlongs
    const std::uint8_t hi = b0 == 0xED ? 0x9F : 0xBF;  // no surrogates
    return continuation(1, lo, hi) && continuation(2, 0x80, 0xBF) ? 3 : 0;
  }
  if (b0 >= 0xF0 && b0 <= 0xF4) {
    const std::uint8_t lo = b0 == 0xF0 ? 0x90 : 0x80;  // no overlongs
    const std::uint8_t hi = b0 == 0xF4 ? 0x8F : 0xBF;  // nothing above U+10FFFF
    return continuation(1, lo, hi) && continuation(2, 0x80, 0xBF) && continuation(3, 0x80, 0xBF)
               ? 4
               : 0;
  }
  return 0;
}

bool is_valid_utf8(std::string_view text) {
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t n = utf8_sequence_length(text, pos);
    if (n == 0) return false;
    pos += n;
  }
  return true;
}

}  // namespace kalendar::base
