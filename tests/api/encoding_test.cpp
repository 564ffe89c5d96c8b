// Accept-Encoding and gzip (encoding.hpp).
#include "encoding.hpp"

#include <gtest/gtest.h>

#include <string>
#include <zlib.h>

namespace kalendar::api {
namespace {

TEST(AcceptsGzip, Table) {
  const struct {
    std::string_view header;
    bool gzip;
  } kCases[] = {
      {"gzip", true},
      {"GZip", true},
      {"x-gzip", true},
      {"gzip, deflate, br", true},
      {"br;q=1.0, gzip;q=0.8", true},
      {" gzip ; q=0.5 ", true},
      {"gzip;q=1", true},
      {"gzip;q=0.001", true},
      {"*", true},
      {"*;q=0.1", true},
      {"identity, *", true},
      {"gzip;q=0", false},
      {"gzip;q=0.0", false},
      {"gzip;Q=0.000", false},
      {"gzip;q=0, *", false},  // named and refused: the wildcard does not bring it back
      {"*;q=0", false},
      {"identity", false},
      {"br, deflate", false},
      {"", false},
      {"gzipx", false},
      {",,", false},
  };
  for (const auto& c : kCases) EXPECT_EQ(accepts_gzip(c.header), c.gzip) << c.header;
}

TEST(GzipCompress, InflatesBackToTheSameBytes) {
  std::string body;
  for (int i = 0; i < 2000; ++i) body += R"({"id":"2026-01-)" + std::to_string(i) + R"(","x":1},)";
  const auto gz = gzip_compress(body);
  ASSERT_TRUE(gz);
  ASSERT_GE(gz->size(), 18U);
  EXPECT_EQ(static_cast<unsigned char>((*gz)[0]), 0x1F);  // gzip magic (RFC 1952)
  EXPECT_EQ(static_cast<unsigned char>((*gz)[1]), 0x8B);
  EXPECT_LT(gz->size(), body.size() / 4);
  std::string out(body.size(), '\0');
  uLongf out_size = static_cast<uLongf>(out.size());
  z_stream s{};
  ASSERT_EQ(inflateInit2(&s, 15 + 16), Z_OK);
  s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz->data()));
  s.avail_in = static_cast<uInt>(gz->size());
  s.next_out = reinterpret_cast<Bytef*>(out.data());
  s.avail_out = static_cast<uInt>(out_size);
  EXPECT_EQ(inflate(&s, Z_FINISH), Z_STREAM_END);
  out.resize(s.total_out);
  inflateEnd(&s);
  EXPECT_EQ(out, body);
  // An empty body is a valid gzip member too.
  EXPECT_TRUE(gzip_compress(""));
}

}  // namespace
}  // namespace kalendar::api
