// The binary cache: a faithful round trip, and refusal of anything damaged or foreign.
#include "bible_cache.hpp"
#include "fnv1a.hpp"
#include "scratch_dir.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <ios>
#include <iterator>
#include <string>

namespace kalendar::bible_detail {
namespace {

namespace fs = std::filesystem;
using kalendar::testing::ScratchDir;

CachedModule sample_module() {
  const BookIndex jude = *find_book_by_osis("Jude");
  const BookIndex obad = *find_book_by_osis("Obad");
  CachedModule cached;
  cached.key = CacheKey{"TinyMod",
                        "1.2",
                        0x1234567890abcdefULL,
                        {{"nt", 449, 1700000000123456789LL}, {"nt.vss", 49476, -5}}};
  ModuleDescriptor& m = cached.module;
  m.module_name = "TinyMod";
  m.version = "1.2";
  m.config_digest = cached.key.config_digest;
  m.name = "Tiny module";
  m.abbreviation = "TM";
  m.about = "About “it”.";
  m.language = "pt-BR";
  m.publisher = "";
  m.licence = "Public Domain";
  m.versification_name = "Tiny";
  cached.text.versification = Versification("Tiny", {BookLayout{obad, {3}}, BookLayout{jude, {2}}});
  cached.text.texts.append("Obadiah one");
  cached.text.texts.append("");
  cached.text.texts.append("Obadiah três");
  cached.text.texts.append("Jude one");
  cached.text.texts.append("");
  cached.text.verse_count = 3;
  cached.text.empty_verse_count = 2;
  return cached;
}

std::string read_bytes(const fs::path& path) {
  std::string bytes(static_cast<std::size_t>(fs::file_size(path)), '\0');
  std::ifstream file(path, std::ios::binary);
  file.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return bytes;
}

void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << bytes;
}

// Replace the trailing checksum so that a deliberate edit passes the checksum and reaches the
// check it is meant to trip.
std::string with_fresh_checksum(std::string bytes) {
  bytes.resize(bytes.size() - 8);
  std::uint64_t sum = fnv1a64(bytes);
  for (int i = 0; i < 8; ++i) {
    bytes += static_cast<char>(sum & 0xFFU);
    sum >>= 8U;
  }
  return bytes;
}

TEST(BibleCache, RoundTripsEverything) {
  ScratchDir dir;
  const std::string path = cache_path((dir.path() / "nested" / "cache").string(), "TinyMod");
  const CachedModule written = sample_module();
  ASSERT_FALSE(write_cache(path, written).has_value());

  const Result<CachedModule> read = read_cache(path);
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_EQ(read->key, written.key);
  EXPECT_EQ(read->module.module_name, "TinyMod");
  EXPECT_EQ(read->module.name, "Tiny module");
  EXPECT_EQ(read->module.abbreviation, "TM");
  EXPECT_EQ(read->module.about, "About “it”.");
  EXPECT_EQ(read->module.language, "pt-BR");
  EXPECT_EQ(read->module.licence, "Public Domain");
  EXPECT_EQ(read->module.version, "1.2");
  EXPECT_EQ(read->module.versification_name, "Tiny");
  EXPECT_EQ(read->text.versification, written.text.versification);
  EXPECT_EQ(read->text.verse_count, 3U);
  EXPECT_EQ(read->text.empty_verse_count, 2U);
  EXPECT_EQ(read->text.texts.buffer(), written.text.texts.buffer());
  EXPECT_EQ(read->text.texts.ends(), written.text.texts.ends());
  EXPECT_EQ(read->text.texts.at(2), "Obadiah três");

  // Writing again over an existing cache replaces it and leaves no temporary file behind.
  ASSERT_FALSE(write_cache(path, written).has_value());
  EXPECT_EQ(
      std::distance(fs::directory_iterator(fs::path(path).parent_path()), fs::directory_iterator()),
      1);
}

TEST(BibleCache, NamesFilesAfterTheModule) {
  EXPECT_EQ(cache_path("/var/cache/kalendar/bible", "engKJV2006eb"),
            "/var/cache/kalendar/bible/engKJV2006eb.kbible");
  EXPECT_EQ(cache_path("/c", "../odd name"), "/c/___odd_name.kbible");
}

struct Damage {
  const char* what;
  std::string (*apply)(std::string);
  const char* message;
};

const Damage kDamage[] = {
    {"flipped byte",
     [](std::string b) {
       b[b.size() / 2] = static_cast<char>(b[b.size() / 2] ^ 0x01);
       return b;
     },
     "fails its checksum"},
    {"truncated",
     [](std::string b) {
       b.resize(b.size() - 100);
       return b;
     },
     "fails its checksum"},
    {"foreign magic",
     [](std::string b) {
       b[0] = 'X';
       return with_fresh_checksum(b);
     },
     "is not a Kalendar Bible cache"},
    {"older format",
     [](std::string b) {
       b[8] = 0;
       return with_fresh_checksum(b);
     },
     "has another format version"},
    {"other clean-up revision",
     [](std::string b) {
       b[12] = 99;
       return with_fresh_checksum(b);
     },
     "another revision of the clean-up"},
    {"trailing garbage",
     [](std::string b) {
       b.insert(b.size() - 8, "xx");
       return with_fresh_checksum(b);
     },
     "truncated or too long"},
    {"tiny file", [](std::string) { return std::string("KALBIBLE"); }, "impossible size"},
};

TEST(BibleCache, RefusesDamagedFiles) {
  ScratchDir dir;
  const std::string path = cache_path(dir.path().string(), "TinyMod");
  ASSERT_FALSE(write_cache(path, sample_module()).has_value());
  const std::string good = read_bytes(path);
  for (const Damage& damage : kDamage) {
    SCOPED_TRACE(damage.what);
    write_bytes(path, damage.apply(good));
    const Result<CachedModule> read = read_cache(path);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().code, "bible_cache_invalid");
    EXPECT_NE(read.error().message.find(damage.message), std::string::npos) << read.error().message;
  }
}

