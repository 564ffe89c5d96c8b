#include "text_fold.hpp"

#include "kalendar/base/utf8.hpp"

#include <cstddef>
#include <cstdint>

namespace kalendar::bible_detail {
namespace {

// Latin-1 letters U+00C0..U+00FF (UTF-8: 0xC3 0x80..0xBF) and their base letters; '?' keeps the
// letter as it is (Æ, Ð, ×, Þ, ß, æ, ð, ÷, þ).
constexpr std::string_view kLatin1Base =
    "AAAAAA?CEEEEIIII?NOOOOO?OUUUUY??"
    "aaaaaa?ceeeeiiii?nooooo?ouuuuy?y";

constexpr unsigned char kLatin1Lead = 0xC3;

unsigned char byte_at(std::string_view text, std::size_t i) {
  return static_cast<unsigned char>(text[i]);
}

bool is_continuation(unsigned char b) { return (b & 0xC0U) == 0x80U; }

using base::utf8_sequence_length;

}  // namespace

std::string fold_case(std::string_view text) {
  std::string out(text);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto b = static_cast<unsigned char>(out[i]);
    if (b >= 'A' && b <= 'Z') {
      out[i] = static_cast<char>(b + ('a' - 'A'));
    } else if (b == kLatin1Lead && i + 1 < out.size()) {
      // U+00C0..U+00DE (except U+00D7 ×) are capitals; their lower case is 0x20 further on.
      const auto next = static_cast<unsigned char>(out[i + 1]);
      if (next >= 0x80U && next <= 0x9EU && next != 0x97U) {
        out[i + 1] = static_cast<char>(next + 0x20U);
      }
      ++i;
    }
  }
  return out;
}

std::string fold_accents(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char b = byte_at(text, i);
    if (b == kLatin1Lead && i + 1 < text.size() && is_continuation(byte_at(text, i + 1))) {
      const char base = kLatin1Base[byte_at(text, i + 1) - 0x80U];
      if (base != '?') {
        out += base;
        ++i;
        continue;
      }
    }
    out += static_cast<char>(b);
  }
  return out;
}

std::string repair_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) {
      append_utf8(out, 0xFFFD);
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  const auto put = [&out](std::uint32_t byte) { out += static_cast<char>(byte); };
  if (cp < 0x80) {
    put(cp);
  } else if (cp < 0x800) {
    put(0xC0U | (cp >> 6U));
    put(0x80U | (cp & 0x3FU));
  } else if (cp < 0x10000) {
    put(0xE0U | (cp >> 12U));
    put(0x80U | ((cp >> 6U) & 0x3FU));
    put(0x80U | (cp & 0x3FU));
  } else {
    put(0xF0U | (cp >> 18U));
    put(0x80U | ((cp >> 12U) & 0x3FU));
    put(0x80U | ((cp >> 6U) & 0x3FU));
    put(0x80U | (cp & 0x3FU));
  }
}

}  // namespace kalendar::bible_detail
