#include "golden.hpp"

#include <simdjson.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <set>
#include <stdexcept>

namespace kalendar::testing {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

constexpr std::string_view kMaskedPointer = "/meta/data_version";
constexpr std::string_view kMask = "<data_version>";
constexpr std::size_t kMaxDiffLines = 40;

void escape(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    const auto ch = static_cast<unsigned char>(c);
    switch (ch) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (ch < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(ch));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

std::string pointer_token(std::string_view key) {
  std::string out;
  for (const char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

void pad(std::string& out, int depth) { out.append(static_cast<std::size_t>(depth) * 2, ' '); }

void write_pretty(std::string& out, element e, int depth, const std::string& pointer) {
  switch (e.type()) {
    case element_type::ARRAY: {
      const simdjson::dom::array a = e.get_array().value_unsafe();
      if (a.size() == 0) {
        out += "[]";
        return;
      }
      out += "[\n";
      std::size_t i = 0;
      for (element item : a) {
        if (i != 0) out += ",\n";
        pad(out, depth + 1);
        write_pretty(out, item, depth + 1, pointer + "/" + std::to_string(i));
        ++i;
      }
      out += "\n";
      pad(out, depth);
      out += "]";
      return;
    }
    case element_type::OBJECT: {
      const simdjson::dom::object o = e.get_object().value_unsafe();
      if (o.size() == 0) {
        out += "{}";
        return;
      }
      out += "{\n";
      bool first = true;
      for (auto field : o) {
        if (!first) out += ",\n";
        first = false;
        pad(out, depth + 1);
        escape(out, field.key);
        out += ": ";
        write_pretty(out, field.value, depth + 1, pointer + "/" + pointer_token(field.key));
      }
      out += "\n";
      pad(out, depth);
      out += "}";
      return;
    }
    case element_type::STRING:
      escape(out, pointer == kMaskedPointer ? kMask : e.get_string().value_unsafe());
      return;
    default:
      out += simdjson::minify(e);  // numbers, booleans, null
      return;
  }
}

std::string shown(element e) {
  std::string text = simdjson::minify(e);
  if (text.size() > 120) text = text.substr(0, 117) + "...";
  return text;
}

bool is_number(element_type t) {
  return t == element_type::INT64 || t == element_type::UINT64 || t == element_type::DOUBLE;
}

void diff(element expected, element actual, const std::string& pointer,
          std::vector<std::string>& out) {
  if (out.size() >= kMaxDiffLines) return;
  const std::string where = pointer.empty() ? "/" : pointer;
  if (pointer == kMaskedPointer && expected.is_string() && actual.is_string() &&
      expected.get_string().value_unsafe() == kMask) {
    return;
  }
  const element_type te = expected.type();
  const element_type ta = actual.type();
  if (te != ta && !(is_number(te) && is_number(ta))) {
    out.push_back(where + ": expected " + shown(expected) + ", got " + shown(actual));
    return;
  }
  if (te == element_type::OBJECT) {
    const simdjson::dom::object eo = expected.get_object().value_unsafe();
    const simdjson::dom::object ao = actual.get_object().value_unsafe();
    for (auto field : eo) {
      const std::string child = pointer + "/" + pointer_token(field.key);
      element value;
      if (ao.at_key(field.key).get(value) != simdjson::SUCCESS) {
        out.push_back(child + ": missing (expected " + shown(field.value) + ")");
        continue;
      }
      diff(field.value, value, child, out);
    }
    for (auto field : ao) {
      element ignored;
      if (eo.at_key(field.key).get(ignored) != simdjson::SUCCESS) {
        out.push_back(pointer + "/" + pointer_token(field.key) + ": unexpected member " +
                      shown(field.value));
      }
    }
    return;
  }
  if (te == element_type::ARRAY) {
    const simdjson::dom::array ea = expected.get_array().value_unsafe();
    const simdjson::dom::array aa = actual.get_array().value_unsafe();
    std::size_t expected_items = 0;
    std::size_t actual_items = 0;
    for ([[maybe_unused]] element item : ea) ++expected_items;
    for ([[maybe_unused]] element item : aa) ++actual_items;
    if (expected_items != actual_items) {
      out.push_back(where + ": expected " + std::to_string(expected_items) + " items, got " +
                    std::to_string(actual_items));
    }
    auto e_it = ea.begin();
    auto a_it = aa.begin();
    for (std::size_t i = 0; e_it != ea.end() && a_it != aa.end(); ++i, ++e_it, ++a_it) {
      diff(*e_it, *a_it, pointer + "/" + std::to_string(i), out);
    }
    return;
  }
  if (simdjson::minify(expected) != simdjson::minify(actual)) {
    out.push_back(where + ": expected " + shown(expected) + ", got " + shown(actual));
  }
}

bool safe_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

}  // namespace

std::filesystem::path golden_dir() {
  return std::filesystem::path(KALENDAR_SOURCE_DIR) / "tests/golden";
}

std::vector<GoldenCase> load_golden_cases(const std::filesystem::path& dir) {
  const auto file = dir / "cases.yaml";
  YAML::Node root;
  try {
    root = YAML::LoadFile(file.string());
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(file.string() + ": " + e.what());
  }
  const YAML::Node list = root["cases"];
  if (!list || !list.IsSequence()) throw std::runtime_error(file.string() + ": no 'cases' list");
  std::vector<GoldenCase> out;
  std::set<std::string> names;
  for (const auto& node : list) {
    GoldenCase c;
    for (const auto& member : node) {
      const auto key = member.first.as<std::string>();
      if (key == "name") {
        c.name = member.second.as<std::string>();
      } else if (key == "path") {
        c.path = member.second.as<std::string>();
      } else if (key == "book") {
        c.book = member.second.as<std::string>();
      } else if (key == "status") {
        c.status = member.second.as<int>();
      } else if (key != "why") {
        throw std::runtime_error(file.string() + ": unknown member '" + key + "'");
      }
    }
    if (!safe_name(c.name)) throw std::runtime_error(file.string() + ": bad name '" + c.name + "'");
    if (!names.insert(c.name).second) {
      throw std::runtime_error(file.string() + ": duplicate name '" + c.name + "'");
    }
    if (c.path.rfind("/api/v2/", 0) != 0) {
      throw std::runtime_error(file.string() + ": path of '" + c.name + "' is not under /api/v2/");
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::string golden_target(const GoldenCase& c) {
  if (c.book.empty()) return c.path;
  return c.path + (c.path.find('?') == std::string::npos ? "?" : "&") + "book=" + c.book;
}

std::string pretty_body(std::string_view body) {
  simdjson::dom::parser parser;
  element root;
  if (parser.parse(body.data(), body.size()).get(root) != simdjson::SUCCESS) {
    throw std::runtime_error("the body is not JSON: " + std::string(body.substr(0, 200)));
  }
  std::string out;
  write_pretty(out, root, 0, "");
  out += "\n";
  return out;
}

std::vector<std::string> golden_diff(std::string_view expected, std::string_view actual) {
  simdjson::dom::parser expected_parser;
  simdjson::dom::parser actual_parser;
  element e;
  element a;
  if (expected_parser.parse(expected.data(), expected.size()).get(e) != simdjson::SUCCESS) {
    return {"the golden file is not JSON"};
  }
  if (actual_parser.parse(actual.data(), actual.size()).get(a) != simdjson::SUCCESS) {
    return {"the response body is not JSON"};
  }
  std::vector<std::string> out;
  diff(e, a, "", out);
  if (out.size() >= kMaxDiffLines) out.emplace_back("(more differences left out)");
  return out;
}

}  // namespace kalendar::testing
