// GET /api/v2/celebrations (search, cursor pages), /api/v2/celebrations/{id},
//     /api/v2/celebrations/types
#include "cursor.hpp"
#include "handlers/book_scope.hpp"
#include "handlers/routes.hpp"
#include "json/day_json.hpp"
#include "json/envelope.hpp"

#include "kalendar/base/language.hpp"
#include "kalendar/vocabulary.hpp"
#include "kalendar/year_calendar.hpp"

#include <algorithm>
#include <map>

namespace kalendar::api {

namespace {

constexpr std::string_view kTypes[] = {"principal_feast", "major_holy_day", "festival",
                                       "lesser_feast",    "commemoration",  "sunday"};

// A date rule of the book (every celebration has one; a weekday-relative rule has an anchor).
void write_rule(JsonWriter& w, const CompiledBook& b, Index rule) {
  struct Visitor {
    JsonWriter& w;
    const CompiledBook& b;
    void operator()(const FixedDate& f) const {
      form(0);
      member("month", f.month);
      member("day", f.day);
    }
    void operator()(const EasterOffset& e) const {
      form(1);
      member("days", e.days);
    }
    void operator()(const NthWeekday& n) const {
      form(2);
      w.key("weekday");
      w.string(weekday_slug(n.weekday));
      w.key("nth");
      if (n.nth < 0) {
        w.string("last");
      } else {
        w.integer(n.nth);
      }
      member("month", n.month);
    }
    void operator()(const WeekdayRelative& r) const {
      form(3);
      w.key("weekday");
      w.string(weekday_slug(r.weekday));
      w.key("relation");
      w.string(slug(r.relation));
      w.key("anchor");
      write_rule(w, b, r.anchor);
    }
    void operator()(const CelebrationOffset& c) const {
      form(4);
      w.key("celebration");
      w.string(b.celebrations[c.celebration].key);
      member("days", c.days);
    }
    void operator()(const OptionDate& o) const {
      form(5);
      w.key("option");
      w.string(b.options[o.option].key);
    }
    // The form's name comes from the engine's vocabulary (kDateRuleFormSlugs).
    void form(std::size_t variant_index) const {
      w.key("form");
      w.string(kDateRuleFormSlugs[variant_index]);
    }
    void member(const LiteralName& name, std::int64_t v) const {
      w.key(name);
      w.integer(v);
    }
  };
  w.start_object();
  std::visit(Visitor{w, b}, b.rules[rule].form);
  w.end_object();
}

void write_entry(JsonWriter& w, const CompiledBook& b, const LanguageStrings& names,
                 const CelebrationInYear& e) {
  const Celebration* c = e.celebration ? &b.celebrations[e.celebration->index] : nullptr;
  w.begin_resource("celebration");
  w.key("id");
  c ? w.integer(c->id) : w.null();
  if (w.field("slug")) w.string(c ? e.celebration->slug : e.sunday->slug);
  if (w.field("name")) {
    w.string(c ? names.celebrations[e.celebration->index] : names.sundays[e.sunday->index]);
  }
  const std::size_t type = c ? static_cast<std::size_t>(c->type) : 5;
  if (w.field("type")) w.string(kTypes[type]);
  if (w.field("type_name")) w.string(c ? names.types[type] : names.sunday_type);
  if (w.field("color")) write_color(w, names, {e.colour, {}});
  if (w.field("movable")) w.boolean(c == nullptr || c->movable);
  if (w.field("month")) c && !c->movable ? w.integer(c->fixed_month) : w.null();
  if (w.field("day")) c && !c->movable ? w.integer(c->fixed_day) : w.null();
  if (w.field("date_rule")) c ? write_rule(w, b, c->date) : w.null();
  if (w.field("date")) e.date ? w.date(to_civil(*e.date)) : w.null();
  if (w.field("observed_date")) e.observed ? w.date(to_civil(*e.observed)) : w.null();
  if (w.field("source")) c && !c->source.empty() ? w.string(c->source) : w.null();
  w.end_resource();
}

HandlerResult list_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const BookParams book(p);
  const auto q = p.optional_string("q", 200);
  const auto type = p.one_of("type", kTypes, std::nullopt);
  const auto month = p.integer("month", 1, 12);
  const auto day = p.integer("day", 1, 31);
  const auto year = p.year("year");
  const auto movable = p.boolean("movable");
  const int limit = p.integer("limit", 1, 100).value_or(50);
  const auto cursor = p.optional_string("cursor", 2000);
  const FieldSelection fields = p.fields(app.fields, {"celebration"});
  if (p.present("day") && !p.present("month") && !p.present("year")) {
    ctx.errors().invalid("day", "requires month or year");
  }
  if (type && *type == "sunday" && !p.present("year")) {
    ctx.errors().invalid("type", "sunday requires year: Sundays depend on the year's calendar");
  }
  p.reject_unknown();
  const auto scope = book.resolve(ctx, app);
  if (!scope) return ctx.errors();
  const CompiledBook& b = *scope->book;
  const LanguageStrings& names = *scope->names;
  // The engine searches and sorts; this route pages through what it found.
  auto found = search_celebrations(b, names,
                                   {.text = q.value_or(""),
                                    .type = type.value_or(""),
                                    .month = month,
                                    .day = day,
                                    .year = year,
                                    .movable = movable},
                                   scope->options);
  if (!found) ctx.errors().add(engine_error_to_api(found.error(), "year"));
  // A cursor belongs to one book and one set of filters, and carries a sort key of the shape
  // this listing uses: (date, kind, id) with a year, (movable, month, day, id) without.
  CursorScope cursor_scope(b.code);
  cursor_scope.filter("q", q.value_or(""))
      .filter("type", type.value_or(""))
      .filter("month", month ? std::to_string(*month) : "")
      .filter("day", day ? std::to_string(*day) : "")
      .filter("year", year ? std::to_string(*year) : "")
      .filter("movable", movable ? (*movable ? "true" : "false") : "")
      .filter("lang", scope->lang);
  std::optional<std::vector<std::int64_t>> after;
  if (cursor) {
    auto decoded = decode_cursor(*cursor, cursor_scope);
    if (!decoded) {
      ctx.errors().add({ErrorCode::invalid_cursor, decoded.error().message, "cursor"});
    } else if (decoded->size() != (year ? 3u : 4u)) {
      ctx.errors().add(
          {ErrorCode::invalid_cursor, "this cursor was not made by this listing", "cursor"});
    } else {
      after = std::move(decoded).value();
    }
  }
  if (!ctx.errors().empty()) return ctx.errors();

