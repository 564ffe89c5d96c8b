// Small UTF-8 helpers for matching what people type: case folding and accent folding for the
// Latin letters English and Portuguese use. Deliberately not a Unicode library: anything outside
// ASCII and Latin-1 passes through unchanged.
#pragma once

#include "kalendar/base/utf8.hpp"

#include <string>
#include <string_view>

namespace kalendar::bible_detail {

// ASCII and Latin-1 capitals to lower case. Example: fold_case("JOÃO") == "joão".
[[nodiscard]] std::string fold_case(std::string_view text);

// Latin-1 accented letters to their base letter (ç to c); call after fold_case.
// Example: fold_accents("cântico") == "cantico".
[[nodiscard]] std::string fold_accents(std::string_view text);

// Whether `text` is well-formed UTF-8 (no overlongs, no surrogates, at most U+10FFFF).
// Example: is_valid_utf8("\xC3\xA3") == true; is_valid_utf8("\xC3") == false.
using base::is_valid_utf8;

// `text` with every ill-formed sequence replaced by U+FFFD.
// Example: repair_utf8("a\xFFz") == "a\xEF\xBF\xBDz".
[[nodiscard]] std::string repair_utf8(std::string_view text);

// Append the UTF-8 encoding of a code point (<= U+10FFFF, not a surrogate; else U+FFFD).
// Example: append_utf8(s, 0xB6) appends "¶".
void append_utf8(std::string& out, char32_t code_point);

}  // namespace kalendar::bible_detail
