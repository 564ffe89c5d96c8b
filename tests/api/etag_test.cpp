// Strong ETags and If-None-Match (etag.hpp).
#include "etag.hpp"

#include <gtest/gtest.h>

#include <string>

namespace kalendar::api {
namespace {

TEST(MakeEtag, StrongQuotedDigestOfTheBody) {
  // XXH3-128 of the empty input is 0x99aa06d3014798d8'6001c324468d497f (xxHash's own sanity
  // table); the tag writes the high half first.
  EXPECT_EQ(make_etag(""), "\"99aa06d3014798d86001c324468d497f\"");
  EXPECT_EQ(make_etag("{}"), make_etag("{}"));
  EXPECT_NE(make_etag("{}"), make_etag("{ }"));
  EXPECT_EQ(make_etag("x").size(), 34U);
}

TEST(MakeEtag, ChangesExactlyWhenTheBodyChanges) {
  // Every one-byte change of a day-sized body, at every position, changes the tag; the same
  // bytes built separately give the same tag.
  std::string body(700, 'a');
  for (std::size_t i = 0; i < body.size(); ++i) body[i] = static_cast<char>('a' + i % 26);
  const std::string tag = make_etag(body);
  EXPECT_EQ(make_etag(std::string(body)), tag);
  for (std::size_t i = 0; i < body.size(); ++i) {
    std::string changed = body;
    changed[i] = static_cast<char>(changed[i] ^ 1);
    EXPECT_NE(make_etag(changed), tag) << "byte " << i;
  }
  EXPECT_NE(make_etag(body + " "), tag);
  EXPECT_NE(make_etag(body.substr(1)), tag);
}

TEST(EncodedEtag, DiffersFromTheIdentityTagAndFollowsIt) {
  const std::string a = make_etag("{\"a\":1}");
  const std::string b = make_etag("{\"a\":2}");
  EXPECT_EQ(encoded_etag(a, "gzip"), a.substr(0, a.size() - 1) + "-gzip\"");
  EXPECT_NE(encoded_etag(a, "gzip"), a);
  EXPECT_NE(encoded_etag(a, "gzip"), encoded_etag(b, "gzip"));
  // A client holding the identity tag does not get a 304 for the gzip representation.
  EXPECT_FALSE(if_none_match_matches(a, encoded_etag(a, "gzip")));
  EXPECT_TRUE(if_none_match_matches(encoded_etag(a, "gzip"), encoded_etag(a, "gzip")));
}

TEST(IfNoneMatch, Table) {
  const std::string tag = "\"abc\"";
  const struct {
    std::string_view header;
    bool matches;
  } kCases[] = {
      {"\"abc\"", true},
      {"W/\"abc\"", true},  // weak comparison for If-None-Match
      {"*", true},
      {"  *  ", true},
      {"\"x\", \"abc\"", true},
      {"\"x\",\"abc\"", true},
      {"\"x\" ,\t W/\"abc\" ", true},
      {",,\"abc\"", true},
      {"\"x\"", false},
      {"\"abcd\"", false},
      {"abc", false},    // unquoted
      {"\"abc", false},  // unterminated
      {"", false},
      {"w/\"abc\"", false},      // the weak prefix is case-sensitive
      {"\"x\" \"abc\"", false},  // no comma: malformed after the first tag
      {"*, \"x\"", false},       // `*` only alone
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(std::string(c.header));
    EXPECT_EQ(if_none_match_matches(c.header, tag), c.matches);
  }
}

TEST(IfNoneMatch, OurWeakTagComparesWeaklyToo) {
  EXPECT_TRUE(if_none_match_matches("\"abc\"", "W/\"abc\""));
}

}  // namespace
}  // namespace kalendar::api