  std::vector<CatalogueEntry> kept;
  for (CatalogueEntry& e : found.value()) {
    if (!after || *after < e.sort_key) kept.push_back(std::move(e));
  }
  const bool more = kept.size() > static_cast<std::size_t>(limit);
  if (more) kept.resize(static_cast<std::size_t>(limit));
  Links links{ctx.self_link(), std::nullopt};
  if (more) {
    links.next = ctx.link_with("cursor", encode_cursor(cursor_scope, kept.back().sort_key));
  }
  Reply reply;
  reply.body = list_document(&fields, links, book_meta(*scope), [&](JsonWriter& w) {
    for (const CatalogueEntry& e : kept) write_entry(w, b, names, e.what);
  });
  reply.content_language = scope->lang;
  return reply;
}

HandlerResult one_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const auto id = p.path_id("id", ctx.path_param("id"));
  const BookParams book(p);
  const auto year = p.year("year");
  const FieldSelection fields = p.fields(app.fields, {"celebration"});
  p.reject_unknown();
  const auto scope = book.resolve(ctx, app);
  if (!scope || !id || !ctx.errors().empty()) return ctx.errors();
  const CompiledBook& b = *scope->book;
  const auto entry = find_celebration_by_id(b, *id);
  if (!entry) {
    ctx.errors().add({ErrorCode::not_found,
                      "book '" + b.code + "' has no celebration " + std::to_string(*id), ""});
    return ctx.errors();
  }
  CelebrationInYear e = *entry;
  if (year) {
    auto listed = celebrations_of_year(b, *year, scope->options);
    if (!listed) {
      ctx.errors().add(engine_error_to_api(listed.error(), "year"));
      return ctx.errors();
    }
    e = listed->celebrations[entry->celebration->index];
  }
  Reply reply;
  reply.body = single_document(&fields, book_meta(*scope),
                               [&](JsonWriter& w) { write_entry(w, b, *scope->names, e); });
  reply.content_language = scope->lang;
  return reply;
}

HandlerResult types_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const auto lang = p.language("lang");
  const FieldSelection fields = p.fields(app.fields, {"celebration_type"});
  p.reject_unknown();
  if (!ctx.errors().empty()) return ctx.errors();
  // Names from the shared strings: exact tag, base language, else English.
  const auto& shared = app.engine->shared_strings();
  std::vector<std::string_view> tags;
  for (const auto& s : shared) tags.emplace_back(s.lang);
  auto best = base::best_language_match(tags, lang.value_or("en"));
  if (!best) {
    const auto english = std::find(tags.begin(), tags.end(), "en");
    if (english != tags.end()) best = static_cast<std::size_t>(english - tags.begin());
  }
  const LanguageStrings* names = best ? &shared[*best] : nullptr;
  Meta meta;
  meta.lang = names != nullptr ? names->lang : "";
  Reply reply;
  reply.body =
      list_document(&fields, Links{ctx.self_link(), std::nullopt}, meta, [&](JsonWriter& w) {
        for (std::size_t t = 0; t < std::size(kTypes); ++t) {
          w.begin_resource("celebration_type");
          w.key("id");
          w.string(kTypes[t]);
          if (w.field("slug")) w.string(kTypes[t]);
          if (w.field("name")) {
            w.string(names == nullptr ? kTypes[t]
                     : t < 5          ? std::string_view(names->types[t])
                                      : std::string_view(names->sunday_type));
          }
          w.end_resource();
        }
      });
  reply.content_language = meta.lang.value_or("");
  return reply;
}

}  // namespace

void add_celebration_routes(Dispatcher& d) {
  d.add_route("/api/v2/celebrations", [](RequestContext& c) { return list_route(c, c.app()); });
  d.add_route("/api/v2/celebrations/types",
              [](RequestContext& c) { return types_route(c, c.app()); });
  d.add_route("/api/v2/celebrations/{id}", [](RequestContext& c) { return one_route(c, c.app()); });
}

}  // namespace kalendar::api
