// kalendar-dump as a function (so the tools tests run it in-process): prints a year of a book as
// readable text or JSON, for liturgists checking a book by eye and for diffing two versions of a
// book.
//
//   kalendar-dump [--books DIR] [--rules DIR] [--lang TAG] [--json] [--liturgical] BOOK YEAR
//   kalendar-dump [--books DIR] [--rules DIR] --html [--diff OTHER_BOOKS] BOOK YEAR
//   kalendar-dump [--books DIR] [--rules DIR] --api '/api/v2/days/2025-12-25?book=loc_2015'
//
// By default the civil year (1 January to 31 December); --liturgical prints the liturgical year
// YEAR (Advent Sunday of YEAR-1 to the Saturday before Advent Sunday of YEAR). --json prints one
// line per day: the exact body GET /api/v2/days/{date} answers. --api prints one answer of the
// API, computed in-process from the books on disk (no server, no key). --html writes the year
// chart, one self-contained page (chart_command.hpp).
//
// Example:
//   std::ostringstream out;
//   int status = kalendar::tools::run_dump({"kalendar-dump", "loc_2015", "2026"}, out, out);
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace kalendar::tools {

// Exit status: 0 printed, 1 the books have errors or the API answered an error, 2 usage error.
int run_dump(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kalendar::tools
