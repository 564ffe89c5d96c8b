#include "bible_cache.hpp"

#include "fnv1a.hpp"
#include "text_cleanup.hpp"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace kalendar::bible_detail {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kMagic = "KALBIBLE";
constexpr std::uint64_t kMaxFileBytes = 1ULL << 30;  // a sanity bound, far above any Bible

Error invalid(const std::string& path, const std::string& why) {
  return Error{"bible_cache_invalid", "cache '" + path + "' " + why};
}

// Appends little-endian integers and length-prefixed strings.
class ByteWriter {
 public:
  void u32(std::uint32_t value) { put(value, 4); }
  void u64(std::uint64_t value) { put(value, 8); }
  void i64(std::int64_t value) { put(static_cast<std::uint64_t>(value), 8); }
  void str(std::string_view text) {
    u32(static_cast<std::uint32_t>(text.size()));
    bytes_.append(text);
  }
  void raw(std::string_view bytes) { bytes_.append(bytes); }
  [[nodiscard]] std::string& bytes() { return bytes_; }

 private:
  void put(std::uint64_t value, int width) {
    for (int i = 0; i < width; ++i)
      bytes_ += static_cast<char>((value >> (8U * static_cast<unsigned>(i))) & 0xFFU);
  }
  std::string bytes_;
};

// Reads what ByteWriter wrote; every read is bounds-checked and turns `ok()` false on overrun.
class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}
  std::uint32_t u32() { return static_cast<std::uint32_t>(get(4)); }
  std::uint64_t u64() { return get(8); }
  std::int64_t i64() { return static_cast<std::int64_t>(get(8)); }
  std::string str() { return std::string(raw(u32())); }
  std::string_view raw(std::uint64_t count) {
    if (!ok_ || count > bytes_.size() - pos_) {
      ok_ = false;
      return {};
    }
    const std::string_view out = bytes_.substr(pos_, static_cast<std::size_t>(count));
    pos_ += static_cast<std::size_t>(count);
    return out;
  }
  // A count of items of at least `item_bytes` each that could still fit in what is left.
  std::uint32_t count(std::uint64_t item_bytes) {
    const std::uint32_t n = u32();
    if (ok_ && static_cast<std::uint64_t>(n) * item_bytes > bytes_.size() - pos_) ok_ = false;
    return ok_ ? n : 0;
  }
  [[nodiscard]] bool ok() const { return ok_; }
  [[nodiscard]] std::size_t position() const { return pos_; }

 private:
  std::uint64_t get(int width) {
    const std::string_view bytes = raw(static_cast<std::uint64_t>(width));
    std::uint64_t value = 0;
    for (std::size_t i = bytes.size(); i-- > 0;) {
      value = (value << 8U) | static_cast<unsigned char>(bytes[i]);
    }
    return value;
  }
  std::string_view bytes_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

void write_key(ByteWriter& out, const CacheKey& key) {
  out.str(key.module_name);
  out.str(key.module_version);
  out.u64(key.config_digest);
  out.u32(static_cast<std::uint32_t>(key.files.size()));
  for (const FileStamp& file : key.files) {
    out.str(file.name);
    out.u64(file.size);
    out.i64(file.mtime_ns);
  }
}

CacheKey read_key(ByteReader& in) {
  CacheKey key;
  key.module_name = in.str();
  key.module_version = in.str();
  key.config_digest = in.u64();
  const std::uint32_t files = in.count(20);
  for (std::uint32_t i = 0; i < files && in.ok(); ++i) {
    FileStamp stamp;
    stamp.name = in.str();
    stamp.size = in.u64();
    stamp.mtime_ns = in.i64();
    key.files.push_back(std::move(stamp));
  }
  return key;
}

void write_layout(ByteWriter& out, const Versification& versification) {
  out.str(versification.name());
  out.u32(static_cast<std::uint32_t>(versification.books().size()));
  for (const BookLayout& book : versification.books()) {
    out.str(book_info(book.book).osis);
    out.u32(static_cast<std::uint32_t>(book.verses_per_chapter.size()));
    for (const int verses : book.verses_per_chapter) out.u32(static_cast<std::uint32_t>(verses));
  }
}

std::optional<Versification> read_layout(ByteReader& in) {
  std::string name = in.str();
  const std::uint32_t count = in.count(8);
  std::vector<BookLayout> books;
  std::vector<bool> seen(static_cast<std::size_t>(bible_book_count()), false);
  for (std::uint32_t i = 0; i < count && in.ok(); ++i) {
    const std::optional<BookIndex> book = find_book_by_osis(in.str());
    const std::uint32_t chapters = in.count(4);
    if (!book || seen[static_cast<std::size_t>(*book)] || chapters > 1000) return std::nullopt;
    seen[static_cast<std::size_t>(*book)] = true;
    BookLayout layout{*book, {}};
    for (std::uint32_t c = 0; c < chapters; ++c) {
      const std::uint32_t verses = in.u32();
      if (verses > 1000) return std::nullopt;
      layout.verses_per_chapter.push_back(static_cast<int>(verses));
    }
    books.push_back(std::move(layout));
  }
  if (!in.ok()) return std::nullopt;
  return Versification(std::move(name), std::move(books));
}

}  // namespace

