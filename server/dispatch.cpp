#include "dispatch.hpp"

#include "encoding.hpp"
#include "etag.hpp"

#include <algorithm>
#include <stdexcept>

namespace kalendar::api {

namespace {

using SteadyClock = std::chrono::steady_clock;

bool is_parameter(std::string_view segment) {
  return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

std::vector<std::string> split_pattern(std::string_view pattern) {
  std::vector<std::string> out;
  std::size_t start = 1;
  while (start <= pattern.size()) {
    auto slash = pattern.find('/', start);
    if (slash == std::string_view::npos) slash = pattern.size();
    out.emplace_back(pattern.substr(start, slash - start));
    start = slash + 1;
  }
  return out;
}

// Sets the Cache-Control fields of `r` for a successful reply.
void set_cache_control(Response& r, Freshness freshness, std::optional<int> max_age,
                       const DispatcherOptions& options) {
  if (max_age) {
    r.max_age_seconds = max_age;
  } else if (freshness == Freshness::no_store) {
    r.no_store = true;
  } else {
    r.max_age_seconds =
        freshness == Freshness::today ? options.today_max_age_seconds : options.max_age_seconds;
  }
}

// Vary of successful /api/v2 answers: the key decides which books are visible, the language the
// names, and Accept-Encoding whether the body is gzip (errors are never compressed).
constexpr std::string_view kAnswerVary = "X-API-Key, Accept-Language, Accept-Encoding";

// How a client authenticates, for the WWW-Authenticate header of a 401 (RFC 9110 §11.6.1):
// an API key in the X-API-Key header, or the feed token in the URL.
constexpr std::string_view kKeyChallenge = R"(APIKey realm="kalendar", header="X-API-Key")";
constexpr std::string_view kFeedChallenge = R"(FeedToken realm="kalendar feeds")";

// The feed token of a feed_token route: the `token` path parameter up to its first '.'
// (tokens are base64url, which has no '.'), so both .../kfeed_x and .../kfeed_x.ics name it.
std::string_view feed_token(const std::vector<std::pair<std::string, std::string>>& params) {
  for (const auto& [name, value] : params) {
    if (name == "token") return std::string_view(value).substr(0, value.find('.'));
  }
  return {};
}

// The request's identity in the response cache (ResponseCache::key_of), built in a buffer the
// thread keeps: a cache hit then allocates nothing for its key.
std::string& cache_key_buffer() {
  thread_local std::string buffer;
  return buffer;
}

ApiError feed_auth_error(AuthStatus status) {
  if (status == AuthStatus::expired) {
    return {ErrorCode::expired_api_key, "the API key of this feed has expired", ""};
  }
  return {ErrorCode::invalid_api_key,
          "this feed token is not valid (it may have been revoked); ask for a new feed URL", ""};
}

ApiError auth_error(AuthStatus status) {
  switch (status) {
    case AuthStatus::missing:
      return {ErrorCode::missing_api_key, "send your API key in the X-API-Key header", ""};
    case AuthStatus::expired:
      return {ErrorCode::expired_api_key, "this API key has expired", ""};
    case AuthStatus::invalid:
    case AuthStatus::inactive:
    case AuthStatus::ok:
      break;
  }
  return {ErrorCode::invalid_api_key, "the API key is not valid", ""};
}

}  // namespace

// ---- RequestContext -------------------------------------------------------------------------

RequestContext::RequestContext(const Request& request, std::string_view route_pattern,
                               std::vector<std::pair<std::string, std::string>> path_params,
                               Query query, ErrorList seeded_errors, const Grant* grant,
                               std::string_view base_url)
    : request_(request),
      route_pattern_(route_pattern),
      path_params_(std::move(path_params)),
      query_(std::move(query)),
      errors_(std::move(seeded_errors)),
      grant_(grant),
      base_url_(base_url) {}

std::string_view RequestContext::path_param(std::string_view name) const {
  for (const auto& [n, v] : path_params_) {
    if (n == name) return v;
  }
  return {};
}

bool RequestContext::book_allowed(std::string_view book) const {
  return grant_ == nullptr || grant_->allows_book(book);
}

void RequestContext::check_book_access(std::string_view book) {
  if (book_allowed(book)) return;
  errors_.add({ErrorCode::book_not_allowed,
               "this API key may not use the prayer book '" + quote_for_detail(book) + "'",
               "book"});
}

std::string RequestContext::canonical_path() const {
  // Rebuilt from the decoded segments, so links are canonical whatever the client sent.
  std::string path;
  const auto pattern = split_pattern(route_pattern_);
  for (const auto& segment : pattern) {
    path += '/';
    if (is_parameter(segment)) {
      path += percent_encode(path_param(std::string_view(segment).substr(1, segment.size() - 2)));
    } else {
      path += segment;
    }
  }
  return path;
}

std::string RequestContext::self_link() const {
  const std::string query = query_.encode();
  return base_url_ + canonical_path() + (query.empty() ? "" : "?" + query);
}

std::string RequestContext::link_with(std::string_view name, std::string_view value) const {
  return base_url_ + canonical_path() + "?" + query_.encode_with(name, value);
}

// ---- Dispatcher -----------------------------------------------------------------------------

Dispatcher::Dispatcher(DispatcherOptions options, DispatcherServices services)
    : options_(std::move(options)), services_(services), cache_(options_.response_cache_bytes) {}

void Dispatcher::add_route(std::string_view pattern, Handler handler, RouteAccess access) {
  if (access == RouteAccess::feed_token && pattern.find("/{token}") == std::string_view::npos) {
    throw std::invalid_argument("a feed route needs a {token} segment: " + std::string(pattern));
  }
  if (pattern.size() < 2 || pattern.front() != '/' || pattern.back() == '/' ||
      pattern.find("//") != std::string_view::npos) {
    throw std::invalid_argument("malformed route pattern: " + std::string(pattern));
  }
  auto segments = split_pattern(pattern);
  for (const auto& r : routes_) {
    bool same_shape = r.segments.size() == segments.size();
    for (std::size_t i = 0; same_shape && i < segments.size(); ++i) {
      same_shape = is_parameter(r.segments[i]) == is_parameter(segments[i]) &&
                   (is_parameter(segments[i]) || r.segments[i] == segments[i]);
    }
    if (same_shape) throw std::invalid_argument("duplicate route: " + std::string(pattern));
  }
  if (segments.size() > PathSegments::kMaxViews) {
    throw std::invalid_argument("a route has at most 16 segments: " + std::string(pattern));
  }
  const bool api = pattern.substr(0, kApiPrefix.size()) == kApiPrefix;
  const RouteSlot slot = services_.metrics.add_route(std::string(pattern));
  std::vector<bool> parameters;
  for (const auto& segment : segments) parameters.push_back(is_parameter(segment));
  routes_by_size_[segments.size()].push_back(routes_.size());
  routes_.push_back({std::string(pattern), std::move(segments), std::move(parameters),
                     std::move(handler), slot, api, access});
}

const Dispatcher::Route* Dispatcher::match(const PathSegments& segments) const {
  if (segments.size() >= routes_by_size_.size()) return nullptr;
  const Route* best = nullptr;
  for (const std::size_t index : routes_by_size_[segments.size()]) {
    const Route& r = routes_[index];
    // From the last segment: routes share their leading "api", "v2", and differ at the end.
    bool ok = true;
    for (std::size_t i = segments.size(); ok && i-- > 0;) {
      ok = r.is_parameter[i] || std::string_view(r.segments[i]) == segments[i];
    }
    if (!ok) continue;
    if (best == nullptr) {
      best = &r;
      continue;
    }
    // Prefer the route whose first differing segment is static.
    for (std::size_t i = 0; i < segments.size(); ++i) {
      const bool mine = !r.is_parameter[i];
      const bool theirs = !best->is_parameter[i];
      if (mine != theirs) {
        if (mine) best = &r;
        break;
      }
    }
  }
  return best;
}

std::vector<std::pair<std::string, std::string>> Dispatcher::path_params(
    const Route& route, const PathSegments& segments) {
  std::vector<std::pair<std::string, std::string>> params;
  for (std::size_t i = 0; i < route.segments.size(); ++i) {
    const std::string& s = route.segments[i];
    if (route.is_parameter[i]) params.emplace_back(s.substr(1, s.size() - 2), segments[i]);
  }
  return params;
}

Response Dispatcher::error_response(const std::vector<ApiError>& errors, bool api) const {
  Response r;
  r.status = response_status(errors);
  r.body = write_error_document(errors);
  r.content_type = std::string(kJsonContentType);
  r.no_store = true;
  if (api) r.vary = "X-API-Key, Accept-Language";
  for (const auto& e : errors) {
    if (e.code == ErrorCode::unavailable) r.retry_after = options_.unavailable_retry_after_seconds;
  }
  return r;
}

Response Dispatcher::internal_error() const noexcept {
  Response r;
  try {
    r = error_response({{ErrorCode::internal_error, "", ""}}, false);
  } catch (...) {
    r = Response{};  // out of memory: a bare 500 is all that is left
    r.status = 500;
  }
  return r;
}

Response Dispatcher::handle_safely(const Request& request, Trace& trace) noexcept {
  try {
    return handle(request, trace);
  } catch (const std::exception& e) {
    services_.logger.error("unhandled_exception", e.what());
  } catch (...) {
    services_.logger.error("unhandled_exception", "an exception not derived from std::exception");
  }
  return internal_error();
}

Response Dispatcher::dispatch(const Request& request) noexcept {
  const auto started = SteadyClock::now();
  Trace trace;
  Response response = handle_safely(request, trace);
  // HEAD never carries a body, errors included: a keep-alive client would read the bytes as
  // the start of its next response. It announces the length the GET would have.
  if (request.method == Method::head) {
    response.head_content_length = response.body.size();
    response.body.clear();
  }
  try {
    apply_cors(request, response);
  } catch (...) {
    response.cors_headers.clear();  // out of memory: the answer stays, without CORS
  }
  try {
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() - started);
    services_.metrics.record(trace.slot, response.status, elapsed);
    services_.logger.access({request.method_token, request.raw_path, request.raw_query,
                             response.status, response.body.size(), elapsed.count(),
                             trace.key_name});
  } catch (...) {
    // Accounting must never turn an answer into a failure.
  }
  return response;
}

Response Dispatcher::handle(const Request& request, Trace& trace) {
  PathSegments segments;
  if (segments.parse(request.raw_path)) {
    return error_response(
        {{ErrorCode::invalid_parameter, "the path contains a malformed percent escape", ""}},
        false);
  }
  const Route* route = match(segments);
  if (route == nullptr) {
    return error_response({{ErrorCode::not_found, "there is no resource at this path", ""}}, false);
  }
  trace.slot = route->slot;

  if (request.method == Method::options) {
    Response r;
    r.status = 204;
    r.allow = std::string(kAllowedMethods);
    return r;
  }
  if (request.method != Method::get && request.method != Method::head) {
    Response r = error_response(
        {{ErrorCode::method_not_allowed, "this resource answers GET, HEAD and OPTIONS only", ""}},
        route->api);
    r.allow = std::string(kAllowedMethods);
    return r;
  }

  std::shared_ptr<const Grant> grant;
  std::optional<FeedBinding> feed;
  std::optional<RateLimitHeaders> rate;
  if (route->api) {
    if (!ready()) {
      return error_response(
          {{ErrorCode::unavailable, "the service is starting or stopping; try again shortly", ""}},
          true);
    }
  }
  // Built only when needed: a cached answer of a route without a feed token never reads them.
  std::optional<std::vector<std::pair<std::string, std::string>>> params;
  if (route->access == RouteAccess::feed_token) params = path_params(*route, segments);
  if (route->api && route->access != RouteAccess::open) {
    const bool by_feed = route->access == RouteAccess::feed_token;
    AuthOutcome outcome =
        by_feed ? services_.auth.authenticate_feed(feed_token(*params), options_.unix_clock())
                : services_.auth.authenticate(request.header("X-API-Key"), options_.unix_clock());
    if (outcome.status != AuthStatus::ok) {
      Response r = error_response(
          {by_feed ? feed_auth_error(outcome.status) : auth_error(outcome.status)}, true);
      r.www_authenticate = std::string(by_feed ? kFeedChallenge : kKeyChallenge);
      return r;
    }
    grant = std::move(outcome.grant);
    feed = std::move(outcome.feed);
    trace.key_name = grant->key_name;
    const RateDecision d =
        services_.limiter.take(grant->key_id, grant->rate_per_minute, SteadyClock::now());
    if (d.limit > 0) rate = RateLimitHeaders{d.limit, d.remaining, d.reset_seconds};
    if (!d.allowed) {
      Response r = error_response(
          {{ErrorCode::rate_limited,
            "this API key allows " + std::to_string(d.limit) + " requests per minute", ""}},
          true);
      r.retry_after = d.retry_after_seconds;
      r.rate_limit = rate;
      return r;
    }
  }

  // Pinned before the cache is consulted, so the cache key and the handler see one state.
  PinnedState pinned;
  if (route->api && state_slot_ != nullptr) pinned = state_slot_->pin();
  std::string cache_key;
  if (route->api && cache_.enabled() && grant != nullptr) {
    std::string& key = cache_key_buffer();
    ResponseCache::key_of(pinned.generation, grant->key_id, request, key);
    if (CachedReply* hit = cache_.find(key)) return from_cache(request, *hit, rate);
    cache_key = key;
  }
  ErrorList query_errors;
  Query query = parse_query(request.raw_query, query_errors);
  if (request.raw_query.size() > kMaxQueryBytes) {
    Response r = error_response(query_errors.items(), route->api);
    r.rate_limit = rate;
    return r;
  }
  if (!params) params = path_params(*route, segments);
  RequestContext ctx(request, route->pattern, std::move(*params), std::move(query),
                     std::move(query_errors), grant.get(), options_.base_url);
  ctx.pin(std::move(pinned));
  ctx.set_feed(std::move(feed));
  HandlerResult result = route->handler(ctx);
  // Expensive answers weigh more against the key's rate: one more token per full
  // kBytesPerRateToken of body or kWorkUnitsPerRateToken of work, whichever is more (answers
  // served from the cache cost one token).
  if (grant != nullptr && grant->rate_per_minute > 0) {
    if (const auto* reply = std::get_if<Reply>(&result)) {
      const std::size_t extra = std::max(reply->body.size() / kBytesPerRateToken,
                                         reply->work_units / kWorkUnitsPerRateToken);
      if (extra > 0) {
        services_.limiter.charge(grant->key_id, grant->rate_per_minute, static_cast<double>(extra),
                                 SteadyClock::now());
      }
    }
  }
  return answer(request, *route, ctx, std::move(result), rate, std::move(cache_key));
}

Response Dispatcher::from_cache(const Request& request, CachedReply& hit,
                                const std::optional<RateLimitHeaders>& rate) const {
  Response r;
  r.content_type = hit.content_type;
  r.content_language = hit.content_language;
  set_cache_control(r, Freshness::stable, std::nullopt, options_);
  r.vary = std::string(kAnswerVary);
  r.rate_limit = rate;
  represent(request, hit, true, true, r);
  return r;
}

void Dispatcher::represent(const Request& request, CachedReply& entry, bool cached,
                           bool may_compress, Response& r) const {
  // gzip when the client takes it and the body is worth it; the compressed body and its tag
  // are kept in the entry, so a cached answer is compressed once. Only /api/v2 answers, which
  // carry Vary: Accept-Encoding, are compressed (not /health or /metrics).
  bool gzip = false;
  if (may_compress && entry.body.size() >= kMinGzipBytes) {
    const auto accept = request.header("Accept-Encoding");
    if (accept && accepts_gzip(*accept)) {
      if (entry.gzip_body.empty()) {
        if (auto compressed = gzip_compress(entry.body)) {
          entry.gzip_body = std::move(*compressed);
          entry.gzip_etag = encoded_etag(entry.etag, "gzip");
          if (cached) cache_.grew(entry.gzip_body.size() + entry.gzip_etag.size());
        }
      }
      gzip = !entry.gzip_body.empty();
    }
  }
  r.etag = gzip ? entry.gzip_etag : entry.etag;
  if (gzip) r.content_encoding = "gzip";
  const auto if_none_match = request.header("If-None-Match");
  if (if_none_match && if_none_match_matches(*if_none_match, r.etag)) {
    r.status = 304;
    r.content_type.clear();
    r.content_encoding.clear();
    return;  // no body
  }
  // dispatch() drops the body for HEAD, keeping its length (of this encoding).
  std::string& body = gzip ? entry.gzip_body : entry.body;
  r.body = cached ? body : std::move(body);
}

Response Dispatcher::answer(const Request& request, const Route& route, RequestContext& ctx,
                            HandlerResult result, const std::optional<RateLimitHeaders>& rate,
                            std::string cache_key) {
  // Problems reported through ctx.errors() and those returned are answered together; a
  // handler that returns ctx.errors() itself is not reported twice.
  ErrorList errors = ctx.errors();
  if (auto* returned = std::get_if<ErrorList>(&result)) {
    for (const auto& e : returned->items()) errors.add_unique(e);
    if (errors.empty()) errors.add({ErrorCode::internal_error, "", ""});  // empty list: a bug
  }
  if (!errors.empty()) {
    Response r = error_response(errors.items(), route.api);
    r.rate_limit = rate;
    return r;
  }

  Reply& reply = std::get<Reply>(result);
  Response r;
  r.status = reply.status;
  r.content_type = std::move(reply.content_type);
  r.content_language = std::move(reply.content_language);
  set_cache_control(r, reply.freshness, reply.max_age_seconds, options_);
  if (route.api) r.vary = "X-API-Key, Accept-Language";
  r.rate_limit = rate;
  if (r.status == 200) {
    CachedReply entry{std::move(reply.body), "", r.content_type, r.content_language};
    entry.etag = make_etag(entry.body);
    CachedReply* stored = nullptr;
    if (!cache_key.empty() && reply.freshness == Freshness::stable && !reply.max_age_seconds) {
      stored = cache_.store(std::move(cache_key), std::move(entry));
    }
    if (route.api) r.vary = std::string(kAnswerVary);
    if (stored != nullptr) {
      represent(request, *stored, true, route.api, r);
    } else {
      represent(request, entry, false, route.api, r);
    }
    return r;
  }
  r.body = std::move(reply.body);  // dispatch() drops it for HEAD, keeping its length
  return r;
}

void Dispatcher::apply_cors(const Request& request, Response& response) const {
  const auto origin = request.header("Origin");
  const auto& allowed = options_.cors.allowed_origins;
  if (!origin || allowed.empty()) return;
  const bool any = std::find(allowed.begin(), allowed.end(), "*") != allowed.end();
  if (!any) {
    // The answer depends on Origin: shared caches must keep one copy per origin.
    response.vary = response.vary.empty() ? "Origin" : response.vary + ", Origin";
    if (std::find(allowed.begin(), allowed.end(), *origin) == allowed.end()) return;
  }
  auto& h = response.cors_headers;
  h.push_back({"Access-Control-Allow-Origin", any ? "*" : std::string(*origin)});
  const bool preflight = request.method == Method::options && response.status == 204 &&
                         request.header("Access-Control-Request-Method").has_value();
  if (preflight) {
    h.push_back({"Access-Control-Allow-Methods", std::string(kAllowedMethods)});
    h.push_back({"Access-Control-Allow-Headers", "X-API-Key, If-None-Match, Accept-Language"});
    h.push_back({"Access-Control-Max-Age", std::to_string(options_.cors.max_age_seconds)});
  } else {
    h.push_back({"Access-Control-Expose-Headers",
                 "ETag, Content-Language, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, "
                 "Retry-After, WWW-Authenticate"});
  }
}

}  // namespace kalendar::api
