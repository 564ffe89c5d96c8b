// FNV-1a, 64 bits: a tiny, dependency-free hash for cache checksums and configuration digests.
// Not cryptographic; it only has to notice accidental change.
#pragma once

#include <cstdint>
#include <string_view>

namespace kalendar::bible_detail {

inline constexpr std::uint64_t kFnv1aStart = 14695981039346656037ULL;

// Continue a running FNV-1a hash over `bytes`.
// Example: fnv1a64("a") == 0xaf63dc4c8601ec8cULL.
[[nodiscard]] inline std::uint64_t fnv1a64(std::string_view bytes,
                                           std::uint64_t hash = kFnv1aStart) {
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return hash;
}

}  // namespace kalendar::bible_detail
