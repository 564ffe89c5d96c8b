// The connection guard on its own, over socket pairs (no server): where its copy of a socket is
// numbered, and the keep-alive deadline that closes an idle connection (issue 13).
#include "connection_guard.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace kalendar {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Both ends of a connected stream socket pair; `server` plays Pistache's descriptor.
struct SocketPair {
  SocketPair() {
    int fds[2] = {-1, -1};
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) throw std::exception();
    server = fds[0];
    client = fds[1];
  }
  ~SocketPair() {
    ::close(server);
    ::close(client);
  }
  SocketPair(const SocketPair&) = delete;
  SocketPair& operator=(const SocketPair&) = delete;
  int server = -1;
  int client = -1;
};

// The lowest descriptor number free now (what the next accept() would get).
int lowest_free_descriptor() {
  const int probe = ::fcntl(0, F_DUPFD_CLOEXEC, 0);
  ::close(probe);
  return probe;
}

// True when `fd` sees end of stream within `timeout` (false: still open, or bytes arrived).
bool ends_within(int fd, milliseconds timeout) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, static_cast<int>(timeout.count())) != 1) return false;
  char ch = 0;
  return ::recv(fd, &ch, 1, MSG_DONTWAIT) == 0;
}

TEST(ConnectionGuard, ItsCopyOfASocketLeavesTheNextNumberToTheNextConnection) {
  // Pistache gives a connection to I/O thread (descriptor % threads): had the guard's copy
  // taken the next number, connections opened one by one would all be even, on one thread.
  http::ConnectionGuard guard(http::GuardOptions{.descriptor_floor = 512});
  SocketPair pair;
  const int next_before = lowest_free_descriptor();
  const auto conn = guard.open(pair.server);
  ASSERT_FALSE(conn->refused());
  EXPECT_EQ(lowest_free_descriptor(), next_before);
}

TEST(ConnectionGuard, WithoutAFloorItsCopyTakesTheLowestNumber) {
  // The control for the test above: the same probe does see a copy numbered the default way.
  http::ConnectionGuard guard(http::GuardOptions{});
  SocketPair pair;
  const int next_before = lowest_free_descriptor();
  const auto conn = guard.open(pair.server);
  EXPECT_NE(lowest_free_descriptor(), next_before);
}

TEST(ConnectionGuard, AnIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout) {
  http::ConnectionGuard guard(http::GuardOptions{.first_byte_timeout = milliseconds(10000),
                                                 .idle_timeout = milliseconds(200)});
  SocketPair pair;
  const auto conn = guard.open(pair.server);
  guard.send(conn, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", false);
  const auto answered = Clock::now();
  guard.request_finished(conn);  // the answer is out: the next request may take idle_timeout
  char buffer[64];
  ASSERT_GT(::recv(pair.client, buffer, sizeof buffer, 0), 0);
  EXPECT_TRUE(ends_within(pair.client, milliseconds(2000)));
  EXPECT_GE(Clock::now() - answered, milliseconds(190));
  EXPECT_TRUE(conn->finished());
}

TEST(ConnectionGuard, EachRequestRestartsTheIdleTimeout) {
  http::ConnectionGuard guard(http::GuardOptions{.first_byte_timeout = milliseconds(10000),
                                                 .idle_timeout = milliseconds(300)});
  SocketPair pair;
  const auto conn = guard.open(pair.server);
  // A request every 100 ms for 900 ms: three idle timeouts in all, never one without a request.
  for (int i = 0; i < 9; ++i) {
    guard.request_finished(conn);
    EXPECT_FALSE(ends_within(pair.client, milliseconds(100))) << i;
  }
  EXPECT_FALSE(conn->finished());
  EXPECT_TRUE(ends_within(pair.client, milliseconds(2000)));  // then left idle: closed
}

}  // namespace
}  // namespace kalendar
