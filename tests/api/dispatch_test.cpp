// The Dispatcher without sockets: routing, methods, auth, rate limits, parameters, caching,
// HEAD, 304 and the catch-all (dispatch.hpp, ops_routes.hpp).
#include "dispatch.hpp"

#include "json/envelope.hpp"
#include "json_probe.hpp"
#include "ops_routes.hpp"
#include "params.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace kalendar::api {
namespace {

using testing::error_codes;
using testing::error_parameters;
using testing::is_json;

constexpr std::int64_t kNow = 1'750'000'000;

FieldCatalog catalog() {
  FieldCatalog c;
  c.add_type("day", {"date", "season", "color"});
  c.add_type("reading", {"slot", "reference"});
  return c;
}

// A placeholder of GET /api/v2/days/{date}: the shape a real handler takes, no calendar.
HandlerResult days_handler(RequestContext& ctx) {
  static const FieldCatalog kCatalog = catalog();
  ParamReader p(ctx.query(), ctx.errors());
  const auto date = p.path_date("date", ctx.path_param("date"));
  const auto book = p.required_string("book");
  const auto service = p.service(false);
  const auto fields = p.fields(kCatalog, {"day", "reading"});
  p.context_params();
  p.reject_unknown();
  if (book && *book != "loc_2015" && *book != "bcp_1979") {
    ctx.errors().add({ErrorCode::unknown_book, "no prayer book '" + *book + "'", "book"});
  } else if (book) {
    ctx.check_book_access(*book);
  }
  if (!ctx.errors().empty()) return ctx.errors();

  Meta meta;
  meta.code = *book;
  meta.service = *service;
  Reply reply;
  reply.body = single_document(&fields, meta, [&](JsonWriter& w) {
    w.begin_resource("day");
    w.key("id");
    w.string(date->today ? "today" : format_iso_date(date->date));
    if (w.field("date")) w.string(date->today ? "today" : format_iso_date(date->date));
    if (w.field("season")) w.string("after_pentecost");
    if (w.field("color")) w.string("white");
    w.end_resource();
  });
  reply.freshness = date->today ? Freshness::today : Freshness::stable;
  reply.content_language = "pt-BR";
  return reply;
}

HandlerResult text_reply(std::string body) {
  Reply r;
  r.body = std::move(body);
  return r;
}

class DispatchTest : public ::testing::Test {
 protected:
  DispatchTest() {
    add_key(1, "all-books", keys_.all, std::nullopt, true, std::nullopt);
    add_key(2, "loc-only", keys_.loc_only, std::vector<std::string>{"loc_2015"}, true,
            std::nullopt);
    add_key(3, "slow", keys_.slow, std::nullopt, true, std::nullopt, 2);
    add_key(4, "expired", keys_.expired, std::nullopt, true, kNow);
    add_key(5, "revoked", keys_.revoked, std::nullopt, false, std::nullopt);
    add_feed(records_[0], 11, feeds_.live, true, "loc_2015", "en");
    add_feed(records_[0], 12, feeds_.revoked, false, "loc_2015", "");
    add_feed(records_[4], 13, feeds_.of_revoked_key, true, "loc_2015", "");
    EXPECT_TRUE(auth_.refresh());

    dispatcher_.add_route("/api/v2/days/{date}", days_handler);
    dispatcher_.add_route(
        "/api/v2/feeds/{token}",
        [](RequestContext& ctx) -> HandlerResult {
          return text_reply(ctx.feed()->book + "/" + ctx.feed()->lang + "/" +
                            std::string(ctx.path_param("token")).substr(0, 6));
        },
        RouteAccess::feed_token);
    dispatcher_.add_route("/api/v2/celebrations/{id}", [](RequestContext& ctx) -> HandlerResult {
      ParamReader p(ctx.query(), ctx.errors());
      const auto id = p.path_id("id", ctx.path_param("id"));
      p.reject_unknown();
      if (!ctx.errors().empty()) return ctx.errors();
      return text_reply(R"({"data":{"id":)" + std::to_string(*id) + "}}");
    });
    dispatcher_.add_route("/api/v2/celebrations/types", [](RequestContext&) -> HandlerResult {
      return text_reply(R"({"data":[]})");
    });
    dispatcher_.add_route("/api/v2/boom", [](RequestContext&) -> HandlerResult {
      throw std::runtime_error("secret internal detail in /etc/kalendar");
    });
    dispatcher_.add_route("/api/v2/boom-int", [](RequestContext&) -> HandlerResult { throw 42; });
    dispatcher_.add_route("/api/v2/empty-errors",
                          [](RequestContext&) -> HandlerResult { return ErrorList{}; });
    // A small answer that took `units` of engine work (Reply::work_units).
    dispatcher_.add_route("/api/v2/work/{units}", [](RequestContext& ctx) -> HandlerResult {
      Reply r;
      r.body = R"({"data":{}})";
      r.work_units = std::stoul(std::string(ctx.path_param("units")));
      return r;
    });
    dispatcher_.add_route("/api/v2/links/{name}", [](RequestContext& ctx) -> HandlerResult {
      ParamReader(ctx.query(), ctx.errors()).allow({"book", "cursor", "q"});
      return text_reply(R"({"self":")" + ctx.self_link() + R"(","next":")" +
                        ctx.link_with("cursor", "abc") + "\"}");
    });
    add_ops_routes(dispatcher_, metrics_, auth_);
    dispatcher_.set_ready(true);
  }

