// A real Pistache endpoint on 127.0.0.1:0, in-process, with placeholder routes: keep-alive,
// JSON 404/405/500, HEAD, 304, typed headers, percent-encoding, oversized requests.
#include "dispatch.hpp"
#include "endpoint.hpp"
#include "http_client.hpp"
#include "json_probe.hpp"
#include "ops_routes.hpp"
#include "params.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace kalendar {
namespace {

using api::HandlerResult;
using api::RequestContext;
using testing::HttpReply;
using testing::TestClient;

// Everything the server needs, built once for the whole suite.
struct Stack {
  Stack() {
    fast_key = api::generate_api_key().value();
    slow_key = api::generate_api_key().value();
    api::KeyRecord fast;
    fast.id = 1;
    fast.name = "fast";
    fast.digest = fast_key.digest;
    fast.rate_per_minute = 0;  // unlimited
    api::KeyRecord slow = fast;
    slow.id = 2;
    slow.name = "slow";
    slow.digest = slow_key.digest;
    slow.rate_per_minute = 1;
    records = {fast, slow};
    auth.refresh();

    dispatcher.add_route("/api/v2/days/{date}", [](RequestContext& ctx) -> HandlerResult {
      api::FieldCatalog catalog;
      catalog.add_type("day", {"date", "color"});
      api::ParamReader p(ctx.query(), ctx.errors());
      const auto date = p.path_date("date", ctx.path_param("date"));
      const auto book = p.required_string("book");
      const auto fields = p.fields(catalog, {"day"});
      p.reject_unknown();
      if (!ctx.errors().empty()) return ctx.errors();
      api::JsonWriter w(&fields);
      w.start_object();
      w.key("data");
      w.begin_resource("day");
      w.key("id");
      w.string(ctx.path_param("date"));
      if (w.field("date")) w.string(ctx.path_param("date"));
      if (w.field("color")) w.string("white");
      w.end_resource();
      w.end_object();
      api::Reply reply;
      reply.body = w.take();
      reply.content_language = "pt-BR";
      reply.freshness = date->today ? api::Freshness::today : api::Freshness::stable;
      return reply;
    });
    dispatcher.add_route("/api/v2/boom", [](RequestContext&) -> HandlerResult {
      throw std::logic_error("internal secret: /srv/kalendar/books");
    });
    api::add_ops_routes(dispatcher, metrics, auth);
    dispatcher.set_ready(true);

    http::EndpointOptions options;
    options.port = 0;
    options.threads = 2;
    server = std::make_unique<http::HttpServer>(dispatcher, options);
    const auto bound = server->start();
    if (!bound) throw std::runtime_error(bound.error().message);
    port = bound.value();
  }
  ~Stack() { server.reset(); }  // shuts the endpoint down before the dispatcher goes

  api::IssuedKey fast_key, slow_key;
  std::vector<api::KeyRecord> records;
  api::Logger logger{[](std::string_view) {}};
  api::Metrics metrics;
  api::RateLimiter limiter;
  api::Authenticator auth{[this]() -> Result<std::vector<api::KeyRecord>> { return records; },
                          api::AuthOptions{}};
  api::Dispatcher dispatcher{api::DispatcherOptions{},
                             api::DispatcherServices{auth, limiter, metrics, logger}};
  std::unique_ptr<http::HttpServer> server;
  std::uint16_t port = 0;
};

class HttpServerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { stack_ = new Stack(); }
  static void TearDownTestSuite() {
    delete stack_;
    stack_ = nullptr;
  }

  static std::vector<std::pair<std::string, std::string>> key() {
    return {{"X-API-Key", stack_->fast_key.secret}};
  }
  static Stack* stack_;
};

Stack* HttpServerTest::stack_ = nullptr;

TEST_F(HttpServerTest, KeepAliveConnectionIsReused) {
  TestClient client(stack_->port);
  for (int i = 0; i < 5; ++i) {
    const HttpReply r = client.request("GET", "/api/v2/days/2025-06-24?book=loc", key());
    ASSERT_EQ(r.status, 200) << i;
    EXPECT_EQ(r.header("connection"), "Keep-Alive");
  }
  EXPECT_TRUE(client.quiet_for(50));
}

