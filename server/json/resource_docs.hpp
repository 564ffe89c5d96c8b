// The one table of every JSON object API v2 writes: per object, its members in the order the
// serialisers write them, each with its JSON type, nullability, presence and description.
//
// Three things read it, so they cannot drift apart:
//   - the field catalogue (`fields[<type>]` validation): the selectable members of each
//     resource type (json/field_catalog.cpp);
//   - the OpenAPI document's components/schemas (handlers/openapi.cpp);
//   - the HTTP tests, which prove that every route's body has exactly these members, in this
//     order (tests/http/resource_docs_test.cpp).
//
// Example:
//   const ObjectDoc* day = object_doc("Day");
//   day->fields[0].name == "id";  day->fields_type == "day";
//   day->fields[1].presence == Presence::selectable;   // fields[day] may drop it
#pragma once

#include <memory>
#include <string_view>
#include <vector>

namespace kalendar::api {

// The JSON shape of one value. Example: Shape::date() is {"type":"string","format":"date"}.
struct Shape {
  // map: an object whose member names are data (a book's option keys), each value `items`.
  enum class Kind { string, integer, boolean, object, array, any_of, map };
  Kind kind = Kind::string;
  std::string_view format{};               // string: "date", "uri-reference"
  std::string_view pattern{};              // string: an ECMA-262 regular expression
  std::vector<std::string_view> values{};  // string: the closed set of values (enum)
  std::string_view ref{};                  // object: the ObjectDoc it is
  std::shared_ptr<const Shape> items{};    // array: the shape of each item
  std::vector<Shape> alternatives{};       // any_of: one of these
  bool items_nullable = false;             // map: a member's value may be null

  static Shape string() { return {}; }
  static Shape date() { return {.format = "date"}; }
  static Shape link() { return {.format = "uri-reference"}; }
  static Shape matching(std::string_view pattern) { return {.pattern = pattern}; }
  template <typename Range>
  static Shape one_of(const Range& values) {
    return {.values = std::vector<std::string_view>(std::begin(values), std::end(values))};
  }
  static Shape integer() { return {.kind = Kind::integer}; }
  static Shape boolean() { return {.kind = Kind::boolean}; }
  static Shape object(std::string_view doc) { return {.kind = Kind::object, .ref = doc}; }
  static Shape array(Shape item) {
    return {.kind = Kind::array, .items = std::make_shared<const Shape>(std::move(item))};
  }
  // Example: map_of(Shape::string(), true) for {"epiphany": "sunday", "dedication": null}.
  static Shape map_of(Shape value, bool nullable_values) {
    return {.kind = Kind::map,
            .items = std::make_shared<const Shape>(std::move(value)),
            .items_nullable = nullable_values};
  }
  static Shape either(std::vector<Shape> alternatives) {
    return {.kind = Kind::any_of, .alternatives = std::move(alternatives)};
  }
};

// When a member is written.
enum class Presence {
  always,                 // on every object (ids, members of plain objects)
  selectable,             // by default; `fields[<type>]` may drop it
  selectable_on_request,  // only when an include or option asks for it; `fields` may drop it
  on_request,             // only when an include, option or case calls for it (not selectable)
};

struct FieldDoc {
  std::string_view name;
  Shape shape;
  bool nullable = false;
  Presence presence = Presence::always;
  std::string_view description{};
};

// One kind of JSON object: a resource type (fields_type names it in `fields[...]`) or a plain
// object nested in one. `name` is its components/schemas name.
struct ObjectDoc {
  std::string_view name;
  std::string_view fields_type;  // "" when `fields[...]` does not apply
  std::string_view description;
  std::vector<FieldDoc> fields;
};

// Every object, resources first. Example: object_docs().front().name == "Day".
[[nodiscard]] const std::vector<ObjectDoc>& object_docs();
// The object called `name`, or nullptr. Example: object_doc("Error")->fields[0].name == "status".
[[nodiscard]] const ObjectDoc* object_doc(std::string_view name);

// The tables, by area (resource_docs_*.cpp).
void add_day_docs(std::vector<ObjectDoc>& out);
void add_explanation_docs(std::vector<ObjectDoc>& out);
void add_catalogue_docs(std::vector<ObjectDoc>& out);
void add_envelope_docs(std::vector<ObjectDoc>& out);

// Row helpers that keep each table row on one line (name, shape, description).
namespace table_rows {
inline FieldDoc key(std::string_view name, Shape shape, std::string_view description) {
  return {name, std::move(shape), false, Presence::always, description};
}
inline FieldDoc key_or_null(std::string_view name, Shape shape, std::string_view description) {
  return {name, std::move(shape), true, Presence::always, description};
}
inline FieldDoc attr(std::string_view name, Shape shape, std::string_view description) {
  return {name, std::move(shape), false, Presence::selectable, description};
}
inline FieldDoc attr_or_null(std::string_view name, Shape shape, std::string_view description) {
  return {name, std::move(shape), true, Presence::selectable, description};
}
inline FieldDoc sometimes(std::string_view name, Shape shape, bool nullable,
                          std::string_view description) {
  return {name, std::move(shape), nullable, Presence::on_request, description};
}
}  // namespace table_rows

}  // namespace kalendar::api
