#include "url.hpp"

#include "fields.hpp"
#include "utf8.hpp"

namespace kalendar::api {

namespace {

int hex_value(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

bool is_unreserved(char ch) {
  return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
         ch == '-' || ch == '.' || ch == '_' || ch == '~';
}

// The detail of a decoding failure, for the client.
std::string describe(const Error& error) {
  if (error.code == "bad_escape") return "contains a malformed percent escape";
  if (error.code == "nul") return "contains an encoded NUL character";
  return "is not valid UTF-8";
}

// A repeated parameter is never half-read. `include` and `fields[<type>]` are comma lists, so
// their repeats are merged into the first (include=a&include=b reads as include=a,b); any other
// repeated name is a 400 naming it. The merged-away copies are marked invalid, so validators and
// reject_unknown() skip them.
void merge_repeated(std::vector<QueryParam>& params, ErrorList& errors) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    QueryParam& first = params[i];
    if (!first.valid) continue;
    const bool list = first.name == "include" || is_fields_parameter(first.name);
    int count = 1;
    for (std::size_t j = i + 1; j < params.size(); ++j) {
      QueryParam& again = params[j];
      if (!again.valid || again.name != first.name) continue;
      again.valid = false;
      ++count;
      if (!list || again.value.empty()) continue;
      if (!first.value.empty()) first.value.push_back(',');
      first.value += again.value;
    }
    if (count > 1 && !list) {
      errors.invalid(first.name, "is given " + std::to_string(count) +
                                     " times; send it once (only include and fields[<type>] "
                                     "may repeat, and their lists are joined)");
    }
  }
}

}  // namespace

Result<std::string> percent_decode(std::string_view raw, DecodeMode mode) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const char ch = raw[i];
    if (ch == '%') {
      const bool complete = i + 2 < raw.size();
      const int hi = complete ? hex_value(raw[i + 1]) : -1;
      const int lo = complete ? hex_value(raw[i + 2]) : -1;
      if (hi < 0 || lo < 0) return Error{"bad_escape", "malformed percent escape"};
      const int value = hi * 16 + lo;
      if (value == 0) return Error{"nul", "encoded NUL"};
      out.push_back(static_cast<char>(static_cast<unsigned char>(value)));
      i += 2;
    } else if (ch == '+' && mode == DecodeMode::query_component) {
      out.push_back(' ');
    } else if (ch == '\0') {
      return Error{"nul", "raw NUL"};
    } else {
      out.push_back(ch);
    }
  }
  if (!is_valid_utf8(out)) return Error{"bad_utf8", "not UTF-8"};
  return out;
}

std::string percent_encode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    if (is_unreserved(ch)) {
      out.push_back(ch);
    } else {
      const auto byte = static_cast<unsigned char>(ch);
      out.push_back('%');
      out.push_back(kHex[byte >> 4U]);
      out.push_back(kHex[byte & 0x0FU]);
    }
  }
  return out;
}

RawTarget split_target(std::string_view target) {
  target = target.substr(0, target.find('#'));
  const auto q = target.find('?');
  if (q == std::string_view::npos) return {target, {}};
  return {target.substr(0, q), target.substr(q + 1)};
}

Result<std::vector<std::string>> decode_path(std::string_view raw_path) {
  std::vector<std::string> segments;
  std::size_t start = 0;
  while (start <= raw_path.size()) {
    auto end = raw_path.find('/', start);
    if (end == std::string_view::npos) end = raw_path.size();
    const std::string_view raw = raw_path.substr(start, end - start);
    if (!raw.empty()) {
      auto decoded = percent_decode(raw, DecodeMode::path_segment);
      if (!decoded) return decoded.error();
      segments.push_back(std::move(decoded).value());
    }
    start = end + 1;
  }
  return segments;
}

void PathSegments::add(std::string_view segment) {
  if (size_ < kMaxViews) views_[size_] = segment;
  ++size_;
}

