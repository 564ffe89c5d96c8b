// The OpenAPI document stays in step with the router: every documented path is a registered
// route and every registered /api/v2 route is documented; every documented query parameter is
// accepted by its route, and parameters documented for other routes only are rejected by it.
#include "handlers/openapi.hpp"

#include "api_fixture.hpp"

#include <map>
#include <regex>
#include <set>

namespace kalendar::testing {
namespace {

using api::ParamDoc;
using api::RouteDoc;

// A value of the documented type that the route can parse (it may still be refused later for
// its meaning, e.g. a foreign cursor: only "not a parameter of this route" matters here).
std::string sample_value(const ParamDoc& p) {
  if (!p.values.empty()) return std::string(p.values.front());
  static const std::map<std::string, std::string, std::less<>> kByName = {
      {"book", "loc_2015"}, {"from", "2026-01-01"}, {"to", "2026-01-03"},
      {"year", "2026"},     {"month", "3"},         {"day", "19"},
      {"limit", "5"},       {"movable", "false"},   {"q", "jos"},
      {"cursor", "abc"},    {"ref", "John%203:16"}, {"bible", "kjv"},
      {"lang", "pt-BR"},    {"lectionary", "rcl"},  {"reading_type", "semicontinuous"},
      {"psalter", "x"},     {"date", "2026-03-19"}, {"id", "203"},
      {"code", "loc_2015"}};
  if (p.name.rfind("fields[", 0) == 0) return "";
  const auto it = kByName.find(p.name);
  return it == kByName.end() ? "1" : it->second;
}

std::string encode_name(const std::string& name) {
  std::string out;
  for (const char c : name) {
    if (c == '[') {
      out += "%5B";
    } else if (c == ']') {
      out += "%5D";
    } else {
      out += c;
    }
  }
  return out;
}

// The route's path with its path parameters filled in, and its required query parameters.
std::string base_request(const RouteDoc& route) {
  std::string path = route.pattern;
  std::string query;
  for (const ParamDoc& p : route.params) {
    if (p.in == "path") {
      const std::string token = "{" + p.name + "}";
      path.replace(path.find(token), token.size(), sample_value(p));
    } else if (p.required) {
      query += (query.empty() ? "" : "&") + p.name + "=" + sample_value(p);
    }
  }
  // /passages documents bible and book as optional, but needs one of them; /days needs a range.
  if (route.pattern == "/api/v2/passages") query += "&bible=kjv";
  if (route.pattern == "/api/v2/days" || route.pattern == "/api/v2/calendar.ics") {
    query += "&from=2026-01-01";
  }
  return path + (query.empty() ? "" : "?" + query);
}

// A feed authenticates by the token in its path, not X-API-Key, and takes only its book's
// calendar options: ical_test.cpp and feed_options_test.cpp request it with real tokens.
bool is_feed(const RouteDoc& route) { return route.pattern == "/api/v2/feeds/{token}"; }

// The parameters `r` reports as "is not a parameter of this route".
std::vector<std::string> rejected_as_unknown(const api::Response& r) {
  const Json j(r.body);
  std::vector<std::string> out;
  const auto details = j.strings("/errors", "detail");
  const auto params = j.strings("/errors", "source/parameter");
  for (std::size_t i = 0; i < details.size(); ++i) {
    if (details[i] == "is not a parameter of this route" ||
        details[i].find("does not apply to this route") != std::string::npos) {
      out.push_back(params[i]);
    }
  }
  return out;
}

TEST(OpenApiTest, DocumentedPathsAreExactlyTheRegisteredRoutes) {
  StackOptions options;
  options.start_http = false;
  ApiStack stack(options);
  std::set<std::string> documented;
  for (const RouteDoc& r : api::route_docs()) {
    EXPECT_TRUE(documented.insert(r.pattern).second) << "documented twice: " << r.pattern;
  }
  std::set<std::string> registered;
  for (const auto p : stack.dispatcher().patterns()) {
    if (p.rfind("/api/v2/", 0) == 0) registered.emplace(p);
  }
  EXPECT_EQ(documented, registered);
  // The 17 routes of the spec, openapi.json, calendar.ics and feeds/{token}.
  EXPECT_EQ(registered.size(), 20U);
  // The served document lists the same paths.
  const auto served = stack.dispatch("/api/v2/openapi.json");
  ASSERT_EQ(served.status, 200);
  const auto keys = Json(served.body).keys("/paths");
  EXPECT_EQ(std::set<std::string>(keys.begin(), keys.end()), documented);
}

TEST(OpenApiTest, PathParametersMatchThePatterns) {
  for (const RouteDoc& r : api::route_docs()) {
    std::set<std::string> in_pattern;
    for (std::size_t open = r.pattern.find('{'); open != std::string::npos;
         open = r.pattern.find('{', open + 1)) {
      in_pattern.insert(r.pattern.substr(open + 1, r.pattern.find('}', open) - open - 1));
    }
    std::set<std::string> documented;
    for (const ParamDoc& p : r.params) {
      if (p.in == "path") {
        documented.insert(p.name);
        EXPECT_TRUE(p.required) << r.pattern << " " << p.name;
      }
    }
    EXPECT_EQ(documented, in_pattern) << r.pattern;
  }
}

TEST(OpenApiTest, EveryDocumentedParameterIsAcceptedByItsRoute) {
  StackOptions options;
  options.start_http = false;
  ApiStack stack(options);
  for (const RouteDoc& route : api::route_docs()) {
    if (is_feed(route)) continue;
    const std::string base = base_request(route);
    const auto plain = stack.dispatch(base);
    EXPECT_EQ(plain.status, 200) << base << "\n" << plain.body.substr(0, 300);
    for (const ParamDoc& p : route.params) {
      if (p.in != "query" || p.required) continue;
      const std::string target = base + (base.find('?') == std::string::npos ? "?" : "&") +
                                 encode_name(p.name) + "=" + sample_value(p);
      const auto r = stack.dispatch(target);
      EXPECT_EQ(rejected_as_unknown(r), std::vector<std::string>{})
          << route.pattern << " documents " << p.name << " but refuses it: " << target << "\n"
          << r.body;
    }
  }
}

TEST(OpenApiTest, ParametersOfOtherRoutesAreRefused) {
  // The union of every documented query parameter: what a route does not document, it must
  // refuse (so the document lists everything a route takes).
  StackOptions options;
  options.start_http = false;
  ApiStack stack(options);
  std::map<std::string, ParamDoc> universe;
  for (const RouteDoc& route : api::route_docs()) {
    for (const ParamDoc& p : route.params) {
      if (p.in == "query") universe.emplace(p.name, p);
    }
  }
  for (const RouteDoc& route : api::route_docs()) {
    if (is_feed(route)) continue;
    std::set<std::string> own;
    for (const ParamDoc& p : route.params) own.insert(p.name);
    const std::string base = base_request(route);
    for (const auto& [name, doc] : universe) {
      if (own.count(name) != 0) continue;
      const std::string target = base + (base.find('?') == std::string::npos ? "?" : "&") +
                                 encode_name(name) + "=" + sample_value(doc);
      const auto r = stack.dispatch(target);
      EXPECT_EQ(rejected_as_unknown(r), std::vector<std::string>{name})
          << route.pattern << " does not document " << name << " but accepts it: " << target;
    }
  }
}

TEST(OpenApiTest, EnumerationsInTheDocumentAreAccepted) {
  StackOptions options;
  options.start_http = false;
  ApiStack stack(options);
  for (const RouteDoc& route : api::route_docs()) {
    if (is_feed(route)) continue;
    const std::string base = base_request(route);
    for (const ParamDoc& p : route.params) {
      if (p.in != "query" || p.values.empty() || p.name == "include") continue;
      for (const auto value : p.values) {
        std::string target = base + (base.find('?') == std::string::npos ? "?" : "&") + p.name +
                             "=" + std::string(value);
        if (p.name == "type" && value == "sunday") target += "&year=2026";
        const auto r = stack.dispatch(target);
        EXPECT_EQ(r.status, 200) << target << "\n" << r.body.substr(0, 300);
      }
    }
    // Every documented include value, one at a time (a short range keeps text includes legal).
    for (const ParamDoc& p : route.params) {
      if (p.name != "include") continue;
      for (const auto value : p.values) {
        const std::string target = base + (base.find('?') == std::string::npos ? "?" : "&") +
                                   "include=" + std::string(value);
        const auto r = stack.dispatch(target);
        EXPECT_EQ(r.status, 200) << target << "\n" << r.body.substr(0, 300);
      }
    }
  }
}

// Every "$ref" value anywhere under `e`.
void collect_refs(simdjson::dom::element e, std::vector<std::string>& out) {
  simdjson::dom::object members;
  simdjson::dom::array items;
  if (e.get(members) == simdjson::SUCCESS) {
    for (auto [k, v] : members) {
      std::string_view target;
      if (k == "$ref" && v.get(target) == simdjson::SUCCESS) out.emplace_back(target);
      collect_refs(v, out);
    }
  } else if (e.get(items) == simdjson::SUCCESS) {
    for (auto v : items) collect_refs(v, out);
  }
}

// One dispatcher-only stack for the tests of the served document.
ApiStack& document_stack() {
  static ApiStack stack([] {
    StackOptions options;
    options.start_http = false;
    return options;
  }());
  return stack;
}

TEST(OpenApiTest, DocumentIsPublicWhileEveryOtherRouteNeedsAKey) {
  ApiStack& stack = document_stack();
  const auto open = stack.dispatch("/api/v2/openapi.json", "");
  ASSERT_EQ(open.status, 200) << open.body.substr(0, 300);
  const Json doc(open.body);
  EXPECT_EQ(doc.str("/openapi"), "3.1.0");
  EXPECT_EQ(doc.str("/paths/~1api~1v2~1days~1{date}/get/operationId"), "getDay");
  // The document says so: no security on it, the key everywhere else.
  EXPECT_EQ(doc.size("/paths/~1api~1v2~1openapi.json/get/security"), 0U);
  EXPECT_EQ(doc.str("/components/securitySchemes/apiKey/name"), "X-API-Key");
  EXPECT_EQ(doc.str("/components/securitySchemes/apiKey/in"), "header");
  const auto keyed = stack.dispatch("/api/v2/prayer-books", "");
  EXPECT_EQ(keyed.status, 401);
  EXPECT_EQ(error_codes(keyed.body), std::vector<std::string>{"missing_api_key"});
  // Its own parameters are still checked.
  EXPECT_EQ(stack.dispatch("/api/v2/openapi.json?x=1", "").status, 400);
}

TEST(OpenApiTest, EveryOperationHasANamedIdAndTypedAnswers) {
  const auto served = document_stack().dispatch("/api/v2/openapi.json");
  const Json doc(served.body);
  std::set<std::string> ids;
  for (const RouteDoc& r : api::route_docs()) {
    const std::string op =
        "/paths/" + std::regex_replace(r.pattern, std::regex("/"), "~1") + "/get";
    const std::string id = doc.str(op + "/operationId");
    EXPECT_TRUE(ids.insert(id).second) << "operationId used twice: " << id;
    EXPECT_TRUE(std::regex_match(id, std::regex("(get|list)[A-Z][A-Za-z]+"))) << id;
    // 200 has a JSON schema (iCalendar routes a text/calendar one); every error status answers
    // the error document.
    const std::string media =
        r.body == api::Body::calendar ? "text~1calendar" : "application~1json";
    EXPECT_TRUE(doc.has(op + "/responses/200/content/" + media + "/schema")) << r.pattern;
    for (const auto& status : doc.keys(op + "/responses")) {
      if (status[0] == '4' || status[0] == '5') {
        EXPECT_EQ(doc.str(op + "/responses/" + status + "/$ref"), "#/components/responses/Problem")
            << r.pattern << " " << status;
      }
    }
    // Comma lists are declared as such, so generated clients send include=a,b.
    for (const ParamDoc& p : r.params) {
      if (p.name != "include" && p.name.rfind("fields[", 0) != 0) continue;
      EXPECT_EQ(p.type, "array") << r.pattern << " " << p.name;
    }
  }
  EXPECT_EQ(ids.size(), api::route_docs().size());
  // Every reference resolves inside the document.
  std::vector<std::string> refs;
  collect_refs(doc.root(), refs);
  EXPECT_GT(refs.size(), 100U);
  for (const auto& ref : refs) {
    ASSERT_EQ(ref.rfind("#/", 0), 0U) << ref;
    EXPECT_TRUE(doc.has(ref.substr(1))) << "dangling $ref " << ref;
  }
  EXPECT_EQ(doc.str("/servers/0/url"), "/");
  // With --base-url, servers names it (the handler passes the self link less its own path).
  EXPECT_EQ(Json(api::openapi_document("https://api.example.org")).str("/servers/0/url"),
            "https://api.example.org");
}

}  // namespace
}  // namespace kalendar::testing

namespace kalendar::testing {
namespace {

TEST(OpenApiTest, SaysWhereAColourMayBeNullAndListsEveryFate) {
  const Json doc(api::openapi_document(""));
  ASSERT_TRUE(doc.ok());
  // A book without colours (palette: []) answers "color": null.
  EXPECT_EQ(doc.str("/components/schemas/Day/properties/color/anyOf/0/$ref"),
            "#/components/schemas/Colour");
  EXPECT_EQ(doc.str("/components/schemas/Day/properties/color/anyOf/1/type"), "null");
  // Every fate the engine can give (kept included) is in the enum.
  std::set<std::string> listed;
  for (std::size_t i = 0; i < kFateSlugs.size(); ++i) {
    listed.insert(doc.str("/components/schemas/CompetingObservance/properties/fate/enum/" +
                          std::to_string(i)));
  }
  for (const std::string_view fate : kFateSlugs) {
    EXPECT_EQ(listed.count(std::string(fate)), 1U) << fate;
  }
  EXPECT_EQ(listed.count("kept"), 1U);
}

}  // namespace
}  // namespace kalendar::testing
