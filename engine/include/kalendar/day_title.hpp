// What a day is called, in one language: the prevailing celebration's name, else the Sunday's
// name, else the book's name for the weekday (`day_names`: Easter Eve), else a weekday title
// built from the book's template for the day's season (strings category `weekday_titles`, see
// docs/BOOKS.md).
//
// Example (templates "{weekday} in Easter Week", "{weekday} in week {week} of {season}"):
//   day_title(<2026-04-06>, en) == "Monday in Easter Week"
//   day_title(<2026-04-05>, en) == "Easter Day"               (the celebration)
//   day_title(<2026-04-14>, en) == "Tuesday in week 2 of Easter"   ({season}: the innermost)
#pragma once

#include "kalendar/engine.hpp"
#include "kalendar/resolved.hpp"

#include <memory>
#include <string>
#include <vector>

namespace kalendar {

// "" only when the book names nothing for the day (kalendar-check reports such days).
[[nodiscard]] std::string day_title(const ResolvedDay& day, const LanguageStrings& names);

// Expands a weekday title template for a day. Unknown placeholders stay as written (the loader
// rejects them). Example: expand_weekday_title("{weekday} after {sunday}", day, names).
[[nodiscard]] std::string expand_weekday_title(std::string_view templ, const ResolvedDay& day,
                                               const LanguageStrings& names);

// The title of a collect the day carries: its own title, else the name of the celebration or
// Sunday it is for. "" when none (the loader rejects such collect keys).
[[nodiscard]] std::string collect_title(const ResolvedDay& day, const LanguageStrings& names,
                                        const ResolvedCollect& collect);

// The days of a plan without a title in the book's own language, one anomaly each (located at
// the season whose weekday title is missing). For kalendar-check's year scan.
[[nodiscard]] std::vector<Anomaly> untitled_days(const CompiledBook& book,
                                                 const std::shared_ptr<const YearPlan>& plan);

}  // namespace kalendar
