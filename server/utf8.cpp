#include "utf8.hpp"

#include <cstdint>

namespace kalendar::api {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// Length of the well-formed UTF-8 sequence starting at `pos`, or 0 when it is malformed.
// Follows the table of well-formed byte sequences in Unicode 15, §3.9 (Table 3-7).
std::size_t sequence_length(std::string_view text, std::size_t pos) {
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

}  // namespace

bool is_valid_utf8(std::string_view text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t n = sequence_length(text, pos);
    if (n == 0) return false;
    pos += n;
  }
  return true;
}

std::size_t utf8_length(std::string_view text) {
  std::size_t count = 0;
  for (char ch : text) {
    if ((static_cast<std::uint8_t>(ch) & 0xC0U) != 0x80U) ++count;
  }
  return count;
}

std::string sanitize_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t n = sequence_length(text, pos);
    const auto b0 = static_cast<std::uint8_t>(text[pos]);
    if (n == 0 || (n == 1 && (b0 < 0x20 || b0 == 0x7F))) {
      out += kReplacement;
      pos += 1;
      continue;
    }
    out.append(text.substr(pos, n));
    pos += n;
  }
  return out;
}

}  // namespace kalendar::api