  void add_key(std::int64_t id, std::string name, std::string& secret,
               std::optional<std::vector<std::string>> books, bool active,
               std::optional<std::int64_t> expires_at, std::optional<int> rate = {}) {
    const auto issued = generate_api_key();
    secret = issued->secret;
    KeyRecord r;
    r.id = id;
    r.name = std::move(name);
    r.digest = issued->digest;
    r.books = std::move(books);
    r.active = active;
    r.expires_at = expires_at;
    r.rate_per_minute = rate;
    records_.push_back(r);
  }

  static void add_feed(KeyRecord& key, std::int64_t id, std::string& secret, bool active,
                       std::string book, std::string lang) {
    const auto issued = generate_feed_token();
    secret = issued->secret;
    key.feeds.push_back({.id = id,
                         .key_id = key.id,
                         .digest = issued->digest,
                         .book = std::move(book),
                         .lang = std::move(lang),
                         .active = active});
  }

  Response send(Method method, std::string_view target, std::vector<HeaderField> headers = {}) {
    return dispatcher_.dispatch(make_request(method, target, std::move(headers)));
  }
  Response get(std::string_view target, std::vector<HeaderField> extra = {}) {
    extra.push_back({"X-API-Key", keys_.all});
    return send(Method::get, target, std::move(extra));
  }

  struct Keys {
    std::string all, loc_only, slow, expired, revoked;
  } keys_;
  struct Feeds {
    std::string live, revoked, of_revoked_key;
  } feeds_;
  std::vector<KeyRecord> records_;
  std::vector<std::string> log_lines_;
  Logger logger_{[this](std::string_view line) { log_lines_.emplace_back(line); }};
  Metrics metrics_;
  RateLimiter limiter_;
  Authenticator auth_{[this]() -> Result<std::vector<KeyRecord>> { return records_; },
                      AuthOptions{}};
  Dispatcher dispatcher_{[] {
                           DispatcherOptions o;
                           o.unix_clock = [] { return kNow; };
                           o.base_url = "https://api.example.org";
                           return o;
                         }(),
                         DispatcherServices{auth_, limiter_, metrics_, logger_}};
};

TEST_F(DispatchTest, SuccessCarriesCachingHeaders) {
  const Response r = get("/api/v2/days/2025-06-24?book=loc_2015&service=eucharist");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "application/json");
  EXPECT_EQ(r.body, R"({"data":{"id":"2025-06-24","date":"2025-06-24","season":"after_pentecost",)"
                    R"("color":"white"},"meta":{"code":"loc_2015","service":"eucharist"}})");
  EXPECT_EQ(r.etag.size(), 34U);
  EXPECT_EQ(cache_control_value(r), "private, max-age=3600");
  EXPECT_EQ(r.vary, "X-API-Key, Accept-Language, Accept-Encoding");
  EXPECT_EQ(r.content_language, "pt-BR");
  EXPECT_TRUE(r.allow.empty());
  ASSERT_TRUE(r.rate_limit);  // keys without their own rate get the default, 600 per minute
  EXPECT_EQ(r.rate_limit->limit, 600);
  EXPECT_EQ(r.rate_limit->remaining, 599);
}

