#include "json/envelope.hpp"

namespace kalendar::api {

namespace {

void optional_member(JsonWriter& w, const LiteralName& name, const std::optional<std::string>& v) {
  if (!v) return;
  w.key(name);
  w.string(*v);
}

}  // namespace

void write_meta(JsonWriter& w, const Meta& meta) {
  w.key("meta");
  w.start_object();
  optional_member(w, "code", meta.code);
  optional_member(w, "lang", meta.lang);
  optional_member(w, "service", meta.service);
  optional_member(w, "data_version", meta.data_version);
  if (meta.options) {
    w.key("options");
    w.start_object();
    for (const auto& [key, value] : *meta.options) {
      w.key_text(key);
      if (value) {
        w.string(*value);
      } else {
        w.null();
      }
    }
    w.end_object();
  }
  for (const auto& [name, value] : meta.notes) {
    w.key_text(name);
    w.string(value);
  }
  w.end_object();
}

std::string single_document(const FieldSelection* fields, const Meta& meta,
                            const DataWriter& write_data) {
  JsonWriter w(fields);
  w.start_object();
  w.key("data");
  write_data(w);
  write_meta(w, meta);
  w.end_object();
  return w.take();
}

std::string list_document(const FieldSelection* fields, const Links& links, const Meta& meta,
                          const DataWriter& write_items) {
  JsonWriter w(fields);
  w.start_object();
  w.key("data");
  w.start_array();
  write_items(w);
  w.end_array();
  w.key("links");
  w.start_object();
  w.key("self");
  w.string(links.self);
  w.key("next");
  w.optional_string(links.next);
  w.end_object();
  write_meta(w, meta);
  w.end_object();
  return w.take();
}

}  // namespace kalendar::api
