#include "http_wire.hpp"

#include "dispatch.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <utility>
#include <vector>

namespace kalendar::http {

namespace {

using api::ErrorCode;

bool is_token_char(char ch) {
  if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')) {
    return true;
  }
  return std::string_view("!#$%&'*+-.^_`|~").find(ch) != std::string_view::npos;
}

bool is_token(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), is_token_char);
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& ch : out) {
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  }
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// Where the head (request line + headers) ends, counting the blank line; npos when incomplete.
// Bare LF line ends are accepted as well as CRLF (RFC 9112 §2.2).
std::size_t head_end(std::string_view text) {
  for (std::size_t pos = text.find('\n'); pos != std::string_view::npos;
       pos = text.find('\n', pos + 1)) {
    if (pos + 1 < text.size() && text[pos + 1] == '\n') return pos + 2;
    if (pos + 2 < text.size() && text[pos + 1] == '\r' && text[pos + 2] == '\n') return pos + 3;
  }
  return std::string_view::npos;
}

std::vector<std::string_view> split_lines(std::string_view head) {
  std::vector<std::string_view> lines;
  while (!head.empty()) {
    const std::size_t nl = head.find('\n');
    std::string_view line = head.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    head.remove_prefix(nl + 1);
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// The query in a canonical order: parameters split at '&', sorted by raw name (stable, so
// repeated names keep their order) so the same request always gives the same string
// (links.self, cursors and ETags must not depend on parameter order). Repeated names are all
// kept: url.cpp merges repeated `include`/`fields[...]` and rejects other repeats.
std::string canonical_query(std::string_view query) {
  std::vector<std::pair<std::string_view, std::string_view>> params;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view part = query.substr(0, amp);
    const std::size_t eq = part.find('=');
    const std::string_view name = part.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? "" : part.substr(eq + 1);
    if (!part.empty()) params.emplace_back(name, value);
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  std::stable_sort(params.begin(), params.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string out;
  for (const auto& [name, value] : params) {
    if (!out.empty()) out.push_back('&');
    out.append(name);
    out.push_back('=');
    out.append(value);
  }
  return out;
}

bool wants_keep_alive(std::string_view connection, bool http11) {
  const std::string value = lower(connection);
  if (value.find("close") != std::string::npos) return false;
  if (value.find("keep-alive") != std::string::npos) return true;
  return http11;
}

void add_header(std::string& out, std::string_view name, std::string_view value) {
  out.append(name);
  out.append(": ");
  out.append(value);
  out.append("\r\n");
}

}  // namespace

void RequestReader::feed(std::string_view bytes) {
  if (failed_) return;
  if (consumed_ > 0 && consumed_ == buffer_.size()) {
    buffer_.clear();
    consumed_ = 0;
  }
  buffer_.append(bytes);
}

WireEvent RequestReader::fail(ErrorCode code, std::string detail) {
  failed_ = true;
  buffer_.clear();
  consumed_ = 0;
  WireEvent event;
  event.kind = WireEvent::got_error;
  event.failure = api::ApiError{code, std::move(detail), ""};
  return event;
}

WireEvent RequestReader::next() {
  if (failed_) {
    WireEvent event;
    event.kind = WireEvent::got_error;
    event.failure = {ErrorCode::malformed_request, "the connection is closing", ""};
    return event;
  }
  std::string_view rest = std::string_view(buffer_).substr(consumed_);
  // Blank lines before a request line are allowed (RFC 9112 §2.2).
  std::size_t skipped = 0;
  while (skipped < rest.size() && (rest[skipped] == '\r' || rest[skipped] == '\n')) ++skipped;
  rest.remove_prefix(skipped);
  const std::size_t end = head_end(rest);
  const std::string limit = std::to_string(limits_.max_head_bytes);
  const std::size_t line_end = rest.find('\n');
  if ((line_end == std::string_view::npos && rest.size() > limits_.max_head_bytes) ||
      (line_end != std::string_view::npos && line_end > limits_.max_head_bytes)) {
    return fail(ErrorCode::uri_too_long, "the request line is longer than " + limit + " bytes");
  }
  if (end == std::string_view::npos) {
    if (rest.size() <= limits_.max_head_bytes) {
      consumed_ += skipped;
      return WireEvent{};
    }
    return fail(ErrorCode::headers_too_large,
                "the request line and headers are longer than " + limit + " bytes");
  }
  if (end > limits_.max_head_bytes) {
    return fail(ErrorCode::headers_too_large,
                "the request line and headers are longer than " + limit + " bytes");
  }
  const std::vector<std::string_view> lines = split_lines(rest.substr(0, end));
  if (lines.empty()) return fail(ErrorCode::malformed_request, "empty request");

  // Request line: method SP target SP version, single spaces, nothing else.
  const std::string_view line = lines.front();
  const std::size_t sp1 = line.find(' ');
  const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos) {
    return fail(ErrorCode::malformed_request, "the request line must be: METHOD /path HTTP/1.1");
  }
  const std::string_view method = line.substr(0, sp1);
  std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  const std::string_view version = line.substr(sp2 + 1);
  if (!is_token(method)) return fail(ErrorCode::malformed_request, "malformed method");
  if (version != "HTTP/1.1" && version != "HTTP/1.0") {
    return fail(ErrorCode::malformed_request, "only HTTP/1.1 and HTTP/1.0 are served");
  }
  if (target.empty() || target.front() != '/' ||
      std::any_of(target.begin(), target.end(),
                  [](char ch) { return static_cast<unsigned char>(ch) <= 0x20 || ch == 0x7f; })) {
    return fail(ErrorCode::malformed_request, "the request target must be a path such as /health");
  }
  target = target.substr(0, target.find('#'));

  WireEvent event;
  event.kind = WireEvent::got_request;
  event.version = std::string(version);
  api::Request& request = event.request;
  request.method = api::parse_method(method);
  request.method_token = std::string(method);
  const std::size_t question = target.find('?');
  request.raw_path = std::string(target.substr(0, question));
  if (question != std::string_view::npos) {
    request.raw_query = canonical_query(target.substr(question + 1));
  }

  if (lines.size() - 1 > limits_.max_header_count) {
    return fail(ErrorCode::headers_too_large,
                "more than " + std::to_string(limits_.max_header_count) + " header lines");
  }
  std::optional<std::uint64_t> content_length;
  std::string connection;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string_view header = lines[i];
    const std::size_t colon = header.find(':');
    if (colon == std::string_view::npos || !is_token(header.substr(0, colon))) {
      return fail(ErrorCode::malformed_request, "malformed header line " + std::to_string(i));
    }
    const std::string name = lower(header.substr(0, colon));
    const std::string_view value = trim(header.substr(colon + 1));
    if (name == "content-length") {
      std::uint64_t length = 0;
      const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), length);
      if (value.empty() || ec != std::errc{} || ptr != value.data() + value.size() ||
          (content_length && *content_length != length)) {
        return fail(ErrorCode::malformed_request,
                    "Content-Length must be one decimal number of bytes");
      }
      content_length = length;
    } else if (name == "transfer-encoding") {
      return fail(ErrorCode::malformed_request,
                  "Transfer-Encoding is not accepted: no route takes a request body");
    } else if (name == "connection") {
      connection = std::string(value);
    }
    request.headers.push_back({std::string(header.substr(0, colon)), std::string(value)});
  }
  const std::uint64_t body = content_length.value_or(0);
  if (body > limits_.max_body_bytes) {
    return fail(
        ErrorCode::request_too_large,
        "a request body may have at most " + std::to_string(limits_.max_body_bytes) + " bytes");
  }
  if (rest.size() - end < body) return WireEvent{};  // body still arriving; it is discarded
  consumed_ += skipped + end + static_cast<std::size_t>(body);
  event.keep_alive = wants_keep_alive(connection, version == "HTTP/1.1");
  return event;
}

