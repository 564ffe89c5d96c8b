// A per-thread cache of successful, stable answers.
//
// An /api/v2 answer with Freshness::stable is a pure function of the route, the raw path and
// query, the key (whose grant decides which books it sees) and the served state's generation
// (state_slot.hpp): a state is immutable, and a reload starts a new generation, so answers of
// the old state are never served again (they age out with the thread's budget). Repeating the
// handler's JSON work for the same request is waste, so each I/O thread keeps the last answers it
// produced (no locks: thread_local). Authentication, rate limits, If-None-Match and logging still
// run on every request; only the handler is skipped. Answers about `today`, errors and non-200
// answers are never cached. When a thread's entries exceed their byte budget, that thread's cache
// is simply emptied.
//
// Example:
//   ResponseCache cache(8 << 20);
//   std::string key = ResponseCache::key_of(generation, grant_id, request);
//   if (const CachedReply* hit = cache.find(key)) ... else cache.store(std::move(key), reply);
#pragma once

#include "request.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kalendar::api {

// One answer: its body and tag, and its gzip form once a client asked for it (filled by the
// dispatcher at most once per cached answer; encoding.hpp).
struct CachedReply {
  std::string body;
  std::string etag;
  std::string content_type;
  std::string content_language;
  std::string gzip_body{};  // empty: not compressed yet
  std::string gzip_etag{};
};

class ResponseCache {
 public:
  // `bytes_per_thread` 0 disables the cache.
  explicit ResponseCache(std::size_t bytes_per_thread);
  ResponseCache(const ResponseCache&) = delete;
  ResponseCache& operator=(const ResponseCache&) = delete;

  // The request's identity for caching: state generation, key id, path and query.
  // Example: "2 7 /api/v2/days/2025-11-30?book=loc_2015".
  [[nodiscard]] static std::string key_of(std::uint64_t generation, std::int64_t grant_id,
                                          const Request& request);
  // The same key written into `out` (replacing its contents; its capacity is reused).
  static void key_of(std::uint64_t generation, std::int64_t grant_id, const Request& request,
                     std::string& out);
  // The calling thread's entry for `key`, or nullptr. The entry belongs to this thread, which
  // may add its gzip form (then call grew()). Example: cache.find(key)->etag.
  [[nodiscard]] CachedReply* find(std::string_view key) const;
  // Keeps `reply` (moved in) and returns the stored entry; or returns nullptr, leaving `reply`
  // untouched, when it is not kept (too big, or the cache is off).
  CachedReply* store(std::string key, CachedReply&& reply);
  // Counts `bytes` more against this thread's budget (a gzip body added to an entry).
  void grew(std::size_t bytes) const;
  [[nodiscard]] bool enabled() const { return budget_ > 0; }

 private:
  std::size_t budget_;
  std::uint64_t owner_;  // distinguishes caches of different dispatchers in one process
};

}  // namespace kalendar::api
