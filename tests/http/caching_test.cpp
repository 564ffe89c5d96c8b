// Caching and representation headers on every GET route of API v2: strong ETag from the body,
// If-None-Match (single tag, list, weak form, `*`) -> 304 without body, HEAD without body,
// Cache-Control (shorter for `today`), Vary, Content-Language = meta.lang; and `today` in each
// book's own time zone with AppState::clock fixed.
#include "api_fixture.hpp"

#include <arpa/inet.h>
#include <chrono>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace kalendar::testing {
namespace {

// One realistic request per GET route (the test below checks that every route is here).
const std::vector<std::string> kEveryRoute = {
    "/api/v2/days/2025-11-30?book=loc_2015",
    "/api/v2/days?book=loc_2015&from=2025-11-30",
    "/api/v2/days/2026-04-05/readings?book=loc_2015",
    "/api/v2/collects/2025-11-30?book=loc_2015&include=text",
    "/api/v2/passages?ref=John%203:16&bible=kjv",
    "/api/v2/liturgical-explanations/2026-04-03?book=loc_2015",
    "/api/v2/years/2026?book=loc_2015",
    "/api/v2/years/2026/seasons?book=loc_2015",
    "/api/v2/years/2026/key-dates?book=loc_2015",
    "/api/v2/years/2026/lectionary-cycle?book=loc_2015",
    "/api/v2/celebrations?book=loc_2015&limit=5",
    "/api/v2/celebrations/203?book=loc_2015",
    "/api/v2/celebrations/types?lang=pt-BR",
    "/api/v2/prayer-books",
    "/api/v2/prayer-books/loc_2015",
    "/api/v2/prayer-books/loc_2015/preferences",
    "/api/v2/bible-versions",
    "/api/v2/openapi.json",
    "/api/v2/calendar.ics?book=loc_2015&from=2025-11-30",
};

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> out;
  std::size_t start = 1;
  while (start <= path.size()) {
    auto slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    out.emplace_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return out;
}

bool matches(std::string_view pattern, std::string_view target) {
  const auto p = split_path(pattern);
  const auto t = split_path(target.substr(0, target.find('?')));
  if (p.size() != t.size()) return false;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i].front() != '{' && p[i] != t[i]) return false;
  }
  return true;
}

TEST_F(ApiTest, TheRouteListCoversEveryRegisteredApiRoute) {
  for (const auto pattern : stack().dispatcher().patterns()) {
    if (pattern.rfind("/api/v2/", 0) != 0) continue;
    // Feeds need a token issued for the test, not a key: ical_test.cpp covers them.
    if (pattern == "/api/v2/feeds/{token}") continue;
    bool found = false;
    for (const auto& target : kEveryRoute) found = found || matches(pattern, target);
    EXPECT_TRUE(found) << pattern << " has no request in kEveryRoute";
  }
  EXPECT_EQ(kEveryRoute.size(), 19U);
}

TEST_F(ApiTest, StrongETagAndCacheHeadersOnEveryRoute) {
  for (const auto& target : kEveryRoute) {
    const auto r = get(target);
    ASSERT_EQ(r.status, 200) << target << "\n" << r.body.substr(0, 300);
    const std::string etag = r.header("etag");
    EXPECT_EQ(etag.size(), 34U) << target << ": " << etag;
    EXPECT_EQ(etag.front(), '"') << target;
    EXPECT_EQ(r.header("cache-control"), "private, max-age=3600") << target;
    EXPECT_EQ(r.header("vary"), "X-API-Key, Accept-Language, Accept-Encoding") << target;
    const bool ics = target.find(".ics") != std::string::npos;
    EXPECT_EQ(r.header("content-type"), ics ? "text/calendar; charset=utf-8" : "application/json")
        << target;
    // Identical requests give identical bytes and tags (no timestamps in bodies).
    const auto again = get(target);
    EXPECT_EQ(again.body, r.body) << target;
    EXPECT_EQ(again.header("etag"), etag) << target;
  }
}

TEST_F(ApiTest, IfNoneMatchGives304OnEveryRoute) {
  for (const auto& target : kEveryRoute) {
    const auto first = get(target);
    ASSERT_EQ(first.status, 200) << target;
    const std::string etag = first.header("etag");
    for (const std::string& condition :
         {etag, "\"0123\", " + etag, "W/" + etag, std::string("*"), "\"a\",\"b\" , " + etag}) {
      const auto r = get(target, "all", {{"If-None-Match", condition}});
      EXPECT_EQ(r.status, 304) << target << " If-None-Match: " << condition;
      EXPECT_TRUE(r.body.empty()) << target;
      EXPECT_EQ(r.header("etag"), etag) << target;
      EXPECT_EQ(r.header("cache-control"), "private, max-age=3600") << target;
    }
    const auto changed = get(target, "all", {{"If-None-Match", "\"0123456789abcdef\""}});
    EXPECT_EQ(changed.status, 200) << target;
    EXPECT_EQ(changed.body, first.body) << target;
  }
}

