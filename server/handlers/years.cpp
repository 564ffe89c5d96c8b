// GET /api/v2/years/{year}, .../seasons, .../key-dates, .../lectionary-cycle
// {year} is the liturgical year that holds Easter of that civil year: Advent Sunday of year-1 to
// the Saturday before Advent Sunday of year (docs/API.md, "Years").
#include "handlers/book_scope.hpp"
#include "handlers/routes.hpp"
#include "json/envelope.hpp"

namespace kalendar::api {

namespace {

void write_season(JsonWriter& w, const LanguageStrings& names,
                  const YearOverview::SeasonInYear& s) {
  w.begin_resource("season");
  w.key("id");
  w.string(s.season.slug);
  if (w.field("slug")) w.string(s.season.slug);
  if (w.field("name")) w.string(names.seasons[s.season.index]);
  if (w.field("parent")) w.string_or_null(s.parent ? s.parent->slug : std::string_view());
  if (w.field("starts")) w.date(to_civil(s.start));
  if (w.field("ends")) w.date(to_civil(s.end));
  w.end_resource();
}

void write_key_date(JsonWriter& w, const LanguageStrings& names,
                    const YearOverview::KeyDateValue& k) {
  w.begin_resource("key_date");
  w.key("id");
  w.string(k.what.slug);
  if (w.field("slug")) w.string(k.what.slug);
  if (w.field("name")) {
    w.string(k.season_start ? names.seasons[k.what.index] : names.celebrations[k.what.index]);
  }
  if (w.field("kind")) w.string(k.season_start ? "season_start" : "celebration");
  if (w.field("date")) w.date(to_civil(k.date));
  w.end_resource();
}

void write_cycles(JsonWriter& w, const YearOverview& y) {
  w.start_object();
  w.key("sunday");
  w.string(y.sunday_cycle);
  w.key("weekday");
  w.string(y.weekday_cycle);
  w.end_object();
}

enum class View { overview, seasons, key_dates, lectionary_cycle };

HandlerResult year_route(RequestContext& ctx, const AppState& app, View view) {
  ParamReader p(ctx.query(), ctx.errors());
  const auto year = p.path_year("year", ctx.path_param("year"));
  const BookParams book(p);
  const std::initializer_list<std::string_view> kTypes[] = {
      {"annual_overview", "season", "key_date"}, {"season"}, {"key_date"}, {"lectionary_cycle"}};
  const FieldSelection fields = p.fields(app.fields, kTypes[static_cast<int>(view)]);
  p.reject_unknown();
  const auto scope = book.resolve(ctx, app);
  if (!scope || !year) return ctx.errors();
  const auto y = app.engine->year(*scope->book, *year, scope->options);
  if (!y) {
    ctx.errors().add(engine_error_to_api(y.error(), "year"));
    return ctx.errors();
  }
  const LanguageStrings& names = *scope->names;
  Reply reply;
  reply.content_language = scope->lang;
  const Meta meta = book_meta(*scope);
  switch (view) {
    case View::overview:
      reply.body = single_document(&fields, meta, [&](JsonWriter& w) {
        w.begin_resource("annual_overview");
        w.key("id");
        w.integer(y->liturgical_year);
        if (w.field("liturgical_year")) w.integer(y->liturgical_year);
        if (w.field("starts")) w.date(to_civil(y->first_day));
        if (w.field("ends")) w.date(to_civil(y->last_day));
        if (w.field("cycles")) write_cycles(w, *y);
        if (w.field("seasons")) {
          w.start_array();
          for (const auto& s : y->named_seasons) write_season(w, names, s);
          w.end_array();
        }
        if (w.field("key_dates")) {
          w.start_array();
          for (const auto& k : y->key_dates) write_key_date(w, names, k);
          w.end_array();
        }
        w.end_resource();
      });
      break;
    case View::seasons:
      reply.body =
          list_document(&fields, Links{ctx.self_link(), std::nullopt}, meta, [&](JsonWriter& w) {
            for (const auto& s : y->named_seasons) write_season(w, names, s);
          });
      break;
    case View::key_dates:
      reply.body =
          list_document(&fields, Links{ctx.self_link(), std::nullopt}, meta, [&](JsonWriter& w) {
            for (const auto& k : y->key_dates) write_key_date(w, names, k);
          });
      break;
    case View::lectionary_cycle:
      reply.body = single_document(&fields, meta, [&](JsonWriter& w) {
        w.begin_resource("lectionary_cycle");
        w.key("id");
        w.integer(y->liturgical_year);
        if (w.field("liturgical_year")) w.integer(y->liturgical_year);
        if (w.field("starts")) w.date(to_civil(y->first_day));
        if (w.field("ends")) w.date(to_civil(y->last_day));
        if (w.field("sunday")) w.string(y->sunday_cycle);
        if (w.field("weekday")) w.string(y->weekday_cycle);
        w.end_resource();
      });
      break;
  }
  return reply;
}

}  // namespace

void add_year_routes(Dispatcher& d) {
  d.add_route("/api/v2/years/{year}",
              [](RequestContext& c) { return year_route(c, c.app(), View::overview); });
  d.add_route("/api/v2/years/{year}/seasons",
              [](RequestContext& c) { return year_route(c, c.app(), View::seasons); });
  d.add_route("/api/v2/years/{year}/key-dates",
              [](RequestContext& c) { return year_route(c, c.app(), View::key_dates); });
  d.add_route("/api/v2/years/{year}/lectionary-cycle",
              [](RequestContext& c) { return year_route(c, c.app(), View::lectionary_cycle); });
}

}  // namespace kalendar::api
