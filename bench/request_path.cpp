// The warm request path as the server runs it, without sockets: raw request bytes through the
// HTTP reader, the dispatcher (auth, rate, response cache, ETag, encoding) and the response
// writer. Used under callgrind by bench/instructions.sh to count instructions per request, a
// figure that, unlike wall time, does not depend on what else the machine is doing.
//   kalendar_request_path COUNT [TARGET] [ACCEPT_ENCODING]
// A TARGET containing "{year}" asks for a different year on every request (2300, 2301, ...;
// the warm-up asks for 2299): no plan or answer is cached yet, so each request runs the whole
// cold path (year plan, days, JSON, ETag, cache store, response bytes), which is what the first
// client asking for a far year waits for.
#include "app/app_state.hpp"
#include "app/in_process.hpp"
#include "http_wire.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace kalendar;

// Kept out of line so that callgrind's --toggle-collect can count exactly the requests. One
// reader for all of them, as the server keeps one per connection: the requests arrive one after
// another on a kept-alive connection.
[[gnu::noinline]] std::size_t run_requests(api::Dispatcher& dispatcher,
                                           const std::vector<std::string>& requests) {
  std::size_t written = 0;
  http::RequestReader reader(http::WireLimits{});
  for (const std::string& bytes : requests) {
    reader.feed(bytes);
    const http::WireEvent event = reader.next();
    written +=
        http::write_response(dispatcher.dispatch(event.request), event.keep_alive, event.version)
            .size();
  }
  return written;
}

// The first request (the handler runs, the answer is cached): not counted.
[[gnu::noinline]] std::size_t warm_up(api::Dispatcher& dispatcher, const std::string& bytes) {
  http::RequestReader reader(http::WireLimits{});
  reader.feed(bytes);
  const http::WireEvent event = reader.next();
  return http::write_response(dispatcher.dispatch(event.request), event.keep_alive, event.version)
      .size();
}

constexpr std::string_view kYear = "{year}";

// The request bytes of `target` (with {year} replaced by `year` when present).
std::string request_bytes(std::string target, int year, const std::string& key,
                          const char* accept_encoding) {
  if (const auto at = target.find(kYear); at != std::string::npos) {
    target.replace(at, kYear.size(), std::to_string(year));
  }
  std::string bytes = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: " + key +
                      "\r\nConnection: keep-alive\r\n";
  if (accept_encoding != nullptr)
    bytes += std::string("Accept-Encoding: ") + accept_encoding + "\r\n";
  return bytes + "\r\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: kalendar_request_path COUNT [TARGET] [ACCEPT_ENCODING]\n");
    return 2;
  }
  const long count = std::strtol(argv[1], nullptr, 10);
  const std::string target = argc > 2 ? argv[2] : "/api/v2/days/2025-11-30?book=loc_2015";
  DiagnosticList diags;
  auto engine = load_engine(KALENDAR_SOURCE_DIR "/rules", KALENDAR_SOURCE_DIR "/books", diags);
  auto app = api::make_app_state(engine, nullptr, nullptr, diags);
  api::InProcessApi server(app, 8U << 20U);
  const char* accept_encoding = argc > 3 ? argv[3] : nullptr;
  constexpr int kFirstYear = 2300;
  // Warm: the answer is now cached (or, with {year}, the code paths have run once).
  (void)warm_up(server.dispatcher(),
                request_bytes(target, kFirstYear - 1, server.key(), accept_encoding));
  std::vector<std::string> requests;
  for (long i = 0; i < count; ++i) {
    requests.push_back(
        request_bytes(target, kFirstYear + static_cast<int>(i), server.key(), accept_encoding));
  }
  const std::size_t written = run_requests(server.dispatcher(), requests);
  std::printf("%ld requests, %zu bytes written\n", count, written);
  return 0;
}
