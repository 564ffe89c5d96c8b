#include "ops_routes.hpp"

#include "params.hpp"

namespace kalendar::api {

namespace {
constexpr std::string_view kPrometheusContentType = "text/plain; version=0.0.4; charset=utf-8";
}

void add_ops_routes(Dispatcher& dispatcher, Metrics& metrics, const Authenticator& auth,
                    ReadyDetails ready_details) {
  dispatcher.add_route("/health", [](RequestContext& ctx) -> HandlerResult {
    ParamReader(ctx.query(), ctx.errors()).reject_unknown();
    if (!ctx.errors().empty()) return ctx.errors();
    return Reply{.body = R"({"status":"ok"})", .freshness = Freshness::no_store};
  });

  dispatcher.add_route(
      "/ready",
      [&dispatcher, details = std::move(ready_details)](RequestContext& ctx) -> HandlerResult {
        ParamReader(ctx.query(), ctx.errors()).reject_unknown();
        if (!ctx.errors().empty()) return ctx.errors();
        if (!dispatcher.ready()) {
          ctx.errors().add({ErrorCode::unavailable, "the service is not ready yet", ""});
          return ctx.errors();
        }
        JsonWriter w;
        w.start_object();
        w.key("status");
        w.string("ready");
        if (details) details(w);
        w.end_object();
        return Reply{.body = w.take(), .freshness = Freshness::no_store};
      });

  dispatcher.add_route(
      "/metrics", [&dispatcher, &metrics, &auth](RequestContext& ctx) -> HandlerResult {
        ParamReader(ctx.query(), ctx.errors()).reject_unknown();
        if (!ctx.errors().empty()) return ctx.errors();
        metrics.set_keys_active(static_cast<std::int64_t>(auth.active_key_count()));
        metrics.set_ready(dispatcher.ready());
        return Reply{.body = metrics.exposition(),
                     .freshness = Freshness::no_store,
                     .content_type = std::string(kPrometheusContentType)};
      });
}

}  // namespace kalendar::api
