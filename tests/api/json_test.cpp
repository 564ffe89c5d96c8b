// The JSON writer, the fields filter and the envelopes (json/writer.hpp, json/envelope.hpp).
#include "fields.hpp"
#include "json/envelope.hpp"
#include "json/writer.hpp"
#include "json_probe.hpp"

#include <gtest/gtest.h>

#include <string>

namespace kalendar::api {
namespace {

using namespace std::string_literals;

TEST(JsonWriter, ScalarsAndStrings) {
  JsonWriter w;
  w.start_object();
  w.key("s");
  w.string("S\xC3\xA3o \"Jo\xC3\xA3o\"");  // UTF-8 unescaped, quotes escaped
  w.key("nul");
  w.string("a\0b"s);  // String(ptr, len): NUL becomes \u0000
  w.key("n");
  w.null();
  w.key("b");
  w.boolean(false);
  w.key("i");
  w.integer(-42);
  w.key("d");
  w.date(parse_iso_date("2025-06-24").value());
  w.key("od");
  w.optional_date(std::nullopt);
  w.key("os");
  w.optional_string("x");
  w.key("raw");
  w.raw(R"({"a":[1]})");
  w.end_object();
  EXPECT_EQ(w.take(),
            "{\"s\":\"S\xC3\xA3o \\\"Jo\xC3\xA3o\\\"\",\"nul\":\"a\\u0000b\",\"n\":null,"
            "\"b\":false,\"i\":-42,\"d\":\"2025-06-24\",\"od\":null,\"os\":\"x\","
            "\"raw\":{\"a\":[1]}}");
  // The writer is reusable after take().
  w.start_array();
  w.end_array();
  EXPECT_EQ(w.take(), "[]");
}

// Writes a day with a nested plain object and a nested resource, as a serialiser would.
void write_day(JsonWriter& w) {
  w.begin_resource("day");
  w.key("id");
  w.string("2025-06-24");
  if (w.field("date")) w.string("2025-06-24");
  if (w.field("color")) w.string("white");
  if (w.field("cycles")) {
    w.start_object();  // a plain object inside day: its members are not filtered
    if (w.field("sunday")) w.string("C");
    w.end_object();
  }
  if (w.field("celebration")) {
    w.begin_resource("celebration");
    w.key("id");
    w.integer(215);
    if (w.field("name")) w.string("Nativity of John the Baptist");
    if (w.field("type")) w.string("festival");
    w.end_resource();
  }
  w.key("readings");  // a sub-resource asked for with include: never trimmed by fields[day]
  w.start_array();
  w.begin_resource("reading");
  w.key("id");
  w.string("r1");
  if (w.field("reference")) w.string("Is 40:1-11");
  w.end_resource();
  w.end_array();
  w.end_resource();
}

TEST(JsonWriter, FieldFilter) {
  const struct {
    std::string name;
    FieldSelection selection;
    std::string expected;
  } kCases[] = {
      {"no selection", FieldSelection{},
       R"({"id":"2025-06-24","date":"2025-06-24","color":"white","cycles":{"sunday":"C"},)"
       R"("celebration":{"id":215,"name":"Nativity of John the Baptist","type":"festival"},)"
       R"("readings":[{"id":"r1","reference":"Is 40:1-11"}]})"},
      {"day trimmed",
       [] {
         FieldSelection s;
         s.select("day", {"color", "cycles"});
         return s;
       }(),
       R"({"id":"2025-06-24","color":"white","cycles":{"sunday":"C"},)"
       R"("readings":[{"id":"r1","reference":"Is 40:1-11"}]})"},
      {"empty lists keep only id",
       [] {
         FieldSelection s;
         s.select("day", {"celebration"});
         s.select("celebration", {});
         s.select("reading", {});
         return s;
       }(),
       R"({"id":"2025-06-24","celebration":{"id":215},"readings":[{"id":"r1"}]})"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.name);
    JsonWriter w(&c.selection);
    write_day(w);
    EXPECT_EQ(w.take(), c.expected);
  }
}

TEST(Envelope, SingleDocument) {
  Meta meta;
  meta.code = "loc_2015";
  meta.lang = "pt-BR";
  meta.data_version = "9f1c";
  const std::string body = single_document(nullptr, meta, [](JsonWriter& w) {
    w.begin_resource("day");
    w.key("id");
    w.string("x");
    w.end_resource();
  });
  EXPECT_EQ(
      body,
      R"({"data":{"id":"x"},"meta":{"code":"loc_2015","lang":"pt-BR","data_version":"9f1c"}})");
}

TEST(Envelope, ListDocumentWithAndWithoutNext) {
  FieldSelection s;
  s.select("celebration", {"name"});
  const auto items = [](JsonWriter& w) {
    for (int id : {1, 2}) {
      w.begin_resource("celebration");
      w.key("id");
      w.integer(id);
      if (w.field("name")) w.string("n");
      if (w.field("type")) w.string("festival");
      w.end_resource();
    }
  };
  Meta meta;
  meta.code = "loc_2015";
  const std::string last =
      list_document(&s, Links{"/api/v2/celebrations?book=loc_2015", {}}, meta, items);
  EXPECT_EQ(last, R"({"data":[{"id":1,"name":"n"},{"id":2,"name":"n"}],)"
                  R"("links":{"self":"/api/v2/celebrations?book=loc_2015","next":null},)"
                  R"("meta":{"code":"loc_2015"}})");
  const std::string more =
      list_document(nullptr, Links{"/s", "/s?cursor=abc"}, Meta{}, [](JsonWriter&) {});
  EXPECT_EQ(more, R"({"data":[],"links":{"self":"/s","next":"/s?cursor=abc"},"meta":{}})");
  EXPECT_TRUE(testing::is_json(more));
}

}  // namespace
}  // namespace kalendar::api
