// What every route with a `book` parameter shares: the book (it exists, the key may use it),
// the response language, and the context parameters validated against the book's preferences.
//
// Reading happens in two steps so that every problem of a request is reported together: the
// constructor reads the parameters (marking them known), resolve() validates them against the
// book once all other parameters have been read.
//
// Example:
//   ParamReader p(ctx.query(), ctx.errors());
//   BookParams book(p);                       // reads book, lang, bible, psalter, ...
//   auto date = p.path_date("date", ctx.path_param("date"));
//   p.reject_unknown();
//   auto scope = book.resolve(ctx, app);     // unknown_book / book_not_allowed / bad bible ...
//   if (!ctx.errors().empty()) return ctx.errors();
#pragma once

#include "app/app_state.hpp"
#include "dispatch.hpp"
#include "json/envelope.hpp"
#include "params.hpp"

#include <optional>
#include <string>

namespace kalendar::api {

struct BookScope {
  const CompiledBook* book = nullptr;
  const LanguageStrings* names = nullptr;  // in the response language
  std::string lang;                        // the language actually used
  std::string bible;                       // version code; "" when none is installed
  std::string bible_reason;                // why that version (requested, or the book's choice)
  std::string reading_type;                // "" = the book's default
  std::string psalter;                     // "" = the book's default
  std::string data_version;                // of the book's answers (AppState::data_version_of)
  // The book's calendar options in force (`?epiphany=sunday`; defaults for the others), for the
  // engine, and as meta.options echoes them: every option, value text or null (an unset date).
  OptionSet options;
  std::vector<std::pair<std::string, std::optional<std::string>>> option_texts;
};

class BookParams {
 public:
  // `context`: whether the route accepts the context parameters (bible, psalter, lectionary,
  // reading_type); lang is always read.
  explicit BookParams(ParamReader& p, bool context = true);
  // nullopt when the book is absent, unknown or not allowed (errors added).
  std::optional<BookScope> resolve(RequestContext& ctx, const AppState& app) const;

 private:
  std::optional<std::string> book_;
  ContextParams context_;
  bool with_context_;
  ParamReader* reader_;  // for the book's option parameters, read once the book is known
};

// The book's calendar options as query parameters: each value must be one of the option's
// values (or MM-DD for a date option), else a 400 invalid_parameter naming what is allowed.
// Example: read_book_options(p, errors, book) for ?epiphany=sunday -> OptionSet({1, 0}).
OptionSet read_book_options(ParamReader& p, ErrorList& errors, const CompiledBook& book);
// As above, over `values` (by option index) instead of the defaults: a feed token's bound
// options, which the URL's query overrides.
OptionSet read_book_options(ParamReader& p, ErrorList& errors, const CompiledBook& book,
                            std::vector<OptionValue> values);

// Sets the scope's options and their meta.options texts. Example: set_scope_options(s, {}).
void set_scope_options(BookScope& scope, OptionSet options);

// Checks psalter, lectionary and reading_type against the book's options (its preferences);
// each value outside them is a 400 invalid_parameter naming the options. Absent values pass.
// Example: check_reading_context(ctx.errors(), *book, {.lectionary = "rcl"});
void check_reading_context(ErrorList& errors, const CompiledBook& book,
                           const ContextParams& context);

// The book named by a path segment (prayer-books/{code}): 404 when unknown, 403 when the key
// may not use it.
const CompiledBook* book_from_path(RequestContext& ctx, const AppState& app, std::string_view code);

// A date parameter resolved for the book: `today` in the book's time zone; a date outside the
// book's answerable range is a 400 naming that range.
std::optional<CivilDate> resolve_date(RequestContext& ctx, const AppState& app,
                                      const BookScope& scope, const DateParam& date,
                                      std::string_view parameter);

// The resolved day a date parameter names, or nullopt with the error added (see resolve_date).
std::optional<ResolvedDay> day_for(RequestContext& ctx, const AppState& app, const BookScope& scope,
                                   const DateParam& date);

// A 200 reply in the scope's language; answers about `today` are cached briefly.
Reply book_reply(std::string body, const BookScope& scope, bool about_today);

// meta for a book: code, lang, data_version (and the office where one applies).
Meta book_meta(const BookScope& scope, std::optional<std::string> service = std::nullopt);

// Adds meta.bible, meta.bible_language and meta.bible_choice: the version Bible text is in and
// why. For every response that includes Bible text.
// Example: {"bible": "web", "bible_language": "en",
//           "bible_choice": "no installed pt-BR version; fell back to WEB (en)"}
void note_bible_text(Meta& meta, const AppState& app, const BookScope& scope);

// Adds meta.texts, which says where collect bodies come from (a text pack, or none installed, so
// they are null). For every response that includes collect text.
void note_collect_texts(Meta& meta, const AppState& app, const BookScope& scope);

}  // namespace kalendar::api
