#include "app/reload.hpp"

#include "kalendar/checks.hpp"

#include <exception>
#include <string>

namespace kalendar::api {

std::vector<Diagnostic> failed_checks(const AppState& app, std::size_t& expectations) {
  std::vector<Diagnostic> failures;
  expectations = 0;
  for (const auto& book : app.engine->books()) {
    expectations += count_checks(*app.engine, *book);
    for (Diagnostic& d : run_checks(*app.engine, *book)) failures.push_back(std::move(d));
  }
  return failures;
}

ReloadOutcome reload_state(StateSlot& slot, const StateBuilder& build) {
  const auto started = std::chrono::steady_clock::now();
  ReloadOutcome outcome;
  outcome.generation = slot.pin().generation;
  DiagnosticList diags;
  std::shared_ptr<const AppState> candidate;
  try {
    candidate = build(diags);
    if (candidate != nullptr && !diags.has_errors()) {
      outcome.books = candidate->engine->books().size();
      for (Diagnostic& d : failed_checks(*candidate, outcome.checks)) {
        diags.error(std::move(d.loc), std::move(d.message));
      }
    }
  } catch (const std::exception& e) {
    diags.error(SourceLoc{"reload", 0, 0}, std::string("failed: ") + e.what());
  }
  if (candidate == nullptr && !diags.has_errors()) {
    diags.error(SourceLoc{"reload", 0, 0}, "failed: no state was built");
  }
  outcome.problems = diags.items();
  if (!diags.has_errors()) {
    outcome.generation = slot.swap(std::move(candidate));
    outcome.swapped = true;
  }
  // The candidate, when refused, is released here, off the request path like its build.
  outcome.took = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - started);
  return outcome;
}

ReloadOutcome reload_and_report(StateSlot& slot, const StateBuilder& build, Logger& logger,
                                Metrics& metrics) {
  logger.info("reload_started", "SIGHUP");
  ReloadOutcome outcome = reload_state(slot, build);
  for (const Diagnostic& d : outcome.problems) {
    if (d.severity == Severity::error) {
      logger.error("reload_problem", format_diagnostic(d));
    } else {
      logger.info("reload_problem", format_diagnostic(d));
    }
  }
  metrics.count_reload(outcome.swapped, outcome.generation);
  const std::string summary = std::to_string(outcome.books) + " books, " +
                              std::to_string(outcome.checks) + " checks, " +
                              std::to_string(outcome.took.count()) + " ms, generation " +
                              std::to_string(outcome.generation);
  if (outcome.swapped) {
    metrics.set_books_loaded(static_cast<std::int64_t>(outcome.books));
    logger.info("reload_done", summary);
  } else {
    logger.error("reload_refused", "problems: " + std::to_string(outcome.problems.size()) +
                                       "; the previous data keeps serving (" + summary + ")");
  }
  return outcome;
}

}  // namespace kalendar::api
