#include "json/writer.hpp"

#include "fields.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

namespace kalendar::api {

namespace {

// What follows a backslash for each byte that JSON strings must escape; 0: copied as is. The
// same choices as RapidJSON's Writer, which wrote every body before (issue 13): control
// characters as \b \t \n \f \r or \u00XX (upper-case hex), `"` and `\`; `/`, DEL and UTF-8
// pass through. The golden bodies and tests/api/json_test.cpp pin this byte for byte.
constexpr std::array<char, 256> kEscape = [] {
  std::array<char, 256> table{};
  for (int c = 0; c < 0x20; ++c) table[static_cast<std::size_t>(c)] = 'u';
  table['\b'] = 'b';
  table['\t'] = 't';
  table['\n'] = 'n';
  table['\f'] = 'f';
  table['\r'] = 'r';
  table['"'] = '"';
  table['\\'] = '\\';
  return table;
}();

constexpr std::string_view kHexDigits = "0123456789ABCDEF";

// True when one of the 8 bytes in `word` must be escaped (below 0x20, `"` or `\`): the
// standard bit tricks for "some byte is less than n" and "some byte is zero", exact as a yes
// or no. Most strings (names, slugs, keys) need no escape, so they are checked 8 bytes a step.
bool needs_escape(std::uint64_t word) {
  constexpr std::uint64_t kOnes = 0x0101010101010101U;
  constexpr std::uint64_t kHigh = 0x8080808080808080U;
  const auto has_zero = [](std::uint64_t v) { return ((v - kOnes) & ~v & kHigh) != 0; };
  const bool control = ((word - kOnes * 0x20U) & ~word & kHigh) != 0;
  return control || has_zero(word ^ (kOnes * '"')) || has_zero(word ^ (kOnes * '\\'));
}

// A growable byte buffer written through raw pointers: a JSON document is thousands of tiny
// appends, and std::string's per-call checks cost more than the bytes themselves.
class Buffer {
 public:
  // Room for `n` more bytes; write them at the returned pointer, then commit().
  char* room(std::size_t n) {
    if (capacity_ - size_ < n) grow(n);
    return data_.get() + size_;
  }
  void commit(std::size_t n) { size_ += n; }
  void put(char c) {
    *room(1) = c;
    ++size_;
  }
  void append(std::string_view text) {
    std::memcpy(room(text.size()), text.data(), text.size());
    size_ += text.size();
  }
  [[nodiscard]] std::string_view view() const { return {data_.get(), size_}; }
  [[nodiscard]] std::size_t capacity() const { return capacity_; }
  void clear() { size_ = 0; }

 private:
  void grow(std::size_t n) {
    const std::size_t capacity = std::max({capacity_ * 2, size_ + n, std::size_t{4096}});
    auto data = std::make_unique<char[]>(capacity);  // zeroed: append_string reads its slack
    if (size_ > 0) std::memcpy(data.get(), data_.get(), size_);
    data_ = std::move(data);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// The bytes of `text` needing an escape, written at `at`; returns the end of what was written.
char* escape_bytes(char* at, const char* p, std::size_t n) {
  for (const char* const end = p + n; p != end; ++p) {
    const auto byte = static_cast<unsigned char>(*p);
    const char escape = kEscape[byte];
    if (escape == 0) {
      *at++ = static_cast<char>(byte);
      continue;
    }
    *at++ = '\\';
    *at++ = escape;
    if (escape == 'u') {
      *at++ = '0';
      *at++ = '0';
      *at++ = kHexDigits[byte >> 4U];
      *at++ = kHexDigits[byte & 15U];
    }
  }
  return at;
}

// `text` as a JSON string. Strings are checked 8 bytes a step: each step is copied to the
// output first and the word read back from there (the output has 8 bytes of slack, so a
// short tail needs no byte loop and the source is never read past its end); only a step
// holding a byte to escape is rewritten byte by byte.
void append_string(Buffer& out, std::string_view text) {
  static_assert(std::endian::native == std::endian::little, "the tail mask keeps low bytes");
  constexpr std::uint64_t kPlainPadding = 0x4141414141414141U;  // "AAAAAAAA"
  // The worst case: every byte becomes \u00XX; then the slack.
  char* const begin = out.room(2 + 6 * text.size() + 8);
  char* at = begin;
  *at++ = '"';
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    std::uint64_t word = 0;
    std::size_t n = 8;
    if (left >= 8) {
      std::memcpy(&word, p, 8);
      std::memcpy(at, &word, 8);
    } else {
      n = left;
      std::memcpy(at, p, n);
      std::memcpy(&word, at, 8);
      const std::uint64_t kept = (std::uint64_t{1} << (8 * n)) - 1;  // little-endian
      word = (word & kept) | (kPlainPadding & ~kept);
    }
    at = needs_escape(word) ? escape_bytes(at, p, n) : at + n;
    p += n;
    left -= n;
  }
  *at++ = '"';
  out.commit(static_cast<std::size_t>(at - begin));
}

// Documents up to this size keep their buffer's memory for the thread's next document.
constexpr std::size_t kMaxKeptScratch = 4U << 20U;

// The calling thread's document buffer: a large answer (a year of days, about 200 KB) is written
// into memory already allocated and touched by the previous one, instead of growing a new
// buffer by doubling (each step a copy) for every answer. Used by one writer at a time.
struct Scratch {
  Buffer buffer;
  bool in_use = false;
};
thread_local Scratch t_scratch;

}  // namespace

struct JsonWriter::Impl {
  // One open resource: its type's selected attributes (nullptr: all) and the container depth
  // of its object, so that field() does not filter members of plain nested objects.
  struct Frame {
    const std::vector<std::string>* selected;
    int depth;
  };

