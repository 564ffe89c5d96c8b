#include "json/day_json.hpp"

#include "kalendar/day_title.hpp"

namespace kalendar::api {

namespace {

void slug_name(JsonWriter& w, std::string_view slug, std::string_view name) {
  w.start_object();
  w.key("slug");
  w.string(slug);
  w.key("name");
  w.string(name);
  w.end_object();
}

void optional_date(JsonWriter& w, bool present, Days d) {
  if (present) {
    w.date(to_civil(d));
  } else {
    w.null();
  }
}

}  // namespace

void write_color(JsonWriter& w, const CompiledBook& book, const LanguageStrings& names,
                 Index colour, std::uint32_t alternatives) {
  if (colour == kNoIndex) {
    w.null();
    return;
  }
  w.start_object();
  w.key("slug");
  w.string(book.palette[colour]);
  w.key("name");
  w.string(names.colours[colour]);
  w.key("alternatives");
  w.start_array();
  for (Index i = 0; i < book.palette.size(); ++i) {
    if ((alternatives & (1u << i)) != 0) slug_name(w, book.palette[i], names.colours[i]);
  }
  w.end_array();
  w.end_object();
}

void write_season_ref(JsonWriter& w, const CompiledBook& book, const LanguageStrings& names,
                      Index season) {
  if (season == kNoIndex) {
    w.null();
    return;
  }
  slug_name(w, book.seasons[season].key, names.seasons[season]);
}

void write_observance(JsonWriter& w, const ResolvedDay& day, const LanguageStrings& names,
                      const Observance& o, bool with_fate) {
  const CompiledBook& b = day.book();
  const DayRecord& r = day.record();
  if (o.kind == ObservanceKind::feria && !with_fate) {
    w.null();  // a weekday prevailed: no celebration
    return;
  }
  w.start_object();
  w.key("id");
  if (o.kind == ObservanceKind::celebration) {
    w.integer(b.celebrations[o.celebration].id);
  } else {
    w.null();  // Sundays and weekdays have no catalogue id
  }
  w.key("kind");
  w.string(kObservanceKindSlugs[static_cast<std::size_t>(o.kind)]);
  w.key("slug");
  switch (o.kind) {
    case ObservanceKind::celebration:
      w.string(b.celebrations[o.celebration].key);
      w.key("name");
      w.string(names.celebrations[o.celebration]);
      break;
    case ObservanceKind::sunday:
      w.string(r.sunday_key != kNoIndex ? std::string_view(b.sunday_keys[r.sunday_key]) : "sunday");
      w.key("name");
      w.string(r.sunday_key != kNoIndex ? std::string_view(names.sundays[r.sunday_key]) : "");
      break;
    case ObservanceKind::feria:
      w.string(weekday_slug(day.weekday()));
      w.key("name");
      w.string(names.weekdays[day.weekday().c_encoding()]);
      break;
  }
  w.key("type");
  if (o.kind == ObservanceKind::celebration) {
    const auto t = static_cast<std::size_t>(b.celebrations[o.celebration].type);
    w.string(kCelebrationTypeSlugs[t]);
    w.key("type_name");
    w.string(names.types[t]);
  } else if (o.kind == ObservanceKind::sunday) {
    w.string("sunday");
    w.key("type_name");
    w.string(names.sunday_type);
  } else {
    w.null();
    w.key("type_name");
    w.null();
  }
  w.key("color");
  if (o.kind == ObservanceKind::celebration) {
    write_color(w, b, names, b.celebrations[o.celebration].colour, 0);
  } else if (o.kind == ObservanceKind::sunday && o.fate == Fate::prevailed) {
    write_color(w, b, names, r.colour, r.colour_alternatives);
  } else {
    w.null();
  }
  w.key("transferred_from");
  optional_date(w, o.transferred_in, o.original_date);
  if (with_fate) {
    w.key("fate");
    w.string(kFateSlugs[static_cast<std::size_t>(o.fate)]);
    w.key("transferred_to");
    optional_date(w, o.fate == Fate::transferred, o.moved_to);
    w.key("additional");
    w.boolean(o.additional);
    w.key("rank");
    if (o.row == kNoIndex) {
      w.null();
    } else {
      w.start_object();
      w.key("row");
      w.integer(b.precedence[o.row].row);
      w.key("key");
      w.string(b.precedence[o.row].key);
      w.end_object();
    }
    w.key("decided_by");
    if (o.decided_by == kNoIndex) {
      w.null();
    } else {
      w.string(b.transfers[o.decided_by].key);
    }
  }
  w.end_object();
}

void write_day(JsonWriter& w, const ResolvedDay& day, const LanguageStrings& names,
               const DayIncludes& includes) {
  const CompiledBook& b = day.book();
  const DayRecord& r = day.record();
  w.begin_resource("day");
  w.key("id");
  w.date(to_civil(day.date()));
  if (w.field("date")) w.date(to_civil(day.date()));
  if (w.field("title")) w.string(day_title(day, names));
  if (w.field("weekday")) {
    slug_name(w, weekday_slug(day.weekday()), names.weekdays[day.weekday().c_encoding()]);
  }
  if (w.field("liturgical_year")) w.integer(day.liturgical_year());
  if (w.field("season")) write_season_ref(w, b, names, r.season);
  if (w.field("sub_season")) write_season_ref(w, b, names, r.sub_season);
  if (w.field("week")) {
    if (r.week > 0) {
      w.integer(r.week);
    } else {
      w.null();
    }
  }
  if (w.field("week_label")) {
    // Days before their season's first Sunday have a description instead of a number.
    if (r.week == 0 && !names.season_labels[r.season].empty()) {
      w.string(names.season_labels[r.season]);
    } else {
      w.null();
    }
  }
  if (w.field("sunday_name")) {
    if (day.is_sunday() && r.sunday_key != kNoIndex) {
      w.string(names.sundays[r.sunday_key]);
    } else {
      w.null();
    }
  }
  if (w.field("proper")) {
    if (r.proper > 0) {
      w.integer(r.proper);
    } else {
      w.null();
    }
  }
  if (w.field("color")) write_color(w, b, names, r.colour, r.colour_alternatives);
  if (w.field("fast")) {
    if (r.fast_rule == kNoIndex) {
      w.null();
    } else {
      // The kind, and what the book calls the day where it names it ("Ember Day").
      const auto kind = static_cast<std::size_t>(b.fasts[r.fast_rule].kind);
      w.start_object();
      w.key("slug");
      w.string(kFastKindSlugs[kind]);
      w.key("name");
      w.string(names.fasts[kind]);
      w.key("title");
      if (names.fast_names[r.fast_rule].empty()) {
        w.null();
      } else {
        w.string(names.fast_names[r.fast_rule]);
      }
      w.end_object();
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
