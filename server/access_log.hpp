// Logging: one structured line per request, plus error events, in logfmt (`key=value`).
//
// Lines go to a sink (stderr by default, one write per line under a lock, so lines from
// several threads never interleave). A line names the key by its name, never the key or its
// digest. Values are quoted when they contain spaces or quotes, and bytes outside printable
// ASCII are written as \xHH, so a hostile path cannot forge a line.
//
// Example:
//   Logger log;                                   // stderr
//   log.access({"GET", "/api/v2/days/today", "book=loc_2015", 200, 512, 830, "ops"});
//   // time=2025-06-24T10:00:00.123Z level=info event=request method=GET
//   //   path=/api/v2/days/today query=book=loc_2015 status=200 bytes=512 us=830 key=ops
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

namespace kalendar::api {

// What one answered request looked like. Example: {"GET", "/health", "", 200, 15, 40, ""}.
struct AccessRecord {
  std::string_view method{};
  std::string_view path{};   // raw path as received (still percent-encoded)
  std::string_view query{};  // raw query as received
  int status = 0;
  std::size_t bytes = 0;  // body bytes sent
  std::int64_t microseconds = 0;
  std::string_view key_name{};  // empty when unauthenticated
};

// Writes log lines; thread-safe. Example: Logger log; log.info("listening", "127.0.0.1:9080");
class Logger {
 public:
  // Receives each complete line, newline included. Example: [](std::string_view l) { ... }.
  using Sink = std::function<void(std::string_view line)>;

  // Logs to stderr. Example: Logger log;
  Logger();
  // Logs to `sink` (tests capture lines). `access_enabled` false drops access lines only.
  // Example: Logger log([&](std::string_view l) { lines.emplace_back(l); });
  explicit Logger(Sink sink, bool access_enabled = true);

  // One request. Example: log.access(record).
  void access(const AccessRecord& record);
  // An error event: `event` is a fixed slug, `detail` free text (may hold internal messages;
  // logs are for operators only). Example: log.error("handler_exception", e.what()).
  void error(std::string_view event, std::string_view detail);
  // An informational event. Example: log.info("listening", "127.0.0.1:9080").
  void info(std::string_view event, std::string_view detail);

 private:
  void event(std::string_view level, std::string_view event, std::string_view detail);
  void write(std::string line);

  Sink sink_;
  bool access_enabled_ = true;
  std::mutex mutex_;
};

// A logfmt value: bare when safe, else quoted; non-printable bytes become \xHH.
// Example: logfmt_value("a b") == "\"a b\""; logfmt_value("x\n") == "\"x\\x0a\"".
[[nodiscard]] std::string logfmt_value(std::string_view text);

// The query as the access log writes it: the value of any parameter whose name looks like a
// credential (key, token, secret, password, auth, ...) or whose value starts like one of our
// keys is replaced by "[redacted]". Example: redact_query("book=x&api_key=kal_abc") ==
// "book=x&api_key=[redacted]".
[[nodiscard]] std::string redact_query(std::string_view query);
// The path with any segment that starts like one of our keys or feed tokens replaced by
// "[redacted]".
// Example: redact_path("/api/v2/kal_abc/x") == "/api/v2/[redacted]/x".
[[nodiscard]] std::string redact_path(std::string_view path);

}  // namespace kalendar::api
