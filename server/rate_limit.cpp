#include "rate_limit.hpp"

#include <algorithm>
#include <cmath>
#include <mutex>

namespace kalendar::api {

namespace {
int ceil_seconds(double seconds) { return static_cast<int>(std::ceil(std::max(0.0, seconds))); }
}  // namespace

RateLimiter::SpinningMutex::SpinningMutex() {
  pthread_mutexattr_t attributes;
  pthread_mutexattr_init(&attributes);
  pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_ADAPTIVE_NP);
  pthread_mutex_init(&mutex_, &attributes);
  pthread_mutexattr_destroy(&attributes);
}

RateLimiter::SpinningMutex::~SpinningMutex() { pthread_mutex_destroy(&mutex_); }

RateDecision RateLimiter::take(std::int64_t key_id, int rate_per_minute, TimePoint now) {
  RateDecision d;
  if (rate_per_minute <= 0) return d;  // unlimited: allowed, no headers
  d.limit = rate_per_minute;
  const double capacity = rate_per_minute;
  const double per_second = capacity / 60.0;

  Shard& shard = shards_[static_cast<std::size_t>(key_id) % kShards];
  const std::lock_guard lock(shard.mutex);
  auto [it, inserted] = shard.buckets.try_emplace(key_id);
  Bucket& b = it->second;
  if (inserted || b.rate != rate_per_minute) {
    // A new key starts full; a changed rate keeps the tokens, clamped to the new capacity.
    b.tokens = inserted ? capacity : std::min(b.tokens, capacity);
    b.rate = rate_per_minute;
    b.updated = now;
  }
  const double elapsed = std::chrono::duration<double>(now - b.updated).count();
  if (elapsed > 0) {
    b.tokens = std::min(capacity, b.tokens + elapsed * per_second);
    b.updated = now;
  }
  if (b.tokens >= 1.0) {
    b.tokens -= 1.0;
    d.allowed = true;
  } else {
    d.allowed = false;
    d.retry_after_seconds = std::max(1, ceil_seconds((1.0 - b.tokens) / per_second));
  }
  d.remaining = std::max(0, static_cast<int>(std::floor(b.tokens)));
  d.reset_seconds = ceil_seconds((capacity - b.tokens) / per_second);
  return d;
}

void RateLimiter::charge(std::int64_t key_id, int rate_per_minute, double tokens, TimePoint now) {
  if (rate_per_minute <= 0 || tokens <= 0) return;
  Shard& shard = shards_[static_cast<std::size_t>(key_id) % kShards];
  const std::lock_guard lock(shard.mutex);
  const auto it = shard.buckets.find(key_id);
  if (it == shard.buckets.end()) return;  // take() always comes first
  Bucket& b = it->second;
  const double capacity = rate_per_minute;
  const double elapsed = std::chrono::duration<double>(now - b.updated).count();
  if (elapsed > 0) {
    b.tokens = std::min(capacity, b.tokens + elapsed * capacity / 60.0);
    b.updated = now;
  }
  b.tokens = std::max(-capacity, b.tokens - tokens);
}

}  // namespace kalendar::api
