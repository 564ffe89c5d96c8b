#include "cursor.hpp"

#include "crypto.hpp"
#include "json/writer.hpp"

#include <simdjson.h>

#include <span>

namespace kalendar::api {

namespace {

Error invalid(std::string detail) { return Error{"invalid_cursor", std::move(detail)}; }

constexpr std::string_view kMalformed = "the cursor is malformed; take it from links.next";

// The one JSON form of a cursor: compact, members in this order.
std::string cursor_json(std::int64_t version, std::string_view scope_digest,
                        std::span<const std::int64_t> key) {
  JsonWriter w;
  w.start_object();
  w.key("v");
  w.integer(version);
  w.key("s");
  w.string(scope_digest);
  w.key("k");
  w.start_array();
  for (const auto part : key) w.integer(part);
  w.end_array();
  w.end_object();
  return w.take();
}

}  // namespace

CursorScope::CursorScope(std::string_view book) { append(book); }

CursorScope& CursorScope::filter(std::string_view name, std::string_view value) {
  append(name);
  append(value);
  return *this;
}

void CursorScope::append(std::string_view part) {
  canonical_ += std::to_string(part.size());
  canonical_ += ':';
  canonical_ += part;
}

std::string CursorScope::digest() const {
  const Sha256Digest d = sha256(canonical_);
  return to_hex(std::span<const unsigned char>(d.data(), 16));
}

std::string encode_cursor(const CursorScope& scope, std::span<const std::int64_t> last_key) {
  return base64url_encode(cursor_json(kCursorVersion, scope.digest(), last_key));
}

Result<std::vector<std::int64_t>> decode_cursor(std::string_view cursor, const CursorScope& scope) {
  if (cursor.empty() || cursor.size() > kMaxCursorChars) return invalid(std::string(kMalformed));
  const auto json = base64url_decode(cursor);
  if (!json) return invalid(std::string(kMalformed));

  // One parser per thread: handlers run concurrently on Pistache's I/O threads.
  thread_local simdjson::ondemand::parser parser;
  const simdjson::padded_string padded(*json);
  simdjson::ondemand::document doc;
  simdjson::ondemand::object object;
  if (parser.iterate(padded).get(doc) != simdjson::SUCCESS ||
      doc.get_object().get(object) != simdjson::SUCCESS) {
    return invalid(std::string(kMalformed));
  }

  bool has_version = false;
  bool has_scope = false;
  bool has_key = false;
  std::int64_t version = 0;
  std::string scope_digest;
  std::vector<std::int64_t> key;
  for (auto field_result : object) {
    simdjson::ondemand::field field;
    std::string_view name;
    if (std::move(field_result).get(field) != simdjson::SUCCESS ||
        field.unescaped_key().get(name) != simdjson::SUCCESS) {
      return invalid(std::string(kMalformed));
    }
    if (name == "v" && !has_version) {
      if (field.value().get_int64().get(version) != simdjson::SUCCESS) {
        return invalid(std::string(kMalformed));
      }
      has_version = true;
    } else if (name == "s" && !has_scope) {
      std::string_view text;
      if (field.value().get_string().get(text) != simdjson::SUCCESS) {
        return invalid(std::string(kMalformed));
      }
      scope_digest = std::string(text);  // the view points into the parser: copy it
      has_scope = true;
    } else if (name == "k" && !has_key) {
      simdjson::ondemand::array array;
      if (field.value().get_array().get(array) != simdjson::SUCCESS) {
        return invalid(std::string(kMalformed));
      }
      for (auto element : array) {
        std::int64_t part = 0;
        if (element.get_int64().get(part) != simdjson::SUCCESS ||
            key.size() == kMaxCursorKeyParts) {
          return invalid(std::string(kMalformed));
        }
        key.push_back(part);
      }
      has_key = true;
    } else {
      return invalid(std::string(kMalformed));  // unknown or repeated member
    }
  }
  // Only the exact bytes encode_cursor() writes are accepted: this refuses trailing content,
  // whitespace, escapes and reordering that the forward-only parser would let through.
  if (!has_version || !has_scope || !has_key || key.empty() ||
      cursor_json(version, scope_digest, key) != *json) {
    return invalid(std::string(kMalformed));
  }
  if (version != kCursorVersion) {
    return invalid("the cursor comes from another version of the service; start again without it");
  }
  if (scope_digest != scope.digest()) {
    return invalid(
        "the cursor was made for another book or other filters; reuse it only with the same "
        "book and filters");
  }
  return key;
}

}  // namespace kalendar::api
