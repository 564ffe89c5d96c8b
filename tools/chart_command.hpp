// kalendar-dump BOOK YEAR --html [--diff OTHER_TREE]: the year chart of one book (see
// year_chart.hpp), read from the API's day bodies; --diff marks the days whose answer differs in
// OTHER_TREE (a books directory or a book directory), listing "field: other -> this".
//
// Example:
//   int status = run_chart({"books", "rules", "loc_2015", 2026, "", ""}, out, err);
#pragma once

#include <ostream>
#include <string>

namespace kalendar::tools {

struct ChartRequest {
  std::string books_dir;
  std::string rules_dir;
  std::string book;
  int year = 0;
  std::string diff_tree;  // "" : no comparison
  std::string lang;       // "" : the book's own language
};

// Exit status: 0 written, 1 the books have errors or the API refused the year, 2 unknown book.
int run_chart(const ChartRequest& request, std::ostream& out, std::ostream& err);

}  // namespace kalendar::tools
