// Running a book's liturgist-written checks (checks.yaml) and the `examples:` of its
// celebrations against the engine. Used by kalendar-check and by the books test suite.
//
// Example:
//   for (const auto& f : run_checks(engine, *book)) std::cout << format_diagnostic(f) << "\n";
#pragma once

#include "kalendar/engine.hpp"

#include <vector>

namespace kalendar {

// Every failed expectation, as an error diagnostic at the expectation's line:
// "2025-11-30: colour: expected violet, got rose".
std::vector<Diagnostic> run_checks(const Engine& engine, const CompiledBook& book);

// Rules that are wrong only in some years, judged over the civil years from..to (rule_scan.cpp):
// date windows that wrap the new year in some years only, Sunday overrides never on a Sunday.
std::vector<Diagnostic> scan_rules(const CompiledBook& book, int from, int to);

// How many expectations (check fields and examples) the book carries.
std::size_t count_checks(const Engine& engine, const CompiledBook& book);

// The value an expectation field has on a day, as checks.yaml writes it ("none" when absent).
// Fields: celebration, sunday, governing_sunday, sunday_name, season, sub_season, colour, week,
// proper, fast, eve (the celebration or Sunday key whose first Evensong is that evening),
// transferred_from, cycle.sunday, cycle.weekday, liturgical_year,
// competing.<celebration key>, readings.<service>[/<track>].<slot|key>, and the rule that decided
// (from explain()): why.rank, why.colour ("rule rose_sundays", "season lent"), why.fast,
// why.<celebration key> (the transfer rule that set its fate; "none": precedence alone).
std::string actual_check_value(const ResolvedDay& day, std::string_view field);

}  // namespace kalendar
