// JsonWriter: writes every response body, compact, straight into one buffer.
//
// Why our own writer: a year of days is about 200 KB of JSON, and RapidJSON's Writer (used
// before) copied each string byte by byte through its stack; here plain runs are copied at
// once, into a per-thread buffer that large answers reuse (issue 13). The bytes are RapidJSON's:
// strings are length-delimited (an embedded NUL becomes \u0000), control characters, `"` and `\`
// are escaped the same way, and UTF-8 passes through unescaped (dependencies.md §3). Dates are
// written one way, and the `fields[...]` filter is applied in one place. Text must already be
// valid UTF-8; data loaders and url.cpp guarantee that.
//
// Field filtering: open a resource with begin_resource(type) and write each attribute with
// `if (w.field("name")) w.string(...)`; field() writes the key and returns true only when the
// selection keeps it. Members written with key() are never filtered (use it for `id` and for
// sub-resources asked for with `include`).
//
// Example:
//   JsonWriter w(&selection);           // selection: fields[day]=date
//   w.begin_resource("day");
//   w.key("id"); w.string("2025-06-24");
//   if (w.field("date")) w.date(d);     // written
//   if (w.field("color")) w.string("white");   // skipped
//   w.end_resource();
//   w.take() == R"({"id":"2025-06-24","date":"2025-06-24"})"
#pragma once

#include "kalendar/civil.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {

class FieldSelection;

// A member name written as a literal in the source, checked at compile time to need no JSON
// escaping, so key() and field() copy it whole: a year of days writes about 13,000 names.
// Names that come from data use key_text() and field_text(), which escape.
// Example: w.key("id"); w.key("a\"b") does not compile; w.key_text(slug) escapes.
class LiteralName {
 public:
  // Names up to this size (quotes and colon included) are kept as their ready member bytes.
  static constexpr std::size_t kPreparedBytes = 24;

  template <std::size_t N>
  // NOLINTNEXTLINE(google-explicit-constructor): converting from a literal is the point
  consteval LiteralName(const char (&text)[N]) : text_(text, N - 1) {
    for (const char c : text_) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte < 0x20 || c == '"' || c == '\\') throw "this name needs JSON escaping: key_text()";
    }
    if (text_.size() + 3 <= kPreparedBytes) {
      prepared_[0] = '"';
      for (std::size_t i = 0; i < text_.size(); ++i) prepared_[i + 1] = text_[i];
      prepared_[text_.size() + 1] = '"';
      prepared_[text_.size() + 2] = ':';
    }
  }
  [[nodiscard]] constexpr std::string_view text() const { return text_; }
  // `"name":` padded to kPreparedBytes, when it fits (copied whole: one fixed-size move).
  [[nodiscard]] constexpr bool prepared() const { return text_.size() + 3 <= kPreparedBytes; }
  [[nodiscard]] constexpr const std::array<char, kPreparedBytes>& member_bytes() const {
    return prepared_;
  }

 private:
  std::string_view text_;
  std::array<char, kPreparedBytes> prepared_{};
};

// Writes one compact JSON document. Example: see the top of this file.
class JsonWriter {
 public:
  // A writer that filters resources by `fields` (nullptr: keep everything). `fields` must
  // outlive the writer. Example: JsonWriter w; JsonWriter filtered(&selection);
  explicit JsonWriter(const FieldSelection* fields = nullptr);
  ~JsonWriter();
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  // Structure. Example: w.start_object(); w.key("a"); w.integer(1); w.end_object();
  void start_object();
  void end_object();
  void start_array();
  void end_array();
  void key(const LiteralName& name);
  // A name from data, escaped. Example: w.key_text(option_key).
  void key_text(std::string_view name);

  // Values. Example: w.string("Advent"); w.null(); w.boolean(true); w.integer(-3).
  void string(std::string_view value);
  void null();
  void boolean(bool value);
  void integer(std::int64_t value);
  // `YYYY-MM-DD`. Example: w.date(2025y/June/24) writes "2025-06-24".
  void date(CivilDate value);
  // The string, or null when absent. Example: w.optional_string(std::nullopt) writes null.
  void optional_string(const std::optional<std::string>& value);
  // The date, or null when absent.
  void optional_date(const std::optional<CivilDate>& value);
  // The string, or null when empty. Example: w.string_or_null("") writes null.
  void string_or_null(std::string_view value);
  // {"slug":...,"name":...}. Example: w.slug_name("purple", "Roxo").
  void slug_name(std::string_view slug, std::string_view name);
  // Pre-serialised JSON copied as one value (trusted input only, e.g. a cached fragment).
  // Example: w.raw(R"({"a":1})").
  void raw(std::string_view json);

  // Opens a resource object of `type`; its attributes are filtered by the selection.
  // Example: w.begin_resource("season"); ...; w.end_resource();
  void begin_resource(std::string_view type);
  void end_resource();
  // Writes `name` as a key and returns true when the current resource keeps it; otherwise
  // writes nothing and returns false. Outside a resource (or inside a plain nested object of
  // it) every name is kept. Example: if (w.field("season")) w.string("christmas");
  [[nodiscard]] bool field(const LiteralName& name);
  // field() for a name from data, escaped. Example: if (w.field_text(name)) w.null();
  [[nodiscard]] bool field_text(std::string_view name);

  // The document so far, and taking it out (the writer is then empty and reusable).
  // Example: std::string body = w.take();
  [[nodiscard]] std::string_view view() const;
  [[nodiscard]] std::string take();

 private:
  // Whether the innermost resource keeps member `name` (see field()).
  [[nodiscard]] bool selected(std::string_view name) const;

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace kalendar::api
