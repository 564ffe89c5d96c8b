// A tiny blocking HTTP/1.1 client for tests: one TCP connection, requests sent with
// `Connection: keep-alive`, responses read up to exactly Content-Length (never to EOF: Pistache
// does not close connections, dependencies.md §5). Receives time out after 5 s.
//
// Example:
//   TestClient c(port);
//   HttpReply r = c.request("GET", "/health");
//   r.status == 200;  r.header("content-type") == "application/json";
#pragma once

#include <arpa/inet.h>
#include <cstdint>
#include <map>
#include <netinet/in.h>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace kalendar::testing {

// A parsed response. Header names are lower-cased.
struct HttpReply {
  int status = 0;
  std::map<std::string, std::string> headers;
  std::string body;

  [[nodiscard]] std::string header(const std::string& lower_name) const {
    const auto it = headers.find(lower_name);
    return it == headers.end() ? std::string("<absent>") : it->second;
  }
};

// A TCP connection to 127.0.0.1:port, its socket options set before connecting (a receive
// buffer only sizes the window when set first). Throws on failure. Example:
// int fd = connect_loopback(port, {.receive_timeout_seconds = 5});
struct SocketOptions {
  int receive_buffer = 0;           // SO_RCVBUF in bytes; 0 keeps the system's
  int receive_timeout_seconds = 0;  // SO_RCVTIMEO; 0 waits forever
};

inline int connect_loopback(std::uint16_t port, SocketOptions options = {}) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw std::runtime_error("socket");
  if (options.receive_buffer > 0) {
    ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &options.receive_buffer, sizeof options.receive_buffer);
  }
  if (options.receive_timeout_seconds > 0) {
    timeval timeout{};
    timeout.tv_sec = options.receive_timeout_seconds;
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    throw std::runtime_error("connect");
  }
  return fd;
}

class TestClient {
 public:
  explicit TestClient(std::uint16_t port)
      : fd_(connect_loopback(port, {.receive_timeout_seconds = 5})) {}
  ~TestClient() { ::close(fd_); }
  TestClient(const TestClient&) = delete;
  TestClient& operator=(const TestClient&) = delete;

  // Sends bytes as they are. Example: send_raw("GET / HTTP/1.1\r\n\r\n").
  void send_raw(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n <= 0) throw std::runtime_error("send");
      bytes.remove_prefix(static_cast<std::size_t>(n));
    }
  }

  // Sends one keep-alive request and reads its response.
  HttpReply request(std::string_view method, std::string_view target,
                    const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    std::string text = std::string(method) + " " + std::string(target) + " HTTP/1.1\r\n";
    text += "Host: 127.0.0.1\r\nConnection: keep-alive\r\n";
    for (const auto& [name, value] : headers) text += name + ": " + value + "\r\n";
    text += "\r\n";
    send_raw(text);
    return read_reply(method == "HEAD");
  }

  // Reads one response: status line, headers, then exactly Content-Length body bytes; an answer
  // to HEAD has no body whatever its Content-Length says (RFC 9110 §9.3.2).
  HttpReply read_reply(bool to_head = false) {
    std::size_t end = std::string::npos;
    while ((end = buffer_.find("\r\n\r\n")) == std::string::npos) fill();
    HttpReply reply;
    const std::string head = buffer_.substr(0, end);
    buffer_.erase(0, end + 4);
    std::size_t line_end = head.find("\r\n");
    const std::string status_line = head.substr(0, line_end);
    reply.status = std::stoi(status_line.substr(9, 3));
    while (line_end != std::string::npos) {
      const std::size_t start = line_end + 2;
      line_end = head.find("\r\n", start);
      const std::string line =
          head.substr(start, line_end == std::string::npos ? std::string::npos : line_end - start);
      const auto colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::string name = line.substr(0, colon);
      for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      std::string value = line.substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.erase(0, 1);
      reply.headers[name] = value;
    }
    const std::size_t length = reply.headers.count("content-length") != 0 && !to_head
                                   ? std::stoul(reply.headers["content-length"])
                                   : 0;
    while (buffer_.size() < length) fill();
    reply.body = buffer_.substr(0, length);
    buffer_.erase(0, length);
    return reply;
  }

  // True when nothing more arrives within `milliseconds` (no stray bytes after a response).
  bool quiet_for(int milliseconds) {
    timeval timeout{};
    timeout.tv_usec = milliseconds * 1000;
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    char ch = 0;
    const ssize_t n = ::recv(fd_, &ch, 1, 0);
    timeout.tv_sec = 5;
    timeout.tv_usec = 0;
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    return buffer_.empty() && n < 0;
  }

 private:
  void fill() {
    char chunk[4096];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n <= 0) throw std::runtime_error("connection closed or timed out");
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }

  int fd_ = -1;
  std::string buffer_;
};

}  // namespace kalendar::testing
