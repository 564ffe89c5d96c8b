// Easter and weekday arithmetic, checked against published dates and against a second,
// independent computus over the whole supported range.
#include "kalendar/civil.hpp"

#include <gtest/gtest.h>

namespace kalendar {
namespace {

// Gauss's Easter algorithm in Lichtenberg's formulation (1997): a different derivation from
// Meeus/Jones/Butcher (secular moon and sun corrections instead of the 451-day term), so an
// agreement over 1583..4099 is a real cross-check.
Days easter_lichtenberg(int year) {
  const int k = year / 100;
  const int m = 15 + (3 * k + 3) / 4 - (8 * k + 13) / 25;
  const int s = 2 - (3 * k + 3) / 4;
  const int a = year % 19;
  const int d = (19 * a + m) % 30;
  const int r = (d + a / 11) / 29;
  const int og = 21 + d - r;
  const int sz = 7 - (year + year / 4 + s) % 7;
  const int oe = 7 - (og - sz) % 7;
  const int os = og + oe;  // day of March; 32 = 1 April
  return Days{date::year{year} / date::March / date::day{1}} + date::days{os - 1};
}

TEST(Easter, PublishedDates) {
  const struct {
    int year;
    const char* easter;
  } kCases[] = {
      {1583, "1583-04-10"}, {1818, "1818-03-22"}, {1943, "1943-04-25"}, {2008, "2008-03-23"},
      {2024, "2024-03-31"}, {2025, "2025-04-20"}, {2026, "2026-04-05"}, {2027, "2027-03-28"},
      {2029, "2029-04-01"}, {2035, "2035-03-25"}, {2038, "2038-04-25"}, {2285, "2285-03-22"},
      {4099, "4099-04-19"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.year);
    EXPECT_EQ(format_iso_date(easter(c.year)), c.easter);
  }
}

TEST(Easter, AgreesWithAnIndependentAlgorithmFrom1583To4099) {
  for (int y = kMinYear; y <= kMaxYear; ++y) {
    const Days e = easter(y);
    ASSERT_EQ(e, easter_lichtenberg(y)) << y;
    ASSERT_EQ(weekday_of(e), date::Sunday) << y;
    const CivilDate c = to_civil(e);
    const unsigned md = month_of(c) * 100 + day_of(c);
    ASSERT_GE(md, 322u) << y;  // always 22 March ..
    ASSERT_LE(md, 425u) << y;  // .. 25 April
  }
}

TEST(WeekdaySearch, StrictAndInclusiveForms) {
  // November 2025:  Su 23 .. Sa 29, Su 30.
  const Days thu27{date::year{2025} / 11 / 27};
  const Days sun30{date::year{2025} / 11 / 30};
  EXPECT_EQ(on_or_after(thu27, date::Sunday), sun30);
  EXPECT_EQ(on_or_after(sun30, date::Sunday), sun30);
  EXPECT_EQ(after(sun30, date::Sunday), sun30 + date::days{7});
  EXPECT_EQ(on_or_before(sun30, date::Sunday), sun30);
  EXPECT_EQ(before(sun30, date::Sunday), sun30 - date::days{7});
  EXPECT_EQ(nearest(thu27, date::Sunday), sun30);  // Thu goes forward
  EXPECT_EQ(nearest(thu27 - date::days{1}, date::Sunday), sun30 - date::days{7});  // Wed back
  EXPECT_EQ(nearest(sun30, date::Sunday), sun30);
}

TEST(IsoDates, StrictParsing) {
  EXPECT_TRUE(parse_iso_date("2024-02-29"));
  const char* kBad[] = {"2025-02-29",  "2025-13-01", "2025-1-01", "20250101",   "2025-01-01x",
                        " 2025-01-01", "2025/01/01", "",          "abcd-ef-gh", "2025-00-10"};
  for (const char* b : kBad) EXPECT_FALSE(parse_iso_date(b)) << b;
  EXPECT_EQ(format_iso_date(*parse_iso_date("1583-01-09")), "1583-01-09");
}

TEST(CivilDates, ShiftMonthsKeepsTheDayOrTheMonthsLast) {
  const auto d = [](const char* iso) { return *parse_iso_date(iso); };
  EXPECT_EQ(shift_months(d("2026-03-31"), date::months{-1}), d("2026-02-28"));
  EXPECT_EQ(shift_months(d("2028-03-31"), date::months{-1}), d("2028-02-29"));  // leap year
  EXPECT_EQ(shift_months(d("2026-11-24"), date::months{13}), d("2027-12-24"));
  EXPECT_EQ(shift_months(d("2026-01-15"), date::months{-2}), d("2025-11-15"));  // back a year
}

}  // namespace
}  // namespace kalendar
