#include "handlers/routes.hpp"

#include "handlers/openapi.hpp"
#include "params.hpp"

#include <memory>
#include <mutex>

namespace kalendar::api {

namespace {

// The document without a base URL, written from the books being served (their calendar options
// are parameters): built once per loaded engine, since this public route is not in the response
// cache (it has no key) and the books change only on reload.
std::string document_of(const AppState& app) {
  static std::mutex mutex;
  static std::weak_ptr<const Engine> built_for;
  static std::string document;
  const std::lock_guard lock(mutex);
  if (built_for.lock() != app.engine) {
    document = openapi_document("", app.engine->books());
    built_for = app.engine;
  }
  return document;
}

}  // namespace

void add_api_routes(Dispatcher& d, const StateSlot& slot) {
  d.serve_state(slot);
  add_day_routes(d);
  add_text_routes(d);
  add_year_routes(d);
  add_celebration_routes(d);
  add_catalogue_routes(d);
  add_calendar_routes(d);
  // Public: API tools (Swagger UI, Redoc, generators) fetch the document before they have a key.
  d.add_route(
      "/api/v2/openapi.json",
      [](RequestContext& ctx) -> HandlerResult {
        ParamReader p(ctx.query(), ctx.errors());
        p.reject_unknown();
        if (!ctx.errors().empty()) return ctx.errors();
        // `servers` names the configured --base-url: the self link less this route's path.
        constexpr std::string_view kPath = "/api/v2/openapi.json";
        const std::string self = ctx.self_link();
        const std::string base =
            self.ends_with(kPath) ? self.substr(0, self.size() - kPath.size()) : std::string();
        Reply reply;
        reply.body = base.empty() ? document_of(ctx.app())
                                  : openapi_document(base, ctx.app().engine->books());
        return reply;
      },
      RouteAccess::open);
}

}  // namespace kalendar::api
