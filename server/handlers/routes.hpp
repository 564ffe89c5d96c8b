// The 17 routes of API v2 (api-v2-spec.md §4), registered on a Dispatcher that serves the
// AppState of a StateSlot. Each request answers from the state it pinned (ctx.app()).
// Handlers parse, call the engine and serialise; no calendar logic lives here.
//
// Example:
//   Dispatcher d(options, services);
//   StateSlot slot(app);
//   add_api_routes(d, slot);     // slot must outlive d
//   add_ops_routes(d, metrics, auth);
#pragma once

#include "app/app_state.hpp"
#include "dispatch.hpp"
#include "state_slot.hpp"

#include <string>
#include <vector>

namespace kalendar::api {

void add_day_routes(Dispatcher& d);          // days.cpp
void add_text_routes(Dispatcher& d);         // texts.cpp
void add_year_routes(Dispatcher& d);         // years.cpp
void add_celebration_routes(Dispatcher& d);  // celebrations.cpp
void add_catalogue_routes(Dispatcher& d);    // catalogues.cpp
void add_calendar_routes(Dispatcher& d);     // calendars.cpp: calendar.ics, feeds/{token}

// Every API route, plus GET /api/v2/openapi.json, answering from `slot`'s state.
void add_api_routes(Dispatcher& d, const StateSlot& slot);

}  // namespace kalendar::api
