// The bounded cache of resolved years (book.hpp, kPlanCacheCapacity): memory stays bounded
// whatever years are asked for, eviction is counted, and an evicted year comes back identical.
#include "mini_book.hpp"

#include "kalendar/resolved.hpp"

#include <gtest/gtest.h>

namespace kalendar::testing {
namespace {

// The facts of a plan that a rebuilt plan must repeat exactly.
bool same_days(const YearPlan& a, const YearPlan& b) {
  if (a.days.size() != b.days.size() || a.observances.size() != b.observances.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.days.size(); ++i) {
    const DayRecord& x = a.days[i];
    const DayRecord& y = b.days[i];
    if (x.date != y.date || x.season != y.season || x.week != y.week || x.colour != y.colour ||
        x.sunday_key != y.sunday_key || x.observance_count != y.observance_count) {
      return false;
    }
  }
  for (std::size_t i = 0; i < a.observances.size(); ++i) {
    if (a.observances[i].celebration != b.observances[i].celebration ||
        a.observances[i].fate != b.observances[i].fate) {
      return false;
    }
  }
  return true;
}

TEST(PlanCache, StaysWithinItsCapacityAndCountsEvictions) {
  MiniBook b;
  const CompiledBook& book = b.book();
  const int first = 1900;
  const int years = static_cast<int>(kPlanCacheCapacity) + 100;
  for (int y = first; y < first + years; ++y) {
    ASSERT_NE(book.year_plan(y), nullptr);
    EXPECT_LE(book.plan_cache_stats().resident, kPlanCacheCapacity) << y;
  }
  const PlanCacheStats stats = book.plan_cache_stats();
  EXPECT_EQ(stats.resident, kPlanCacheCapacity);
  EXPECT_EQ(stats.evictions, static_cast<std::uint64_t>(years) - kPlanCacheCapacity);
  // Years far outside the old 1900-2200 window are cached the same way.
  const auto far = book.year_plan(3500);
  EXPECT_EQ(book.year_plan(3500), far);  // the same object: a hit
  EXPECT_EQ(book.plan_cache_stats().hits, stats.hits + 1);
}

TEST(PlanCache, KeepsTheRecentlyUsedYearAndRebuildsEvictedOnesIdentically) {
  MiniBook b;
  const CompiledBook& book = b.book();
  const auto hot = book.year_plan(2026);
  const auto first_2027 = book.year_plan(2027);
  const auto& days_held = first_2027->days;  // kept alive by first_2027 after eviction
  const Days held_first_day = days_held.front().date;
  for (int y = 2100; y < 2100 + static_cast<int>(kPlanCacheCapacity) * 2; ++y) {
    (void)book.year_plan(y);
    (void)book.year_plan(2026);  // used all along: never the least recently used
  }
  EXPECT_EQ(book.year_plan(2026), hot);
  const auto again_2027 = book.year_plan(2027);
  EXPECT_NE(again_2027, first_2027);                  // dropped and rebuilt...
  EXPECT_TRUE(same_days(*again_2027, *first_2027));   // ...to the same answer
  EXPECT_EQ(days_held.front().date, held_first_day);  // a plan in use outlives its eviction
}

}  // namespace
}  // namespace kalendar::testing
