#include "fields.hpp"

#include <algorithm>

namespace kalendar::api {

void FieldCatalog::add_type(std::string type, std::vector<std::string> attributes) {
  for (auto& e : entries_) {
    if (e.type == type) {
      e.attributes = std::move(attributes);
      return;
    }
  }
  entries_.push_back({std::move(type), std::move(attributes)});
}

const std::vector<std::string>* FieldCatalog::attributes(std::string_view type) const {
  for (const auto& e : entries_) {
    if (e.type == type) return &e.attributes;
  }
  return nullptr;
}

std::vector<std::string_view> FieldCatalog::types() const {
  std::vector<std::string_view> out;
  out.reserve(entries_.size());
  for (const auto& e : entries_) out.emplace_back(e.type);
  return out;
}

void FieldSelection::select(std::string type, std::vector<std::string> attributes) {
  for (auto& e : entries_) {
    if (e.type == type) {
      e.attributes = std::move(attributes);
      return;
    }
  }
  entries_.push_back({std::move(type), std::move(attributes)});
}

const std::vector<std::string>* FieldSelection::selected(std::string_view type) const {
  for (const auto& e : entries_) {
    if (e.type == type) return &e.attributes;
  }
  return nullptr;
}

bool FieldSelection::keeps(std::string_view type, std::string_view attribute) const {
  if (attribute == "id") return true;
  const auto* list = selected(type);
  if (list == nullptr) return true;
  return std::find(list->begin(), list->end(), attribute) != list->end();
}

bool is_fields_parameter(std::string_view name, std::string* type) {
  constexpr std::string_view kPrefix = "fields[";
  if (name.size() <= kPrefix.size() + 1 || name.substr(0, kPrefix.size()) != kPrefix ||
      name.back() != ']') {
    return false;
  }
  const std::string_view inner = name.substr(kPrefix.size(), name.size() - kPrefix.size() - 1);
  if (inner.find_first_of("[]") != std::string_view::npos) return false;
  if (type != nullptr) *type = std::string(inner);
  return true;
}

}  // namespace kalendar::api
