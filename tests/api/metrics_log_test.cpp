// Prometheus exposition and the access log (metrics.hpp, access_log.hpp).
#include "access_log.hpp"
#include "metrics.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace kalendar::api {
namespace {

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

TEST(Metrics, CountersHistogramAndGauges) {
  Metrics m;
  const RouteSlot days = m.add_route("/api/v2/days/{date}");
  m.record(days, 200, std::chrono::microseconds(400));
  m.record(days, 200, std::chrono::microseconds(3000));
  m.record(days, 304, std::chrono::microseconds(100));
  m.record(kUnmatchedRoute, 404, std::chrono::microseconds(10));
  m.record(days, 418, std::chrono::microseconds(10));  // uncommon status: "other"
  m.set_books_loaded(3);
  m.set_keys_active(2);
  m.set_ready(true);
  const std::string text = m.exposition();
  EXPECT_TRUE(contains(text, "# TYPE kalendar_http_requests_total counter\n"));
  EXPECT_TRUE(contains(
      text, "kalendar_http_requests_total{route=\"/api/v2/days/{date}\",status=\"200\"} 2\n"));
  EXPECT_TRUE(contains(
      text, "kalendar_http_requests_total{route=\"/api/v2/days/{date}\",status=\"304\"} 1\n"));
  EXPECT_TRUE(contains(
      text, "kalendar_http_requests_total{route=\"/api/v2/days/{date}\",status=\"other\"} 1\n"));
  EXPECT_TRUE(contains(text, "kalendar_http_requests_total{route=\"unmatched\",status=\"404\"} 1"));
  EXPECT_TRUE(contains(text, "# TYPE kalendar_http_request_duration_seconds histogram\n"));
  EXPECT_TRUE(contains(text,
                       "kalendar_http_request_duration_seconds_bucket{route=\"/api/v2/days/"
                       "{date}\",le=\"0.0005\"} 3\n"));  // 400, 100 and 10 microseconds
  EXPECT_TRUE(contains(text,
                       "kalendar_http_request_duration_seconds_bucket{route=\"/api/v2/days/"
                       "{date}\",le=\"0.005\"} 4\n"));
  EXPECT_TRUE(contains(text,
                       "kalendar_http_request_duration_seconds_bucket{route=\"/api/v2/days/"
                       "{date}\",le=\"+Inf\"} 4\n"));
  EXPECT_TRUE(contains(
      text,
      "kalendar_http_request_duration_seconds_sum{route=\"/api/v2/days/{date}\"} 0.003510\n"));
  EXPECT_TRUE(contains(
      text, "kalendar_http_request_duration_seconds_count{route=\"/api/v2/days/{date}\"} 4\n"));
  EXPECT_TRUE(contains(text, "kalendar_books_loaded 3\n"));
  EXPECT_TRUE(contains(text, "kalendar_api_keys_active 2\n"));
  EXPECT_TRUE(contains(text, "kalendar_ready 1\n"));
  // Series that never counted are absent; every line ends with a newline.
  EXPECT_FALSE(contains(text, "status=\"500\""));
  EXPECT_EQ(text.back(), '\n');
}

TEST(LogfmtValue, QuotesAndEscapes) {
  EXPECT_EQ(logfmt_value("GET"), "GET");
  EXPECT_EQ(logfmt_value(""), "\"\"");
  EXPECT_EQ(logfmt_value("a b"), "\"a b\"");
  EXPECT_EQ(logfmt_value("book=loc"), "\"book=loc\"");
  EXPECT_EQ(logfmt_value("x\ny"), "\"x\\x0ay\"");  // no forged lines
  EXPECT_EQ(logfmt_value("say \"hi\""), "\"say \\\"hi\\\"\"");
  EXPECT_EQ(logfmt_value("S\xC3\xA3o"), "\"S\\xc3\\xa3o\"");
}

TEST(Logger, OneLinePerRequestWithKeyNameOnly) {
  std::vector<std::string> lines;
  Logger log([&](std::string_view line) { lines.emplace_back(line); });
  log.access({"GET", "/api/v2/days/today", "book=loc_2015", 200, 512, 830, "ops-dashboard"});
  log.error("unhandled_exception", "boom");
  ASSERT_EQ(lines.size(), 2U);
  const std::string& line = lines[0];
  EXPECT_EQ(line.back(), '\n');
  EXPECT_EQ(std::count(line.begin(), line.end(), '\n'), 1);
  for (std::string_view part :
       {"level=info", "event=request", "method=GET", "path=/api/v2/days/today",
        "query=\"book=loc_2015\"", "status=200", "bytes=512", "us=830", "key=ops-dashboard"}) {
    EXPECT_TRUE(contains(line, part)) << part << " in " << line;
  }
  EXPECT_TRUE(contains(lines[1], "level=error event=unhandled_exception detail=boom"));
}

TEST(Logger, KeyLikeQueryParametersAndPathSegmentsAreRedacted) {
  EXPECT_EQ(redact_query("book=loc_2015&api_key=kal_abc&X-API-Key=zz&token=t&apikey&q=kal_x"),
            "book=loc_2015&api_key=[redacted]&X-API-Key=[redacted]&token=[redacted]&apikey&"
            "q=[redacted]");
  EXPECT_EQ(redact_query("key%5B%5D=1&monkey=2&ref=John%203:16"),
            "key%5B%5D=[redacted]&monkey=[redacted]&ref=John%203:16");
  EXPECT_EQ(redact_path("/api/v2/kal_abc/x"), "/api/v2/[redacted]/x");
  EXPECT_EQ(redact_path("/api/v2/days/kal_"), "/api/v2/days/[redacted]");
  EXPECT_EQ(redact_path("/api/v2/xkal_abc"), "/api/v2/xkal_abc");
  // A feed URL carries its token: never written to the log either.
  EXPECT_EQ(redact_path("/api/v2/feeds/kfeed_Jx0mC9c7r8WfB2Qm.ics"), "/api/v2/feeds/[redacted]");
  EXPECT_EQ(redact_query("t=kfeed_abc&book=x"), "t=[redacted]&book=x");
  std::vector<std::string> lines;
  Logger log([&](std::string_view line) { lines.emplace_back(line); });
  log.access({"GET", "/api/v2/kal_SECRET1", "x-api-key=kal_SECRET2&book=a", 404, 9, 1, ""});
  ASSERT_EQ(lines.size(), 1U);
  EXPECT_FALSE(contains(lines[0], "SECRET")) << lines[0];
  EXPECT_TRUE(contains(lines[0], "book=a")) << lines[0];
}

TEST(Logger, AccessLinesCanBeTurnedOff) {
  std::vector<std::string> lines;
  Logger log([&](std::string_view line) { lines.emplace_back(line); }, false);
  log.access({"GET", "/health", "", 200, 15, 40, ""});
  log.error("e", "still logged");
  EXPECT_EQ(lines.size(), 1U);
}

}  // namespace
}  // namespace kalendar::api