TEST_F(DispatchTest, TodayIsCachedShorter) {
  EXPECT_EQ(cache_control_value(get("/api/v2/days/today?book=loc_2015")), "private, max-age=300");
}

TEST_F(DispatchTest, UnknownPathIsJson404WithoutAKey) {
  for (std::string_view target : {"/nope", "/api/v2/nope", "/api/v2/days", "/api/v3/days/x", "/"}) {
    SCOPED_TRACE(std::string(target));
    const Response r = send(Method::get, target);
    EXPECT_EQ(r.status, 404);
    EXPECT_EQ(r.content_type, "application/json");
    EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"not_found"});
  }
}

TEST_F(DispatchTest, OtherMethodsAre405WithAllow) {
  for (Method m : {Method::post, Method::put, Method::patch, Method::delete_, Method::other}) {
    SCOPED_TRACE(std::string(method_name(m)));
    const Response r = send(m, "/api/v2/days/today");
    EXPECT_EQ(r.status, 405);
    EXPECT_EQ(r.allow, "GET, HEAD, OPTIONS");
    EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"method_not_allowed"});
  }
}

TEST_F(DispatchTest, OptionsIs204WithAllowAndNoKey) {
  const Response r = send(Method::options, "/api/v2/days/today");
  EXPECT_EQ(r.status, 204);
  EXPECT_EQ(r.allow, "GET, HEAD, OPTIONS");
  EXPECT_TRUE(r.body.empty());
}

TEST_F(DispatchTest, UnauthorisedAnswersSayHowToAuthenticate) {
  const Response r = send(Method::get, "/api/v2/days/today?book=loc_2015");
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(r.www_authenticate, R"(APIKey realm="kalendar", header="X-API-Key")");
  const Response bad = send(Method::get, "/api/v2/days/today?book=loc_2015", {{"X-API-Key", "x"}});
  EXPECT_EQ(bad.status, 401);
  EXPECT_EQ(bad.www_authenticate, R"(APIKey realm="kalendar", header="X-API-Key")");
  EXPECT_TRUE(get("/api/v2/days/today?book=loc_2015").www_authenticate.empty());
}

TEST_F(DispatchTest, FeedRoutesTakeTheTokenFromThePathAndNoHeader) {
  const Response ok = send(Method::get, "/api/v2/feeds/" + feeds_.live + ".ics");
  EXPECT_EQ(ok.status, 200) << ok.body;
  EXPECT_EQ(ok.body, "loc_2015/en/kfeed_");  // the token's binding reaches the handler
  ASSERT_TRUE(ok.rate_limit);                // the key's rate applies
  // Without the extension too: the token is the segment up to its first '.'.
  EXPECT_EQ(send(Method::get, "/api/v2/feeds/" + feeds_.live).status, 200);

  for (const std::string& token :
       {feeds_.revoked, feeds_.of_revoked_key, std::string("kfeed_nonsense"), keys_.all}) {
    SCOPED_TRACE(token);
    // A valid X-API-Key does not open a feed: only the feed's own token does.
    const Response r =
        send(Method::get, "/api/v2/feeds/" + token + ".ics", {{"X-API-Key", keys_.all}});
    EXPECT_EQ(r.status, 401);
    EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"invalid_api_key"});
    EXPECT_EQ(r.www_authenticate, R"(FeedToken realm="kalendar feeds")");
  }
  EXPECT_THROW(dispatcher_.add_route(
                   "/api/v2/feeds/{id}", [](RequestContext&) { return text_reply("{}"); },
                   RouteAccess::feed_token),
               std::invalid_argument);
}

