// API-key authentication from an in-memory snapshot of the key table.
//
// The request path never touches SQLite: `Authenticator` holds an immutable snapshot, swapped
// whole by refresh(), which a background thread calls every couple of seconds. A revoked or
// expired key (or feed token) therefore stops working within one refresh interval, without a
// restart
// (api-decisions.md, Authentication). Lookup hashes the presented key (SHA-256) and compares
// digests with CRYPTO_memcmp. Each thread remembers the few keys it verified under the current
// snapshot and compares a presented key with them in constant time, skipping the hash; every
// refresh starts a new snapshot generation and so forgets them (issue 13). Expiry is checked
// against the time of each request.
//
// Example:
//   Authenticator auth(keystore_loader("var/keys.sqlite3"), AuthOptions{});
//   auth.refresh();             // first load; fail fast in main when it returns false
//   auth.start_refresher();
//   AuthOutcome out = auth.authenticate(request.header("X-API-Key"), unix_now());
//   if (out.status == AuthStatus::ok && out.grant->allows_book("loc_2015")) { ... }
#pragma once

#include "keys.hpp"

#include "kalendar/result.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace kalendar::api {

// What a valid key may do. Shared with in-flight requests, so a refresh never invalidates it.
// Example: grant.allows_book("loc_2015"); grant.rate_per_minute == 600.
struct Grant {
  std::int64_t key_id = 0;
  std::string key_name;
  std::string fingerprint;
  std::optional<std::vector<std::string>> books;  // nullopt: every book
  int rate_per_minute = 0;                        // effective rate; 0: unlimited

  // True when the key may use book `code`. Example: allows_book("loc_2015").
  [[nodiscard]] bool allows_book(std::string_view code) const;
};

// The five outcomes of authentication. `inactive` (revoked) is answered to the client like
// `invalid`, so that a response never reveals that a key once existed.
// Example: auth.authenticate(std::nullopt, now).status == AuthStatus::missing.
enum class AuthStatus { ok, missing, invalid, inactive, expired };

// What a feed token is bound to (FeedRecord): its book, language ("" : the book's own) and
// calendar options (the URL's query may override each). Example: {"cw_2000_en", "",
// {{"epiphany", "sunday"}}}.
struct FeedBinding {
  std::string book;
  std::string lang;
  std::vector<std::pair<std::string, std::string>> options{};
};

// Example: {AuthStatus::ok, grant} or {AuthStatus::expired, nullptr}.
struct AuthOutcome {
  AuthStatus status = AuthStatus::missing;
  std::shared_ptr<const Grant> grant;  // set only when ok
  std::optional<FeedBinding> feed{};   // set only when ok through authenticate_feed()
};

// Loads every key record (keystore_loader() in production, a lambda in tests).
// Example: KeyLoader l = [] { return Result<std::vector<KeyRecord>>(std::vector<KeyRecord>{}); };
using KeyLoader = std::function<Result<std::vector<KeyRecord>>()>;

// Tuning of the Authenticator. Example: {.refresh_interval = 2s, .default_rate_per_minute = 600}.
struct AuthOptions {
  std::chrono::milliseconds refresh_interval{2000};
  int default_rate_per_minute = 600;  // for keys without their own rate; 0: unlimited
  // Told about a failed refresh (the previous snapshot stays in use). Must not throw.
  std::function<void(const Error&)> on_refresh_error{};
};

// Authenticates X-API-Key values against the current snapshot; thread-safe.
// Example: Authenticator auth(keystore_loader(path), AuthOptions{});
class Authenticator {
 public:
  // Starts with an empty snapshot (every key invalid) until the first refresh().
  Authenticator(KeyLoader loader, AuthOptions options);
  ~Authenticator();  // stops the refresher
  Authenticator(const Authenticator&) = delete;
  Authenticator& operator=(const Authenticator&) = delete;

  // Loads the key table now and publishes a new snapshot; on failure keeps the old one,
  // reports through on_refresh_error and returns false. Example: if (!auth.refresh()) exit(1);
  bool refresh();
  // Starts (once) a thread that calls refresh() every refresh_interval.
  // Example: auth.refresh(); auth.start_refresher();
  void start_refresher();
  // Stops and joins the refresher thread (idempotent). Example: auth.stop_refresher();
  void stop_refresher();

  // Authenticates the value of the X-API-Key header (nullopt: header absent) at `now_unix`
  // (Unix seconds). Example: authenticate("kal_...", 1750000000).status == AuthStatus::ok.
  [[nodiscard]] AuthOutcome authenticate(std::optional<std::string_view> key,
                                         std::int64_t now_unix) const;
  // Authenticates a feed token (the `{token}` of /api/v2/feeds/{token}.ics): ok only while the
  // token, and the key it belongs to, are active and the key is unexpired; a revoked token or
  // key is `inactive`. The grant is the key's (its rate and books apply).
  // Example: authenticate_feed("kfeed_...", now).feed->book == "loc_2015".
  [[nodiscard]] AuthOutcome authenticate_feed(std::string_view token, std::int64_t now_unix) const;
  // Active keys in the current snapshot (for /metrics; reveals only a count).
  // Example: metrics.set_keys_active(static_cast<std::int64_t>(auth.active_key_count())).
  [[nodiscard]] std::size_t active_key_count() const;

 private:
  struct Snapshot;
  std::shared_ptr<const Snapshot> snapshot() const;

  KeyLoader loader_;
  AuthOptions options_;
  mutable std::mutex snapshot_mutex_;  // guards only the pointer swap and copy
  std::shared_ptr<const Snapshot> snapshot_;
  std::atomic<std::uint64_t> generation_{0};  // bumped by every published snapshot
  std::uint64_t id_;                          // this authenticator, for per-thread caches

  std::mutex refresher_mutex_;
  std::condition_variable refresher_wakeup_;
  bool stopping_ = false;
  std::thread refresher_;
};

}  // namespace kalendar::api
