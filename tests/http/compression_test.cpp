// gzip over HTTP (encoding.hpp): answers of 1 KB or more are gzip when the client accepts it,
// inflate to the identical JSON, carry their own ETag and Vary: Accept-Encoding; small answers,
// refusing clients and HEAD stay consistent.
#include "api_fixture.hpp"

#include <zlib.h>

namespace kalendar::testing {
namespace {

// Inflates one gzip member; "" on any error.
std::string gunzip(std::string_view data) {
  z_stream s{};
  if (inflateInit2(&s, 15 + 16) != Z_OK) return {};
  std::string out;
  char buffer[16384];
  s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  s.avail_in = static_cast<uInt>(data.size());
  int status = Z_OK;
  while (status == Z_OK) {
    s.next_out = reinterpret_cast<Bytef*>(buffer);
    s.avail_out = sizeof buffer;
    status = inflate(&s, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - s.avail_out);
  }
  const bool complete = status == Z_STREAM_END && s.avail_in == 0;
  inflateEnd(&s);
  return complete ? out : std::string();
}

const Headers kGzip = {{"Accept-Encoding", "gzip, deflate, br"}};

TEST_F(ApiTest, AYearOfDaysInGzipInflatesToTheIdenticalJson) {
  const std::string target = "/api/v2/days?book=loc_2015&year=2026&include=readings";
  const auto plain = get(target);
  ASSERT_EQ(plain.status, 200);
  ASSERT_GT(plain.body.size(), 100'000U);
  EXPECT_EQ(plain.header("content-encoding"), "<absent>");
  for (int attempt = 0; attempt < 2; ++attempt) {  // computed, then from the response cache
    const auto gz = get(target, "all", kGzip);
    ASSERT_EQ(gz.status, 200);
    EXPECT_EQ(gz.header("content-encoding"), "gzip");
    EXPECT_EQ(gz.header("vary"), "X-API-Key, Accept-Language, Accept-Encoding");
    EXPECT_EQ(gz.header("content-type"), "application/json");
    EXPECT_EQ(gz.header("content-length"), std::to_string(gz.body.size()));
    EXPECT_LT(gz.body.size(), plain.body.size() / 3);
    EXPECT_EQ(gunzip(gz.body), plain.body);
    // One tag per representation: derived from the same body, but not the same.
    EXPECT_NE(gz.header("etag"), plain.header("etag"));
    EXPECT_EQ(gz.header("etag"),
              plain.header("etag").substr(0, plain.header("etag").size() - 1) + "-gzip\"");
  }
}

TEST_F(ApiTest, EachEncodingRevalidatesWithItsOwnTag) {
  const std::string target = "/api/v2/days?book=loc_2015&year=2025";
  const auto plain = get(target);
  const auto gz = get(target, "all", kGzip);
  ASSERT_EQ(gz.header("content-encoding"), "gzip");
  const auto gz304 =
      get(target, "all", {{"Accept-Encoding", "gzip"}, {"If-None-Match", gz.header("etag")}});
  EXPECT_EQ(gz304.status, 304);
  EXPECT_TRUE(gz304.body.empty());
  EXPECT_EQ(gz304.header("etag"), gz.header("etag"));
  // The identity tag does not validate the gzip representation, and the reverse.
  EXPECT_EQ(
      get(target, "all", {{"Accept-Encoding", "gzip"}, {"If-None-Match", plain.header("etag")}})
          .status,
      200);
  EXPECT_EQ(get(target, "all", {{"If-None-Match", gz.header("etag")}}).status, 200);
  EXPECT_EQ(get(target, "all", {{"If-None-Match", plain.header("etag")}}).status, 304);
  // A different year: different bodies, different tags in both encodings.
  const auto other = get("/api/v2/days?book=loc_2015&year=2024", "all", kGzip);
  EXPECT_NE(other.header("etag"), gz.header("etag"));
}

TEST_F(ApiTest, SmallAnswersAndRefusingClientsGetIdentity) {
  const std::string day = "/api/v2/days/2025-11-30?book=loc_2015";
  const auto small = get(day, "all", kGzip);
  ASSERT_LT(get(day).body.size(), 1024U);
  EXPECT_EQ(small.header("content-encoding"), "<absent>");
  EXPECT_EQ(small.header("etag"), get(day).header("etag"));
  const std::string year = "/api/v2/days?book=loc_2015&year=2026";
  for (const char* refusal : {"gzip;q=0", "identity", "br", "*;q=0", "gzip;q=0.000, *"}) {
    const auto r = get(year, "all", {{"Accept-Encoding", refusal}});
    EXPECT_EQ(r.header("content-encoding"), "<absent>") << refusal;
  }
  for (const char* accepting : {"GZIP", "x-gzip", "*", "br;q=1.0, gzip;q=0.5", "gzip;q=0.001"}) {
    const auto r = get(year, "all", {{"Accept-Encoding", accepting}});
    EXPECT_EQ(r.header("content-encoding"), "gzip") << accepting;
  }
  // Errors are never compressed.
  const auto error = get("/api/v2/days?book=nope&year=2026", "all", kGzip);
  EXPECT_GE(error.status, 400);
  EXPECT_EQ(error.header("content-encoding"), "<absent>");
}

TEST_F(ApiTest, HeadWithGzipSendsTheGetHeaders) {
  const std::string target = "/api/v2/days?book=loc_2015&year=2026";
  const auto gz = get(target, "all", kGzip);
  const auto head = request("HEAD", target, "all", kGzip);
  EXPECT_EQ(head.status, 200);
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(head.header("content-encoding"), "gzip");
  EXPECT_EQ(head.header("etag"), gz.header("etag"));
  EXPECT_EQ(head.header("vary"), gz.header("vary"));
  EXPECT_EQ(head.header("content-length"), std::to_string(gz.body.size()));  // the gzip GET's
  EXPECT_TRUE(client_->quiet_for(50));                                       // still in step
  EXPECT_EQ(get("/health", "").body, R"({"status":"ok"})");
}

}  // namespace
}  // namespace kalendar::testing
