// One resolved day as a line of text or as JSON, for kalendar-dump.
//
// Example line:
//   2025-11-30 Sun  advent/-          w1  violet  Primeiro Domingo do Advento [A]  | andrew:
//   transferred 2025-12-01
#pragma once

#include "kalendar/resolved.hpp"

#include <string>
#include <vector>

namespace kalendar::tools {

std::string day_as_text(const ResolvedDay& day, std::string_view lang);
std::string days_as_json(const std::vector<ResolvedDay>& days, std::string_view lang);

}  // namespace kalendar::tools
