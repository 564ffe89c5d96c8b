// GET /api/v2/openapi.json: the OpenAPI 3.1 document, written from the route table
// (openapi_routes.cpp) and the table of JSON objects (json/resource_docs.hpp).
#include "handlers/openapi.hpp"

#include "json/resource_docs.hpp"
#include "json/writer.hpp"

#include <array>
#include <functional>

namespace kalendar::api {

namespace {

constexpr std::string_view kSchemas = "#/components/schemas/";

void string_array(JsonWriter& w, const std::vector<std::string_view>& values) {
  w.start_array();
  for (auto v : values) w.string(v);
  w.end_array();
}

void ref(JsonWriter& w, std::string_view name) {
  w.start_object();
  w.key("$ref");
  w.string(std::string(kSchemas) + std::string(name));
  w.end_object();
}

std::string_view type_name(Shape::Kind kind) {
  switch (kind) {
    case Shape::Kind::string:
      return "string";
    case Shape::Kind::integer:
      return "integer";
    case Shape::Kind::boolean:
      return "boolean";
    case Shape::Kind::array:
      return "array";
    case Shape::Kind::object:
    case Shape::Kind::any_of:
    case Shape::Kind::map:
      break;
  }
  return "object";
}

// A member's schema. Nullable members are ["type", "null"], or anyOf [$ref, null] for objects.
void write_shape(JsonWriter& w, const Shape& s, bool nullable, std::string_view description) {
  const bool wrapped = nullable && (s.kind == Shape::Kind::object || s.kind == Shape::Kind::any_of);
  w.start_object();
  if (!description.empty()) {
    w.key("description");
    w.string(description);
  }
  if (s.kind == Shape::Kind::object && !wrapped) {
    w.key("$ref");
    w.string(std::string(kSchemas) + std::string(s.ref));
  } else if (s.kind == Shape::Kind::any_of || wrapped) {
    w.key("anyOf");
    w.start_array();
    if (s.kind == Shape::Kind::object) {
      ref(w, s.ref);
    } else {
      for (const Shape& a : s.alternatives) write_shape(w, a, false, "");
    }
    if (nullable) {
      w.start_object();
      w.key("type");
      w.string("null");
      w.end_object();
    }
    w.end_array();
  } else {
    w.key("type");
    if (nullable) {
      w.start_array();
      w.string(type_name(s.kind));
      w.string("null");
      w.end_array();
    } else {
      w.string(type_name(s.kind));
    }
    if (!s.format.empty()) {
      w.key("format");
      w.string(s.format);
    }
    if (!s.pattern.empty()) {
      w.key("pattern");
      w.string(s.pattern);
    }
    if (!s.values.empty()) {
      w.key("enum");
      w.start_array();
      for (auto v : s.values) w.string(v);
      if (nullable) w.null();
      w.end_array();
    }
    if (s.items && s.kind == Shape::Kind::map) {
      w.key("additionalProperties");
      write_shape(w, *s.items, s.items_nullable, "");
    } else if (s.items) {
      w.key("items");
      write_shape(w, *s.items, false, "");
    }
  }
  w.end_object();
}

void write_object_schema(JsonWriter& w, const ObjectDoc& doc) {
  w.start_object();
  w.key("type");
  w.string("object");
  w.key("description");
  std::string description(doc.description);
  if (!doc.fields_type.empty()) {
    description += ". Resource type `" + std::string(doc.fields_type) + "`: fields[" +
                   std::string(doc.fields_type) + "] may leave out any member but id.";
  }
  w.string(description);
  w.key("properties");
  w.start_object();
  std::vector<std::string_view> required;
  for (const FieldDoc& f : doc.fields) {
    w.key_text(f.name);
    write_shape(w, f.shape, f.nullable, f.description);
    if (f.presence == Presence::always) required.push_back(f.name);
  }
  w.end_object();
  if (!required.empty()) {
    w.key("required");
    string_array(w, required);
  }
  w.key("additionalProperties");
  w.boolean(false);
  w.end_object();
}

// {"type":"object","required":[...],"properties":{...}} of an envelope.
void write_envelope(JsonWriter& w, Body body, std::string_view data) {
  w.start_object();
  w.key("type");
  w.string("object");
  w.key("properties");
  w.start_object();
  w.key("data");
  if (body == Body::list) {
    w.start_object();
    w.key("type");
    w.string("array");
    w.key("items");
    ref(w, data);
    w.end_object();
    w.key("links");
    ref(w, "Links");
  } else {
    ref(w, data);
  }
  w.key("meta");
  ref(w, "Meta");
  w.end_object();
  w.key("required");
  string_array(w, body == Body::list ? std::vector<std::string_view>{"data", "links", "meta"}
                                     : std::vector<std::string_view>{"data", "meta"});
  w.key("additionalProperties");
  w.boolean(false);
  w.end_object();
}

void write_parameter(JsonWriter& w, const ParamDoc& p) {
  w.start_object();
  w.key("name");
  w.string(p.name);
  w.key("in");
  w.string(p.in);
  w.key("required");
  w.boolean(p.required);
  w.key("description");
  w.string(p.description);
  const bool list = p.type == "array";
  if (list) {  // a comma list: include=readings,collect
    w.key("style");
    w.string("form");
    w.key("explode");
    w.boolean(false);
  }
  w.key("schema");
  w.start_object();
  w.key("type");
  w.string(p.type);
  auto constraints = [&] {
    if (!p.format.empty()) {
      w.key("format");
      w.string(p.format);
    }
    if (!p.pattern.empty()) {
      w.key("pattern");
      w.string(p.pattern);
    }
    if (p.max_length) {
      w.key("maxLength");
      w.integer(static_cast<std::int64_t>(*p.max_length));
    }
    if (!p.values.empty()) {
      w.key("enum");
      string_array(w, p.values);
    }
  };
  if (list) {
    w.key("items");
    w.start_object();
    w.key("type");
    w.string("string");
    constraints();
    w.end_object();
    w.key("uniqueItems");
    w.boolean(true);
  } else {
    constraints();
  }
  if (p.minimum) {
    w.key("minimum");
    w.integer(*p.minimum);
  }
  if (p.maximum) {
    w.key("maximum");
    w.integer(*p.maximum);
  }
  if (p.default_value) {
    w.key("default");
    w.integer(*p.default_value);
  }
  w.end_object();
  w.end_object();
}

void media_content(JsonWriter& w, std::string_view media_type,
                   const std::function<void()>& schema) {
  w.key("content");
  w.start_object();
  w.key_text(media_type);
  w.start_object();
  w.key("schema");
  schema();
  w.end_object();
  w.end_object();
}

void json_content(JsonWriter& w, const std::function<void()>& schema) {
  media_content(w, "application/json", schema);
}

void write_ok(JsonWriter& w, const RouteDoc& r) {
  w.key("200");
  w.start_object();
  w.key("description");
  w.string(r.body == Body::document ? "This OpenAPI document" : "The answer");
  if (r.keyed) {
    w.key("headers");
    w.start_object();
    w.key("ETag");
    w.start_object();
    w.key("description");
    w.string("Send it back in If-None-Match to get 304 while nothing changed");
    w.key("schema");
    w.start_object();
    w.key("type");
    w.string("string");
    w.end_object();
    w.end_object();
    w.end_object();
  }
  if (r.body == Body::calendar) {
    media_content(w, "text/calendar", [&] {
      w.start_object();
      w.key("type");
      w.string("string");
      w.end_object();
    });
    w.end_object();
    return;
  }
  json_content(w, [&] {
    switch (r.body) {
      case Body::calendar:
      case Body::document:
        w.start_object();
        w.key("type");
        w.string("object");
        w.end_object();
        return;
      case Body::readings:
        w.start_object();
        w.key("oneOf");
        w.start_array();
        ref(w, body_schema_name(Body::list, r.data));
        ref(w, body_schema_name(Body::single, "ReadingsByService"));
        w.end_array();
        w.end_object();
        return;
      case Body::single:
      case Body::list:
        ref(w, body_schema_name(r.body, r.data));
        return;
    }
  });
  w.end_object();
}

void write_option_parameter(JsonWriter& w, const OptionParamDoc& o) {
  w.start_object();
  w.key("name");
  w.string(o.key);
  w.key("in");
  w.string("query");
  w.key("required");
  w.boolean(false);
  w.key("description");
  w.string(o.description);
  w.key("schema");
  w.start_object();
  w.key("type");
  w.string("string");
  if (!o.pattern.empty()) {
    w.key("pattern");
    w.string(o.pattern);
  }
  if (!o.values.empty()) {
    w.key("enum");
    w.start_array();
    for (const std::string& v : o.values) w.string(v);
    w.end_array();
  }
  if (o.default_value) {
    w.key("default");
    w.string(*o.default_value);
  }
  w.end_object();
  w.end_object();
}

void write_operation(JsonWriter& w, const RouteDoc& r, const std::vector<OptionParamDoc>& options) {
  w.start_object();
  w.key("operationId");
  w.string(r.operation_id);
  w.key("summary");
  w.string(r.summary);
  w.key("tags");
  string_array(w, {r.tag});
  if (!r.keyed) {
    w.key("security");
    w.start_array();
    w.end_array();
  }
  w.key("parameters");
  w.start_array();
  for (const ParamDoc& p : r.params) write_parameter(w, p);
  if (r.options) {
    for (const OptionParamDoc& o : options) write_option_parameter(w, o);
  }
  if (r.keyed) {
    w.start_object();
    w.key("$ref");
    w.string("#/components/parameters/IfNoneMatch");
    w.end_object();
  }
  w.end_array();
  w.key("responses");
  w.start_object();
  write_ok(w, r);
  if (r.keyed) {
    w.key("304");
    w.start_object();
    w.key("description");
    w.string("Not modified (If-None-Match matched); no body");
    w.end_object();
  }
  const std::vector<std::string_view> errors =
      r.keyed || r.feed
          ? std::vector<std::string_view>{"400", "401", "403", "404", "429", "500", "503"}
          : std::vector<std::string_view>{"400", "500", "503"};
  for (std::string_view code : errors) {
    w.key_text(code);
    w.start_object();
    w.key("$ref");
    w.string("#/components/responses/Problem");
    w.end_object();
  }
  w.end_object();
  w.end_object();
}

void write_components(JsonWriter& w) {
  w.key("components");
  w.start_object();
  w.key("securitySchemes");
  w.start_object();
  w.key("apiKey");
  w.start_object();
  w.key("type");
  w.string("apiKey");
  w.key("in");
  w.string("header");
  w.key("name");
  w.string("X-API-Key");
  w.key("description");
  w.string("A key issued by the operator with kalendar-keys");
  w.end_object();
  w.end_object();
  w.key("parameters");
  w.start_object();
  w.key("IfNoneMatch");
  w.start_object();
  w.key("name");
  w.string("If-None-Match");
  w.key("in");
  w.string("header");
  w.key("required");
  w.boolean(false);
  w.key("description");
  w.string("ETag of an earlier answer: 304 with no body while the answer is unchanged");
  w.key("schema");
  w.start_object();
  w.key("type");
  w.string("string");
  w.end_object();
  w.end_object();
  w.end_object();
  w.key("responses");
  w.start_object();
  w.key("Problem");
  w.start_object();
  w.key("description");
  w.string("The error document: every problem of the request");
  json_content(w, [&] { ref(w, "Errors"); });
  w.end_object();
  w.end_object();
  w.key("schemas");
  w.start_object();
  for (const ObjectDoc& doc : object_docs()) {
    w.key_text(doc.name);
    write_object_schema(w, doc);
  }
  // The envelopes of the routes' 200 answers, each named once.
  std::vector<std::string> written;
  auto envelope = [&](Body body, std::string_view data) {
    std::string name = body_schema_name(body, data);
    for (const auto& n : written) {
      if (n == name) return;
    }
    w.key_text(name);
    write_envelope(w, body, data);
    written.push_back(std::move(name));
  };
  for (const RouteDoc& r : route_docs()) {
    if (r.body == Body::single || r.body == Body::list) envelope(r.body, r.data);
    if (r.body == Body::readings) {
      envelope(Body::list, r.data);
      envelope(Body::single, "ReadingsByService");
    }
  }
  w.end_object();
  w.end_object();
}

}  // namespace

std::string body_schema_name(Body body, std::string_view data) {
  return std::string(data) + (body == Body::list ? "List" : "Document");
}

std::string openapi_document(std::string_view base_url,
                             const std::vector<std::shared_ptr<const CompiledBook>>& books) {
  const std::vector<OptionParamDoc> options = option_param_docs(books);
  JsonWriter w;
  w.start_object();
  w.key("openapi");
  w.string("3.1.0");
  w.key("info");
  w.start_object();
  w.key("title");
  w.string("Kalendar liturgical calendar API");
  w.key("version");
  w.string("2.0.0");
  w.key("description");
  w.string(
      "Liturgical days, readings, collects and Bible passages of prayer books. Every route "
      "but this document needs the header X-API-Key. Lists carry links.next when there is "
      "more; errors answer the Errors document.");
  w.end_object();
  w.key("servers");
  w.start_array();
  w.start_object();
  w.key("url");
  w.string(base_url.empty() ? std::string_view("/") : base_url);
  w.key("description");
  w.string("The server that served this document");
  w.end_object();
  w.end_array();
  w.key("security");
  w.start_array();
  w.start_object();
  w.key("apiKey");
  w.start_array();
  w.end_array();
  w.end_object();
  w.end_array();
  w.key("tags");
  w.start_array();
  const std::pair<std::string_view, std::string_view> tags[] = {
      {"Days", "A date's liturgical facts, readings, collects and explanation"},
      {"Texts", "Bible passages"},
      {"Years", "A liturgical year: overview, seasons, key dates, cycles"},
      {"Celebrations", "The book's catalogue of celebrations"},
      {"Catalogues", "Prayer books, their preferences, Bible versions"},
      {"Meta", "This document"}};
  for (const auto& [tag, description] : tags) {
    w.start_object();
    w.key("name");
    w.string(tag);
    w.key("description");
    w.string(description);
    w.end_object();
  }
  w.end_array();
  w.key("paths");
  w.start_object();
  for (const RouteDoc& r : route_docs()) {
    w.key_text(r.pattern);
    w.start_object();
    w.key("get");
    write_operation(w, r, options);
    w.end_object();
  }
  w.end_object();
  write_components(w);
  w.end_object();
  return w.take();
}

}  // namespace kalendar::api
