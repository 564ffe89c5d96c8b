// Small cryptographic and encoding helpers over OpenSSL libcrypto (EVP, RAND, CRYPTO_memcmp):
// SHA-256 for ETags, cursors and API-key digests; base64url for keys and cursors.
//
// Example:
//   to_hex(sha256("abc")).substr(0, 8) == "ba7816bf";
//   base64url_encode("\xFB\xFF") == "-_8";   base64url_decode("-_8") == "\xFB\xFF";
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace kalendar::api {

// A SHA-256 digest. Example: Sha256Digest d = sha256("");
using Sha256Digest = std::array<unsigned char, 32>;

// SHA-256 of `data` (EVP_Digest). Example: to_hex(sha256("abc")) starts "ba7816bf8f01cfea".
[[nodiscard]] Sha256Digest sha256(std::string_view data);

// Lower-case hex of bytes. Example: to_hex(std::array<unsigned char, 2>{0xAB, 0x01}) == "ab01".
[[nodiscard]] std::string to_hex(std::span<const unsigned char> bytes);

// base64url (RFC 4648 §5) without padding. Example: base64url_encode("hi") == "aGk".
[[nodiscard]] std::string base64url_encode(std::string_view bytes);
// Strict decode: only the url alphabet, no padding, no stray bits; nullopt otherwise.
// Example: base64url_decode("aGk") == "hi"; base64url_decode("aGk=") == nullopt.
[[nodiscard]] std::optional<std::string> base64url_decode(std::string_view text);

// `count` bytes from OpenSSL's CSPRNG (RAND_bytes), or nullopt when it fails.
// Example: random_bytes(32)->size() == 32.
[[nodiscard]] std::optional<std::string> random_bytes(std::size_t count);

// Constant-time equality of two equally long byte ranges (CRYPTO_memcmp); false when the
// lengths differ. Example: constant_time_equal(a, a) == true.
[[nodiscard]] bool constant_time_equal(std::span<const unsigned char> a,
                                       std::span<const unsigned char> b);

}  // namespace kalendar::api
