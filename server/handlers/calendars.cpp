// GET /api/v2/calendar.ics (a book's days for a year or a range, with X-API-Key) and
// GET /api/v2/feeds/{token}.ics (a subscribable feed: the token in the URL, a rolling window).
// Both answer RFC 5545 text (ical.hpp) built from the same resolved days, titles, colours and
// readings as GET /api/v2/days; docs/API.md, "iCalendar".
#include "handlers/book_scope.hpp"
#include "handlers/day_range.hpp"
#include "handlers/day_render.hpp"
#include "handlers/routes.hpp"
#include "ical.hpp"

#include "kalendar/day_title.hpp"
#include "kalendar/vocabulary.hpp"

#include <algorithm>
#include <chrono>

namespace kalendar::api {

namespace {

// A feed shows 2 months back and 13 months ahead of today in the book's time zone, and asks
// calendar apps to fetch it again twice a day.
constexpr date::months kFeedMonthsBack{2};
constexpr date::months kFeedMonthsAhead{13};
constexpr int kFeedRefreshSeconds = 12 * 3600;

std::string basic_date(CivilDate d) {
  std::string iso = format_iso_date(d);
  iso.erase(std::remove(iso.begin(), iso.end(), '-'), iso.end());
  return iso;
}

// One event: the day's title; season and colour, then the office's readings, in the
// description; the colour as RFC 7986 COLOR. UIDs name book, language and date, so a calendar
// app replaces, not duplicates, a day it already has.
IcalEvent day_event(const AppState& app, const BookScope& scope, const ResolvedDay& day,
                    Service service) {
  const LanguageStrings& names = *scope.names;
  IcalEvent e;
  e.date = to_civil(day.date());
  e.uid = scope.book->code;
  e.uid += '-';
  e.uid += scope.lang;
  e.uid += '-';
  e.uid += basic_date(e.date);
  e.uid += "@kalendar";
  e.summary = day_title(day, names);
  std::string line = names.seasons[day.season().index];
  e.categories.push_back(names.seasons[day.season().index]);
  if (const auto colour = day.colour()) {
    line += " · ";
    line += names.colours[colour->index];
    e.color = std::string(css_colour(colour->slug));
  }
  e.description = line;
  if (auto set = app.engine->readings(day, {service, scope.reading_type, scope.psalter});
      set.ok()) {
    for (const ResolvedReading& r : set.value().readings) {
      e.description += '\n';
      e.description += r.options.front().reference;
    }
  }
  return e;
}

Reply calendar_reply(const AppState& app, const BookScope& scope,
                     const std::vector<ResolvedDay>& days, Service service,
                     std::optional<int> refresh_seconds) {
  IcalCalendar cal;
  cal.name = scope.names->book_name;
  cal.lang = scope.lang;
  cal.stamp_unix =
      std::chrono::duration_cast<std::chrono::seconds>(app.loaded_at.time_since_epoch()).count();
  cal.refresh_interval_seconds = refresh_seconds;
  cal.events.reserve(days.size());
  for (const ResolvedDay& day : days) cal.events.push_back(day_event(app, scope, day, service));
  Reply reply;
  reply.body = write_icalendar(cal);
  reply.content_type = std::string(kCalendarContentType);
  reply.content_language = scope.lang;
  return reply;
}

HandlerResult calendar_route(RequestContext& ctx, const AppState& app) {
  ParamReader p(ctx.query(), ctx.errors());
  const BookParams book(p);
  const RangeParams range_params(p);
  const auto service = p.service(false);
  p.reject_unknown();
  range_params.check(ctx.errors());
  const auto scope = book.resolve(ctx, app);
  if (!scope || !service || !ctx.errors().empty()) return ctx.errors();
  const auto range = range_params.resolve(ctx, app, *scope, kMaxDayRange, "");
  if (!range) return ctx.errors();
  const auto days = app.engine->range(*scope->book, range->first, range->last, scope->options);
  if (!days) {
    ctx.errors().add(engine_error_to_api(days.error(), range_params.blamed()));
    return ctx.errors();
  }
  Reply reply = calendar_reply(app, *scope, *days, service_from(*service), std::nullopt);
  reply.freshness = range->about_today ? Freshness::today : Freshness::stable;
  return reply;
}

// The options a feed answers with: the book's defaults, then the token's bound options, then
// the URL's query (`?epiphany=sunday`), each validated against the book as it is now. A bound
// option the book no longer declares (or no longer allows that value for) is reported under
// its name; the book may have changed since the token was made, and only a new token fixes it.
OptionSet feed_options(RequestContext& ctx, ParamReader& url, const CompiledBook& book,
                       const FeedBinding& feed) {
  std::vector<OptionValue> values = book.default_option_values();
  for (const auto& [key, value] : feed.options) {
    std::optional<Index> i;
    for (Index o = 0; o < book.options.size(); ++o) {
      if (book.options[o].key == key) i = o;
    }
    const std::string bound =
        "this feed token binds " + key + "=" + value + ", but book '" + book.code + "' ";
    if (!i) {
      ctx.errors().invalid(key, bound + "no longer declares that option; ask for a new feed token");
      continue;
    }
    if (ctx.query().find(key) != nullptr) continue;  // the URL's value wins; checked below
    if (auto v = book.parse_option_value(*i, value)) {
      values[*i] = *v;
    } else {
      ctx.errors().invalid(key, bound +
                                    "no longer allows that value; ask for a new feed token "
                                    "or give " +
                                    key + " in the URL");
    }
  }
  return read_book_options(url, ctx.errors(), book, std::move(values));
}

HandlerResult feed_route(RequestContext& ctx, const AppState& app) {
  const std::string_view file = ctx.path_param("token");
  const FeedBinding* feed = ctx.feed();
  if (feed == nullptr || file.size() < 4 || file.substr(file.size() - 4) != ".ics") {
    ctx.errors().add({ErrorCode::not_found, "a feed URL ends in .ics", ""});
    return ctx.errors();
  }
  // The URL may carry only the bound book's calendar options, known once the book is.
  ParamReader p(ctx.query(), ctx.errors());
  p.defer_unknown();
  p.reject_unknown();
  // The token's book and language read as if they were the request's parameters, so the key's
  // book access and an unknown book are answered exactly as on the other routes.
  std::vector<QueryParam> bound{{"book", feed->book, true}};
  if (!feed->lang.empty()) bound.push_back({"lang", feed->lang, true});
  const Query bound_query{std::move(bound)};
  ParamReader bound_reader(bound_query, ctx.errors());
  const BookParams book(bound_reader);
  auto scope = book.resolve(ctx, app);
  if (scope) set_scope_options(*scope, feed_options(ctx, p, *scope->book, *feed));
  p.report_deferred();
  if (!scope || !ctx.errors().empty()) return ctx.errors();
  const CivilDate today = app.today(*scope->book);
  const auto [earliest, latest] = Engine::answerable_range(*scope->book);
  const CivilDate first = std::max(shift_months(today, -kFeedMonthsBack), earliest,
                                   [](CivilDate a, CivilDate b) { return Days{a} < Days{b}; });
  const CivilDate last = std::min(shift_months(today, kFeedMonthsAhead), latest,
                                  [](CivilDate a, CivilDate b) { return Days{a} < Days{b}; });
  // The window is longer than one engine range (kMaxRangeDays): ask in pieces.
  std::vector<ResolvedDay> days;
  for (Days start = Days{first}; start <= Days{last};) {
    const Days end = std::min(start + date::days{kMaxRangeDays - 1}, Days{last});
    auto piece = app.engine->range(*scope->book, to_civil(start), to_civil(end), scope->options);
    if (!piece) {
      ctx.errors().add(engine_error_to_api(piece.error(), ""));
      return ctx.errors();
    }
    days.insert(days.end(), piece.value().begin(), piece.value().end());
    start = end + date::days{1};
  }
  Reply reply = calendar_reply(app, *scope, days, Service::daily, kFeedRefreshSeconds);
  reply.freshness = Freshness::today;  // the window moves at midnight in the book's zone
  return reply;
}

}  // namespace

void add_calendar_routes(Dispatcher& d) {
  d.add_route("/api/v2/calendar.ics", [](RequestContext& c) { return calendar_route(c, c.app()); });
  d.add_route(
      "/api/v2/feeds/{token}", [](RequestContext& c) { return feed_route(c, c.app()); },
      RouteAccess::feed_token);
}

}  // namespace kalendar::api
