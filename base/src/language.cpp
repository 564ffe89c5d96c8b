#include "kalendar/base/language.hpp"

namespace kalendar::base {

std::optional<std::size_t> best_language_match(const std::vector<std::string_view>& available,
                                               std::string_view requested) {
  for (std::size_t i = 0; i < available.size(); ++i) {
    if (available[i] == requested) return i;
  }
  for (std::size_t i = 0; i < available.size(); ++i) {
    if (same_base_language(requested, available[i])) return i;
  }
  return std::nullopt;
}

}  // namespace kalendar::base
