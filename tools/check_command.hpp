// kalendar-check as a function, so the tools tests run it in-process on broken fixture books and
// compare its exact output with committed .expected files.
//
// Example:
//   std::ostringstream out;
//   int status = kalendar::tools::run_check({"kalendar-check", "books"}, out, out);
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace kalendar::tools {

// Exit status: 0 clean, 1 problems found, 2 usage error.
int run_check(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kalendar::tools
