// JSON for the explanation of a day: why it resolved as it did (domain notes §14).
//
//   {"liturgical_year":{"year":2026,"starts":"2025-12-28","ends":"2026-11-28",
//                       "cycles":{"sunday":"A","weekday":"two"}},
//    "season":{"slug":"christmas","name":"Natal","starts":"2025-12-28","source":"..."},
//    "week":{"number":1,"label":null,"governing_sunday":{"date":...,"key":...,"name":...}},
//    "proper":null,
//    "candidates":[{...observance with "fate","rank","decided_by"...}],
//    "transfers":[{"celebration":"andrew","from":"2025-12-28","to":"2025-12-01",
//                  "rule":"displaced_feast","direction":"out"}],
//    "color":{"slug":"violet","source":"season","rule":null,"season":"christmas"},
//    "fast":null,
//    "readings":[{"service":"eucharist","part":null,"table":"rcl_sunday","key":"christmas_1",
//                 "cycle":"A","track":"semicontinuous","tried":[]}],
//    "sources":["..."]}
#pragma once

#include "json/writer.hpp"

#include "kalendar/explanation.hpp"

namespace kalendar::api {

// Writes `why` (from kalendar::explain) with names in the request's language; `day` is the day it
// explains (its candidates are written as the day's observances).
void write_explanation(JsonWriter& w, const ResolvedDay& day, const Explanation& why,
                       const LanguageStrings& names);

}  // namespace kalendar::api
