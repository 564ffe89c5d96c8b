// kalendar-dump: prints a year of a book, or one API answer (usage in dump_command.hpp).
#include "dump_command.hpp"

#include <iostream>

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv, argv + argc);
  try {
    return kalendar::tools::run_dump(args, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "kalendar-dump: internal error: " << e.what() << "\n";
    return 2;
  }
}
