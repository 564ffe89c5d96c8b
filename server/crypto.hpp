// Small cryptographic and encoding helpers over OpenSSL libcrypto (RAND, CRYPTO_memcmp):
// SHA-256 (the base library's, kalendar/base/sha256.hpp) for cursors and API-key digests;
// base64url for keys and cursors.
//
// Example:
//   to_hex(sha256("abc")).substr(0, 8) == "ba7816bf";
//   base64url_encode("\xFB\xFF") == "-_8";   base64url_decode("-_8") == "\xFB\xFF";
#pragma once

#include "kalendar/base/sha256.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace kalendar::api {

// SHA-256 and hex, from the base library. Example: to_hex(sha256("abc")) starts "ba7816bf".
using base::sha256;
using base::Sha256Digest;
using base::to_hex;

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
