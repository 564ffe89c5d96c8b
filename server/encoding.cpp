#include "encoding.hpp"

#include <cctype>
#include <zlib.h>

namespace kalendar::api {

namespace {

// Level 4: within a few per cent of zlib's default ratio on our JSON at about half its time; a
// cold year of days is compressed on the request path.
constexpr int kGzipLevel = 4;
constexpr int kGzipWindowBits = 15 + 16;  // +16: a gzip header and trailer, not zlib's
constexpr int kMemLevel = 8;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

// The quality of one list element's parameters: 1 unless a `q=` says otherwise; 0 for "0",
// "0.0", "0.00", "0.000" (and anything unreadable counts as acceptable, as most servers do).
bool quality_is_zero(std::string_view params) {
  while (!params.empty()) {
    const auto semi = params.find(';');
    std::string_view p = trim(params.substr(0, semi));
    params = semi == std::string_view::npos ? std::string_view{} : params.substr(semi + 1);
    if (p.size() < 2 || (p[0] != 'q' && p[0] != 'Q') || trim(p.substr(1)).front() != '=') continue;
    std::string_view value = trim(trim(p.substr(1)).substr(1));
    if (value.empty() || value[0] != '0') return false;
    value.remove_prefix(1);
    if (value.empty()) return true;
    if (value[0] != '.') return false;
    value.remove_prefix(1);
    return value.find_first_not_of('0') == std::string_view::npos;
  }
  return false;
}

}  // namespace

bool accepts_gzip(std::string_view accept_encoding) {
  std::optional<bool> gzip;  // set when gzip (or x-gzip) is named
  bool star = false;
  while (!accept_encoding.empty()) {
    const auto comma = accept_encoding.find(',');
    const std::string_view element = accept_encoding.substr(0, comma);
    accept_encoding =
        comma == std::string_view::npos ? std::string_view{} : accept_encoding.substr(comma + 1);
    const auto semi = element.find(';');
    const std::string_view coding = trim(element.substr(0, semi));
    const bool zero = semi != std::string_view::npos && quality_is_zero(element.substr(semi + 1));
    if (iequals(coding, "gzip") || iequals(coding, "x-gzip")) {
      gzip = gzip.value_or(false) || !zero;
    } else if (coding == "*") {
      star = !zero;
    }
  }
  return gzip.value_or(star);
}

std::optional<std::string> gzip_compress(std::string_view body) {
  z_stream stream{};
  if (deflateInit2(&stream, kGzipLevel, Z_DEFLATED, kGzipWindowBits, kMemLevel,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    return std::nullopt;
  }
  std::string out(deflateBound(&stream, static_cast<uLong>(body.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  stream.avail_in = static_cast<uInt>(body.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, Z_FINISH);
  const auto written = stream.total_out;
  deflateEnd(&stream);
  if (status != Z_STREAM_END) return std::nullopt;
  out.resize(written);
  return out;
}

}  // namespace kalendar::api
