// One resolved day as a line of text, for kalendar-dump (its JSON is the API's own).
//
// Example line (competitors carry the transfer rule that decided their fate):
//   2025-11-30 Sun  advent/-          w1  violet  Primeiro Domingo do Advento [A]  | andrew:
//   transferred 2025-12-01 (displaced_feast)
#pragma once

#include "kalendar/resolved.hpp"

#include <string>
#include <vector>

namespace kalendar::tools {

std::string day_as_text(const ResolvedDay& day, std::string_view lang);

}  // namespace kalendar::tools
