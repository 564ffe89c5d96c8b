// What a year plan needs to know about a book beyond what the book says, worked out once when
// the book is compiled (CompiledBook's constructor) instead of once per plan or per day:
//  - which precedence rows and transfer rules can ever hold for an observance, judged by what
//    the observance alone decides (its kind, its celebration and that celebration's type), so
//    that a candidate tries only those (a lesser feast skips every row naming celebrations);
//  - a slot for every day condition a plan asks (DayMatch::plan_slot), under which the plan
//    keeps the condition's set of days (day_sets.cpp).
// Nothing here changes an answer: each list keeps the book's order and only leaves out what
// ConditionMatcher::matches would reject anyway.
#pragma once

#include "kalendar/book.hpp"
#include "kalendar/resolved.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace kalendar::detail {

// For each observance class (celebration 0..n-1, then a Sunday, then a weekday), the indices of
// a list of conditions that may hold for it, in list order.
// Example: precedence.of(o, n) for the feria of a weekday is {the feria row}.
class ObservanceLists {
 public:
  ObservanceLists() = default;
  ObservanceLists(const BookDefinition& book, const std::vector<const CandidateMatch*>& matches);
  [[nodiscard]] std::span<const Index> of(const Observance& o) const {
    const std::size_t c = o.kind == ObservanceKind::celebration
                              ? o.celebration
                              : celebrations_ + static_cast<std::size_t>(o.kind) - 1;
    if (c + 1 >= first_.size()) return {};
    return {entries_.data() + first_[c], entries_.data() + first_[c + 1]};
  }

 private:
  std::size_t celebrations_ = 0;
  std::vector<std::uint32_t> first_;  // by class, into entries_; one more than the classes
  std::vector<Index> entries_;
};

struct PlanIndex {
  ObservanceLists precedence;  // rows, by PrecedenceRow::match
  ObservanceLists transfers;   // transfer rules, by TransferRule::loser
  Index day_slots = 0;         // DayMatch::plan_slot runs 0..day_slots-1
};

// Numbers the day conditions of `book` a plan asks (DayMatch::plan_slot) and builds the lists.
[[nodiscard]] PlanIndex make_plan_index(BookDefinition& book);

}  // namespace kalendar::detail
