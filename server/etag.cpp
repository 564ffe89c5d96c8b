#include "etag.hpp"

#include "crypto.hpp"

#include <span>
#include <xxhash.h>

namespace kalendar::api {

namespace {

bool is_ows(char ch) { return ch == ' ' || ch == '\t'; }

// The opaque-tag of an entity-tag, quotes included, without a weak prefix.
std::string_view opaque(std::string_view tag) {
  if (tag.substr(0, 2) == "W/") tag.remove_prefix(2);
  return tag;
}

// etagc = %x21 / %x23-7E / obs-text (RFC 9110 §8.8.3): anything visible except DQUOTE.
bool is_etagc(char ch) {
  const auto byte = static_cast<unsigned char>(ch);
  return byte == 0x21 || (byte >= 0x23 && byte != 0x7F);
}

}  // namespace

std::string make_etag(std::string_view body) {
  // Canonical (big-endian) bytes, so the tag is the same on every machine.
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, XXH3_128bits(body.data(), body.size()));
  return '"' + to_hex(std::span<const unsigned char>(canonical.digest, sizeof canonical.digest)) +
         '"';
}

std::string encoded_etag(std::string_view identity_etag, std::string_view coding) {
  if (identity_etag.size() < 2) return std::string(identity_etag);
  std::string tag(identity_etag.substr(0, identity_etag.size() - 1));
  tag += '-';
  tag += coding;
  tag += '"';
  return tag;
}

bool if_none_match_matches(std::string_view header_value, std::string_view etag) {
  const std::string_view wanted = opaque(etag);
  std::size_t i = 0;
  const auto skip_separators = [&] {
    while (i < header_value.size() && (is_ows(header_value[i]) || header_value[i] == ',')) ++i;
  };
  const auto first = header_value.find_first_not_of(" \t");
  const auto last = header_value.find_last_not_of(" \t");
  if (first != std::string_view::npos && header_value.substr(first, last - first + 1) == "*") {
    return true;
  }
  skip_separators();
  while (i < header_value.size()) {
    const std::size_t start = i;
    if (header_value.substr(i, 2) == "W/") i += 2;
    if (i >= header_value.size() || header_value[i] != '"') return false;
    ++i;
    while (i < header_value.size() && is_etagc(header_value[i])) ++i;
    if (i >= header_value.size() || header_value[i] != '"') return false;
    ++i;
    if (opaque(header_value.substr(start, i - start)) == wanted) return true;
    while (i < header_value.size() && is_ows(header_value[i])) ++i;
    if (i < header_value.size() && header_value[i] != ',') return false;
    skip_separators();
  }
  return false;
}

}  // namespace kalendar::api
