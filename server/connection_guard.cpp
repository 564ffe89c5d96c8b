#include "connection_guard.hpp"

#include "http_wire.hpp"

#include <cerrno>
#include <fcntl.h>
#include <limits>
#include <stdexcept>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

namespace kalendar::http {

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kTickMilliseconds = 50;  // how late a deadline may be noticed
constexpr std::int64_t kNever = std::numeric_limits<std::int64_t>::max();

std::int64_t nanoseconds(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

}  // namespace

Connection::~Connection() {
  if (fd_ >= 0) ::close(fd_);
  if (open_count_ != nullptr) open_count_->fetch_sub(1);
}

bool Connection::finished() const {
  std::lock_guard lock(mutex_);
  return dropped_ || close_after_;
}

ConnectionGuard::ConnectionGuard(GuardOptions options) : options_(options) {
  epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
  wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (epoll_fd_ < 0 || wake_fd_ < 0) {
    if (epoll_fd_ >= 0) ::close(epoll_fd_);
    if (wake_fd_ >= 0) ::close(wake_fd_);
    throw std::runtime_error("cannot create the connection guard's epoll or eventfd");
  }
  epoll_event event{};
  event.events = EPOLLIN;
  event.data.ptr = nullptr;  // nullptr marks the wake-up descriptor
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, wake_fd_, &event);
  thread_ = std::thread([this] { run(); });
}

ConnectionGuard::~ConnectionGuard() {
  stopping_.store(true);
  wake();
  if (thread_.joinable()) thread_.join();
  std::map<Connection*, std::shared_ptr<Connection>> left;
  {
    std::lock_guard lock(watched_mutex_);
    left.swap(watched_);
  }
  for (auto& [raw, conn] : left) {
    std::lock_guard lock(conn->mutex_);
    if (!conn->pending_.empty()) drop_locked(*conn);
  }
  left.clear();
  ::close(epoll_fd_);
  ::close(wake_fd_);
}

std::shared_ptr<Connection> ConnectionGuard::open(int fd) {
  int own_fd = ::fcntl(fd, F_DUPFD_CLOEXEC, options_.descriptor_floor);
  if (own_fd < 0 && errno == EINVAL) own_fd = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);  // floor too high
  const bool over_cap = open_count_.fetch_add(1) >= options_.max_connections;
  auto conn = std::make_shared<Connection>(own_fd, over_cap || own_fd < 0);
  conn->open_count_ = &open_count_;
  if (conn->refused()) {
    // Answered at once, on the caller's descriptor (valid during onConnection): the client
    // reads the 503 whenever it sends its request. Then half-close; the deadline below ends it.
    const std::string bytes =
        write_error_response({api::ErrorCode::unavailable,
                              "the server has too many open connections; retry shortly", ""},
                             options_.retry_after_seconds);
    [[maybe_unused]] const ssize_t sent =
        ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    ::shutdown(fd, own_fd < 0 ? SHUT_RDWR : SHUT_WR);
    conn->dropped_ = true;
  }
  if (own_fd >= 0) {
    std::lock_guard lock(conn->mutex_);
    read_deadline_locked(conn, options_.first_byte_timeout, false);
  }
  return conn;
}

void ConnectionGuard::request_started(const std::shared_ptr<Connection>& conn) {
  std::lock_guard lock(conn->mutex_);
  if (conn->dropped_ || conn->read_deadline_answers_408_) return;  // the deadline already runs
  read_deadline_locked(conn, options_.request_timeout, true);
}

void ConnectionGuard::request_finished(const std::shared_ptr<Connection>& conn) {
  std::lock_guard lock(conn->mutex_);
  if (conn->dropped_ || conn->peer_closed_ || conn->fd_ < 0) return;
  read_deadline_locked(conn, options_.idle_timeout, false);
}

void ConnectionGuard::read_deadline_locked(const std::shared_ptr<Connection>& conn,
                                           std::chrono::milliseconds timeout, bool answers_408) {
  conn->read_deadline_ = Clock::now() + timeout;
  conn->read_deadline_answers_408_ = answers_408;
  watch_locked(conn);
  publish_locked(*conn);
}

