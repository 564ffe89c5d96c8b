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

#include <cstdint>
#include <optional>
#include <string_view>
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
[[nodiscard]] Result<YearCalendar> celebrations_of_year(const CompiledBook& book, int year);

// What a catalogue search keeps (GET /celebrations). Example: {.text = "jose", .year = 2028}.
struct CatalogueFilter {
  std::string_view text;  // part of the name (in the names given) or of the slug; "" = any
  std::string_view type;  // a CelebrationType slug, or "sunday"; "" = any
  std::optional<int> month;
  std::optional<int> day;
  std::optional<int> year;  // dates in that civil year, its Sundays included; none: no dates
  std::optional<bool> movable;
};

// One entry a search kept, with its sort key: (date, kind, id) with a year, where a Sunday
// (kind 0, id 0) comes before a celebration of the same day; (movable, month, day, id) without,
// fixed celebrations first. A cursor resumes after a key.
// Example: {{joseph, 2028-03-19, observed 2028-03-20}, {days(2028-03-19), 1, 57}}.
struct CatalogueEntry {
  CelebrationInYear what;
  std::vector<std::int64_t> sort_key;
};

// The celebrations (and with a year the Sundays) that the filter keeps, by sort key. With a
// year, month and day apply to the date the rule gives that year, and an entry without one is
// left out; without, to a fixed celebration's month and day. Name matching is case- and
// accent-insensitive (fold_for_search).
// Errors: out_of_range (the year is outside the book's valid years).
// Example: search_celebrations(book, names, {.type = "sunday", .year = 2026}) lists the days of
// 2026 on which a Sunday prevails, by date.
[[nodiscard]] Result<std::vector<CatalogueEntry>> search_celebrations(
    const CompiledBook& book, const LanguageStrings& names, const CatalogueFilter& filter);

}  // namespace kalendar