TEST(DispatchCors, OnlyAllowedOriginsGetCorsHeadersAndPreflightsAreAnswered) {
  std::vector<KeyRecord> records;
  const auto key = generate_api_key();
  records.push_back({.id = 1, .name = "site", .digest = key->digest});
  Logger logger{[](std::string_view) {}};
  Metrics metrics;
  RateLimiter limiter;
  Authenticator auth([&records]() -> Result<std::vector<KeyRecord>> { return records; },
                     AuthOptions{});
  ASSERT_TRUE(auth.refresh());
  DispatcherOptions options;
  options.cors.allowed_origins = {"https://parish.example.org"};
  options.cors.max_age_seconds = 900;
  Dispatcher d(options, DispatcherServices{auth, limiter, metrics, logger});
  d.add_route("/api/v2/x", [](RequestContext&) -> HandlerResult { return text_reply("{}"); });
  d.set_ready(true);
  const auto header = [](const Response& r, std::string_view name) -> std::string {
    for (const auto& h : r.cors_headers) {
      if (h.name == name) return h.value;
    }
    return "<absent>";
  };

  const Response preflight =
      d.dispatch(make_request(Method::options, "/api/v2/x",
                              {{"Origin", "https://parish.example.org"},
                               {"Access-Control-Request-Method", "GET"},
                               {"Access-Control-Request-Headers", "x-api-key, if-none-match"}}));
  EXPECT_EQ(preflight.status, 204);
  EXPECT_EQ(header(preflight, "Access-Control-Allow-Origin"), "https://parish.example.org");
  EXPECT_EQ(header(preflight, "Access-Control-Allow-Methods"), "GET, HEAD, OPTIONS");
  EXPECT_EQ(header(preflight, "Access-Control-Allow-Headers"),
            "X-API-Key, If-None-Match, Accept-Language");
  EXPECT_EQ(header(preflight, "Access-Control-Max-Age"), "900");
  EXPECT_EQ(header(preflight, "Access-Control-Allow-Credentials"), "<absent>");
  EXPECT_EQ(preflight.vary, "Origin");

  const Response got = d.dispatch(
      make_request(Method::get, "/api/v2/x",
                   {{"Origin", "https://parish.example.org"}, {"X-API-Key", key->secret}}));
  EXPECT_EQ(got.status, 200);
  EXPECT_EQ(header(got, "Access-Control-Allow-Origin"), "https://parish.example.org");
  EXPECT_NE(header(got, "Access-Control-Expose-Headers").find("ETag"), std::string::npos);
  EXPECT_NE(header(got, "Access-Control-Expose-Headers").find("RateLimit-Remaining"),
            std::string::npos);
  EXPECT_EQ(got.vary, "X-API-Key, Accept-Language, Accept-Encoding, Origin");

  // Another origin: no CORS header at all (the browser then refuses the answer).
  for (const Method m : {Method::options, Method::get}) {
    const Response other = d.dispatch(make_request(m, "/api/v2/x",
                                                   {{"Origin", "https://elsewhere.example.com"},
                                                    {"Access-Control-Request-Method", "GET"},
                                                    {"X-API-Key", key->secret}}));
    EXPECT_TRUE(other.cors_headers.empty());
    EXPECT_NE(other.vary.find("Origin"), std::string::npos);
  }
  // No Origin (not a browser's cross-origin call): nothing changes.
  const Response plain =
      d.dispatch(make_request(Method::get, "/api/v2/x", {{"X-API-Key", key->secret}}));
  EXPECT_TRUE(plain.cors_headers.empty());
  EXPECT_EQ(plain.vary, "X-API-Key, Accept-Language, Accept-Encoding");
}

TEST_F(DispatchTest, Authentication) {
  const struct {
    std::optional<std::string> key;
    int status;
    std::string code;
  } kCases[] = {
      {std::nullopt, 401, "missing_api_key"},  {"", 401, "missing_api_key"},
      {"kal_nope", 401, "invalid_api_key"},    {keys_.expired, 401, "expired_api_key"},
      {keys_.revoked, 401, "invalid_api_key"},  // revoked looks like never issued
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.code);
    std::vector<HeaderField> headers;
    if (c.key) headers.push_back({"x-api-key", *c.key});  // header names are case-insensitive
    const Response r = send(Method::get, "/api/v2/days/today?book=loc_2015", headers);
    EXPECT_EQ(r.status, c.status);
    EXPECT_EQ(error_codes(r.body), std::vector<std::string>{c.code});
    EXPECT_EQ(cache_control_value(r), "no-store");
    EXPECT_EQ(r.vary, "X-API-Key, Accept-Language");
  }
  // Operations routes need no key.
  EXPECT_EQ(send(Method::get, "/health").status, 200);
  EXPECT_EQ(send(Method::get, "/ready").status, 200);
  EXPECT_EQ(send(Method::get, "/metrics").status, 200);
}

