// The one SHA-256 of the project (OpenSSL libcrypto, never hand-written): API-key digests and
// cursor digests in the server, the data_version digest of the books in the engine.
//
// Example:
//   base::to_hex(base::sha256("abc")).substr(0, 8) == "ba7816bf";
//   base::Sha256 h;  h.update("a");  h.update("bc");  h.finish() == base::sha256("abc");
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

namespace kalendar::base {

// A SHA-256 digest. Example: Sha256Digest d = sha256("");
using Sha256Digest = std::array<unsigned char, 32>;

// SHA-256 of `data`. OpenSSL 3 looks EVP_sha256() up in a locked provider registry and
// EVP_Digest allocates a context per call; this fetches the algorithm once and reuses one
// context per thread, because the server hashes on its request path.
// Example: to_hex(sha256("abc")) starts "ba7816bf8f01cfea".
[[nodiscard]] Sha256Digest sha256(std::string_view data);

// An incremental SHA-256 over several pieces (files, then names and texts).
// Example: Sha256 h; h.update(name); h.update(bytes); Sha256Digest d = h.finish();
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(std::string_view data);
  // The digest of everything updated so far; the hasher is spent afterwards.
  [[nodiscard]] Sha256Digest finish();

 private:
  void* context_;  // EVP_MD_CTX, kept out of this header
  bool ok_;
};

// Lower-case hex of bytes. Example: to_hex(std::array<unsigned char, 2>{0xAB, 0x01}) == "ab01".
[[nodiscard]] std::string to_hex(std::span<const unsigned char> bytes);

}  // namespace kalendar::base
