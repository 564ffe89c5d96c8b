// Live reload: rebuild the whole AppState (books, rules, text packs, Bible store, derived
// caches) off the request path and swap it into the StateSlot only when it is sound: every book
// compiled without an error and every book's checks.yaml and `examples:` pass against the new
// engine. Otherwise the old state keeps serving and every problem is reported. kalendar-server
// runs it on SIGHUP (docs/OPERATIONS.md, "Reloading data"); there is no HTTP route for it.
//
// Example:
//   StateSlot slot(first);
//   ReloadOutcome r = reload_state(slot, [&](DiagnosticList& d) {
//     return load_app_state(paths, d, log);
//   });
//   if (!r.swapped) for (const auto& d : r.problems) std::cerr << format_diagnostic(d) << "\n";
#pragma once

#include "access_log.hpp"
#include "app/app_state.hpp"
#include "metrics.hpp"
#include "state_slot.hpp"

#include "kalendar/result.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace kalendar::api {

// Builds a candidate state, reporting every problem in the list; nullptr when it cannot.
// Example: [&](DiagnosticList& d) { return load_app_state(paths, d, log); }.
using StateBuilder = std::function<std::shared_ptr<const AppState>(DiagnosticList&)>;

// What one reload did. Example: {.swapped = false, .generation = 1, .problems = {
//   "books/loc_2015/calendar.yaml:12:119: error: colour 'whyte' is not in the palette"}}.
struct ReloadOutcome {
  bool swapped = false;
  std::uint64_t generation = 0;      // the slot's generation afterwards (unchanged on failure)
  std::vector<Diagnostic> problems;  // errors and failed checks (failure), warnings (either)
  std::size_t books = 0;             // books in the candidate state
  std::size_t checks = 0;            // expectations run against it
  std::chrono::milliseconds took{0};
};

// Builds, checks and (when sound) swaps. Never throws: a builder's exception is a problem.
// Example: see the top of this file.
ReloadOutcome reload_state(StateSlot& slot, const StateBuilder& build);

// reload_state, then one log line per problem (file:line:col) and the outcome, counted in
// `metrics` (kalendar_reloads_total, kalendar_data_generation, kalendar_books_loaded).
// Example: on SIGHUP, reload_and_report(slot, build, logger, metrics).
ReloadOutcome reload_and_report(StateSlot& slot, const StateBuilder& build, Logger& logger,
                                Metrics& metrics);

// Every failed expectation of every book in `app` (checks.yaml and `examples:`), and how many
// expectations ran. Example: failed_checks(app, n).empty() for the shipped books.
std::vector<Diagnostic> failed_checks(const AppState& app, std::size_t& expectations);

}  // namespace kalendar::api
