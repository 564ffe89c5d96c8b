// The hostile-request corpus (tests/http/fixtures/malformed_requests.txt, 735 requests made by
// tools/make_malformed_corpus.py) against the real API on a real endpoint, all connections at
// once, directly and through the shipped nginx front. Every answer must be below 500, every
// error a JSON error document (through nginx: or nginx's own 4xx page for what it refuses
// itself), no connection may stay unanswered and open for 6 s, and the server must answer
// correctly afterwards.
#include "api_stack.hpp"
#include "http_client.hpp"
#include "json_probe.hpp"
#include "nginx_front.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <arpa/inet.h>
#include <chrono>
#include <fstream>
#include <netinet/in.h>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace kalendar {
namespace {

using Clock = std::chrono::steady_clock;

std::string unescape(const std::string& line) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '\\' || i + 1 == line.size()) {
      out.push_back(line[i]);
      continue;
    }
    const char next = line[++i];
    if (next == 'r') {
      out.push_back('\r');
    } else if (next == 'n') {
      out.push_back('\n');
    } else if (next == 't') {
      out.push_back('\t');
    } else if (next == 'x' && i + 2 < line.size()) {
      out.push_back(static_cast<char>(std::stoi(line.substr(i + 1, 2), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(next);
    }
  }
  return out;
}

std::vector<std::string> load_corpus(const std::string& key) {
  std::ifstream in(std::string(KALENDAR_SOURCE_DIR) +
                   "/tests/http/fixtures/malformed_requests.txt");
  std::vector<std::string> requests;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::string raw = unescape(line);
    for (auto at = raw.find("{KEY}"); at != std::string::npos; at = raw.find("{KEY}")) {
      raw.replace(at, 5, key);
    }
    requests.push_back(std::move(raw));
  }
  return requests;
}

struct Exchange {
  int fd = -1;
  std::string request;
  std::string received;
  bool closed = false;
};

// Splits what a connection received into responses; false when it is not well-formed HTTP.
// `to_head`: the request was HEAD, so an answer carries no body whatever its Content-Length (the
// GET's) says; only a protocol error, sent before the method counts, has its JSON body before
// the connection closes.
bool split_responses(const std::string& bytes, std::vector<testing::HttpReply>& replies,
                     bool to_head = false) {
  std::size_t at = 0;
  while (at < bytes.size()) {
    const std::size_t end = bytes.find("\r\n\r\n", at);
    if (end == std::string::npos || bytes.compare(at, 7, "HTTP/1.") != 0) return false;
    testing::HttpReply reply;
    reply.status = std::stoi(bytes.substr(at + 9, 3));
    const std::string head = bytes.substr(at, end - at);
    std::size_t length = 0;
    for (std::size_t line = head.find("\r\n"); line != std::string::npos;
         line = head.find("\r\n", line + 2)) {
      const std::size_t stop = head.find("\r\n", line + 2);
      const std::string field =
          head.substr(line + 2, stop == std::string::npos ? stop : stop - line - 2);
      const std::size_t colon = field.find(": ");
      if (colon == std::string::npos) continue;
      std::string name = field.substr(0, colon);
      for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      reply.headers[name] = field.substr(colon + 2);
      if (name == "content-length") length = std::stoul(field.substr(colon + 2));
    }
    if (to_head) {
      const bool closing = reply.headers["connection"] == "Close";
      length = closing ? std::min(length, bytes.size() - end - 4) : 0;
    }
    if (end + 4 + length > bytes.size()) return false;
    reply.body = bytes.substr(end + 4, length);
    replies.push_back(std::move(reply));
    at = end + 4 + length;
  }
  return true;
}

