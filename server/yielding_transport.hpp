// The transport each Pistache I/O thread runs: Pistache's own TCP transport, giving the CPU
// away after each turn of its event loop (why: yielding_transport.cpp). Its own file because
// instantiating Pistache's inline transport destructor trips GCC's -Wnull-dereference inside
// Pistache's headers; that warning is silenced in the .cpp only.
//
// Example (endpoint.cpp):
//   listener.setTransportFactory([handler] { return make_yielding_transport(handler); });
#pragma once

#include <memory>

namespace Pistache::Tcp {
class Handler;
class Transport;
}  // namespace Pistache::Tcp

namespace kalendar::http {

// A transport serving `handler` (cloned once per I/O thread). Example: see above.
std::shared_ptr<Pistache::Tcp::Transport> make_yielding_transport(
    const std::shared_ptr<Pistache::Tcp::Handler>& handler);

}  // namespace kalendar::http