Result<std::vector<FileStamp>> stamp_data_files(const std::string& folder) {
  std::error_code error;
  std::vector<FileStamp> stamps;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    std::error_code file_error;
    if (!it->is_regular_file(file_error) || file_error) continue;
    FileStamp stamp;
    stamp.name = it->path().filename().string();
    stamp.size = static_cast<std::uint64_t>(it->file_size(file_error));
    const auto modified = it->last_write_time(file_error);
    if (file_error) {
      return Error{"bible_load_failed",
                   "cannot stat '" + it->path().string() + "': " + file_error.message()};
    }
    stamp.mtime_ns =
        std::chrono::duration_cast<std::chrono::nanoseconds>(modified.time_since_epoch()).count();
    stamps.push_back(std::move(stamp));
  }
  if (error) {
    return Error{"bible_load_failed",
                 "cannot list module data in '" + folder + "': " + error.message()};
  }
  std::sort(stamps.begin(), stamps.end(),
            [](const FileStamp& a, const FileStamp& b) { return a.name < b.name; });
  return stamps;
}

Result<CacheKey> cache_key_of(const ModuleDescriptor& module) {
  auto files = stamp_data_files(module.data_path);
  if (!files) return files.error();
  return CacheKey{module.module_name, module.version, module.config_digest,
                  std::move(files).value()};
}

std::string cache_path(const std::string& cache_dir, std::string_view module_name) {
  std::string file;
  for (const char c : module_name) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '_' || c == '-';
    file += plain ? c : '_';
  }
  return (fs::path(cache_dir) / (file + ".kbible")).string();
}

std::optional<Error> write_cache(const std::string& path, const CachedModule& cached) {
  ByteWriter out;
  out.raw(kMagic);
  out.u32(kCacheFormatVersion);
  out.u32(static_cast<std::uint32_t>(kCleanupRevision));
  write_key(out, cached.key);
  const ModuleDescriptor& m = cached.module;
  for (const std::string* text :
       {&m.name, &m.abbreviation, &m.about, &m.language, &m.publisher, &m.licence}) {
    out.str(*text);
  }
  out.u32(cached.text.verse_count);
  out.u32(cached.text.empty_verse_count);
  write_layout(out, cached.text.versification);
  const VerseTexts& texts = cached.text.texts;
  out.u32(texts.size());
  for (const std::uint32_t end : texts.ends()) out.u32(end);
  out.u64(texts.buffer().size());
  out.raw(texts.buffer());
  out.u64(fnv1a64(out.bytes()));

  std::error_code error;
  const fs::path target(path);
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), error);
  if (error)
    return Error{"bible_cache_write_failed",
                 "cannot create '" + target.parent_path().string() + "': " + error.message()};
  // Write beside the target, then rename: a reader never sees half a file.
  const fs::path temporary = target.string() + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file.write(out.bytes().data(), static_cast<std::streamsize>(out.bytes().size()));
    file.close();
    if (!file) {
      fs::remove(temporary, error);
      return Error{"bible_cache_write_failed", "cannot write '" + temporary.string() + "'"};
    }
  }
  fs::rename(temporary, target, error);
  if (error) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    return Error{"bible_cache_write_failed", "cannot rename to '" + path + "': " + error.message()};
  }
  return std::nullopt;
}

Result<CachedModule> read_cache(const std::string& path) {
  std::error_code error;
  const std::uintmax_t size = fs::file_size(path, error);
  if (error) return invalid(path, "cannot be read: " + error.message());
  if (size > kMaxFileBytes || size < kMagic.size() + 16)
    return invalid(path, "has an impossible size");
  std::string bytes(static_cast<std::size_t>(size), '\0');
  {
    std::ifstream file(path, std::ios::binary);
    file.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file || file.gcount() != static_cast<std::streamsize>(bytes.size())) {
      return invalid(path, "cannot be read");
    }
  }
  const std::string_view body = std::string_view(bytes).substr(0, bytes.size() - 8);
  ByteReader trailer(std::string_view(bytes).substr(body.size()));
  if (trailer.u64() != fnv1a64(body)) return invalid(path, "fails its checksum");

  ByteReader in(body);
  if (in.raw(kMagic.size()) != kMagic) return invalid(path, "is not a Kalendar Bible cache");
  if (in.u32() != kCacheFormatVersion) return invalid(path, "has another format version");
  if (in.u32() != static_cast<std::uint32_t>(kCleanupRevision)) {
    return invalid(path, "was cleaned by another revision of the clean-up");
  }
  CachedModule cached;
  cached.key = read_key(in);
  ModuleDescriptor& m = cached.module;
  m.module_name = cached.key.module_name;
  m.version = cached.key.module_version;
  m.config_digest = cached.key.config_digest;
  for (std::string* text :
       {&m.name, &m.abbreviation, &m.about, &m.language, &m.publisher, &m.licence}) {
    *text = in.str();
  }
  cached.text.verse_count = in.u32();
  cached.text.empty_verse_count = in.u32();
  std::optional<Versification> layout = read_layout(in);
  if (!layout) return invalid(path, "has a malformed versification");
  m.versification_name = layout->name();
  const std::uint32_t verses = in.count(4);
  std::vector<std::uint32_t> ends(verses);
  for (std::uint32_t& end : ends) end = in.u32();
  const std::uint64_t text_bytes = in.u64();
  std::string buffer(in.raw(text_bytes));
  if (!in.ok() || in.position() != body.size()) return invalid(path, "is truncated or too long");
  if (verses != layout->verse_total()) return invalid(path, "does not match its versification");
  std::optional<VerseTexts> texts = VerseTexts::from_parts(std::move(buffer), std::move(ends));
  if (!texts) return invalid(path, "has corrupt verse offsets");
  cached.text.versification = std::move(*layout);
  cached.text.texts = std::move(*texts);
  return cached;
}

}  // namespace kalendar::bible_detail
