// The dispatcher: our own route table and the request pipeline shared by every route.
//
// dispatch() takes a pure Request and returns a Response; it never throws. In order:
//   1 decode the path; match a route (exact segments and `{param}` segments; a static segment
//     beats a parameter, so /celebrations/types wins over /celebrations/{id})   404 JSON
//   2 OPTIONS -> 204 with Allow (a CORS preflight also gets Access-Control-*); any method but
//     GET/HEAD -> 405 JSON with Allow
//   3 /api/v2/* only: readiness (503 + Retry-After), X-API-Key or the feed token of the path
//     (401 + WWW-Authenticate), rate (429 + Retry-After)
//   4 parse the query (4 KiB cap, decoding, array forms): problems go into ctx.errors()
//   5 pin the served state (state_slot.hpp) for the whole request; call the handler; every error of
//   the request is answered together (400/403/...) 6 200: strong ETag of the body; If-None-Match
//   match -> 304 without body; HEAD -> no body, but the Content-Length of the GET;
//     Cache-Control private with max-age by freshness; Vary on /api/v2; Content-Language
//   7 one catch-all: an exception is logged and answered as JSON internal_error
//   8 CORS headers on every answer to an allowed Origin (CorsOptions)
// Every request is counted in Metrics and logged in one access line.
//
// Example:
//   Dispatcher d(DispatcherOptions{}, {auth, limiter, metrics, logger});
//   d.add_route("/api/v2/days/{date}", [](RequestContext& ctx) -> HandlerResult {
//     ParamReader p(ctx.query(), ctx.errors());
//     auto date = p.path_date("date", ctx.path_param("date"));
//     auto book = p.required_string("book");
//     p.reject_unknown();
//     if (book) ctx.check_book_access(*book);
//     if (!ctx.errors().empty()) return ctx.errors();
//     return Reply{.body = "{...}", .freshness = date->today ? Freshness::today
//                                                             : Freshness::stable};
//   });
//   d.set_ready(true);
//   Response r = d.dispatch(make_request(Method::get, "/api/v2/days/today?book=loc_2015",
//                                        {{"X-API-Key", key}}));
#pragma once

#include "access_log.hpp"
#include "api_error.hpp"
#include "auth.hpp"
#include "metrics.hpp"
#include "rate_limit.hpp"
#include "request.hpp"
#include "response_cache.hpp"
#include "state_slot.hpp"
#include "url.hpp"

#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace kalendar::api {

// Every /api/v2 route needs a key; /health, /ready and /metrics do not. The Allow value and the
// JSON media type of every answer.
// Example: a route "/api/v2/years/{year}" requires X-API-Key; "/health" does not.
inline constexpr std::string_view kApiPrefix = "/api/v2/";
inline constexpr std::string_view kAllowedMethods = "GET, HEAD, OPTIONS";
inline constexpr std::string_view kJsonContentType = "application/json";
// An answer costs its key one rate token, plus, when the handler ran (a cache miss), the more of:
// one per full kBytesPerRateToken of body (a long passage, a year view), and one per full
// kWorkUnitsPerRateToken of engine work (Reply::work_units: a year of days with every office
// looked up, whatever fields[...] trims from the body). docs/API.md, "Limits".
// Example: a 200 KB year view costs 4 tokens; the same answer from the cache costs 1.
inline constexpr std::size_t kBytesPerRateToken = 64U * 1024U;
inline constexpr std::size_t kWorkUnitsPerRateToken = 256;

// How long a client may cache a successful answer (Cache-Control: private, max-age=...).
// stable: the configured default; today: the short one (the date moves at midnight in the
// book's zone); no_store: never cached (operations endpoints).
// Example: reply.freshness = date->today ? Freshness::today : Freshness::stable;
enum class Freshness { stable, today, no_store };

// A handler's successful answer. Example: Reply{.body = json, .content_language = "pt-BR"}.
struct Reply {
  std::string body{};  // the JSON document
  int status = 200;
  Freshness freshness = Freshness::stable;
  std::optional<int> max_age_seconds{};  // overrides `freshness` when set
  std::string content_language{};        // sent as Content-Language when not empty
  std::string content_type = std::string(kJsonContentType);
  // The engine work the answer took (day_render.hpp: a day resolved, an office's readings
  // looked up, ...); weighs against the key's rate with the body size.
  std::size_t work_units = 0;
};

// Either a reply or the problems of the request.
// Example: return ctx.errors();   or   return Reply{.body = json};
using HandlerResult = std::variant<Reply, ErrorList>;

// Everything a handler may read about its request, and where it reports problems. Built by the
// dispatcher; handlers receive it by reference.
// Example: ParamReader p(ctx.query(), ctx.errors()); auto d = ctx.path_param("date");
class RequestContext {
 public:
  // Used by the dispatcher (and by tests that call a handler directly).
  RequestContext(const Request& request, std::string_view route_pattern,
                 std::vector<std::pair<std::string, std::string>> path_params, Query query,
                 ErrorList seeded_errors, const Grant* grant, std::string_view base_url);

