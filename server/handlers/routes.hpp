// The 17 routes of API v2 (api-v2-spec.md §4), registered on a Dispatcher over one AppState.
// Handlers parse, call the engine and serialise; no calendar logic lives here.
//
// Example:
//   Dispatcher d(options, services);
//   add_api_routes(d, *app);     // app must outlive d
//   add_ops_routes(d, metrics, auth);
#pragma once

#include "app/app_state.hpp"
#include "dispatch.hpp"

#include <string>
#include <vector>

namespace kalendar::api {

void add_day_routes(Dispatcher& d, const AppState& app);          // days.cpp
void add_text_routes(Dispatcher& d, const AppState& app);         // texts.cpp
void add_year_routes(Dispatcher& d, const AppState& app);         // years.cpp
void add_celebration_routes(Dispatcher& d, const AppState& app);  // celebrations.cpp
void add_catalogue_routes(Dispatcher& d, const AppState& app);    // catalogues.cpp

// Every API route, plus GET /api/v2/openapi.json.
void add_api_routes(Dispatcher& d, const AppState& app);

}  // namespace kalendar::api
