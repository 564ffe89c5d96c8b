#include "source_tree.hpp"

#include "text.hpp"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <set>
#include <string>

namespace kalendar::detail {

SourceNode::SourceNode() = default;
SourceNode::SourceNode(const SourceNode&) = default;
SourceNode::SourceNode(SourceNode&&) noexcept = default;
SourceNode& SourceNode::operator=(const SourceNode&) = default;
SourceNode& SourceNode::operator=(SourceNode&&) noexcept = default;
SourceNode::~SourceNode() = default;

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

// What one file may expand to. Aliases are shared inside yaml-cpp but copied here, so a few
// lines of nested aliases (a "billion laughs") would otherwise expand without bound; real books
// have a few thousand nodes and nest less than ten levels.
struct Budget {
  std::size_t nodes_left = kMaxYamlNodes;
  int depth = 0;
  bool exhausted = false;  // reported once; the rest of the file is skipped
};

SourceNode convert(const YAML::Node& node, const std::string& file, DiagnosticList& diags,
                   Budget& budget);

SourceNode convert_child(const YAML::Node& node, const std::string& file, DiagnosticList& diags,
                         Budget& budget) {
  ++budget.depth;
  SourceNode out = convert(node, file, diags, budget);
  --budget.depth;
  return out;
}

SourceNode convert(const YAML::Node& node, const std::string& file, DiagnosticList& diags,
                   Budget& budget) {
  SourceNode out;
  out.loc = loc_of(node, file);
  if (budget.exhausted) return out;
  if (budget.depth > kMaxYamlDepth) {
    diags.error(out.loc, "nested more than " + std::to_string(kMaxYamlDepth) + " levels deep");
    budget.exhausted = true;
    return out;
  }
  if (budget.nodes_left == 0) {
    diags.error(out.loc, "the document expands to more than " + std::to_string(kMaxYamlNodes) +
                             " values (aliases repeating aliases?)");
    budget.exhausted = true;
    return out;
  }
  --budget.nodes_left;
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
      for (const auto& item : node) {
        if (budget.exhausted) break;
        out.items.push_back(convert_child(item, file, diags, budget));
      }
      break;
    case YAML::NodeType::Map: {
      out.kind = SourceNode::Kind::mapping;
      std::set<std::string> seen;
      for (const auto& kv : node) {
        if (budget.exhausted) break;
        SourceNode key = convert_child(kv.first, file, diags, budget);
        if (!key.is_scalar()) {
          diags.error(key.loc, "mapping keys must be plain words");
          continue;
        }
        if (!seen.insert(key.scalar).second) {
          diags.error(key.loc,
                      "duplicate key '" + key.scalar + "' (only the first one would count)");
          continue;
        }
        SourceNode value = convert_child(kv.second, file, diags, budget);
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
  if (text.size() > kMaxYamlBytes) {
    // Reported where the limit is crossed, so the position says how far is too far.
    SourceLoc loc{name, 1, 1};
    for (std::size_t i = 0; i < kMaxYamlBytes; ++i) {
      if (text[i] == '\n') {
        ++loc.line;
        loc.column = 1;
      } else {
        ++loc.column;
      }
    }
    diags.error(loc, "file is larger than " + std::to_string(kMaxYamlBytes) + " bytes");
    return std::nullopt;
  }
  try {
    const YAML::Node root = YAML::Load(std::string(text));
    Budget budget;
    SourceNode out = convert(root, name, diags, budget);
    if (budget.exhausted) return std::nullopt;
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
  // One byte past the limit is enough for parse() to refuse the file; never read it all.
  std::string text(kMaxYamlBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return parse(text, path, diags);
}

}  // namespace kalendar::detail
