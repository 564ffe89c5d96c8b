#include "yielding_transport.hpp"

// Pistache's inline queue and transport destructors, instantiated here, make GCC 12 report a
// "potential null pointer dereference" inside Pistache's headers (a false positive: the same
// code is compiled into libpistache without complaint). Nothing of ours is below.
#pragma GCC diagnostic ignored "-Wnull-dereference"

#include <pistache/tcp.h>
#include <pistache/transport.h>

#include <sched.h>

namespace kalendar::http {

namespace {

namespace Tcp = Pistache::Tcp;

// Pistache's TCP transport (one per I/O thread), giving the CPU away after each turn of its
// event loop. Why: on a core shared with other busy threads (the client, a front proxy), an
// I/O thread that always finds more requests ready never blocks, so the scheduler lets it run
// to the end of a tick (4 ms at 250 Hz) while requests of the other I/O thread, or answers the
// client has to read, wait: at 64 connections the p99 was two ticks. Yielding once per turn
// (a batch of requests) interleaves the threads at batch granularity instead; when nothing
// else is runnable it returns at once. Measured in docs/PERFORMANCE.md (issue 13).
class YieldingTransport final : public Tcp::Transport {
 public:
  explicit YieldingTransport(const std::shared_ptr<Tcp::Handler>& handler)
      : Tcp::Transport(handler), handler_(handler) {}

  void onReady(const Pistache::Aio::FdSet& fds) override {
    Tcp::Transport::onReady(fds);
    sched_yield();
  }

  std::shared_ptr<Pistache::Aio::Handler> clone() const override {
    return std::make_shared<YieldingTransport>(handler_->clone());
  }

 private:
  std::shared_ptr<Tcp::Handler> handler_;
};

}  // namespace

std::shared_ptr<Pistache::Tcp::Transport> make_yielding_transport(
    const std::shared_ptr<Pistache::Tcp::Handler>& handler) {
  return std::make_shared<YieldingTransport>(handler);
}

}  // namespace kalendar::http