  explicit Impl(const FieldSelection* selection) : fields(selection) {
    if (!t_scratch.in_use) {  // a writer opened while another is writing gets its own buffer
      t_scratch.in_use = true;
      borrowed = true;
      std::swap(out, t_scratch.buffer);
      out.clear();
    }
  }
  ~Impl() {
    if (!borrowed) return;
    if (out.capacity() <= kMaxKeptScratch) std::swap(out, t_scratch.buffer);
    t_scratch.in_use = false;
  }
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;

  // A comma before every value or key but the first of its container.
  void separate() {
    if (!first) out.put(',');
    first = false;
  }

  const FieldSelection* fields;
  Buffer out;
  bool borrowed = false;
  bool first = true;  // nothing written yet in the innermost open container (or document)
  std::vector<Frame> frames;
  int depth = 0;
};

JsonWriter::JsonWriter(const FieldSelection* fields) : impl_(std::make_unique<Impl>(fields)) {}
JsonWriter::~JsonWriter() = default;

void JsonWriter::start_object() {
  impl_->separate();
  impl_->out.put('{');
  impl_->first = true;
  ++impl_->depth;
}
void JsonWriter::end_object() {
  impl_->out.put('}');
  impl_->first = false;
  --impl_->depth;
}
void JsonWriter::start_array() {
  impl_->separate();
  impl_->out.put('[');
  impl_->first = true;
  ++impl_->depth;
}
void JsonWriter::end_array() {
  impl_->out.put(']');
  impl_->first = false;
  --impl_->depth;
}
void JsonWriter::key(const LiteralName& name) {
  impl_->separate();
  const std::string_view text = name.text();
  if (name.prepared()) {
    char* const at = impl_->out.room(LiteralName::kPreparedBytes);
    std::memcpy(at, name.member_bytes().data(), LiteralName::kPreparedBytes);
    impl_->out.commit(text.size() + 3);
    impl_->first = true;
    return;
  }
  char* const at = impl_->out.room(text.size() + 3);
  at[0] = '"';
  std::memcpy(at + 1, text.data(), text.size());
  at[text.size() + 1] = '"';
  at[text.size() + 2] = ':';
  impl_->out.commit(text.size() + 3);
  impl_->first = true;  // the member's value takes no comma
}
void JsonWriter::key_text(std::string_view name) {
  impl_->separate();
  append_string(impl_->out, name);
  impl_->out.put(':');
  impl_->first = true;
}
void JsonWriter::string(std::string_view value) {
  impl_->separate();
  append_string(impl_->out, value);
}
void JsonWriter::null() {
  impl_->separate();
  impl_->out.append("null");
}
void JsonWriter::boolean(bool value) {
  impl_->separate();
  impl_->out.append(value ? "true" : "false");
}
void JsonWriter::integer(std::int64_t value) {
  impl_->separate();
  constexpr std::size_t kMaxDigits = 20;  // "-9223372036854775808"
  char* const at = impl_->out.room(kMaxDigits);
  const auto end = std::to_chars(at, at + kMaxDigits, value).ptr;
  impl_->out.commit(static_cast<std::size_t>(end - at));
}
void JsonWriter::date(CivilDate value) {
  impl_->separate();
  const std::array<char, 10> text = iso_date_chars(value);
  char* const at = impl_->out.room(text.size() + 2);
  at[0] = '"';
  std::memcpy(at + 1, text.data(), text.size());
  at[text.size() + 1] = '"';
  impl_->out.commit(text.size() + 2);
}

void JsonWriter::optional_string(const std::optional<std::string>& value) {
  if (value) {
    string(*value);
  } else {
    null();
  }
}

void JsonWriter::optional_date(const std::optional<CivilDate>& value) {
  if (value) {
    date(*value);
  } else {
    null();
  }
}

void JsonWriter::string_or_null(std::string_view value) {
  if (value.empty()) {
    null();
  } else {
    string(value);
  }
}

void JsonWriter::slug_name(std::string_view slug, std::string_view name) {
  start_object();
  key("slug");
  string(slug);
  key("name");
  string(name);
  end_object();
}

void JsonWriter::raw(std::string_view json) {
  impl_->separate();
  impl_->out.append(json);
}

void JsonWriter::begin_resource(std::string_view type) {
  start_object();
  const std::vector<std::string>* names =
      impl_->fields == nullptr ? nullptr : impl_->fields->selected(type);
  impl_->frames.push_back({names, impl_->depth});
}

void JsonWriter::end_resource() {
  assert(!impl_->frames.empty() && impl_->frames.back().depth == impl_->depth);
  impl_->frames.pop_back();
  end_object();
}

bool JsonWriter::field(const LiteralName& name) {
  if (!selected(name.text())) return false;
  key(name);
  return true;
}

bool JsonWriter::field_text(std::string_view name) {
  if (!selected(name)) return false;
  key_text(name);
  return true;
}

bool JsonWriter::selected(std::string_view name) const {
  // Outside a resource, or in a plain object nested in one, or no fields[] for this type.
  if (impl_->frames.empty() || impl_->frames.back().depth != impl_->depth) return true;
  const auto* names = impl_->frames.back().selected;
  if (names == nullptr || name == "id") return true;
  for (const auto& s : *names) {
    if (s == name) return true;
  }
  return false;
}

std::string_view JsonWriter::view() const { return impl_->out.view(); }

std::string JsonWriter::take() {
  // An exact-size copy: the answer may be kept in the response cache, where spare capacity
  // would be memory nobody counts; the buffer (and its capacity) stays for the next document.
  std::string document(impl_->out.view());
  impl_->out.clear();
  impl_->frames.clear();
  impl_->depth = 0;
  impl_->first = true;
  return document;
}

}  // namespace kalendar::api
