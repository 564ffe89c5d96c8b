// Evaluating date rules for a civil year. One evaluator per rule form (date_eval.cpp).
//
// Example (loc_2015, 2026): year_context(book, 2026) then evaluate(book, rule_of_trinity, ctx)
// gives 2026-05-31 ({celebration: pentecost, days: 7} with Pentecost on 2026-05-24).
#pragma once

#include "kalendar/book.hpp"
#include "kalendar/resolved.hpp"

#include <optional>
#include <vector>

namespace kalendar::detail {

using kalendar::YearContext;

// nullopt when the rule gives no date that year (29 Feb in a common year, a 5th Monday that does
// not exist, a celebration outside its `years`).
std::optional<Days> evaluate(const CompiledBook& book, Index rule, const YearContext& ctx);

// The date a rule gives in a context made by make_year_context (a lookup, no evaluation).
inline std::optional<Days> rule_date(const YearContext& ctx, Index rule) {
  return rule < ctx.rule_dates.size() ? ctx.rule_dates[rule] : std::nullopt;
}

// Easter, every celebration's date and every rule's date for `year` (dependencies first), with
// the calendar options `options` in force (empty: the book's defaults).
YearContext make_year_context(const CompiledBook& book, int year, const OptionSet& options = {});

// Whether every option test holds for the options in force.
bool options_tests_hold(const CompiledBook& book, const std::vector<OptionTest>& tests,
                        const OptionSet& options);
// The same; inline, because nearly every condition has no option test and is asked on every
// day of a year being built.
inline bool options_hold(const CompiledBook& book, const std::vector<OptionTest>& tests,
                         const OptionSet& options) {
  return tests.empty() || options_tests_hold(book, tests, options);
}

}  // namespace kalendar::detail
