// Case- and accent-insensitive matching of names, for catalogue search (`q`).
// Example: fold_for_search("São José") == "sao jose"; so q=jose finds "José de Nazaré".
#pragma once

#include <string>
#include <string_view>

namespace kalendar {

// Lower-case ASCII, Latin-1 and Latin Extended-A letters folded to their base letter.
[[nodiscard]] std::string fold_for_search(std::string_view text);

}  // namespace kalendar
