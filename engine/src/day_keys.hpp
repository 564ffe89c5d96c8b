// The values of lookup-key placeholders for one day ({celebration}, {sunday}, {date}, ...), and
// expansion of a key template into a fixed buffer, so that a request builds keys without
// allocating.
#pragma once

#include "conditions_eval.hpp"

#include "kalendar/resolved.hpp"

#include <array>
#include <string_view>

namespace kalendar::detail {

struct DayKeys {
  std::string_view celebration;       // the prevailing celebration's key
  std::string common;                 // "common_" + its `common:` attribute (commons' readings)
  std::string_view commemoration;     // the first commemorated celebration's key
  std::string_view sunday;            // the day's own Sunday key (Sundays)
  std::string_view governing_sunday;  // the key of the Sunday on or before the day
  std::string_view reference_sunday;  // Mon-Wed: the last Sunday; Thu-Sat: the next; Sunday: itself
  std::string_view reference_cycle;   // the Sunday cycle of the reference Sunday's year
  std::string_view weekday;
  std::string_view season;
  std::array<char, 6> date{};  // "MM-DD"
  int day_of_month = 0;
  int week = 0;
  int proper = 0;
};

DayKeys day_keys(const ResolvedDay& day);
DayFacts day_facts(const ResolvedDay& day);

// Expands `tmpl` into `out`; false when a placeholder has no value that day or it does not fit.
bool expand_key(std::string_view tmpl, const DayKeys& keys, std::array<char, 128>& out,
                std::size_t& length);

}  // namespace kalendar::detail
