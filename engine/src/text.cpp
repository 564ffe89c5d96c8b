#include "text.hpp"

#include "kalendar/text_search.hpp"

#include <array>
#include <cstdint>

namespace kalendar::detail {

namespace {

// Base letters for U+00C0..U+017F ('\0' = keep the code point as it is). Plain arrays, not
// string_view: the table holds NULs, which a string_view built from a literal would stop at.
constexpr char kLatin1Fold[] =
    "aaaaaaaceeeeiiii"    // C0-CF
    "dnooooo\0ouuuuyts"   // D0-DF (D7 multiplication sign kept)
    "aaaaaaaceeeeiiii"    // E0-EF
    "dnooooo\0ouuuuyty";  // F0-FF (F7 division sign kept)
constexpr char kLatinExtAFold[] =
    "aaaaaaccccccccdd"   // 0100-010F
    "ddeeeeeeeeeegggg"   // 0110-011F
    "gggghhhhiiiiiiii"   // 0120-012F
    "iiiijjkkklllllll"   // 0130-013F
    "lllnnnnnnnnnoooo"   // 0140-014F
    "oooorrrrrrssssss"   // 0150-015F
    "ssttttttuuuuuuuu"   // 0160-016F
    "uuuuwwyyyzzzzzzs";  // 0170-017F

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace

std::string fold_for_search(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : static_cast<char>(c);
      ++i;
      continue;
    }
    std::size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
    if (i + len > s.size()) len = 1;
    std::uint32_t cp = len == 2 ? (c & 0x1Fu) : len == 3 ? (c & 0x0Fu) : (c & 0x07u);
    for (std::size_t k = 1; k < len; ++k) {
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    }
    char folded = '\0';
    if (cp >= 0xC0 && cp <= 0xFF) folded = kLatin1Fold[cp - 0xC0];
    if (cp >= 0x100 && cp <= 0x17F) folded = kLatinExtAFold[cp - 0x100];
    if (folded != '\0') {
      out += folded;
    } else if (len == 1) {
      out += s[i];
    } else {
      append_utf8(out, cp);
    }
    i += len;
  }
  return out;
}

}  // namespace kalendar::detail

namespace kalendar {

std::string fold_for_search(std::string_view text) { return detail::fold_for_search(text); }

}  // namespace kalendar
