#include "source_tree.hpp"

#include "text.hpp"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <set>
#include <sstream>

namespace kalendar::detail {

const SourceNode* SourceNode::find(std::string_view key) const {
  for (const auto& [k, v] : entries) {
    if (k.scalar == key) return &v;
  }
  return nullptr;
}

namespace {

SourceLoc loc_of(const YAML::Node& node, const std::string& file) {
  const YAML::Mark mark = node.Mark();
  // yaml-cpp marks are 0-based; a null mark (-1) means "no position".
  return SourceLoc{file, mark.line >= 0 ? mark.line + 1 : 0,
                   mark.column >= 0 ? mark.column + 1 : 0};
}

// A `source:` value is shown to users (explanations, the API), so it must cite what a reader can
// look up. Checked here, where every YAML file of books, rule sets and checks passes, so that no
// section can forget it. Open questions belong in books/README.md.
void check_citation(const SourceNode& value, DiagnosticList& diags) {
  const std::string text = fold_for_search(value.scalar);
  if (text.find("[confirm") != std::string::npos) {
    diags.error(value.loc,
                "source contains '[confirm': sources reach API answers; cite what is printed and "
                "list the open question in books/README.md");
  }
  for (const std::string_view internal : {"domain notes", "notes \u00a7"}) {
    if (text.find(internal) != std::string::npos) {
      diags.error(value.loc, "source cites our internal notes ('" + std::string(internal) +
                                 "'): cite the printed book (rubric, page, section) or a "
                                 "published source");
      break;
    }
  }
}

SourceNode convert(const YAML::Node& node, const std::string& file, DiagnosticList& diags) {
  SourceNode out;
  out.loc = loc_of(node, file);
  switch (node.Type()) {
    case YAML::NodeType::Scalar:
      out.kind = SourceNode::Kind::scalar;
      out.scalar = node.Scalar();
      // yaml-cpp tags a quoted scalar "!" and a plain one "?".
      out.quoted = node.Tag() == "!";
      // Validated here once, so that no writer downstream (RapidJSON) ever sees broken UTF-8.
      if (!is_valid_utf8(out.scalar)) {
        diags.error(out.loc, "text is not valid UTF-8");
        out.scalar.clear();
      }
      break;
    case YAML::NodeType::Sequence:
      out.kind = SourceNode::Kind::sequence;
      for (const auto& item : node) out.items.push_back(convert(item, file, diags));
      break;
    case YAML::NodeType::Map: {
      out.kind = SourceNode::Kind::mapping;
      std::set<std::string> seen;
      for (const auto& kv : node) {
        SourceNode key = convert(kv.first, file, diags);
        if (!key.is_scalar()) {
          diags.error(key.loc, "mapping keys must be plain words");
          continue;
        }
        if (!seen.insert(key.scalar).second) {
          diags.error(key.loc,
                      "duplicate key '" + key.scalar + "' (only the first one would count)");
          continue;
        }
        SourceNode value = convert(kv.second, file, diags);
        if (key.scalar == "source" && value.is_scalar()) check_citation(value, diags);
        out.entries.emplace_back(std::move(key), std::move(value));
      }
      break;
    }
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
      out.kind = SourceNode::Kind::null;
      break;
  }
  return out;
}

std::optional<SourceNode> parse(std::string_view text, const std::string& name,
                                DiagnosticList& diags) {
  try {
    const YAML::Node root = YAML::Load(std::string(text));
    SourceNode out = convert(root, name, diags);
    if (out.is_null()) out.loc = SourceLoc{name, 1, 1};
    return out;
  } catch (const YAML::Exception& e) {
    const SourceLoc loc{name, e.mark.line >= 0 ? e.mark.line + 1 : 0,
                        e.mark.column >= 0 ? e.mark.column + 1 : 0};
    diags.error(loc, "YAML syntax: " + e.msg);
    return std::nullopt;
  }
}

}  // namespace

std::optional<SourceNode> read_yaml_text(std::string_view text, const std::string& name,
                                         DiagnosticList& diags) {
  return parse(text, name, diags);
}

std::optional<SourceNode> read_yaml_file(const std::string& path, DiagnosticList& diags) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.error(SourceLoc{path, 0, 0}, "cannot read file");
    return std::nullopt;
  }
  std::ostringstream buf;
  buf << in.rdbuf();
  return parse(buf.str(), path, diags);
}

}  // namespace kalendar::detail
