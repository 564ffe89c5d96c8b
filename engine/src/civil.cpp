#include "kalendar/civil.hpp"

#include <algorithm>
#include <array>
#include <charconv>

namespace kalendar {

Days easter(int year) {
  // Anonymous Gregorian algorithm (Meeus, "Astronomical Algorithms", ch. 8); integer division.
  const int a = year % 19;
  const int b = year / 100;
  const int c = year % 100;
  const int d = b / 4;
  const int e = b % 4;
  const int f = (b + 8) / 25;
  const int g = (b - f + 1) / 3;
  const int h = (19 * a + b - d - g + 15) % 30;
  const int i = c / 4;
  const int k = c % 4;
  const int l = (32 + 2 * e + 2 * i - h - k) % 7;
  const int m = (a + 11 * h + 22 * l) / 451;
  const int n = h + l - 7 * m + 114;
  return Days{date::year{year} / date::month{static_cast<unsigned>(n / 31)} /
              date::day{static_cast<unsigned>(n % 31 + 1)}};
}

Days on_or_after(Days anchor, date::weekday wd) { return anchor + (wd - weekday_of(anchor)); }
Days after(Days anchor, date::weekday wd) { return on_or_after(anchor + date::days{1}, wd); }
Days on_or_before(Days anchor, date::weekday wd) { return anchor - (weekday_of(anchor) - wd); }
Days before(Days anchor, date::weekday wd) { return on_or_before(anchor - date::days{1}, wd); }

Days nearest(Days anchor, date::weekday wd) {
  // (wd - anchor's weekday) is 0..6 days forward; 4..6 forward is closer going back 3..1.
  const auto forward = (wd - weekday_of(anchor)).count();
  return forward <= 3 ? anchor + date::days{forward} : anchor - date::days{7 - forward};
}

namespace {
bool parse_digits(std::string_view s, int& out) {
  for (char ch : s) {
    if (ch < '0' || ch > '9') return false;
  }
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && ptr == s.data() + s.size();
}
}  // namespace

std::optional<CivilDate> parse_iso_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  int y = 0;
  int m = 0;
  int d = 0;
  if (!parse_digits(text.substr(0, 4), y) || !parse_digits(text.substr(5, 2), m) ||
      !parse_digits(text.substr(8, 2), d)) {
    return std::nullopt;
  }
  const CivilDate date{date::year{y}, date::month{static_cast<unsigned>(m)},
                       date::day{static_cast<unsigned>(d)}};
  if (!date.ok()) return std::nullopt;
  return date;
}

std::string format_iso_date(CivilDate d) {
  const std::array<char, 10> text = iso_date_chars(d);
  return std::string(text.data(), text.size());
}

std::array<char, 10> iso_date_chars(CivilDate d) {
  std::array<char, 10> buf{};
  const int y = year_of(d);
  const unsigned m = month_of(d);
  const unsigned dd = day_of(d);
  buf[0] = static_cast<char>('0' + (y / 1000) % 10);
  buf[1] = static_cast<char>('0' + (y / 100) % 10);
  buf[2] = static_cast<char>('0' + (y / 10) % 10);
  buf[3] = static_cast<char>('0' + y % 10);
  buf[4] = '-';
  buf[5] = static_cast<char>('0' + m / 10);
  buf[6] = static_cast<char>('0' + m % 10);
  buf[7] = '-';
  buf[8] = static_cast<char>('0' + dd / 10);
  buf[9] = static_cast<char>('0' + dd % 10);
  return buf;
}

namespace {
constexpr std::array<std::string_view, 7> kWeekdaySlugs = {
    "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"};
}

std::string_view weekday_slug(date::weekday wd) { return kWeekdaySlugs.at(wd.c_encoding()); }

std::optional<date::weekday> parse_weekday(std::string_view slug) {
  for (unsigned i = 0; i < kWeekdaySlugs.size(); ++i) {
    if (kWeekdaySlugs[i] == slug) return date::weekday{i};
  }
  return std::nullopt;
}

CivilDate shift_months(CivilDate d, date::months months) {
  const date::year_month ym = date::year_month{d.year(), d.month()} + months;
  const date::day last =
      date::year_month_day_last{ym.year(), date::month_day_last{ym.month()}}.day();
  return CivilDate{ym.year(), ym.month(), std::min(d.day(), last)};
}

}  // namespace kalendar
