// Year plans for callgrind (bench/plan_instructions.sh): loads every book, then builds COUNT
// whole liturgical years of one book from 3000 on, each one new (never in the plan cache), inside
// run_plans(), the only function callgrind counts. Prints the days built.
//   kalendar_year_plan BOOK COUNT
#include "kalendar/library.hpp"
#include "kalendar/resolved.hpp"

#include <charconv>
#include <cstdio>
#include <string_view>

namespace {

using namespace kalendar;

// Not inlined: callgrind --toggle-collect names it.
[[gnu::noinline]] std::size_t run_plans(const CompiledBook& book, int count) {
  std::size_t days = 0;
  for (int year = 3000; year < 3000 + count; ++year) days += book.year_plan(year)->days.size();
  return days;
}

}  // namespace

int main(int argc, char** argv) {
  int count = 0;
  const std::string_view count_text = argc == 3 ? argv[2] : "";
  if (argc != 3 ||
      std::from_chars(count_text.data(), count_text.data() + count_text.size(), count).ec !=
          std::errc{} ||
      count < 1 || count > 1000) {
    std::fprintf(stderr, "usage: kalendar_year_plan BOOK COUNT (1..1000)\n");
    return 2;
  }
  DiagnosticList diags;
  const auto library = load_library(
      LibrarySources::from_dirs(KALENDAR_SOURCE_DIR "/rules", KALENDAR_SOURCE_DIR "/books"), diags);
  const CompiledBook* book = library->find(argv[1]);
  if (book == nullptr) {
    std::fprintf(stderr, "kalendar_year_plan: no book '%s'\n", argv[1]);
    return 2;
  }
  std::printf("%zu\n", run_plans(*book, count));
  return 0;
}
