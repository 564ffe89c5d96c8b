// GET /api/v2/collects/{date}, /api/v2/passages, /api/v2/liturgical-explanations/{date}
#include "handlers/book_scope.hpp"
#include "handlers/day_render.hpp"
#include "handlers/routes.hpp"
#include "json/envelope.hpp"
#include "json/explanation_json.hpp"
#include "json/readings_json.hpp"
#include "passage_limits.hpp"

namespace kalendar::api {

namespace {

HandlerResult collects_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const auto date = p.path_date("date", ctx.path_param("date"));
  const BookParams book(p);
  const IncludeSet inc = p.include({"text"});
  const FieldSelection fields = p.fields(app.fields, {"collect"});
  // The office: `evening` gives the eve's collects where the book says the next day's
  // observance begins at Evening Prayer (docs/API.md "Eves").
  const auto service = p.service(false);
  p.reject_unknown();
  const auto scope = book.resolve(ctx, app);
  if (!scope || !date || !service) return ctx.errors();
  const auto day = day_for(ctx, app, *scope, *date);
  if (!day || !ctx.errors().empty()) return ctx.errors();
  Meta meta = book_meta(*scope);
  if (inc.has("text")) note_collect_texts(meta, app, *scope);
  return book_reply(list_document(&fields, Links{ctx.self_link(), std::nullopt}, meta,
                                  [&](JsonWriter& w) {
                                    write_collect_items(
                                        w, app.engine->collects(*day, service_from(*service)), *day,
                                        *scope->names, app.texts.get(), scope->lang,
                                        inc.has("text"));
                                  }),
                    *scope, date->today);
}

HandlerResult passages_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const auto ref = p.required_string("ref", kMaxReferenceChars);
  const auto bible = p.optional_string("bible", 40);
  const bool has_book = p.present("book");
  const auto book_code = p.optional_string("book");
  const auto lang = p.language("lang");
  const auto format = parse_text_format(p.text_format().value_or("verses"));
  // The other context parameters (api-v2-spec.md §4): checked against the book's preferences
  // like on every route with `book`. A passage is the same whatever the lectionary, so they
  // change nothing in the answer; without `book` there is nothing to check them against.
  ContextParams context;
  context.psalter = p.optional_string("psalter", 64);
  context.lectionary = p.optional_string("lectionary", 64);
  context.reading_type = p.optional_string("reading_type", 64);
  p.reject_unknown();
  if (!has_book) {
    for (const auto& [name, value] :
         {std::pair{"psalter", context.psalter}, std::pair{"lectionary", context.lectionary},
          std::pair{"reading_type", context.reading_type}}) {
      if (value) ctx.errors().invalid(name, "requires book (its preferences give the values)");
    }
  }
  const CompiledBook* book = nullptr;
  if (book_code && !ctx.book_allowed(*book_code)) {
    ctx.check_book_access(*book_code);  // same answer whether the book exists or not
  } else if (book_code) {
    const auto found = app.engine->find_book(*book_code);
    book = found ? *found : nullptr;
    if (book == nullptr) {
      ctx.errors().add({ErrorCode::unknown_book,
                        "no prayer book '" + quote_for_detail(*book_code) + "'", "book"});
    } else {
      ctx.check_book_access(book->code);
      check_reading_context(ctx.errors(), *book, context);
    }
  }
  std::string version = bible.value_or("");
  const bool book_default = version.empty() && book != nullptr;
  if (book_default) {
    const auto versions = app.bibles_for(*book);
    if (!versions.empty()) version = versions.front()->code;
  }
  if (!bible && !has_book) {
    ctx.errors().add(
        {ErrorCode::missing_parameter, "give bible, or book for its default version", "bible"});
  } else if (!version.empty() && (app.bibles == nullptr || app.bibles->find(version) == nullptr)) {
    ctx.errors().invalid("bible", "no Bible version '" + quote_for_detail(version) +
                                      "' (see GET /api/v2/bible-versions)");
  }
  if (!ctx.errors().empty() || !ref) return ctx.errors();
  if (version.empty()) {
    ctx.errors().add({ErrorCode::unavailable, "no Bible version is installed", "bible"});
    return ctx.errors();
  }
  // References are read in the request's language, else the book's, else English.
  const std::string ref_lang = lang.value_or(book != nullptr ? book->lang : "en");
  const auto parsed = parse_reference(*ref, ref_lang);
  if (!parsed) {
    ctx.errors().add({ErrorCode::invalid_reference, parsed.error().message, "ref"});
    return ctx.errors();
  }
  if (const auto* v = app.bibles->find(version); v != nullptr && v->versification) {
    if (auto too_big = check_passage_size(*parsed, *v->versification)) {
      ctx.errors().add(*too_big);
      return ctx.errors();
    }
  }
  const auto passage = app.bibles->passage(version, *parsed);
  if (!passage) {
    ctx.errors().add({ErrorCode::invalid_reference, passage.error().message, "ref"});
    return ctx.errors();
  }
  if (passage_text_bytes(*passage) > kMaxPassageTextBytes) {
    ctx.errors().add(
        {ErrorCode::range_too_large,
         "a passage may have at most " + std::to_string(kMaxPassageTextBytes) + " bytes of text",
         "ref"});
    return ctx.errors();
  }
  Meta meta;
  if (book != nullptr) meta.code = book->code;
  meta.lang = app.bibles->find(version)->language;
  // The book chose the version: say why (its language's version, or a fallback).
  if (book_default) meta.notes.emplace_back("bible_choice", app.bible_choice(*book).reason);
  Reply reply;
  reply.content_language = *meta.lang;  // the passage's language, as meta.lang says
  reply.body = single_document(nullptr, meta, [&](JsonWriter& w) {
    w.start_object();
    write_passage(w, *passage, format.value_or(TextFormat::verses));
    w.end_object();
  });
  return reply;
}

HandlerResult explanation_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const auto date = p.path_date("date", ctx.path_param("date"));
  const BookParams book(p);
  const auto service = p.service(false);
  p.reject_unknown();
  const auto scope = book.resolve(ctx, app);
  if (!scope || !date || !service) return ctx.errors();
  const auto day = day_for(ctx, app, *scope, *date);
  if (!day || !ctx.errors().empty()) return ctx.errors();
  std::vector<ReadingSet> sets;
  if (auto set = app.engine->readings(
          *day, {service_from(*service), scope->reading_type, scope->psalter})) {
    sets.push_back(std::move(set).value());
  }
  return book_reply(
      single_document(
          nullptr, book_meta(*scope, *service),
          [&](JsonWriter& w) { write_explanation(w, *day, explain(*day, sets), *scope->names); }),
      *scope, date->today);
}

}  // namespace

void add_text_routes(Dispatcher& d) {
  d.add_route("/api/v2/collects/{date}",
              [](RequestContext& c) { return collects_route(c, c.app()); });
  d.add_route("/api/v2/passages", [](RequestContext& c) { return passages_route(c, c.app()); });
  d.add_route("/api/v2/liturgical-explanations/{date}",
              [](RequestContext& c) { return explanation_route(c, c.app()); });
}

}  // namespace kalendar::api
