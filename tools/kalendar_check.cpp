// kalendar-check: validates prayer books (see docs/BOOKS.md, "Checking a book").
#include "check_command.hpp"

#include <iostream>

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv, argv + argc);
  try {
    return kalendar::tools::run_check(args, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "kalendar-check: internal error: " << e.what() << "\n";
    return 2;
  }
}
