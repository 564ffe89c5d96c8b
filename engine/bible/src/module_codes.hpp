// Our short codes ("kjv", "web") for SWORD module names.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kalendar::bible_detail {

// The names a code is made from.
struct ModuleNames {
  std::string module_name;   // "engKJV2006eb"
  std::string abbreviation;  // "KJV"; may be empty
};

// A code for every module, in the same order, unique and deterministic. Debian's modules have
// fixed codes (engKJV2006eb: kjv, engWEB2015eb: web); any other module gets its abbreviation as
// a slug, else its module name, with "_2", "_3"... on a clash. Modules are served in name order,
// so the same installation always gives the same codes.
// Example: assign_bible_codes({{"engKJV2006eb", "KJV"}, {"NVI", "NVI-PT"}}) == {"kjv", "nvi_pt"}.
[[nodiscard]] std::vector<std::string> assign_bible_codes(const std::vector<ModuleNames>& modules);

// Lowercase ASCII letters and digits; each run of anything else becomes one '_' (none at the
// ends). Example: slugify("NVI-PT 2000") == "nvi_pt_2000"; slugify("Ελληνική") == "".
[[nodiscard]] std::string slugify(std::string_view text);

}  // namespace kalendar::bible_detail
