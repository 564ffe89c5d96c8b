#include "auth.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <unordered_map>

namespace kalendar::api {

namespace {

// Longest header value worth hashing; real keys are 47 characters.
constexpr std::size_t kMaxKeyChars = 256;

std::uint64_t digest_prefix(const KeyDigest& d) {
  std::uint64_t prefix = 0;
  std::memcpy(&prefix, d.data(), sizeof prefix);
  return prefix;
}

// Distinguishes Authenticator objects in the per-thread cache (an address may be reused).
std::atomic<std::uint64_t> next_authenticator_id{1};

// Keys this thread verified recently, valid for one snapshot generation of one authenticator.
// A key is hashed (SHA-256) and looked up once per thread and snapshot; later requests compare
// the presented key with the remembered one in constant time (CRYPTO_memcmp) instead. A refresh
// publishes a new generation, which empties the cache, so a revoked key is refused again
// within one refresh interval. Only found keys are remembered: an invalid key is hashed on
// every attempt, so guessing fills nothing.
struct VerifiedKeys {
  struct Entry {
    std::string key;
    bool active = false;
    std::optional<std::int64_t> expires_at;
    std::shared_ptr<const Grant> grant;
  };
  static constexpr std::size_t kSize = 8;
  std::uint64_t authenticator = 0;
  std::uint64_t generation = 0;
  std::array<Entry, kSize> entries{};
  std::size_t used = 0;
  std::size_t next = 0;  // round-robin replacement

