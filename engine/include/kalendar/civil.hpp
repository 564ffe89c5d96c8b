// Civil (Gregorian) dates and the date arithmetic every rule is built from.
//
// The engine works on `CivilDate` (date::year_month_day) and whole days (`date::sys_days`). The
// Gregorian computus is defined for 1583..4099; outside that range the engine refuses.
//
// Weekday search, on a month grid (November 2025):
//     Su Mo Tu We Th Fr Sa
//                        1
//      2  3  4  5  6  7  8
//     ...
//     23 24 25 26 27 28 29
//     30
//   on_or_after(2025-11-27, Sunday) == 2025-11-30 (Advent Sunday)
//   after(2025-11-30, Sunday)       == 2025-12-07 (strictly after: never the anchor)
//   nearest(2025-11-27, Sunday)     == 2025-11-30 (Thu..Sat go forward; Mon..Wed go back)
#pragma once

#include <date/date.h>

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace kalendar {

using CivilDate = date::year_month_day;
using Days = date::sys_days;

inline constexpr int kMinYear = 1583;  // first full Gregorian year
inline constexpr int kMaxYear = 4099;  // last year of the Meeus/Jones/Butcher tables

[[nodiscard]] inline Days to_days(CivilDate d) { return Days{d}; }
[[nodiscard]] inline CivilDate to_civil(Days d) { return CivilDate{d}; }
[[nodiscard]] inline int year_of(CivilDate d) { return static_cast<int>(d.year()); }
[[nodiscard]] inline unsigned month_of(CivilDate d) { return static_cast<unsigned>(d.month()); }
[[nodiscard]] inline unsigned day_of(CivilDate d) { return static_cast<unsigned>(d.day()); }
[[nodiscard]] inline date::weekday weekday_of(Days d) { return date::weekday{d}; }

// Easter Day of a Gregorian year (anonymous algorithm, Meeus/Jones/Butcher). Valid 1583..4099.
// Example: easter(2026) == 2026-04-05.
[[nodiscard]] Days easter(int year);

// Weekday searches relative to an anchor day. `after`/`before` never return the anchor itself.
[[nodiscard]] Days on_or_after(Days anchor, date::weekday wd);
[[nodiscard]] Days after(Days anchor, date::weekday wd);
[[nodiscard]] Days on_or_before(Days anchor, date::weekday wd);
[[nodiscard]] Days before(Days anchor, date::weekday wd);
// The anchor if it is `wd`; otherwise the closest `wd` (at most 3 days away).
[[nodiscard]] Days nearest(Days anchor, date::weekday wd);

// Strict `YYYY-MM-DD` (exactly 10 characters, a real calendar date). Example: "2026-02-29" fails.
// The same day of the month `months` away, clamped to that month's last day (31 March - 1
// month is 28 or 29 February). Example: shift_months(2026-03-31, date::months{-1}) == 2026-02-28.
[[nodiscard]] CivilDate shift_months(CivilDate d, date::months months);

[[nodiscard]] std::optional<CivilDate> parse_iso_date(std::string_view text);
[[nodiscard]] std::string format_iso_date(CivilDate d);
// The same ten characters without a string: serialisers write a date per day of a year and
// need no allocation for it. Example: iso_date_chars(2025y/June/24) holds "2025-06-24".
[[nodiscard]] std::array<char, 10> iso_date_chars(CivilDate d);
[[nodiscard]] inline std::string format_iso_date(Days d) { return format_iso_date(to_civil(d)); }

// Lower-case English weekday slug: "sunday".."saturday"; parse returns nullopt on anything else.
[[nodiscard]] std::string_view weekday_slug(date::weekday wd);
[[nodiscard]] std::optional<date::weekday> parse_weekday(std::string_view slug);

}  // namespace kalendar
