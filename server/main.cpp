// kalendar-server: configuration, key store, dispatcher, HTTP endpoint, graceful shutdown.
//
// Start-up fails fast with a clear message (exit 1; exit 2 for bad options). SIGHUP reloads
// books, rules, text packs and Bibles into a new state, swapped in only when it compiles and
// passes every checks.yaml (app/reload.hpp); the old state serves meanwhile. Shutdown on
// SIGINT/SIGTERM: /api/v2 turns 503 (ready = false), the endpoint stops, then shared state is
// released (in-flight handlers may outlive Endpoint::shutdown, dependencies.md §5 pitfall 15).
//
// Example:
//   kalendar-server --port 9080 --threads 2 --keys-db var/keys.sqlite3
#include "access_log.hpp"
#include "app/app_state.hpp"
#include "app/reload.hpp"
#include "auth.hpp"
#include "config.hpp"
#include "dispatch.hpp"
#include "endpoint.hpp"
#include "handlers/routes.hpp"
#include "keystore.hpp"
#include "metrics.hpp"
#include "ops_routes.hpp"
#include "rate_limit.hpp"
#include "state_slot.hpp"

#include <csignal>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

int run(const kalendar::api::ServerConfig& cfg) {
  using namespace kalendar;
  api::Logger logger(
      [](std::string_view line) {
        std::fwrite(line.data(), 1, line.size(), stderr);
        std::fflush(stderr);
      },
      cfg.access_log);
  api::Metrics metrics;
  api::RateLimiter limiter;
  api::Authenticator auth(
      api::keystore_loader(cfg.keys_db),
      api::AuthOptions{
          .refresh_interval = std::chrono::seconds(cfg.key_refresh_seconds),
          .default_rate_per_minute = cfg.default_rate_per_minute,
          .on_refresh_error =
              [&logger](const Error& e) { logger.error("key_refresh_failed", e.message); },
      });
  if (!auth.refresh()) {
    std::cerr << "kalendar-server: cannot read the key store " << cfg.keys_db
              << " (create it with: kalendar-keys --db " << cfg.keys_db
              << " create --name NAME --all)\n";
    return 1;
  }
  auth.start_refresher();

  api::Dispatcher dispatcher(
      api::DispatcherOptions{.max_age_seconds = cfg.max_age_seconds,
                             .today_max_age_seconds = cfg.today_max_age_seconds,
                             .base_url = api::effective_base_url(cfg),
                             .cors = {.allowed_origins = cfg.cors_origins}},
      api::DispatcherServices{auth, limiter, metrics, logger});
  // Books, text packs and Bible versions load before the port opens: a book with an error
  // stops the start with every problem listed (file:line:column).
  // The same build serves the start and every reload (SIGHUP).
  const api::StateBuilder build_state = [&cfg, &logger](DiagnosticList& diags) {
    return api::load_app_state(api::AppPaths{.rules_dir = cfg.rules_dir,
                                             .books_dir = cfg.books_dir,
                                             .texts_dir = cfg.texts_dir,
                                             .bible_cache_dir = cfg.bible_cache_dir,
                                             .sword_path = cfg.sword_path},
                               diags,
                               [&logger](std::string_view line) { logger.info("loading", line); });
  };
  DiagnosticList diags;
  const auto first_state = build_state(diags);
  for (const auto& d : diags.items()) std::cerr << format_diagnostic(d) << "\n";
  if (first_state == nullptr) {
    std::cerr << "kalendar-server: cannot start: the books above have problems "
                 "(kalendar-check books lists them too)\n";
    return 1;
  }
  metrics.set_books_loaded(static_cast<int>(first_state->engine->books().size()));
  api::StateSlot state(first_state);
  api::add_api_routes(dispatcher, state);
  api::add_ops_routes(dispatcher, metrics, auth, [&state](api::JsonWriter& w) {
    const auto app = state.pin().state;
    w.key("books");
    w.integer(static_cast<std::int64_t>(app->engine->books().size()));
    w.key("bible_versions");
    w.integer(app->bibles ? static_cast<std::int64_t>(app->bibles->versions().size()) : 0);
    w.key("text_packs");
    w.integer(static_cast<std::int64_t>(app->texts->packs().size()));
  });

  http::HttpServer server(
      dispatcher,
      http::EndpointOptions{.address = cfg.address,
                            .port = cfg.port,
                            .threads = cfg.threads,
                            .max_connections = static_cast<std::size_t>(cfg.max_connections)});
  const auto port = server.start();
  if (!port) {
    std::cerr << "kalendar-server: " << port.error().message << "\n";
    return 1;
  }
  logger.info("listening", cfg.address + ":" + std::to_string(port.value()));
  dispatcher.set_ready(true);

  int signal_number = 0;
  while ((signal_number = http::wait_for_signal()) == SIGHUP) {
    // On this thread, never a request's: the endpoint keeps answering from the old state.
    (void)api::reload_and_report(state, build_state, logger, metrics);
  }
  logger.info("shutting_down", signal_number == SIGTERM ? "SIGTERM" : "SIGINT");
  dispatcher.set_ready(false);
  server.shutdown();
  auth.stop_refresher();
  logger.info("stopped", "");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Before any thread exists, so every thread inherits the mask and only sigwait sees them.
  kalendar::http::block_shutdown_signals();
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    const auto parsed = kalendar::api::parse_config(args, kalendar::api::process_environment());
    if (parsed.help_requested) {
      std::cout << kalendar::api::config_usage();
      return 0;
    }
    if (!parsed.config) {
      for (const auto& e : parsed.errors) std::cerr << "kalendar-server: " << e << "\n";
      return 2;
    }
    return run(*parsed.config);
  } catch (const std::exception& e) {
    std::cerr << "kalendar-server: start-up failed: " << e.what() << "\n";
    return 1;
  }
}
