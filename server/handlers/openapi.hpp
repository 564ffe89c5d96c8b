// The OpenAPI 3.1 description of API v2, written from two tables: the routes and their
// parameters (openapi_routes.cpp) and the JSON objects (json/resource_docs.hpp), so that the
// document's schemas are the serialisers' own member lists.
// Example: route_docs()[0].operation_id == "getDay"; openapi_document("") is JSON.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {

struct ParamDoc {
  std::string name;
  std::string_view in;  // "path" or "query"
  bool required;
  std::string_view type;                 // "string", "integer", "boolean" or "array" (comma list)
  std::vector<std::string_view> values;  // the closed set of values (of each item of a list)
  std::string_view description;
  std::string_view format{};   // e.g. "date"
  std::string_view pattern{};  // ECMA-262 regular expression the value matches
  std::optional<int> minimum{};
  std::optional<int> maximum{};
  std::optional<std::size_t> max_length{};
  std::optional<int> default_value{};
};

// What a route answers with 200: `data` is one object of the table (or a list of them).
enum class Body {
  single,    // {"data": {...}, "meta": {...}}
  list,      // {"data": [...], "links": {...}, "meta": {...}}
  readings,  // a list of Reading, or with service=all one ReadingsByService
  document,  // the OpenAPI document itself
  calendar,  // text/calendar (RFC 5545)
};

struct RouteDoc {
  std::string pattern;
  std::string_view summary;
  std::vector<ParamDoc> params;
  std::string_view operation_id;
  std::string_view tag;
  Body body;
  std::string_view data;  // the ObjectDoc name of `data` (of each item of a list)
  bool keyed = true;      // needs X-API-Key
  bool feed = false;  // the credential is the {token} path segment (calendar apps send no header)
};

[[nodiscard]] const std::vector<RouteDoc>& route_docs();
// The document. `base_url` (the server's --base-url, may be empty) becomes `servers`.
[[nodiscard]] std::string openapi_document(std::string_view base_url);
// The components/schemas name of a route's 200 body. Example: "DayDocument", "DayList".
[[nodiscard]] std::string body_schema_name(Body body, std::string_view data);

}  // namespace kalendar::api
