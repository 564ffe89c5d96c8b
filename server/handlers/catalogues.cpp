// GET /api/v2/prayer-books, /api/v2/prayer-books/{code}, /api/v2/prayer-books/{code}/preferences,
//     /api/v2/bible-versions
#include "handlers/book_scope.hpp"
#include "handlers/routes.hpp"
#include "json/envelope.hpp"

namespace kalendar::api {

namespace {

void string_list(JsonWriter& w, const std::vector<std::string>& items) {
  w.start_array();
  for (const auto& i : items) w.string(i);
  w.end_array();
}

void write_book(JsonWriter& w, const AppState& app, const CompiledBook& b) {
  const LanguageStrings& own = b.strings.front();
  w.begin_resource("prayer_book");
  w.key("id");
  w.string(b.code);
  if (w.field("code")) w.string(b.code);
  if (w.field("name")) w.string(own.book_name);
  if (w.field("language")) w.string(b.lang);
  if (w.field("languages")) {
    w.start_array();
    for (const LanguageStrings& s : b.strings) w.string(s.lang);
    w.end_array();
  }
  if (w.field("year")) b.year > 0 ? w.integer(b.year) : w.null();
  if (w.field("jurisdiction")) own.jurisdiction.empty() ? w.null() : w.string(own.jurisdiction);
  if (w.field("time_zone")) w.string(b.time_zone);
  if (w.field("valid_years")) {
    w.start_object();
    w.key("from");
    w.integer(b.valid_years.from);
    w.key("to");
    w.integer(b.valid_years.to);
    w.end_object();
  }
  if (w.field("capabilities")) {
    w.start_object();
    w.key("services");
    string_list(w, b.services);
    w.key("lectionaries");
    string_list(w, b.lectionary_variants);
    w.key("reading_types");
    string_list(w, b.reading_types);
    w.key("bible_versions");
    w.start_array();
    for (const BibleVersion* v : app.bibles_for(b)) w.string(v->code);
    w.end_array();
    w.key("text_packs");
    w.start_array();
    for (const TextPack& p : app.texts->packs()) {
      if (p.book == b.code) w.string(p.lang);
    }
    w.end_array();
    w.end_object();
  }
  if (w.field("kind")) w.string(b.kind);
  if (w.field("extends")) b.extends.empty() ? w.null() : w.string(b.extends);
  w.end_resource();
}

bool language_fits(const std::optional<std::string>& lang, std::string_view available) {
  return !lang || language_matches(*lang, available);
}

HandlerResult books_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const auto lang = p.language("lang");
  const FieldSelection fields = p.fields(app.fields, {"prayer_book"});
  p.reject_unknown();
  if (!ctx.errors().empty()) return ctx.errors();
  Meta meta;
  meta.data_version = app.data_version;
  Reply reply;
  reply.body =
      list_document(&fields, Links{ctx.self_link(), std::nullopt}, meta, [&](JsonWriter& w) {
        // Only the books this key may use; `lang` filters by base language.
        for (const auto& b : app.engine->books()) {
          if (ctx.book_allowed(b->code) && language_fits(lang, b->lang)) write_book(w, app, *b);
        }
      });
  return reply;
}

HandlerResult book_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const FieldSelection fields = p.fields(app.fields, {"prayer_book"});
  p.reject_unknown();
  const CompiledBook* b = book_from_path(ctx, app, ctx.path_param("code"));
  if (b == nullptr || !ctx.errors().empty()) return ctx.errors();
  Meta meta;
  meta.code = b->code;
  meta.lang = b->lang;
  meta.data_version = app.data_version_of(*b);
  Reply reply;
  reply.body = single_document(&fields, meta, [&](JsonWriter& w) { write_book(w, app, *b); });
  reply.content_language = b->lang;
  return reply;
}