  void reset(std::uint64_t owner, std::uint64_t gen) {
    for (std::size_t i = 0; i < used; ++i) entries[i] = Entry{};
    authenticator = owner;
    generation = gen;
    used = 0;
    next = 0;
  }
  const Entry* find(std::string_view key) const {
    const Entry* found = nullptr;
    for (std::size_t i = 0; i < used; ++i) {
      const Entry& e = entries[i];
      if (e.key.size() != key.size()) continue;
      const bool same = constant_time_equal(
          std::span(reinterpret_cast<const unsigned char*>(e.key.data()), e.key.size()),
          std::span(reinterpret_cast<const unsigned char*>(key.data()), key.size()));
      if (same) found = &e;
    }
    return found;
  }
  void remember(Entry entry) {
    entries[next] = std::move(entry);
    next = (next + 1) % kSize;
    used = std::max(used, next == 0 ? kSize : next);
  }
};

VerifiedKeys& verified_keys() {
  thread_local VerifiedKeys cache;
  return cache;
}

AuthOutcome outcome_of(bool active, const std::optional<std::int64_t>& expires_at,
                       const std::shared_ptr<const Grant>& grant, std::int64_t now_unix) {
  if (!active) return {AuthStatus::inactive, nullptr};
  if (expires_at && now_unix >= *expires_at) return {AuthStatus::expired, nullptr};
  return {AuthStatus::ok, grant};
}

std::string_view trim_ows(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

bool Grant::allows_book(std::string_view code) const {
  if (!books) return true;
  return std::find(books->begin(), books->end(), code) != books->end();
}

// An immutable view of the key table, indexed by the first 8 bytes of each digest.
struct Authenticator::Snapshot {
  struct Entry {
    KeyDigest digest;
    bool active;
    std::optional<std::int64_t> expires_at;
    std::shared_ptr<const Grant> grant;
  };
  struct FeedEntry {
    KeyDigest digest;
    bool active;            // the token's own flag
    std::size_t key_entry;  // index in entries: the key's state decides too
    FeedBinding binding;
  };
  std::vector<Entry> entries;
  std::unordered_multimap<std::uint64_t, std::size_t> by_prefix;
  std::vector<FeedEntry> feeds;
  std::unordered_multimap<std::uint64_t, std::size_t> feeds_by_prefix;
  std::size_t active_count = 0;
};

Authenticator::Authenticator(KeyLoader loader, AuthOptions options)
    : loader_(std::move(loader)),
      options_(std::move(options)),
      snapshot_(std::make_shared<const Snapshot>()),
      id_(next_authenticator_id.fetch_add(1)) {}

Authenticator::~Authenticator() { stop_refresher(); }

std::shared_ptr<const Authenticator::Snapshot> Authenticator::snapshot() const {
  const std::lock_guard lock(snapshot_mutex_);
  return snapshot_;
}

bool Authenticator::refresh() {
  Result<std::vector<KeyRecord>> loaded = Error{"keystore", "no loader"};
  try {
    if (loader_) loaded = loader_();
  } catch (const std::exception& e) {
    loaded = Error{"keystore", e.what()};
  }
  if (!loaded) {
    if (options_.on_refresh_error) options_.on_refresh_error(loaded.error());
    return false;
  }
  auto next = std::make_shared<Snapshot>();
  next->entries.reserve(loaded.value().size());
  for (const KeyRecord& r : loaded.value()) {
    auto grant = std::make_shared<Grant>();
    grant->key_id = r.id;
    grant->key_name = r.name;
    grant->fingerprint = key_fingerprint(r.digest);
    grant->books = r.books;
    grant->rate_per_minute = r.rate_per_minute.value_or(options_.default_rate_per_minute);
    for (const FeedRecord& f : r.feeds) {
      next->feeds_by_prefix.emplace(digest_prefix(f.digest), next->feeds.size());
      next->feeds.push_back(
          {f.digest, f.active, next->entries.size(), {f.book, f.lang, f.options}});
    }
    next->by_prefix.emplace(digest_prefix(r.digest), next->entries.size());
    next->entries.push_back({r.digest, r.active, r.expires_at, std::move(grant)});
    if (r.active) ++next->active_count;
  }
  std::shared_ptr<const Snapshot> published = std::move(next);
  {
    const std::lock_guard lock(snapshot_mutex_);
    snapshot_.swap(published);
    // Inside the lock: a thread that sees the new generation finds the new snapshot.
    generation_.fetch_add(1, std::memory_order_release);
  }
  return true;  // the old snapshot is released here, outside the lock
}

void Authenticator::start_refresher() {
  const std::lock_guard lock(refresher_mutex_);
  if (refresher_.joinable()) return;
  stopping_ = false;
  refresher_ = std::thread([this] {
    std::unique_lock wait_lock(refresher_mutex_);
    while (!refresher_wakeup_.wait_for(wait_lock, options_.refresh_interval,
                                       [this] { return stopping_; })) {
      wait_lock.unlock();
      refresh();
      wait_lock.lock();
    }
  });
}

void Authenticator::stop_refresher() {
  {
    const std::lock_guard lock(refresher_mutex_);
    stopping_ = true;
  }
  refresher_wakeup_.notify_all();
  if (refresher_.joinable()) refresher_.join();
}

AuthOutcome Authenticator::authenticate(std::optional<std::string_view> key,
                                        std::int64_t now_unix) const {
  if (!key) return {AuthStatus::missing, nullptr};
  const std::string_view value = trim_ows(*key);
  if (value.empty()) return {AuthStatus::missing, nullptr};
  if (value.size() > kMaxKeyChars) return {AuthStatus::invalid, nullptr};

  VerifiedKeys& cache = verified_keys();
  const std::uint64_t generation = generation_.load(std::memory_order_acquire);
  if (cache.authenticator != id_ || cache.generation != generation) cache.reset(id_, generation);
  if (const VerifiedKeys::Entry* hit = cache.find(value)) {
    return outcome_of(hit->active, hit->expires_at, hit->grant, now_unix);
  }

  const KeyDigest digest = digest_api_key(value);
  const auto snap = snapshot();
  const auto [first, last] = snap->by_prefix.equal_range(digest_prefix(digest));
  for (auto it = first; it != last; ++it) {
    const auto& entry = snap->entries[it->second];
    if (!constant_time_equal(entry.digest, digest)) continue;
    // Remembered only if no refresh happened since `generation` was read: the entry then
    // belongs to the snapshot that generation names.
    if (generation_.load(std::memory_order_acquire) == generation) {
      cache.remember({std::string(value), entry.active, entry.expires_at, entry.grant});
    }
    return outcome_of(entry.active, entry.expires_at, entry.grant, now_unix);
  }
  return {AuthStatus::invalid, nullptr};
}

AuthOutcome Authenticator::authenticate_feed(std::string_view token, std::int64_t now_unix) const {
  if (token.empty()) return {AuthStatus::missing, nullptr};
  if (token.size() > kMaxKeyChars) return {AuthStatus::invalid, nullptr};
  const KeyDigest digest = digest_api_key(token);
  const auto snap = snapshot();
  const auto [first, last] = snap->feeds_by_prefix.equal_range(digest_prefix(digest));
  for (auto it = first; it != last; ++it) {
    const auto& feed = snap->feeds[it->second];
    if (!constant_time_equal(feed.digest, digest)) continue;
    const auto& key = snap->entries[feed.key_entry];
    if (!feed.active || !key.active) return {AuthStatus::inactive, nullptr};
    if (key.expires_at && now_unix >= *key.expires_at) return {AuthStatus::expired, nullptr};
    return {AuthStatus::ok, key.grant, feed.binding};
  }
  return {AuthStatus::invalid, nullptr};
}

std::size_t Authenticator::active_key_count() const { return snapshot()->active_count; }

}  // namespace kalendar::api
