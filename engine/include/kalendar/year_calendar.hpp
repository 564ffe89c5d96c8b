// A book's celebrations as they fall in one civil year: the date each one's rule gives and the
// day it is kept after precedence and transfers, plus the Sundays that prevailed. The engine
// decides these; the API's catalogue (GET /celebrations?year=) only serializes them.
//
// Example (loc_2015, 2028):
//   auto year = celebrations_of_year(book, 2028).value();
//   year.celebrations[book.find_celebration("joseph")].date     == 2028-03-19 (Lent 3)
//   year.celebrations[book.find_celebration("joseph")].observed == 2028-03-20
#pragma once

#include "kalendar/resolved.hpp"

#include <optional>
#include <vector>

namespace kalendar {

// One celebration, or one Sunday, in one civil year.
struct CelebrationInYear {
  std::optional<NamedRef> celebration;  // none for a Sunday
  std::optional<NamedRef> sunday;       // a Sunday's key
  std::optional<Days> date;             // the date its rule gives that year (none: no date)
  std::optional<Days> observed;         // where it prevails or is commemorated (none: not kept)
  std::optional<NamedRef> colour;       // a celebration's own colour; a Sunday's colour that day
};

struct YearCalendar {
  int year = 0;
  std::vector<CelebrationInYear> celebrations;  // by celebration index, every one of the book
  std::vector<CelebrationInYear> sundays;       // the Sundays that prevailed, in date order
};

// Every celebration of the book, by index, without dates (the catalogue without a year).
[[nodiscard]] std::vector<CelebrationInYear> all_celebrations(const CompiledBook& book);

// The undated entry of the celebration with API id `id` (Celebration::id), or none.
[[nodiscard]] std::optional<CelebrationInYear> find_celebration_by_id(const CompiledBook& book,
                                                                      int id);

// Errors: out_of_range (the civil year is outside the book's valid years).
[[nodiscard]] Result<YearCalendar> celebrations_of_year(const CompiledBook& book, int year,
                                                        const OptionSet& options = {});

}  // namespace kalendar
