#include "json/explanation_json.hpp"

#include "json/day_json.hpp"

#include <algorithm>

namespace kalendar::api {

namespace {

// Citations of the rules used, each once, in the order met.
class Sources {
 public:
  void add(const std::string& s) {
    if (!s.empty() && std::find(items_.begin(), items_.end(), s) == items_.end())
      items_.push_back(s);
  }
  void write(JsonWriter& w) const {
    w.start_array();
    for (const auto& s : items_) w.string(s);
    w.end_array();
  }

 private:
  std::vector<std::string> items_;
};

void nullable(JsonWriter& w, std::string_view s) {
  if (s.empty()) {
    w.null();
  } else {
    w.string(s);
  }
}

}  // namespace

void write_explanation(JsonWriter& w, const ResolvedDay& day, const LanguageStrings& names,
                       const std::vector<ReadingSet>& readings) {
  const CompiledBook& b = day.book();
  const DayRecord& r = day.record();
  const YearPlan& plan = day.plan();
  Sources sources;
  w.start_object();

  w.key("liturgical_year");
  w.start_object();
  w.key("year");
  w.integer(plan.liturgical_year);
  w.key("starts");
  w.date(to_civil(plan.first_day));
  w.key("ends");
  w.date(to_civil(plan.last_day));
  w.key("cycles");
  w.start_object();
  w.key("sunday");
  w.string(day.sunday_cycle());
  w.key("weekday");
  w.string(day.weekday_cycle());
  w.end_object();
  w.end_object();

  w.key("season");
  w.start_object();
  const Index innermost = r.sub_season != kNoIndex ? r.sub_season : r.season;
  w.key("slug");
  w.string(b.seasons[r.season].key);
  w.key("name");
  w.string(names.seasons[r.season]);
  w.key("sub_season");
  write_season_ref(w, b, names, r.sub_season);
  w.key("boundary");
  w.date(to_civil(r.season_start));  // the start of the innermost season holding the day
  w.key("source");
  nullable(w, b.seasons[innermost].source);
  sources.add(b.seasons[innermost].source);
  w.end_object();

  w.key("week");
  w.start_object();
  w.key("number");
  if (r.week > 0) {
    w.integer(r.week);
  } else {
    w.null();
  }
  w.key("label");
  nullable(w, r.week == 0 ? std::string_view(names.season_labels[r.season]) : std::string_view());
  w.key("governing_sunday");
  w.start_object();
  w.key("date");
  w.date(to_civil(r.governing_sunday));
  w.key("key");
  nullable(w, r.sunday_key != kNoIndex ? std::string_view(b.sunday_keys[r.sunday_key]) : "");
  w.key("name");
  nullable(w, r.sunday_key != kNoIndex ? std::string_view(names.sundays[r.sunday_key]) : "");
  w.end_object();
  w.end_object();

  w.key("proper");
  if (r.proper > 0) {
    w.start_object();
    w.key("number");
    w.integer(r.proper);
    for (const ProperWindow& pw : b.propers.windows) {
      if (pw.number != r.proper) continue;
      w.key("closest_sunday_to");
      w.string((pw.month < 10 ? "0" : "") + std::to_string(pw.month) + "-" +
               (pw.day < 10 ? "0" : "") + std::to_string(pw.day));
    }
    w.key("source");
    nullable(w, b.propers.source);
    sources.add(b.propers.source);
    w.end_object();
  } else {
    w.null();
  }

  w.key("candidates");
  w.start_array();
  for (const Observance& o : day.observances()) {
    write_observance(w, day, names, o, true);
    if (o.row != kNoIndex) sources.add(b.precedence[o.row].source);
    if (o.decided_by != kNoIndex) sources.add(b.transfers[o.decided_by].source);
    if (o.kind == ObservanceKind::celebration) sources.add(b.celebrations[o.celebration].source);
  }
  w.end_array();

  // Transfers: out of this day (fate transferred) and into it (transferred_in).
  w.key("transfers");
  w.start_array();
  for (const Observance& o : day.observances()) {
    if (o.kind != ObservanceKind::celebration) continue;
    if (o.fate != Fate::transferred && !o.transferred_in) continue;
    w.start_object();
    w.key("celebration");
    w.string(b.celebrations[o.celebration].key);
    w.key("direction");
    w.string(o.fate == Fate::transferred ? "out" : "in");
    w.key("from");
    w.date(to_civil(o.original_date));
    w.key("to");
    w.date(to_civil(o.fate == Fate::transferred ? o.moved_to : day.date()));
    w.key("rule");
    nullable(w, o.decided_by != kNoIndex ? std::string_view(b.transfers[o.decided_by].key) : "");
    w.end_object();
  }
  w.end_array();

  w.key("color");
  w.start_object();
  w.key("slug");
  nullable(w, r.colour != kNoIndex ? std::string_view(b.palette[r.colour]) : "");
  w.key("source");
  w.string(kColourSourceSlugs[static_cast<std::size_t>(r.colour_source)]);
  w.key("rule");
  nullable(w, r.colour_rule != kNoIndex ? std::string_view(b.colour_rules[r.colour_rule].key) : "");
  if (r.colour_rule != kNoIndex) sources.add(b.colour_rules[r.colour_rule].source);
  w.key("celebration");
  const Observance& top = day.prevailing();
  nullable(w, r.colour_source == ColourSource::celebration
                  ? std::string_view(b.celebrations[top.celebration].key)
                  : "");
  w.key("season");
  nullable(
      w, r.colour_source == ColourSource::season ? std::string_view(b.seasons[innermost].key) : "");
  w.key("alternatives");
  w.start_array();
  for (Index i = 0; i < b.palette.size(); ++i) {
    if ((r.colour_alternatives & (1u << i)) != 0) w.string(b.palette[i]);
  }
  w.end_array();
  w.end_object();

  w.key("fast");
  if (r.fast_rule == kNoIndex) {
    w.null();
  } else {
    const FastRule& f = b.fasts[r.fast_rule];
    w.start_object();
    w.key("kind");
    w.string(kFastKindSlugs[static_cast<std::size_t>(f.kind)]);
    w.key("rule");
    w.string(f.key);
    w.key("source");
    nullable(w, f.source);
    sources.add(f.source);
    w.end_object();
  }

  w.key("readings");
  w.start_array();
  for (const ReadingSet& set : readings) {
    for (const ReadingPart& part : set.parts) {
      w.start_object();
      w.key("service");
      w.string(kServiceSlugs[static_cast<std::size_t>(set.service)]);
      w.key("part");
      nullable(w, part.name);
      w.key("found");
      w.boolean(part.found);
      w.key("table");
      nullable(w, part.table != nullptr ? std::string_view(part.table->key) : "");
      w.key("key");
      nullable(w, part.key);
      w.key("cycle");
      nullable(w, part.cycle);
      w.key("track");
      nullable(w, set.track);
      w.key("tried");
      w.start_array();
      for (const auto& t : part.tried) w.string(t);
      w.end_array();
      if (part.table != nullptr) sources.add(part.table->source);
      w.end_object();
    }
  }
  w.end_array();

  w.key("sources");
  sources.write(w);
  w.end_object();
}

}  // namespace kalendar::api
