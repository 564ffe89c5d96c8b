// The one language-fallback rule for BCP 47 tags: the exact tag first, then the same base
// language; callers add their own last resort (the book's language, English).
//
// Example:
//   base_language("pt-BR") == "pt"
//   best_language_match({"en", "pt-BR", "pt"}, "pt-PT") == 1  (first of the same base language)
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace kalendar::base {

// The primary subtag. Example: base_language("en-CA") == "en"; base_language("en") == "en".
[[nodiscard]] constexpr std::string_view base_language(std::string_view tag) {
  return tag.substr(0, tag.find('-'));
}

// Whether `available` can answer a request for `requested`: the same base language.
// Example: same_base_language("en-CA", "en-GB") == true.
[[nodiscard]] constexpr bool same_base_language(std::string_view requested,
                                                std::string_view available) {
  return base_language(requested) == base_language(available);
}

// The index of the best of `available` for `requested`: the exact tag, else the first with the
// same base language, else none.
[[nodiscard]] std::optional<std::size_t> best_language_match(
    const std::vector<std::string_view>& available, std::string_view requested);

}  // namespace kalendar::base