  // The raw request. Example: ctx.request().method == Method::head.
  [[nodiscard]] const Request& request() const { return request_; }
  // The matched pattern. Example: "/api/v2/days/{date}".
  [[nodiscard]] std::string_view route_pattern() const { return route_pattern_; }
  // A decoded path parameter ("" when the pattern has none of that name).
  // Example: path_param("date") == "2025-06-24" for /api/v2/days/2025%2D06%2D24.
  [[nodiscard]] std::string_view path_param(std::string_view name) const;
  // The decoded query. Example: ParamReader p(ctx.query(), ctx.errors());
  [[nodiscard]] const Query& query() const { return query_; }
  // A request header, case-insensitive. Example: header("Accept-Language").
  [[nodiscard]] std::optional<std::string_view> header(std::string_view name) const {
    return request_.header(name);
  }
  // The key's grant on /api/v2 routes; nullptr on operations routes.
  // Example: ctx.grant()->key_name == "parish-site".
  [[nodiscard]] const Grant* grant() const { return grant_; }
  // The request's problems so far (query decoding problems are already in).
  // Example: ctx.errors().invalid("to", "must not be before from");
  [[nodiscard]] ErrorList& errors() { return errors_; }
  // The state this request answers from, pinned when it started: a reload meanwhile does not
  // change it. Only on /api/v2 routes of a dispatcher that serves a StateSlot.
  // Example: const AppState& app = ctx.app(); app.engine->find_book("loc_2015").
  [[nodiscard]] const AppState& app() const {
    assert(pinned_.state != nullptr);
    return *pinned_.state;
  }
  // Used by the dispatcher. Example: ctx.pin(slot.pin()).
  void pin(PinnedState pinned) { pinned_ = std::move(pinned); }
  // On a feed_token route: the book, language and options the token is bound to; nullptr
  // elsewhere.
  // Example: ctx.feed()->book == "loc_2015".
  [[nodiscard]] const FeedBinding* feed() const { return feed_ ? &*feed_ : nullptr; }
  // Used by the dispatcher. Example: ctx.set_feed(outcome.feed).
  void set_feed(std::optional<FeedBinding> feed) { feed_ = std::move(feed); }

  // True when the key may use `book` (always true without a key).
  // Example: filter the prayer-book catalogue with ctx.book_allowed(code).
  [[nodiscard]] bool book_allowed(std::string_view book) const;
  // Appends 403 book_not_allowed (source: book) unless the key may use `book`.
  // Call it only for books that exist (an unknown book is 400 unknown_book).
  // Example: if (book) ctx.check_book_access(*book);
  void check_book_access(std::string_view book);

  // links.self: base URL + canonical path + canonical query.
  // Example: "https://api.example.org/api/v2/celebrations?book=loc_2015&limit=50".
  [[nodiscard]] std::string self_link() const;
  // The same link with one query parameter set, e.g. links.next with a cursor.
  // Example: link_with("cursor", encode_cursor(scope, last_key)).
  [[nodiscard]] std::string link_with(std::string_view name, std::string_view value) const;

 private:
  std::string canonical_path() const;

  const Request& request_;
  std::string route_pattern_;
  std::vector<std::pair<std::string, std::string>> path_params_;
  Query query_;
  ErrorList errors_;
  const Grant* grant_;
  std::string base_url_;
  PinnedState pinned_;
  std::optional<FeedBinding> feed_;
};

// A route handler. It must not throw, but if it does the dispatcher answers internal_error.
// Example: Handler h = [](RequestContext& ctx) -> HandlerResult { return Reply{.body = "{}"}; };
using Handler = std::function<HandlerResult(RequestContext&)>;

// Who may call an /api/v2 route. api_key: the X-API-Key header (the default). feed_token: the
// credential is the path parameter `{token}` up to its first '.', so /api/v2/feeds/{token} also
// matches kfeed_abc.ics: calendar apps subscribe to a URL and cannot send headers. open: no
// credential (the OpenAPI document, which API tools fetch before they have a key); readiness and
// parameter checks still apply.
// Example: d.add_route("/api/v2/feeds/{token}", handle_feed, RouteAccess::feed_token);
enum class RouteAccess { api_key, feed_token, open };

// Cross-origin requests from browsers (CORS). An answer to a request whose Origin is allowed
// carries Access-Control-Allow-Origin and exposes ETag, Content-Language, the RateLimit-*
// headers, Retry-After and WWW-Authenticate; a preflight OPTIONS also gets the methods, the
// request headers a client may send (X-API-Key, If-None-Match, Accept-Language) and
// Access-Control-Max-Age. No credentials (cookies) are ever allowed: the key is a header.
// Any other Origin gets no CORS header at all, so the browser refuses the answer.
// Example: {.allowed_origins = {"https://parish.example.org"}, .max_age_seconds = 600}.
struct CorsOptions {
  std::vector<std::string> allowed_origins{"*"};  // "*": any origin; empty: CORS off
  int max_age_seconds = 600;                      // how long a preflight may be cached
};

