// Entity tags for every successful GET (api-decisions.md, Caching).
//
// The tag is strong and derived only from the body bytes, so identical requests give identical
// tags on every server. If-None-Match is evaluated with the weak comparison that RFC 9110 §13.1.2
// prescribes for it: `W/"x"` matches `"x"`.
//
// Example:
//   std::string tag = make_etag(R"({"data":{}})");      // "\"3f2c...\"" (34 characters)
//   if_none_match_matches("W/" + tag, tag) == true;
//   if_none_match_matches("\"other\", " + tag, tag) == true;
//   if_none_match_matches("*", tag) == true;
#pragma once

#include <string>
#include <string_view>

namespace kalendar::api {

// A strong ETag: the quoted hex of the first 128 bits of SHA-256(body).
// Example: make_etag("") == "\"e3b0c44298fc1c149afbf4c8996fb924\"".
[[nodiscard]] std::string make_etag(std::string_view body);

// True when an If-None-Match header value matches `etag`: `*`, or any entity-tag of the
// comma-separated list equal to `etag` under weak comparison. A malformed list element ends the
// parse (the elements before it still count). Example: ("W/\"a\"", "\"a\"") -> true.
[[nodiscard]] bool if_none_match_matches(std::string_view header_value, std::string_view etag);

}  // namespace kalendar::api
