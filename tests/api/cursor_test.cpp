// Opaque cursors: round trip and rejection (cursor.hpp).
#include "cursor.hpp"

#include "crypto.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kalendar::api {
namespace {

CursorScope festival_scope() {
  CursorScope scope("loc_2015");
  scope.filter("q", "").filter("type", "festival").filter("month", "6");
  return scope;
}

TEST(Cursor, RoundTrip) {
  const std::vector<std::int64_t> key = {20250624, 215};
  const std::string cursor = encode_cursor(festival_scope(), key);
  EXPECT_EQ(
      cursor.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
      std::string::npos);
  const auto decoded = decode_cursor(cursor, festival_scope());
  ASSERT_TRUE(decoded.ok()) << decoded.error().message;
  EXPECT_EQ(decoded.value(), key);

  const std::vector<std::int64_t> negative = {-5, 0, 9'000'000'000'000};
  EXPECT_EQ(decode_cursor(encode_cursor(festival_scope(), negative), festival_scope()).value(),
            negative);
}

TEST(Cursor, ForeignScopesAreRefused) {
  const std::string cursor = encode_cursor(festival_scope(), std::vector<std::int64_t>{1});
  CursorScope other_book("bcp_1979");
  other_book.filter("q", "").filter("type", "festival").filter("month", "6");
  CursorScope other_filter("loc_2015");
  other_filter.filter("q", "").filter("type", "festival").filter("month", "7");
  CursorScope shifted("loc_2015");  // same text, other positions: length-prefixing tells apart
  shifted.filter("q", "type").filter("festival", "month").filter("6", "");
  for (const CursorScope* scope : {&other_book, &other_filter, &shifted}) {
    const auto decoded = decode_cursor(cursor, *scope);
    ASSERT_FALSE(decoded.ok());
    EXPECT_EQ(decoded.error().code, "invalid_cursor");
    EXPECT_NE(decoded.error().message.find("another book or other filters"), std::string::npos);
  }
}

TEST(Cursor, MalformedAndTamperedAreRefused) {
  const std::string digest = festival_scope().digest();
  const auto b64 = [](std::string_view json) { return base64url_encode(json); };
  const std::string good = R"({"v":1,"s":")" + digest + R"(","k":[5]})";
  ASSERT_TRUE(decode_cursor(b64(good), festival_scope()).ok());

  std::string flipped = encode_cursor(festival_scope(), std::vector<std::int64_t>{5});
  flipped[10] = flipped[10] == 'A' ? 'B' : 'A';

  const std::string kBad[] = {
      "",
      "not a cursor!",
      std::string(600, 'A'),
      flipped,
      b64("not json"),
      b64("[1,2]"),
      b64(R"({"v":1,"s":")" + digest + R"(","k":[]})"),                   // empty key
      b64(R"({"v":1,"s":")" + digest + R"(","k":["5"]})"),                // string part
      b64(R"({"v":1,"s":")" + digest + R"(","k":[5.5]})"),                // not an integer
      b64(R"({"v":1,"s":")" + digest + R"(","k":[5],"x":1})"),            // extra member
      b64(R"({"v":1,"v":1,"s":")" + digest + R"(","k":[5]})"),            // repeated member
      b64(R"({"s":")" + digest + R"(","k":[5]})"),                        // no version
      b64(R"({"v":1,"k":[5]})"),                                          // no scope
      b64(R"({"s":")" + digest + R"(","v":1,"k":[5]})"),                  // reordered
      b64(R"({"v":1, "s":")" + digest + R"(","k":[5]})"),                 // whitespace
      b64(good + "{}"),                                                   // trailing content
      b64(R"({"v":1,"s":")" + digest + R"(","k":[1,2,3,4,5,6,7,8,9]})"),  // key too long
  };
  for (const auto& cursor : kBad) {
    SCOPED_TRACE(cursor.substr(0, 60));
    const auto decoded = decode_cursor(cursor, festival_scope());
    ASSERT_FALSE(decoded.ok());
    EXPECT_EQ(decoded.error().code, "invalid_cursor");
  }
}

TEST(Cursor, OtherVersionIsRefusedWithItsOwnMessage) {
  const std::string json = R"({"v":2,"s":")" + festival_scope().digest() + R"(","k":[5]})";
  const auto decoded = decode_cursor(base64url_encode(json), festival_scope());
  ASSERT_FALSE(decoded.ok());
  EXPECT_NE(decoded.error().message.find("another version"), std::string::npos);
}

}  // namespace
}  // namespace kalendar::api
