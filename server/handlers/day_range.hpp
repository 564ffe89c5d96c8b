// The dates of a range request, shared by GET /api/v2/days and GET /api/v2/calendar.ics:
// `year` (a civil year), or `from` (and `to`; `from` alone covers a week), each resolved for the
// book (`today` in its time zone, inside its answerable range), with the same span limits.
//
// Example:
//   const RangeParams range(p);            // reads year, from, to (before reject_unknown)
//   p.reject_unknown();
//   range.check(ctx.errors());
//   auto scope = book.resolve(ctx, app);
//   auto dates = range.resolve(ctx, app, *scope, /*max_days=*/366, "");
//   if (!dates) return ctx.errors();        // missing, conflicting, reversed or too long
#pragma once

#include "handlers/book_scope.hpp"

#include <optional>
#include <string_view>

namespace kalendar::api {

// Longest range of days, without Bible text or explanations (api-decisions.md, "Dates, ranges
// and years"); iCalendar answers share it.
inline constexpr int kMaxDayRange = 366;

struct DayRange {
  CivilDate first{};
  CivilDate last{};
  bool about_today = false;  // from or to was `today`: the answer moves at midnight
};

class RangeParams {
 public:
  explicit RangeParams(ParamReader& p);
  // Reports a missing range and conflicting parameters (call it before resolving the book, so
  // they are answered together with the book's problems).
  void check(ErrorList& errors) const;
  // After check() and the book: the range, or nullopt with every problem added to ctx.errors().
  // `why_limited` explains a smaller limit in the range_too_large detail (e.g. " when readings.text
  // is included").
  std::optional<DayRange> resolve(RequestContext& ctx, const AppState& app, const BookScope& scope,
                                  int max_days, std::string_view why_limited) const;
  // The parameter a range problem is reported under: "year" or "to".
  [[nodiscard]] std::string_view blamed() const { return has_year_ ? "year" : "to"; }

 private:
  bool has_from_ = false;
  bool has_to_ = false;
  bool has_year_ = false;
  std::optional<DateParam> from_;
  std::optional<DateParam> to_;
  std::optional<int> year_;
};

}  // namespace kalendar::api