TEST_F(ApiTest, ETagFollowsTheBody) {
  const auto a = get("/api/v2/days/2025-11-30?book=loc_2015");
  const auto b = get("/api/v2/days/2025-12-01?book=loc_2015");
  const auto c = get("/api/v2/days/2025-11-30?book=loc_2015&fields%5Bday%5D=color");
  EXPECT_NE(a.header("etag"), b.header("etag"));
  EXPECT_NE(a.header("etag"), c.header("etag"));
  // A tag of another representation does not match.
  const auto r =
      get("/api/v2/days/2025-11-30?book=loc_2015", "all", {{"If-None-Match", b.header("etag")}});
  EXPECT_EQ(r.status, 200);
}

TEST_F(ApiTest, HeadAnswersTheGetHeadersWithoutBody) {
  for (const auto& target : kEveryRoute) {
    const auto get_reply = get(target);
    const auto head = request("HEAD", target);
    EXPECT_EQ(head.status, 200) << target;
    EXPECT_TRUE(head.body.empty()) << target;
    // The Content-Length the GET sends (RFC 9110 §9.3.2), though no body follows.
    EXPECT_EQ(head.header("content-length"), std::to_string(get_reply.body.size())) << target;
    EXPECT_EQ(head.header("etag"), get_reply.header("etag")) << target;
    EXPECT_EQ(head.header("cache-control"), get_reply.header("cache-control")) << target;
    EXPECT_EQ(head.header("content-language"), get_reply.header("content-language")) << target;
  }
  // The connection is still in step afterwards.
  EXPECT_TRUE(client_->quiet_for(50));
  EXPECT_EQ(get("/health", "").body, R"({"status":"ok"})");
}

// Sends one request on a fresh connection and returns every byte that arrives until the
// connection has been quiet for 300 ms after the end of the header block.
std::string raw_exchange(std::uint16_t port, const std::string& request_text) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return "<connect failed>";
  }
  ::send(fd, request_text.data(), request_text.size(), MSG_NOSIGNAL);
  timeval timeout{};
  timeout.tv_usec = 300'000;
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  std::string bytes;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < deadline) {
    char chunk[4096];
    const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n <= 0) {
      if (bytes.find("\r\n\r\n") != std::string::npos) break;  // quiet after the headers
      continue;
    }
    bytes.append(chunk, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return bytes;
}

TEST_F(ApiTest, HeadErrorsHaveNoBodyEither) {
  // RFC 9110 §9.3.2: a response to HEAD carries no content. Errors are no exception: bytes after
  // the header block would be read by a keep-alive client as the start of its next response.
  // 400 (no book), 404 (no route), 401 (no key).
  for (const auto& [target, with_key] : std::vector<std::pair<std::string, bool>>{
           {"/api/v2/days/2025-11-30", true},
           {"/api/v2/nothing-here", true},
           {"/api/v2/days/2025-11-30?book=loc_2015", false}}) {
    const std::string text = "HEAD " + target + " HTTP/1.1\r\nHost: x\r\n" +
                             (with_key ? "X-API-Key: " + stack().key("all") + "\r\n" : "") + "\r\n";
    const std::string bytes = raw_exchange(stack().port(), text);
    const auto end = bytes.find("\r\n\r\n");
    ASSERT_NE(end, std::string::npos) << target << ": " << bytes;
    EXPECT_EQ(bytes.substr(end + 4), "")
        << "HEAD " << target << " answered " << bytes.substr(0, bytes.find("\r\n"));
  }
}

TEST_F(ApiTest, ContentLanguageEqualsMetaLang) {
  for (const auto& target : kEveryRoute) {
    const auto r = get(target);
    ASSERT_EQ(r.status, 200) << target;
    const Json j(r.body);
    if (!j.has("/meta/lang")) continue;
    EXPECT_EQ(r.header("content-language"), j.str("/meta/lang")) << target;
  }
}

TEST_F(ApiTest, LanguageIsTheBestMatchAmongTheBooksLanguages) {
  // loc_2015 has pt-BR only: any other language falls back to it, and says so.
  const auto en = get("/api/v2/days/2025-11-30?book=loc_2015&lang=en");
  ASSERT_EQ(en.status, 200) << en.body;
  EXPECT_EQ(Json(en.body).str("/meta/lang"), "pt-BR");
  EXPECT_EQ(en.header("content-language"), "pt-BR");
  EXPECT_EQ(Json(en.body).str("/data/season/name"), "Advento");
  // A regional tag finds the base language.
  const auto us = get("/api/v2/days/2025-11-30?book=loc_2019_en&lang=en-US");
  ASSERT_EQ(us.status, 200) << us.body;
  EXPECT_EQ(Json(us.body).str("/meta/lang"), "en");
  EXPECT_EQ(Json(us.body).str("/data/season/name"), "Advent");
}

// ---- today --------------------------------------------------------------------------------------

