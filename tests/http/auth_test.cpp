// Authentication, per-key books, rate limits and readiness over HTTP: 401 (missing, invalid,
// expired, inactive), a key revoked or expired in the SQLite store stops working within
// seconds without a restart, a key issued while serving starts working, 403 book_not_allowed,
// 429 with Retry-After and RateLimit-*, 503 before ready and without Bible versions.
#include "api_fixture.hpp"
#include "keys.hpp"
#include "keystore.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

namespace kalendar::testing {
namespace {

constexpr std::string_view kDay = "/api/v2/days/2025-11-30?book=loc_2015";

class AuthTest : public ApiTest {
 protected:
  // Repeats GET kDay with `secret` until its status is `status`, for at most 10 s (the stack
  // re-reads the key store every 100 ms). Returns the last reply.
  HttpReply wait_for_status(const std::string& secret, int status) {
    HttpReply r;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    do {
      r = client_->request("GET", kDay, {{"X-API-Key", secret}});
      if (r.status == status) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    } while (std::chrono::steady_clock::now() < deadline);
    return r;
  }

  std::unique_ptr<api::KeyStore> writable_store() {
    auto store = api::KeyStore::open(stack().keys_db(), api::KeyStore::Mode::read_write);
    if (!store) throw std::runtime_error(store.error().message);
    return std::move(store).value();
  }
};

TEST_F(AuthTest, MissingKey) {
  const auto r = get(kDay, "");
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"missing_api_key"});
  EXPECT_EQ(r.header("cache-control"), "no-store");
  EXPECT_EQ(r.header("vary"), "X-API-Key, Accept-Language");
  // Every /api/v2 route needs a key, catalogues included; the OpenAPI document alone does not
  // (API tools read it before they have one).
  for (const char* target :
       {"/api/v2/prayer-books", "/api/v2/bible-versions", "/api/v2/celebrations/types"}) {
    EXPECT_EQ(get(target, "").status, 401) << target;
  }
  const auto document = get("/api/v2/openapi.json", "");
  EXPECT_EQ(document.status, 200);
  EXPECT_EQ(Json(document.body).str("/openapi"), "3.1.0");
}

TEST_F(AuthTest, AuthenticationIsAnsweredBeforeParameters) {
  const auto r = get("/api/v2/days/2025-02-30?service=x&bogus=1", "");
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"missing_api_key"});
}

TEST_F(AuthTest, InvalidKey) {
  for (const std::string& bad :
       std::vector<std::string>{"kal_not-a-key", "", "x", stack().key("all") + "x"}) {
    const auto r = client_->request("GET", kDay, {{"X-API-Key", bad}});
    EXPECT_EQ(r.status, 401) << "'" << bad << "'";
    const auto codes = error_codes(r.body);
    ASSERT_EQ(codes.size(), 1U) << r.body;
    EXPECT_TRUE(codes[0] == "invalid_api_key" || (bad.empty() && codes[0] == "missing_api_key"))
        << "'" << bad << "': " << r.body;
  }
}

TEST_F(AuthTest, ExpiredKey) {
  const auto r = get(kDay, "expired");
  EXPECT_EQ(r.status, 401) << r.body;
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"expired_api_key"});
}

TEST_F(AuthTest, InactiveKeyLooksLikeAnUnknownOne) {
  const auto r = get(kDay, "inactive");
  EXPECT_EQ(r.status, 401) << r.body;
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"invalid_api_key"});
  const auto unknown = client_->request("GET", kDay, {{"X-API-Key", "kal_unknown"}});
  EXPECT_EQ(Json(r.body).str("/errors/0/detail"), Json(unknown.body).str("/errors/0/detail"));
}

TEST_F(AuthTest, RevokedKeyStopsWorkingWithoutRestart) {
  const std::string& secret = stack().key("revocable");
  ASSERT_EQ(get(kDay, "revocable").status, 200);
  auto revoked = writable_store()->revoke(stack().key_id("revocable"));
  ASSERT_TRUE(revoked && *revoked);
  const auto r = wait_for_status(secret, 401);
  EXPECT_EQ(r.status, 401) << "still accepted 10 s after revocation";
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"invalid_api_key"});
}

