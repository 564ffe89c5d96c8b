// Entity tags for every successful GET (api-decisions.md, Caching).
//
// The tag is strong and derived only from the body bytes, so identical requests give identical
// tags on every server. It is a 128-bit XXH3 hash (xxHash): not a secret and not a defence
// against anyone, only a fingerprint, and about 40 times cheaper than SHA-256. A cached answer
// computes it once. A compressed representation gets its own tag (the identity tag with
// `-gzip` appended), because RFC 9110 requires strong tags to differ between representations.
// If-None-Match is evaluated with the weak comparison that RFC 9110 §13.1.2 prescribes for it:
// `W/"x"` matches `"x"`.
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

// A strong ETag: the quoted hex of XXH3-128(body), canonical byte order.
// Example: make_etag("") == "\"99aa06d3014798d86001c324468d497f\"".
[[nodiscard]] std::string make_etag(std::string_view body);

// The tag of the same body sent with content coding `coding`.
// Example: encoded_etag("\"ab12\"", "gzip") == "\"ab12-gzip\"".
[[nodiscard]] std::string encoded_etag(std::string_view identity_etag, std::string_view coding);

// True when an If-None-Match header value matches `etag`: `*`, or any entity-tag of the
// comma-separated list equal to `etag` under weak comparison. A malformed list element ends the
// parse (the elements before it still count). Example: ("W/\"a\"", "\"a\"") -> true.
[[nodiscard]] bool if_none_match_matches(std::string_view header_value, std::string_view etag);

}  // namespace kalendar::api
