// The calendar options of the loaded books in the OpenAPI document (issue 14): each is an
// optional query parameter of every route that computes days, with its values, its default and
// the books that declare it; each such parameter is accepted by those routes for those books.
#include "api_fixture.hpp"
#include "handlers/openapi.hpp"

#include "kalendar/book.hpp"

#include <algorithm>

namespace kalendar::testing {
namespace {

ApiStack& options_stack() {
  static ApiStack stack([] {
    StackOptions options;
    options.start_http = false;
    return options;
  }());
  return stack;
}

// "/api/v2/days/{date}" -> "/paths/~1api~1v2~1days~1{date}/get/parameters".
std::string parameters_of(const std::string& pattern) {
  std::string escaped;
  for (const char c : pattern) escaped += c == '/' ? std::string("~1") : std::string(1, c);
  return "/paths/" + escaped + "/get/parameters";
}

// The JSON pointer of the parameter `name` of `pattern`, or "" when it is not listed.
std::string parameter(const Json& doc, const std::string& pattern, const std::string& name) {
  const std::string list = parameters_of(pattern);
  const auto names = doc.strings(list, "name");
  const auto at = std::find(names.begin(), names.end(), name);
  return at == names.end() ? "" : list + "/" + std::to_string(at - names.begin());
}

TEST(OpenApiOptions, EachOptionIsAParameterOfEveryRouteThatComputesDays) {
  const auto served = options_stack().dispatch("/api/v2/openapi.json", "");
  ASSERT_EQ(served.status, 200);
  const Json doc(served.body);
  const std::string epiphany = parameter(doc, "/api/v2/days/{date}", "epiphany");
  ASSERT_NE(epiphany, "") << "epiphany is not a parameter of /api/v2/days/{date}";
  EXPECT_EQ(doc.str(epiphany + "/in"), "query");
  EXPECT_FALSE(doc.boolean(epiphany + "/required"));
  EXPECT_EQ(doc.str(epiphany + "/schema/enum/0"), "january_6");
  EXPECT_EQ(doc.str(epiphany + "/schema/enum/1"), "sunday");
  EXPECT_EQ(doc.size(epiphany + "/schema/enum"), 2U);
  EXPECT_EQ(doc.str(epiphany + "/schema/default"), "january_6");
  const std::string description = doc.str(epiphany + "/description");
  EXPECT_NE(description.find("cw_2000_en"), std::string::npos) << description;
  EXPECT_NE(description.find("any other book refuses it"), std::string::npos) << description;
  // A date option: MM-DD, no enum, and no default when it is unset.
  const std::string dedication = parameter(doc, "/api/v2/days/{date}", "dedication");
  ASSERT_NE(dedication, "");
  EXPECT_EQ(doc.str(dedication + "/schema/pattern"), "^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$");
  EXPECT_FALSE(doc.has(dedication + "/schema/enum"));
  EXPECT_FALSE(doc.has(dedication + "/schema/default"));
  // Declared by a book and inherited by its translation: both named.
  const std::string all_saints = parameter(doc, "/api/v2/days", "all_saints_sunday");
  ASSERT_NE(all_saints, "");
  const std::string both = doc.str(all_saints + "/description");
  EXPECT_NE(both.find("loc_2019_en"), std::string::npos) << both;
  EXPECT_NE(both.find("loc_2019,"), std::string::npos) << both;

  // On every route with a required book and on feeds; nowhere else.
  for (const api::RouteDoc& route : api::route_docs()) {
    const bool listed = !parameter(doc, route.pattern, "epiphany").empty();
    EXPECT_EQ(listed, route.options) << route.pattern;
  }
  for (const char* pattern : {"/api/v2/calendar.ics", "/api/v2/feeds/{token}",
                              "/api/v2/years/{year}/key-dates", "/api/v2/celebrations"}) {
    EXPECT_NE(parameter(doc, pattern, "epiphany"), "") << pattern;
  }
  for (const char* pattern : {"/api/v2/passages", "/api/v2/prayer-books/{code}/preferences"}) {
    EXPECT_EQ(parameter(doc, pattern, "epiphany"), "") << pattern;
  }
}

TEST(OpenApiOptions, EveryListedValueIsAcceptedForABookThatDeclaresIt) {
  ApiStack& stack = options_stack();
  const auto docs = api::option_param_docs(stack.app().engine->books());
  ASSERT_FALSE(docs.empty());
  const std::vector<std::string> targets = {
      "/api/v2/days/2026-01-04?book=", "/api/v2/days?from=2026-01-01&to=2026-01-07&book=",
      "/api/v2/years/2026/key-dates?book=", "/api/v2/celebrations?year=2026&book=",
      "/api/v2/calendar.ics?from=2026-01-01&book="};
  for (const api::OptionParamDoc& o : docs) {
    std::vector<std::string> values = o.values;
    if (o.is_date) values = {"10-12"};
    for (const std::string& book : o.books) {
      for (const std::string& value : values) {
        for (const std::string& target : targets) {
          const std::string url = target + book + "&" + o.key + "=" + value;
          const auto r = stack.dispatch(url);
          EXPECT_EQ(r.status, 200) << url << "\n" << r.body.substr(0, 300);
        }
      }
    }
  }
}

// Two books declaring one key with different values and defaults: the union, and honest words.
TEST(OpenApiOptions, OneKeyOfTwoBooksIsMergedAndSaysSo) {
  auto book = [](std::string code, std::vector<std::string> values, OptionValue default_value) {
    BookDefinition d;
    d.code = std::move(code);
    CalendarOption o;
    o.key = "all_saints";
    o.name = "All Saints kept on";
    o.values = std::move(values);
    o.default_value = default_value;
    d.options.push_back(std::move(o));
    return CompiledBook::compile(std::move(d));
  };
  const std::vector<std::shared_ptr<const CompiledBook>> books = {
      book("alpha", {"november_1", "sunday"}, 0), book("beta", {"november_1", "nearest"}, 1)};
  const auto docs = api::option_param_docs(books);
  ASSERT_EQ(docs.size(), 1U);
  const api::OptionParamDoc& o = docs.front();
  EXPECT_EQ(o.books, (std::vector<std::string>{"alpha", "beta"}));
  EXPECT_EQ(o.values, (std::vector<std::string>{"november_1", "sunday", "nearest"}));
  EXPECT_EQ(o.default_value, std::nullopt);
  EXPECT_NE(o.description.find("each book accepts only its own"), std::string::npos)
      << o.description;
  EXPECT_NE(o.description.find("alpha november_1; beta nearest"), std::string::npos)
      << o.description;
}

}  // namespace
}  // namespace kalendar::testing