// Settings of the dispatcher. Example: {.max_age_seconds = 3600, .base_url = "https://..."}.
struct DispatcherOptions {
  int max_age_seconds = 3600;       // Freshness::stable
  int today_max_age_seconds = 300;  // Freshness::today
  int unavailable_retry_after_seconds = 5;
  std::string base_url{};  // prefix of links; "" gives path-only links
  // Per-thread cache of stable answers (response_cache.hpp); 0 disables it.
  std::size_t response_cache_bytes = 8U << 20U;
  // Unix seconds for key expiry checks; tests replace it.
  std::function<std::int64_t()> unix_clock = unix_now;
  CorsOptions cors{};
};

// The collaborators a dispatcher uses; all must outlive it.
// Example: DispatcherServices{auth, limiter, metrics, logger}.
struct DispatcherServices {
  const Authenticator& auth;
  RateLimiter& limiter;
  Metrics& metrics;
  Logger& logger;
};

// Routes requests to handlers through the shared pipeline above; thread-safe once routes are
// registered. Example: see the top of this file.
class Dispatcher {
 public:
  // A dispatcher with no routes, not ready. Example: Dispatcher d(DispatcherOptions{}, services);
  Dispatcher(DispatcherOptions options, DispatcherServices services);

  // Registers a GET route (HEAD and OPTIONS come with it). Patterns are absolute, with
  // `{name}` segments. Register every route before serving. Throws std::invalid_argument on
  // a malformed or duplicate pattern (a programmer error, found at start-up).
  // Example: add_route("/api/v2/celebrations/{id}", handle_celebration);
  // A feed_token route needs a `{token}` segment (else std::invalid_argument).
  void add_route(std::string_view pattern, Handler handler,
                 RouteAccess access = RouteAccess::api_key);

  // /api/v2 requests pin `slot`'s current state (RequestContext::app()); the response cache is
  // keyed on its generation. `slot` must outlive the dispatcher. Call before serving.
  // Example: d.serve_state(slot); ... slot.swap(reloaded);   // later requests see `reloaded`
  void serve_state(const StateSlot& slot) { state_slot_ = &slot; }

  // While not ready, /api/v2 routes answer 503 unavailable with Retry-After (books loading,
  // shutting down). Example: d.set_ready(true) after the library loaded.
  void set_ready(bool ready) { ready_.store(ready, std::memory_order_release); }
  [[nodiscard]] bool ready() const { return ready_.load(std::memory_order_acquire); }

  // The registered patterns, in registration order (the OpenAPI test compares them).
  // Example: patterns()[0] == "/api/v2/days/{date}".
  [[nodiscard]] std::vector<std::string_view> patterns() const {
    std::vector<std::string_view> out;
    for (const Route& r : routes_) out.push_back(r.pattern);
    return out;
  }

  // Answers one request. Never throws. Example: Response r = d.dispatch(req);
  [[nodiscard]] Response dispatch(const Request& request) noexcept;

 private:
  struct Route {
    std::string pattern;
    std::vector<std::string> segments;  // "{name}" marks a parameter
    std::vector<bool> is_parameter;     // per segment, decided once at registration
    Handler handler;
    RouteSlot slot;
    bool api;
    RouteAccess access;
  };
  struct Trace {  // what the access log and metrics need to know
    RouteSlot slot = kUnmatchedRoute;
    std::string key_name;
  };

  Response handle(const Request& request, Trace& trace);
  Response answer(const Request& request, const Route& route, RequestContext& ctx,
                  HandlerResult result, const std::optional<RateLimitHeaders>& rate,
                  std::string cache_key);
  Response from_cache(const Request& request, CachedReply& hit,
                      const std::optional<RateLimitHeaders>& rate) const;
  // Completes a 200 answer from `entry`: identity or gzip body, the matching ETag, 304 on a
  // matching If-None-Match. A `cached` entry is copied from; otherwise its body is moved out.
  // Only `may_compress` answers (those of /api/v2) are ever gzip.
  void represent(const Request& request, CachedReply& entry, bool cached, bool may_compress,
                 Response& r) const;
  // handle() with its exceptions turned into internal_error (one Response, never moved).
  Response handle_safely(const Request& request, Trace& trace) noexcept;
  const Route* match(const PathSegments& segments) const;
  // The `{name}` parameters of `route` in `segments` (a match of it), decoded.
  static std::vector<std::pair<std::string, std::string>> path_params(const Route& route,
                                                                      const PathSegments& segments);
  Response error_response(const std::vector<ApiError>& errors, bool api) const;
  void apply_cors(const Request& request, Response& response) const;
  Response internal_error() const noexcept;

  DispatcherOptions options_;
  DispatcherServices services_;
  std::vector<Route> routes_;
  // Indices into routes_ by segment count, in registration order (match() looks at no other).
  std::array<std::vector<std::size_t>, PathSegments::kMaxViews + 1> routes_by_size_{};
  std::atomic<bool> ready_{false};
  ResponseCache cache_;
  const StateSlot* state_slot_ = nullptr;
};

}  // namespace kalendar::api
