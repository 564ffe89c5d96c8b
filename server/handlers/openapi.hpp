// The OpenAPI 3.1 description of API v2, written from two tables: the routes and their
// parameters (openapi_routes.cpp) and the JSON objects (json/resource_docs.hpp), so that the
// document's schemas are the serialisers' own member lists.
// Example: route_docs()[0].operation_id == "getDay"; openapi_document("") is JSON.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar {
class CompiledBook;
}

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
  bool options = false;   // takes the book's calendar options (every route that computes days)
  bool feed = false;  // the credential is the {token} path segment (calendar apps send no header)
};

// One calendar option key as a query parameter, merged over the books that declare it.
// Example: {"epiphany", {"cw_2000_en"}, {"january_6", "sunday"}, {"january_6"}, "january_6"}.
struct OptionParamDoc {
  std::string key{};
  std::vector<std::string> books{};            // the codes of the books declaring it
  std::vector<std::string> values{};           // the union of their values (none: a date option)
  std::vector<std::string> defaults{};         // by book, as books; "" an unset date
  std::optional<std::string> default_value{};  // when every book has the same default
  bool is_date = false;
  bool mixed_types = false;  // a date option in one book, a choice in another
  std::string pattern{};     // MM-DD for a date option
  std::string description{};
};

// Every option of `books`, by key. Example: option_param_docs(engine.books())[0].key.
[[nodiscard]] std::vector<OptionParamDoc> option_param_docs(
    const std::vector<std::shared_ptr<const CompiledBook>>& books);

[[nodiscard]] const std::vector<RouteDoc>& route_docs();
// The document. `base_url` (the server's --base-url, may be empty) becomes `servers`; the
// options of `books` become query parameters of every route with RouteDoc::options.
[[nodiscard]] std::string openapi_document(
    std::string_view base_url, const std::vector<std::shared_ptr<const CompiledBook>>& books = {});
// The components/schemas name of a route's 200 body. Example: "DayDocument", "DayList".
[[nodiscard]] std::string body_schema_name(Body body, std::string_view data);

}  // namespace kalendar::api
