#include "endpoint.hpp"

#include <pistache/endpoint.h>
#include <pistache/http.h>
#include <pistache/http_header.h>
#include <pistache/net.h>

#include <algorithm>
#include <csignal>
#include <pthread.h>
#include <string_view>
#include <utility>
#include <vector>

namespace kalendar::http {

namespace {

namespace Ph = Pistache::Http;

// Response headers. Pistache writes typed headers only (addRaw is dropped without a word, pitfall
// 3), and CUSTOM_HEADER cannot spell names with hyphens, so those get this small template.
template <const char* kName>
class TextHeader final : public Ph::Header::Header {
 public:
  NAME(kName)
  explicit TextHeader(std::string value) : value_(std::move(value)) {}
  void write(std::ostream& os) const override { os << value_; }

 private:
  std::string value_;
};

CUSTOM_HEADER(ETag)
CUSTOM_HEADER(Vary)
constexpr char kContentLanguage[] = "Content-Language";
constexpr char kRetryAfter[] = "Retry-After";
constexpr char kRateLimitLimit[] = "RateLimit-Limit";
constexpr char kRateLimitRemaining[] = "RateLimit-Remaining";
constexpr char kRateLimitReset[] = "RateLimit-Reset";
using ContentLanguage = TextHeader<kContentLanguage>;
using RetryAfter = TextHeader<kRetryAfter>;
using RateLimitLimit = TextHeader<kRateLimitLimit>;
using RateLimitRemaining = TextHeader<kRateLimitRemaining>;
using RateLimitReset = TextHeader<kRateLimitReset>;

// Request headers the dispatcher and handlers may read. Pistache keeps every header in a
// case-insensitive raw map; only these are copied into api::Request. Add names here when a
// handler needs another header.
constexpr std::string_view kForwardedHeaders[] = {"X-API-Key", "If-None-Match", "Accept-Language"};

// The JSON body sent when even converting or writing a response failed.
constexpr std::string_view kLastResortBody =
    R"({"errors":[{"status":"500","code":"internal_error","title":"Internal error"}]})";

api::Method convert_method(Ph::Method method) {
  switch (method) {
    case Ph::Method::Get:
      return api::Method::get;
    case Ph::Method::Head:
      return api::Method::head;
    case Ph::Method::Options:
      return api::Method::options;
    case Ph::Method::Post:
      return api::Method::post;
    case Ph::Method::Put:
      return api::Method::put;
    case Ph::Method::Patch:
      return api::Method::patch;
    case Ph::Method::Delete:
      return api::Method::delete_;
    default:
      return api::Method::other;
  }
}

// Pistache splits the query into a hash map of still-encoded names and values: order and
// duplicates (first wins) are already lost, and `name` without `=` has value "". Rebuild a raw
// query from it, sorted by raw name so that the same request always gives the same string
// (links.self, cursors, ETags do not depend on hash order).
std::string reconstruct_query(const Ph::Uri::Query& query) {
  std::vector<std::pair<std::string_view, std::string_view>> params;
  for (auto it = query.parameters_begin(); it != query.parameters_end(); ++it) {
    params.emplace_back(it->first, it->second);
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& [name, value] : params) {
    if (!out.empty()) out.push_back('&');
    out.append(name);
    out.push_back('=');
    out.append(value);
  }
  return out;
}

api::Request convert_request(const Ph::Request& request) {
  api::Request out;
  out.method = convert_method(request.method());
  out.method_token = Ph::methodString(request.method());
  out.raw_path = request.resource();
  out.raw_query = reconstruct_query(request.query());
  for (const auto name : kForwardedHeaders) {
    if (auto raw = request.headers().tryGetRaw(std::string(name))) {
      out.headers.push_back({std::string(name), raw->value()});
    }
  }
  return out;
}

// HTTP/1.1 is persistent unless the client says `close`; HTTP/1.0 only when it asks for
// keep-alive. Pistache itself labels every response without a request Connection header
// `Close` (pitfall 1); it never closes the socket either way (pitfall 2).
bool wants_keep_alive(const Ph::Request& request) {
  if (auto raw = request.headers().tryGetRaw("Connection")) {
    std::string value = raw->value();
    std::transform(value.begin(), value.end(), value.begin(), [](char ch) {
      return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch;
    });
    if (value.find("close") != std::string::npos) return false;
    if (value.find("keep-alive") != std::string::npos) return true;
  }
  return request.version() == Ph::Version::Http11;
}

Ph::Mime::MediaType media_type(const std::string& content_type) {
  if (content_type == api::kJsonContentType) {
    return Ph::Mime::MediaType(Ph::Mime::Type::Application, Ph::Mime::Subtype::Json);
  }
  return Ph::Mime::MediaType::fromString(content_type);
}

void set_connection(Ph::ResponseWriter& writer, bool keep_alive) {
  auto& headers = writer.headers();
  headers.remove<Ph::Header::Connection>();
  headers.add<Ph::Header::Connection>(keep_alive ? Ph::ConnectionControl::KeepAlive
                                                 : Ph::ConnectionControl::Close);
}

void write_response(const api::Response& out, Ph::ResponseWriter& writer) {
  auto& headers = writer.headers();
  if (!out.content_type.empty()) headers.add<Ph::Header::ContentType>(media_type(out.content_type));
  if (!out.etag.empty()) headers.add<ETag>(out.etag);
  if (out.no_store) {
    headers.add<Ph::Header::CacheControl>(Ph::CacheDirective::NoStore);
  } else if (out.max_age_seconds) {
    auto cache = std::make_shared<Ph::Header::CacheControl>();
    cache->addDirective(Ph::CacheDirective::Private);
    cache->addDirective(
        Ph::CacheDirective(Ph::CacheDirective::MaxAge, std::chrono::seconds(*out.max_age_seconds)));
    headers.add(cache);
  }
  if (!out.vary.empty()) headers.add<Vary>(out.vary);
  if (!out.content_language.empty()) headers.add<ContentLanguage>(out.content_language);
  if (!out.allow.empty()) {
    headers.add<Ph::Header::Allow>(
        std::vector<Ph::Method>{Ph::Method::Get, Ph::Method::Head, Ph::Method::Options});
  }
  if (out.retry_after) headers.add<RetryAfter>(std::to_string(*out.retry_after));
  if (out.rate_limit) {
    headers.add<RateLimitLimit>(std::to_string(out.rate_limit->limit));
    headers.add<RateLimitRemaining>(std::to_string(out.rate_limit->remaining));
    headers.add<RateLimitReset>(std::to_string(out.rate_limit->reset_seconds));
  }
  // Empty body (204, 304, HEAD): Pistache then sends Content-Length: 0 (pitfalls 8, 17).
  writer.send(static_cast<Ph::Code>(out.status), out.body.data(), out.body.size());
}

// The Pistache handler: convert, dispatch, write. Copied per I/O thread by clone().
class PistacheHandler final : public Ph::Handler {
 public:
  HTTP_PROTOTYPE(PistacheHandler)

