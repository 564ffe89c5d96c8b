// The two predicate forms (CandidateMatch, DayMatch) of the book format.
#include "book_parser.hpp"
#include "reader.hpp"

namespace kalendar::detail {

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
  if (const SourceNode* o = m.get("option")) out.options = parse_option_tests(*o);
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
  for (const SourceNode* name : as_list(m.get("condition"))) {
    if (const DayMatch* named = named_condition_ref(*name)) out.all_of.push_back(*named);
  }
  if (const SourceNode* o = m.get("option")) out.options = parse_option_tests(*o);
  if (const SourceNode* w = m.get("weeks_to_end")) {
    out.weeks_to_end = read_int(w, 0, 60, diags_).value_or(-1);
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
