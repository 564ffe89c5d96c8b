#include "api_error.hpp"

#include "json/writer.hpp"
#include "utf8.hpp"

#include "kalendar/engine.hpp"

#include <algorithm>
#include <cstddef>

namespace kalendar::api {

namespace {

// The one table (api-decisions.md, "Errors"). Titles are fixed English text: a title never
// carries request data or internal messages; `detail` explains the particular case.
const std::vector<ErrorInfo>& table() {
  static const std::vector<ErrorInfo> kTable = {
      {400, "missing_parameter", "Missing parameter"},
      {400, "invalid_parameter", "Invalid parameter"},
      {400, "unknown_book", "Unknown prayer book"},
      {400, "range_too_large", "Date range too large"},
      {400, "invalid_cursor", "Invalid cursor"},
      {400, "invalid_reference", "Invalid Bible reference"},
      {401, "missing_api_key", "Missing API key"},
      {401, "invalid_api_key", "Invalid API key"},
      {401, "expired_api_key", "Expired API key"},
      {403, "book_not_allowed", "Prayer book not allowed for this key"},
      {404, "not_found", "Not found"},
      {405, "method_not_allowed", "Method not allowed"},
      {429, "rate_limited", "Rate limit exceeded"},
      {500, "internal_error", "Internal error"},
      {503, "unavailable", "Service unavailable"},
      {400, "malformed_request", "Malformed HTTP request"},
      {408, "request_timeout", "Request timeout"},
      {413, "request_too_large", "Request too large"},
      {414, "uri_too_long", "Request line too long"},
      {431, "headers_too_large", "Request headers too large"},
  };
  return kTable;
}

}  // namespace

const ErrorInfo& error_info(ErrorCode code) { return table().at(static_cast<std::size_t>(code)); }

const std::vector<ErrorInfo>& all_error_infos() { return table(); }

void ErrorList::add(ApiError error) { items_.push_back(std::move(error)); }

void ErrorList::add_unique(const ApiError& error) {
  for (const auto& existing : items_) {
    if (existing == error) return;
  }
  items_.push_back(error);
}

void ErrorList::missing(std::string_view parameter) {
  items_.push_back({ErrorCode::missing_parameter,
                    "the parameter '" + std::string(parameter) + "' is required",
                    std::string(parameter)});
}

void ErrorList::invalid(std::string_view parameter, std::string_view detail) {
  items_.push_back({ErrorCode::invalid_parameter, std::string(detail), std::string(parameter)});
}

bool ErrorList::has(ErrorCode code) const {
  for (const auto& e : items_) {
    if (e.code == code) return true;
  }
  return false;
}

int response_status(const std::vector<ApiError>& errors) {
  if (errors.empty()) return 500;
  const int first = error_info(errors.front().code).status;
  bool all_same = true;
  bool all_4xx = true;
  for (const auto& e : errors) {
    const int status = error_info(e.code).status;
    all_same = all_same && status == first;
    all_4xx = all_4xx && status >= 400 && status < 500;
  }
  if (all_same) return first;
  return all_4xx ? 400 : 500;
}

std::string write_error_document(const std::vector<ApiError>& errors) {
  JsonWriter w;
  w.start_object();
  w.key("errors");
  w.start_array();
  // A request can produce thousands of problems (fields[day]=,,,,...: issue 10 answered 1.17 MB);
  // the first kMaxListedErrors are listed, then one more entry says how many were left out.
  std::vector<ApiError> listed(
      errors.begin(),
      errors.begin() + static_cast<std::ptrdiff_t>(std::min(errors.size(), kMaxListedErrors)));
  if (errors.size() > kMaxListedErrors) {
    const ApiError& next = errors[kMaxListedErrors];
    listed.push_back({next.code,
                      std::to_string(errors.size() - kMaxListedErrors) +
                          " more problems are not listed; fix these first",
                      ""});
  }
  for (const auto& e : listed) {
    const ErrorInfo& info = error_info(e.code);
    w.start_object();
    w.key("status");
    w.string(std::to_string(info.status));
    w.key("code");
    w.string(info.code);
    w.key("title");
    w.string(info.title);
    if (!e.detail.empty()) {
      w.key("detail");
      w.string(sanitize_utf8(e.detail));
    }
    if (!e.parameter.empty()) {
      w.key("source");
      w.start_object();
      w.key("parameter");
      w.string(sanitize_utf8(e.parameter));
      w.end_object();
    }
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.take();
}

std::string quote_for_detail(std::string_view text, std::size_t max_bytes) {
  std::string clean = sanitize_utf8(text);
  if (clean.size() <= max_bytes) return clean;
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(clean[cut]) & 0xC0U) == 0x80U) --cut;
  clean.resize(cut);
  clean += "\xE2\x80\xA6";  // …
  return clean;
}

ApiError engine_error_to_api(const Error& error, std::string_view parameter) {
  const auto errc = engine_errc(error);
  if (!errc) return {ErrorCode::internal_error, "the calendar engine failed", ""};
  switch (*errc) {
    case EngineErrc::unknown_book:
      return {ErrorCode::unknown_book, error.message, "book"};
    case EngineErrc::range_too_large:
      return {ErrorCode::range_too_large, error.message, std::string(parameter)};
    case EngineErrc::unknown_reading_type:
      return {ErrorCode::invalid_parameter, error.message, "reading_type"};
    case EngineErrc::unknown_psalter:
      return {ErrorCode::invalid_parameter, error.message, "psalter"};
    case EngineErrc::out_of_range:
    case EngineErrc::invalid_range:
      break;
  }
  return {ErrorCode::invalid_parameter, error.message, std::string(parameter)};
}

}  // namespace kalendar::api
