// JSON for the day resource and its parts (api-decisions.md "Envelope"; docs/API.md "Day").
//
//   {"id":"2025-12-28","date":"2025-12-28","weekday":{"slug":"sunday","name":"Domingo"},
//    "liturgical_year":2026,"season":{"slug":"christmas","name":"Natal"},"sub_season":null,
//    "week":1,"week_label":null,"sunday_name":"Primeiro Domingo do Advento","proper":null,
//    "color":{"slug":"violet","name":"Violeta","alternatives":[]},"fast":null,
//    "celebration":{"id":null,"slug":"christmas_1","name":"...","type":"sunday",...},
//    "cycles":{"sunday":"A","weekday":"two"},
//    "eve":{"id":null,"date":"2025-12-29","kind":"sunday","slug":"...","name":"...",
//           "type":"sunday","type_name":"...","title":"...","color":{...},"evening":["collect"]}
//          or null (first Evensong: whose observance begins this evening),
//    ...included sub-resources}
//
// Names come from the LanguageStrings chosen for the request; slugs never change with `lang`.
#pragma once

#include "json/writer.hpp"

#include "kalendar/resolved.hpp"

#include <functional>

namespace kalendar::api {

// Sub-resources written after the day's attributes when the request included them.
struct DayIncludes {
  bool celebrations = false;
  std::function<void(JsonWriter&)> readings;     // writes the value of "readings"
  std::function<void(JsonWriter&)> collect;      // writes the value of "collect"
  std::function<void(JsonWriter&)> explanation;  // writes the value of "explanation"
};

void write_day(JsonWriter& w, const ResolvedDay& day, const LanguageStrings& names,
               const DayIncludes& includes);

// {"slug":"violet","name":"Violeta","alternatives":[{"slug","name"}...]} or null.
void write_color(JsonWriter& w, const LanguageStrings& names, const ColourChoice& colour);
// The observance as a celebration object: a celebration, or a Sunday with type "sunday"; null
// for a weekday.
void write_observance(JsonWriter& w, const ResolvedDay& day, const LanguageStrings& names,
                      const Observance& o, bool with_fate);

}  // namespace kalendar::api
