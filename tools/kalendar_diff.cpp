// kalendar-diff: what a book edit changed in the answers (usage in diff_command.hpp).
#include "diff_command.hpp"

#include <iostream>

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv, argv + argc);
  try {
    return kalendar::tools::run_diff(args, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "kalendar-diff: internal error: " << e.what() << "\n";
    return 2;
  }
}
