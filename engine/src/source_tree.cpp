#include "source_tree.hpp"

#include "text.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
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

SourceLoc loc_of(const YAML::Mark& mark, const std::string& file) {
  // yaml-cpp marks are 0-based; a null mark (-1) means "no position".
  return SourceLoc{file, mark.line >= 0 ? mark.line + 1 : 0,
                   mark.column >= 0 ? mark.column + 1 : 0};
}

// One YAML document as yaml-cpp's parser reports it, before any check: what YAML::Load would
// build, without its graph of shared nodes and memory holders (that graph's allocations were
// most of the YAML cost of start-up; issue 13). An alias is the anchored node's index again,
// shared as in yaml-cpp's graph, so convert() sees exactly what it saw in a YAML::Node.
struct RawNode {
  SourceNode::Kind kind = SourceNode::Kind::null;
  YAML::Mark mark;
  bool quoted = false;
  int references = 0;  // more than one: an alias repeats it
  std::string scalar;
  std::vector<std::size_t> children;  // a sequence's items; a mapping's keys and values in turn
};

class RawDocument final : public YAML::EventHandler {
 public:
  std::vector<RawNode> nodes;
  std::optional<std::size_t> root;

  void OnDocumentStart(const YAML::Mark& /*mark*/) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    push(mark, anchor, SourceNode::Kind::null);
  }
  void OnAlias(const YAML::Mark& /*mark*/, YAML::anchor_t anchor) override {
    // The parser refuses an alias to an anchor it has not seen.
    attach(anchors_.at(anchor));
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    const std::size_t i = push(mark, anchor, SourceNode::Kind::scalar);
    nodes[i].scalar = value;
    // yaml-cpp tags a quoted scalar "!" and a plain one "?".
    nodes[i].quoted = tag == "!";
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& /*tag*/, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value /*style*/) override {
    open_.push_back(push(mark, anchor, SourceNode::Kind::sequence));
  }
  void OnSequenceEnd() override { open_.pop_back(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& /*tag*/, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value /*style*/) override {
    open_.push_back(push(mark, anchor, SourceNode::Kind::mapping));
  }
  void OnMapEnd() override { open_.pop_back(); }

 private:
  std::vector<std::size_t> open_;     // sequences and mappings not yet closed
  std::vector<std::size_t> anchors_;  // by yaml-cpp's anchor number (1, 2, ...)

  std::size_t push(const YAML::Mark& mark, YAML::anchor_t anchor, SourceNode::Kind kind) {
    const std::size_t i = nodes.size();
    nodes.push_back(RawNode{kind, mark, false, 0, {}, {}});
    if (anchor != YAML::NullAnchor) {
      if (anchors_.size() <= anchor) anchors_.resize(anchor + 1);
      anchors_[anchor] = i;
    }
    attach(i);
    return i;
  }
  void attach(std::size_t i) {
    ++nodes[i].references;
    if (open_.empty()) {
      root = i;
    } else {
      nodes[open_.back()].children.push_back(i);
    }
  }
};

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
  int shared_levels = 0;   // how many of the nodes being converted an alias repeats
};

SourceNode convert(RawDocument& doc, std::size_t node, const std::string& file,
                   DiagnosticList& diags, Budget& budget);

SourceNode convert_child(RawDocument& doc, std::size_t node, const std::string& file,
                         DiagnosticList& diags, Budget& budget) {
  ++budget.depth;
  // Inside a node an alias repeats, texts are copied; anywhere else they are moved out.
  const bool shared = doc.nodes[node].references > 1;
  if (shared) ++budget.shared_levels;
  SourceNode out = convert(doc, node, file, diags, budget);
  if (shared) --budget.shared_levels;
  --budget.depth;
  return out;
}

SourceNode convert(RawDocument& doc, std::size_t node, const std::string& file,
                   DiagnosticList& diags, Budget& budget) {
  RawNode& raw = doc.nodes[node];
  SourceNode out;
  out.loc = loc_of(raw.mark, file);
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
  switch (raw.kind) {
    case SourceNode::Kind::scalar:
      out.kind = SourceNode::Kind::scalar;
      out.scalar = budget.shared_levels > 0 ? raw.scalar : std::move(raw.scalar);
      out.quoted = raw.quoted;
      // Validated here once, so that no writer downstream (RapidJSON) ever sees broken UTF-8.
      if (!is_valid_utf8(out.scalar)) {
        diags.error(out.loc, "text is not valid UTF-8");
        out.scalar.clear();
      }
      break;
    case SourceNode::Kind::sequence:
      out.kind = SourceNode::Kind::sequence;
      out.items.reserve(raw.children.size());
      // doc.nodes never grows while converting, so `raw` stays valid through the recursion.
      for (const std::size_t item : raw.children) {
        if (budget.exhausted) break;
        out.items.push_back(convert_child(doc, item, file, diags, budget));
      }
      break;
    case SourceNode::Kind::mapping: {
      out.kind = SourceNode::Kind::mapping;
      out.entries.reserve(raw.children.size() / 2);
      // The keys taken so far are out.entries' keys: a short mapping (most of them) is searched
      // there; a long one (a lectionary's) is indexed once it grows long.
      std::set<std::string> many_keys;
      const auto is_duplicate = [&](const std::string& key) {
        constexpr std::size_t kSearchedKeys = 24;
        if (out.entries.size() < kSearchedKeys) {
          return std::any_of(out.entries.begin(), out.entries.end(),
                             [&](const auto& entry) { return entry.first.scalar == key; });
        }
        if (many_keys.empty()) {
          for (const auto& entry : out.entries) many_keys.insert(entry.first.scalar);
        }
        return !many_keys.insert(key).second;
      };
      for (std::size_t c = 0; c + 1 < raw.children.size(); c += 2) {
        if (budget.exhausted) break;
        SourceNode key = convert_child(doc, raw.children[c], file, diags, budget);
        if (!key.is_scalar()) {
          diags.error(key.loc, "mapping keys must be plain words");
          continue;
        }
        if (is_duplicate(key.scalar)) {
          diags.error(key.loc,
                      "duplicate key '" + key.scalar + "' (only the first one would count)");
          continue;
        }
        SourceNode value = convert_child(doc, raw.children[c + 1], file, diags, budget);
        if (key.scalar == "source" && value.is_scalar()) check_citation(value, diags);
        out.entries.emplace_back(std::move(key), std::move(value));
      }
      break;
    }
    case SourceNode::Kind::null:
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
    // As YAML::Load: the first document only; none at all reads as null.
    std::istringstream stream{std::string(text)};
    YAML::Parser parser(stream);
    RawDocument doc;
    // About one node per 10 bytes in the shipped books: reserved once, so that the vector is
    // not copied (and its pages faulted in again) at every doubling.
    doc.nodes.reserve(text.size() / 8);
    parser.HandleNextDocument(doc);
    Budget budget;
    SourceNode out;
    if (doc.root) {
      out = convert(doc, *doc.root, name, diags, budget);
    } else {
      out.loc = loc_of(YAML::Mark::null_mark(), name);
    }
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
