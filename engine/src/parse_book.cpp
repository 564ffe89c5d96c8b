// The manifest and the calendar sections: seasons, celebrations, propers, cycles.
#include "book_parser.hpp"
#include "reader.hpp"

#include <algorithm>
#include <array>
#include <set>

namespace kalendar::detail {

BookParser::BookParser(const MergedSource& src, const std::vector<StringLayer>& global_strings,
                       DiagnosticList& diags)
    : src_(src), global_strings_(global_strings), diags_(diags) {
  inline_names_.lang = src.inline_lang;
}

std::unique_ptr<BookDefinition> BookParser::parse() {
  book_ = std::make_unique<BookDefinition>();
  book_->code = src_.code;
  book_->kind = src_.kind;
  book_->extends = src_.extends;
  book_->manifest_loc = src_.manifest_loc;
  book_->references_lang = src_.inline_lang;
  collect_keys();
  parse_options();
  parse_manifest();
  parse_tracks();
  parse_seasons();
  parse_celebrations();
  parse_propers();
  parse_cycles();
  parse_key_dates();
  parse_precedence();
  parse_transfers();
  parse_also_observe();
  parse_colour_rules();
  parse_fasts();
  parse_eves();
  parse_day_names();
  parse_lectionaries();
  parse_collects();
  check_unused_named();
  check_options_against_preferences();
  check_celebration_dependencies();
  build_strings();
  return std::move(book_);
}

std::string BookParser::source_of(const SourceNode& entry) {
  const SourceNode* s = entry.is_map() ? entry.find("source") : nullptr;
  return s != nullptr && s->is_scalar() ? s->scalar : std::string();
}

void BookParser::collect_keys() {
  // Palette first: colours are referred to everywhere.
  if (const SourceNode* palette = src_.single("palette")) {
    // `palette: []`: the book prescribes no colours (1662); every day's colour is then absent.
    const bool colourless = palette->is_seq() && palette->items.empty();
    for (const auto& [slug, loc] : colourless ? std::vector<std::pair<std::string, SourceLoc>>()
                                              : read_slug_list(palette, diags_)) {
      if (!colours_.emplace(slug, static_cast<Index>(book_->palette.size())).second) {
        diags_.error(loc, "colour '" + slug + "' is listed twice in the palette");
        continue;
      }
      book_->palette.push_back(slug);
    }
  } else {
    diags_.error(src_.manifest_loc, "missing 'palette' (the book's colour tokens)");
  }
  // Indices are list positions, so that they match the vectors parse_* fills later.
  auto collect = [&](const char* section, std::map<std::string, Index>& out, const char* what) {
    const auto* list = src_.list(section);
    if (list == nullptr) return;
    for (std::size_t i = 0; i < list->size(); ++i) {
      const SourceNode& entry = (*list)[i];
      const SourceNode* key = entry.is_map() ? entry.find("key") : nullptr;
      if (key == nullptr || !key->is_scalar()) continue;
      if (!out.emplace(key->scalar, static_cast<Index>(i)).second) {
        diags_.error(key->loc, std::string(what) + " key '" + key->scalar + "' is used twice");
      }
    }
  };
  collect("seasons", seasons_, "season");
  collect("celebrations", celebrations_, "celebration");
  collect_named("date_rules", named_rules_);
  collect_named("conditions", named_conditions_);
}

Index BookParser::celebration_ref(const std::string& key, const SourceLoc& loc) {
  auto it = celebrations_.find(key);
  if (it != celebrations_.end()) return it->second;
  diags_.error(loc, "unknown celebration '" + key + "'");
  return kNoIndex;
}

Index BookParser::season_ref(const std::string& key, const SourceLoc& loc) {
  auto it = seasons_.find(key);
  if (it != seasons_.end()) return it->second;
  diags_.error(loc, "unknown season '" + key + "'");
  return kNoIndex;
}

Index BookParser::colour_ref(const std::string& key, const SourceLoc& loc) {
  auto it = colours_.find(key);
  if (it != colours_.end()) return it->second;
  if (book_->palette.empty() && src_.single("palette") != nullptr) {
    diags_.error(loc, "colour '" + key + "' in a book without colours (palette: [])");
    return kNoIndex;
  }
  diags_.error(loc, "colour '" + key + "' is not in the palette");
  return kNoIndex;
}

Index BookParser::sunday_key_ref(const std::string& key, const SourceLoc& loc) {
  auto it = sunday_keys_.find(key);
  if (it != sunday_keys_.end()) return it->second;
  diags_.error(loc, "unknown Sunday key '" + key + "' (not made by any season's sundays)");
  return kNoIndex;
}

Index BookParser::intern_sunday_key(const std::string& key) {
  auto [it, inserted] = sunday_keys_.emplace(key, static_cast<Index>(book_->sunday_keys.size()));
  if (inserted) book_->sunday_keys.push_back(key);
  return it->second;
}

std::vector<Index> BookParser::season_list(const SourceNode* node) {
  std::vector<Index> out;
  for (const auto& [key, loc] : read_slug_list(node, diags_)) {
    if (Index i = season_ref(key, loc); i != kNoIndex) out.push_back(i);
  }
  return out;
}

void BookParser::parse_manifest() {
  BookDefinition& b = *book_;
  auto text = [&](std::string_view key, bool required) -> std::string {
    const SourceNode* n = src_.single(key);
    if (n == nullptr) {
      if (required) diags_.error(src_.manifest_loc, "missing '" + std::string(key) + "'");
      return {};
    }
    return read_text(n, diags_).value_or("");
  };
  b.lang = text("lang", true);
  b.time_zone = text("time_zone", true);
  b.source = text("source", false);
  if (!text("name", true).empty()) inline_names_.texts["book"]["name"] = src_.single("name");
  if (!text("jurisdiction", false).empty()) {
    inline_names_.texts["book"]["jurisdiction"] = src_.single("jurisdiction");
  }
  if (const SourceNode* y = src_.single("year"))
    b.year = read_int(y, 1000, 9999, diags_).value_or(0);
  if (const SourceNode* v = src_.single("valid_years")) {
    MapReader m(*v, "valid_years", diags_);
    b.valid_years.from = read_int(m.require("from"), kMinYear, kMaxYear, diags_).value_or(kMinYear);
    b.valid_years.to = read_int(m.require("to"), kMinYear, kMaxYear, diags_).value_or(kMaxYear);
    m.finish();
    if (b.valid_years.from > b.valid_years.to)
      diags_.error(v->loc, "valid_years: from is after to");
  }
  b.year_start = parse_date_rule(src_.single("year_start"));
  if (src_.single("year_start") == nullptr) {
    diags_.error(src_.manifest_loc, "missing 'year_start' (the rule for Advent Sunday)");
  }
  if (const SourceNode* caps = src_.single("capabilities")) {
    MapReader m(*caps, "capabilities", diags_);
    for (const SourceNode* s : as_list(m.get("services"))) {
      if (read_choice(s, kBookServiceSlugs, "service", diags_)) b.services.push_back(s->scalar);
    }
    for (const auto& [slug, loc] : read_slug_list(m.get("lectionaries"), diags_)) {
      b.lectionary_variants.push_back(slug);
    }
    for (const auto& [slug, loc] : read_slug_list(m.get("reading_types"), diags_)) {
      b.reading_types.push_back(slug);
    }
    m.finish();
  }
  if (const SourceNode* bibles = src_.single("bibles")) {
    // {<language>: [<version code>, ...], ...}: the order of languages is kept.
    if (!bibles->is_map()) diags_.error(bibles->loc, "'bibles' maps languages to version codes");
    for (const auto& [lang, codes] : bibles->entries) {
      if (!bibles->is_map()) break;
      BiblePreference pref;
      pref.lang = lang.scalar;
      for (const auto& [code, loc] : read_slug_list(&codes, diags_)) pref.codes.push_back(code);
      b.bibles_by_language.push_back(std::move(pref));
    }
  }
  if (const SourceNode* prefs = src_.single("preferences")) {
    if (!prefs->is_seq()) diags_.error(prefs->loc, "'preferences' must be a list");
    for (const SourceNode* p : as_list(prefs->is_seq() ? prefs : nullptr)) {
      MapReader m(*p, "preference", diags_);
      Preference pref;
      pref.key = read_slug(m.require("key"), diags_).value_or("");
      if (const SourceNode* k = p->find("key")) pref.loc = k->loc;
      if (std::any_of(b.preferences.begin(), b.preferences.end(),
                      [&](const Preference& other) { return other.key == pref.key; })) {
        diags_.error(p->find("key")->loc, "preference '" + pref.key + "' is declared twice");
      }
      // With `bibles:` the bible preference need not list options: `bibles:` decides (a
      // translation may add it over its base book's options).
      const bool versions_in_bibles = pref.key == "bible" && !b.bibles_by_language.empty();
      const SourceNode* options = versions_in_bibles ? m.get("options") : m.require("options");
      for (const auto& [slug, loc] : read_slug_list(options, diags_)) {
        pref.options.push_back(slug);
      }
      if (const SourceNode* d = m.get("default")) {
        pref.default_value = d->scalar;
        if (std::find(pref.options.begin(), pref.options.end(), d->scalar) == pref.options.end()) {
          diags_.error(d->loc, "default '" + d->scalar + "' is not one of the options");
        }
      }
      if (const SourceNode* n = m.get("name")) {
        inline_names_.texts["preferences"][pref.key] = n;
      }
      m.finish();
      b.preferences.push_back(std::move(pref));
    }
  }
}

void BookParser::parse_seasons() {
  const auto* seasons = src_.list("seasons");
  if (seasons == nullptr || seasons->empty()) {
    diags_.error(src_.manifest_loc, "missing 'seasons' (every day must fall in one)");
    return;
  }
  for (const SourceNode& node : *seasons) {
    MapReader m(node, "season", diags_);
    Season s;
    s.key = read_slug(m.require("key"), diags_).value_or("");
    s.loc = node.loc;
    s.source = source_of(node);
    m.get("source");
    if (const SourceNode* n = m.get("name")) inline_names_.texts["seasons"][s.key] = n;
    if (const SourceNode* l = m.get("label")) inline_names_.texts["season_labels"][s.key] = l;
    if (const SourceNode* p = m.get("parent")) s.parent = season_ref(p->scalar, p->loc);
    s.starts = parse_date_rule(m.require("starts"));
    s.ends = parse_date_rule(m.get("ends"));
    if (s.ends != kNoIndex && s.parent == kNoIndex) {
      diags_.error(node.find("ends")->loc,
                   "only a sub-season (with 'parent') has 'ends'; a season runs until the next");
    }
    s.week_1 = parse_date_rule(m.get("week_1"));
    if (const SourceNode* c = m.get("colour")) s.colour = colour_ref(c->scalar, c->loc);
    if (const SourceNode* sundays = m.get("sundays")) {
      MapReader sm(*sundays, "sundays", diags_);
      if (const SourceNode* t = sm.require("key")) parse_sunday_template(*t, s);
      if (const SourceNode* back = sm.get("count_back_from")) {
        s.count_back_from = parse_date_rule(back);
        if (s.sunday_template.find("{week_before}") == std::string::npos) {
          diags_.error(back->loc,
                       "'count_back_from' numbers Sundays backwards: the key needs {week_before}");
        }
      } else if (s.sunday_template.find("{week_before}") != std::string::npos &&
                 !s.sunday_key_by_week.empty()) {  // empty: the template was already refused
        diags_.error(sundays->loc, "a key with {week_before} needs 'count_back_from: <date rule>'");
      }
      if (const SourceNode* overrides = sm.get("overrides")) {
        for (const SourceNode* o : as_list(overrides)) {
          MapReader om(*o, "Sunday override", diags_);
          SundayOverride so;
          so.date = parse_date_rule(om.require("on"));
          if (auto key = read_slug(om.require("key"), diags_))
            so.sunday_key = intern_sunday_key(*key);
          om.finish();
          if (so.date != kNoIndex && so.sunday_key != kNoIndex) s.sunday_overrides.push_back(so);
        }
      }
      sm.finish();
    } else if (s.parent == kNoIndex) {
      // Sub-seasons may leave Sunday keys to their parent.
      diags_.error(node.loc, "season '" + s.key + "' needs 'sundays: {key: ...}'");
    } else if (const SourceNode* w1 = node.find("week_1")) {
      diags_.error(w1->loc, "sub-season '" + s.key +
                                "' has a 'week_1' but no 'sundays' of its own: its Sundays are "
                                "numbered by its parent");
    }
    m.finish();
    book_->seasons.push_back(std::move(s));
  }
  // Parents must be declared before their children, so a chain is walked upwards only.
  for (std::size_t i = 0; i < book_->seasons.size(); ++i) {
    if (book_->seasons[i].parent != kNoIndex && book_->seasons[i].parent >= i) {
      diags_.error(book_->seasons[i].loc, "a sub-season must come after its parent");
      book_->seasons[i].parent = kNoIndex;
    }
  }
  if (!book_->seasons.empty() && book_->seasons.front().parent != kNoIndex) {
    diags_.error(book_->seasons.front().loc, "the first season must be a top-level season");
  }
}

// A season's Sunday key template: {week} (forwards from week 1), {week_before} (backwards from
// count_back_from), {proper} (the proper's number), or none (one key for every Sunday).
void BookParser::parse_sunday_template(const SourceNode& t, Season& s) {
  s.sunday_template = t.scalar;
  int placeholders = 0;
  std::string numbered;  // the placeholder numbered Sundays fill in
  for (std::string_view ph : {"{week}", "{week_before}", "{proper}"}) {
    if (t.scalar.find(ph) == std::string::npos) continue;
    ++placeholders;
    if (ph == "{proper}") {
      s.sunday_by_proper = true;
    } else {
      numbered = ph;
    }
  }
  std::string probe = t.scalar;
  for (std::string_view ph : {"{week}", "{week_before}", "{proper}"}) {
    for (auto pos = probe.find(ph); pos != std::string::npos; pos = probe.find(ph)) {
      probe.replace(pos, ph.size(), "1");
    }
  }
  SourceNode probe_node = t;
  probe_node.scalar = probe;
  if (placeholders > 1) {
    diags_.error(t.loc, "a Sunday key uses one of {week}, {week_before} or {proper}");
    return;
  }
  if (!read_slug(&probe_node, diags_)) return;
  if (!numbered.empty()) {
    s.sunday_key_by_week.assign(1, kNoIndex);  // week 0 has no Sunday
    for (int w = 1; w <= 60; ++w) {
      std::string key = t.scalar;
      key.replace(key.find(numbered), numbered.size(), std::to_string(w));
      s.sunday_key_by_week.push_back(intern_sunday_key(key));
    }
  } else if (!s.sunday_by_proper) {
    s.sunday_key_by_week.assign(61, intern_sunday_key(t.scalar));
    s.sunday_key_by_week[0] = kNoIndex;
  }
}

void BookParser::parse_celebrations() {
  const auto* list = src_.list("celebrations");
  if (list == nullptr) return;
  for (const SourceNode& node : *list) {
    MapReader m(node, "celebration", diags_);
    Celebration c;
    c.loc = node.loc;
    c.source = source_of(node);
    m.get("source");
    if (auto id = read_int(m.require("id"), 1, 999999, diags_)) {
      c.id = *id;
      auto [it, inserted] = ids_.emplace(c.id, node.find("id")->loc);
      if (!inserted) {
        diags_.error(node.find("id")->loc, "id " + std::to_string(c.id) + " is already used at " +
                                               it->second.file + ":" +
                                               std::to_string(it->second.line));
      }
    }
    c.key = read_slug(m.require("key"), diags_).value_or("");
    if (const SourceNode* n = m.get("name")) {
      if (read_text(n, diags_)) inline_names_.texts["celebrations"][c.key] = n;
    }
    if (auto t =
            read_choice(m.require("type"), kCelebrationTypeSlugs, "celebration type", diags_)) {
      c.type = static_cast<CelebrationType>(*t);
    }
    if (const SourceNode* col = m.get("colour")) c.colour = colour_ref(col->scalar, col->loc);
    const SourceNode* date = m.require("date");
    c.date = parse_date_rule(date);
    if (c.date != kNoIndex) {
      const DateRule& rule = book_->rules[c.date];
      if (const auto* f = std::get_if<FixedDate>(&rule.form);
          f != nullptr && !rule.has_variants()) {
        c.fixed_month = f->month;
        c.fixed_day = f->day;
      } else {
        c.movable = true;
      }
    }
    if (const SourceNode* y = m.get("years")) {
      MapReader ym(*y, "years", diags_);
      YearRange r;
      if (const SourceNode* f = ym.get("from"))
        r.from = read_int(f, kMinYear, kMaxYear, diags_).value_or(r.from);
      if (const SourceNode* t = ym.get("to"))
        r.to = read_int(t, kMinYear, kMaxYear, diags_).value_or(r.to);
      ym.finish();
      c.years = r;
    }
    if (const SourceNode* common = m.get("common"))
      c.common = read_slug(common, diags_).value_or("");
    if (const SourceNode* ex = m.get("examples")) {
      MapReader em(*ex, "examples", diags_);
      for (const auto& [year_node, date_node] : ex->entries) {
        em.allow(year_node.scalar);
        auto year = read_int(&year_node, kMinYear, kMaxYear, diags_);
        auto d = read_date(&date_node, diags_);
        if (year && d) c.examples.emplace_back(*year, *d);
      }
      em.finish();
    }
    m.finish();
    book_->celebrations.push_back(std::move(c));
  }
}

void BookParser::parse_propers() {
  const SourceNode* node = src_.single("propers");
  if (node == nullptr) {
    for (const Season& s : book_->seasons) {
      if (s.sunday_by_proper) {
        diags_.error(s.loc, "season '" + s.key +
                                "' names Sundays by {proper} but the book has no "
                                "'propers' section");
      }
    }
    return;
  }
  MapReader m(*node, "propers", diags_);
  book_->propers.source = source_of(*node);
  m.get("source");
  book_->propers.from = parse_date_rule(m.require("from"));
  std::set<int> numbers;
  for (const SourceNode* w : as_list(m.require("windows"))) {
    MapReader wm(*w, "proper window", diags_);
    ProperWindow pw;
    pw.number = read_int(wm.require("proper"), 1, 60, diags_).value_or(0);
    if (const SourceNode* target = wm.require("closest_sunday_to")) {
      MapReader tm(*target, "closest_sunday_to", diags_);
      pw.month = static_cast<unsigned>(read_int(tm.require("month"), 1, 12, diags_).value_or(1));
      pw.day = static_cast<unsigned>(read_int(tm.require("day"), 1, 31, diags_).value_or(1));
      tm.finish();
    }
    wm.finish();
    if (pw.number != 0 && !numbers.insert(pw.number).second) {
      diags_.error(w->loc, "proper " + std::to_string(pw.number) + " is listed twice");
    }
    book_->propers.windows.push_back(pw);
  }
  m.finish();
  // Seasons named by proper ({proper} templates) get one key per proper number.
  int max_number = 0;
  for (const auto& w : book_->propers.windows) max_number = std::max(max_number, w.number);
  for (Season& s : book_->seasons) {
    if (!s.sunday_by_proper) continue;
    s.sunday_key_by_week.assign(static_cast<std::size_t>(max_number) + 1, kNoIndex);
    for (const auto& w : book_->propers.windows) {
      std::string key = s.sunday_template;
      key.replace(key.find("{proper}"), 8, std::to_string(w.number));
      s.sunday_key_by_week[static_cast<std::size_t>(w.number)] = intern_sunday_key(key);
    }
  }
}

void BookParser::parse_cycles() {
  const SourceNode* node = src_.single("cycles");
  if (node == nullptr) {
    diags_.error(src_.manifest_loc, "missing 'cycles' (Sunday and weekday lectionary cycles)");
    return;
  }
  MapReader m(*node, "cycles", diags_);
  auto read_cycle = [&](const SourceNode* c, std::vector<std::string>& out) {
    if (c == nullptr) return;
    if (!c->is_map() || c->entries.empty()) {
      diags_.error(c->loc, "a cycle maps 'liturgical year mod N' (0..N-1) to a value");
      return;
    }
    out.assign(c->entries.size(), {});
    for (const auto& [k, v] : c->entries) {
      auto r = read_int(&k, 0, static_cast<int>(c->entries.size()) - 1, diags_);
      if (r) out[static_cast<std::size_t>(*r)] = v.scalar;
    }
  };
  read_cycle(m.require("sunday"), book_->sunday_cycle);
  read_cycle(m.require("weekday"), book_->weekday_cycle);
  m.finish();
}

}  // namespace kalendar::detail

namespace kalendar::detail {

void BookParser::parse_key_dates() {
  const SourceNode* node = src_.single("key_dates");
  if (node == nullptr) return;
  if (!node->is_seq()) {
    diags_.error(node->loc, "'key_dates' must be a list of {celebration: key} or {season: key}");
    return;
  }
  for (const SourceNode& item : node->items) {
    MapReader m(item, "key date", diags_);
    KeyDate k;
    const SourceNode* c = m.get("celebration");
    const SourceNode* s = m.get("season");
    m.finish();
    if ((c == nullptr) == (s == nullptr)) {
      diags_.error(item.loc, "a key date names exactly one of 'celebration' or 'season'");
      continue;
    }
    if (c != nullptr) k.celebration = celebration_ref(c->scalar, c->loc);
    if (s != nullptr) k.season = season_ref(s->scalar, s->loc);
    if (k.celebration != kNoIndex || k.season != kNoIndex) book_->key_dates.push_back(k);
  }
}

}  // namespace kalendar::detail
