#include "module_codes.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>

namespace kalendar::bible_detail {
namespace {

// Modules whose code is fixed, because books and clients name them ("bibles: [web, kjv]").
constexpr std::array<std::pair<std::string_view, std::string_view>, 2> kKnownModules = {{
    {"engKJV2006eb", "kjv"},
    {"engWEB2015eb", "web"},
}};

bool taken(const std::vector<std::string>& codes, std::string_view code) {
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

}  // namespace

std::string slugify(std::string_view text) {
  std::string slug;
  bool pending_separator = false;
  for (const char c : text) {
    const char lower = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    if ((lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9')) {
      if (pending_separator && !slug.empty()) slug += '_';
      pending_separator = false;
      slug += lower;
    } else {
      pending_separator = true;
    }
  }
  return slug;
}

std::vector<std::string> assign_bible_codes(const std::vector<ModuleNames>& modules) {
  std::vector<std::string> codes(modules.size());
  // Fixed codes first, so that no other module can take them.
  for (std::size_t i = 0; i < modules.size(); ++i) {
    for (const auto& [module_name, code] : kKnownModules) {
      if (modules[i].module_name == module_name) codes[i] = code;
    }
  }
  std::vector<std::size_t> order(modules.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&modules](std::size_t a, std::size_t b) {
    return modules[a].module_name < modules[b].module_name;
  });
  for (const std::size_t i : order) {
    if (!codes[i].empty()) continue;
    std::string code = slugify(modules[i].abbreviation);
    if (code.empty() || taken(codes, code)) code = slugify(modules[i].module_name);
    if (code.empty()) code = "bible";
    const std::string base = code;
    for (int n = 2; taken(codes, code); ++n) code = base + "_" + std::to_string(n);
    codes[i] = code;
  }
  return codes;
}

}  // namespace kalendar::bible_detail
