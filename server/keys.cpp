#include "keys.hpp"

#include <algorithm>
#include <chrono>

namespace kalendar::api {

namespace {
constexpr std::size_t kSecretBytes = 32;  // 256 bits: guessing is hopeless
constexpr std::int64_t kSecondsPerDay = 86'400;
}  // namespace

std::optional<IssuedKey> generate_api_key() {
  const auto bytes = random_bytes(kSecretBytes);
  if (!bytes) return std::nullopt;
  IssuedKey key;
  key.secret = std::string(kKeyPrefix) + base64url_encode(*bytes);
  key.digest = digest_api_key(key.secret);
  return key;
}

std::optional<IssuedKey> generate_feed_token() {
  const auto bytes = random_bytes(kSecretBytes);
  if (!bytes) return std::nullopt;
  IssuedKey token;
  token.secret = std::string(kFeedTokenPrefix) + base64url_encode(*bytes);
  token.digest = digest_api_key(token.secret);
  return token;
}

KeyDigest digest_api_key(std::string_view key) { return sha256(key); }

std::string key_fingerprint(const KeyDigest& digest) {
  return to_hex(std::span<const unsigned char>(digest.data(), 4));
}

bool is_book_code(std::string_view code) {
  if (code.empty() || code.size() > 64 || code[0] < 'a' || code[0] > 'z') return false;
  return std::all_of(code.begin(), code.end(), [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
  });
}

std::int64_t expiry_instant(CivilDate last_day) {
  const auto next = to_days(last_day) + date::days{1};
  return static_cast<std::int64_t>(next.time_since_epoch().count()) * kSecondsPerDay;
}

CivilDate last_valid_day(std::int64_t expires_at) {
  // The day holding the last valid second; floor division, so it also works before 1970.
  const std::int64_t last_second = expires_at - 1;
  std::int64_t day = last_second / kSecondsPerDay;
  if (last_second % kSecondsPerDay < 0) --day;
  return to_civil(Days{date::days{static_cast<date::days::rep>(day)}});
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace kalendar::api