HandlerResult preferences_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const auto lang = p.language("lang");
  p.reject_unknown();
  const CompiledBook* b = book_from_path(ctx, app, ctx.path_param("code"));
  if (b == nullptr || !ctx.errors().empty()) return ctx.errors();
  const LanguageStrings& names = b->strings_for(lang.value_or(b->lang));
  Meta meta;
  meta.code = b->code;
  meta.lang = names.lang;
  meta.data_version = app.data_version_of(*b);
  Reply reply;
  reply.body =
      list_document(nullptr, Links{ctx.self_link(), std::nullopt}, meta, [&](JsonWriter& w) {
        for (std::size_t i = 0; i < b->preferences.size(); ++i) {
          const Preference& pref = b->preferences[i];
          // Bible options are the book's versions that are installed here, in its order.
          std::vector<std::string> options = pref.options;
          std::string fallback = pref.default_value;
          if (pref.key == "bible") {
            options.clear();
            for (const BibleVersion* v : app.bibles_for(*b)) options.push_back(v->code);
            fallback = options.empty() ? "" : options.front();
          }
          w.start_object();
          w.key("id");
          w.string(pref.key);
          w.key("key");
          w.string(pref.key);
          w.key("name");
          names.preferences[i].empty() ? w.string(pref.key) : w.string(names.preferences[i]);
          w.key("options");
          string_list(w, options);
          w.key("default");
          fallback.empty() ? w.null() : w.string(fallback);
          w.key("changes_calendar");
          w.boolean(false);
          w.end_object();
        }
        // Calendar options: query parameters of every route that computes days.
        for (Index i = 0; i < b->options.size(); ++i) {
          const CalendarOption& o = b->options[i];
          w.start_object();
          w.key("id");
          w.string(o.key);
          w.key("key");
          w.string(o.key);
          w.key("name");
          w.string(o.name.empty() ? o.key : o.name);
          w.key("options");
          string_list(w, o.values);
          w.key("default");
          const std::string fallback = b->option_value_text(i, o.default_value);
          fallback.empty() ? w.null() : w.string(fallback);
          w.key("changes_calendar");
          w.boolean(true);
          if (o.is_date) {
            w.key("format");
            w.string("MM-DD");
          }
          w.key("source");
          w.string(o.source);
          w.end_object();
        }
      });
  reply.content_language = names.lang;
  return reply;
}

HandlerResult bibles_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const auto lang = p.language("lang");
  const FieldSelection fields = p.fields(app.fields, {"bible_version"});
  p.reject_unknown();
  if (!ctx.errors().empty()) return ctx.errors();
  auto optional = [](JsonWriter& w, const std::string& s) { s.empty() ? w.null() : w.string(s); };
  Reply reply;
  reply.body =
      list_document(&fields, Links{ctx.self_link(), std::nullopt}, Meta{}, [&](JsonWriter& w) {
        if (app.bibles == nullptr) return;
        for (const BibleVersion& v : app.bibles->versions()) {
          if (!language_fits(lang, v.language)) continue;
          w.begin_resource("bible_version");
          w.key("id");
          w.string(v.code);
          if (w.field("code")) w.string(v.code);
          if (w.field("name")) w.string(v.name);
          if (w.field("abbreviation")) optional(w, v.abbreviation);
          if (w.field("language")) w.string(v.language);
          if (w.field("publisher")) optional(w, v.publisher);
          if (w.field("licence")) optional(w, v.licence);
          if (w.field("verse_count")) w.integer(v.verse_count);
          w.end_resource();
        }
      });
  return reply;
}

}  // namespace

void add_catalogue_routes(Dispatcher& d) {
  d.add_route("/api/v2/prayer-books", [](RequestContext& c) { return books_route(c, c.app()); });
  d.add_route("/api/v2/prayer-books/{code}",
              [](RequestContext& c) { return book_route(c, c.app()); });
  d.add_route("/api/v2/prayer-books/{code}/preferences",
              [](RequestContext& c) { return preferences_route(c, c.app()); });
  d.add_route("/api/v2/bible-versions", [](RequestContext& c) { return bibles_route(c, c.app()); });
}

}  // namespace kalendar::api
