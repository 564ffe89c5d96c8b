// SHA-256, hex, base64url, random bytes and key helpers (crypto.hpp, keys.hpp).
#include "crypto.hpp"

#include "keys.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace kalendar::api {
namespace {

TEST(Sha256, PublishedVectors) {
  // FIPS 180-2 examples.
  EXPECT_EQ(to_hex(sha256("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(to_hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(to_hex(sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256, IncrementalMatchesOneShot) {
  // The base library's incremental form (the engine's data_version digest uses it).
  base::Sha256 pieces;
  pieces.update("abcdbcdecdefdefgefgh");
  pieces.update("");
  pieces.update("fghighijhijkijkljklmklmnlmnomnopnopq");
  EXPECT_EQ(to_hex(pieces.finish()),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  base::Sha256 nothing;
  EXPECT_EQ(nothing.finish(), sha256(""));
}

TEST(Base64Url, Rfc4648VectorsWithoutPadding) {
  const struct {
    std::string_view bytes, text;
  } kCases[] = {
      {"", ""},           {"f", "Zg"},          {"fo", "Zm8"},          {"foo", "Zm9v"},
      {"foob", "Zm9vYg"}, {"fooba", "Zm9vYmE"}, {"foobar", "Zm9vYmFy"}, {"\xFB\xFF", "-_8"}};
  for (const auto& c : kCases) {
    SCOPED_TRACE(std::string(c.text));
    EXPECT_EQ(base64url_encode(c.bytes), c.text);
    EXPECT_EQ(base64url_decode(c.text), std::string(c.bytes));
  }
}

TEST(Base64Url, StrictDecoding) {
  for (std::string_view bad : {"Zg==", "Zm9v!", "Z", "Zh", "+/8", "Zm9 v"}) {
    SCOPED_TRACE(std::string(bad));
    EXPECT_EQ(base64url_decode(bad), std::nullopt);  // "Zh": stray bits set
  }
}

TEST(ConstantTimeEqual, ComparesContentAndLength) {
  const Sha256Digest a = sha256("a");
  const Sha256Digest b = sha256("b");
  EXPECT_TRUE(constant_time_equal(a, a));
  EXPECT_FALSE(constant_time_equal(a, b));
  EXPECT_FALSE(constant_time_equal(std::span(a).first(4), a));
}

TEST(ApiKeys, GeneratedKeysAreUniqueAndDigestsMatch) {
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    const auto key = generate_api_key();
    ASSERT_TRUE(key);
    EXPECT_EQ(key->secret.substr(0, 4), "kal_");
    EXPECT_EQ(key->secret.size(), 47U);
    EXPECT_EQ(digest_api_key(key->secret), key->digest);
    EXPECT_TRUE(seen.insert(key->secret).second);
  }
  EXPECT_EQ(key_fingerprint(sha256("abc")), "ba7816bf");
}

TEST(ApiKeys, ExpiryInstantsAndBookCodes) {
  EXPECT_EQ(expiry_instant(parse_iso_date("2025-12-31").value()), 1767225600);
  EXPECT_EQ(format_iso_date(last_valid_day(1767225600)), "2025-12-31");
  EXPECT_EQ(format_iso_date(last_valid_day(1767225601)), "2026-01-01");
  EXPECT_TRUE(is_book_code("loc_2015"));
  EXPECT_FALSE(is_book_code("Loc"));
  EXPECT_FALSE(is_book_code("1loc"));
  EXPECT_FALSE(is_book_code(""));
  EXPECT_FALSE(is_book_code("loc-2015"));
}

}  // namespace
}  // namespace kalendar::api
