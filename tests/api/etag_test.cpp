// Strong ETags and If-None-Match (etag.hpp).
#include "etag.hpp"

#include <gtest/gtest.h>

#include <string>

namespace kalendar::api {
namespace {

TEST(MakeEtag, StrongQuotedDigestOfTheBody) {
  // SHA-256("") = e3b0c44298fc1c149afbf4c8996fb924 27ae41e4...; the tag keeps 128 bits.
  EXPECT_EQ(make_etag(""), "\"e3b0c44298fc1c149afbf4c8996fb924\"");
  EXPECT_EQ(make_etag("{}"), make_etag("{}"));
  EXPECT_NE(make_etag("{}"), make_etag("{ }"));
  EXPECT_EQ(make_etag("x").size(), 34U);
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
