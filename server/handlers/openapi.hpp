// The OpenAPI 3.1 description of API v2, built from a table of routes and parameters.
// Example: route_docs()[0].pattern == "/api/v2/days/{date}"; openapi_document() is JSON.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {

struct ParamDoc {
  std::string name;
  std::string_view in;  // "path" or "query"
  bool required;
  std::string_view type;
  std::vector<std::string_view> values;
  std::string_view description;
};

struct RouteDoc {
  std::string pattern;
  std::string_view summary;
  std::vector<ParamDoc> params;
  std::string_view returns;
};

[[nodiscard]] const std::vector<RouteDoc>& route_docs();
[[nodiscard]] std::string openapi_document();

}  // namespace kalendar::api