// Sends every request of the corpus on its own connection to `port`, all at once, and reads
// every connection until it closes, for at most 6 s in all.
std::vector<Exchange> send_all(std::uint16_t port, const std::vector<std::string>& corpus) {
  std::vector<Exchange> exchanges(corpus.size());
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    Exchange& x = exchanges[i];
    x.request = corpus[i];
    x.fd = testing::connect_loopback(port);
    // The server may answer and close before everything is sent (a 413 on a long body).
    [[maybe_unused]] const ssize_t sent =
        ::send(x.fd, x.request.data(), x.request.size(), MSG_NOSIGNAL);
  }
  const auto deadline = Clock::now() + std::chrono::seconds(6);
  std::size_t open = exchanges.size();
  while (open > 0 && Clock::now() < deadline) {
    std::vector<pollfd> polls;
    std::vector<Exchange*> owners;
    for (auto& x : exchanges) {
      if (x.closed) continue;
      polls.push_back({x.fd, POLLIN, 0});
      owners.push_back(&x);
    }
    if (::poll(polls.data(), polls.size(), 100) <= 0) continue;
    for (std::size_t p = 0; p < polls.size(); ++p) {
      if ((polls[p].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      char chunk[65536];
      const ssize_t n = ::recv(owners[p]->fd, chunk, sizeof chunk, MSG_DONTWAIT);
      if (n > 0) {
        owners[p]->received.append(chunk, static_cast<std::size_t>(n));
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        owners[p]->closed = true;
        --open;
      }
    }
  }
  for (auto& x : exchanges) ::close(x.fd);
  return exchanges;
}

// nginx's own answer to a request it refused before it reached us (a request line or header it
// cannot parse, a body over client_max_body_size): its short HTML page. dependencies.md §6
// explains why the shipped front leaves these as they are.
bool is_nginx_page(const testing::HttpReply& r) {
  // Proxied answers are ours, always JSON; an answer to HEAD has the page's headers only.
  return r.header("content-type") == "text/html" && r.header("server") == "nginx" &&
         (r.body.empty() || r.body.find("<center>nginx</center>") != std::string::npos);
}

// Every answer below 500; every error a JSON error document (or, with `nginx_pages`, nginx's
// own 4xx page); no connection left open without an answer; no exception text anywhere.
void expect_well_answered(const std::vector<Exchange>& exchanges, const char* label,
                          bool nginx_pages) {
  std::size_t answered = 0;
  std::size_t from_nginx = 0;
  std::size_t status_counts[6] = {};
  for (std::size_t i = 0; i < exchanges.size(); ++i) {
    const Exchange& x = exchanges[i];
    SCOPED_TRACE("corpus request " + std::to_string(i) + ": " + x.request.substr(0, 80));
    const std::string request_line = x.request.substr(0, x.request.find("\r\n"));
    if (nginx_pages && request_line.find(" HTTP/") == std::string::npos &&
        x.received.rfind("HTTP/", 0) != 0) {
      // nginx reads a request line without a version as HTTP/0.9 and answers with the bare
      // body, no status line or headers: ours (JSON), or its own page.
      if (!x.received.empty()) ++answered;
      EXPECT_TRUE(x.received.empty() || x.received.front() == '{' ||
                  x.received.find("<center>nginx</center>") != std::string::npos)
          << x.received.substr(0, 200);
      continue;
    }
    std::vector<testing::HttpReply> replies;
    EXPECT_TRUE(split_responses(x.received, replies, x.request.rfind("HEAD ", 0) == 0))
        << x.received.substr(0, 200);
    // An unanswered connection must at least have been closed (a client that never
    // completes a request is answered 408; only nothing-at-all is closed quietly).
    EXPECT_TRUE(!replies.empty() || x.closed) << "no answer and still open after 6 s";
    if (!replies.empty()) ++answered;
    for (const auto& r : replies) {
      ++status_counts[std::min(r.status / 100, 5)];
      EXPECT_LT(r.status, 500) << r.body.substr(0, 200);
      if (r.status >= 400) {
        if (nginx_pages && is_nginx_page(r)) {
          ++from_nginx;
        } else {
          EXPECT_EQ(r.header("content-type"), "application/json");
          EXPECT_FALSE(api::testing::error_codes(r.body).empty()) << r.body.substr(0, 200);
        }
      }
      EXPECT_EQ(r.body.find("std::"), std::string::npos);
      EXPECT_EQ(r.body.find("what()"), std::string::npos);
    }
  }
  std::cout << "[ measured ] " << label << ": " << exchanges.size()
            << " hostile requests: " << answered << " answered (2xx " << status_counts[2]
            << ", 3xx " << status_counts[3] << ", 4xx " << status_counts[4] << " of which "
            << from_nginx << " nginx's own pages, 5xx " << status_counts[5] << ")\n";
  EXPECT_EQ(status_counts[5], 0U);
}

// The server still answers correctly, and quickly, on port `port` (its own or nginx's).
void expect_correct_afterwards(std::uint16_t port, const std::string& key) {
  const auto start = Clock::now();
  testing::TestClient client(port);
  const auto day =
      client.request("GET", "/api/v2/days/2025-11-30?book=loc_2015", {{"X-API-Key", key}});
  EXPECT_EQ(day.status, 200) << day.body;
  EXPECT_NE(day.body.find("\"date\":\"2025-11-30\""), std::string::npos) << day.body.substr(0, 300);
  EXPECT_EQ(client.request("GET", "/health").status, 200);
  EXPECT_LT(Clock::now() - start, std::chrono::milliseconds(500));
}

TEST(MalformedCorpus, NoFiveHundredsOnlyJsonErrorsNoHangAndCorrectAnswersAfterwards) {
  testing::ApiStack stack;
  const std::vector<std::string> corpus = load_corpus(stack.key("all"));
  ASSERT_GE(corpus.size(), 400U);
  expect_well_answered(send_all(stack.port(), corpus), "direct", false);
  expect_correct_afterwards(stack.port(), stack.key("all"));
}

// The same corpus through the shipped nginx front (deploy/nginx/kalendar.conf), as production
// clients reach the service: nothing nginx passes on may come back as a 5xx or a non-JSON
// error; what nginx refuses itself is its own 4xx page. Skipped, saying why, where nginx cannot
// run (docs/OPERATIONS.md, "nginx in the tests").
TEST(MalformedCorpus, ThroughTheShippedNginxFrontTooNoFiveHundredsAndOnlyJsonFromUs) {
  testing::ApiStack stack;
  testing::NginxFront nginx(stack.port());
  if (!nginx.running()) {
    if (nginx.config_rejected()) FAIL() << nginx.why_not();
    GTEST_SKIP() << "nginx cannot run here, the corpus ran only directly: " << nginx.why_not();
  }
  const std::vector<std::string> corpus = load_corpus(stack.key("all"));
  ASSERT_GE(corpus.size(), 400U);
  expect_well_answered(send_all(nginx.port(), corpus), "through nginx", true);
  expect_correct_afterwards(nginx.port(), stack.key("all"));
  expect_correct_afterwards(stack.port(), stack.key("all"));
}

}  // namespace
}  // namespace kalendar
