// The shipped nginx front (deploy/nginx/kalendar.conf) run for a test: a private nginx (own
// prefix, pid, logs and temp directories under a scratch directory) whose upstream is the test's
// kalendar endpoint, listening on a free loopback port. Only the two addresses of the shipped
// file are changed.
//
// Example:
//   NginxFront nginx(stack.port());
//   if (!nginx.running()) GTEST_SKIP() << nginx.why_not();
//   TestClient client(nginx.port());
#pragma once

#include <cstdint>
#include <string>
#include <sys/types.h>

namespace kalendar::testing {

class NginxFront {
 public:
  explicit NginxFront(std::uint16_t upstream_port);
  ~NginxFront();
  NginxFront(const NginxFront&) = delete;
  NginxFront& operator=(const NginxFront&) = delete;

  [[nodiscard]] bool running() const { return pid_ > 0; }
  // Why nginx does not run: not installed, or its error log when it would not start.
  [[nodiscard]] const std::string& why_not() const { return why_not_; }
  // Whether it would not start because of the shipped configuration itself (a real failure,
  // never a reason to skip).
  [[nodiscard]] bool config_rejected() const { return config_rejected_; }
  [[nodiscard]] std::uint16_t port() const { return port_; }

 private:
  void start(std::uint16_t upstream_port);

  std::string dir_;
  std::string why_not_;
  bool config_rejected_ = false;
  std::uint16_t port_ = 0;
  pid_t pid_ = -1;
};

}  // namespace kalendar::testing