  explicit PistacheHandler(api::Dispatcher& dispatcher) : dispatcher_(&dispatcher) {}

  void onRequest(const Ph::Request& request, Ph::ResponseWriter writer) override {
    // No exception may escape: Pistache would answer text/plain with e.what() (pitfall 10).
    try {
      set_connection(writer, wants_keep_alive(request));
      const api::Response response = dispatcher_->dispatch(convert_request(request));
      write_response(response, writer);
    } catch (...) {
      try {
        writer.headers().add<Ph::Header::ContentType>(
            media_type(std::string(api::kJsonContentType)));
        writer.send(Ph::Code::Internal_Server_Error, kLastResortBody.data(),
                    kLastResortBody.size());
      } catch (...) {
        // Nothing left to do: the connection will time out.
      }
    }
  }

 private:
  api::Dispatcher* dispatcher_;
};

}  // namespace

struct HttpServer::Impl {
  Impl(api::Dispatcher& d, EndpointOptions o) : dispatcher(d), options(std::move(o)) {}
  api::Dispatcher& dispatcher;
  EndpointOptions options;
  std::unique_ptr<Ph::Endpoint> endpoint;
};

HttpServer::HttpServer(api::Dispatcher& dispatcher, EndpointOptions options)
    : impl_(std::make_unique<Impl>(dispatcher, std::move(options))) {}

HttpServer::~HttpServer() { shutdown(); }

Result<std::uint16_t> HttpServer::start() {
  const EndpointOptions& o = impl_->options;
  if (impl_->endpoint) return Error{"listen", "the server is already started"};
  try {
    auto endpoint =
        std::make_unique<Ph::Endpoint>(Pistache::Address(o.address, Pistache::Port(o.port)));
    endpoint->init(Ph::Endpoint::options()
                       .threads(o.threads)
                       .threadsName("kalendar-http")
                       .flags(Pistache::Tcp::Options::ReuseAddr)
                       .backlog(128)
                       .maxRequestSize(o.max_request_bytes)
                       .maxResponseSize(o.max_response_bytes)
                       .headerTimeout(o.header_timeout)
                       .bodyTimeout(o.body_timeout)
                       .keepaliveTimeout(o.keepalive_timeout));
    endpoint->setHandler(Ph::make_handler<PistacheHandler>(impl_->dispatcher));
    endpoint->serveThreaded();
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
