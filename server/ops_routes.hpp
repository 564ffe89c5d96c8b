// The operations routes, open without a key (api-decisions.md, Authentication):
//   GET /health   liveness: 200 {"status":"ok"} while the process serves at all
//   GET /ready    readiness: 200 {"status":"ready",...} or 503 unavailable (+ Retry-After)
//   GET /metrics  Prometheus text exposition (metrics.hpp)
// They reveal nothing about keys or books beyond counts, and are never cached.
//
// Example:
//   add_ops_routes(dispatcher, metrics, auth, [&](JsonWriter& w) {
//     w.key("books"); w.integer(app->engine->books().size());
//   });
#pragma once

#include "auth.hpp"
#include "dispatch.hpp"
#include "json/writer.hpp"
#include "metrics.hpp"

#include <functional>

namespace kalendar::api {

// Writes extra members into the /ready object (counts only). May be empty.
// Example: [&](JsonWriter& w) { w.key("books"); w.integer(3); }.
using ReadyDetails = std::function<void(JsonWriter&)>;

// Registers /health, /ready and /metrics on `dispatcher`. Readiness is dispatcher.ready().
// All arguments must outlive the dispatcher. Example: add_ops_routes(d, metrics, auth);
void add_ops_routes(Dispatcher& dispatcher, Metrics& metrics, const Authenticator& auth,
                    ReadyDetails ready_details = {});

}  // namespace kalendar::api
