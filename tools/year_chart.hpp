// A liturgical year as one self-contained HTML page: twelve month grids, each day tinted with its
// liturgical colour and carrying a letter and a pattern for it (colour is never the only
// signal), its title, season bands, text marks for transfers, commemorations and fasts, and a
// legend in the book's language. No scripts, no external assets; prints on one landscape page.
//
// Each day is <td class="day" data-date="2026-03-19" data-color="white" data-title="...">, the
// colour slug and title being the API's (ApiDay::colour_slug, ApiDay::title).
//
// Example:
//   ChartInput in{book, 2026, tree->year("loc_2015", 2026).days};
//   std::string html = render_year_chart(in);
#pragma once

#include "api_days.hpp"

#include <map>
#include <string>
#include <vector>

namespace kalendar::tools {

struct ChartInput {
  ApiBook book;
  int year = 0;
  std::vector<ApiDay> days;  // the civil year, in order
  // With --diff: the other tree, and what changed on each date ("colour: white -> red").
  std::string compared_with;
  std::map<std::string, std::vector<std::string>> changes;
};

std::string render_year_chart(const ChartInput& in);

}  // namespace kalendar::tools
