// The JSON writer's strings (json/writer.cpp), byte for byte. Bodies were written by RapidJSON's
// Writer before issue 13; the writer now escapes 8 bytes a step with a word test and a padded
// tail, so these tests compare it with RapidJSON on every byte value at every position of
// strings shorter and longer than a step, and pin a few answers written out by hand.
#include "json/writer.hpp"

#include <gtest/gtest.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>
#include <string_view>

namespace kalendar::api {
namespace {

using namespace std::string_literals;

// The bytes RapidJSON's Writer gives for `text` as a JSON string (the former writer).
std::string rapidjson_string(std::string_view text) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  writer.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
  return {buffer.GetString(), buffer.GetSize()};
}

std::string our_string(std::string_view text) {
  JsonWriter w;
  w.string(text);
  return w.take();
}

TEST(JsonEscape, HandWrittenAnswers) {
  const struct {
    std::string text;
    std::string json;
  } kCases[] = {
      {"", R"("")"},
      {"Advent", R"("Advent")"},
      {"S\xC3\xA3o Jos\xC3\xA9", "\"S\xC3\xA3o Jos\xC3\xA9\""},  // UTF-8 passes through
      {"a\"b\\c/d", R"("a\"b\\c/d")"},                           // `/` is not escaped
      {"\b\t\n\f\r", R"("\b\t\n\f\r")"},
      {"\x01\x1F\x7F"s, "\"\\u0001\\u001F\x7F\""},        // upper-case hex; DEL passes through
      {"12345678\"", R"("12345678\"")"},                  // the escape in the tail after a step
      {"1234567\"9abcdefgh", R"("1234567\"9abcdefgh")"},  // the escape ends the first step
      {"\0"s, R"("\u0000")"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.json);
    EXPECT_EQ(our_string(c.text), c.json);
  }
}

// Every byte value at every position of strings of 1 to 19 bytes (two steps and a tail),
// among plain ASCII and among UTF-8 bytes (high bit set, which the word test must not
// mistake for a control character).
TEST(JsonEscape, EveryByteAtEveryPositionAsRapidJson) {
  for (const char filler : {'x', '\xC3'}) {
    for (std::size_t length = 1; length < 20; ++length) {
      for (std::size_t at = 0; at < length; ++at) {
        for (int byte = 0; byte < 256; ++byte) {
          std::string text(length, filler);
          text[at] = static_cast<char>(byte);
          const std::string ours = our_string(text);
          if (ours != rapidjson_string(text)) {
            ADD_FAILURE() << "length " << length << ", byte " << byte << " at " << at << ", filler "
                          << static_cast<int>(static_cast<unsigned char>(filler)) << ": " << ours;
            return;
          }
        }
      }
    }
  }
}

TEST(JsonEscape, NamesFromDataAreEscapedLiteralsAreCopied) {
  JsonWriter w;
  w.start_object();
  w.key("plain");
  w.integer(1);
  w.key_text("a\"b");
  w.null();
  w.end_object();
  EXPECT_EQ(w.take(), R"({"plain":1,"a\"b":null})");
}

// A writer opened while another is writing (the thread's buffer is lent to the first), and a
// document far larger than the buffer's first size: both exact.
TEST(JsonEscape, NestedWritersAndLargeDocuments) {
  JsonWriter outer;
  outer.start_array();
  std::string expected = "[";
  for (int i = 0; i < 20000; ++i) {
    JsonWriter inner;
    inner.string("item \"" + std::to_string(i) + "\"");
    const std::string fragment = inner.take();
    outer.raw(fragment);
    expected += (i == 0 ? "" : ",") + fragment;
  }
  outer.end_array();
  expected += "]";
  const std::string document = outer.take();
  EXPECT_EQ(document, expected);
  EXPECT_GT(document.size(), 200000U);
  EXPECT_EQ(document.substr(0, 13), R"(["item \"0\"")");
}

}  // namespace
}  // namespace kalendar::api