std::string_view reason_phrase(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 204:
      return "No Content";
    case 304:
      return "Not Modified";
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 413:
      return "Content Too Large";
    case 414:
      return "URI Too Long";
    case 429:
      return "Too Many Requests";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 503:
      return "Service Unavailable";
    default:
      return "Unknown";
  }
}

std::string write_response(const api::Response& response, bool keep_alive,
                           std::string_view version) {
  std::string out;
  out.reserve(response.body.size() + 512);
  out.append(version);
  out.push_back(' ');
  out.append(std::to_string(response.status));
  out.push_back(' ');
  out.append(reason_phrase(response.status));
  out.append("\r\n");
  add_header(out, "Connection", keep_alive ? "Keep-Alive" : "Close");
  if (!response.content_type.empty()) add_header(out, "Content-Type", response.content_type);
  if (!response.content_encoding.empty()) {
    add_header(out, "Content-Encoding", response.content_encoding);
  }
  if (!response.etag.empty()) add_header(out, "ETag", response.etag);
  const std::string cache = api::cache_control_value(response);
  if (!cache.empty()) add_header(out, "Cache-Control", cache);
  if (!response.vary.empty()) add_header(out, "Vary", response.vary);
  if (!response.content_language.empty()) {
    add_header(out, "Content-Language", response.content_language);
  }
  if (!response.allow.empty()) add_header(out, "Allow", response.allow);
  if (response.retry_after) add_header(out, "Retry-After", std::to_string(*response.retry_after));
  if (response.rate_limit) {
    add_header(out, "RateLimit-Limit", std::to_string(response.rate_limit->limit));
    add_header(out, "RateLimit-Remaining", std::to_string(response.rate_limit->remaining));
    add_header(out, "RateLimit-Reset", std::to_string(response.rate_limit->reset_seconds));
  }
  if (!response.www_authenticate.empty()) {
    add_header(out, "WWW-Authenticate", response.www_authenticate);
  }
  for (const auto& h : response.cors_headers) add_header(out, h.name, h.value);
  // A HEAD answer announces the length of the body a GET would carry (RFC 9110 §9.3.2).
  add_header(out, "Content-Length",
             std::to_string(response.head_content_length.value_or(response.body.size())));
  out.append("\r\n");
  out.append(response.body);
  return out;
}

std::string write_error_response(const api::ApiError& error, std::optional<int> retry_after) {
  api::Response response;
  response.status = api::error_info(error.code).status;
  response.content_type = std::string(api::kJsonContentType);
  response.no_store = true;
  response.retry_after = retry_after;
  response.body = api::write_error_document({error});
  return write_response(response, false, "HTTP/1.1");
}

}  // namespace kalendar::http