TEST_F(HttpServerTest, ConnectionDefaultsFollowTheHttpVersion) {
  TestClient v11(stack_->port);  // HTTP/1.1 without a Connection header: persistent
  v11.send_raw("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(v11.read_reply().header("connection"), "Keep-Alive");
  v11.send_raw("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(v11.read_reply().header("connection"), "Close");
  TestClient v10(stack_->port);
  v10.send_raw("GET /health HTTP/1.0\r\n\r\n");
  EXPECT_EQ(v10.read_reply().header("connection"), "Close");
}

TEST_F(HttpServerTest, SuccessHeadersAreWritten) {
  TestClient client(stack_->port);
  const HttpReply r = client.request("GET", "/api/v2/days/2025-06-24?book=loc", key());
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.header("content-type"), "application/json");
  EXPECT_EQ(r.header("etag").size(), 34U);
  EXPECT_EQ(r.header("cache-control"), "private, max-age=3600");
  EXPECT_EQ(r.header("vary"), "X-API-Key, Accept-Language, Accept-Encoding");
  EXPECT_EQ(r.header("content-language"), "pt-BR");
  EXPECT_EQ(r.body, R"({"data":{"id":"2025-06-24","date":"2025-06-24","color":"white"}})");
  const HttpReply today = client.request("GET", "/api/v2/days/today?book=loc", key());
  EXPECT_EQ(today.header("cache-control"), "private, max-age=300");
}

TEST_F(HttpServerTest, JsonErrors404And405And401) {
  TestClient client(stack_->port);
  const HttpReply missing = client.request("GET", "/nowhere");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.header("content-type"), "application/json");
  EXPECT_EQ(api::testing::error_codes(missing.body), std::vector<std::string>{"not_found"});

  const HttpReply post = client.request("POST", "/api/v2/days/today", {{"Content-Length", "0"}});
  EXPECT_EQ(post.status, 405);
  EXPECT_EQ(post.header("allow"), "GET, HEAD, OPTIONS");
  EXPECT_EQ(api::testing::error_codes(post.body), std::vector<std::string>{"method_not_allowed"});

  const HttpReply options = client.request("OPTIONS", "/api/v2/days/today");
  EXPECT_EQ(options.status, 204);
  EXPECT_EQ(options.header("allow"), "GET, HEAD, OPTIONS");

  const HttpReply unauthorised = client.request("GET", "/api/v2/days/today?book=loc");
  EXPECT_EQ(unauthorised.status, 401);
  EXPECT_EQ(unauthorised.header("cache-control"), "no-store");
  // RFC 9110 §15.5.2: a 401 says how to authenticate.
  EXPECT_EQ(unauthorised.header("www-authenticate"),
            R"(APIKey realm="kalendar", header="X-API-Key")");
  EXPECT_EQ(api::testing::error_codes(unauthorised.body),
            std::vector<std::string>{"missing_api_key"});
  // The connection is still good after all of these.
  EXPECT_EQ(client.request("GET", "/health").status, 200);
}

TEST_F(HttpServerTest, HeadHasNoBodyAndKeepsTheConnectionUsable) {
  TestClient client(stack_->port);
  const HttpReply get = client.request("GET", "/api/v2/days/2025-06-24?book=loc", key());
  ASSERT_EQ(get.status, 200);
  ASSERT_FALSE(get.body.empty());
  const HttpReply head = client.request("HEAD", "/api/v2/days/2025-06-24?book=loc", key());
  EXPECT_EQ(head.status, 200);
  // The length the GET sends (RFC 9110 §9.3.2), and no body bytes.
  EXPECT_EQ(head.header("content-length"), std::to_string(get.body.size()));
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(head.header("etag"), get.header("etag"));
  EXPECT_TRUE(client.quiet_for(50));  // no body bytes trail the headers
  EXPECT_EQ(client.request("GET", "/health").body, R"({"status":"ok"})");
}

