// The HTTP request reader and response writer without sockets: what the fast paths of the warm
// request (no copied line list, a query already in canonical order kept as sent, header names
// compared in place, the head written in one buffer) must keep exactly as before.
#include "http_wire.hpp"

#include <gtest/gtest.h>

#include <string>

namespace kalendar::http {
namespace {

WireEvent read_one(const std::string& bytes, WireLimits limits = {}) {
  RequestReader reader(limits);
  reader.feed(bytes);
  return reader.next();
}

std::string get(const std::string& target, const std::string& headers = "") {
  return "GET " + target + " HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n";
}

TEST(HttpWire, QueryIsCanonicalWhateverItsOrder) {
  // Sorted by name (stable), empty pieces dropped, a name without '=' gets one.
  const std::pair<std::string, std::string> cases[] = {
      {"book=loc_2015", "book=loc_2015"},
      {"a=1&b=2", "a=1&b=2"},
      {"b=2&a=1", "a=1&b=2"},
      {"a=2&a=1", "a=2&a=1"},  // repeats keep their order (url.cpp decides about them)
      {"a=1&&b=2", "a=1&b=2"},
      {"b&a=1", "a=1&b="},
      {"a", "a="},
      {"", ""},
      {"=x&a=1", "=x&a=1"},
  };
  for (const auto& [sent, canonical] : cases) {
    const WireEvent e = read_one(get("/p?" + sent));
    ASSERT_EQ(e.kind, WireEvent::got_request) << sent;
    EXPECT_EQ(e.request.raw_query, canonical) << sent;
    EXPECT_EQ(e.request.raw_path, "/p");
  }
}

TEST(HttpWire, HeadersKeptAsSentAndSpecialOnesFoundInAnyCase) {
  const WireEvent e =
      read_one(get("/p", "X-API-Key:  kal_abc \r\nCONNECTION: Close\r\ncontent-LENGTH: 0\r\n"));
  ASSERT_EQ(e.kind, WireEvent::got_request);
  ASSERT_EQ(e.request.headers.size(), 4U);
  EXPECT_EQ(e.request.headers[1].name, "X-API-Key");
  EXPECT_EQ(e.request.headers[1].value, "kal_abc");
  EXPECT_EQ(e.request.header("connection"), "Close");
  EXPECT_FALSE(e.keep_alive);
  EXPECT_TRUE(read_one(get("/p", "Connection: keep-alive\r\n")).keep_alive);
  EXPECT_TRUE(read_one(get("/p")).keep_alive);  // HTTP/1.1 default
  EXPECT_FALSE(read_one("GET /p HTTP/1.0\r\n\r\n").keep_alive);
  EXPECT_TRUE(read_one("GET /p HTTP/1.0\r\nConnection: Keep-Alive, TE\r\n\r\n").keep_alive);
  EXPECT_EQ(read_one(get("/p", "transfer-ENCODING: chunked\r\n")).kind, WireEvent::got_error);
}

TEST(HttpWire, HeaderCountLimitCountsHeaderLinesOnly) {
  const WireLimits limits{.max_header_count = 3};
  std::string three = "A: 1\r\nB: 2\r\n";  // with Host: three header lines
  EXPECT_EQ(read_one(get("/p", three), limits).kind, WireEvent::got_request);
  const WireEvent four = read_one(get("/p", three + "C: 3\r\n"), limits);
  ASSERT_EQ(four.kind, WireEvent::got_error);
  EXPECT_EQ(four.failure.code, api::ErrorCode::headers_too_large);
  // Bare LF line ends count the same way.
  EXPECT_EQ(read_one("GET /p HTTP/1.1\nA: 1\nB: 2\nC: 3\n\n", limits).kind, WireEvent::got_request);
  EXPECT_EQ(read_one("GET /p HTTP/1.1\nA: 1\nB: 2\nC: 3\nD: 4\n\n", limits).kind,
            WireEvent::got_error);
}

TEST(HttpWire, PipelinedRequestsOneReaderInOrder) {
  RequestReader reader(WireLimits{});
  reader.feed(get("/a?y=1&x=2") + "\r\n" + get("/b", "Content-Length: 3\r\n") + "xyz" + get("/c"));
  EXPECT_EQ(reader.next().request.raw_query, "x=2&y=1");
  EXPECT_EQ(reader.next().request.raw_path, "/b");
  EXPECT_EQ(reader.next().request.raw_path, "/c");  // the body of /b was skipped
  EXPECT_EQ(reader.next().kind, WireEvent::need_more);
  EXPECT_FALSE(reader.partial());
}

TEST(HttpWire, ResponseHeadAndBody) {
  api::Response r;
  r.content_type = "application/json";
  r.etag = "\"abc\"";
  r.max_age_seconds = 3600;
  r.vary = "X-API-Key";
  r.rate_limit = api::RateLimitHeaders{60, 59, 1};
  r.cors_headers = {{"Access-Control-Allow-Origin", "*"}};
  r.body = "{}";
  EXPECT_EQ(write_response(r, true, "HTTP/1.1"),
            "HTTP/1.1 200 OK\r\nConnection: Keep-Alive\r\nContent-Type: application/json\r\n"
            "ETag: \"abc\"\r\nCache-Control: private, max-age=3600\r\nVary: X-API-Key\r\n"
            "RateLimit-Limit: 60\r\nRateLimit-Remaining: 59\r\nRateLimit-Reset: 1\r\n"
            "Access-Control-Allow-Origin: *\r\nContent-Length: 2\r\n\r\n{}");
  api::Response head;
  head.status = 304;
  head.no_store = true;
  head.head_content_length = 1234;
  EXPECT_EQ(write_response(head, false, "HTTP/1.0"),
            "HTTP/1.0 304 Not Modified\r\nConnection: Close\r\nCache-Control: no-store\r\n"
            "Content-Length: 1234\r\n\r\n");
}

TEST(HttpWire, LongHeadIsWrittenWhole) {
  // Longer than the writer's stack buffer: it continues in a string, nothing is lost.
  api::Response r;
  for (int i = 0; i < 40; ++i)
    r.cors_headers.push_back({"X-H" + std::to_string(i), std::string(60, 'v')});
  r.body = "body";
  const std::string bytes = write_response(r, true, "HTTP/1.1");
  EXPECT_NE(bytes.find("X-H0: " + std::string(60, 'v') + "\r\n"), std::string::npos);
  EXPECT_NE(bytes.find("X-H39: " + std::string(60, 'v') + "\r\nContent-Length: 4\r\n\r\nbody"),
            std::string::npos);
  EXPECT_GT(bytes.size(), 40U * 68U);
}

}  // namespace
}  // namespace kalendar::http
