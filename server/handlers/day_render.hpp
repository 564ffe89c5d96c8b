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

// The engine work of rendering one day as `request` asks, in work units: 1 to resolve it, 1 per
// office whose readings are looked up, 1 for its collects, 1 for its celebrations, 4 for the
// explanation, and 4 per office whose Bible text is read. A request costs days x this.
// Example: include=readings,readings.morning,readings.evening,collect,celebrations is 6 a day.
[[nodiscard]] std::size_t day_work_units(const DayRequest& request);

// At most this much work per request (docs/API.md, "Limits"): 366 days of everything without
// Bible text (6 a day), or 31 days with text and explanation.
inline constexpr std::size_t kMaxWorkUnits = 366 * 6;

// The service named by a validated `service` parameter (daily when absent).
inline Service service_from(std::string_view slug) {
  return parse<Service>(slug).value_or(Service::daily);
}

// Writes one day resource (all included sub-resources computed here). Reading lookups that
// fail (an unknown reading_type cannot reach here: BookParams validated it) are skipped.
void render_day(JsonWriter& w, const AppState& app, const BookScope& scope, const ResolvedDay& day,
                const DayRequest& request);

}  // namespace kalendar::api
