// Prometheus metrics in the text exposition format (version 0.0.4), served at GET /metrics.
//
// Counters are relaxed atomics in slots fixed when routes are registered, so recording a
// request takes no lock. Series: requests by route and status, a latency histogram by route,
// and gauges fed by the lead (books loaded, active keys, readiness), and reloads by result with
// the generation of the state being served. Labels are route patterns,
// never raw paths, so the number of series stays bounded and nothing about keys leaks.
//
// Example:
//   Metrics m;
//   auto days = m.add_route("/api/v2/days/{date}");      // before serving
//   m.record(days, 200, std::chrono::microseconds(850));
//   m.set_books_loaded(3);
//   std::string text = m.exposition();
//   // kalendar_http_requests_total{route="/api/v2/days/{date}",status="200"} 1
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {

// Index of a route's counters. kUnmatchedRoute counts requests that matched no route.
// Example: m.record(kUnmatchedRoute, 404, latency).
using RouteSlot = std::size_t;
inline constexpr RouteSlot kUnmatchedRoute = 0;

// The service's counters and gauges. Example: see the top of this file.
class Metrics {
 public:
  // Starts with the `unmatched` route only. Example: Metrics m;
  Metrics();
  ~Metrics();
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;

  // Adds a route label and returns its slot. Call before serving (not thread-safe).
  // Example: auto slot = m.add_route("/health");
  RouteSlot add_route(std::string label);
  // Counts one answered request. Thread-safe, lock-free. Example: record(slot, 404, 120us).
  void record(RouteSlot slot, int status, std::chrono::microseconds latency);

  // Gauges. Example: set_books_loaded(3); set_keys_active(12); set_ready(true).
  void set_books_loaded(std::int64_t count);
  void set_keys_active(std::int64_t count);
  void set_ready(bool ready);
  // A reload (SIGHUP) finished: swapped in a new state (generation = the slot's new one), or
  // failed and left the old state serving. Example: count_reload(true, 2); count_reload(false, 2).
  void count_reload(bool swapped, std::uint64_t generation);

  // The whole exposition; series with a zero count are omitted.
  // Example: exposition().find("# TYPE kalendar_http_requests_total counter") == 0... (first)
  [[nodiscard]] std::string exposition() const;

  // Upper bounds of the latency histogram, in seconds. Example: kLatencyBounds[0] == 0.0005.
  static constexpr std::array<double, 11> kLatencyBounds = {
      0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0};
  // The statuses counted individually; any other status is counted under "other".
  static constexpr std::array<int, 15> kStatuses = {200, 204, 304, 400, 401, 403, 404, 405,
                                                    408, 413, 414, 429, 500, 503, 0};

 private:
  struct RouteCounters;
  std::vector<std::unique_ptr<RouteCounters>> routes_;
  std::atomic<std::int64_t> books_loaded_{0};
  std::atomic<std::int64_t> keys_active_{0};
  std::atomic<bool> ready_{false};
  std::atomic<std::uint64_t> reloads_ok_{0};
  std::atomic<std::uint64_t> reloads_failed_{0};
  std::atomic<std::uint64_t> state_generation_{1};
};

}  // namespace kalendar::api
