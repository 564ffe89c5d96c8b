// checks.yaml: parsing (validated against the book) and running (against the engine).
#include "kalendar/checks.hpp"

#include "checks_parser.hpp"
#include "reader.hpp"

#include "kalendar/day_title.hpp"
#include "kalendar/engine.hpp"
#include "kalendar/explanation.hpp"
#include "kalendar/vocabulary.hpp"

#include <algorithm>

namespace kalendar {

namespace detail {

namespace {

constexpr std::array<std::string_view, 16> kFields = {
    "celebration", "sunday",     "governing_sunday", "sunday_name",
    "season",      "sub_season", "colour",           "week",
    "proper",      "fast",       "transferred_from", "liturgical_year",
    "cycle",       "title",      "fast_name",        "eve"};

// A referenced key must exist in the book ("none" is always allowed).
void check_reference(const BookDefinition& book, std::string_view field, const SourceNode& value,
                     DiagnosticList& diags) {
  const std::string& v = value.scalar;
  if (v == "none") return;
  bool ok = true;
  if (field == "celebration") ok = book.find_celebration(v) != kNoIndex;
  if (field == "sunday" || field == "governing_sunday") ok = book.find_sunday_key(v) != kNoIndex;
  if (field == "season" || field == "sub_season") ok = book.find_season(v) != kNoIndex;
  if (field == "colour") ok = book.find_colour(v) != kNoIndex;
  if (field == "fast") {
    ok = parse<FastKind>(v).has_value();
  }
  if (field == "transferred_from") ok = parse_iso_date(v).has_value();
  // eve: the next day's prevailing celebration, or its Sunday key when a Sunday prevails.
  if (field == "eve")
    ok = book.find_celebration(v) != kNoIndex || book.find_sunday_key(v) != kNoIndex;
  if (!ok) diags.error(value.loc, "check: unknown " + std::string(field) + " '" + v + "'");
}

template <class Rules>
bool has_key(const Rules& rules, std::string_view key) {
  return std::any_of(rules.begin(), rules.end(), [&](const auto& r) { return r.key == key; });
}

// why: {rank: <precedence row>, colour: <source> [<key>], fast: <fast rule>,
//       <celebration or Sunday key>: <transfer rule>}; each value may be "none".
void parse_why(const BookDefinition& book, const SourceNode& v, CheckExpectation& x,
               DiagnosticList& diags) {
  if (!v.is_map()) {
    diags.error(v.loc, "why maps rank, colour, fast or a celebration key to the rule that decided");
    return;
  }
  for (const auto& [what, rule] : v.entries) {
    const std::string& value = rule.scalar;
    bool ok = value == "none";
    if (what.scalar == "rank") {
      ok = ok || has_key(book.precedence, value);
    } else if (what.scalar == "fast") {
      ok = ok || has_key(book.fasts, value);
    } else if (what.scalar == "colour") {
      const std::string source = value.substr(0, value.find(' '));
      const std::string key =
          value.find(' ') == std::string::npos ? "" : value.substr(value.find(' ') + 1);
      ok = ok || (source == "rule" && has_key(book.colour_rules, key)) ||
           (source == "celebration" && book.find_celebration(key) != kNoIndex) ||
           (source == "season" && book.find_season(key) != kNoIndex);
    } else if (book.find_celebration(what.scalar) != kNoIndex ||
               book.find_sunday_key(what.scalar) != kNoIndex) {
      ok = ok || has_key(book.transfers, value);  // a Sunday kept by keep_both names its rule
    } else {
      diags.error(what.loc, "check: why takes rank, colour, fast or a celebration key, not '" +
                                what.scalar + "'");
      continue;
    }
    if (!rule.is_scalar() || !ok) {
      diags.error(rule.loc, "check: why." + what.scalar + ": no such rule '" + value + "'");
      continue;
    }
    x.fields.emplace_back("why." + what.scalar, value);
  }
}

// options: {epiphany: sunday} -- the calendar options the day is resolved with (the book's
// defaults for the others), so that a book checks each variant it declares.
OptionSet parse_check_options(const BookDefinition& book, const SourceNode& v,
                              DiagnosticList& diags) {
  if (!v.is_map()) {
    diags.error(v.loc, "check: options maps option keys to values ({epiphany: sunday})");
    return {};
  }
  std::vector<OptionValue> values = book.default_option_values();
  for (const auto& [key, value] : v.entries) {
    const Index option = book.find_option(key.scalar);
    if (option == kNoIndex) {
      diags.error(key.loc, "check: the book declares no option '" + key.scalar + "'");
      continue;
    }
    const auto parsed = book.parse_option_value(option, value.scalar);
    if (!value.is_scalar() || !parsed) {
      diags.error(value.loc,
                  "check: option '" + key.scalar + "' has no value '" + value.scalar + "'");
      continue;
    }
    values[option] = *parsed;
  }
  return book.normalize_options(OptionSet(std::move(values)));
}

}  // namespace

std::vector<CheckExpectation> parse_checks(const SourceNode& root, const BookDefinition& book,
                                           DiagnosticList& diags) {
  std::vector<CheckExpectation> out;
  MapReader top(root, "checks file", diags);
  top.get("schema");
  const SourceNode* checks = top.require("checks");
  top.finish();
  for (const SourceNode* group : as_list(checks)) {
    MapReader g(*group, "check", diags);
    const std::string description = read_text(g.require("description"), diags).value_or("");
    g.get("source");
    for (const SourceNode* e : as_list(g.require("expect"))) {
      MapReader m(*e, "expectation", diags);
      CheckExpectation x;
      x.loc = e->loc;
      x.description = description;
      auto d = read_date(m.require("date"), diags);
      if (!d) continue;
      x.date = *d;
      for (const auto& [k, v] : e->entries) {
        if (k.scalar == "date") continue;
        m.allow(k.scalar);
        if (k.scalar == "cycle") {
          MapReader cm(v, "cycle", diags);
          if (const SourceNode* s = cm.get("sunday"))
            x.fields.emplace_back("cycle.sunday", s->scalar);
          if (const SourceNode* w = cm.get("weekday"))
            x.fields.emplace_back("cycle.weekday", w->scalar);
          cm.finish();
        } else if (k.scalar == "readings") {
          // readings: {eucharist: {gospel: "Mateus 11:2-11"}, eucharist/complementary: {...}}
          if (!v.is_map()) {
            diags.error(v.loc, "readings maps services (optionally service/track) to slots");
            continue;
          }
          for (const auto& [service, slots] : v.entries) {
            const std::string svc = service.scalar.substr(0, service.scalar.find('/'));
            if (!parse<Service>(svc)) {
              diags.error(service.loc, "check: unknown service '" + svc + "'");
              continue;
            }
            if (!slots.is_map()) {
              diags.error(slots.loc, "check: readings of a service map slots to references");
              continue;
            }
            for (const auto& [slot, ref] : slots.entries) {
              if (!parse<Slot>(slot.scalar) && slot.scalar != "key") {
                diags.error(slot.loc, "check: unknown reading slot '" + slot.scalar + "'");
                continue;
              }
              x.fields.emplace_back("readings." + service.scalar + "." + slot.scalar, ref.scalar);
            }
          }
        } else if (k.scalar == "collects") {
          // collects: [advent_1, andrew] -- every collect of the day, in order (or none).
          std::string keys;
          for (const SourceNode* item : as_list(&v)) {
            if (item->scalar != "none" && book.collect_index.count(item->scalar) == 0) {
              diags.error(item->loc, "check: unknown collect key '" + item->scalar + "'");
            }
            keys += (keys.empty() ? "" : ", ") + item->scalar;
          }
          x.fields.emplace_back("collects", keys);
        } else if (k.scalar == "competing") {
          if (!v.is_map()) {
            diags.error(v.loc,
                        "competing maps celebration keys to fates ('transferred 2025-12-01')");
            continue;
          }
          for (const auto& [ck, cv] : v.entries) {
            // A Sunday competes too (kept beside a holy day: `{trinity_3: kept}`).
            if (book.find_celebration(ck.scalar) == kNoIndex &&
                book.find_sunday_key(ck.scalar) == kNoIndex) {
              diags.error(ck.loc, "check: unknown celebration '" + ck.scalar + "'");
            }
            const std::string fate = cv.scalar.substr(0, cv.scalar.find(' '));
            if (!parse<Fate>(fate)) {
              diags.error(cv.loc, "check: unknown fate '" + fate + "'");
            }
            x.fields.emplace_back("competing." + ck.scalar, cv.scalar);
          }
        } else if (k.scalar == "why") {
          parse_why(book, v, x, diags);
        } else if (k.scalar == "options") {
          x.options = parse_check_options(book, v, diags);
        } else if (std::find(kFields.begin(), kFields.end(), k.scalar) != kFields.end()) {
          if (!v.is_scalar()) {
            diags.error(v.loc, "check: '" + k.scalar + "' takes a single value");
            continue;
          }
          check_reference(book, k.scalar, v, diags);
          x.fields.emplace_back(k.scalar, v.scalar);
        } else {
          m.get(k.scalar);  // keep finish() quiet; reported here with the known list
          std::string list;
          for (auto f : kFields) list += (list.empty() ? "" : ", ") + std::string(f);
          diags.error(k.loc, "unknown check field '" + k.scalar + "' (known: " + list +
                                 ", collects, competing, readings, why)");
        }
      }
      m.finish();
      out.push_back(std::move(x));
    }
    g.finish();
  }
  return out;
}

}  // namespace detail

namespace {

std::string slug_or_none(const std::optional<NamedRef>& ref) {
  return ref ? std::string(ref->slug) : std::string("none");
}

// why.<what>: the rule that decided, read from the engine's explanation of the day.
std::string why_value(const ResolvedDay& day, std::string_view what) {
  const Explanation why = explain(day, {});
  const auto key_or_none = [](const auto& rule) {
    return rule ? std::string(rule->key) : std::string("none");
  };
  if (what == "rank") {
    const auto& row = why.candidates.front().row;
    return row ? std::string(row->rule.key) : "none";
  }
  if (what == "fast") return why.fast ? std::string(why.fast->rule.key) : "none";
  if (what == "colour") {
    const Explanation::Colour& c = why.colour;
    const std::string source(slug(c.source));
    switch (c.source) {
      case ColourSource::rule:
        return source + " " + key_or_none(c.rule);
      case ColourSource::celebration:
        return source + " " + slug_or_none(c.celebration);
      case ColourSource::season:
        return source + " " + slug_or_none(c.season);
      case ColourSource::none:
        break;
    }
    return "none";
  }
  const Explanation::Candidate* c = why.candidate(what);
  return c ? key_or_none(c->decided_by) : "absent";
}

}  // namespace

std::string actual_check_value(const ResolvedDay& day, std::string_view field) {
  const auto number_or_none = [](std::optional<int> n) {
    return n ? std::to_string(*n) : std::string("none");
  };
  if (field == "celebration") return slug_or_none(day.celebration_of(day.prevailing()));
  if (field == "sunday") return slug_or_none(day.sunday());
  if (field == "governing_sunday") return slug_or_none(day.governing_sunday());
  if (field == "sunday_name") {
    const auto sunday = day.sunday();
    return sunday ? day.book().strings.front().sundays[sunday->index] : "none";
  }
  if (field == "season") return std::string(day.season().slug);
  if (field == "sub_season") return slug_or_none(day.sub_season());
  if (field == "colour") return slug_or_none(day.colour());
  if (field == "week") return number_or_none(day.week());
  if (field == "proper") return number_or_none(day.proper());
  if (field == "fast") {
    const auto fast = day.fast();
    return fast ? std::string(slug(fast->kind)) : "none";
  }
  if (field == "title") return day_title(day, day.book().strings.front());
  if (field == "fast_name") {
    const auto fast = day.fast();
    if (!fast) return "none";
    const std::string& name = day.book().strings.front().fast_names[fast->rule_index];
    return name.empty() ? "none" : name;
  }
  if (field == "eve") {
    const std::optional<Eve> eve = day.eve();
    if (!eve) return "none";
    const auto celebration = eve->day.celebration_of(eve->observance());
    return celebration ? std::string(celebration->slug) : slug_or_none(eve->day.sunday());
  }
  if (field.rfind("why.", 0) == 0) return why_value(day, field.substr(4));
  if (field == "transferred_from") {
    const Observance& p = day.prevailing();
    return p.transferred_in ? format_iso_date(p.original_date) : "none";
  }
  if (field == "liturgical_year") return std::to_string(day.liturgical_year());
  if (field == "cycle.sunday") return std::string(day.sunday_cycle());
  if (field == "cycle.weekday") return std::string(day.weekday_cycle());
  if (field.rfind("readings.", 0) == 0) {
    // readings.<service>[/<track>].<slot|key>: the default reference, or the row key.
    const std::string_view rest = field.substr(9);
    const std::string_view service_track = rest.substr(0, rest.find('.'));
    const std::string_view slot = rest.substr(rest.find('.') + 1);
    const std::string_view service = service_track.substr(0, service_track.find('/'));
    const std::string_view track = service_track.find('/') == std::string_view::npos
                                       ? std::string_view()
                                       : service_track.substr(service_track.find('/') + 1);
    ReadingRequest request;
    request.service = parse<Service>(service).value_or(Service::daily);
    request.reading_type = track;
    auto set = find_readings(day, request);
    if (!set.ok()) return "error: " + set.error().code;
    if (!set->found()) return "none";
    if (slot == "key") {
      std::string keys;
      for (const ReadingPart& part : set->parts) {
        if (part.found) keys += (keys.empty() ? "" : " + ") + part.key;
      }
      return keys;
    }
    std::string out;
    for (const ResolvedReading& reading : set->readings) {
      if (slug(reading.slot) != slot) continue;
      out += (out.empty() ? "" : " + ") + reading.options.front().reference;  // repeated: joined
    }
    return out.empty() ? "none" : out;
  }
  if (field == "collects") {
    std::string keys;
    for (const ResolvedCollect& c : find_collects(day)) {
      keys += (keys.empty() ? "" : ", ") + c.key->key;
    }
    return keys.empty() ? "none" : keys;
  }
  if (field.rfind("competing.", 0) == 0) {
    const std::string_view key = field.substr(10);
    const auto sunday = day.sunday();
    for (const Observance& o : day.observances().subspan(1)) {
      const auto celebration = day.celebration_of(o);
      const bool is_sunday = o.kind == ObservanceKind::sunday && sunday && sunday->slug == key;
      if (!is_sunday && (!celebration || celebration->slug != key)) continue;
      std::string fate(slug(o.fate));
      if (o.fate == Fate::transferred) fate += " " + format_iso_date(o.moved_to);
      return fate;
    }
    return "absent";
  }
  return "?";
}

namespace {

Diagnostic failure(const SourceLoc& loc, std::string message) {
  return Diagnostic{Severity::error, loc, std::move(message)};
}

}  // namespace

std::vector<Diagnostic> run_checks(const Engine& engine, const CompiledBook& book) {
  std::vector<Diagnostic> out;
  if (const auto* checks = engine.library().checks(book.code)) {
    for (const CheckExpectation& x : *checks) {
      auto day = engine.day(book.code, x.date, x.options);
      if (!day) {
        out.push_back(failure(x.loc, format_iso_date(x.date) + ": " + day.error().message));
        continue;
      }
      for (const auto& [field, expected] : x.fields) {
        const std::string actual = actual_check_value(*day, field);
        if (actual != expected) {
          out.push_back(failure(x.loc, format_iso_date(x.date) + ": " + field + ": expected '" +
                                           expected + "', got '" + actual + "' (" + x.description +
                                           ")"));
        }
      }
    }
  }
  // `examples:` of a celebration: observed (prevailing or commemorated) on that date that year.
  for (Index i = 0; i < book.celebrations.size(); ++i) {
    const Celebration& c = book.celebrations[i];
    for (const auto& [year, date] : c.examples) {
      auto day = engine.day(book.code, date);
      bool seen = false;
      if (day) {
        for (const Observance& o : day->observances()) {
          seen =
              seen ||
              (o.kind == ObservanceKind::celebration && o.celebration == i &&
               (o.fate == Fate::prevailed || o.fate == Fate::commemorated || o.fate == Fate::kept));
        }
      }
      if (!seen) {
        std::string message = "example: '" + c.key + "' is not observed on " +
                              format_iso_date(date) + " (" + std::to_string(year) + ")";
        // An overlay inherits its base's celebrations with their examples; when its patch
        // changes the calendar, the failure is the overlay's, not the base file's.
        const bool inherited = book.kind != "book" && !book.manifest_loc.file.empty() &&
                               c.loc.file != book.manifest_loc.file;
        if (inherited) {
          message += " in " + book.kind + " '" + book.code + "': the example was inherited from " +
                     c.loc.file + ":" + std::to_string(c.loc.line) +
                     "; patch the celebration with examples that hold here";
        }
        out.push_back(failure(inherited ? book.manifest_loc : c.loc, std::move(message)));
      }
    }
  }
  return out;
}

std::size_t count_checks(const Engine& engine, const CompiledBook& book) {
  std::size_t n = 0;
  if (const auto* checks = engine.library().checks(book.code)) {
    for (const auto& x : *checks) n += x.fields.size();
  }
  for (const auto& c : book.celebrations) n += c.examples.size();
  return n;
}

}  // namespace kalendar
