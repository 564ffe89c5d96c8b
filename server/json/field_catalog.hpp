// The attributes of every resource type of API v2, in the order they are written. One list
// serves parameter validation (`fields[<type>]`), the serialisers and the OpenAPI document.
// Example: api_field_catalog().attributes("season") -> {"slug", "name", "parent", ...}.
#pragma once

#include "fields.hpp"

namespace kalendar::api {

[[nodiscard]] const FieldCatalog& api_field_catalog();

}  // namespace kalendar::api