TEST_F(DispatchTest, BookNotAllowedForTheKey) {
  const std::vector<HeaderField> loc_only = {{"X-API-Key", keys_.loc_only}};
  EXPECT_EQ(send(Method::get, "/api/v2/days/today?book=loc_2015", loc_only).status, 200);
  const Response r = send(Method::get, "/api/v2/days/today?book=bcp_1979", loc_only);
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"book_not_allowed"});
  EXPECT_EQ(error_parameters(r.body), std::vector<std::string>{"book"});
  // An unknown book is 400 unknown_book whatever the key.
  EXPECT_EQ(error_codes(send(Method::get, "/api/v2/days/today?book=xx", loc_only).body),
            std::vector<std::string>{"unknown_book"});
}

TEST_F(DispatchTest, AllProblemsOfARequestTogether) {
  const Response r =
      get("/api/v2/days/2025-02-30?book%5B%5D=x&service=bogus&fields[day]=nope&servce=x&q=%ZZ");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_parameters(r.body),
            (std::vector<std::string>{"book[]", "q", "date", "book", "service", "fields[day]",
                                      "servce"}));
  EXPECT_EQ(error_codes(r.body)[3], "missing_parameter");
  EXPECT_EQ(cache_control_value(r), "no-store");
  EXPECT_TRUE(r.etag.empty());
}

TEST_F(DispatchTest, QueryLongerThan4KiBIsRefused) {
  const Response r = get("/api/v2/days/today?book=loc_2015&q=" + std::string(5000, 'a'));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"invalid_parameter"});
}

TEST_F(DispatchTest, MalformedPathEscapeIs400) {
  const Response r = get("/api/v2/days/2025%2G06?book=loc_2015");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"invalid_parameter"});
}

TEST_F(DispatchTest, RoutingDetails) {
  // Static segments beat parameters.
  EXPECT_EQ(get("/api/v2/celebrations/types").body, R"({"data":[]})");
  EXPECT_EQ(get("/api/v2/celebrations/104").body, R"({"data":{"id":104}})");
  EXPECT_EQ(get("/api/v2/celebrations/x").status, 400);
  // Encoded path segments are decoded; double and trailing slashes are ignored.
  EXPECT_EQ(get("/api/v2/days/2025%2D06%2D24?book=loc_2015").status, 200);
  EXPECT_EQ(get("//api/v2//days/2025-06-24/?book=loc_2015").status, 200);
  // Percent-encoded query names.
  const Response fields = get("/api/v2/days/2025-06-24?book=loc_2015&fields%5Bday%5D=color");
  EXPECT_EQ(fields.body, R"({"data":{"id":"2025-06-24","color":"white"},)"
                         R"("meta":{"code":"loc_2015","service":"daily"}})");
}

TEST_F(DispatchTest, IfNoneMatchGives304WithoutBody) {
  const Response first = get("/api/v2/days/2025-06-24?book=loc_2015");
  ASSERT_EQ(first.status, 200);
  for (const std::string& header :
       {first.etag, "W/" + first.etag, "\"zzz\", " + first.etag, std::string("*")}) {
    SCOPED_TRACE(header);
    const Response r = get("/api/v2/days/2025-06-24?book=loc_2015", {{"If-None-Match", header}});
    EXPECT_EQ(r.status, 304);
    EXPECT_TRUE(r.body.empty());
    EXPECT_TRUE(r.content_type.empty());
    EXPECT_EQ(r.etag, first.etag);
    EXPECT_EQ(cache_control_value(r), "private, max-age=3600");
    EXPECT_EQ(r.vary, "X-API-Key, Accept-Language, Accept-Encoding");
  }
  EXPECT_EQ(get("/api/v2/days/2025-06-24?book=loc_2015", {{"If-None-Match", "\"zzz\""}}).status,
            200);
  // Every GET route, the operations ones too.
  const Response health = send(Method::get, "/health");
  EXPECT_EQ(send(Method::get, "/health", {{"If-None-Match", health.etag}}).status, 304);
}

