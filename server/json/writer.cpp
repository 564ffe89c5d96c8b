#include "json/writer.hpp"

#include "fields.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cassert>

namespace kalendar::api {

namespace {

rapidjson::SizeType size_of(std::string_view text) {
  return static_cast<rapidjson::SizeType>(text.size());
}

}  // namespace

struct JsonWriter::Impl {
  // One open resource: its type's selected attributes (nullptr: all) and the container depth
  // of its object, so that field() does not filter members of plain nested objects.
  struct Frame {
    const std::vector<std::string>* selected;
    int depth;
  };

  explicit Impl(const FieldSelection* selection) : fields(selection), writer(buffer) {}

  const FieldSelection* fields;
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer;
  std::vector<Frame> frames;
  int depth = 0;
};

JsonWriter::JsonWriter(const FieldSelection* fields) : impl_(std::make_unique<Impl>(fields)) {}
JsonWriter::~JsonWriter() = default;

void JsonWriter::start_object() {
  impl_->writer.StartObject();
  ++impl_->depth;
}
void JsonWriter::end_object() {
  impl_->writer.EndObject();
  --impl_->depth;
}
void JsonWriter::start_array() {
  impl_->writer.StartArray();
  ++impl_->depth;
}
void JsonWriter::end_array() {
  impl_->writer.EndArray();
  --impl_->depth;
}
void JsonWriter::key(std::string_view name) { impl_->writer.Key(name.data(), size_of(name)); }
void JsonWriter::string(std::string_view value) {
  impl_->writer.String(value.data(), size_of(value));
}
void JsonWriter::null() { impl_->writer.Null(); }
void JsonWriter::boolean(bool value) { impl_->writer.Bool(value); }
void JsonWriter::integer(std::int64_t value) { impl_->writer.Int64(value); }
void JsonWriter::date(CivilDate value) { string(format_iso_date(value)); }

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
  impl_->writer.RawValue(json.data(), json.size(), rapidjson::kObjectType);
}

void JsonWriter::begin_resource(std::string_view type) {
  start_object();
  const std::vector<std::string>* selected =
      impl_->fields == nullptr ? nullptr : impl_->fields->selected(type);
  impl_->frames.push_back({selected, impl_->depth});
}

void JsonWriter::end_resource() {
  assert(!impl_->frames.empty() && impl_->frames.back().depth == impl_->depth);
  impl_->frames.pop_back();
  end_object();
}

bool JsonWriter::field(std::string_view name) {
  bool kept = true;
  if (!impl_->frames.empty() && impl_->frames.back().depth == impl_->depth && name != "id") {
    const auto* selected = impl_->frames.back().selected;
    if (selected != nullptr) {
      kept = false;
      for (const auto& s : *selected) {
        if (s == name) {
          kept = true;
          break;
        }
      }
    }
  }
  if (kept) key(name);
  return kept;
}

std::string_view JsonWriter::view() const {
  return {impl_->buffer.GetString(), impl_->buffer.GetSize()};
}

std::string JsonWriter::take() {
  std::string out(view());
  impl_->buffer.Clear();
  impl_->writer.Reset(impl_->buffer);
  impl_->frames.clear();
  impl_->depth = 0;
  return out;
}

}  // namespace kalendar::api
