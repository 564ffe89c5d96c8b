// checks.yaml -> CheckExpectation list, with every field name and referenced key validated
// against the book (so a typo in a check is a load error, not a silently passing test).
#pragma once

#include "source_tree.hpp"

#include "kalendar/library.hpp"

#include <vector>

namespace kalendar::detail {

std::vector<CheckExpectation> parse_checks(const SourceNode& root, const BookDefinition& book,
                                           DiagnosticList& diags);

}  // namespace kalendar::detail