TEST_F(AuthTest, KeyExpiredInTheStoreStopsWorkingWithoutRestart) {
  auto store = writable_store();
  const auto issued = api::generate_api_key().value();
  api::KeyRecord record;
  record.name = "expires-soon";
  record.digest = issued.digest;
  record.rate_per_minute = 0;
  record.created_at = api::unix_now();
  auto stored = store->insert(record);
  ASSERT_TRUE(stored) << stored.error().message;
  // A key issued while the server runs starts working without a restart ...
  EXPECT_EQ(wait_for_status(issued.secret, 200).status, 200);
  // ... and stops once its expiry is set in the past.
  auto changed =
      store->set_expiry(stored->id, api::expiry_instant(CivilDate{date::year{2020} / 1 / 1}));
  ASSERT_TRUE(changed && *changed);
  const auto r = wait_for_status(issued.secret, 401);
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"expired_api_key"});
}

TEST_F(AuthTest, BookNotAllowedAndTheCatalogueShowsOnlyTheKeysBooks) {
  const auto forbidden = get("/api/v2/days/2025-11-30?book=loc_2019_en", "pt_only");
  EXPECT_EQ(forbidden.status, 403);
  EXPECT_EQ(error_codes(forbidden.body), std::vector<std::string>{"book_not_allowed"});
  EXPECT_EQ(error_parameters(forbidden.body), std::vector<std::string>{"book"});
  const auto books = get("/api/v2/prayer-books", "pt_only");
  ASSERT_EQ(books.status, 200);
  EXPECT_EQ(Json(books.body).strings("/data", "code"), std::vector<std::string>{"loc_2015"});
  EXPECT_EQ(books.body.find("loc_2019_en"), std::string::npos);
  EXPECT_EQ(get("/api/v2/days/2025-11-30?book=loc_2015", "pt_only").status, 200);
}

TEST_F(AuthTest, AScopedKeyCannotTellAMissingBookFromAForbiddenOne) {
  // Issue 10: 403 for loc_2019_en but 400 unknown_book for bcp_1662 told a key limited to
  // loc_2015 which other books exist. Every way of naming a book must answer alike.
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"/api/v2/days/2025-11-30?book=loc_2019_en", "/api/v2/days/2025-11-30?book=bcp_1662"},
      {"/api/v2/prayer-books/loc_2019_en", "/api/v2/prayer-books/bcp_1662"},
      {"/api/v2/passages?ref=John%203:16&book=loc_2019_en",
       "/api/v2/passages?ref=John%203:16&book=bcp_1662"},
  };
  for (const auto& [existing, missing] : pairs) {
    SCOPED_TRACE(existing);
    const auto a = get(existing, "pt_only");
    const auto b = get(missing, "pt_only");
    EXPECT_EQ(a.status, 403) << a.body;
    EXPECT_EQ(b.status, a.status) << b.body;
    EXPECT_EQ(error_codes(b.body), error_codes(a.body));
    std::string normalised = b.body;
    normalised.replace(normalised.find("bcp_1662"), 8, "loc_2019_en");
    EXPECT_EQ(normalised, a.body);
  }
  // A key for every book still learns that a book does not exist.
  EXPECT_EQ(error_codes(get("/api/v2/days/2025-11-30?book=bcp_1662", "all").body),
            std::vector<std::string>{"unknown_book"});
}

TEST_F(AuthTest, RateLimitedKeyGets429WithRetryAfterAndRateLimitHeaders) {
  // The key `tiny` allows 2 requests per minute (a bucket of 2); no test waits for a refill.
  const auto first = get(kDay, "tiny");
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.header("ratelimit-limit"), "2");
  EXPECT_EQ(first.header("ratelimit-remaining"), "1");
  EXPECT_NE(first.header("ratelimit-reset"), "<absent>");
  const auto second = get(kDay, "tiny");
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_EQ(second.header("ratelimit-remaining"), "0");
  const auto refused = get(kDay, "tiny");
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(error_codes(refused.body), std::vector<std::string>{"rate_limited"});
  const std::string retry = refused.header("retry-after");
  ASSERT_NE(retry, "<absent>");
  EXPECT_GE(std::stoi(retry), 1);
  EXPECT_LE(std::stoi(retry), 60);
  EXPECT_EQ(refused.header("ratelimit-limit"), "2");
  EXPECT_EQ(refused.header("ratelimit-remaining"), "0");
  EXPECT_EQ(refused.header("cache-control"), "no-store");
  // Other keys are not affected.
  EXPECT_EQ(get(kDay, "all").status, 200);
}