TEST_F(DispatchTest, HeadAnswersHeadersOnly) {
  const Response full = get("/api/v2/days/2025-06-24?book=loc_2015");
  const Response head =
      send(Method::head, "/api/v2/days/2025-06-24?book=loc_2015", {{"X-API-Key", keys_.all}});
  EXPECT_EQ(head.status, 200);
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(head.head_content_length, full.body.size());  // the GET's Content-Length
  EXPECT_EQ(head.etag, full.etag);
  EXPECT_EQ(head.content_type, "application/json");
  const Response head304 = send(Method::head, "/api/v2/days/2025-06-24?book=loc_2015",
                                {{"X-API-Key", keys_.all}, {"If-None-Match", full.etag}});
  EXPECT_EQ(head304.status, 304);
  // HEAD of an error: status and headers, no body.
  EXPECT_EQ(send(Method::head, "/api/v2/days/today").status, 401);
}

TEST_F(DispatchTest, CatchAllAnswersJson500WithNothingInternal) {
  for (std::string_view target : {"/api/v2/boom", "/api/v2/boom-int", "/api/v2/empty-errors"}) {
    SCOPED_TRACE(std::string(target));
    log_lines_.clear();
    const Response r = get(target);
    EXPECT_EQ(r.status, 500);
    EXPECT_EQ(r.content_type, "application/json");
    EXPECT_TRUE(is_json(r.body));
    EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"internal_error"});
    EXPECT_EQ(r.body.find("secret"), std::string::npos);
    EXPECT_EQ(r.body.find("/etc"), std::string::npos);
  }
  log_lines_.clear();
  get("/api/v2/boom");
  ASSERT_EQ(log_lines_.size(), 2U);  // the error event, then the access line
  EXPECT_NE(log_lines_[0].find("secret internal detail"), std::string::npos);
  EXPECT_NE(log_lines_[1].find("status=500"), std::string::npos);
}

TEST_F(DispatchTest, RateLimitWithRetryAfter) {
  const std::vector<HeaderField> slow = {{"X-API-Key", keys_.slow}};
  const Response a = send(Method::get, "/api/v2/days/today?book=loc_2015", slow);
  ASSERT_EQ(a.status, 200);
  ASSERT_TRUE(a.rate_limit);
  EXPECT_EQ(a.rate_limit->limit, 2);
  EXPECT_EQ(a.rate_limit->remaining, 1);
  EXPECT_EQ(send(Method::get, "/api/v2/days/today?book=loc_2015", slow).status, 200);
  const Response refused = send(Method::get, "/api/v2/days/today?book=loc_2015", slow);
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(error_codes(refused.body), std::vector<std::string>{"rate_limited"});
  EXPECT_EQ(refused.retry_after, 30);
  ASSERT_TRUE(refused.rate_limit);
  EXPECT_EQ(refused.rate_limit->remaining, 0);
  // Other keys are not affected.
  EXPECT_EQ(get("/api/v2/days/today?book=loc_2015").status, 200);
}

// Issue 10: a cache miss weighs by the work it took, not only by its body: an answer of a few
// bytes that took 10 x kWorkUnitsPerRateToken of engine work costs its key 11 tokens.
TEST_F(DispatchTest, WorkHeavyAnswerCostsMoreTokensThanItsSmallBody) {
  const Response first = get("/api/v2/work/0");
  ASSERT_EQ(first.status, 200);
  ASSERT_TRUE(first.rate_limit);
  EXPECT_EQ(first.rate_limit->remaining, 599);  // default rate 600
  const std::string heavy = "/api/v2/work/" + std::to_string(10 * kWorkUnitsPerRateToken);
  const Response costly = get(heavy);
  ASSERT_EQ(costly.status, 200);
  EXPECT_EQ(costly.rate_limit->remaining, 598);  // its extra weight is charged after it ran
  const Response after = get("/api/v2/work/0");
  EXPECT_EQ(after.rate_limit->remaining, 587);  // 1 + 10 for the heavy one, 1 for this one
  // Work below one token's worth costs nothing extra.
  const Response light = get("/api/v2/work/" + std::to_string(kWorkUnitsPerRateToken - 1));
  EXPECT_EQ(light.rate_limit->remaining, 586);
  EXPECT_EQ(get("/api/v2/work/0").rate_limit->remaining, 585);
}

