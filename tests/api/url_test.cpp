// Percent-decoding, target splitting and query parsing (url.hpp).
#include "url.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kalendar::api {
namespace {

TEST(PercentDecode, Table) {
  const struct {
    std::string_view raw;
    DecodeMode mode;
    std::string expected;  // "" with error set: must fail with that code
    std::string_view error;
  } kCases[] = {
      {"2025%2D06%2D24", DecodeMode::path_segment, "2025-06-24", ""},
      {"fields%5Bday%5D", DecodeMode::query_component, "fields[day]", ""},
      {"a+b", DecodeMode::query_component, "a b", ""},
      {"a+b", DecodeMode::path_segment, "a+b", ""},  // '+' is a space only in queries
      {"a%20b", DecodeMode::path_segment, "a b", ""},
      {"S%C3%A3o", DecodeMode::query_component, "S\xC3\xA3o", ""},
      {"S\xC3\xA3o", DecodeMode::query_component, "S\xC3\xA3o", ""},   // raw UTF-8 passes
      {"%e2%80%93", DecodeMode::query_component, "\xE2\x80\x93", ""},  // lower-case hex
      {"%2B", DecodeMode::query_component, "+", ""},
      {"", DecodeMode::query_component, "", ""},
      {"%", DecodeMode::query_component, "", "bad_escape"},
      {"%4", DecodeMode::query_component, "", "bad_escape"},
      {"%zz", DecodeMode::query_component, "", "bad_escape"},
      {"ab%", DecodeMode::path_segment, "", "bad_escape"},
      {"%00", DecodeMode::query_component, "", "nul"},
      {"a%00b", DecodeMode::path_segment, "", "nul"},
      {"%C0%AF", DecodeMode::query_component, "", "bad_utf8"},  // overlong '/'
      {"%FF", DecodeMode::query_component, "", "bad_utf8"},
      {"%ED%A0%80", DecodeMode::query_component, "", "bad_utf8"},  // surrogate
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(std::string(c.raw));
    const auto result = percent_decode(c.raw, c.mode);
    if (c.error.empty()) {
      ASSERT_TRUE(result.ok()) << result.error().code;
      EXPECT_EQ(result.value(), c.expected);
    } else {
      ASSERT_FALSE(result.ok());
      EXPECT_EQ(result.error().code, c.error);
    }
  }
}

TEST(PercentEncode, RoundTripsAndKeepsUnreserved) {
  EXPECT_EQ(percent_encode("fields[day]"), "fields%5Bday%5D");
  EXPECT_EQ(percent_encode("a-b_c.d~e"), "a-b_c.d~e");
  EXPECT_EQ(percent_encode("a b+c&d=e"), "a%20b%2Bc%26d%3De");
  const std::string text = "Jo\xC3\xA3o 3:16";
  EXPECT_EQ(percent_decode(percent_encode(text), DecodeMode::query_component).value(), text);
}

TEST(SplitTarget, PathQueryAndFragment) {
  EXPECT_EQ(split_target("/a/b?x=1").path, "/a/b");
  EXPECT_EQ(split_target("/a/b?x=1").query, "x=1");
  EXPECT_EQ(split_target("/a/b").query, "");
  EXPECT_EQ(split_target("/a?x=1?y").query, "x=1?y");  // only the first '?' splits
  EXPECT_EQ(split_target("/a?x=1#frag").query, "x=1");
  EXPECT_EQ(split_target("/a#frag").path, "/a");
}

TEST(DecodePath, SegmentsAreDecodedAfterSplitting) {
  using V = std::vector<std::string>;
  EXPECT_EQ(decode_path("/api/v2/days/2025%2D06%2D24").value(),
            (V{"api", "v2", "days", "2025-06-24"}));
  EXPECT_EQ(decode_path("//api//v2/days/").value(), (V{"api", "v2", "days"}));
  EXPECT_EQ(decode_path("/").value(), V{});
  EXPECT_EQ(decode_path("/a%2Fb/c").value(), (V{"a/b", "c"}));  // an encoded slash stays inside
  EXPECT_FALSE(decode_path("/days/%ZZ").ok());
  EXPECT_FALSE(decode_path("/days/%00").ok());
}

// PathSegments skips decoding when the raw path is its own decoding; whichever way it goes,
// it must give exactly decode_path()'s segments and errors.
TEST(PathSegments, SameSegmentsAsDecodePath) {
  for (const std::string_view raw :
       {"/api/v2/days/2025-06-24", "/api/v2/days/2025%2D06%2D24", "//api//v2/days/", "/", "",
        "/a%2Fb/c", "/S\xC3\xA3o/Jo\xC3\xA3o", "/a+b/c%20d"}) {
    PathSegments segments;
    ASSERT_FALSE(segments.parse(raw).has_value()) << raw;
    const auto expected = decode_path(raw).value();
    ASSERT_EQ(segments.size(), expected.size()) << raw;
    for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(segments[i], expected[i]) << raw;
  }
  for (const std::string_view raw : {"/days/%ZZ", "/days/%00", "/days/\xC3", "/a/b\xFF/c"}) {
    PathSegments segments;
    const auto error = segments.parse(raw);
    ASSERT_TRUE(error.has_value()) << raw;
    EXPECT_EQ(error->code, decode_path(raw).error().code) << raw;
  }
  PathSegments nul;  // a raw NUL (possible from in-process requests) is refused as before
  EXPECT_EQ(nul.parse(std::string_view("/a\0b", 4))->code, "nul");
}

TEST(PathSegments, CountsSegmentsBeyondItsViews) {
  std::string raw;
  for (int i = 0; i < 20; ++i) raw += "/s";
  PathSegments segments;
  ASSERT_FALSE(segments.parse(raw).has_value());
  EXPECT_EQ(segments.size(), 20U);  // no route has 20 segments: the count is what matters
  EXPECT_EQ(segments[PathSegments::kMaxViews - 1], "s");
}

TEST(ParseQuery, DecodesNamesAndValuesInOrder) {
  ErrorList errors;
  const Query q = parse_query("fields%5Bday%5D=date&q=S%C3%A3o+Jo%C3%A3o&flag&&=x&b=1=2", errors);
  EXPECT_TRUE(errors.empty());
  ASSERT_EQ(q.params().size(), 4U);
  EXPECT_EQ(q.params()[0].name, "fields[day]");
  EXPECT_EQ(q.params()[0].value, "date");
  EXPECT_EQ(q.find("q")->value, "S\xC3\xA3o Jo\xC3\xA3o");
  EXPECT_EQ(q.find("flag")->value, "");  // no '=': empty value
  EXPECT_EQ(q.find("b")->value, "1=2");  // only the first '=' splits
  EXPECT_EQ(q.find("missing"), nullptr);
}

TEST(ParseQuery, RepeatedListsAreJoinedAndOtherRepeatsRejected) {
  ErrorList errors;
  const Query q = parse_query(
      "book=a&book=b&book=c&fields%5Bday%5D=x&fields[day]=y&include=readings&include=&"
      "include=collect",
      errors);
  // include and fields[<type>] are comma lists: their repeats join, nothing is dropped.
  EXPECT_EQ(q.find("fields[day]")->value, "x,y");
  EXPECT_EQ(q.find("include")->value, "readings,collect");
  // Any other repeat is an error naming the parameter and the count, never a silent choice.
  ASSERT_EQ(errors.items().size(), 1U);
  EXPECT_EQ(errors.items()[0].parameter, "book");
  EXPECT_NE(errors.items()[0].detail.find("is given 3 times; send it once"), std::string::npos)
      << errors.items()[0].detail;
  EXPECT_EQ(q.encode(), "book=a&fields%5Bday%5D=x%2Cy&include=readings%2Ccollect");
}

TEST(ParseQuery, ReportsEveryProblemAndMarksParamsInvalid) {
  const struct {
    std::string_view raw;
    std::vector<std::string> parameters;  // source.parameter of each error, in order
  } kCases[] = {
      {"book[]=x", {"book[]"}},
      {"book%5B%5D=x", {"book[]"}},
      {"book[0]=x", {"book[0]"}},
      {"fields[]=x", {"fields[]"}},
      {"fields[day][x]=y", {"fields[day][x]"}},
      {"a]=1", {"a]"}},
      {"book=%ZZ", {"book"}},
      {"book=%00", {"book"}},
      {"b%ZZk=1", {"b%ZZk"}},  // an undecodable name is reported as sent
      {"x=%FF&book[]=1&y=%", {"x", "book[]", "y"}},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(std::string(c.raw));
    ErrorList errors;
    const Query q = parse_query(c.raw, errors);
    std::vector<std::string> parameters;
    for (const auto& e : errors.items()) {
      EXPECT_EQ(e.code, ErrorCode::invalid_parameter);
      parameters.push_back(e.parameter);
    }
    EXPECT_EQ(parameters, c.parameters);
    for (const auto& p : q.params()) EXPECT_FALSE(p.valid) << p.name;
  }
}

TEST(ParseQuery, FieldsBracketFormIsLegitimate) {
  ErrorList errors;
  const Query q = parse_query("fields[day]=date,color&fields%5Breading%5D=", errors);
  EXPECT_TRUE(errors.empty());
  EXPECT_TRUE(q.find("fields[day]")->valid);
  EXPECT_TRUE(q.find("fields[reading]")->valid);
}

TEST(ParseQuery, LengthCap) {
  ErrorList errors;
  const std::string ok = "q=" + std::string(kMaxQueryBytes - 2, 'a');
  EXPECT_EQ(parse_query(ok, errors).params().size(), 1U);
  EXPECT_TRUE(errors.empty());
  const Query q = parse_query(ok + "a", errors);
  EXPECT_TRUE(q.params().empty());
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_EQ(errors.items()[0].code, ErrorCode::invalid_parameter);
}

TEST(QueryEncode, WithReplacesInPlaceOrAppends) {
  ErrorList errors;
  const Query q = parse_query("book=loc&cursor=old&limit=5&bad=%ZZ", errors);
  EXPECT_EQ(q.encode(), "book=loc&cursor=old&limit=5");  // invalid params are dropped
  EXPECT_EQ(q.encode_with("cursor", "new"), "book=loc&cursor=new&limit=5");
  EXPECT_EQ(q.encode_with("page", "a b"), "book=loc&cursor=old&limit=5&page=a%20b");
  EXPECT_EQ(Query{}.encode(), "");
}

}  // namespace
}  // namespace kalendar::api