TEST_F(AuthTest, RateLimitHeadersOnEveryAnswerOfALimitedKey) {
  const auto a = get(kDay, "metered");
  const auto b = get("/api/v2/days/2025-02-30?book=loc_2015", "metered");  // a 400 counts too
  EXPECT_EQ(a.header("ratelimit-limit"), "1000");
  EXPECT_EQ(b.status, 400);
  EXPECT_EQ(b.header("ratelimit-limit"), "1000");
  EXPECT_EQ(std::stoi(b.header("ratelimit-remaining")),
            std::stoi(a.header("ratelimit-remaining")) - 1);
  // An unlimited key carries none.
  EXPECT_EQ(get(kDay, "all").header("ratelimit-limit"), "<absent>");
}

TEST_F(AuthTest, OperationsEndpointsRevealNoKeys) {
  const auto metrics = get("/metrics", "");
  ASSERT_EQ(metrics.status, 200);
  for (const char* name : {"revocable", "pt_only", "metered", "kal_"}) {
    EXPECT_EQ(metrics.body.find(name), std::string::npos) << name;
  }
  EXPECT_NE(metrics.body.find("kalendar_api_keys_active"), std::string::npos);
  EXPECT_EQ(get("/ready", "").body.find("pt_only"), std::string::npos);
}

TEST(ReadinessTest, UnavailableUntilReady) {
  StackOptions options;
  options.ready = false;
  ApiStack stack(options);
  TestClient client(stack.port());
  const Headers key = {{"X-API-Key", stack.key("all")}};
  const auto r = client.request("GET", "/api/v2/days/2025-11-30?book=loc_2015", key);
  EXPECT_EQ(r.status, 503);
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"unavailable"});
  EXPECT_EQ(r.header("retry-after"), "5");
  EXPECT_EQ(r.header("cache-control"), "no-store");
  // Readiness comes before authentication: even without a key the answer is 503.
  EXPECT_EQ(client.request("GET", "/api/v2/prayer-books").status, 503);
  EXPECT_EQ(client.request("GET", "/ready").status, 503);
  EXPECT_EQ(client.request("GET", "/health").status, 200);
  stack.dispatcher().set_ready(true);
  EXPECT_EQ(client.request("GET", "/api/v2/days/2025-11-30?book=loc_2015", key).status, 200);
  EXPECT_EQ(client.request("GET", "/ready").status, 200);
  // Shutting down turns it back.
  stack.dispatcher().set_ready(false);
  EXPECT_EQ(client.request("GET", "/api/v2/days/2025-11-30?book=loc_2015", key).status, 503);
}

TEST(NoBiblesTest, PassagesAreUnavailableWithoutAnyBibleVersion) {
  StackOptions options;
  options.bibles = false;
  options.start_http = false;
  ApiStack stack(options);
  const auto r = stack.dispatch("/api/v2/passages?ref=John%203:16&book=loc_2015");
  EXPECT_EQ(r.status, 503) << r.body;
  EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"unavailable"});
  EXPECT_TRUE(r.retry_after.has_value());
  const auto named = stack.dispatch("/api/v2/passages?ref=John%203:16&bible=kjv");
  EXPECT_EQ(named.status, 400) << named.body;
  EXPECT_EQ(error_codes(named.body), std::vector<std::string>{"invalid_parameter"});
  const auto versions = stack.dispatch("/api/v2/bible-versions");
  EXPECT_EQ(versions.status, 200);
  EXPECT_EQ(Json(versions.body).size("/data"), 0U);
  const auto prefs = stack.dispatch("/api/v2/prayer-books/loc_2015/preferences");
  const Json p(prefs.body);
  const auto keys = p.strings("/data", "key");
  const auto bible = std::find(keys.begin(), keys.end(), "bible");
  ASSERT_NE(bible, keys.end()) << prefs.body;
  const std::string at = "/data/" + std::to_string(bible - keys.begin());
  EXPECT_EQ(p.size(at + "/options"), 0U) << prefs.body;
  EXPECT_TRUE(p.is_null(at + "/default")) << prefs.body;
  // The calendar itself does not need a Bible.
  EXPECT_EQ(stack.dispatch("/api/v2/days/2025-11-30?book=loc_2015").status, 200);
}

}  // namespace
}  // namespace kalendar::testing
