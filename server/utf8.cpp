#include "utf8.hpp"

#include "kalendar/base/utf8.hpp"

#include <cstdint>

namespace kalendar::api {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

using base::utf8_sequence_length;

}  // namespace

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
    const std::size_t n = utf8_sequence_length(text, pos);
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