TEST(BibleCache, MissingFileIsAnErrorValue) {
  ScratchDir dir;
  const Result<CachedModule> read = read_cache((dir.path() / "absent.kbible").string());
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().message.find("cannot be read"), std::string::npos);
}

TEST(BibleCache, UnwritableLocationIsAnErrorValue) {
  ScratchDir dir;
  write_bytes(dir.path() / "a-file", "x");
  // The "directory" is a regular file, so neither mkdir nor the write can succeed.
  const auto error = write_cache((dir.path() / "a-file" / "x.kbible").string(), sample_module());
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->code, "bible_cache_write_failed");
}

TEST(BibleCache, StampsDataFilesInNameOrder) {
  ScratchDir dir;
  write_bytes(dir.path() / "ot", "12345");
  write_bytes(dir.path() / "nt", "12");
  fs::create_directories(dir.path() / "subfolder");
  const auto stamps = stamp_data_files(dir.path().string());
  ASSERT_TRUE(stamps.ok());
  ASSERT_EQ(stamps->size(), 2U);
  EXPECT_EQ((*stamps)[0].name, "nt");
  EXPECT_EQ((*stamps)[0].size, 2U);
  EXPECT_EQ((*stamps)[1].name, "ot");
  EXPECT_EQ((*stamps)[1].size, 5U);
  EXPECT_NE((*stamps)[1].mtime_ns, 0);
  EXPECT_FALSE(stamp_data_files((dir.path() / "absent").string()).ok());
}

TEST(BibleCache, VerseTextsRejectInconsistentOffsets) {
  EXPECT_TRUE(VerseTexts::from_parts("ab", {1, 2}).has_value());
  EXPECT_EQ(VerseTexts::from_parts("ab", {1, 2})->at(1), "b");
  EXPECT_FALSE(VerseTexts::from_parts("ab", {2, 1}).has_value());
  EXPECT_FALSE(VerseTexts::from_parts("ab", {1, 3}).has_value());
}

}  // namespace
}  // namespace kalendar::bible_detail
