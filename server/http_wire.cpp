#include "http_wire.hpp"

#include "dispatch.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace kalendar::http {

namespace {

using api::ErrorCode;

// The tchar set of RFC 9110 §5.6.2 as a table: every header name of every request is checked
// byte by byte, so one load per byte instead of a search.
constexpr std::array<bool, 256> kTokenChars = [] {
  std::array<bool, 256> table{};
  for (int ch = '0'; ch <= '9'; ++ch) table[static_cast<std::size_t>(ch)] = true;
  for (int ch = 'a'; ch <= 'z'; ++ch) table[static_cast<std::size_t>(ch)] = true;
  for (int ch = 'A'; ch <= 'Z'; ++ch) table[static_cast<std::size_t>(ch)] = true;
  for (const char ch : std::string_view("!#$%&'*+-.^_`|~")) {
    table[static_cast<unsigned char>(ch)] = true;
  }
  return table;
}();

bool is_token(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char ch) {
    return kTokenChars[static_cast<unsigned char>(ch)];
  });
}

char lower(char ch) { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch; }

// ASCII case-insensitive equality with a lower-case `lowered` (no copy of the header name).
bool iequals(std::string_view text, std::string_view lowered) {
  return text.size() == lowered.size() && std::equal(text.begin(), text.end(), lowered.begin(),
                                                     [](char a, char b) { return lower(a) == b; });
}

