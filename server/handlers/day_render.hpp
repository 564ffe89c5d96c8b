// Rendering a resolved day with what the request included, shared by /days/{date} and /days.
#pragma once

#include "app/app_state.hpp"
#include "handlers/book_scope.hpp"
#include "json/writer.hpp"
#include "params.hpp"

#include "kalendar/vocabulary.hpp"

#include <vector>

namespace kalendar::api {

// What a day request asked for, parsed once.
struct DayRequest {
  IncludeSet includes;
  Service service = Service::daily;
  TextFormat text_format = TextFormat::verses;
};

// Reads `include` (day values), `service` and `text_format`.
DayRequest read_day_request(ParamReader& p);

// The service named by a validated `service` parameter (daily when absent).
inline Service service_from(std::string_view slug) {
  return parse<Service>(slug).value_or(Service::daily);
}

// Writes one day resource (all included sub-resources computed here). Reading lookups that
// fail (an unknown reading_type cannot reach here: BookParams validated it) are skipped.
void render_day(JsonWriter& w, const AppState& app, const BookScope& scope, const ResolvedDay& day,
                const DayRequest& request);

}  // namespace kalendar::api
