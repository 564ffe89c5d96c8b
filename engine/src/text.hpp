// Small text utilities shared by the loader and the catalogue: UTF-8 validation and the
// case/accent folding used for searching names ("São José" matches "sao jose").
#pragma once

#include "kalendar/base/utf8.hpp"

#include <string>
#include <string_view>

namespace kalendar::detail {

// True when `s` is well-formed UTF-8 (the one validator, kalendar/base/utf8.hpp).
using base::is_valid_utf8;

// Lower-case ASCII, Latin-1 and Latin Extended-A letters folded to their base letter; other code
// points pass through unchanged. Example: fold_for_search("Êxodo Ç") == "exodo c".
std::string fold_for_search(std::string_view s);

}  // namespace kalendar::detail
