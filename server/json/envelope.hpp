// The response envelopes of API v2 (api-decisions.md, Envelope):
//   single: {"data":{...},"meta":{...}}
//   list:   {"data":[...],"links":{"self":"...","next":"..."|null},"meta":{...}}
// `meta` names the book (`code`), the language used (`lang`), the office (`service`) where one
// applies, and `data_version`; absent members are omitted. Members have a fixed order and no
// timestamps, so identical requests give identical bytes (and ETags).
//
// Example:
//   FieldSelection fields = ...;                      // from ParamReader::fields()
//   std::string body = single_document(
//       &fields, Meta{.code = "loc_2015", .lang = "pt-BR", .data_version = "9f1c"},
//       [&](JsonWriter& w) {
//         w.begin_resource("day");
//         w.key("id"); w.string("2025-06-24");
//         if (w.field("date")) w.date(day.date);
//         w.end_resource();
//       });
//   std::string list = list_document(&fields, Links{ctx.self_link(), std::nullopt}, meta,
//                                    [&](JsonWriter& w) { for (...) write_celebration(w, c); });
#pragma once

#include "json/writer.hpp"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kalendar::api {

// The `meta` object. Example: Meta{.code = "loc_2015", .service = "eucharist"}.
struct Meta {
  std::optional<std::string> code{};
  std::optional<std::string> lang{};
  std::optional<std::string> service{};
  std::optional<std::string> data_version{};
  // The book's calendar options in force, in key order (value text; null: a date option unset).
  // Absent on answers not about a book; {} for a book without options.
  std::optional<std::vector<std::pair<std::string, std::optional<std::string>>>> options{};
  // Route-specific notes after the fixed members, in order, e.g. {"texts", "no text pack ..."}.
  std::vector<std::pair<std::string, std::string>> notes{};
};

// The `links` object of a list. Example: Links{ctx.self_link(), ctx.link_with("cursor", c)}.
struct Links {
  std::string self{};
  std::optional<std::string> next{};  // null on the last page
};

// Writes `data`'s value (an object for single_document, the items for list_document).
// Example: [&](JsonWriter& w) { w.begin_resource("season"); ...; w.end_resource(); }.
using DataWriter = std::function<void(JsonWriter&)>;

// Writes the `meta` member (key and object) with the fixed member order.
// Example: w.start_object(); ...; write_meta(w, meta); w.end_object();
void write_meta(JsonWriter& w, const Meta& meta);

// {"data": <object written by write_data>, "meta": {...}}. `fields` may be nullptr.
// Example: single_document(&fields, meta, write_day) == R"({"data":{...},"meta":{...}})".
[[nodiscard]] std::string single_document(const FieldSelection* fields, const Meta& meta,
                                          const DataWriter& write_data);

// {"data": [<items written by write_items>], "links": {...}, "meta": {...}}. The callback
// writes the items only; the array brackets are written here.
// Example: list_document(nullptr, Links{"/s", std::nullopt}, Meta{}, write_none)
//   == R"({"data":[],"links":{"self":"/s","next":null},"meta":{}})".
[[nodiscard]] std::string list_document(const FieldSelection* fields, const Links& links,
                                        const Meta& meta, const DataWriter& write_items);

}  // namespace kalendar::api