void ConnectionGuard::publish_locked(Connection& conn) {
  // Done with (nothing pending, and closed by the client, or dropped with no deadline left):
  // due at once, so the next tick takes it out of the list.
  const bool done =
      conn.pending_.empty() && (conn.peer_closed_ || (conn.dropped_ && !conn.read_deadline_));
  std::int64_t due = done ? 0 : kNever;
  if (!done && conn.read_deadline_) due = std::min(due, nanoseconds(*conn.read_deadline_));
  if (!done && conn.send_deadline_) due = std::min(due, nanoseconds(*conn.send_deadline_));
  conn.due_ns_.store(due, std::memory_order_relaxed);
}

void ConnectionGuard::send(const std::shared_ptr<Connection>& conn, std::string bytes,
                           bool close_after) {
  {
    std::lock_guard lock(conn->mutex_);
    if (conn->dropped_ || conn->close_after_ || conn->fd_ < 0) return;
    const std::size_t waiting = conn->pending_.size() - conn->pending_offset_;
    if (waiting > 0 && waiting + bytes.size() > options_.max_pending_bytes) {
      drop_locked(*conn);  // a client that sends requests but does not read their answers
      publish_locked(*conn);
      return;
    }
    if (waiting == 0) {
      conn->pending_ = std::move(bytes);
      conn->pending_offset_ = 0;
    } else {
      conn->pending_.append(bytes);
    }
    conn->close_after_ = close_after;
    flush_locked(*conn);
    if (!conn->dropped_ && !conn->pending_.empty()) {
      conn->send_deadline_ = Clock::now() + options_.send_timeout;
      epoll_event event{};
      event.events = EPOLLOUT;
      event.data.ptr = conn.get();
      if (!conn->in_epoll_) {
        conn->in_epoll_ = ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, conn->fd_, &event) == 0;
      }
      watch_locked(conn);
    }
    publish_locked(*conn);
  }
}

void ConnectionGuard::peer_closed(const std::shared_ptr<Connection>& conn) {
  std::lock_guard lock(conn->mutex_);
  conn->peer_closed_ = true;
  conn->read_deadline_.reset();  // nothing more can arrive; pending bytes still go out
  if (conn->listed_ && conn->pending_.empty()) {  // done: our descriptor closes with Pistache's
    std::lock_guard list_lock(watched_mutex_);
    watched_.erase(conn.get());
    conn->listed_ = false;
  }
  publish_locked(*conn);
}

void ConnectionGuard::flush_locked(Connection& conn) {
  while (conn.pending_offset_ < conn.pending_.size()) {
    const ssize_t n =
        ::send(conn.fd_, conn.pending_.data() + conn.pending_offset_,
               conn.pending_.size() - conn.pending_offset_, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      conn.pending_offset_ += static_cast<std::size_t>(n);
      if (conn.send_deadline_) conn.send_deadline_ = Clock::now() + options_.send_timeout;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return;  // EWOULDBLOCK is the same value on Linux
    drop_locked(conn);  // the client is gone (EPIPE, ECONNRESET): nothing more to send
    return;
  }
  conn.pending_.clear();
  conn.pending_offset_ = 0;
  conn.send_deadline_.reset();
  if (conn.in_epoll_) {  // only a slow reader's connection is there: no syscall per answer
    ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, conn.fd_, nullptr);
    conn.in_epoll_ = false;
  }
  if (conn.close_after_) {
    ::shutdown(conn.fd_, SHUT_WR);  // the client reads the answer, then end of stream
    conn.dropped_ = true;
  }
}

void ConnectionGuard::drop_locked(Connection& conn) {
  if (conn.fd_ >= 0) {
    // RST instead of FIN: unsent bytes are discarded and the socket is freed at once.
    const linger abort_on_close{1, 0};
    ::setsockopt(conn.fd_, SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof abort_on_close);
    if (conn.in_epoll_) ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, conn.fd_, nullptr);
    conn.in_epoll_ = false;
    // Shutting down both directions wakes Pistache's reactor with end of stream, so it
    // closes its own descriptor as for any client that leaves.
    ::shutdown(conn.fd_, SHUT_RDWR);
  }
  conn.dropped_ = true;
  conn.pending_.clear();
  conn.pending_offset_ = 0;
  conn.send_deadline_.reset();
  conn.read_deadline_.reset();
}

