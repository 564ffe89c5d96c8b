// Per-key rate limiting: one token bucket per API key (api-decisions.md, Limits and abuse).
//
// A key with a rate of N requests per minute gets a bucket of N tokens refilled at N/60 per
// second, so it may burst up to N and then sustain N per minute. The decision carries the
// values of the `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `Retry-After`
// headers. Buckets are sharded behind small locks that spin briefly before sleeping: a bucket is
// held for tens of nanoseconds, and a plain mutex put the other I/O thread to sleep (a futex
// wait and wake) on about 1 request in 500 at 100k requests/s of one key (issue 13). Callers
// pass the time, so tests need no sleep.
//
// Example:
//   RateLimiter limiter;
//   auto now = std::chrono::steady_clock::now();
//   auto d = limiter.take(7, 60, now);    // d.allowed, d.limit == 60, d.remaining == 59
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <pthread.h>
#include <unordered_map>

namespace kalendar::api {

// The outcome of one request against its key's bucket.
// Example: {allowed = false, limit = 60, remaining = 0, reset_seconds = 60, retry_after = 1}.
struct RateDecision {
  bool allowed = true;
  int limit = 0;                // requests per minute; 0: the key is not limited
  int remaining = 0;            // whole tokens left after this request
  int reset_seconds = 0;        // seconds until the bucket is full again
  int retry_after_seconds = 0;  // when refused: seconds until one token is back (>= 1)
};

// Token buckets for every key; thread-safe. Example: see the top of this file.
class RateLimiter {
 public:
  // The clock of take(). Example: std::chrono::steady_clock::now().
  using TimePoint = std::chrono::steady_clock::time_point;

  // Takes one token from the bucket of `key_id`, which allows `rate_per_minute` (0: no limit).
  // A changed rate applies from the next request on. Example: take(7, 60, now).
  RateDecision take(std::int64_t key_id, int rate_per_minute, TimePoint now);
  // Charges `tokens` more to a key's bucket after an expensive answer. The bucket may go into
  // debt (down to minus its capacity): the key then waits until it is repaid, so a costly
  // request weighs more than a cheap one. Example: charge(7, 60, 3, now).
  void charge(std::int64_t key_id, int rate_per_minute, double tokens, TimePoint now);

 private:
  struct Bucket {
    double tokens = 0;
    int rate = 0;
    TimePoint updated{};
  };
  // glibc's adaptive mutex: spins a while on contention, then sleeps as a plain one does.
  // Example: const std::lock_guard lock(shard.mutex);
  class SpinningMutex {
   public:
    SpinningMutex();
    ~SpinningMutex();
    SpinningMutex(const SpinningMutex&) = delete;
    SpinningMutex& operator=(const SpinningMutex&) = delete;
    void lock() { pthread_mutex_lock(&mutex_); }
    void unlock() { pthread_mutex_unlock(&mutex_); }

   private:
    pthread_mutex_t mutex_;
  };
  struct Shard {
    SpinningMutex mutex;
    std::unordered_map<std::int64_t, Bucket> buckets;
  };
  static constexpr std::size_t kShards = 16;
  std::array<Shard, kShards> shards_;
};

}  // namespace kalendar::api
