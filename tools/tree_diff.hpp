// What changed between two book trees, day by day, as the API answers them, and those changes
// grouped so that one edit repeated over three hundred years reads as one line.
//
// Example (kalendar-diff prints this; the subject is the day's title, after the edit or before):
//   loc_2015 24 Jun Natividade de João Batista | celebration: Próprio 7 -> Natividade de João
//   Batista | 1900, 1906, 1917, ... (44 years)
#pragma once

#include "api_days.hpp"

#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace kalendar::tools {

// One field of one day whose answer differs. `field` is season, colour, celebration, transfer,
// "fate of NAME", fast, readings or collects (or book, year for whole answers); "none" is null.
struct DayChange {
  std::string book;
  std::string date;     // ISO; "" for a whole book
  std::string subject;  // the day's title after the edit, else before it; "" for a plain weekday
  std::string field;
  std::string before;
  std::string after;
};

// The changes of one day (both for the same date and book).
std::vector<DayChange> diff_day(const std::string& book, const ApiDay& before, const ApiDay& after);

// The changes of one civil year of a book in both trees.
std::vector<DayChange> diff_book_year(const ApiTree& before, const ApiTree& after,
                                      const std::string& book, int year,
                                      const std::string& lang = "");

// Every change of every book of either tree over the years [from, to] (each book's own valid
// years only); books only in one tree give one "book" change.
// `only_book` not empty: that book alone.
std::vector<DayChange> diff_trees(const ApiTree& before, const ApiTree& after, int from, int to,
                                  const std::string& only_book = "");

// Changes alike but for their date: dates inside before/after are written "19 Mar" so that a
// transfer repeated every year groups too. In order of first date.
struct ChangeGroup {
  std::string book, subject, field, before, after;
  std::vector<std::string> dates;  // ISO, ascending
};
std::vector<ChangeGroup> group_changes(const std::vector<DayChange>& changes);

// "2028-03-20" -> "20 Mar".
std::string short_date(const std::string& iso);

// A books directory or one book directory (then `only_book` is its code), compiled; nullptr
// after printing the validator's diagnostics to `err`. In them, `shown_as` (when not empty)
// replaces the prefix `hidden_prefix` of file names (a temporary checkout of a revision).
// `rules_dir` "" : the `rules` directory beside the books directory.
std::unique_ptr<ApiTree> load_tree(const std::string& path, const std::string& rules_dir,
                                   std::string& only_book, std::ostream& err,
                                   const std::string& hidden_prefix = "",
                                   const std::string& shown_as = "");

// One line per group (see the example above), or one JSON document {"changes": [...]}.
void print_groups_text(const std::vector<ChangeGroup>& groups, std::ostream& out);
void print_groups_json(const std::vector<ChangeGroup>& groups, std::ostream& out);

}  // namespace kalendar::tools
