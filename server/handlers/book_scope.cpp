#include "handlers/book_scope.hpp"

#include <algorithm>

namespace kalendar::api {

namespace {

const Preference* preference(const CompiledBook& b, std::string_view key) {
  for (const Preference& p : b.preferences) {
    if (p.key == key) return &p;
  }
  return nullptr;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out.empty() ? "none" : out;
}

// A context value must be one of the book's options for that preference.
void check_option(ErrorList& errors, const CompiledBook& b, std::string_view key,
                  const std::optional<std::string>& value,
                  const std::vector<std::string>& options) {
  if (!value) return;
  if (std::find(options.begin(), options.end(), *value) == options.end()) {
    errors.invalid(key, "book '" + b.code + "' accepts " + std::string(key) + " " + join(options));
  }
}

}  // namespace

void check_reading_context(ErrorList& errors, const CompiledBook& b, const ContextParams& context) {
  const Preference* psalter = preference(b, "psalter");
  check_option(errors, b, "psalter", context.psalter,
               psalter != nullptr ? psalter->options : std::vector<std::string>{});
  check_option(errors, b, "lectionary", context.lectionary, b.lectionary_variants);
  check_option(errors, b, "reading_type", context.reading_type, b.reading_types);
}

OptionSet read_book_options(ParamReader& p, ErrorList& errors, const CompiledBook& b) {
  return read_book_options(p, errors, b, b.default_option_values());
}

OptionSet read_book_options(ParamReader& p, ErrorList& errors, const CompiledBook& b,
                            std::vector<OptionValue> values) {
  for (Index i = 0; i < b.options.size(); ++i) {
    const CalendarOption& o = b.options[i];
    const auto text = p.raw(o.key);
    if (!text) continue;
    if (auto v = b.parse_option_value(i, *text)) {
      values[i] = *v;
    } else {
      errors.invalid(o.key,
                     o.is_date
                         ? "book '" + b.code + "' takes " + o.key + " as a date MM-DD (e.g. 10-12)"
                         : "book '" + b.code + "' accepts " + o.key + " " + join(o.values));
    }
  }
  return b.normalize_options(OptionSet(std::move(values)));
}

BookParams::BookParams(ParamReader& p, bool context) : with_context_(context), reader_(&p) {
  p.defer_unknown();
  book_ = p.required_string("book");
  if (context) {
    context_ = p.context_params();
  } else {
    context_.lang = p.language("lang");
  }
}

std::optional<BookScope> BookParams::resolve(RequestContext& ctx, const AppState& app) const {
  // The book's option parameters are known once the book is; every other unknown parameter is
  // reported first, as reject_unknown() would have without the book.
  const CompiledBook* known_book = nullptr;
  if (book_ && ctx.book_allowed(*book_)) {
    if (auto found = app.engine->find_book(*book_)) known_book = *found;
  }
  OptionSet options;
  if (known_book != nullptr) {
    ErrorList option_errors;
    options = read_book_options(*reader_, option_errors, *known_book);
    reader_->report_deferred();
    for (const auto& e : option_errors.items()) ctx.errors().add(e);
  } else {
    reader_->report_deferred();
  }
  if (!book_) return std::nullopt;
  // A key limited to some books gets the same 403 for a book that does not exist as for one it
  // may not see: its answers must not tell which other books the server has.
  if (!ctx.book_allowed(*book_)) {
    ctx.check_book_access(*book_);
    return std::nullopt;
  }
  const auto found = app.engine->find_book(*book_);
  if (!found) {
    ctx.errors().add(
        {ErrorCode::unknown_book,
         "no prayer book '" + quote_for_detail(*book_) + "' (see GET /api/v2/prayer-books)",
         "book"});
    return std::nullopt;
  }
  const CompiledBook* b = *found;
  ctx.check_book_access(b->code);
  BookScope scope;
  scope.book = b;
  scope.data_version = app.data_version_of(*b);
  set_scope_options(scope, std::move(options));
  // The best of the book's languages: exact tag, base language, else the book's own.
  scope.names = &b->strings_for(context_.lang.value_or(b->lang));
  scope.lang = scope.names->lang;
  if (with_context_) {
    std::vector<std::string> bibles;
    const BibleChoice& choice = app.bible_choice(*b);
    for (const BibleVersion* v : choice.versions) bibles.push_back(v->code);
    check_option(ctx.errors(), *b, "bible", context_.bible, bibles);
    scope.bible = context_.bible.value_or(bibles.empty() ? "" : bibles.front());
    scope.bible_reason = context_.bible ? "asked for in the request" : choice.reason;
    check_reading_context(ctx.errors(), *b, context_);
    scope.psalter = context_.psalter.value_or("");
    scope.reading_type = context_.reading_type.value_or("");
  }
  return scope;
}

void set_scope_options(BookScope& scope, OptionSet options) {
  const CompiledBook& b = *scope.book;
  scope.options = std::move(options);
  scope.option_texts.clear();
  for (Index i = 0; i < b.options.size(); ++i) {
    std::string text = b.option_value_text(i, b.option_value(scope.options, i));
    scope.option_texts.emplace_back(b.options[i].key,
                                    text.empty() ? std::nullopt : std::optional(std::move(text)));
  }
}

const CompiledBook* book_from_path(RequestContext& ctx, const AppState& app,
                                   std::string_view code) {
  if (!ctx.book_allowed(code)) {  // as in resolve(): existence is not revealed
    ctx.check_book_access(code);
    return nullptr;
  }
  const auto b = app.engine->find_book(code);
  if (!b) {
    ctx.errors().add({ErrorCode::not_found, "no prayer book '" + quote_for_detail(code) + "'", ""});
    return nullptr;
  }
  ctx.check_book_access((*b)->code);
  return *b;
}

std::optional<CivilDate> resolve_date(RequestContext& ctx, const AppState& app,
                                      const BookScope& scope, const DateParam& date,
                                      std::string_view parameter) {
  const CivilDate d = date.today ? app.today(*scope.book) : date.date;
  const auto [from, to] = Engine::answerable_range(*scope.book);
  if (Days{d} < Days{from} || Days{d} > Days{to}) {
    ctx.errors().invalid(parameter, "book '" + scope.book->code + "' answers for " +
                                        format_iso_date(from) + " to " + format_iso_date(to));
    return std::nullopt;
  }
  return d;
}

std::optional<ResolvedDay> day_for(RequestContext& ctx, const AppState& app, const BookScope& scope,
                                   const DateParam& date) {
  auto day =
      app.engine->day(*scope.book, date.today ? app.today(*scope.book) : date.date, scope.options);
  if (!day) {
    ctx.errors().add(engine_error_to_api(day.error(), "date"));
    return std::nullopt;
  }
  return std::move(day).value();
}

Reply book_reply(std::string body, const BookScope& scope, bool about_today) {
  Reply reply;
  reply.body = std::move(body);
  reply.freshness = about_today ? Freshness::today : Freshness::stable;
  reply.content_language = scope.lang;
  return reply;
}

Meta book_meta(const BookScope& scope, std::optional<std::string> service) {
  Meta m;
  m.code = scope.book->code;
  m.lang = scope.lang;
  m.service = std::move(service);
  m.data_version = scope.data_version;
  m.options = scope.option_texts;
  return m;
}

void note_bible_text(Meta& meta, const AppState& app, const BookScope& scope) {
  // Which version the readings' text is in, its language, and why (e.g. a fallback).
  const BibleVersion* v = app.bibles != nullptr ? app.bibles->find(scope.bible) : nullptr;
  meta.notes.emplace_back("bible", v != nullptr ? v->code : "");
  meta.notes.emplace_back("bible_language", v != nullptr ? v->language : "");
  meta.notes.emplace_back("bible_choice", scope.bible_reason);
}

void note_collect_texts(Meta& meta, const AppState& app, const BookScope& scope) {
  // Collect bodies come only from an installed text pack; without one they are null.
  const TextPack* pack = app.texts->pack_for(scope.book->code, scope.lang);
  meta.notes.emplace_back("texts", pack != nullptr
                                       ? "text pack " + pack->lang + ": " + pack->source
                                       : "no text pack is installed for this book: body and "
                                         "preface are null");
}

}  // namespace kalendar::api
