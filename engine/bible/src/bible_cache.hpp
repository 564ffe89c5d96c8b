// The binary cache of one imported module: everything `load_bibles` needs to rebuild a version
// without SWORD, written once by an import and read at every start (well under a second for
// KJV + WEB, against about 6 s through SWORD).
//
// Format (version 1), all integers little-endian, strings as u32 length + UTF-8 bytes:
//   magic "KALBIBLE", u32 format version, u32 clean-up revision
//   key:      str module, str module Version=, u64 config digest, u32 n, n x (str file name,
//             u64 size, i64 mtime in ns)
//   metadata: str name, abbreviation, about, language, publisher, licence;
//             u32 verse count, u32 empty verse count
//   layout:   str versification, u32 books, per book (str OSIS id, u32 chapters, u32 verses...)
//   text:     u32 verses, u32 end offset per verse, u64 text bytes, the text
//   u64 FNV-1a of every byte before it
// A cache is used only when its whole key matches the installed module; anything else (older
// format, other clean-up revision, changed file, edited .conf, bad checksum) means re-import.
#pragma once

#include "sword_import.hpp"

#include "kalendar/bible.hpp"
#include "kalendar/result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kalendar::bible_detail {

inline constexpr std::uint32_t kCacheFormatVersion = 1;

// Size and modification time of one module data file.
struct FileStamp {
  std::string name;  // file name inside the module's data folder: "ot.bzz"
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;

  friend bool operator==(const FileStamp&, const FileStamp&) = default;
};

// What must be unchanged for a cache to stand for the installed module.
struct CacheKey {
  std::string module_name;
  std::string module_version;
  std::uint64_t config_digest = 0;
  std::vector<FileStamp> files;  // sorted by name

  friend bool operator==(const CacheKey&, const CacheKey&) = default;
};

// Everything a cache file holds.
struct CachedModule {
  CacheKey key;
  ModuleDescriptor module;  // data_path is not stored and reads back empty
  ImportedText text;
};

// Stamps of the regular files in a module's data folder, sorted by name.
// Example: stamp_data_files("/usr/share/sword/modules/texts/ztext/engKJV2006eb/")->size() == 6.
[[nodiscard]] Result<std::vector<FileStamp>> stamp_data_files(const std::string& folder);

// The cache key of an installed module (stamps its data files).
// Example: cache_key_of(descriptor)->module_version == "14.3".
[[nodiscard]] Result<CacheKey> cache_key_of(const ModuleDescriptor& module);

// The cache file of a module inside `cache_dir`; characters outside [A-Za-z0-9_-] become '_'.
// Example: cache_path("/var/cache/kalendar/bible", "engKJV2006eb") ends "/engKJV2006eb.kbible".
[[nodiscard]] std::string cache_path(const std::string& cache_dir, std::string_view module_name);

// Write atomically (a temporary file renamed into place); creates `cache_dir` if needed.
// Example: write_cache("/tmp/c/x.kbible", cached) == std::nullopt on success.
[[nodiscard]] std::optional<Error> write_cache(const std::string& path, const CachedModule& cached);

// Read and verify a whole cache file; "bible_cache_invalid" for anything malformed.
// Example: read_cache("/tmp/c/x.kbible")->key == cached.key.
[[nodiscard]] Result<CachedModule> read_cache(const std::string& path);

}  // namespace kalendar::bible_detail
