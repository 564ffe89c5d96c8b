// Date rules: the five forms, their variants (leap_year, except) and named rules and conditions
// declared once in `date_rules:` / `conditions:` and used by name (docs/BOOKS.md "Date rules").
#include "book_parser.hpp"
#include "reader.hpp"

namespace kalendar::detail {

namespace {

// Longest month lengths (29 February is a valid fixed date: it simply does not occur in common
// years, which the year plan records).
constexpr std::array<int, 13> kMonthDays = {0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

int count_present(const SourceNode& node, std::initializer_list<std::string_view> keys) {
  int n = 0;
  for (auto k : keys) n += node.find(k) != nullptr ? 1 : 0;
  return n;
}

}  // namespace

Index BookParser::parse_date_rule(const SourceNode* node) {
  if (node == nullptr) return kNoIndex;
  if (!node->is_map()) {
    diags_.error(node->loc,
                 "a date rule is a mapping such as {month: 12, day: 25} or {easter: -46}");
    return kNoIndex;
  }
  if (const SourceNode* name = node->find("rule")) {
    if (node->entries.size() != 1) {
      diags_.error(node->loc, "'rule' names a date rule of 'date_rules' and takes no other keys");
      return kNoIndex;
    }
    return named_rule_ref(*name);
  }
  const int relations =
      count_present(*node, {"before", "on_or_before", "after", "on_or_after", "nearest"});
  const bool fixed = node->find("day") != nullptr && node->find("weekday") == nullptr;
  const bool easter = node->find("easter") != nullptr;
  const bool nth = node->find("nth") != nullptr;
  const bool celebration = node->find("celebration") != nullptr;
  const bool option = node->find("option") != nullptr;
  const int forms = (fixed ? 1 : 0) + (easter ? 1 : 0) + (nth ? 1 : 0) + (relations > 0 ? 1 : 0) +
                    (celebration ? 1 : 0) + (option ? 1 : 0);
  if (forms != 1 || relations > 1) {
    diags_.error(node->loc,
                 forms == 0 ? "a date rule needs one of: {month, day}, {easter}, {weekday, nth, "
                              "month}, {weekday, before|on_or_before|after|on_or_after|nearest}, "
                              "{celebration, days}, {option}, {rule}"
                            : "a date rule takes exactly one form; this one combines several");
    return kNoIndex;
  }
  MapReader m(*node, "date rule", diags_);
  DateRule rule;
  rule.loc = node->loc;
  const SourceNode* leap_year = m.get("leap_year");
  const SourceNode* exceptions = m.get("except");
  if (fixed) {
    auto month = read_int(m.require("month"), 1, 12, diags_);
    auto day = read_int(m.require("day"), 1, 31, diags_);
    m.finish();
    if (!month || !day) return kNoIndex;
    if (*day > kMonthDays[static_cast<std::size_t>(*month)]) {
      diags_.error(node->loc,
                   "month " + std::to_string(*month) + " has no day " + std::to_string(*day));
      return kNoIndex;
    }
    rule.form = FixedDate{static_cast<unsigned>(*month), static_cast<unsigned>(*day)};
  } else if (easter) {
    auto days = read_int(m.require("easter"), -400, 400, diags_);
    m.finish();
    if (!days) return kNoIndex;
    rule.form = EasterOffset{*days};
  } else if (nth) {
    auto wd = read_text(m.require("weekday"), diags_);
    const SourceNode* nth_node = m.require("nth");
    auto month = read_int(m.require("month"), 1, 12, diags_);
    m.finish();
    auto weekday = wd ? parse_weekday(*wd) : std::nullopt;
    if (wd && !weekday) diags_.error(node->find("weekday")->loc, "unknown weekday '" + *wd + "'");
    int n = 0;
    if (nth_node != nullptr && nth_node->scalar == "last") {
      n = -1;
    } else if (auto v = read_int(nth_node, 1, 5, diags_)) {
      n = *v;
    }
    if (!weekday || n == 0 || !month) return kNoIndex;
    rule.form = NthWeekday{*weekday, n, static_cast<unsigned>(*month)};
  } else if (relations == 1) {
    auto wd = read_text(m.require("weekday"), diags_);
    auto weekday = wd ? parse_weekday(*wd) : std::nullopt;
    if (wd && !weekday) diags_.error(node->find("weekday")->loc, "unknown weekday '" + *wd + "'");
    Relation relation = Relation::on_or_after;
    const SourceNode* anchor_node = nullptr;
    for (std::size_t i = 0; i < kRelationSlugs.size(); ++i) {
      if (const SourceNode* a = m.get(kRelationSlugs[i])) {
        relation = static_cast<Relation>(i);
        anchor_node = a;
      }
    }
    m.finish();
    const Index anchor = parse_date_rule(anchor_node);
    if (!weekday || anchor == kNoIndex) return kNoIndex;
    rule.form = WeekdayRelative{*weekday, relation, anchor};
  } else if (option) {
    const SourceNode* key = m.require("option");
    m.finish();
    const Index i = key != nullptr ? option_ref(*key, true) : kNoIndex;
    if (i == kNoIndex) return kNoIndex;
    rule.form = OptionDate{i};
  } else {
    const SourceNode* target_node = m.require("celebration");
    const Index target =
        target_node ? celebration_ref(target_node->scalar, target_node->loc) : kNoIndex;
    int days = 0;
    if (const SourceNode* d = m.get("days")) days = read_int(d, -400, 400, diags_).value_or(0);
    m.finish();
    if (target == kNoIndex) return kNoIndex;
    rule.form = CelebrationOffset{target, days};
  }
  parse_date_variants(leap_year, exceptions, rule);
  book_->rules.push_back(std::move(rule));
  return static_cast<Index>(book_->rules.size() - 1);
}

void BookParser::parse_date_variants(const SourceNode* leap_year, const SourceNode* exceptions,
                                     DateRule& rule) {
  if (leap_year != nullptr) rule.leap_year = parse_date_rule(leap_year);
  if (exceptions == nullptr) return;
  if (!exceptions->is_seq() || exceptions->items.empty()) {
    diags_.error(exceptions->loc, "'except' takes a non-empty list of {when, then}");
    return;
  }
  for (const SourceNode& item : exceptions->items) {
    MapReader m(item, "date exception", diags_);
    DateException e;
    e.loc = item.loc;
    if (const SourceNode* when = m.require("when")) {
      MapReader wm(*when, "date exception condition", diags_);
      for (const auto& [slug, loc] : read_slug_list(wm.get("weekday"), diags_)) {
        if (auto wd = parse_weekday(slug)) {
          e.weekdays = static_cast<std::uint8_t>(e.weekdays | (1u << wd->c_encoding()));
        } else {
          diags_.error(loc, "unknown weekday '" + slug + "'");
        }
      }
      if (const SourceNode* d = wm.get("date")) {
        for (const SourceNode* i : as_list(d)) {
          if (Index r = parse_date_rule(i); r != kNoIndex) e.coincides.push_back(r);
        }
      }
      if (const SourceNode* l = wm.get("leap_year")) e.leap_year = read_bool(l, diags_);
      if (const SourceNode* o = wm.get("option")) e.options = parse_option_tests(*o);
      wm.finish();
      if (e.weekdays == 0 && e.coincides.empty() && !e.leap_year &&
          when->find("option") == nullptr) {
        diags_.error(when->loc,
                     "a date exception's 'when' needs weekday, date, leap_year or option");
      }
    }
    if (const SourceNode* then = m.require("then")) {
      // {days: N} moves the date; any other mapping is a date rule giving the new date.
      if (then->is_map() && then->entries.size() == 1 && then->find("days") != nullptr) {
        e.shift_days = read_int(then->find("days"), -400, 400, diags_).value_or(0);
      } else {
        e.replacement = parse_date_rule(then);
      }
    }
    m.finish();
    rule.exceptions.push_back(std::move(e));
  }
}

void BookParser::collect_named(const char* section, std::map<std::string, NamedNode>& out) {
  auto it = src_.maps.find(section);
  if (it == src_.maps.end()) return;
  for (const auto& [key, value] : it->second) {
    if (!read_slug(key, diags_)) continue;
    NamedNode named;
    named.node = value;
    named.kind = &out == &named_rules_ ? NamedNode::Kind::date_rule : NamedNode::Kind::condition;
    auto [at, inserted] = out.emplace(key->scalar, std::move(named));
    if (!inserted) {
      const SourceLoc& first = at->second.node->loc;
      diags_.error(key->loc, std::string(section) + " entry '" + key->scalar +
                                 "' is already defined at " + first.file + ":" +
                                 std::to_string(first.line));
    }
  }
}

Index BookParser::named_rule_ref(const SourceNode& name) {
  auto it = named_rules_.find(name.scalar);
  if (it == named_rules_.end()) {
    diags_.error(name.loc, "unknown date rule '" + name.scalar + "' (not in 'date_rules')");
    return kNoIndex;
  }
  return parse_named(it->first, it->second, name.loc) ? it->second.rule : kNoIndex;
}

const DayMatch* BookParser::named_condition_ref(const SourceNode& name) {
  auto it = named_conditions_.find(name.scalar);
  if (it == named_conditions_.end()) {
    diags_.error(name.loc, "unknown condition '" + name.scalar + "' (not in 'conditions')");
    return nullptr;
  }
  return parse_named(it->first, it->second, name.loc) ? &it->second.condition : nullptr;
}

bool BookParser::parse_named(const std::string& name, NamedNode& n, const SourceLoc& use) {
  const bool is_rule = n.kind == NamedNode::Kind::date_rule;
  if (n.state == NamedNode::State::parsing) {
    diags_.error(
        use, std::string(is_rule ? "date rule '" : "condition '") + name + "' refers to itself");
    return false;
  }
  if (n.state == NamedNode::State::none) {
    n.state = NamedNode::State::parsing;
    if (is_rule) {
      n.rule = parse_date_rule(n.node);
    } else {
      n.condition = parse_day_match(*n.node, "condition '" + name + "'");
    }
    n.state = NamedNode::State::done;
  }
  return true;
}

void BookParser::check_unused_named() {
  // Named entries nobody uses are still parsed, so that their errors show.
  for (auto& [name, n] : named_rules_) parse_named(name, n, n.node->loc);
  for (auto& [name, n] : named_conditions_) parse_named(name, n, n.node->loc);
}

}  // namespace kalendar::detail
