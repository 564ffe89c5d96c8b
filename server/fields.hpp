// Attribute selection: which members of each resource type a response keeps (`fields[<type>]`).
//
// A `FieldCatalog` lists, per resource type, the attribute names a client may select;
// api_field_catalog() (json/field_catalog.hpp) fills it from the table the serialisers follow. A
// `FieldSelection` is what one request asked for; the JSON writer consults it while writing
// (json/writer.hpp). `id` is always kept; an empty list keeps only `id`; a type that was not
// mentioned keeps everything (api-decisions.md, Envelope).
//
// Example:
//   FieldCatalog catalog;
//   catalog.add_type("day", {"date", "season", "color"});
//   FieldSelection selection;
//   selection.select("day", {"date"});
//   selection.keeps("day", "color") == false;  selection.keeps("day", "id") == true;
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {

// The resource type names of the spec that accept `fields[<type>]` (api-v2-spec.md §2).
// Example: kFieldTypes[0] == "day".
inline constexpr std::string_view kFieldTypes[] = {
    "day",          "reading",          "collect",     "annual_overview",  "season",
    "key_date",     "lectionary_cycle", "celebration", "celebration_type", "prayer_book",
    "bible_version"};

// The selectable attributes of each resource type.
// Example: catalog.attributes("day") -> {"date", "season", ...}; attributes("x") == nullptr.
class FieldCatalog {
 public:
  // Declares a type and its attributes (not including `id`). Example: add_type("season", {"key"}).
  void add_type(std::string type, std::vector<std::string> attributes);
  // The attributes of `type`, or nullptr for an unknown type. Example: attributes("day")->size().
  [[nodiscard]] const std::vector<std::string>* attributes(std::string_view type) const;
  // Every declared type, in declaration order. Example: types() == {"day", "reading"}.
  [[nodiscard]] std::vector<std::string_view> types() const;

 private:
  struct Entry {
    std::string type;
    std::vector<std::string> attributes;
  };
  std::vector<Entry> entries_;
};

// What one request selected. Types not mentioned keep all their attributes.
// Example: s.select("reading", {}) keeps only `id` of every reading.
class FieldSelection {
 public:
  // Records the selection for `type` (replacing an earlier one). Example: select("day", {"date"}).
  void select(std::string type, std::vector<std::string> attributes);
  // The selected attributes of `type`, or nullptr when all are kept.
  // Example: after select("day", {"date"}), *selected("day") == {"date"}.
  [[nodiscard]] const std::vector<std::string>* selected(std::string_view type) const;
  // True when `attribute` of `type` is written. `id` always is. Example: keeps("day", "id").
  [[nodiscard]] bool keeps(std::string_view type, std::string_view attribute) const;
  // True when nothing was selected (every attribute of every type is kept).
  // Example: FieldSelection{}.empty() == true.
  [[nodiscard]] bool empty() const { return entries_.empty(); }

 private:
  struct Entry {
    std::string type;
    std::vector<std::string> attributes;
  };
  std::vector<Entry> entries_;
};

// True when `name` is exactly `fields[<type>]` with a non-empty type free of brackets; the type
// is stored in `*type` when given. Example: is_fields_parameter("fields[day]") == true;
// is_fields_parameter("fields[]") == false; is_fields_parameter("book[]") == false.
[[nodiscard]] bool is_fields_parameter(std::string_view name, std::string* type = nullptr);

}  // namespace kalendar::api
