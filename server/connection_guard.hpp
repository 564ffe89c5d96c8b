// Keeps hostile clients from holding the server: every client connection's writes, deadlines
// and the connection cap, on plain POSIX sockets (no server library).
//
// Why it exists: Pistache 0.0.5's transport spins on EAGAIN when a client stops reading (its
// write loop retries at once, forever), so one I/O thread is lost per such client. Here a
// response is sent with one non-blocking send() on the I/O thread; whatever the kernel does not
// take is handed to the guard's own thread, which waits for EPOLLOUT on its own dup() of the
// socket, with a send deadline and a cap on bytes waiting. A client that stops reading is
// dropped (RST) when either is exceeded. The guard also closes connections whose request does
// not arrive in time (JSON 408), closes quietly those idle longer than the keep-alive timeout,
// and refuses connections over the cap (JSON 503 + Retry-After).
//
// Our dup of each socket means the guard's thread never touches a descriptor number Pistache
// may have closed and reused: the socket lives until both are closed. The dups are numbered
// from `descriptor_floor` up, apart from the sockets Pistache accepts: Pistache gives a new
// connection to I/O thread (descriptor % threads), so a dup taking the next number would
// make every accepted descriptor even and put each connection on one thread (issue 13).
//
// Per request the I/O thread takes only its connection's own mutex (which the guard's thread
// takes once per tick): a connection stays in the guard's list from open() until it closes,
// so no request touches the list or its lock.
//
// Example (what endpoint.cpp does):
//   ConnectionGuard guard(GuardOptions{});
//   auto conn = guard.open(fd);             // onConnection; nullptr-safe, may be refused()
//   guard.request_started(conn);            // first bytes of a request buffered
//   guard.send(conn, bytes, /*close_after=*/false);   // a whole response
//   guard.peer_closed(conn);                // onDisconnection
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace kalendar::http {

// Limits of the guard; the defaults are the production values (docs/OPERATIONS.md, "Limits").
// Example: GuardOptions{.max_connections = 64}.
struct GuardOptions {
  std::size_t max_connections = 4096;  // more concurrent connections: 503 + Retry-After
  std::chrono::milliseconds request_timeout{5000};     // first byte to complete request: 408
  std::chrono::milliseconds first_byte_timeout{5000};  // connect to first byte: closed
  std::chrono::milliseconds send_timeout{10000};       // an answer not taken by then: dropped
  std::chrono::milliseconds idle_timeout{30000};  // keep-alive: no next request by then: closed
  std::size_t max_pending_bytes = 8U << 20U;      // answers queued for a slow reader: dropped
  int retry_after_seconds = 1;                    // in the over-capacity 503
  // Lowest descriptor number of the guard's dups (0: any). Example: half the open-file limit.
  int descriptor_floor = 0;
};

// One client connection. Fields are the guard's; endpoint.cpp only passes it around.
class Connection {
 public:
  Connection(int fd, bool refused) : fd_(fd), refused_(refused) {}
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // True when the connection was over the cap and has already been answered 503.
  [[nodiscard]] bool refused() const { return refused_; }
  // True once the connection is being closed: answer nothing more on it.
  [[nodiscard]] bool finished() const;

 private:
  friend class ConnectionGuard;
  mutable std::mutex mutex_;
  int fd_;  // our own dup of the socket, -1 when it could not be made
  bool refused_;
  bool dropped_ = false;      // closed (RST) or closing: nothing more is written
  bool close_after_ = false;  // half-close once the pending bytes are out
  bool peer_closed_ = false;  // Pistache has let go of its descriptor
  bool listed_ = false;       // in the guard's list (until it is closed and done)
  bool in_epoll_ = false;     // registered for EPOLLOUT on the guard's epoll
  std::string pending_;       // bytes the kernel has not taken yet
  std::size_t pending_offset_ = 0;
  std::optional<std::chrono::steady_clock::time_point> send_deadline_;
  std::optional<std::chrono::steady_clock::time_point> read_deadline_;
  bool read_deadline_answers_408_ = false;
  // Steady-clock nanoseconds at which the guard's tick must look at this connection (0: at
  // once; max: never), kept from the fields above under mutex_ (ConnectionGuard::publish_locked)
  // and read by the tick without it: a tick takes no lock of a connection with nothing due, so
  // it never makes an I/O thread wait.
  std::atomic<std::int64_t> due_ns_{0};
  std::atomic<std::size_t>* open_count_ = nullptr;
};

// The guard: one thread, shared by every I/O thread. Thread-safe.
class ConnectionGuard {
 public:
  explicit ConnectionGuard(GuardOptions options);
  ~ConnectionGuard();  // drops every connection still waiting and joins the thread
  ConnectionGuard(const ConnectionGuard&) = delete;
  ConnectionGuard& operator=(const ConnectionGuard&) = delete;

  // Takes charge of a new socket (its descriptor stays the caller's). Over the cap, the client
  // is answered 503 at once and the socket half-closed. Example: auto c = guard.open(fd);
  [[nodiscard]] std::shared_ptr<Connection> open(int fd);
  // A request has started arriving: it must be complete within request_timeout.
  void request_started(const std::shared_ptr<Connection>& conn);
  // The request is complete (or the buffer is empty again): the next one must start within
  // idle_timeout, or the connection is closed without an answer.
  void request_finished(const std::shared_ptr<Connection>& conn);
  // Writes one whole response, after any still pending. `close_after`: half-close when done.
  // Example: guard.send(conn, write_response(r, keep_alive, version), !keep_alive);
  void send(const std::shared_ptr<Connection>& conn, std::string bytes, bool close_after);
  // Pistache saw the client go (or closed its descriptor): finish pending bytes, then let go.
  void peer_closed(const std::shared_ptr<Connection>& conn);
  // Connections open now (refused ones included until they close). Example: metrics, tests.
  [[nodiscard]] std::size_t open_connections() const { return open_count_.load(); }
  [[nodiscard]] const GuardOptions& options() const { return options_; }

 private:
  void run();
  void flush_locked(Connection& conn);  // writes what the kernel takes; mutex held
  void drop_locked(Connection& conn);   // RST; mutex held
  // Recomputes conn.due_ns_ after a change of its deadlines, pending bytes or state; mutex held.
  static void publish_locked(Connection& conn);
  // Puts `conn` in the list the thread checks, unless it is there already; the connection's
  // mutex is held (lock order: connection, then list).
  void watch_locked(const std::shared_ptr<Connection>& conn);
  // Sets the read deadline: `timeout` from now; past it, a 408 when `answers_408`, then closed.
  void read_deadline_locked(const std::shared_ptr<Connection>& conn,
                            std::chrono::milliseconds timeout, bool answers_408);
  void wake();
  void check_deadlines();

  GuardOptions options_;
  std::atomic<std::size_t> open_count_{0};
  int epoll_fd_ = -1;
  int wake_fd_ = -1;
  std::atomic<bool> stopping_{false};
  std::mutex watched_mutex_;
  // Open connections, and closed ones with bytes still going out; kept alive until done.
  std::map<Connection*, std::shared_ptr<Connection>> watched_;
  std::thread thread_;
};

// Raises the soft open-file limit to the hard limit and returns the new soft limit (or the old
// one when it cannot be raised). Example: raise_open_file_limit() == 1048576.
std::size_t raise_open_file_limit();

}  // namespace kalendar::http
