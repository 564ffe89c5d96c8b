// Content coding of answers: gzip (zlib) for bodies worth compressing, when the client accepts it
// (issue 9, Compression).
//
// A year of days is about 190 KB of JSON and under a fifth of that gzipped; a single day (about
// 700 bytes) gains almost nothing and would pay zlib's set-up on every request, so only bodies
// of at least kMinGzipBytes are compressed. The dispatcher keeps the compressed body next to
// the identity body in its response cache, so each cached answer is compressed at most once
// per thread.
//
// Example:
//   accepts_gzip("gzip, deflate, br") == true;   accepts_gzip("gzip;q=0") == false;
//   std::optional<std::string> gz = gzip_compress(body);   // inflates back to `body`
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace kalendar::api {

// Bodies shorter than this are always sent as they are.
inline constexpr std::size_t kMinGzipBytes = 1024;

// True when an Accept-Encoding value (RFC 9110 §12.5.3) allows gzip: `gzip`, `x-gzip` or `*`
// with a non-zero quality, and gzip not refused explicitly. Codings are case-insensitive.
// Example: accepts_gzip("br;q=1.0, gzip;q=0.8") == true; accepts_gzip("*;q=0") == false.
[[nodiscard]] bool accepts_gzip(std::string_view accept_encoding);

// `body` as one gzip member (RFC 1952), or nullopt when zlib fails (out of memory): the caller
// then sends the identity body. Example: gzip_compress("{}")->substr(0, 2) == "\x1F\x8B".
[[nodiscard]] std::optional<std::string> gzip_compress(std::string_view body);

}  // namespace kalendar::api
