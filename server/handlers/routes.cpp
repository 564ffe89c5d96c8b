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
  d.add_route("/api/v2/openapi.json", [](RequestContext& ctx) -> HandlerResult {
    ParamReader p(ctx.query(), ctx.errors());
    p.reject_unknown();
    if (!ctx.errors().empty()) return ctx.errors();
    static const std::string document = openapi_document();
    Reply reply;
    reply.body = document;
    return reply;
  });
}

}  // namespace kalendar::api
