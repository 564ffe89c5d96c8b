#include "access_log.hpp"

#include "keys.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace kalendar::api {

namespace {

// UTC with milliseconds: 2025-06-24T10:00:00.123Z.
std::string timestamp() {
  const auto now = std::chrono::system_clock::now();
  const auto seconds = std::chrono::system_clock::to_time_t(now);
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &utc);
  char out[48];
  std::snprintf(out, sizeof out, "%s.%03dZ", buf, static_cast<int>(millis));
  return out;
}

// True for a query parameter name that may carry a credential: api_key, X-API-Key, apikey,
// token, access_token, secret, password, auth... (compared lower-case, ignoring '-', '_',
// '[', ']' and percent escapes' '%').
bool is_secret_name(std::string_view raw_name) {
  std::string name;
  for (char ch : raw_name) {
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
    if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) name.push_back(ch);
  }
  for (const std::string_view word : {"key", "token", "secret", "password", "passwd", "auth",
                                      "signature", "credential", "session"}) {
    if (name.find(word) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

std::string redact_query(std::string_view query) {
  std::string out;
  out.reserve(query.size());
  while (true) {
    const std::size_t amp = query.find('&');
    const std::string_view part = query.substr(0, amp);
    const std::size_t eq = part.find('=');
    const std::string_view name = part.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? "" : part.substr(eq + 1);
    // A name like a key's, or a value that is one of our keys, is never written out.
    if (eq != std::string_view::npos && (is_secret_name(name) || value.rfind(kKeyPrefix, 0) == 0 ||
                                         value.rfind(kFeedTokenPrefix, 0) == 0)) {
      out.append(name);
      out.append("=[redacted]");
    } else {
      out.append(part);
    }
    if (amp == std::string_view::npos) break;
    out.push_back('&');
    query.remove_prefix(amp + 1);
  }
  return out;
}

std::string redact_path(std::string_view path) {
  std::string out(path);
  // API keys, and feed tokens (the credential of /api/v2/feeds/{token}.ics).
  for (const std::string_view prefix : {kKeyPrefix, kFeedTokenPrefix}) {
    for (std::size_t at = out.find(prefix); at != std::string::npos;
         at = out.find(prefix, at + 1)) {
      if (at != 0 && out[at - 1] != '/') continue;  // only whole segments that look like a key
      const std::size_t end = out.find('/', at);
      out.replace(at, end == std::string::npos ? std::string::npos : end - at, "[redacted]");
    }
  }
  return out;
}

std::string logfmt_value(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  bool quote = text.empty();
  std::string body;
  body.reserve(text.size());
  for (char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte < 0x20 || byte >= 0x7F || ch == '\\') {
      body += "\\x";
      body.push_back(kHex[byte >> 4U]);
      body.push_back(kHex[byte & 0x0FU]);
      quote = true;
    } else if (ch == '"') {
      body += "\\\"";
      quote = true;
    } else {
      if (ch == ' ' || ch == '=') quote = true;
      body.push_back(ch);
    }
  }
  return quote ? '"' + body + '"' : body;
}

Logger::Logger()
    : sink_([](std::string_view line) {
        std::fwrite(line.data(), 1, line.size(), stderr);
        std::fflush(stderr);
      }) {}

Logger::Logger(Sink sink, bool access_enabled)
    : sink_(std::move(sink)), access_enabled_(access_enabled) {}

void Logger::access(const AccessRecord& r) {
  if (!access_enabled_) return;
  std::string line = "time=" + timestamp() +
                     " level=info event=request method=" + logfmt_value(r.method) +
                     " path=" + logfmt_value(redact_path(r.path));
  if (!r.query.empty()) line += " query=" + logfmt_value(redact_query(r.query));
  line += " status=" + std::to_string(r.status) + " bytes=" + std::to_string(r.bytes) +
          " us=" + std::to_string(r.microseconds);
  if (!r.key_name.empty()) line += " key=" + logfmt_value(r.key_name);
  write(std::move(line));
}

void Logger::error(std::string_view event_name, std::string_view detail) {
  event("error", event_name, detail);
}

void Logger::info(std::string_view event_name, std::string_view detail) {
  event("info", event_name, detail);
}

void Logger::event(std::string_view level, std::string_view event_name, std::string_view detail) {
  std::string line =
      "time=" + timestamp() + " level=" + std::string(level) + " event=" + logfmt_value(event_name);
  if (!detail.empty()) line += " detail=" + logfmt_value(detail);
  write(std::move(line));
}

void Logger::write(std::string line) {
  line.push_back('\n');
  try {
    const std::lock_guard lock(mutex_);
    sink_(line);
  } catch (...) {
    // A failing sink must never take a request down with it.
  }
}

}  // namespace kalendar::api
