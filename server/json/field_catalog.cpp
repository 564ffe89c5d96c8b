#include "json/field_catalog.hpp"

#include "json/resource_docs.hpp"

namespace kalendar::api {

const FieldCatalog& api_field_catalog() {
  // The selectable members of every resource type of the one table (json/resource_docs.hpp).
  static const FieldCatalog catalog = [] {
    FieldCatalog c;
    for (const ObjectDoc& doc : object_docs()) {
      if (doc.fields_type.empty()) continue;
      std::vector<std::string> attributes;
      for (const FieldDoc& f : doc.fields) {
        if (f.presence == Presence::selectable || f.presence == Presence::selectable_on_request) {
          attributes.emplace_back(f.name);
        }
      }
      c.add_type(std::string(doc.fields_type), std::move(attributes));
    }
    return c;
  }();
  return catalog;
}

}  // namespace kalendar::api
