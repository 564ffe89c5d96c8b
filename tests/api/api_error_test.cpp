// The error table and the JSON error document (api_error.hpp).
#include "api_error.hpp"

#include "json_probe.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace kalendar::api {
namespace {

using testing::error_codes;
using testing::error_member;
using testing::error_parameters;
using testing::is_json;

TEST(ErrorTable, MatchesApiDecisions) {
  const struct {
    ErrorCode code;
    int status;
    std::string_view slug;
  } kRows[] = {
      {ErrorCode::missing_parameter, 400, "missing_parameter"},
      {ErrorCode::invalid_parameter, 400, "invalid_parameter"},
      {ErrorCode::unknown_book, 400, "unknown_book"},
      {ErrorCode::range_too_large, 400, "range_too_large"},
      {ErrorCode::invalid_cursor, 400, "invalid_cursor"},
      {ErrorCode::invalid_reference, 400, "invalid_reference"},
      {ErrorCode::missing_api_key, 401, "missing_api_key"},
      {ErrorCode::invalid_api_key, 401, "invalid_api_key"},
      {ErrorCode::expired_api_key, 401, "expired_api_key"},
      {ErrorCode::book_not_allowed, 403, "book_not_allowed"},
      {ErrorCode::not_found, 404, "not_found"},
      {ErrorCode::method_not_allowed, 405, "method_not_allowed"},
      {ErrorCode::rate_limited, 429, "rate_limited"},
      {ErrorCode::internal_error, 500, "internal_error"},
      {ErrorCode::unavailable, 503, "unavailable"},
      {ErrorCode::malformed_request, 400, "malformed_request"},
      {ErrorCode::request_timeout, 408, "request_timeout"},
      {ErrorCode::request_too_large, 413, "request_too_large"},
      {ErrorCode::uri_too_long, 414, "uri_too_long"},
      {ErrorCode::headers_too_large, 431, "headers_too_large"},
  };
  EXPECT_EQ(all_error_infos().size(), std::size(kRows));
  std::set<std::string_view> slugs;
  for (const auto& row : kRows) {
    SCOPED_TRACE(std::string(row.slug));
    const ErrorInfo& info = error_info(row.code);
    EXPECT_EQ(info.status, row.status);
    EXPECT_EQ(info.code, row.slug);
    EXPECT_FALSE(info.title.empty());
    EXPECT_TRUE(slugs.insert(info.code).second);
  }
}

TEST(ErrorDocument, AThousandProblemsAreListedAsTwentyAndACount) {
  // fields[day] with 4,000 commas once answered a 1.17 MB error document.
  std::vector<ApiError> many(4000, ApiError{ErrorCode::invalid_parameter,
                                            "unknown attribute '' in fields[day]", "fields[day]"});
  const std::string body = write_error_document(many);
  EXPECT_LT(body.size(), 4000U) << body.size();
  std::size_t entries = 0;
  for (auto at = body.find("\"status\""); at != std::string::npos;
       at = body.find("\"status\"", at + 1)) {
    ++entries;
  }
  EXPECT_EQ(entries, 21U);
  EXPECT_NE(body.find("3980 more problems are not listed"), std::string::npos) << body;
  EXPECT_EQ(write_error_document(std::vector<ApiError>(20, many[0])).find("more problems"),
            std::string::npos);
}

TEST(ErrorDocument, ShapeAndMemberOrder) {
  const std::string body = write_error_document(
      {{ErrorCode::missing_parameter, "the parameter 'book' is required", "book"},
       {ErrorCode::not_found, "", ""}});
  EXPECT_EQ(body,
            R"({"errors":[{"status":"400","code":"missing_parameter","title":"Missing parameter",)"
            R"("detail":"the parameter 'book' is required","source":{"parameter":"book"}},)"
            R"({"status":"404","code":"not_found","title":"Not found"}]})");
}

TEST(ErrorDocument, HostileTextStaysValidJson) {
  const std::string body = write_error_document(
      {{ErrorCode::invalid_parameter, "bad \"value\" \xFF\x01 <script>", "na\xC3me\n"}});
  ASSERT_TRUE(is_json(body)) << body;
  EXPECT_EQ(error_parameters(body)[0], "na\xEF\xBF\xBDme\xEF\xBF\xBD");
  EXPECT_EQ(error_member(body, "detail")[0], "bad \"value\" \xEF\xBF\xBD\xEF\xBF\xBD <script>");
}

TEST(ErrorList, HelpersAndDeduplication) {
  ErrorList list;
  list.missing("book");
  list.invalid("limit", "must be 1 to 100");
  list.add_unique({ErrorCode::invalid_parameter, "must be 1 to 100", "limit"});  // duplicate
  list.add_unique({ErrorCode::invalid_parameter, "other", "limit"});
  EXPECT_EQ(list.size(), 3U);
  EXPECT_TRUE(list.has(ErrorCode::missing_parameter));
  EXPECT_FALSE(list.has(ErrorCode::not_found));
  EXPECT_EQ(
      error_codes(write_error_document(list.items())),
      (std::vector<std::string>{"missing_parameter", "invalid_parameter", "invalid_parameter"}));
}

TEST(ResponseStatus, CommonStatusElseGeneric) {
  using E = ApiError;
  EXPECT_EQ(response_status({E{ErrorCode::not_found, "", ""}}), 404);
  EXPECT_EQ(response_status(
                {E{ErrorCode::missing_parameter, "", ""}, E{ErrorCode::invalid_cursor, "", ""}}),
            400);
  EXPECT_EQ(response_status(
                {E{ErrorCode::book_not_allowed, "", ""}, E{ErrorCode::invalid_parameter, "", ""}}),
            400);
  EXPECT_EQ(response_status(
                {E{ErrorCode::book_not_allowed, "", ""}, E{ErrorCode::internal_error, "", ""}}),
            500);
  EXPECT_EQ(response_status({}), 500);
}

TEST(QuoteForDetail, SanitisesAndCuts) {
  EXPECT_EQ(quote_for_detail("abc"), "abc");
  EXPECT_EQ(quote_for_detail("a\x01"), "a\xEF\xBF\xBD");
  const std::string cut = quote_for_detail(std::string(100, 'x'), 10);
  EXPECT_EQ(cut, std::string(10, 'x') + "\xE2\x80\xA6");
  // Never cuts inside a UTF-8 sequence.
  const std::string accents = quote_for_detail("\xC3\xA3\xC3\xA3\xC3\xA3", 3);
  EXPECT_EQ(accents, "\xC3\xA3\xE2\x80\xA6");
}

}  // namespace
}  // namespace kalendar::api
