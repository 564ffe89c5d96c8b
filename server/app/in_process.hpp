// The API answered in-process, without sockets or a key store: the real dispatcher and routes
// over an AppState (in a StateSlot), with one internal key for every book. kalendar-dump prints the
// exact bytes the service would send; the benchmarks measure the request path with it.
//
// Example:
//   InProcessApi api(app);
//   Response r = api.get("/api/v2/days/2025-11-30?book=loc_2015");   // r.body is the JSON
#pragma once

#include "access_log.hpp"
#include "app/app_state.hpp"
#include "auth.hpp"
#include "dispatch.hpp"
#include "metrics.hpp"
#include "rate_limit.hpp"
#include "state_slot.hpp"

#include <memory>
#include <string>
#include <string_view>

namespace kalendar::api {

class InProcessApi {
 public:
  // `response_cache_bytes` 0: every request computed afresh.
  explicit InProcessApi(std::shared_ptr<const AppState> app, std::size_t response_cache_bytes = 0);
  InProcessApi(const InProcessApi&) = delete;
  InProcessApi& operator=(const InProcessApi&) = delete;

  // GET with the internal key. Example: get("/api/v2/prayer-books").status == 200.
  [[nodiscard]] Response get(std::string_view target);
  [[nodiscard]] const std::string& key() const { return key_; }
  [[nodiscard]] Dispatcher& dispatcher() { return *dispatcher_; }
  // The state answers come from; swap into it to answer from another (reload tests).
  // Example: api.state_slot().swap(reloaded); api.get(...) now answers from `reloaded`.
  [[nodiscard]] StateSlot& state_slot() { return slot_; }

 private:
  StateSlot slot_;
  std::string key_;
  Logger logger_;
  Metrics metrics_;
  RateLimiter limiter_;
  std::unique_ptr<Authenticator> auth_;
  std::unique_ptr<Dispatcher> dispatcher_;
};

}  // namespace kalendar::api
