// The attributes of every resource type of API v2, in the order they are written, taken from the
// one table of json/resource_docs.hpp (which also gives the OpenAPI schemas).
// Example: api_field_catalog().attributes("season") -> {"slug", "name", "parent", ...}.
#pragma once

#include "fields.hpp"

namespace kalendar::api {

[[nodiscard]] const FieldCatalog& api_field_catalog();

}  // namespace kalendar::api
