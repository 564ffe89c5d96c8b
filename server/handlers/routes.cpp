#include "handlers/routes.hpp"

#include "handlers/openapi.hpp"
#include "params.hpp"

namespace kalendar::api {

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
        // Written from the books being served (their options are parameters); the response
        // cache keeps it until the next reload, so it is not rebuilt per request.
        Reply reply;
        reply.body = openapi_document(base, ctx.app().engine->books());
        return reply;
      },
      RouteAccess::open);
}

}  // namespace kalendar::api
