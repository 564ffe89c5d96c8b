// kalendar-dump: prints a year of a book as readable text or JSON, for liturgists checking a
// book by eye and for diffing two versions of a book.
//
//   kalendar-dump [--books DIR] [--rules DIR] [--lang TAG] [--json] [--liturgical] BOOK YEAR
//
// By default the civil year (1 January to 31 December); --liturgical prints the liturgical year
// YEAR (Advent Sunday of YEAR-1 to the Saturday before Advent Sunday of YEAR).
#include "day_text.hpp"

#include "kalendar/engine.hpp"

#include <charconv>
#include <iostream>

namespace {

constexpr const char* kUsage =
    "usage: kalendar-dump [--books DIR] [--rules DIR] [--lang TAG] [--json] [--liturgical] BOOK "
    "YEAR\n";

int run(const std::vector<std::string>& args) {
  std::string books = "books";
  std::string rules;
  std::string lang;
  bool json = false;
  bool liturgical = false;
  std::vector<std::string> positional;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if ((a == "--books" || a == "--rules" || a == "--lang") && i + 1 < args.size()) {
      (a == "--books" ? books : a == "--rules" ? rules : lang) = args[++i];
    } else if (a == "--json") {
      json = true;
    } else if (a == "--liturgical") {
      liturgical = true;
    } else if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      std::cerr << "kalendar-dump: unknown option '" << a << "'\n" << kUsage;
      return 2;
    } else {
      positional.push_back(a);
    }
  }
  int year = 0;
  if (positional.size() != 2 ||
      std::from_chars(positional[1].data(), positional[1].data() + positional[1].size(), year).ec !=
          std::errc{}) {
    std::cerr << kUsage;
    return 2;
  }
  if (rules.empty()) rules = books + "/../rules";
  kalendar::DiagnosticList diags;
  auto library = kalendar::load_library(kalendar::LibrarySources::from_dirs(rules, books), diags);
  if (diags.has_errors()) {
    for (const auto& d : diags.items()) std::cerr << kalendar::format_diagnostic(d) << "\n";
    std::cerr << "kalendar-dump: the books have errors (run kalendar-check)\n";
    return 1;
  }
  kalendar::Engine engine(library);
  const auto book = engine.find_book(positional[0]);
  if (!book) {
    std::cerr << "kalendar-dump: " << book.error().message << "\n";
    return 2;
  }
  kalendar::CivilDate from{date::year{year} / 1 / 1};
  kalendar::CivilDate to{date::year{year} / 12 / 31};
  if (liturgical) {
    from = kalendar::to_civil((*book)->year_begins_in(year - 1));
    to = kalendar::to_civil((*book)->year_begins_in(year) - date::days{1});
  }
  auto days = engine.range(positional[0], from, to);
  if (!days) {
    std::cerr << "kalendar-dump: " << days.error().message << "\n";
    return 2;
  }
  if (lang.empty()) lang = (*book)->lang;
  if (json) {
    std::cout << kalendar::tools::days_as_json(*days, lang) << "\n";
  } else {
    for (const auto& d : *days) std::cout << kalendar::tools::day_as_text(d, lang) << "\n";
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(std::vector<std::string>(argv, argv + argc));
  } catch (const std::exception& e) {
    std::cerr << "kalendar-dump: internal error: " << e.what() << "\n";
    return 2;
  }
}
