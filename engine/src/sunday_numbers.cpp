// The number a Sunday takes in its season's key template (year_plan.cpp's sunday_key_for).
//
//   {proper}       the proper of the day (Propers windows);
//   {week_before}  counted back from `count_back_from`: the last Sunday before that day is 1,
//                  the one before it 2, ... ("the Fourth Sunday before Advent");
//   {week}         counted forwards from the season's week 1: the top-level season's week (as
//                  the day's `week`), or, for a sub-season with its own `sundays`, from the
//                  sub-season's own `week_1` (default: its first Sunday on or after its start).
//
// Example: count_back_from {weekday: sunday, on_or_after: {month: 11, day: 27}} (Advent Sunday
// 2026-11-29): Sunday 2026-11-22 is 1, 2026-11-01 is 4.
#include "plan_builder.hpp"

namespace kalendar::detail {

int PlanBuilder::sunday_number(Index season_index, const WorkDay& day) const {
  const Season& season = book_.seasons[season_index];
  if (season.sunday_by_proper) return day.proper;
  if (season.count_back_from != kNoIndex) {
    // The first anchor after the Sunday: this civil year's, else the next one's.
    const int year = year_of(to_civil(day.date));
    auto anchor = eval(season.count_back_from, year);
    if (!anchor || *anchor <= day.date) anchor = eval(season.count_back_from, year + 1);
    if (!anchor || *anchor <= day.date) return 0;
    return static_cast<int>(((*anchor - day.date).count() + 6) / 7);
  }
  if (season.parent == kNoIndex) return day.week;
  for (const SeasonInstance& inst : instances_) {
    if (inst.season != season_index || day.date < inst.start || day.date > inst.end) continue;
    if (day.date < inst.week_1) return 0;
    return static_cast<int>((day.date - inst.week_1).count() / 7) + 1;
  }
  return 0;
}

}  // namespace kalendar::detail