TEST_F(DispatchTest, NotReadyAnswers503ButHealthStaysUp) {
  dispatcher_.set_ready(false);
  const Response r = get("/api/v2/days/today?book=loc_2015");
  EXPECT_EQ(r.status, 503);
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"unavailable"});
  EXPECT_EQ(r.retry_after, 5);
  EXPECT_EQ(send(Method::get, "/health").status, 200);
  const Response ready = send(Method::get, "/ready");
  EXPECT_EQ(ready.status, 503);
  EXPECT_EQ(ready.retry_after, 5);
  dispatcher_.set_ready(true);
  EXPECT_EQ(send(Method::get, "/ready").body, R"({"status":"ready"})");
}

TEST_F(DispatchTest, LinksAreCanonical) {
  const Response r = get("/api/v2//links/S%C3%A3o%20Jo%C3%A3o/?q=a+b&book=loc&cursor=old");
  EXPECT_EQ(
      r.body,
      R"({"self":"https://api.example.org/api/v2/links/S%C3%A3o%20Jo%C3%A3o?q=a%20b&book=loc&cursor=old",)"
      R"("next":"https://api.example.org/api/v2/links/S%C3%A3o%20Jo%C3%A3o?q=a%20b&book=loc&cursor=abc"})");
}

TEST_F(DispatchTest, MetricsAndAccessLogSeeEveryRequest) {
  log_lines_.clear();
  get("/api/v2/days/today?book=loc_2015");
  send(Method::get, "/nope");
  send(Method::post, "/api/v2/days/today");
  ASSERT_EQ(log_lines_.size(), 3U);
  EXPECT_NE(log_lines_[0].find("key=all-books"), std::string::npos);
  for (const auto& line : log_lines_) {
    EXPECT_EQ(line.find(keys_.all), std::string::npos);  // never the key itself
  }
  const std::string text = send(Method::get, "/metrics").body;
  EXPECT_NE(text.find(R"(route="/api/v2/days/{date}",status="200"} 1)"), std::string::npos);
  EXPECT_NE(text.find(R"(route="/api/v2/days/{date}",status="405"} 1)"), std::string::npos);
  EXPECT_NE(text.find(R"(route="unmatched",status="404"} 1)"), std::string::npos);
  EXPECT_NE(text.find("kalendar_api_keys_active 4\n"), std::string::npos);
  EXPECT_NE(text.find("kalendar_ready 1\n"), std::string::npos);
  EXPECT_EQ(send(Method::get, "/metrics").content_type, "text/plain; version=0.0.4; charset=utf-8");
}

TEST_F(DispatchTest, OperationsRoutesRejectParameters) {
  EXPECT_EQ(send(Method::get, "/health?x=1").status, 400);
}

TEST_F(DispatchTest, BadRouteRegistrationsThrow) {
  EXPECT_THROW(dispatcher_.add_route("/api/v2/days/{other}", days_handler), std::invalid_argument);
  EXPECT_THROW(dispatcher_.add_route("no-slash", days_handler), std::invalid_argument);
  EXPECT_THROW(dispatcher_.add_route("/trailing/", days_handler), std::invalid_argument);
  EXPECT_THROW(dispatcher_.add_route("/a//b", days_handler), std::invalid_argument);
  std::string deep;  // deeper than any path the router keeps views of
  for (int i = 0; i < 17; ++i) deep += "/s";
  EXPECT_THROW(dispatcher_.add_route(deep, days_handler), std::invalid_argument);
}

TEST_F(DispatchTest, DeepPathsAre404UnlessAnEscapeIsMalformed) {
  std::string deep = "/api/v2/days/2025-06-24";
  for (int i = 0; i < 20; ++i) deep += "/x";
  EXPECT_EQ(get(deep + "?book=loc_2015").status, 404);
  // The escape is reported before routing, however deep the path.
  const Response bad = get(deep + "/%2G?book=loc_2015");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(error_codes(bad.body), std::vector<std::string>{"invalid_parameter"});
  // Non-ASCII segments go through the strict decoder: valid UTF-8 routes, invalid does not.
  // "São" reaches the handler, which refuses it as an id; a broken sequence never gets there.
  EXPECT_EQ(error_parameters(get("/api/v2/celebrations/S\xC3\xA3o").body),
            std::vector<std::string>{"id"});
  const Response broken = get("/api/v2/celebrations/S\xC3");
  EXPECT_EQ(broken.status, 400);
  EXPECT_EQ(error_parameters(broken.body), std::vector<std::string>{""});
}

}  // namespace
}  // namespace kalendar::api
