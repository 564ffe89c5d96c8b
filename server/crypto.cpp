#include "crypto.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <cstdint>
#include <limits>

namespace kalendar::api {

namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int alphabet_index(char ch) {
  if (ch >= 'A' && ch <= 'Z') return ch - 'A';
  if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
  if (ch >= '0' && ch <= '9') return ch - '0' + 52;
  if (ch == '-') return 62;
  if (ch == '_') return 63;
  return -1;
}

}  // namespace

namespace {

// OpenSSL 3 resolves EVP_sha256() through the provider registry (a locked lookup) and
// EVP_Digest allocates a context per call. The request path hashes twice per request (the API
// key and the ETag), so the algorithm is fetched once and each thread reuses its own context.
const EVP_MD* sha256_algorithm() {
  static EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  return md;
}

struct ThreadDigestContext {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  ThreadDigestContext() = default;
  ThreadDigestContext(const ThreadDigestContext&) = delete;
  ThreadDigestContext& operator=(const ThreadDigestContext&) = delete;
  ~ThreadDigestContext() { EVP_MD_CTX_free(ctx); }
};

}  // namespace

Sha256Digest sha256(std::string_view data) {
  Sha256Digest out{};
  unsigned int length = 0;
  thread_local ThreadDigestContext context;
  const EVP_MD* md = sha256_algorithm();
  // These only fail on allocation failure inside OpenSSL; the zero digest that would then
  // remain can never match a stored key digest (those come from real keys).
  if (md == nullptr || context.ctx == nullptr ||
      EVP_DigestInit_ex2(context.ctx, md, nullptr) != 1 ||
      EVP_DigestUpdate(context.ctx, data.data(), data.size()) != 1 ||
      EVP_DigestFinal_ex(context.ctx, out.data(), &length) != 1) {
    return Sha256Digest{};
  }
  return out;
}

std::string to_hex(std::span<const unsigned char> bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char b : bytes) {
    out.push_back(kHex[b >> 4U]);
    out.push_back(kHex[b & 0x0FU]);
  }
  return out;
}

std::string base64url_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() * 4 + 2) / 3);
  std::size_t i = 0;
  const auto byte = [&](std::size_t k) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[k]));
  };
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t n = (byte(i) << 16U) | (byte(i + 1) << 8U) | byte(i + 2);
    out.push_back(kAlphabet[(n >> 18U) & 63U]);
    out.push_back(kAlphabet[(n >> 12U) & 63U]);
    out.push_back(kAlphabet[(n >> 6U) & 63U]);
    out.push_back(kAlphabet[n & 63U]);
  }
  const std::size_t rest = bytes.size() - i;
  if (rest == 1) {
    const std::uint32_t n = byte(i) << 16U;
    out.push_back(kAlphabet[(n >> 18U) & 63U]);
    out.push_back(kAlphabet[(n >> 12U) & 63U]);
  } else if (rest == 2) {
    const std::uint32_t n = (byte(i) << 16U) | (byte(i + 1) << 8U);
    out.push_back(kAlphabet[(n >> 18U) & 63U]);
    out.push_back(kAlphabet[(n >> 12U) & 63U]);
    out.push_back(kAlphabet[(n >> 6U) & 63U]);
  }
  return out;
}

std::optional<std::string> base64url_decode(std::string_view text) {
  if (text.size() % 4 == 1) return std::nullopt;  // impossible length
  std::string out;
  out.reserve(text.size() * 3 / 4);
  std::uint32_t acc = 0;
  unsigned bits = 0;
  for (char ch : text) {
    const int v = alphabet_index(ch);
    if (v < 0) return std::nullopt;
    acc = (acc << 6U) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>(static_cast<unsigned char>((acc >> bits) & 0xFFU)));
    }
  }
  // Leftover bits must be zero, so every byte string has exactly one encoding.
  if ((acc & ((1U << bits) - 1U)) != 0) return std::nullopt;
  return out;
}

std::optional<std::string> random_bytes(std::size_t count) {
  if (count > static_cast<std::size_t>(std::numeric_limits<int>::max())) return std::nullopt;
  std::string out(count, '\0');
  auto* data = reinterpret_cast<unsigned char*>(out.data());
  if (RAND_bytes(data, static_cast<int>(count)) != 1) return std::nullopt;
  return out;
}

bool constant_time_equal(std::span<const unsigned char> a, std::span<const unsigned char> b) {
  if (a.size() != b.size()) return false;
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace kalendar::api
