// API errors: the one table of error codes (api-decisions.md) and the JSON error document.
//
// Every error a client can see is an `ApiError`: a code from the table, a human detail that
// never contains internal exception text, and optionally the parameter it is about. Handlers
// collect every problem of a request in an `ErrorList` so that a client sees all of them at once.
//
// Example:
//   ErrorList errors;
//   errors.missing("book");
//   errors.invalid("service", "must be one of: daily, eucharist, morning, evening");
//   std::string body = write_error_document(errors.items());
//   // {"errors":[{"status":"400","code":"missing_parameter",...},{...}]}
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar {
struct Error;
}

namespace kalendar::api {

// Every error code of the API. The order matches the table in api-decisions.md.
// Example: ErrorCode::invalid_cursor.
enum class ErrorCode {
  missing_parameter,
  invalid_parameter,
  unknown_book,
  range_too_large,
  invalid_cursor,
  invalid_reference,
  missing_api_key,
  invalid_api_key,
  expired_api_key,
  book_not_allowed,
  not_found,
  method_not_allowed,
  rate_limited,
  internal_error,
  unavailable,
  // Protocol errors answered by the HTTP layer itself (http_wire.hpp), before any route.
  malformed_request,
  request_timeout,
  request_too_large,
  uri_too_long,
  headers_too_large,
};

// One row of the error table: HTTP status, stable snake_case code, fixed English title.
// Example: error_info(ErrorCode::not_found) == {404, "not_found", "Not found"}.
struct ErrorInfo {
  int status;
  std::string_view code{};
  std::string_view title{};
};

// The row of `code` in the table.
// Example: error_info(ErrorCode::rate_limited).status == 429.
[[nodiscard]] const ErrorInfo& error_info(ErrorCode code);

// Every row of the table, in declaration order (for tests and docs).
// Example: all_error_infos().size() == 15.
[[nodiscard]] const std::vector<ErrorInfo>& all_error_infos();

// One problem of a request. `parameter` is empty when the problem is not about a parameter.
// Example: ApiError{ErrorCode::invalid_parameter, "must be 1 to 100", "limit"}.
struct ApiError {
  ErrorCode code = ErrorCode::internal_error;
  std::string detail{};
  std::string parameter{};

  friend bool operator==(const ApiError&, const ApiError&) = default;
};

// Collects every problem of one request, in the order found.
// Example: ErrorList e; e.invalid("month", "must be 1 to 12"); e.size() == 1.
class ErrorList {
 public:
  // Appends any error. Example: add({ErrorCode::unknown_book, "no prayer book 'xx'", "book"}).
  void add(ApiError error);
  // Appends an error unless an identical one is already listed. Example: merge(handler_errors).
  void add_unique(const ApiError& error);
  // A required parameter is absent or empty. Example: missing("book").
  void missing(std::string_view parameter);
  // A value outside its type, enumeration or limits. Example: invalid("limit", "must be 1 to 100").
  void invalid(std::string_view parameter, std::string_view detail);

  // Inspection. Example: if (!errors.empty()) return errors; errors.items()[0].parameter.
  [[nodiscard]] bool empty() const { return items_.empty(); }
  [[nodiscard]] std::size_t size() const { return items_.size(); }
  [[nodiscard]] const std::vector<ApiError>& items() const { return items_; }
  // True when some error has this code. Example: has(ErrorCode::missing_parameter).
  [[nodiscard]] bool has(ErrorCode code) const;

 private:
  std::vector<ApiError> items_;
};

// The one mapping of the engine's errors (kalendar::EngineErrc) to the table: unknown_book ->
// unknown_book about "book", range_too_large -> range_too_large about `parameter`, a date, year
// or range outside the book -> invalid_parameter about `parameter`, an unknown reading type or
// psalter -> invalid_parameter about reading_type / psalter; anything else is internal.
// Example: engine_error_to_api(Error{"out_of_range", "..."}, "year").code ==
// ErrorCode::invalid_parameter.
[[nodiscard]] ApiError engine_error_to_api(const Error& error, std::string_view parameter);

// The HTTP status for a list of errors: their common status, 400 when they are mixed 4xx,
// else 500. An empty list gives 500 (a programmer error answered safely).
// Example: response_status({{ErrorCode::missing_parameter}, {ErrorCode::invalid_parameter}}) ==
// 400.
[[nodiscard]] int response_status(const std::vector<ApiError>& errors);

// The JSON error document: {"errors":[{"status","code","title","detail","source":{"parameter"}}]}.
// `detail` and `source` are omitted when empty. Invalid UTF-8 in detail or parameter is
// replaced by U+FFFD, so the document is always valid JSON.
// Example: write_error_document({{ErrorCode::not_found, "no route for this path", ""}}).
// At most kMaxListedErrors errors are written, then one entry (with the next error's code)
// saying how many more were found.
[[nodiscard]] std::string write_error_document(const std::vector<ApiError>& errors);
inline constexpr std::size_t kMaxListedErrors = 20;

// Makes untrusted text safe to quote in a detail: invalid UTF-8 and control characters
// become U+FFFD, and the result is cut to `max_bytes` on a character boundary with "…".
// Example: quote_for_detail("bo\x01ok") == "bo\uFFFDok".
[[nodiscard]] std::string quote_for_detail(std::string_view text, std::size_t max_bytes = 64);

}  // namespace kalendar::api
