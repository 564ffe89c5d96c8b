// The HTTP server: Pistache 0.0.5 glue around the Dispatcher. This header and endpoint.cpp are
// the only places (with main.cpp) that know Pistache exists; the header itself does not include
// it, so tests and main need no Pistache headers.
//
// Pistache accepts connections and reads bytes; everything else is ours: requests are parsed by
// http_wire.hpp (every protocol error a JSON document, never Pistache's plain text), answers
// are written by connection_guard.hpp (non-blocking, with a send deadline, so a client that
// stops reading is dropped instead of spinning an I/O thread), and the guard caps concurrent
// connections (503 + Retry-After), times out slow requests (JSON 408) and closes idle
// keep-alive connections. A HTTP/1.1 request without `Connection: close` is answered
// `Connection: Keep-Alive`. docs/OPERATIONS.md lists every limit.
//
// Example:
//   block_shutdown_signals();                       // before any thread starts
//   HttpServer server(dispatcher, EndpointOptions{.port = 9080});
//   auto port = server.start();                     // port.value() is the bound port
//   while (wait_for_signal() == SIGHUP) reload();   // then SIGINT or SIGTERM
//   dispatcher.set_ready(false);
//   server.shutdown();
#pragma once

#include "dispatch.hpp"

#include "kalendar/result.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace kalendar::http {

// Endpoint settings; the defaults are the production values of dependencies.md §5.
// Example: EndpointOptions o; o.port = 0;   // tests: any free port
struct EndpointOptions {
  std::string address = "127.0.0.1";
  std::uint16_t port = 9080;  // 0: any free port (tests)
  int threads = 2;
  std::size_t max_request_bytes = 16 * 1024;   // head, and body (413 / 431 / 414 above)
  std::chrono::seconds header_timeout{5};      // connect to first byte: closed; first byte to
                                               // complete request (head and body): 408
  std::chrono::seconds keepalive_timeout{30};  // idle keep-alive connections are closed
  // Concurrent connections; more get 503 + Retry-After. Lowered at start to what the open-file
  // limit (raised to its hard limit) allows.
  std::size_t max_connections = 4096;
  std::chrono::milliseconds send_timeout{10000};  // no write progress for this long: dropped
  std::size_t max_pending_bytes = 8U << 20U;      // unread answers queued per connection
};

// The Pistache endpoint serving one Dispatcher. Example: see the top of this file.
class HttpServer {
 public:
  // Nothing is bound until start(). Example: HttpServer server(dispatcher, EndpointOptions{});
  // `dispatcher` must outlive the server.
  HttpServer(api::Dispatcher& dispatcher, EndpointOptions options);
  ~HttpServer();  // shuts down if still serving
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds and serves on background threads; returns the bound port, or an Error (code
  // "listen") when the address cannot be bound. Example: server.start().value() == 9080.
  [[nodiscard]] Result<std::uint16_t> start();
  // Stops accepting and joins the I/O threads (idempotent). In-flight handlers may still be
  // finishing (pitfall 15): free what they use only after the server is destroyed.
  // Example: dispatcher.set_ready(false); server.shutdown();
  void shutdown();
  // Client connections open now (0 before start). Example: tests of the connection cap.
  [[nodiscard]] std::size_t open_connections() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (and all threads it later starts), so
// only wait_for_signal sees them, and ignores SIGPIPE. Call it first thing in main.
// Example: block_shutdown_signals();
void block_shutdown_signals();

// Waits until SIGINT, SIGTERM (shut down) or SIGHUP (reload the data) arrives and returns its
// number. Example: SIGHUP (1).
int wait_for_signal();

}  // namespace kalendar::http
