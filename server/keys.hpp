// API keys as data: the record the key store keeps, key generation and digests.
//
// A key is `kal_` + base64url of 32 random bytes (47 characters). It is shown once when issued;
// only its SHA-256 digest is stored (api-decisions.md, Authentication). A short fingerprint
// (the first 8 hex digits of the digest) identifies a key in listings and logs without
// revealing anything usable.
//
// Example:
//   auto issued = generate_api_key();          // issued->secret == "kal_Xk3...", 47 chars
//   digest_api_key(issued->secret) == issued->digest;
//   key_fingerprint(issued->digest).size() == 8;
#pragma once

#include "crypto.hpp"

#include "kalendar/civil.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kalendar::api {

// The stored form of a key: SHA-256 of the whole key text. Example: digest_api_key("kal_x").
using KeyDigest = Sha256Digest;

// Every issued key starts with this prefix (easy to spot in a leaked file or a secret scanner).
// Example: "kal_Wb0aWgoSRkdLEnx9_C5IM2cJfN09AzxjWY8iW0MLA3k".
inline constexpr std::string_view kKeyPrefix = "kal_";

// Every feed token starts with this prefix. A token is `kfeed_` + base64url of 32 random bytes;
// like a key it is shown once and stored only as its SHA-256 digest.
// Example: "kfeed_3q2-7wAAc5Hf0cQm1rWmYh9x4o5Yk0Cw8G3B2a8yZxU".
inline constexpr std::string_view kFeedTokenPrefix = "kfeed_";

// A calendar feed (GET /api/v2/feeds/{token}.ics): a revocable token bound to one key, one
// book and one language, for calendar apps, which cannot send an X-API-Key header. It works
// only while both it and its key are active (and the key unexpired).
// Example: {id 2, key_id 3, digest, "loc_2015", "pt-BR", active, created_at}.
struct FeedRecord {
  std::int64_t id = 0;
  std::int64_t key_id = 0;
  KeyDigest digest{};
  std::string book{};
  std::string lang{};  // "" : the book's own language
  bool active = true;
  std::int64_t created_at = 0;  // Unix seconds
  // Calendar options of the book bound to the feed, in order given; the URL's query overrides
  // them. Example: {{"epiphany", "sunday"}}.
  std::vector<std::pair<std::string, std::string>> options{};
};

// One row of the key table. Example: {id 3, "ops-dashboard", digest, books {"loc_2015"}, ...}.
struct KeyRecord {
  std::int64_t id = 0;
  std::string name{};
  KeyDigest digest{};
  std::optional<std::vector<std::string>> books{};  // nullopt: every book
  bool active = true;
  std::optional<std::int64_t> expires_at{};  // Unix seconds; the key fails from this instant on
  std::optional<int> rate_per_minute{};      // nullopt: the server's default rate
  std::int64_t created_at = 0;               // Unix seconds
  std::vector<FeedRecord> feeds{};           // the key's feed tokens (table feed_tokens)
};

// A freshly generated key: the secret (to print once) and its digest (to store).
// Example: {"kal_Wb0a...", sha256("kal_Wb0a...")}.
struct IssuedKey {
  std::string secret{};
  KeyDigest digest{};
};

// A new random key, or nullopt when the CSPRNG fails. Example: generate_api_key()->secret.
[[nodiscard]] std::optional<IssuedKey> generate_api_key();

// A new random feed token (kFeedTokenPrefix), or nullopt when the CSPRNG fails.
// Example: generate_feed_token()->secret.rfind("kfeed_", 0) == 0.
[[nodiscard]] std::optional<IssuedKey> generate_feed_token();

// The stored form of a key. Example: digest_api_key("kal_abc") == sha256("kal_abc").
[[nodiscard]] KeyDigest digest_api_key(std::string_view key);

// First 8 hex digits of the digest. Example: key_fingerprint(d) == "3fa9c1d2".
[[nodiscard]] std::string key_fingerprint(const KeyDigest& digest);

// A prayer-book code as keys may list it: [a-z][a-z0-9_]*, at most 64 characters.
// Example: is_book_code("loc_2015") == true; is_book_code("LOC") == false.
[[nodiscard]] bool is_book_code(std::string_view code);

// The instant a key with expiry date `last_day` stops working: 00:00 UTC of the next day, so
// the key works through the whole of `last_day` (UTC). Example: 2025-12-31 -> 1767225600.
[[nodiscard]] std::int64_t expiry_instant(CivilDate last_day);

// The last day of validity for an expiry instant (inverse of expiry_instant, for listings).
// Example: last_valid_day(1767225600) == 2025-12-31.
[[nodiscard]] CivilDate last_valid_day(std::int64_t expires_at);

// The current time as Unix seconds (key creation, and the clock of expiry checks).
// Example: unix_now() > 1700000000.
[[nodiscard]] std::int64_t unix_now();

}  // namespace kalendar::api
