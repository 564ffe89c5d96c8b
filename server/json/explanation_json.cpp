// Writes the engine's Explanation value; every fact in it was decided by the engine.
#include "json/explanation_json.hpp"

#include "json/day_json.hpp"

#include "kalendar/vocabulary.hpp"

namespace kalendar::api {

namespace {

std::string_view slug_of(const std::optional<NamedRef>& ref) {
  return ref ? ref->slug : std::string_view();
}

std::string_view key_of(const std::optional<RuleRef>& rule) {
  return rule ? rule->key : std::string_view();
}

std::string two_digits(unsigned n) { return (n < 10 ? "0" : "") + std::to_string(n); }

void write_year_season_week(JsonWriter& w, const Explanation& why, const LanguageStrings& names) {
  const Explanation::LiturgicalYear& y = why.liturgical_year;
  w.key("liturgical_year");
  w.start_object();
  w.key("year");
  w.integer(y.year);
  w.key("starts");
  w.date(to_civil(y.starts));
  w.key("ends");
  w.date(to_civil(y.ends));
  w.key("cycles");
  w.start_object();
  w.key("sunday");
  w.string(y.sunday_cycle);
  w.key("weekday");
  w.string(y.weekday_cycle);
  w.end_object();
  w.end_object();

  const Explanation::Season& s = why.season;
  w.key("season");
  w.start_object();
  w.key("slug");
  w.string(s.season.slug);
  w.key("name");
  w.string(names.seasons[s.season.index]);
  w.key("sub_season");
  if (s.sub_season) {
    w.slug_name(s.sub_season->slug, names.seasons[s.sub_season->index]);
  } else {
    w.null();
  }
  w.key("boundary");
  w.date(to_civil(s.boundary));
  w.key("source");
  w.string_or_null(s.source);
  w.end_object();

  const Explanation::Week& wk = why.week;
  w.key("week");
  w.start_object();
  w.key("number");
  wk.number ? w.integer(*wk.number) : w.null();
  w.key("label");
  w.string_or_null(wk.label_season ? std::string_view(names.season_labels[wk.label_season->index])
                                   : std::string_view());
  w.key("governing_sunday");
  w.start_object();
  w.key("date");
  w.date(to_civil(wk.governing_sunday));
  w.key("key");
  w.string_or_null(slug_of(wk.sunday));
  w.key("name");
  w.string_or_null(wk.sunday ? std::string_view(names.sundays[wk.sunday->index])
                             : std::string_view());
  w.end_object();
  w.end_object();

  w.key("proper");
  if (!why.proper) {
    w.null();
    return;
  }
  w.start_object();
  w.key("number");
  w.integer(why.proper->number);
  if (why.proper->closest_month && why.proper->closest_day) {
    w.key("closest_sunday_to");
    w.string(two_digits(*why.proper->closest_month) + "-" + two_digits(*why.proper->closest_day));
  }
  w.key("source");
  w.string_or_null(why.proper->source);
  w.end_object();
}

void write_transfers(JsonWriter& w, const Explanation& why) {
  w.key("transfers");
  w.start_array();
  for (const Explanation::Transfer& t : why.transfers) {
    const bool out = t.direction == Explanation::Direction::out;
    w.start_object();
    w.key("celebration");
    w.string(t.celebration.slug);
    w.key("direction");
    w.string(out ? "out" : "in");
    w.key("from");
    w.date(to_civil(t.from));
    w.key("to");
    w.date(to_civil(t.to));
    w.key("rule");  // API v2 names the rule on the day the celebration left
    w.string_or_null(out ? key_of(t.rule) : std::string_view());
    w.end_object();
  }
  w.end_array();
}

void write_colour_fast(JsonWriter& w, const Explanation& why) {
  const Explanation::Colour& c = why.colour;
  w.key("color");
  w.start_object();
  w.key("slug");
  w.string_or_null(slug_of(c.colour));
  w.key("source");
  w.string(slug(c.source));
  w.key("rule");
  w.string_or_null(key_of(c.rule));
  w.key("celebration");
  w.string_or_null(slug_of(c.celebration));
  w.key("season");
  w.string_or_null(slug_of(c.season));
  w.key("alternatives");
  w.start_array();
  for (const NamedRef& a : c.alternatives) w.string(a.slug);
  w.end_array();
  w.end_object();

  w.key("fast");
  if (!why.fast) {
    w.null();
    return;
  }
  w.start_object();
  w.key("kind");
  w.string(slug(why.fast->kind));
  w.key("rule");
  w.string(why.fast->rule.key);
  w.key("source");
  w.string_or_null(why.fast->rule.source);
  w.end_object();
}

void write_readings(JsonWriter& w, const Explanation& why) {
  w.key("readings");
  w.start_array();
  for (const Explanation::Reading& r : why.readings) {
    const ReadingPart& part = r.part;
    w.start_object();
    w.key("service");
    w.string(slug(r.service));
    w.key("part");
    w.string_or_null(part.name);
    w.key("found");
    w.boolean(part.found);
    w.key("table");
    w.string_or_null(part.table != nullptr ? std::string_view(part.table->key)
                                           : std::string_view());
    w.key("key");
    w.string_or_null(part.key);
    w.key("cycle");
    w.string_or_null(part.cycle);
    w.key("track");
    w.string_or_null(r.track);
    w.key("tried");
    w.start_array();
    for (const auto& t : part.tried) w.string(t);
    w.end_array();
    w.end_object();
  }
  w.end_array();
}

// Why the evening belongs to the next day: {"date","kind","slug","name","rule":{"key","source"},
// "evening":["collect"]}, or null.
void write_eve(JsonWriter& w, const Explanation& why, const LanguageStrings& names) {
  w.key("eve");
  if (!why.eve) {
    w.null();
    return;
  }
  const Explanation::Eve& e = *why.eve;
  w.start_object();
  w.key("date");
  w.date(to_civil(e.date));
  w.key("kind");
  w.string(slug(e.kind));
  w.key("slug");
  if (e.celebration) {
    w.string(e.celebration->slug);
    w.key("name");
    w.string(names.celebrations[e.celebration->index]);
  } else if (e.sunday) {
    w.string(e.sunday->slug);
    w.key("name");
    w.string(names.sundays[e.sunday->index]);
  } else {
    w.null();
    w.key("name");
    w.null();
  }
  w.key("rule");
  w.start_object();
  w.key("key");
  w.string(e.rule.key);
  w.key("source");
  w.string_or_null(e.rule.source);
  w.end_object();
  w.key("evening");
  w.start_array();
  if (e.collect) w.string("collect");
  if (e.readings) w.string("readings");
  w.end_array();
  w.end_object();
}

}  // namespace

void write_explanation(JsonWriter& w, const ResolvedDay& day, const Explanation& why,
                       const LanguageStrings& names) {
  w.start_object();
  write_year_season_week(w, why, names);
  w.key("candidates");
  w.start_array();
  for (const Explanation::Candidate& c : why.candidates)
    write_observance(w, day, names, *c.observance, true);
  w.end_array();
  write_transfers(w, why);
  write_colour_fast(w, why);
  write_readings(w, why);
  write_eve(w, why, names);
  w.key("sources");
  w.start_array();
  for (std::string_view s : why.sources) w.string(s);
  w.end_array();
  w.end_object();
}

}  // namespace kalendar::api
