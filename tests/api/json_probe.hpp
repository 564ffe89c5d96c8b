// Test helpers: read response bodies with simdjson (DOM) instead of comparing strings.
//
// Example:
//   EXPECT_EQ(error_codes(body), (std::vector<std::string>{"missing_parameter"}));
//   EXPECT_EQ(error_parameters(body), (std::vector<std::string>{"book"}));
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api::testing {

// One member of every object in the top-level "errors" array ("" when absent).
// Example: error_member(body, "code").
inline std::vector<std::string> error_member(std::string_view body, std::string_view member) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  std::vector<std::string> out;
  if (parser.parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS) {
    out.emplace_back("<not json>");
    return out;
  }
  simdjson::dom::array errors;
  if (doc["errors"].get(errors) != simdjson::SUCCESS) return out;
  for (auto e : errors) {
    std::string_view value;
    if (member == "parameter") {
      if (e["source"]["parameter"].get(value) != simdjson::SUCCESS) value = "";
    } else if (e[member].get(value) != simdjson::SUCCESS) {
      value = "";
    }
    out.emplace_back(value);
  }
  return out;
}

inline std::vector<std::string> error_codes(std::string_view body) {
  return error_member(body, "code");
}
inline std::vector<std::string> error_parameters(std::string_view body) {
  return error_member(body, "parameter");
}

// True when `body` is one valid JSON document.
inline bool is_json(std::string_view body) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  return parser.parse(body.data(), body.size()).get(doc) == simdjson::SUCCESS;
}

}  // namespace kalendar::api::testing
