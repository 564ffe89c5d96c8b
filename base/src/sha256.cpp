#include "kalendar/base/sha256.hpp"

#include <openssl/evp.h>

namespace kalendar::base {

namespace {

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
  // These fail only when OpenSSL cannot allocate; the zero digest that then remains can never
  // match a stored key digest (those come from real keys).
  if (md == nullptr || context.ctx == nullptr ||
      EVP_DigestInit_ex2(context.ctx, md, nullptr) != 1 ||
      EVP_DigestUpdate(context.ctx, data.data(), data.size()) != 1 ||
      EVP_DigestFinal_ex(context.ctx, out.data(), &length) != 1) {
    return Sha256Digest{};
  }
  return out;
}

Sha256::Sha256() : context_(EVP_MD_CTX_new()), ok_(false) {
  const EVP_MD* md = sha256_algorithm();
  ok_ = context_ != nullptr && md != nullptr &&
        EVP_DigestInit_ex2(static_cast<EVP_MD_CTX*>(context_), md, nullptr) == 1;
}

Sha256::~Sha256() { EVP_MD_CTX_free(static_cast<EVP_MD_CTX*>(context_)); }

void Sha256::update(std::string_view data) {
  if (ok_)
    ok_ = EVP_DigestUpdate(static_cast<EVP_MD_CTX*>(context_), data.data(), data.size()) == 1;
}

Sha256Digest Sha256::finish() {
  Sha256Digest out{};
  unsigned int length = 0;
  if (!ok_ || EVP_DigestFinal_ex(static_cast<EVP_MD_CTX*>(context_), out.data(), &length) != 1) {
    out = Sha256Digest{};
  }
  ok_ = false;
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

}  // namespace kalendar::base
