// Names per language, resolved once: for each language the book has, every name is looked up
// along a fallback chain (exact tag, base language, the book's language, the base book's
// language, then shared names from rules/strings) and stored by index.
#include "book_parser.hpp"

#include "kalendar/base/language.hpp"

#include <algorithm>

namespace kalendar::detail {

namespace {

class NameChain {
 public:
  void add(const StringLayer* layer) {
    if (std::find(layers_.begin(), layers_.end(), layer) == layers_.end()) layers_.push_back(layer);
  }
  [[nodiscard]] std::string find(const std::string& category, const std::string& key) const {
    for (const StringLayer* layer : layers_) {
      auto cat = layer->texts.find(category);
      if (cat == layer->texts.end()) continue;
      auto it = cat->second.find(key);
      if (it != cat->second.end()) return it->second->scalar;
    }
    return {};
  }

 private:
  std::vector<const StringLayer*> layers_;
};

constexpr std::string_view kBeforeWeek1 = "_before_week_1";

}  // namespace

bool BookParser::is_weekday_title_key(const std::string& key) const {
  std::string_view k = key;
  if (k.size() > kBeforeWeek1.size() && k.substr(k.size() - kBeforeWeek1.size()) == kBeforeWeek1) {
    k.remove_suffix(kBeforeWeek1.size());
  }
  return k == "default" || seasons_.count(std::string(k)) > 0;
}

// A template may use only the placeholders day_title() fills; a typo would show in every title.
void BookParser::check_weekday_title_templates(const std::vector<const StringLayer*>& layers) {
  static constexpr std::array<std::string_view, 5> kPlaceholders = {"weekday", "week", "season",
                                                                    "sunday", "week_label"};
  auto check = [&](const SourceNode& node) {
    const std::string& t = node.scalar;
    for (std::size_t open = t.find('{'); open != std::string::npos; open = t.find('{', open + 1)) {
      const std::size_t close = t.find('}', open);
      if (close == std::string::npos) {
        diags_.error(node.loc, "weekday title '" + t + "' has an unclosed '{'");
        return;
      }
      const std::string name = t.substr(open + 1, close - open - 1);
      if (std::find(kPlaceholders.begin(), kPlaceholders.end(), name) == kPlaceholders.end()) {
        diags_.error(node.loc, "weekday title '" + t + "' has an unknown placeholder '{" + name +
                                   "}' (known: {weekday}, {week}, {season}, {sunday}, "
                                   "{week_label})");
        return;
      }
    }
  };
  std::vector<const StringLayer*> all = layers;
  for (const StringLayer& layer : global_strings_) all.push_back(&layer);
  for (const StringLayer* layer : all) {
    const auto cat = layer->texts.find("weekday_titles");
    if (cat == layer->texts.end()) continue;
    for (const auto& [key, node] : cat->second) check(*node);
  }
}

void BookParser::build_strings() {
  BookDefinition& b = *book_;
  // sunday_names (in the base book's language) join the inline layer.
  if (auto it = src_.maps.find("sunday_names"); it != src_.maps.end()) {
    auto& sundays = inline_names_.texts["sundays"];
    for (const auto& [k, v] : it->second) {
      if (!sundays.emplace(k->scalar, v).second) {
        diags_.error(k->loc, "Sunday name '" + k->scalar + "' is given twice");
      }
    }
  }
  std::vector<const StringLayer*> book_layers;
  for (const auto& layer : src_.strings) book_layers.push_back(&layer);
  book_layers.push_back(&inline_names_);

  // Every key a book layer names must exist: a typo in a translation must not pass silently.
  for (const StringLayer* layer : book_layers) {
    for (const auto& [category, texts] : layer->texts) {
      for (const auto& [key, node] : texts) {
        bool known = true;
        if (category == "celebrations") known = celebrations_.count(key) > 0;
        if (category == "seasons" || category == "season_labels") known = seasons_.count(key) > 0;
        if (category == "sundays") known = sunday_keys_.count(key) > 0;
        if (category == "colours") known = colours_.count(key) > 0;
        if (category == "preferences") {
          // A named copy: Clang 14 cannot capture a structured binding (fuzz build).
          const auto& wanted = key;
          known = std::any_of(b.preferences.begin(), b.preferences.end(),
                              [&](const Preference& p) { return p.key == wanted; });
        }
        if (category == "fast_names") {
          const auto& wanted = key;  // Clang 14 cannot capture a structured binding either
          known = std::any_of(b.fasts.begin(), b.fasts.end(),
                              [&](const FastRule& f) { return f.key == wanted; });
        }
        if (category == "collects") known = b.collect_index.count(key) > 0;
        if (category == "weekday_titles") known = is_weekday_title_key(key);
        if (category == "day_names") {
          const auto& wanted = key;  // Clang 14 cannot capture a structured binding either
          known = std::any_of(b.day_names.begin(), b.day_names.end(),
                              [&](const DayName& d) { return d.key == wanted; });
        }
        if (!known) {
          diags_.error(node->loc, "strings: no " + category + " entry '" + key + "' in this book");
        }
      }
    }
  }

  std::vector<std::string> languages = {b.lang};
  for (const StringLayer* layer : book_layers) {
    if (!layer->lang.empty() &&
        std::find(languages.begin(), languages.end(), layer->lang) == languages.end()) {
      languages.push_back(layer->lang);
    }
  }
  for (const std::string& lang : languages) {
    NameChain chain;
    for (const std::string& want :
         {lang, std::string(base::base_language(lang)), b.lang, src_.inline_lang}) {
      const bool exact = want == lang;
      auto matches = [&](const StringLayer& layer) {
        return exact ? layer.lang == want : base::same_base_language(want, layer.lang);
      };
      for (const StringLayer* layer : book_layers) {
        if (matches(*layer)) chain.add(layer);
      }
      for (const StringLayer& layer : global_strings_) {
        if (matches(layer)) chain.add(&layer);
      }
    }
    LanguageStrings ls;
    ls.lang = lang;
    ls.book_name = chain.find("book", "name");
    ls.jurisdiction = chain.find("book", "jurisdiction");
    for (const auto& c : b.celebrations)
      ls.celebrations.push_back(chain.find("celebrations", c.key));
    for (const auto& s : b.seasons) {
      ls.seasons.push_back(chain.find("seasons", s.key));
      ls.season_labels.push_back(chain.find("season_labels", s.key));
    }
    for (const auto& k : b.sunday_keys) {
      // A Sunday keyed like a celebration is that celebration, and is named by it.
      std::string name = chain.find("sundays", k);
      if (name.empty() && celebrations_.count(k) > 0) name = chain.find("celebrations", k);
      ls.sundays.push_back(std::move(name));
    }
    for (const auto& c : b.palette) ls.colours.push_back(chain.find("colours", c));
    for (std::size_t i = 0; i < kCelebrationTypeSlugs.size(); ++i) {
      ls.types[i] = chain.find("types", std::string(kCelebrationTypeSlugs[i]));
    }
    ls.sunday_type = chain.find("types", "sunday");
    for (std::size_t i = 0; i < kFastKindSlugs.size(); ++i) {
      ls.fasts[i] = chain.find("fasts", std::string(kFastKindSlugs[i]));
    }
    for (unsigned i = 0; i < 7; ++i) {
      ls.weekdays[i] = chain.find("weekdays", std::string(weekday_slug(date::weekday{i})));
    }
    for (const auto& p : b.preferences) ls.preferences.push_back(chain.find("preferences", p.key));
    for (const auto& f : b.fasts) ls.fast_names.push_back(chain.find("fast_names", f.key));
    for (const auto& k : b.collect_keys) ls.collect_titles.push_back(chain.find("collects", k.key));
    for (const auto& d : b.day_names) ls.day_names.push_back(chain.find("day_names", d.key));
    for (const auto& s : b.seasons) {
      // The season's own template, else the book's or the language's default.
      auto pick = [&](const std::string& suffix) {
        std::string t = chain.find("weekday_titles", s.key + suffix);
        return t.empty() ? chain.find("weekday_titles", "default" + suffix) : t;
      };
      ls.weekday_titles.push_back(pick(""));
      ls.weekday_titles_before_week_1.push_back(pick(std::string(kBeforeWeek1)));
    }
    b.strings.push_back(std::move(ls));
  }
  check_weekday_title_templates(book_layers);

  // The book's own language must name every celebration, season and colour.
  const LanguageStrings& own = b.strings.front();
  // A collect is titled by its own title or by the celebration or Sunday of the same key; a
  // collect with neither would show its raw key.
  for (std::size_t i = 0; i < b.collect_keys.size(); ++i) {
    const CollectKey& k = b.collect_keys[i];
    if (!own.collect_titles[i].empty() || celebrations_.count(k.key) > 0) continue;
    if (const auto s = sunday_keys_.find(k.key);
        s != sunday_keys_.end() && !own.sundays[s->second].empty()) {
      continue;
    }
    diags_.error(k.loc, "collect '" + k.key + "' has no title in " + b.lang +
                            " (give it title: or name it in the strings' collects)");
  }
  for (std::size_t i = 0; i < b.celebrations.size(); ++i) {
    if (own.celebrations[i].empty()) {
      diags_.error(b.celebrations[i].loc,
                   "celebration '" + b.celebrations[i].key + "' has no name in " + b.lang);
    }
  }
  for (std::size_t i = 0; i < b.day_names.size(); ++i) {
    if (own.day_names[i].empty()) {
      diags_.error(b.day_names[i].loc,
                   "day name '" + b.day_names[i].key + "' has no name in " + b.lang);
    }
  }
  for (std::size_t i = 0; i < b.seasons.size(); ++i) {
    if (own.seasons[i].empty()) {
      diags_.error(b.seasons[i].loc, "season '" + b.seasons[i].key + "' has no name in " + b.lang);
    }
  }
  for (std::size_t i = 0; i < b.palette.size(); ++i) {
    if (own.colours[i].empty()) {
      diags_.error(src_.single("palette")->loc, "colour '" + b.palette[i] + "' has no name in " +
                                                    b.lang + " (add it to rules/strings/" + b.lang +
                                                    ".yaml or the book's strings)");
    }
  }
}

}  // namespace kalendar::detail