void ConnectionGuard::watch_locked(const std::shared_ptr<Connection>& conn) {
  if (conn->listed_) return;
  std::lock_guard lock(watched_mutex_);
  watched_.emplace(conn.get(), conn);
  conn->listed_ = true;
}

void ConnectionGuard::wake() {
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t n = ::write(wake_fd_, &one, sizeof one);
}

void ConnectionGuard::run() {
  constexpr int kMaxEvents = 64;
  epoll_event events[kMaxEvents];
  auto next_check = Clock::now();
  while (!stopping_.load()) {
    const int n = ::epoll_wait(epoll_fd_, events, kMaxEvents, kTickMilliseconds);
    for (int i = 0; i < n; ++i) {
      if (events[i].data.ptr == nullptr) {
        std::uint64_t count = 0;
        [[maybe_unused]] const ssize_t r = ::read(wake_fd_, &count, sizeof count);
        continue;
      }
      std::shared_ptr<Connection> conn;
      {
        std::lock_guard lock(watched_mutex_);
        const auto it = watched_.find(static_cast<Connection*>(events[i].data.ptr));
        if (it != watched_.end()) conn = it->second;
      }
      if (!conn) continue;
      std::lock_guard lock(conn->mutex_);
      if (!conn->dropped_ && !conn->pending_.empty()) flush_locked(*conn);
      publish_locked(*conn);
    }
    if (Clock::now() >= next_check) {
      check_deadlines();
      next_check = Clock::now() + std::chrono::milliseconds(kTickMilliseconds);
    }
  }
}

void ConnectionGuard::check_deadlines() {
  std::vector<std::shared_ptr<Connection>> conns;
  {
    std::lock_guard lock(watched_mutex_);
    conns.reserve(watched_.size());
    for (const auto& [raw, conn] : watched_) conns.push_back(conn);
  }
  const auto now = Clock::now();
  const std::int64_t now_ns = nanoseconds(now);
  for (const auto& conn : conns) {
    if (conn->due_ns_.load(std::memory_order_relaxed) > now_ns) continue;  // nothing due
    std::lock_guard lock(conn->mutex_);
    if (conn->send_deadline_ && now >= *conn->send_deadline_) {
      drop_locked(*conn);  // the client stopped reading
    } else if (conn->read_deadline_ && now >= *conn->read_deadline_ &&
               (conn->read_deadline_answers_408_ || conn->pending_.empty())) {
      // (An idle deadline waits while an answer is still going out: the send deadline rules.)
      if (conn->read_deadline_answers_408_ && !conn->dropped_ && conn->pending_.empty()) {
        const std::string bytes = write_error_response(
            {api::ErrorCode::request_timeout,
             "the request was not complete within " +
                 std::to_string(options_.request_timeout.count() / 1000) + " s",
             ""});
        [[maybe_unused]] const ssize_t sent =
            ::send(conn->fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      }
      // A FIN after the 408 (or after nothing: a client that never spoke, or a keep-alive
      // connection left idle); Pistache sees the end of stream and lets go of its descriptor.
      ::shutdown(conn->fd_, SHUT_RDWR);
      conn->dropped_ = true;
      conn->read_deadline_.reset();
    }
    // Erased under the connection's lock (order: connection, then the list), so a send()
    // that just queued bytes cannot lose its place in the list.
    const bool idle = conn->pending_.empty() && !conn->read_deadline_;
    if (conn->dropped_ || idle) {
      std::lock_guard list_lock(watched_mutex_);
      watched_.erase(conn.get());
      conn->listed_ = false;
    }
    publish_locked(*conn);
  }
}

std::size_t raise_open_file_limit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  return static_cast<std::size_t>(limit.rlim_cur);
}

}  // namespace kalendar::http