// Fixes AppState::clock for the lifetime of the guard.
class FixedClock {
 public:
  FixedClock(api::AppState& app, std::chrono::system_clock::time_point instant) : app_(app) {
    saved_ = app_.clock;
    app_.clock = [instant] { return instant; };
  }
  ~FixedClock() { app_.clock = saved_; }
  FixedClock(const FixedClock&) = delete;
  FixedClock& operator=(const FixedClock&) = delete;

 private:
  api::AppState& app_;
  std::function<std::chrono::system_clock::time_point()> saved_;
};

std::chrono::system_clock::time_point utc(int y, unsigned m, unsigned d, int hour, int minute) {
  return std::chrono::sys_days{std::chrono::year{y} / std::chrono::month{m} / std::chrono::day{d}} +
         std::chrono::hours{hour} + std::chrono::minutes{minute};
}

TEST_F(ApiTest, TodayIsTheDateInTheBooksTimeZone) {
  {
    // 2026-03-01 01:30 UTC is still 28 February in São Paulo (UTC-3) and New York (UTC-5).
    FixedClock clock(stack().app(), utc(2026, 3, 1, 1, 30));
    const auto pt = get("/api/v2/days/today?book=loc_2015");
    ASSERT_EQ(pt.status, 200) << pt.body;
    EXPECT_EQ(Json(pt.body).str("/data/id"), "2026-02-28");
    const auto en = get("/api/v2/days/today?book=loc_2019_en");
    EXPECT_EQ(Json(en.body).str("/data/id"), "2026-02-28");
  }
  {
    // 04:30 UTC: 1 March in São Paulo, still 28 February in New York.
    FixedClock clock(stack().app(), utc(2026, 3, 1, 4, 30));
    EXPECT_EQ(Json(get("/api/v2/days/today?book=loc_2015").body).str("/data/id"), "2026-03-01");
    EXPECT_EQ(Json(get("/api/v2/days/today?book=loc_2019_en").body).str("/data/id"), "2026-02-28");
    // Every route that takes a date resolves `today` the same way.
    EXPECT_EQ(Json(get("/api/v2/days?book=loc_2015&from=today").body).str("/data/0/id"),
              "2026-03-01");
    EXPECT_EQ(Json(get("/api/v2/days?book=loc_2019_en&from=today&to=2026-03-01").body)
                  .strings("/data", "id"),
              (std::vector<std::string>{"2026-02-28", "2026-03-01"}));
    EXPECT_EQ(
        Json(get("/api/v2/days/today/readings?book=loc_2015&service=all").body).str("/data/date"),
        "2026-03-01");
    // 1 March 2026 is the Second Sunday in Lent.
    EXPECT_EQ(Json(get("/api/v2/collects/today?book=loc_2015").body).str("/data/0/key"), "lent_2");
    EXPECT_EQ(Json(get("/api/v2/liturgical-explanations/today?book=loc_2019_en").body)
                  .str("/data/week/governing_sunday/date"),
              "2026-02-22");
  }
  {
    // In July New York is UTC-4: 02:30 UTC on 1 July is 30 June in both zones.
    FixedClock clock(stack().app(), utc(2026, 7, 1, 2, 30));
    EXPECT_EQ(Json(get("/api/v2/days/today?book=loc_2015").body).str("/data/id"), "2026-06-30");
    EXPECT_EQ(Json(get("/api/v2/days/today?book=loc_2019_en").body).str("/data/id"), "2026-06-30");
  }
}

TEST_F(ApiTest, TodayIsCachedForAShorterTime) {
  for (const char* target :
       {"/api/v2/days/today?book=loc_2015", "/api/v2/days?book=loc_2015&from=today",
        "/api/v2/days?book=loc_2015&from=2026-01-01&to=today",
        "/api/v2/days/today/readings?book=loc_2015", "/api/v2/collects/today?book=loc_2015",
        "/api/v2/liturgical-explanations/today?book=loc_2015"}) {
    FixedClock clock(stack().app(), utc(2026, 3, 1, 12, 0));
    const auto r = get(target);
    ASSERT_EQ(r.status, 200) << target << r.body.substr(0, 300);
    EXPECT_EQ(r.header("cache-control"), "private, max-age=300") << target;
    const auto again = get(target, "all", {{"If-None-Match", r.header("etag")}});
    EXPECT_EQ(again.status, 304) << target;
    EXPECT_EQ(again.header("cache-control"), "private, max-age=300") << target;
  }
  // The same date spelled out is stable.
  EXPECT_EQ(get("/api/v2/days/2026-03-01?book=loc_2015").header("cache-control"),
            "private, max-age=3600");
}

TEST_F(ApiTest, ErrorsAreNotCached) {
  for (const char* target : {"/api/v2/days/2025-11-30", "/api/v2/nothing"}) {
    const auto r = get(target);
    EXPECT_EQ(r.header("cache-control"), "no-store") << target;
    EXPECT_EQ(r.header("etag"), "<absent>") << target;
    const auto conditional = get(target, "all", {{"If-None-Match", "*"}});
    EXPECT_NE(conditional.status, 304) << target;
  }
}

}  // namespace
}  // namespace kalendar::testing
