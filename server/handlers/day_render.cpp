#include "handlers/day_render.hpp"

#include "json/day_json.hpp"
#include "json/explanation_json.hpp"
#include "json/readings_json.hpp"

#include "kalendar/vocabulary.hpp"

#include <algorithm>

namespace kalendar::api {

DayRequest read_day_request(ParamReader& p) {
  DayRequest r;
  r.includes = p.include({"readings", "readings.text", "readings.morning", "readings.evening",
                          "readings.alternatives", "collect", "collect.text", "celebrations",
                          "explanation"});
  r.service = service_from(p.service(false).value_or("daily"));
  r.text_format =
      parse_text_format(p.text_format().value_or("verses")).value_or(TextFormat::verses);
  return r;
}

std::size_t day_work_units(const DayRequest& request) {
  const IncludeSet& inc = request.includes;
  std::size_t offices = 1;  // the `service` asked for
  if (inc.has("readings.morning") && request.service != Service::morning) ++offices;
  if (inc.has("readings.evening") && request.service != Service::evening) ++offices;
  std::size_t units = 1;
  if (inc.has("readings")) units += offices;
  if (inc.has("readings.text")) units += 4 * offices;
  if (inc.has("collect")) units += 1;
  if (inc.has("celebrations")) units += 1;
  if (inc.has("explanation")) units += 4;
  return units;
}

void render_day(JsonWriter& w, const AppState& app, const BookScope& scope, const ResolvedDay& day,
                const DayRequest& request) {
  const IncludeSet& inc = request.includes;
  // The offices asked for: `service`, plus morning/evening when included.
  std::vector<Service> services{request.service};
  if (inc.has("readings.morning")) services.push_back(Service::morning);
  if (inc.has("readings.evening")) services.push_back(Service::evening);
  services.erase(std::unique(services.begin(), services.end()), services.end());
  std::vector<ReadingSet> sets;
  if (inc.has("readings") || inc.has("explanation")) {
    for (Service s : services) {
      if (!inc.has("readings") && s != request.service) continue;
      auto set = app.engine->readings(day, {s, scope.reading_type, scope.psalter});
      if (set.ok()) sets.push_back(std::move(set).value());
    }
  }
  DayIncludes includes;
  includes.celebrations = inc.has("celebrations");
  if (inc.has("readings")) {
    includes.readings = [&](JsonWriter& out) {
      ReadingOptions options =
          reading_options_for(*scope.book, app.bibles.get(), scope.bible, request.text_format);
      options.text = inc.has("readings.text");
      options.alternatives = inc.has("readings.alternatives");
      out.start_array();
      for (const ReadingSet& set : sets) write_reading_items(out, set, options);
      out.end_array();
    };
  }
  if (inc.has("collect")) {
    includes.collect = [&](JsonWriter& out) {
      out.start_array();
      // `service=evening` takes the eve's collect where the book says so (first Evensong).
      write_collect_items(out, app.engine->collects(day, request.service), day, *scope.names,
                          app.texts.get(), scope.lang, inc.has("collect.text"));
      out.end_array();
    };
  }
  if (inc.has("explanation")) {
    includes.explanation = [&](JsonWriter& out) {
      std::vector<ReadingSet> own;
      for (const ReadingSet& s : sets) {
        if (s.service == request.service) own.push_back(s);
      }
      write_explanation(out, day, explain(day, own), *scope.names);
    };
  }
  write_day(w, day, *scope.names, includes);
}

}  // namespace kalendar::api
