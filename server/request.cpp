#include "request.hpp"

#include "url.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace kalendar::api {

namespace {

constexpr std::array<std::pair<Method, std::string_view>, 7> kMethods = {{
    {Method::get, "GET"},
    {Method::head, "HEAD"},
    {Method::options, "OPTIONS"},
    {Method::post, "POST"},
    {Method::put, "PUT"},
    {Method::patch, "PATCH"},
    {Method::delete_, "DELETE"},
}};

char lower(char ch) { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch; }

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](char x, char y) { return lower(x) == lower(y); });
}

}  // namespace

std::string_view method_name(Method method) {
  for (const auto& [m, name] : kMethods) {
    if (m == method) return name;
  }
  return "OTHER";
}

Method parse_method(std::string_view token) {
  for (const auto& [m, name] : kMethods) {
    if (name == token) return m;
  }
  return Method::other;
}

std::optional<std::string_view> Request::header(std::string_view name) const {
  for (const auto& h : headers) {
    if (iequals(h.name, name)) return std::string_view(h.value);
  }
  return std::nullopt;
}

Request make_request(Method method, std::string_view target, std::vector<HeaderField> headers) {
  const RawTarget parts = split_target(target);
  Request req;
  req.method = method;
  req.method_token = std::string(method_name(method));
  req.raw_path = std::string(parts.path);
  req.raw_query = std::string(parts.query);
  req.headers = std::move(headers);
  return req;
}

std::string cache_control_value(const Response& r) {
  if (r.no_store) return "no-store";
  if (r.max_age_seconds) return "private, max-age=" + std::to_string(*r.max_age_seconds);
  return "";
}

}  // namespace kalendar::api
