// HTTP/1.1 on the wire, without any server library: an incremental request reader and the
// response writer. endpoint.cpp feeds it the bytes Pistache reads from a socket and writes what
// it returns; Pistache's own parser, with its plain-text 400/408/413/500 answers, never runs
// (docs/OPERATIONS.md, "Limits").
//
// Every malformed, oversized or unsupported request becomes a JSON error document with
// `Connection: close`; nothing the client sends can produce a 5xx or echo exception text.
// Pipelined requests are answered in order.
//
// Example:
//   RequestReader reader(WireLimits{});
//   reader.feed("GET /health HTTP/1.1\r\nConnection: keep-alive\r\n\r\n");
//   WireEvent e = reader.next();            // e.kind == WireEvent::got_request
//   std::string bytes = write_response(dispatcher.dispatch(e.request), e.keep_alive, e.version);
#pragma once

#include "api_error.hpp"
#include "request.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace kalendar::http {

// What a request may weigh. Example: WireLimits{.max_head_bytes = 16 * 1024}.
struct WireLimits {
  std::size_t max_head_bytes = 16 * 1024;  // request line + headers (431, or 414 for the line)
  std::size_t max_body_bytes = 16 * 1024;  // Content-Length above this: 413
  std::size_t max_header_count = 100;      // more header lines: 431
};

// One step of the reader. `got_request`: a complete request (its body, if any, is discarded);
// `got_error`: the request cannot be answered normally, answer `error` and close; `need_more`: wait
// for bytes. Example: {WireEvent::got_request, req, true, "HTTP/1.1"}.
struct WireEvent {
  enum Kind { need_more, got_request, got_error };
  Kind kind = need_more;
  api::Request request{};
  bool keep_alive = false;
  std::string version = "HTTP/1.1";  // echoed in the status line
  api::ApiError failure{};           // when kind == got_error
};

// Splits a byte stream into requests. Not thread-safe: one reader per connection.
// Example: see the top of this file.
class RequestReader {
 public:
  explicit RequestReader(WireLimits limits) : limits_(limits) {}

  // Appends received bytes. Example: reader.feed(std::string_view(buf, n)).
  void feed(std::string_view bytes);
  // The next request, error, or need_more. After an error every later call returns the same
  // error kind again (the connection is closing). Example: while ((e = r.next()).kind == ...).
  [[nodiscard]] WireEvent next();
  // True when some bytes of a request not yet complete are buffered (its deadline runs).
  // Example: after feed("GET /he"), partial() is true.
  [[nodiscard]] bool partial() const { return buffer_.size() > consumed_; }

 private:
  // Turns `event` into the error (the connection is closing) or into need_more.
  void fail(WireEvent& event, api::ErrorCode code, std::string detail);
  static void need_more(WireEvent& event);
  // next() into `event`, which starts as need_more.
  void read(WireEvent& event);

  WireLimits limits_;
  std::string buffer_;
  std::size_t consumed_ = 0;  // bytes of buffer_ already turned into requests
  bool failed_ = false;
};

// The bytes of one response: status line, headers from `response`, Connection, Content-Length,
// then the body. Example: write_response(r, true, "HTTP/1.1") starts "HTTP/1.1 200 OK\r\n".
[[nodiscard]] std::string write_response(const api::Response& response, bool keep_alive,
                                         std::string_view version);

// A whole JSON error answer with `Connection: close` (and Retry-After when given).
// Example: write_error_response({ErrorCode::request_timeout, "no complete request in 5 s"}).
[[nodiscard]] std::string write_error_response(const api::ApiError& error,
                                               std::optional<int> retry_after = std::nullopt);

// The standard reason phrase, or "Unknown". Example: reason_phrase(431).
[[nodiscard]] std::string_view reason_phrase(int status);

}  // namespace kalendar::http
