// The parameter rules and error codes of api-decisions.md, over HTTP against the real routes:
// each test names the request and the exact list of (code, parameter) it must produce, so that
// "all problems of one request are reported together" is checked by count and order too.
#include "api_fixture.hpp"

#include <utility>

namespace kalendar::testing {
namespace {

using Problem = std::pair<std::string, std::string>;  // code, source.parameter ("" : none)
using Problems = std::vector<Problem>;

Problems problems_of(const HttpReply& r) {
  const auto codes = error_codes(r.body);
  const auto params = error_parameters(r.body);
  Problems out;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    out.emplace_back(codes[i], i < params.size() ? params[i] : "?");
  }
  return out;
}

// The error table of api-decisions.md: each error object carries its own code's status.
std::string status_of_code(const std::string& code) {
  if (code == "book_not_allowed") return "403";
  if (code == "not_found") return "404";
  if (code == "method_not_allowed") return "405";
  if (code.find("api_key") != std::string::npos) return "401";
  return "400";
}

class ParamsTest : public ApiTest {
 protected:
  // GET `target` and check the status, the JSON error media type and the exact problems.
  void expect_problems(std::string_view target, int status, const Problems& expected,
                       std::string_view key_name = "all") {
    const auto r = get(target, key_name);
    EXPECT_EQ(r.status, status) << target << "\n" << r.body;
    EXPECT_EQ(r.header("content-type"), "application/json") << target;
    EXPECT_EQ(r.header("cache-control"), "no-store") << target;
    EXPECT_EQ(problems_of(r), expected) << target << "\n" << r.body;
    const Json j(r.body);
    for (std::size_t i = 0; i < j.size("/errors"); ++i) {
      const std::string at = "/errors/" + std::to_string(i);
      EXPECT_EQ(j.str(at + "/status"), status_of_code(j.str(at + "/code"))) << r.body;
      EXPECT_NE(j.str(at + "/title"), "<missing>") << r.body;
      EXPECT_NE(j.str(at + "/detail"), "<missing>") << r.body;
    }
  }
};

const Problem kMissingBook{"missing_parameter", "book"};

TEST_F(ParamsTest, PassagesTakeTheContextParametersCheckedAgainstTheBook) {
  // Valid for loc_2015 (book.yaml: psalter thirty_day, reading types, lectionary variants):
  // accepted, and the passage is the same as without them.
  const auto plain = get("/api/v2/passages?ref=John%203:16&book=loc_2015&bible=kjv");
  ASSERT_EQ(plain.status, 200) << plain.body;
  const auto with =
      get("/api/v2/passages?ref=John%203:16&book=loc_2015&bible=kjv&psalter=thirty_day&"
          "reading_type=complementary");
  ASSERT_EQ(with.status, 200) << with.body;
  EXPECT_EQ(Json(with.body).str("/data/verses/0/text"),
            Json(plain.body).str("/data/verses/0/text"));
  // Values the book does not offer: one problem each, named.
  expect_problems(
      "/api/v2/passages?ref=John%203:16&book=loc_2015&psalter=p&lectionary=acna&reading_type=q",
      400,
      {{"invalid_parameter", "psalter"},
       {"invalid_parameter", "lectionary"},
       {"invalid_parameter", "reading_type"}});
  const auto r = get("/api/v2/passages?ref=John%203:16&book=loc_2015&psalter=p");
  EXPECT_NE(Json(r.body).str("/errors/0/detail").find("thirty_day"), std::string::npos) << r.body;
  // Without book there is nothing to check them against.
  expect_problems("/api/v2/passages?ref=John%203:16&bible=kjv&lectionary=rcl&psalter=x", 400,
                  {{"invalid_parameter", "psalter"}, {"invalid_parameter", "lectionary"}});
}

TEST_F(ParamsTest, RepeatedListsAreJoinedAndOtherRepeatsRefused) {
  // include=readings&include=collect reads as include=readings,collect: both are there.
  const auto joined = get("/api/v2/days/2026-04-05?book=loc_2015&include=readings&include=collect");
  ASSERT_EQ(joined.status, 200) << joined.body;
  const Json j(joined.body);
  EXPECT_GT(j.size("/data/readings"), 0U);
  EXPECT_GT(j.size("/data/collect"), 0U);
  const auto once = get("/api/v2/days/2026-04-05?book=loc_2015&include=readings,collect");
  EXPECT_EQ(joined.body, once.body);
  // fields[day] twice keeps the attributes of both.
  const auto fields =
      get("/api/v2/days/2026-04-05?book=loc_2015&fields%5Bday%5D=title&fields%5Bday%5D=date");
  ASSERT_EQ(fields.status, 200) << fields.body;
  EXPECT_EQ(Json(fields.body).str("/data/title"), "Páscoa");
  EXPECT_EQ(Json(fields.body).str("/data/date"), "2026-04-05");
  EXPECT_FALSE(Json(fields.body).has("/data/season"));
  // Any other parameter twice is an error naming it, whichever value came first.
  expect_problems("/api/v2/days/2026-04-05?book=loc_2015&book=loc_2019_en", 400,
                  {{"invalid_parameter", "book"}});
  expect_problems("/api/v2/days?book=loc_2015&year=2026&year=2026", 400,
                  {{"invalid_parameter", "year"}});
  const auto r = get("/api/v2/days/2026-04-05?service=daily&book=loc_2015&service=eucharist");
  EXPECT_NE(Json(r.body).str("/errors/0/detail").find("is given 2 times; send it once"),
            std::string::npos)
      << r.body;
}

TEST_F(ParamsTest, MissingBookOnEveryBookScopedRoute) {
  for (const char* target :
       {"/api/v2/days/2025-11-30", "/api/v2/days?year=2026", "/api/v2/days/2025-11-30/readings",
        "/api/v2/collects/2025-11-30", "/api/v2/liturgical-explanations/2025-11-30",
        "/api/v2/years/2026", "/api/v2/years/2026/seasons", "/api/v2/years/2026/key-dates",
        "/api/v2/years/2026/lectionary-cycle", "/api/v2/celebrations",
        "/api/v2/celebrations/203"}) {
    expect_problems(target, 400, {kMissingBook});
  }
  // An empty value counts as absent.
  expect_problems("/api/v2/days/2025-11-30?book=", 400, {kMissingBook});
}

TEST_F(ParamsTest, BadEnumerationsDatesAndNumbers) {
  expect_problems("/api/v2/days/2025-11-30?book=loc_2015&service=vespers", 400,
                  {{"invalid_parameter", "service"}});
  // `all` exists only on the readings route.
  expect_problems("/api/v2/days/2025-11-30?book=loc_2015&service=all", 400,
                  {{"invalid_parameter", "service"}});
  expect_problems("/api/v2/days/2025-11-30/readings?book=loc_2015&text_format=html", 400,
                  {{"invalid_parameter", "text_format"}});
  expect_problems("/api/v2/days/2025-02-30?book=loc_2015", 400, {{"invalid_parameter", "date"}});
  expect_problems("/api/v2/days/30-11-2025?book=loc_2015", 400, {{"invalid_parameter", "date"}});
  expect_problems("/api/v2/days/1582-12-31?book=loc_2015", 400, {{"invalid_parameter", "date"}});
  expect_problems("/api/v2/days?book=loc_2015&from=2025-13-01", 400,
                  {{"invalid_parameter", "from"}});
  expect_problems("/api/v2/years/26?book=loc_2015", 400, {{"invalid_parameter", "year"}});
  expect_problems("/api/v2/years/4100?book=loc_2015", 400, {{"invalid_parameter", "year"}});
  expect_problems("/api/v2/celebrations?book=loc_2015&limit=0", 400,
                  {{"invalid_parameter", "limit"}});
  expect_problems("/api/v2/celebrations?book=loc_2015&limit=101", 400,
                  {{"invalid_parameter", "limit"}});
  expect_problems("/api/v2/celebrations?book=loc_2015&month=13", 400,
                  {{"invalid_parameter", "month"}});
  expect_problems("/api/v2/celebrations?book=loc_2015&movable=yes", 400,
                  {{"invalid_parameter", "movable"}});
  expect_problems("/api/v2/celebrations?book=loc_2015&type=saint", 400,
                  {{"invalid_parameter", "type"}});
  expect_problems("/api/v2/celebrations/abc?book=loc_2015", 400, {{"invalid_parameter", "id"}});
  expect_problems("/api/v2/celebrations?book=loc_2015&q=" + std::string(201, 'a'), 400,
                  {{"invalid_parameter", "q"}});
  expect_problems("/api/v2/celebrations/types?lang=pt_BR", 400, {{"invalid_parameter", "lang"}});
}

TEST_F(ParamsTest, ContextParametersAreCheckedAgainstTheBook) {
  expect_problems(
      "/api/v2/days/2025-11-30?book=loc_2015&bible=xyz&lectionary=acna&reading_type=q&psalter=p",
      400,
      {{"invalid_parameter", "bible"},
       {"invalid_parameter", "psalter"},
       {"invalid_parameter", "lectionary"},
       {"invalid_parameter", "reading_type"}});
  // The same values are valid where the book has them.
  EXPECT_EQ(get("/api/v2/days/2025-11-30?book=loc_2019_en&lectionary=acna&bible=web").status, 200);
  EXPECT_EQ(get("/api/v2/days/2025-11-30?book=loc_2015&reading_type=complementary").status, 200);
}

TEST_F(ParamsTest, ArrayFormsAreRejected) {
  expect_problems("/api/v2/days/2025-11-30?book%5B%5D=loc_2015", 400,
                  {{"invalid_parameter", "book[]"}, kMissingBook});
  expect_problems("/api/v2/days/2025-11-30?book=loc_2015&service[0]=daily", 400,
                  {{"invalid_parameter", "service[0]"}});
}

TEST_F(ParamsTest, UnknownParametersAreRejected) {
  expect_problems("/api/v2/days/2025-11-30?book=loc_2015&servce=eucharist", 400,
                  {{"invalid_parameter", "servce"}});
  const auto r = get("/api/v2/days/2025-11-30?book=loc_2015&servce=eucharist");
  EXPECT_EQ(Json(r.body).str("/errors/0/detail"), "is not a parameter of this route");
  // Parameters of other routes are unknown here too.
  expect_problems("/api/v2/years/2026?book=loc_2015&service=daily", 400,
                  {{"invalid_parameter", "service"}});
  expect_problems("/api/v2/celebrations/types?book=loc_2015", 400, {{"invalid_parameter", "book"}});
  expect_problems("/api/v2/prayer-books/loc_2015?lang=en", 400, {{"invalid_parameter", "lang"}});
  expect_problems("/api/v2/openapi.json?x=1", 400, {{"invalid_parameter", "x"}});
  const auto health = get("/health?verbose=1", "");
  EXPECT_EQ(health.status, 400) << health.body;
}

TEST_F(ParamsTest, IncludeValuesDependOnTheRoute) {
  expect_problems("/api/v2/days/2025-11-30?book=loc_2015&include=text", 400,
                  {{"invalid_parameter", "include"}});
  expect_problems("/api/v2/collects/2025-11-30?book=loc_2015&include=readings", 400,
                  {{"invalid_parameter", "include"}});
  expect_problems("/api/v2/days/2025-11-30/readings?book=loc_2015&include=readings.text", 400,
                  {{"invalid_parameter", "include"}});
  expect_problems("/api/v2/days/2025-11-30?book=loc_2015&include=celebrations,", 400,
                  {{"invalid_parameter", "include"}});
}

TEST_F(ParamsTest, FieldsOfUnknownTypesAndAttributes) {
  expect_problems("/api/v2/days/2025-11-30?book=loc_2015&fields%5Bdays%5D=date", 400,
                  {{"invalid_parameter", "fields[days]"}});
  expect_problems("/api/v2/days/2025-11-30?book=loc_2015&fields%5Bday%5D=colour", 400,
                  {{"invalid_parameter", "fields[day]"}});
  // A known type that this route does not return.
  expect_problems("/api/v2/years/2026?book=loc_2015&fields%5Bday%5D=date", 400,
                  {{"invalid_parameter", "fields[day]"}});
  expect_problems("/api/v2/bible-versions?fields%5Bprayer_book%5D=code", 400,
                  {{"invalid_parameter", "fields[prayer_book]"}});
}

TEST_F(ParamsTest, CelebrationFilterDependencies) {
  expect_problems("/api/v2/celebrations?book=loc_2015&type=sunday", 400,
                  {{"invalid_parameter", "type"}});
  expect_problems("/api/v2/celebrations?book=loc_2015&day=5", 400, {{"invalid_parameter", "day"}});
  EXPECT_EQ(get("/api/v2/celebrations?book=loc_2015&type=sunday&year=2026").status, 200);
  EXPECT_EQ(get("/api/v2/celebrations?book=loc_2015&day=5&month=1").status, 200);
  EXPECT_EQ(get("/api/v2/celebrations?book=loc_2015&day=5&year=2026").status, 200);
}

TEST_F(ParamsTest, DayRangeRules) {
  expect_problems("/api/v2/days?book=loc_2015", 400, {{"missing_parameter", "from"}});
  expect_problems("/api/v2/days?book=loc_2015&to=2026-01-31", 400, {{"invalid_parameter", "to"}});
  expect_problems("/api/v2/days?book=loc_2015&year=2026&from=2026-01-01", 400,
                  {{"invalid_parameter", "year"}});
  expect_problems("/api/v2/days?book=loc_2015&year=2026&to=2026-01-01", 400,
                  {{"invalid_parameter", "year"}});
  expect_problems("/api/v2/days?book=loc_2015&from=2026-02-01&to=2026-01-31", 400,
                  {{"invalid_parameter", "to"}});
}

TEST_F(ParamsTest, RangeLimits) {
  // 366 days is the limit: 2025-01-01..2026-01-01 is 366 days, one more is too many.
  EXPECT_EQ(get("/api/v2/days?book=loc_2015&from=2025-01-01&to=2026-01-01&fields%5Bday%5D=").status,
            200);
  expect_problems("/api/v2/days?book=loc_2015&from=2025-01-01&to=2026-01-02", 400,
                  {{"range_too_large", "to"}});
  // 31 days with Bible text or explanations.
  EXPECT_EQ(
      get("/api/v2/days?book=loc_2015&from=2026-01-01&to=2026-01-31&include=explanation").status,
      200);
  expect_problems("/api/v2/days?book=loc_2015&from=2026-01-01&to=2026-02-01&include=explanation",
                  400, {{"range_too_large", "to"}});
  expect_problems("/api/v2/days?book=loc_2015&from=2026-01-01&to=2026-02-01&include=readings.text",
                  400, {{"range_too_large", "to"}});
  expect_problems("/api/v2/days?book=loc_2015&year=2026&include=readings.text", 400,
                  {{"range_too_large", "year"}});
  // readings without text keep the 366-day limit.
  EXPECT_EQ(get("/api/v2/days?book=loc_2015&from=2026-01-01&to=2026-02-01&include=readings&"
                "fields%5Bday%5D=")
                .status,
            200);
}

TEST_F(ParamsTest, FromAloneNearTheLastSupportedDayIsNotAServerError) {
  // `from` alone covers 7 days; from 4099-12-28 that reaches past 4099-12-31, the last day the
  // book answers for. The request must be answered (clipped to 4099-12-31) or refused with a
  // 400 that names the range -- never a 500.
  const auto r = get("/api/v2/days?book=loc_2015&from=4099-12-28&fields%5Bday%5D=");
  EXPECT_NE(r.status, 500) << r.body;
  if (r.status == 200) {
    EXPECT_EQ(Json(r.body).strings("/data", "id"),
              (std::vector<std::string>{"4099-12-28", "4099-12-29", "4099-12-30", "4099-12-31"}));
  } else {
    EXPECT_EQ(problems_of(r), (Problems{{"invalid_parameter", "from"}})) << r.body;
  }
  // With an explicit end inside the range it works.
  EXPECT_EQ(get("/api/v2/days?book=loc_2015&from=4099-12-28&to=4099-12-31").status, 200);
}

TEST_F(ParamsTest, UnknownBookIsA400) {
  for (const char* target :
       {"/api/v2/days/2025-11-30?book=loc_1900", "/api/v2/days?book=loc_1900&year=2026",
        "/api/v2/years/2026?book=loc_1900", "/api/v2/celebrations?book=loc_1900",
        "/api/v2/celebrations/203?book=loc_1900", "/api/v2/collects/2025-11-30?book=loc_1900",
        "/api/v2/passages?ref=John%203:16&bible=kjv&book=loc_1900"}) {
    expect_problems(target, 400, {{"unknown_book", "book"}});
  }
}

TEST_F(ParamsTest, NotFound) {
  expect_problems("/api/v2/nothing-here", 404, {{"not_found", ""}});
  expect_problems("/api/v2/days/2025-11-30/psalms?book=loc_2015", 404, {{"not_found", ""}});
  expect_problems("/api/v1/days/2025-11-30?book=loc_2015", 404, {{"not_found", ""}});
  expect_problems("/api/v2/prayer-books/loc_1900", 404, {{"not_found", ""}});
  expect_problems("/api/v2/prayer-books/loc_1900/preferences", 404, {{"not_found", ""}});
  expect_problems("/api/v2/celebrations/99999?book=loc_2015", 404, {{"not_found", ""}});
  // A 404 for a path is answered before authentication.
  expect_problems("/api/v2/nothing-here", 404, {{"not_found", ""}}, "");
}

TEST_F(ParamsTest, MethodNotAllowed) {
  for (const char* method : {"POST", "PUT", "DELETE", "PATCH"}) {
    const auto r =
        request(method, "/api/v2/days/2025-11-30?book=loc_2015", "all", {{"Content-Length", "0"}});
    EXPECT_EQ(r.status, 405) << method;
    EXPECT_EQ(r.header("allow"), "GET, HEAD, OPTIONS") << method;
    EXPECT_EQ(problems_of(r), (Problems{{"method_not_allowed", ""}})) << method;
  }
  const auto options = request("OPTIONS", "/api/v2/celebrations", "");
  EXPECT_EQ(options.status, 204);
  EXPECT_EQ(options.header("allow"), "GET, HEAD, OPTIONS");
}

TEST_F(ParamsTest, PassageRules) {
  expect_problems("/api/v2/passages?bible=kjv", 400, {{"missing_parameter", "ref"}});
  expect_problems("/api/v2/passages?ref=John%203:16", 400, {{"missing_parameter", "bible"}});
  expect_problems("/api/v2/passages?ref=John%203:16&bible=xyz", 400,
                  {{"invalid_parameter", "bible"}});
  expect_problems("/api/v2/passages?ref=Foo%201:1&bible=kjv", 400, {{"invalid_reference", "ref"}});
  expect_problems("/api/v2/passages?ref=John%203&bible=kjv&text_format=html", 400,
                  {{"invalid_parameter", "text_format"}});
}

TEST_F(ParamsTest, ReferenceOutsideTheVersificationIsNeverMoved) {
  // John has 21 chapters and John 3 has 36 verses in the KJV versification: the request is
  // refused, not answered with John 21 or John 3:36.
  for (const char* ref : {"John%2099:1", "John%203:99", "Jo%C3%A3o%2099:1"}) {
    const auto r = get(std::string("/api/v2/passages?bible=kjv&lang=pt-BR&ref=") + ref);
    EXPECT_EQ(r.status, 400) << ref << r.body;
    EXPECT_EQ(problems_of(r), (Problems{{"invalid_reference", "ref"}})) << ref << r.body;
    EXPECT_EQ(r.body.find("\"verses\""), std::string::npos) << r.body;
  }
}

TEST_F(ParamsTest, AllProblemsOfARequestTogether) {
  // A bad path date, no book, a bad enumeration, an include of another route, an unknown
  // attribute and an unknown parameter: six problems, one document, in reading order.
  expect_problems(
      "/api/v2/days/2025-02-30?service=vespers&servce=eucharist&include=text&"
      "fields%5Bday%5D=colour",
      400,
      {{"invalid_parameter", "date"},
       kMissingBook,
       {"invalid_parameter", "include"},
       {"invalid_parameter", "service"},
       {"invalid_parameter", "fields[day]"},
       {"invalid_parameter", "servce"}});
  // Mixed codes (invalid_parameter, unknown_book) are answered 400 together.
  expect_problems("/api/v2/celebrations?book=nope&type=sunday&day=5&limit=0", 400,
                  {{"invalid_parameter", "limit"},
                   {"invalid_parameter", "day"},
                   {"invalid_parameter", "type"},
                   {"unknown_book", "book"}});
  expect_problems("/api/v2/passages?ref=John%203:16&bible=xyz&book=nope", 400,
                  {{"unknown_book", "book"}, {"invalid_parameter", "bible"}});
}

TEST_F(ParamsTest, BookNotAllowedForTheKey) {
  expect_problems("/api/v2/days/2025-11-30?book=loc_2019_en", 403, {{"book_not_allowed", "book"}},
                  "pt_only");
  expect_problems("/api/v2/years/2026/seasons?book=loc_2019_en", 403,
                  {{"book_not_allowed", "book"}}, "pt_only");
  expect_problems("/api/v2/passages?ref=John%203:16&book=loc_2019_en", 403,
                  {{"book_not_allowed", "book"}}, "pt_only");
  const auto path = get("/api/v2/prayer-books/loc_2019_en", "pt_only");
  EXPECT_EQ(path.status, 403) << path.body;
  EXPECT_EQ(error_codes(path.body), std::vector<std::string>{"book_not_allowed"});
  EXPECT_EQ(get("/api/v2/prayer-books/loc_2019_en/preferences", "pt_only").status, 403);
  // Its own book works, and a problem with another parameter is still reported beside the 403
  // as one 400 document.
  EXPECT_EQ(get("/api/v2/days/2025-11-30?book=loc_2015", "pt_only").status, 200);
  expect_problems("/api/v2/days/2025-11-30?book=loc_2019_en&service=x", 400,
                  {{"invalid_parameter", "service"}, {"book_not_allowed", "book"}}, "pt_only");
}

TEST_F(ParamsTest, BodiesAreJsonOnEveryError) {
  for (const char* target :
       {"/api/v2/days/2025-11-30", "/nowhere", "/api/v2/passages?ref=%ZZ&bible=kjv"}) {
    const auto r = get(target);
    EXPECT_TRUE(Json(r.body).ok()) << target << r.body;
    EXPECT_GT(error_codes(r.body).size(), 0U) << target;
  }
}

}  // namespace
}  // namespace kalendar::testing