TEST_F(HttpServerTest, IfNoneMatchGives304) {
  TestClient client(stack_->port);
  const HttpReply first = client.request("GET", "/api/v2/days/2025-06-24?book=loc", key());
  auto headers = key();
  headers.emplace_back("If-None-Match", "W/" + first.header("etag"));
  const HttpReply again = client.request("GET", "/api/v2/days/2025-06-24?book=loc", headers);
  EXPECT_EQ(again.status, 304);
  EXPECT_TRUE(again.body.empty());
  EXPECT_EQ(again.header("etag"), first.header("etag"));
  EXPECT_EQ(again.header("cache-control"), "private, max-age=3600");
  EXPECT_EQ(client.request("GET", "/health").status, 200);
}

TEST_F(HttpServerTest, PercentEncodingInPathAndQueryNames) {
  TestClient client(stack_->port);
  const HttpReply r =
      client.request("GET", "/api/v2/days/2025%2D06%2D24?book=loc&fields%5Bday%5D=color", key());
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, R"({"data":{"id":"2025-06-24","color":"white"}})");
  const HttpReply arrays = client.request("GET", "/api/v2/days/today?book%5B%5D=loc", key());
  EXPECT_EQ(arrays.status, 400);
  EXPECT_EQ(api::testing::error_parameters(arrays.body),
            (std::vector<std::string>{"book[]", "book"}));
  const HttpReply bad = client.request("GET", "/api/v2/days/today?book=%ZZ", key());
  EXPECT_EQ(bad.status, 400);
}

TEST_F(HttpServerTest, ThrowingHandlerGivesJson500WithoutInternals) {
  TestClient client(stack_->port);
  const HttpReply r = client.request("GET", "/api/v2/boom", key());
  EXPECT_EQ(r.status, 500);
  EXPECT_EQ(r.header("content-type"), "application/json");
  EXPECT_EQ(api::testing::error_codes(r.body), std::vector<std::string>{"internal_error"});
  EXPECT_EQ(r.body.find("secret"), std::string::npos);
  EXPECT_EQ(client.request("GET", "/health").status, 200);
}

TEST_F(HttpServerTest, RateLimitHeaders) {
  TestClient client(stack_->port);
  const std::vector<std::pair<std::string, std::string>> slow = {
      {"X-API-Key", stack_->slow_key.secret}};
  const HttpReply ok = client.request("GET", "/api/v2/days/2025-06-24?book=loc", slow);
  EXPECT_EQ(ok.status, 200);
  EXPECT_EQ(ok.header("ratelimit-limit"), "1");
  EXPECT_EQ(ok.header("ratelimit-remaining"), "0");
  const HttpReply refused = client.request("GET", "/api/v2/days/2025-06-24?book=loc", slow);
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.header("retry-after"), "60");
  EXPECT_EQ(api::testing::error_codes(refused.body), std::vector<std::string>{"rate_limited"});
}

TEST_F(HttpServerTest, OversizedRequestIsRefusedAndTheServerCarriesOn) {
  {
    TestClient client(stack_->port);
    // A 20 KB header block, beyond maxRequestSize (16 KiB).
    client.send_raw("GET /health HTTP/1.1\r\nHost: x\r\nX-Filler: " + std::string(20'000, 'a') +
                    "\r\n\r\n");
    const HttpReply r = client.read_reply();
    EXPECT_GE(r.status, 400);
    EXPECT_LT(r.status, 500);
  }
  {
    TestClient client(stack_->port);  // a 20 KB URL
    client.send_raw("GET /health?q=" + std::string(20'000, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n");
    const HttpReply r = client.read_reply();
    EXPECT_GE(r.status, 400);
    EXPECT_LT(r.status, 500);
  }
  TestClient fresh(stack_->port);
  EXPECT_EQ(fresh.request("GET", "/health").status, 200);
}

TEST_F(HttpServerTest, QueryOver4KiBButUnder16KiBIsAJson400) {
  TestClient client(stack_->port);
  const HttpReply r =
      client.request("GET", "/api/v2/days/today?book=loc&q=" + std::string(6000, 'a'), key());
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(api::testing::error_codes(r.body), std::vector<std::string>{"invalid_parameter"});
}

TEST_F(HttpServerTest, MetricsOverTheWire) {
  TestClient client(stack_->port);
  const HttpReply r = client.request("GET", "/metrics");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.header("content-type").rfind("text/plain", 0), 0U) << r.header("content-type");
  EXPECT_NE(r.body.find("kalendar_http_requests_total"), std::string::npos);
}

}  // namespace
}  // namespace kalendar
