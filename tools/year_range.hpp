// The FROM-TO year range the command-line tools take (kalendar-check --years, kalendar-diff
// --years): both ends inside the years the engine computes, FROM not after TO.
// Example: parse_year_range("1900-2199", from, to) sets 1900 and 2199 and returns true;
//          "2199-1900", "1900", "1900-x" and "1000-1200" return false.
#pragma once

#include "kalendar/civil.hpp"

#include <charconv>
#include <string_view>

namespace kalendar::tools {

inline bool parse_year_range(std::string_view s, int& from, int& to) {
  const auto dash = s.find('-');
  if (dash == std::string_view::npos) return false;
  auto parse = [](std::string_view v, int& out) {
    const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    return ec == std::errc{} && p == v.data() + v.size();
  };
  return parse(s.substr(0, dash), from) && parse(s.substr(dash + 1), to) && from <= to &&
         from >= kMinYear && to <= kMaxYear;
}

}  // namespace kalendar::tools
