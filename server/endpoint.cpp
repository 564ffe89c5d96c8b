#include "endpoint.hpp"

#include "connection_guard.hpp"
#include "http_wire.hpp"
#include "yielding_transport.hpp"

#include <pistache/listener.h>
#include <pistache/net.h>
#include <pistache/peer.h>
#include <pistache/tcp.h>

#include <algorithm>
#include <csignal>
#include <pthread.h>
#include <string_view>
#include <utility>
#include <vector>

namespace kalendar::http {

namespace {

namespace Tcp = Pistache::Tcp;

// The peer data slot holding our per-connection state. Pistache looks it up by a std::string
// on every read: short enough to need no allocation.
constexpr char kConnectionSlot[] = "kal.conn";

// What one connection needs on its I/O thread: the guard's handle (writes, deadlines) and the
// request reader. Only the I/O thread that owns the peer touches the reader.
struct PeerState {
  PeerState(std::shared_ptr<Connection> c, WireLimits limits)
      : connection(std::move(c)), reader(limits) {}
  std::shared_ptr<Connection> connection;
  RequestReader reader;
};

// The Pistache handler. Pistache is used for accepting and reading only (a TCP handler, not
// its HTTP layer): requests are parsed by http_wire.hpp, answers written and every deadline
// kept by connection_guard.hpp, so neither Pistache's response writer (whose write loop spins
// when a client stops reading) nor its plain-text errors are ever used. Copied per I/O thread
// by clone().
class PistacheHandler final : public Tcp::Handler {
 public:
  PROTOTYPE_OF(Tcp::Handler, PistacheHandler)

  PistacheHandler(api::Dispatcher& dispatcher, ConnectionGuard& guard, WireLimits limits)
      : dispatcher_(&dispatcher), guard_(&guard), limits_(limits) {}

  void onConnection(const std::shared_ptr<Pistache::Tcp::Peer>& peer) override {
    peer->putData(kConnectionSlot, std::make_shared<PeerState>(guard_->open(peer->fd()), limits_));
  }

  void onDisconnection(const std::shared_ptr<Pistache::Tcp::Peer>& peer) override {
    if (auto state = peer_state(peer)) guard_->peer_closed(state->connection);
  }

  void onInput(const char* buffer, size_t len,
               const std::shared_ptr<Pistache::Tcp::Peer>& peer) override {
    const auto state = peer_state(peer);
    if (!state) return;
    const auto& conn = state->connection;
    if (conn->refused() || conn->finished()) return;
    state->reader.feed(std::string_view(buffer, len));
    for (;;) {
      WireEvent event = state->reader.next();
      if (event.kind == WireEvent::need_more) {
        if (state->reader.partial()) {
          guard_->request_started(conn);
        } else {
          guard_->request_finished(conn);
        }
        return;
      }
      if (event.kind == WireEvent::got_error) {
        guard_->send(conn, write_error_response(event.failure), true);
        return;
      }
      guard_->request_finished(conn);
      guard_->send(conn, answer(event), !event.keep_alive);
      if (!event.keep_alive || conn->finished()) return;
    }
  }

 private:
  static std::shared_ptr<PeerState> peer_state(const std::shared_ptr<Pistache::Tcp::Peer>& peer) {
    return std::static_pointer_cast<PeerState>(peer->tryGetData(kConnectionSlot));
  }

  std::string answer(const WireEvent& event) const {
    try {
      return write_response(dispatcher_->dispatch(event.request), event.keep_alive, event.version);
    } catch (...) {
      // Only memory exhaustion gets here (dispatch never throws); no text of it leaks.
      return write_error_response({api::ErrorCode::internal_error, "", ""});
    }
  }

  api::Dispatcher* dispatcher_;
  ConnectionGuard* guard_;
  WireLimits limits_;
};

}  // namespace

struct HttpServer::Impl {
  Impl(api::Dispatcher& d, EndpointOptions o) : dispatcher(d), options(std::move(o)) {}
  api::Dispatcher& dispatcher;
  EndpointOptions options;
  std::unique_ptr<ConnectionGuard> guard;  // outlives the listener (declared before it)
  std::unique_ptr<Tcp::Listener> endpoint;
};

HttpServer::HttpServer(api::Dispatcher& dispatcher, EndpointOptions options)
    : impl_(std::make_unique<Impl>(dispatcher, std::move(options))) {}

HttpServer::~HttpServer() { shutdown(); }

Result<std::uint16_t> HttpServer::start() {
  const EndpointOptions& o = impl_->options;
  if (impl_->endpoint) return Error{"listen", "the server is already started"};
  try {
    // Two descriptors per connection (Pistache's and the guard's), and some for everything else:
    // Pistache's below the floor, the guard's from it (at most 64 Ki, to keep the kernel's
    // descriptor table small).
    const std::size_t open_files = raise_open_file_limit();
    const std::size_t fd_room = open_files > 128 ? (open_files - 128) / 2 : 1;
    const std::size_t floor = std::min<std::size_t>(open_files / 2, 1U << 16U);
    impl_->guard = std::make_unique<ConnectionGuard>(GuardOptions{
        .max_connections = std::min(o.max_connections, fd_room),
        .request_timeout = o.header_timeout,
        .first_byte_timeout = o.header_timeout,
        .send_timeout = o.send_timeout,
        .idle_timeout = o.keepalive_timeout,
        .max_pending_bytes = o.max_pending_bytes,
        .descriptor_floor = static_cast<int>(floor),
    });
    const auto handler = std::make_shared<PistacheHandler>(
        impl_->dispatcher, *impl_->guard,
        WireLimits{.max_head_bytes = o.max_request_bytes, .max_body_bytes = o.max_request_bytes});
    auto endpoint =
        std::make_unique<Tcp::Listener>(Pistache::Address(o.address, Pistache::Port(o.port)));
    endpoint->init(static_cast<std::size_t>(o.threads),
                   Pistache::Flags<Tcp::Options>(Tcp::Options::ReuseAddr), "kalendar-http", 128);
    endpoint->setHandler(handler);
    endpoint->setTransportFactory([handler] { return make_yielding_transport(handler); });
    endpoint->bind();
    endpoint->runThreaded();
    const std::uint16_t port = endpoint->getPort();
    impl_->endpoint = std::move(endpoint);
    return port;
  } catch (const std::exception& e) {
    return Error{"listen",
                 "cannot listen on " + o.address + ":" + std::to_string(o.port) + ": " + e.what()};
  }
}

void HttpServer::shutdown() {
  if (!impl_->endpoint) return;
  try {
    impl_->endpoint->shutdown();
  } catch (...) {
    // Shutting down is best effort; the destructor below releases what is left.
  }
  impl_->endpoint.reset();
  impl_->guard.reset();
}

std::size_t HttpServer::open_connections() const {
  return impl_->guard ? impl_->guard->open_connections() : 0;
}

namespace {

sigset_t handled_signals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGHUP);  // reload; unblocked, its default action would end the process
  return signals;
}

}  // namespace

void block_shutdown_signals() {
  const sigset_t signals = handled_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);  // Pistache uses MSG_NOSIGNAL already; belt and braces
}

int wait_for_signal() {
  const sigset_t signals = handled_signals();
  int signal_number = 0;
  while (sigwait(&signals, &signal_number) != 0) {
  }
  return signal_number;
}

}  // namespace kalendar::http
