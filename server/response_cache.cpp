#include "response_cache.hpp"

#include <array>
#include <atomic>
#include <charconv>
#include <unordered_map>

namespace kalendar::api {

namespace {

struct TransparentHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

// One thread's entries, for one cache owner at a time (a thread serves one dispatcher in
// practice; tests that build several start afresh when the owner changes).
struct ThreadEntries {
  std::uint64_t owner = 0;
  std::size_t bytes = 0;
  std::unordered_map<std::string, CachedReply, TransparentHash, std::equal_to<>> map;
};

ThreadEntries& entries() {
  thread_local ThreadEntries e;
  return e;
}

std::atomic<std::uint64_t> next_owner{1};

}  // namespace

ResponseCache::ResponseCache(std::size_t bytes_per_thread)
    : budget_(bytes_per_thread), owner_(next_owner.fetch_add(1)) {}

std::string ResponseCache::key_of(std::uint64_t generation, std::int64_t grant_id,
                                  const Request& request) {
  std::string key;
  key_of(generation, grant_id, request, key);
  return key;
}

void ResponseCache::key_of(std::uint64_t generation, std::int64_t grant_id, const Request& request,
                           std::string& out) {
  std::array<char, 24> digits{};
  auto result = std::to_chars(digits.data(), digits.data() + digits.size(), generation);
  out.assign(digits.data(), result.ptr);
  out.push_back(' ');
  result = std::to_chars(digits.data(), digits.data() + digits.size(), grant_id);
  out.append(digits.data(), result.ptr);
  out.append(" ").append(request.raw_path).append("?").append(request.raw_query);
}

CachedReply* ResponseCache::find(std::string_view key) const {
  ThreadEntries& e = entries();
  if (budget_ == 0 || e.owner != owner_) return nullptr;
  auto it = e.map.find(key);
  return it == e.map.end() ? nullptr : &it->second;
}

CachedReply* ResponseCache::store(std::string key, CachedReply&& reply) {
  if (budget_ == 0) return nullptr;
  ThreadEntries& e = entries();
  const std::size_t size = key.size() + reply.body.size() + reply.etag.size() + 64;
  if (size > budget_ / 4) return nullptr;  // a huge answer would crowd out the rest
  // Emptied whole when full: the budget is a hard bound, and the answers come back at the cost
  // of one handler call each.
  if (e.owner != owner_ || e.bytes + size > budget_) {
    e.map.clear();
    e.bytes = 0;
    e.owner = owner_;
  }
  const auto [it, inserted] = e.map.try_emplace(std::move(key), std::move(reply));
  if (inserted) e.bytes += size;
  return &it->second;
}

void ResponseCache::grew(std::size_t bytes) const {
  // Counted now, enforced at the next store (the entry in use must stay valid until then).
  entries().bytes += bytes;
}

}  // namespace kalendar::api
