#include "json/day_json.hpp"

#include "kalendar/day_title.hpp"
#include "kalendar/vocabulary.hpp"

namespace kalendar::api {

namespace {

void optional_date(JsonWriter& w, bool present, Days d) {
  if (present) {
    w.date(to_civil(d));
  } else {
    w.null();
  }
}

void write_season_ref(JsonWriter& w, const LanguageStrings& names,
                      const std::optional<NamedRef>& season) {
  if (season) {
    w.slug_name(season->slug, names.seasons[season->index]);
  } else {
    w.null();
  }
}

void optional_integer(JsonWriter& w, std::optional<int> n) {
  if (n) {
    w.integer(*n);
  } else {
    w.null();
  }
}

// The observance's slug, name, type and type name.
void write_identity(JsonWriter& w, const ResolvedDay& day, const LanguageStrings& names,
                    const Observance& o) {
  w.key("slug");
  switch (o.kind) {
    case ObservanceKind::celebration: {
      const NamedRef c = *day.celebration_of(o);
      w.string(c.slug);
      w.key("name");
      w.string(names.celebrations[c.index]);
      const auto t = static_cast<std::size_t>(day.book().celebrations[c.index].type);
      w.key("type");
      w.string(kCelebrationTypeSlugs[t]);
      w.key("type_name");
      w.string(names.types[t]);
      return;
    }
    case ObservanceKind::sunday: {
      const auto sunday = day.governing_sunday();
      w.string(sunday ? sunday->slug : "sunday");
      w.key("name");
      w.string(sunday ? std::string_view(names.sundays[sunday->index]) : std::string_view());
      w.key("type");
      w.string("sunday");
      w.key("type_name");
      w.string(names.sunday_type);
      return;
    }
    case ObservanceKind::feria:
      w.string(weekday_slug(day.weekday()));
      w.key("name");
      if (const auto named = day.day_name(); named && !names.day_names[named->index].empty()) {
        w.string(names.day_names[named->index]);  // the book's name for the weekday: Easter Eve
      } else {
        w.string(names.weekdays[day.weekday().c_encoding()]);
      }
      w.key("type");
      w.null();
      w.key("type_name");
      w.null();
      return;
  }
}

// The day's eve: the next day's observance whose first Evensong is this evening, with what the
// evening takes from it; null when the evening is the day's own.
void write_eve(JsonWriter& w, const ResolvedDay& day, const LanguageStrings& names) {
  const std::optional<Eve> eve = day.eve();
  if (!eve) {
    w.null();
    return;
  }
  const ResolvedDay& next = eve->day;
  const Observance& o = eve->observance();
  const auto celebration = next.celebration_of(o);
  w.start_object();
  w.key("id");
  if (celebration) {
    w.integer(next.book().celebrations[celebration->index].id);
  } else {
    w.null();
  }
  w.key("date");
  w.date(to_civil(next.date()));
  w.key("kind");
  w.string(slug(o.kind));
  write_identity(w, next, names, o);
  w.key("title");
  w.string(day_title(next, names));
  w.key("color");
  write_color(w, names, next.colour_of(o));
  w.key("evening");
  w.start_array();
  if (eve->rule_def().collect) w.string("collect");
  if (eve->rule_def().readings) w.string("readings");
  w.end_array();
  w.end_object();
}

}  // namespace

void write_color(JsonWriter& w, const LanguageStrings& names, const ColourChoice& colour) {
  if (!colour.colour) {
    w.null();
    return;
  }
  w.start_object();
  w.key("slug");
  w.string(colour.colour->slug);
  w.key("name");
  w.string(names.colours[colour.colour->index]);
  w.key("alternatives");
  w.start_array();
  for (const NamedRef& a : colour.alternatives) w.slug_name(a.slug, names.colours[a.index]);
  w.end_array();
  w.end_object();
}

void write_observance(JsonWriter& w, const ResolvedDay& day, const LanguageStrings& names,
                      const Observance& o, bool with_fate) {
  if (o.kind == ObservanceKind::feria && !with_fate) {
    w.null();  // a weekday prevailed: no celebration
    return;
  }
  const auto celebration = day.celebration_of(o);
  w.start_object();
  w.key("id");
  if (celebration) {
    w.integer(day.book().celebrations[celebration->index].id);
  } else {
    w.null();  // Sundays and weekdays have no catalogue id
  }
  w.key("kind");
  w.string(slug(o.kind));
  write_identity(w, day, names, o);
  w.key("color");
  write_color(w, names, day.colour_of(o));
  w.key("transferred_from");
  optional_date(w, o.transferred_in, o.original_date);
  if (with_fate) {
    w.key("fate");
    w.string(slug(o.fate));
    w.key("transferred_to");
    optional_date(w, o.fate == Fate::transferred, o.moved_to);
    w.key("additional");
    w.boolean(o.additional);
    w.key("rank");
    if (const auto row = day.row_of(o)) {
      w.start_object();
      w.key("row");
      w.integer(row->row);
      w.key("key");
      w.string(row->rule.key);
      w.end_object();
    } else {
      w.null();
    }
    w.key("decided_by");
    const auto rule = day.decided_by(o);
    w.string_or_null(rule ? rule->key : std::string_view());
  }
  w.end_object();
}

void write_day(JsonWriter& w, const ResolvedDay& day, const LanguageStrings& names,
               const DayIncludes& includes) {
  w.begin_resource("day");
  w.key("id");
  w.date(to_civil(day.date()));
  if (w.field("date")) w.date(to_civil(day.date()));
  if (w.field("title")) w.string(day_title(day, names));
  if (w.field("weekday")) {
    w.slug_name(weekday_slug(day.weekday()), names.weekdays[day.weekday().c_encoding()]);
  }
  if (w.field("liturgical_year")) w.integer(day.liturgical_year());
  if (w.field("season")) write_season_ref(w, names, day.season());
  if (w.field("sub_season")) write_season_ref(w, names, day.sub_season());
  if (w.field("week")) optional_integer(w, day.week());
  if (w.field("week_label")) {
    // Days before their season's first Sunday have a description instead of a number.
    w.string_or_null(day.week() ? std::string_view()
                                : std::string_view(names.season_labels[day.season().index]));
  }
  if (w.field("sunday_name")) {
    const auto sunday = day.sunday();
    w.string_or_null(sunday ? std::string_view(names.sundays[sunday->index]) : std::string_view());
  }
  if (w.field("proper")) optional_integer(w, day.proper());
  if (w.field("color")) write_color(w, names, {day.colour(), day.colour_alternatives()});
  if (w.field("fast")) {
    if (const auto fast = day.fast()) {
      // The kind, and what the book calls the day where it names it ("Ember Day").
      const auto kind = static_cast<std::size_t>(fast->kind);
      w.start_object();
      w.key("slug");
      w.string(slug(fast->kind));
      w.key("name");
      w.string(names.fasts[kind]);
      w.key("title");
      w.string_or_null(names.fast_names[fast->rule_index]);
      w.end_object();
    } else {
      w.null();
    }
  }
  if (w.field("celebration")) write_observance(w, day, names, day.prevailing(), false);
  if (w.field("cycles")) {
    w.start_object();
    w.key("sunday");
    w.string(day.sunday_cycle());
    w.key("weekday");
    w.string(day.weekday_cycle());
    w.end_object();
  }
  if (w.field("eve")) write_eve(w, day, names);
  if (includes.celebrations) {
    w.key("celebrations");
    w.start_array();
    for (const Observance& o : day.observances().subspan(1))
      write_observance(w, day, names, o, true);
    w.end_array();
  }
  if (includes.readings) {
    w.key("readings");
    includes.readings(w);
  }
  if (includes.collect) {
    w.key("collect");
    includes.collect(w);
  }
  if (includes.explanation) {
    w.key("explanation");
    includes.explanation(w);
  }
  w.end_resource();
}

}  // namespace kalendar::api
