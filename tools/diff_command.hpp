// kalendar-diff as a function (so the tools tests run it in-process): every day whose API answer
// differs between two book trees, grouped so that a change repeated every year is one line.
//
//   kalendar-diff [--years FROM-TO] [--json] BEFORE AFTER
//   kalendar-diff [--years FROM-TO] [--json] --rev REV PATH
//
// BEFORE, AFTER and PATH are a books directory (every book) or one book directory; the shared
// rules are the `rules` directory beside the books directory. --rev compares PATH as committed in
// the git revision REV with PATH on disk. Years default to 1900-2199.
//
// Example:
//   std::ostringstream out, err;
//   int status = run_diff({"kalendar-diff", "--rev", "HEAD~1", "books/loc_2015"}, out, err);
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace kalendar::tools {

// Exit status: 0 no change, 1 changes printed, 2 usage error or a tree whose books have errors.
int run_diff(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kalendar::tools
