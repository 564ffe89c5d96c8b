// GET /api/v2/days/{date}, /api/v2/days, /api/v2/days/{date}/readings
#include "handlers/book_scope.hpp"
#include "handlers/day_range.hpp"
#include "handlers/day_render.hpp"
#include "handlers/routes.hpp"
#include "json/envelope.hpp"
#include "json/readings_json.hpp"

#include "kalendar/vocabulary.hpp"

#include <algorithm>

namespace kalendar::api {

namespace {

// Day ranges: at most kMaxDayRange (366) days, 31 when Bible text or explanations are included
// (api-decisions.md, "Dates, ranges and years").
constexpr int kMaxRangeWithText = 31;

// meta of day documents: the office, and where collect bodies come from when they are included.
Meta day_meta(const AppState& app, const BookScope& scope, const DayRequest& request) {
  Meta meta = book_meta(scope, std::string(slug(request.service)));
  if (request.includes.has("readings.text")) note_bible_text(meta, app, scope);
  if (request.includes.has("collect.text")) note_collect_texts(meta, app, scope);
  return meta;
}

HandlerResult day_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const auto date = p.path_date("date", ctx.path_param("date"));
  const BookParams book(p);
  const DayRequest request = read_day_request(p);
  const FieldSelection fields = p.fields(app.fields, {"day", "reading", "collect"});
  p.reject_unknown();
  const auto scope = book.resolve(ctx, app);
  if (!scope || !date) return ctx.errors();
  const auto day = day_for(ctx, app, *scope, *date);
  if (!day || !ctx.errors().empty()) return ctx.errors();
  return book_reply(
      single_document(&fields, day_meta(app, *scope, request),
                      [&](JsonWriter& w) { render_day(w, app, *scope, *day, request); }),
      *scope, date->today);
}

HandlerResult days_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const BookParams book(p);
  const RangeParams range_params(p);
  const DayRequest request = read_day_request(p);
  const FieldSelection fields = p.fields(app.fields, {"day", "reading", "collect"});
  p.reject_unknown();
  range_params.check(ctx.errors());
  const auto scope = book.resolve(ctx, app);
  if (!scope || !ctx.errors().empty()) return ctx.errors();
  const bool heavy = request.includes.has("readings.text") || request.includes.has("explanation");
  const auto range =
      range_params.resolve(ctx, app, *scope, heavy ? kMaxRangeWithText : kMaxDayRange,
                           heavy ? " when readings.text or explanation is included" : "");
  if (!range) return ctx.errors();
  // Every allowed span stays within the work bound; the bound keeps it so as includes grow.
  const auto span = (Days{range->last} - Days{range->first}).count() + 1;
  const std::size_t work = static_cast<std::size_t>(span) * day_work_units(request);
  if (work > kMaxWorkUnits) {
    ctx.errors().add({ErrorCode::range_too_large,
                      "a request may take at most " + std::to_string(kMaxWorkUnits) +
                          " work units (days x lookups per day); this one takes " +
                          std::to_string(work),
                      std::string(range_params.blamed())});
    return ctx.errors();
  }
  const auto days = app.engine->range(*scope->book, range->first, range->last, scope->options);
  if (!days) {
    ctx.errors().add(
        engine_error_to_api(days.error(), range_params.blamed() == "year" ? "year" : "from"));
    return ctx.errors();
  }
  Reply reply;
  reply.body = list_document(&fields, Links{ctx.self_link(), std::nullopt},
                             day_meta(app, *scope, request), [&](JsonWriter& w) {
                               for (const ResolvedDay& day : *days)
                                 render_day(w, app, *scope, day, request);
                             });
  reply.freshness = range->about_today ? Freshness::today : Freshness::stable;
  reply.content_language = scope->lang;
  reply.work_units = work;
  return reply;
}

HandlerResult readings_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const auto date = p.path_date("date", ctx.path_param("date"));
  const BookParams book(p);
  const auto service = p.service(true);
  const IncludeSet inc = p.include({"text", "alternatives"});
  const auto format = parse_text_format(p.text_format().value_or("verses"));
  const FieldSelection fields = p.fields(app.fields, {"reading"});
  p.reject_unknown();
  const auto scope = book.resolve(ctx, app);
  if (!scope || !date || !service) return ctx.errors();
  const auto day = day_for(ctx, app, *scope, *date);
  if (!day || !ctx.errors().empty()) return ctx.errors();
  const CivilDate d = to_civil(day->date());
  ReadingOptions options = reading_options_for(*scope->book, app.bibles.get(), scope->bible,
                                               format.value_or(TextFormat::verses));
  options.text = inc.has("text");
  options.alternatives = inc.has("alternatives");
  auto readings_meta = [&](const std::string& office) {
    Meta meta = book_meta(*scope, office);
    if (options.text) note_bible_text(meta, app, *scope);
    return meta;
  };
  // Every office asked for, looked up before anything is written.
  std::vector<Service> services;
  if (*service == "all") {
    for (Service s : all<Service>()) services.push_back(s);
  } else {
    services.push_back(service_from(*service));
  }
  std::vector<ReadingSet> sets;
  for (Service s : services) {
    auto set = app.engine->readings(*day, {s, scope->reading_type, scope->psalter});
    if (!set) {
      ctx.errors().add(engine_error_to_api(set.error(), "service"));
      return ctx.errors();
    }
    sets.push_back(std::move(set).value());
  }
  Reply reply;
  if (*service == "all") {
    // Every office at once, grouped under "services" (api-v2-spec.md).
    reply.body = single_document(&fields, readings_meta("all"), [&](JsonWriter& w) {
      w.start_object();
      w.key("date");
      w.date(d);
      w.key("services");
      w.start_object();
      for (const ReadingSet& set : sets) {
        w.key_text(slug(set.service));
        w.start_array();
        write_reading_items(w, set, options);
        w.end_array();
      }
      w.end_object();
      w.end_object();
    });
  } else {
    reply.body =
        list_document(&fields, Links{ctx.self_link(), std::nullopt}, readings_meta(*service),
                      [&](JsonWriter& w) { write_reading_items(w, sets.front(), options); });
  }
  reply.freshness = date->today ? Freshness::today : Freshness::stable;
  reply.content_language = scope->lang;
  return reply;
}

}  // namespace

void add_day_routes(Dispatcher& d) {
  d.add_route("/api/v2/days/{date}", [](RequestContext& c) { return day_route(c, c.app()); });
  d.add_route("/api/v2/days", [](RequestContext& c) { return days_route(c, c.app()); });
  d.add_route("/api/v2/days/{date}/readings",
              [](RequestContext& c) { return readings_route(c, c.app()); });
}

}  // namespace kalendar::api
