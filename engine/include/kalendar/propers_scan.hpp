// The year scan's check that every day has its propers: a book with a eucharist lookup gives
// every day eucharist readings, a book with a collect lookup gives every day a collect. A gap is
// a lookup that cannot answer (a missing row, a window that leaves a week out), found here
// instead of by a user asking for that day.
//
// Example: days_without_propers(book, plan) on a book whose Proper 29 row is missing gives one
// anomaly on each day of that week: "no eucharist readings: no lookup step finds a row".
#pragma once

#include "kalendar/book.hpp"
#include "kalendar/resolved.hpp"

#include <memory>
#include <vector>

namespace kalendar {

[[nodiscard]] std::vector<Anomaly> days_without_propers(
    const CompiledBook& book, const std::shared_ptr<const YearPlan>& plan);

}  // namespace kalendar
