// Browsers on other sites (CORS), over a real socket with the default configuration (any
// origin): the preflight a browser sends before a GET with X-API-Key, then the GET itself, as a
// page at https://parish.example.org would. The restricted configuration (a list of origins, one
// refused) is tested on the dispatcher (tests/api/dispatch_test.cpp, DispatchCors).
#include "api_fixture.hpp"

namespace kalendar::testing {
namespace {

constexpr const char* kOrigin = "https://parish.example.org";
constexpr const char* kTarget = "/api/v2/days/2026-04-05?book=loc_2015";

TEST_F(ApiTest, BrowserPreflightThenGetFromAnotherOrigin) {
  // The preflight: no key (browsers never send credentials or custom headers with it).
  const auto preflight = request("OPTIONS", kTarget, "",
                                 {{"Origin", kOrigin},
                                  {"Access-Control-Request-Method", "GET"},
                                  {"Access-Control-Request-Headers", "x-api-key,if-none-match"}});
  EXPECT_EQ(preflight.status, 204);
  EXPECT_EQ(preflight.header("access-control-allow-origin"), "*");
  EXPECT_EQ(preflight.header("access-control-allow-methods"), "GET, HEAD, OPTIONS");
  // What the browser asked for is allowed.
  const std::string allowed = preflight.header("access-control-allow-headers");
  EXPECT_NE(allowed.find("X-API-Key"), std::string::npos) << allowed;
  EXPECT_NE(allowed.find("If-None-Match"), std::string::npos) << allowed;
  EXPECT_EQ(preflight.header("access-control-max-age"), "600");
  EXPECT_EQ(preflight.header("access-control-allow-credentials"), "<absent>");
  EXPECT_TRUE(preflight.body.empty());

  // The GET: the page's script may read the body and the headers it needs.
  const auto got = get(kTarget, "metered", {{"Origin", kOrigin}});
  ASSERT_EQ(got.status, 200) << got.body;
  EXPECT_EQ(Json(got.body).str("/data/title"), "Páscoa");
  EXPECT_EQ(got.header("access-control-allow-origin"), "*");
  const std::string exposed = got.header("access-control-expose-headers");
  for (const char* name : {"ETag", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset",
                           "Retry-After", "Content-Language"}) {
    EXPECT_NE(exposed.find(name), std::string::npos) << name << " not in " << exposed;
  }
  EXPECT_NE(got.header("ratelimit-remaining"), "<absent>");

  // A revalidation from the page (If-None-Match is allowed above) and an error are readable too.
  const auto again =
      get(kTarget, "metered", {{"Origin", kOrigin}, {"If-None-Match", got.header("etag")}});
  EXPECT_EQ(again.status, 304);
  EXPECT_EQ(again.header("access-control-allow-origin"), "*");
  const auto unauthorised = get(kTarget, "", {{"Origin", kOrigin}});
  EXPECT_EQ(unauthorised.status, 401);
  EXPECT_EQ(unauthorised.header("access-control-allow-origin"), "*");
  EXPECT_NE(unauthorised.header("access-control-expose-headers").find("WWW-Authenticate"),
            std::string::npos);

  // Without Origin (curl, servers): no CORS headers at all.
  EXPECT_EQ(get(kTarget).header("access-control-allow-origin"), "<absent>");
}

}  // namespace
}  // namespace kalendar::testing
