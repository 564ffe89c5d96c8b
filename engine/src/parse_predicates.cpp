// Date rules and the two predicate forms (CandidateMatch, DayMatch) of the book format.
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
  const int relations =
      count_present(*node, {"before", "on_or_before", "after", "on_or_after", "nearest"});
  const bool fixed = node->find("day") != nullptr && node->find("weekday") == nullptr;
  const bool easter = node->find("easter") != nullptr;
  const bool nth = node->find("nth") != nullptr;
  const bool celebration = node->find("celebration") != nullptr;
  const int forms = (fixed ? 1 : 0) + (easter ? 1 : 0) + (nth ? 1 : 0) + (relations > 0 ? 1 : 0) +
                    (celebration ? 1 : 0);
  if (forms != 1 || relations > 1) {
    diags_.error(node->loc,
                 forms == 0 ? "a date rule needs one of: {month, day}, {easter}, {weekday, nth, "
                              "month}, {weekday, before|on_or_before|after|on_or_after|nearest}, "
                              "{celebration, days}"
                            : "a date rule takes exactly one form; this one combines several");
    return kNoIndex;
  }
  MapReader m(*node, "date rule", diags_);
  DateRule rule;
  rule.loc = node->loc;
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
  book_->rules.push_back(std::move(rule));
  return static_cast<Index>(book_->rules.size() - 1);
}

CandidateMatch BookParser::parse_candidate_match(const SourceNode& node, const std::string& what) {
  CandidateMatch out;
  MapReader m(node, what, diags_);
  if (const SourceNode* c = m.get("celebration")) {
    out.kinds |= 1u << static_cast<unsigned>(ObservanceKind::celebration);
    for (const auto& [key, loc] : read_slug_list(c, diags_)) {
      if (Index i = celebration_ref(key, loc); i != kNoIndex) out.celebrations.push_back(i);
    }
  }
  if (const SourceNode* t = m.get("type")) {
    out.kinds |= 1u << static_cast<unsigned>(ObservanceKind::celebration);
    for (const SourceNode* i : as_list(t)) {
      if (auto v = read_choice(i, kCelebrationTypeSlugs, "celebration type", diags_)) {
        out.types = static_cast<std::uint8_t>(out.types | (1u << *v));
      }
    }
  }
  const SourceNode* sunday = m.get("sunday");
  const SourceNode* feria = m.get("feria");
  if (sunday != nullptr && feria != nullptr) {
    diags_.error(node.loc, "use either 'sunday' or 'feria' in one match, not both");
  }
  for (auto [n, kind] :
       {std::pair{sunday, ObservanceKind::sunday}, std::pair{feria, ObservanceKind::feria}}) {
    if (n == nullptr) continue;
    out.kinds = static_cast<std::uint8_t>(out.kinds | (1u << static_cast<unsigned>(kind)));
    if (!(n->is_scalar() && n->scalar == "any")) out.seasons = season_list(n);
  }
  if (const SourceNode* k = m.get("kind")) {
    for (const SourceNode* i : as_list(k)) {
      if (auto v = read_choice(i, kObservanceKindSlugs, "observance kind", diags_)) {
        out.kinds = static_cast<std::uint8_t>(out.kinds | (1u << *v));
      }
    }
  }
  if (const SourceNode* t = m.get("transferred")) out.transferred = read_bool(t, diags_);
  if (const SourceNode* a = m.get("additional")) out.additional = read_bool(a, diags_);
  if (const SourceNode* on = m.get("on")) out.on.push_back(parse_day_match(*on, "'on' condition"));
  if (const SourceNode* a = m.get("any_of")) {
    if (!a->is_seq() || a->items.empty()) {
      diags_.error(a->loc, "'any_of' takes a non-empty list of conditions");
    } else {
      for (const auto& i : a->items) {
        out.any_of.push_back(parse_candidate_match(i, "'any_of' condition"));
      }
    }
  }
  for (const SourceNode* n : as_list(m.get("not"))) {
    out.none_of.push_back(parse_candidate_match(*n, "'not' condition"));
  }
  m.finish();
  return out;
}

DayMatch BookParser::parse_day_match(const SourceNode& node, const std::string& what) {
  DayMatch out;
  MapReader m(node, what, diags_);
  if (const SourceNode* s = m.get("season")) out.seasons = season_list(s);
  if (const SourceNode* w = m.get("weekday")) {
    for (const auto& [slug, loc] : read_slug_list(w, diags_)) {
      if (auto wd = parse_weekday(slug)) {
        out.weekdays = static_cast<std::uint8_t>(out.weekdays | (1u << wd->c_encoding()));
      } else {
        diags_.error(loc, "unknown weekday '" + slug + "'");
      }
    }
  }
  if (const SourceNode* k = m.get("sunday_key")) {
    for (const auto& [slug, loc] : read_slug_list(k, diags_)) {
      if (Index i = sunday_key_ref(slug, loc); i != kNoIndex) out.sunday_keys.push_back(i);
    }
  }
  if (const SourceNode* w = m.get("week")) {
    for (const SourceNode* i : as_list(w)) {
      if (auto v = read_int(i, 1, 60, diags_)) out.weeks.push_back(*v);
    }
  }
  if (const SourceNode* b = m.get("before_first_sunday")) {
    out.before_first_sunday = read_bool(b, diags_);
  }
  if (const SourceNode* w = m.get("within")) {
    for (const SourceNode* i : as_list(w)) {
      MapReader wm(*i, "window", diags_);
      DateWindow window{parse_date_rule(wm.require("from")), parse_date_rule(wm.require("to"))};
      wm.finish();
      if (window.from != kNoIndex && window.to != kNoIndex) out.within.push_back(window);
    }
  }
  if (const SourceNode* d = m.get("date")) {
    if (d->is_seq()) {
      for (const auto& i : d->items) {
        if (Index r = parse_date_rule(&i); r != kNoIndex) out.dates.push_back(r);
      }
    } else if (Index r = parse_date_rule(d); r != kNoIndex) {
      out.dates.push_back(r);
    }
  }
  if (const SourceNode* p = m.get("prevailing")) {
    out.prevailing.push_back(parse_candidate_match(*p, "'prevailing' condition"));
  }
  if (const SourceNode* a = m.get("any_of")) {
    if (!a->is_seq() || a->items.empty()) {
      diags_.error(a->loc, "'any_of' takes a non-empty list of conditions");
    } else {
      for (const auto& i : a->items) out.any_of.push_back(parse_day_match(i, "'any_of' condition"));
    }
  }
  if (const SourceNode* n = m.get("not")) {
    if (n->is_seq()) {
      for (const auto& i : n->items) out.none_of.push_back(parse_day_match(i, "'not' condition"));
    } else {
      out.none_of.push_back(parse_day_match(*n, "'not' condition"));
    }
  }
  m.finish();
  return out;
}

}  // namespace kalendar::detail
