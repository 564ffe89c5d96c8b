// The real API, assembled for tests the way kalendar-server assembles it (server/main.cpp):
// books and rules from the repository (KALENDAR_SOURCE_DIR), the tiny SWORD modules built by
// tests/bible (KALENDAR_TINY_SWORD_DIR) installed under the codes `kjv` and `web`, the invented
// text pack of tests/http/fixtures/texts, a temporary SQLite key store written with the same
// KeyStore API kalendar-keys uses, the real Authenticator (refreshing every 100 ms), the real
// Dispatcher with add_api_routes + add_ops_routes over a StateSlot (reload tests swap other
// states into it), and optionally a Pistache endpoint on 127.0.0.1 with port 0.
//
// Keys issued (name: books, rate per minute, state):
//   all: every book, unlimited            metered: every book, 1000/min
//   pt_only: loc_2015 only, unlimited     tiny: every book, 2/min
//   expired: expired on 2020-01-01        inactive: revoked when issued
//   revocable: every book (a test revokes it)
//
// Example:
//   ApiStack stack;                              // everything above, ready, HTTP on
//   TestClient c(stack.port());
//   auto r = c.request("GET", "/api/v2/days/2025-11-30?book=loc_2015",
//                      {{"X-API-Key", stack.key("all")}});
//   api::Response direct = stack.dispatch("/api/v2/years/2026?book=loc_2015");  // no socket
#pragma once

#include "app/app_state.hpp"
#include "auth.hpp"
#include "dispatch.hpp"
#include "endpoint.hpp"
#include "metrics.hpp"
#include "rate_limit.hpp"
#include "state_slot.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::testing {

struct StackOptions {
  bool start_http = true;         // false: dispatch() only (golden files, bless_golden_api)
  bool ready = true;              // false: /api/v2 answers 503 until set_ready(true)
  bool bibles = true;             // false: no Bible version installed (passages answer 503)
  bool portuguese = false;        // also install the tiny Portuguese module (code "talm", pt-BR)
  std::string base_url{};         // --base-url; "" keeps links as paths (the golden bodies)
  std::string local_books_dir{};  // --local-books-dir; "" : the repository's books only
};

class ApiStack {
 public:
  // Builds everything or throws std::runtime_error naming what failed (with diagnostics).
  explicit ApiStack(StackOptions options = {});
  ~ApiStack();
  ApiStack(const ApiStack&) = delete;
  ApiStack& operator=(const ApiStack&) = delete;

  // The secret and the store id of a named key (see the list above).
  [[nodiscard]] const std::string& key(std::string_view name) const;
  [[nodiscard]] std::int64_t key_id(std::string_view name) const;

  // Answers one request in-process (no socket), with X-API-Key of key `key_name` ("" : none).
  [[nodiscard]] api::Response dispatch(std::string_view target, std::string_view key_name = "all",
                                       api::Method method = api::Method::get);

  [[nodiscard]] std::uint16_t port() const { return port_; }
  // The state the stack started with (tests replace its clock).
  [[nodiscard]] api::AppState& app() { return *app_; }
  // Where the routes read their state; reload tests swap other states in.
  [[nodiscard]] api::StateSlot& state_slot() { return *slot_; }
  [[nodiscard]] api::Metrics& metrics() { return metrics_; }
  [[nodiscard]] api::Dispatcher& dispatcher() { return *dispatcher_; }
  [[nodiscard]] const std::string& keys_db() const { return keys_db_; }
  // Error-level log lines (unhandled exceptions, key refresh failures) seen so far.
  [[nodiscard]] std::vector<std::string> error_lines() const;

 private:
  void issue_keys();

  std::filesystem::path scratch_;
  std::string keys_db_;
  std::map<std::string, std::pair<std::string, std::int64_t>, std::less<>> keys_;
  mutable std::mutex log_mutex_;
  std::vector<std::string> error_lines_;
  std::shared_ptr<api::AppState> app_;
  std::unique_ptr<api::StateSlot> slot_;
  std::unique_ptr<api::Logger> logger_;
  api::Metrics metrics_;
  api::RateLimiter limiter_;
  std::unique_ptr<api::Authenticator> auth_;
  std::unique_ptr<api::Dispatcher> dispatcher_;
  std::unique_ptr<http::HttpServer> server_;
  std::uint16_t port_ = 0;
};

}  // namespace kalendar::testing
