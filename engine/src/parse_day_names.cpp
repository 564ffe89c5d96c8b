// `day_names:` (calendar files): what the book calls some weekdays that are no celebration.
// Example (YAML):
//   day_names:
//     - {key: easter_eve, name: Easter Eve, on: {easter: -1}, source: "..."}
#include "book_parser.hpp"

#include <set>

namespace kalendar::detail {

void BookParser::parse_day_names() {
  const auto* list = src_.list("day_names");
  if (list == nullptr) return;
  std::set<std::string> keys;
  for (const SourceNode& node : *list) {
    MapReader m(node, "day name", diags_);
    DayName d;
    read_entry_header(m, node, d);
    if (!d.key.empty() && !keys.insert(d.key).second) {
      diags_.error(node.find("key")->loc, "day name key '" + d.key + "' is used twice");
    }
    if (celebrations_.count(d.key) > 0) {
      diags_.error(node.find("key")->loc, "day name '" + d.key +
                                              "' is a celebration's key: a celebration is named by "
                                              "its own entry");
    }
    if (const SourceNode* n = m.get("name")) {
      if (read_text(n, diags_) && !d.key.empty()) inline_names_.texts["day_names"][d.key] = n;
    }
    d.date = parse_date_rule(m.require("on"));
    m.finish();
    if (d.date != kNoIndex) book_->day_names.push_back(std::move(d));
  }
}

}  // namespace kalendar::detail
