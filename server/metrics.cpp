#include "metrics.hpp"

#include <cstdio>

namespace kalendar::api {

namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;

// Label values are our own route patterns, but escape them as the format requires anyway.
std::string escape_label(std::string_view value) {
  std::string out;
  for (char ch : value) {
    if (ch == '\\' || ch == '"') {
      out.push_back('\\');
      out.push_back(ch);
    } else if (ch == '\n') {
      out += "\\n";
    } else {
      out.push_back(ch);
    }
  }
  return out;
}

// Bucket bounds print short ("0.0005", "1"); sums keep microseconds ("12.000850").
std::string format_seconds(double seconds, bool exact = false) {
  char buf[48];
  std::snprintf(buf, sizeof buf, exact ? "%.6f" : "%g", seconds);
  return buf;
}

}  // namespace

struct Metrics::RouteCounters {
  explicit RouteCounters(std::string l) : label(std::move(l)) {}
  std::string label;
  std::array<std::atomic<std::uint64_t>, kStatuses.size()> by_status{};
  std::array<std::atomic<std::uint64_t>, kLatencyBounds.size() + 1> buckets{};  // last: +Inf
  std::atomic<std::uint64_t> latency_sum_us{0};
  std::atomic<std::uint64_t> count{0};
};

Metrics::Metrics() { routes_.push_back(std::make_unique<RouteCounters>("unmatched")); }
Metrics::~Metrics() = default;

RouteSlot Metrics::add_route(std::string label) {
  routes_.push_back(std::make_unique<RouteCounters>(std::move(label)));
  return routes_.size() - 1;
}

void Metrics::record(RouteSlot slot, int status, std::chrono::microseconds latency) {
  RouteCounters& r = *routes_.at(slot < routes_.size() ? slot : kUnmatchedRoute);
  std::size_t status_index = kStatuses.size() - 1;  // "other"
  for (std::size_t i = 0; i + 1 < kStatuses.size(); ++i) {
    if (kStatuses[i] == status) {
      status_index = i;
      break;
    }
  }
  r.by_status[status_index].fetch_add(1, kRelaxed);
  const double seconds = static_cast<double>(latency.count()) / 1e6;
  std::size_t bucket = kLatencyBounds.size();
  for (std::size_t i = 0; i < kLatencyBounds.size(); ++i) {
    if (seconds <= kLatencyBounds[i]) {
      bucket = i;
      break;
    }
  }
  r.buckets[bucket].fetch_add(1, kRelaxed);
  r.latency_sum_us.fetch_add(static_cast<std::uint64_t>(latency.count() > 0 ? latency.count() : 0),
                             kRelaxed);
  r.count.fetch_add(1, kRelaxed);
}

void Metrics::set_books_loaded(std::int64_t count) { books_loaded_.store(count, kRelaxed); }
void Metrics::set_keys_active(std::int64_t count) { keys_active_.store(count, kRelaxed); }
void Metrics::set_ready(bool ready) { ready_.store(ready, kRelaxed); }
void Metrics::count_reload(bool swapped, std::uint64_t generation) {
  (swapped ? reloads_ok_ : reloads_failed_).fetch_add(1, kRelaxed);
  state_generation_.store(generation, kRelaxed);
}

std::string Metrics::exposition() const {
  std::string out;
  out +=
      "# HELP kalendar_http_requests_total HTTP requests answered, by route pattern and status.\n"
      "# TYPE kalendar_http_requests_total counter\n";
  for (const auto& r : routes_) {
    for (std::size_t i = 0; i < kStatuses.size(); ++i) {
      const auto n = r->by_status[i].load(kRelaxed);
      if (n == 0) continue;
      const std::string status = kStatuses[i] == 0 ? "other" : std::to_string(kStatuses[i]);
      out += "kalendar_http_requests_total{route=\"" + escape_label(r->label) + "\",status=\"" +
             status + "\"} " + std::to_string(n) + "\n";
    }
  }
  out +=
      "# HELP kalendar_http_request_duration_seconds Time from parsed request to response, by "
      "route pattern.\n"
      "# TYPE kalendar_http_request_duration_seconds histogram\n";
  for (const auto& r : routes_) {
    const auto count = r->count.load(kRelaxed);
    if (count == 0) continue;
    const std::string label = "route=\"" + escape_label(r->label) + "\"";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i <= kLatencyBounds.size(); ++i) {
      cumulative += r->buckets[i].load(kRelaxed);
      const std::string le = i < kLatencyBounds.size() ? format_seconds(kLatencyBounds[i]) : "+Inf";
      out += "kalendar_http_request_duration_seconds_bucket{" + label + ",le=\"" + le + "\"} " +
             std::to_string(cumulative) + "\n";
    }
    const double sum = static_cast<double>(r->latency_sum_us.load(kRelaxed)) / 1e6;
    out += "kalendar_http_request_duration_seconds_sum{" + label + "} " +
           format_seconds(sum, true) + "\n";
    out += "kalendar_http_request_duration_seconds_count{" + label + "} " + std::to_string(count) +
           "\n";
  }
  out +=
      "# HELP kalendar_books_loaded Prayer books in the loaded library.\n"
      "# TYPE kalendar_books_loaded gauge\n"
      "kalendar_books_loaded " +
      std::to_string(books_loaded_.load(kRelaxed)) +
      "\n"
      "# HELP kalendar_api_keys_active Active API keys in the current key snapshot.\n"
      "# TYPE kalendar_api_keys_active gauge\n"
      "kalendar_api_keys_active " +
      std::to_string(keys_active_.load(kRelaxed)) +
      "\n"
      "# HELP kalendar_ready 1 when the service answers API requests, else 0.\n"
      "# TYPE kalendar_ready gauge\n"
      "kalendar_ready " +
      std::string(ready_.load(kRelaxed) ? "1" : "0") + "\n";
  // Both results always appear, so an alert on `failed` works before the first failure.
  out +=
      "# HELP kalendar_reloads_total Reloads requested by SIGHUP, by result (failed: the old data "
      "kept serving).\n"
      "# TYPE kalendar_reloads_total counter\n"
      "kalendar_reloads_total{result=\"ok\"} " +
      std::to_string(reloads_ok_.load(kRelaxed)) + "\nkalendar_reloads_total{result=\"failed\"} " +
      std::to_string(reloads_failed_.load(kRelaxed)) +
      "\n"
      "# HELP kalendar_data_generation Generation of the data being served: 1 at start, +1 per "
      "successful reload.\n"
      "# TYPE kalendar_data_generation gauge\n"
      "kalendar_data_generation " +
      std::to_string(state_generation_.load(kRelaxed)) + "\n";
  return out;
}

}  // namespace kalendar::api