std::optional<Error> PathSegments::parse(std::string_view raw_path) {
  size_ = 0;
  decoded_.clear();
  // Plain ASCII without '%' or NUL is its own decoding: split it in place. Anything else
  // (escapes, bytes of UTF-8 sequences to validate) goes through decode_path().
  std::size_t start = 0;
  for (std::size_t i = 0; i < raw_path.size(); ++i) {
    const auto byte = static_cast<unsigned char>(raw_path[i]);
    if (byte == '/') {
      if (i > start) add(raw_path.substr(start, i - start));
      start = i + 1;
    } else if (byte == '%' || byte == 0 || byte >= 0x80) {
      return parse_decoding(raw_path);
    }
  }
  if (raw_path.size() > start) add(raw_path.substr(start));
  return std::nullopt;
}

std::optional<Error> PathSegments::parse_decoding(std::string_view raw_path) {
  size_ = 0;
  auto decoded = decode_path(raw_path);
  if (!decoded) return decoded.error();
  decoded_ = std::move(decoded).value();
  for (const std::string& segment : decoded_) add(segment);
  return std::nullopt;
}

const QueryParam* Query::find(std::string_view name) const {
  for (const auto& p : params_) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::string Query::encode() const { return encode_with({}, {}); }

std::string Query::encode_with(std::string_view name, std::string_view value) const {
  std::string out;
  bool replaced = name.empty();
  const auto append = [&out](std::string_view n, std::string_view v) {
    if (!out.empty()) out.push_back('&');
    out += percent_encode(n);
    out.push_back('=');
    out += percent_encode(v);
  };
  for (const auto& p : params_) {
    if (!p.valid || find(p.name) != &p) continue;  // first of each name only
    if (!name.empty() && p.name == name) {
      append(name, value);
      replaced = true;
    } else {
      append(p.name, p.value);
    }
  }
  if (!replaced) append(name, value);
  return out;
}

Query parse_query(std::string_view raw_query, ErrorList& errors) {
  std::vector<QueryParam> params;
  if (raw_query.size() > kMaxQueryBytes) {
    errors.add({ErrorCode::invalid_parameter,
                "the query string is longer than " + std::to_string(kMaxQueryBytes) + " bytes",
                ""});
    return Query{};
  }
  std::size_t start = 0;
  while (start <= raw_query.size()) {
    auto end = raw_query.find('&', start);
    if (end == std::string_view::npos) end = raw_query.size();
    const std::string_view piece = raw_query.substr(start, end - start);
    start = end + 1;
    if (piece.empty()) continue;
    const auto eq = piece.find('=');
    const std::string_view raw_name = piece.substr(0, eq);
    const std::string_view raw_value =
        eq == std::string_view::npos ? std::string_view{} : piece.substr(eq + 1);
    if (raw_name.empty()) continue;

    auto name = percent_decode(raw_name, DecodeMode::query_component);
    if (!name) {
      // The name is unknown, so the client sees it as sent (made printable).
      errors.invalid(quote_for_detail(raw_name), "the parameter name " + describe(name.error()));
      params.push_back({std::string(raw_name), {}, false});
      continue;
    }
    QueryParam param{std::move(name).value(), {}, true};
    auto value = percent_decode(raw_value, DecodeMode::query_component);
    if (!value) {
      errors.invalid(param.name, "the value " + describe(value.error()));
      param.valid = false;
    } else {
      param.value = std::move(value).value();
    }
    if (param.name.find_first_of("[]") != std::string::npos && !is_fields_parameter(param.name)) {
      errors.invalid(param.name,
                     "array and bracket forms are not supported: send the parameter once, as "
                     "name=value (the only bracket form is fields[<type>])");
      param.valid = false;
    }
    params.push_back(std::move(param));
  }
  merge_repeated(params, errors);
  return Query{std::move(params)};
}

}  // namespace kalendar::api
