// The few words of the year chart that the API does not already give in the book's language
// (month names and the legend's wording). Colour, season, fast and weekday names come from the
// API itself. English is the fallback for a language without its own table.
//
// Example: chart_labels("pt-BR").months[2] == "Março"
#pragma once

#include <array>
#include <string_view>

namespace kalendar::tools {

struct ChartLabels {
  std::array<std::string_view, 12> months;
  std::string_view legend;
  std::string_view colours;
  std::string_view seasons;
  std::string_view marks;
  std::string_view transferred_from;  // "transferred from 19 Mar"
  std::string_view moved_to;          // "moved to 20 Mar"
  std::string_view commemorated;
  std::string_view changed;  // days whose answer differs from the other tree
  std::string_view compared_with;
};

const ChartLabels& chart_labels(std::string_view lang);

}  // namespace kalendar::tools
