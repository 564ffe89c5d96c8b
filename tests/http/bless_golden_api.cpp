// bless_golden_api GOLDEN_DIR: (re)writes GOLDEN_DIR/<name>.json for every case of
// GOLDEN_DIR/cases.yaml from the real dispatcher (the same ApiStack as http_tests). Run it only
// through tools/bless_golden.sh and review `git diff tests/golden` before committing.
// A case whose status differs from the one cases.yaml declares is not written (exit 1).
// Golden files that no case names are listed (not deleted).
#include "api_stack.hpp"
#include "golden.hpp"

#include <exception>
#include <fstream>
#include <iostream>
#include <set>

int main(int argc, char** argv) {
  using namespace kalendar::testing;
  namespace fs = std::filesystem;
  if (argc != 2) {
    std::cerr << "usage: bless_golden_api GOLDEN_DIR\n";
    return 2;
  }
  try {
    const fs::path dir = argv[1];
    const auto cases = load_golden_cases(dir);
    StackOptions options;
    options.start_http = false;
    ApiStack stack(options);
    int failures = 0;
    std::set<std::string> named;
    for (const GoldenCase& c : cases) named.insert(c.name + ".json");
    for (const GoldenCase& c : cases) {
      const auto r = stack.dispatch(golden_target(c));
      if (r.status != c.status) {
        std::cerr << "bless_golden_api: " << c.name << ": status " << r.status
                  << ", cases.yaml says " << c.status << "; not written\n"
                  << r.body << "\n";
        ++failures;
        continue;
      }
      const fs::path file = dir / (c.name + ".json");
      std::ofstream out(file, std::ios::binary);
      out << pretty_body(r.body);
      if (!out) {
        std::cerr << "bless_golden_api: cannot write " << file << "\n";
        ++failures;
        continue;
      }
      std::cout << "blessed tests/golden/" << file.filename().string() << "\n";
    }
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().extension() == ".json" &&
          named.count(entry.path().filename().string()) == 0) {
        std::cout << "bless_golden_api: " << entry.path().filename().string()
                  << " belongs to no case (delete it if that is intended)\n";
      }
    }
    return failures == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "bless_golden_api: " << e.what() << "\n";
    return 1;
  }
}
