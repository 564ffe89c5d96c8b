// The pure HTTP request and response the dispatcher works on, free of any server library.
//
// endpoint.cpp converts Pistache's request into a `Request` and writes a `Response` back with
// typed headers; tests and kalendar-dump build them directly, so the whole HTTP behaviour is
// testable without sockets.
//
// Example:
//   Request req = make_request(Method::get, "/api/v2/days/today?book=loc_2015",
//                              {{"X-API-Key", "kal_..."}});
//   req.header("x-api-key") == "kal_...";     // names compare case-insensitively
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {

// Request methods the dispatcher distinguishes; everything else is `other` (405).
// Example: parse_method("TRACE") == Method::other.
enum class Method { get, head, options, post, put, patch, delete_, other };

// The method's token. Example: method_name(Method::head) == "HEAD".
[[nodiscard]] std::string_view method_name(Method method);
// The method for a token (case-sensitive, as HTTP is). Example: parse_method("GET") == get.
[[nodiscard]] Method parse_method(std::string_view token);

// One request header as received. Example: {"If-None-Match", "\"abc\""}.
struct HeaderField {
  std::string name{};
  std::string value{};
};

// A request as it came off the wire: nothing is decoded yet (url.hpp does that).
// Example: {Method::get, "GET", "/api/v2/days/today", "book=loc_2015", {{"X-API-Key", k}}}.
struct Request {
  Method method = Method::get;
  std::string method_token = "GET";  // for logs when method == other
  std::string raw_path{};            // e.g. "/api/v2/days/2025%2D06%2D24"
  std::string raw_query{};           // without '?', e.g. "book=loc_2015"
  std::vector<HeaderField> headers{};

  // The first header named `name` (ASCII case-insensitive), or nullopt.
  // Example: req.header("if-none-match").
  [[nodiscard]] std::optional<std::string_view> header(std::string_view name) const;
};

// A request from a target such as "/a/b?x=1" (tests, kalendar-dump).
// Example: make_request(Method::head, "/health").
[[nodiscard]] Request make_request(Method method, std::string_view target,
                                   std::vector<HeaderField> headers = {});

// Values of the RateLimit-* headers. Example: {60, 59, 1}.
struct RateLimitHeaders {
  int limit = 0;
  int remaining = 0;
  int reset_seconds = 0;
};

// A response ready to be written. Empty strings mean "header absent".
// Example: {status 304, etag "\"3f2c...\"", max_age_seconds 3600, no body}.
struct Response {
  int status = 200;
  std::string body{};                    // empty for 204, 304 and HEAD
  std::string content_type{};            // "application/json" for every JSON body
  std::string etag{};                    // quoted, e.g. "\"3f2c...\""
  std::string content_encoding{};        // "gzip" when the body is compressed
  bool no_store = false;                 // Cache-Control: no-store
  std::optional<int> max_age_seconds{};  // Cache-Control: private, max-age=N
  std::string vary{};                    // e.g. "X-API-Key, Accept-Language"
  std::string content_language{};        // e.g. "pt-BR"
  std::string allow{};                   // "GET, HEAD, OPTIONS" on 204 (OPTIONS) and 405
  std::optional<int> retry_after{};      // seconds, on 429 and 503
  std::optional<RateLimitHeaders> rate_limit{};
  std::string www_authenticate{};  // on 401: how to authenticate (RFC 9110 §11.6.1)
  // On HEAD: the Content-Length the GET would send (the body itself is empty).
  std::optional<std::size_t> head_content_length{};
  // CORS headers (Access-Control-*), written as they are; empty without an allowed Origin.
  std::vector<HeaderField> cors_headers{};
};

// The Cache-Control value of `r`, or "" when it has none (tests, logs, kalendar-dump).
// Example: "private, max-age=3600" or "no-store".
[[nodiscard]] std::string cache_control_value(const Response& r);

}  // namespace kalendar::api