// Whether `text` contains the lower-case `lowered`, ignoring ASCII case.
bool icontains(std::string_view text, std::string_view lowered) {
  for (std::size_t i = 0; i + lowered.size() <= text.size(); ++i) {
    if (iequals(text.substr(i, lowered.size()), lowered)) return true;
  }
  return false;
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

// The next line of `head` without its CR LF (or bare LF), removed from `head`.
std::string_view take_line(std::string_view& head) {
  const std::size_t nl = head.find('\n');
  std::string_view line = head.substr(0, nl);
  head.remove_prefix(nl == std::string_view::npos ? head.size() : nl + 1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

// True when canonical_query(query) == query: every piece is name=value, no piece is empty and
// names never decrease (the common case of one or a few sorted parameters needs no copy).
bool is_canonical_query(std::string_view query) {
  std::string_view previous;
  while (true) {
    const std::size_t amp = query.find('&');
    const std::string_view part = query.substr(0, amp);
    const std::size_t eq = part.find('=');
    if (part.empty() || eq == std::string_view::npos) return false;
    const std::string_view name = part.substr(0, eq);
    if (name < previous) return false;
    previous = name;
    if (amp == std::string_view::npos) return true;
    query.remove_prefix(amp + 1);
  }
}

// The query in a canonical order: parameters split at '&', sorted by raw name (stable, so
// repeated names keep their order) so the same request always gives the same string
// (links.self, cursors and ETags must not depend on parameter order). Repeated names are all
// kept: url.cpp merges repeated `include`/`fields[...]` and rejects other repeats.
std::string canonical_query(std::string_view query) {
  if (is_canonical_query(query)) return std::string(query);
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
  if (iequals(connection, "keep-alive")) return true;  // what keep-alive clients send
  if (icontains(connection, "close")) return false;
  if (icontains(connection, "keep-alive")) return true;
  return http11;
}

// The head of a response, written into a buffer on the stack with one plain copy per piece
// (std::string::append checks and grows on every call; a head has about thirty pieces). A head
// longer than the buffer (many or long CORS headers) continues in a string.
class HeadWriter {
 public:
  [[gnu::always_inline]] void put(std::string_view piece) {
    if (spill_.empty() && size_ + piece.size() <= buffer_.size()) {
      std::memcpy(buffer_.data() + size_, piece.data(), piece.size());
      size_ += piece.size();
      return;
    }
    if (spill_.empty()) spill_.assign(buffer_.data(), size_);
    spill_.append(piece);
  }
  [[gnu::always_inline]] void header(std::string_view name, std::string_view value) {
    put(name);
    put(": ");
    put(value);
    put("\r\n");
  }
  template <typename Int>
  void number(Int n) {
    std::array<char, 24> digits{};
    const auto result = std::to_chars(digits.data(), digits.data() + digits.size(), n);
    put(std::string_view(digits.data(), static_cast<std::size_t>(result.ptr - digits.data())));
  }
  template <typename Int>
  void number_header(std::string_view name, Int n) {
    put(name);
    put(": ");
    number(n);
    put("\r\n");
  }
  // The head followed by `body`, in one allocation.
  [[nodiscard]] std::string with_body(std::string_view body) const {
    const std::string_view head = spill_.empty() ? std::string_view(buffer_.data(), size_) : spill_;
    std::string out;
    out.reserve(head.size() + body.size());
    out.append(head).append(body);
    return out;
  }

 private:
  std::array<char, 1024>
      buffer_;  // NOLINT(cppcoreguidelines-pro-type-member-init): written before read
  std::size_t size_ = 0;
  std::string spill_;
};

}  // namespace

void RequestReader::feed(std::string_view bytes) {
  if (failed_) return;
  if (consumed_ > 0 && consumed_ == buffer_.size()) {
    buffer_.clear();
    consumed_ = 0;
  }
  buffer_.append(bytes);
}

void RequestReader::fail(WireEvent& event, ErrorCode code, std::string detail) {
  failed_ = true;
  buffer_.clear();
  consumed_ = 0;
  event = WireEvent{};
  event.kind = WireEvent::got_error;
  event.failure = api::ApiError{code, std::move(detail), ""};
}

void RequestReader::need_more(WireEvent& event) { event = WireEvent{}; }

WireEvent RequestReader::next() {
  WireEvent event;  // returned in place (one object, never moved)
  read(event);
  return event;
}

void RequestReader::read(WireEvent& event) {
  if (failed_) {
    event.kind = WireEvent::got_error;
    event.failure = {ErrorCode::malformed_request, "the connection is closing", ""};
    return;
  }
  std::string_view rest = std::string_view(buffer_).substr(consumed_);
  // Blank lines before a request line are allowed (RFC 9112 §2.2).
  std::size_t skipped = 0;
  while (skipped < rest.size() && (rest[skipped] == '\r' || rest[skipped] == '\n')) ++skipped;
  rest.remove_prefix(skipped);
  const std::size_t end = head_end(rest);
  // Built only for the error details (a warm request never needs it).
  const auto limit = [this] { return std::to_string(limits_.max_head_bytes); };
  const std::size_t line_end = rest.find('\n');
  if ((line_end == std::string_view::npos && rest.size() > limits_.max_head_bytes) ||
      (line_end != std::string_view::npos && line_end > limits_.max_head_bytes)) {
    return fail(event, ErrorCode::uri_too_long,
                "the request line is longer than " + limit() + " bytes");
  }
  if (end == std::string_view::npos) {
    if (rest.size() <= limits_.max_head_bytes) {
      consumed_ += skipped;
      return need_more(event);
    }
    return fail(event, ErrorCode::headers_too_large,
                "the request line and headers are longer than " + limit() + " bytes");
  }
  if (end > limits_.max_head_bytes) {
    return fail(event, ErrorCode::headers_too_large,
                "the request line and headers are longer than " + limit() + " bytes");
  }
  // The head ends at its first blank line and starts with a non-blank one (blank lines were
  // skipped), so its LFs end the request line, each header line and the blank line.
  std::string_view head = rest.substr(0, end);
  const auto header_count =
      static_cast<std::size_t>(std::count(head.begin(), head.end(), '\n')) - 2;

  // Request line: method SP target SP version, single spaces, nothing else.
  const std::string_view line = take_line(head);
  if (line.empty()) return fail(event, ErrorCode::malformed_request, "empty request");
  const std::size_t sp1 = line.find(' ');
  const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos) {
    return fail(event, ErrorCode::malformed_request,
                "the request line must be: METHOD /path HTTP/1.1");
  }
  const std::string_view method = line.substr(0, sp1);
  std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  const std::string_view version = line.substr(sp2 + 1);
  if (!is_token(method)) return fail(event, ErrorCode::malformed_request, "malformed method");
  if (version != "HTTP/1.1" && version != "HTTP/1.0") {
    return fail(event, ErrorCode::malformed_request, "only HTTP/1.1 and HTTP/1.0 are served");
  }
  if (target.empty() || target.front() != '/' ||
      std::any_of(target.begin(), target.end(),
                  [](char ch) { return static_cast<unsigned char>(ch) <= 0x20 || ch == 0x7f; })) {
    return fail(event, ErrorCode::malformed_request,
                "the request target must be a path such as /health");
  }
  target = target.substr(0, target.find('#'));

  event.kind = WireEvent::got_request;
  event.version.assign(version);
  api::Request& request = event.request;
  request.method = api::parse_method(method);
  request.method_token.assign(method);
  const std::size_t question = target.find('?');
  request.raw_path.assign(target.substr(0, question));
  if (question != std::string_view::npos) {
    request.raw_query = canonical_query(target.substr(question + 1));
  }

  if (header_count > limits_.max_header_count) {
    return fail(event, ErrorCode::headers_too_large,
                "more than " + std::to_string(limits_.max_header_count) + " header lines");
  }
  request.headers.reserve(header_count);
  std::optional<std::uint64_t> content_length;
  std::string_view connection;
  for (std::size_t i = 1; i <= header_count; ++i) {
    const std::string_view header = take_line(head);
    const std::size_t colon = header.find(':');
    if (colon == std::string_view::npos || !is_token(header.substr(0, colon))) {
      return fail(event, ErrorCode::malformed_request,
                  "malformed header line " + std::to_string(i));
    }
    const std::string_view name = header.substr(0, colon);
    const std::string_view value = trim(header.substr(colon + 1));
    if (iequals(name, "content-length")) {
      std::uint64_t length = 0;
      const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), length);
      if (value.empty() || ec != std::errc{} || ptr != value.data() + value.size() ||
          (content_length && *content_length != length)) {
        return fail(event, ErrorCode::malformed_request,
                    "Content-Length must be one decimal number of bytes");
      }
      content_length = length;
    } else if (iequals(name, "transfer-encoding")) {
      return fail(event, ErrorCode::malformed_request,
                  "Transfer-Encoding is not accepted: no route takes a request body");
    } else if (iequals(name, "connection")) {
      connection = value;
    }
    api::HeaderField& field = request.headers.emplace_back();  // filled in place, never moved
    field.name.assign(name);
    field.value.assign(value);
  }
  const std::uint64_t body = content_length.value_or(0);
  if (body > limits_.max_body_bytes) {
    return fail(
        event, ErrorCode::request_too_large,
        "a request body may have at most " + std::to_string(limits_.max_body_bytes) + " bytes");
  }
  // The body is discarded, but it must have arrived before the next request starts.
  if (rest.size() - end < body) return need_more(event);
  consumed_ += skipped + end + static_cast<std::size_t>(body);
  event.keep_alive = wants_keep_alive(connection, version == "HTTP/1.1");
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
  HeadWriter head;
  head.put(version);
  head.put(" ");
  head.number(response.status);
  head.put(" ");
  head.put(reason_phrase(response.status));
  head.put("\r\n");
  head.header("Connection", keep_alive ? "Keep-Alive" : "Close");
  if (!response.content_type.empty()) head.header("Content-Type", response.content_type);
  if (!response.content_encoding.empty()) {
    head.header("Content-Encoding", response.content_encoding);
  }
  if (!response.etag.empty()) head.header("ETag", response.etag);
  // As api::cache_control_value(), written in place.
  if (response.no_store) {
    head.header("Cache-Control", "no-store");
  } else if (response.max_age_seconds) {
    head.put("Cache-Control: private, max-age=");
    head.number(*response.max_age_seconds);
    head.put("\r\n");
  }
  if (!response.vary.empty()) head.header("Vary", response.vary);
  if (!response.content_language.empty()) {
    head.header("Content-Language", response.content_language);
  }
  if (!response.allow.empty()) head.header("Allow", response.allow);
  if (response.retry_after) head.number_header("Retry-After", *response.retry_after);
  if (response.rate_limit) {
    head.number_header("RateLimit-Limit", response.rate_limit->limit);
    head.number_header("RateLimit-Remaining", response.rate_limit->remaining);
    head.number_header("RateLimit-Reset", response.rate_limit->reset_seconds);
  }
  if (!response.www_authenticate.empty()) {
    head.header("WWW-Authenticate", response.www_authenticate);
  }
  for (const auto& h : response.cors_headers) head.header(h.name, h.value);
  // A HEAD answer announces the length of the body a GET would carry (RFC 9110 §9.3.2).
  head.number_header("Content-Length", response.head_content_length.value_or(response.body.size()));
  head.put("\r\n");
  return head.with_body(response.body);
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
