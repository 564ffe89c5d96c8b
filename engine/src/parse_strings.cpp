// Names per language, resolved once: for each language the book has, every name is looked up
// along a fallback chain (exact tag, base language, the book's language, the base book's
// language, then shared names from rules/strings) and stored by index.
#include "book_parser.hpp"

#include <algorithm>

namespace kalendar::detail {

namespace {

std::string base_language(std::string_view tag) {
  return std::string(tag.substr(0, tag.find('-')));
}

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

}  // namespace

void BookParser::build_strings() {
  CompiledBook& b = *book_;
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
    for (const std::string& want : {lang, base_language(lang), b.lang, src_.inline_lang}) {
      const bool exact = want == lang;
      auto matches = [&](const StringLayer& layer) {
        return exact ? layer.lang == want : base_language(layer.lang) == base_language(want);
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
    b.strings.push_back(std::move(ls));
  }

  // The book's own language must name every celebration, season and colour.
  const LanguageStrings& own = b.strings.front();
  for (std::size_t i = 0; i < b.celebrations.size(); ++i) {
    if (own.celebrations[i].empty()) {
      diags_.error(b.celebrations[i].loc,
                   "celebration '" + b.celebrations[i].key + "' has no name in " + b.lang);
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
