#include "nginx_front.hpp"

#include "http_client.hpp"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <netinet/in.h>
#include <sstream>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace kalendar::testing {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Replaces the one occurrence of `from`; false when it is not there exactly once.
bool replace_once(std::string& text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  if (at == std::string::npos || text.find(from, at + 1) != std::string::npos) return false;
  text.replace(at, from.size(), to);
  return true;
}

// A loopback port nobody listens on now (the kernel's choice for port 0).
std::uint16_t free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof addr;
  if (fd < 0 || ::bind(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &length) != 0) {
    if (fd >= 0) ::close(fd);
    throw std::runtime_error("no free loopback port");
  }
  ::close(fd);
  return ntohs(addr.sin_port);
}

std::string find_nginx() {
  for (const char* candidate : {"/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"}) {
    if (::access(candidate, X_OK) == 0) return candidate;
  }
  return {};
}

}  // namespace

NginxFront::NginxFront(std::uint16_t upstream_port) {
  try {
    start(upstream_port);
  } catch (const std::exception& e) {
    why_not_ = e.what();
  }
}

void NginxFront::start(std::uint16_t upstream_port) {
  const std::string nginx = find_nginx();
  if (nginx.empty()) {
    why_not_ = "nginx is not installed (scripts/setup.sh installs Debian's nginx for this test)";
    return;
  }
  std::string pattern = (fs::temp_directory_path() / "kalendar-nginx-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  dir_ = pattern;
  // nginx started as root runs its workers as `nobody`: they must reach the temp directories.
  ::chmod(dir_.c_str(), 0755);
  port_ = free_port();

  std::string front = read_text(fs::path(KALENDAR_SOURCE_DIR) / "deploy/nginx/kalendar.conf");
  if (!replace_once(front, "server 127.0.0.1:9080;",
                    "server 127.0.0.1:" + std::to_string(upstream_port) + ";") ||
      !replace_once(front, "listen 127.0.0.1:8080;",
                    "listen 127.0.0.1:" + std::to_string(port_) + ";")) {
    config_rejected_ = true;
    why_not_ =
        "deploy/nginx/kalendar.conf no longer has 'server 127.0.0.1:9080;' and "
        "'listen 127.0.0.1:8080;' exactly once: update tests/http/nginx_front.cpp";
    return;
  }
  std::ofstream(fs::path(dir_) / "kalendar.conf") << front;
  // The `http {}` around it: what /etc/nginx/nginx.conf gives, with every path in the scratch
  // directory. 735 corpus connections at once need more than nginx's default 512.
  std::ofstream(fs::path(dir_) / "nginx.conf")
      << "worker_processes 1;\n"
      << "worker_rlimit_nofile 8192;\n"
      << "pid " << dir_ << "/nginx.pid;\n"
      << "error_log " << dir_ << "/error.log warn;\n"
      << "events { worker_connections 4096; }\n"
      << "http {\n"
      << "  access_log off;\n"
      << "  client_body_temp_path " << dir_ << "/client_body;\n"
      << "  proxy_temp_path " << dir_ << "/proxy;\n"
      << "  fastcgi_temp_path " << dir_ << "/fastcgi;\n"
      << "  uwsgi_temp_path " << dir_ << "/uwsgi;\n"
      << "  scgi_temp_path " << dir_ << "/scgi;\n"
      << "  include " << dir_ << "/kalendar.conf;\n"
      << "}\n";

  const std::string conf = dir_ + "/nginx.conf";
  const std::string error_log = dir_ + "/error.log";
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    ::execl(nginx.c_str(), "nginx", "-p", dir_.c_str(), "-c", conf.c_str(), "-e", error_log.c_str(),
            "-g", "daemon off;", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  pid_ = pid;
  // Ready when it accepts a connection; gone when it exited (its error log says why).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      why_not_ = "nginx exited at start: " + read_text(error_log);
      config_rejected_ = why_not_.find("kalendar.conf") != std::string::npos;
      return;
    }
    try {
      ::close(connect_loopback(port_));
      return;
    } catch (const std::runtime_error&) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  why_not_ = "nginx did not listen within 10 s: " + read_text(error_log);
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

NginxFront::~NginxFront() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);  // fast shutdown: master and workers exit
    ::waitpid(pid_, nullptr, 0);
  }
  if (!dir_.empty()) {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
}

}  // namespace kalendar::testing
