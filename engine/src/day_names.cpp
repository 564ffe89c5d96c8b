// Which of the book's day names (`day_names:`) a day carries. Evaluated once per plan, so a
// title is an index lookup at request time.
#include "plan_builder.hpp"

namespace kalendar::detail {

Index PlanBuilder::day_name_for(const WorkDay& day) const {
  const int year = day.civil_year;  // set once per window day: no calendar conversion
  for (Index i = 0; i < book_.day_names.size(); ++i) {
    const auto d = eval(book_.day_names[i].date, year);
    if (d && *d == day.date) return i;
  }
  return kNoIndex;
}

}  // namespace kalendar::detail
