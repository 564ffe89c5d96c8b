#include "kalendar/day_title.hpp"

#include <optional>

namespace kalendar {

namespace {

std::string_view weekday_template(const ResolvedDay& day, const LanguageStrings& names,
                                  Index season) {
  if (season == kNoIndex) return {};
  return day.record().week == 0 ? names.weekday_titles_before_week_1[season]
                                : names.weekday_titles[season];
}

}  // namespace

std::string expand_weekday_title(std::string_view templ, const ResolvedDay& day,
                                 const LanguageStrings& names) {
  const DayRecord& r = day.record();
  auto value = [&](std::string_view name) -> std::optional<std::string> {
    if (name == "weekday") return names.weekdays[day.weekday().c_encoding()];
    if (name == "week") return std::to_string(r.week);
    if (name == "season") return names.seasons[r.sub_season != kNoIndex ? r.sub_season : r.season];
    if (name == "sunday") return r.sunday_key != kNoIndex ? names.sundays[r.sunday_key] : "";
    if (name == "week_label") return names.season_labels[r.season];
    return std::nullopt;
  };
  std::string out;
  std::size_t at = 0;
  while (at < templ.size()) {
    const std::size_t open = templ.find('{', at);
    const std::size_t close = open == std::string_view::npos ? open : templ.find('}', open);
    if (close == std::string_view::npos) break;
    out += templ.substr(at, open - at);
    const auto v = value(templ.substr(open + 1, close - open - 1));
    out += v ? *v : std::string(templ.substr(open, close - open + 1));
    at = close + 1;
  }
  if (at < templ.size()) out += templ.substr(at);
  return out;
}

std::string day_title(const ResolvedDay& day, const LanguageStrings& names) {
  const Observance& prevailing = day.prevailing();
  if (prevailing.kind == ObservanceKind::celebration) {
    return names.celebrations[prevailing.celebration];
  }
  const DayRecord& r = day.record();
  if (day.is_sunday() && r.sunday_key != kNoIndex && !names.sundays[r.sunday_key].empty()) {
    return names.sundays[r.sunday_key];
  }
  // The book's name for this weekday (Easter Eve), where the weekday itself prevails.
  if (const auto named = day.day_name();
      prevailing.kind == ObservanceKind::feria && named && !names.day_names[named->index].empty()) {
    return names.day_names[named->index];
  }
  // The innermost season's template first: Easter Week before Easter.
  std::string_view templ = weekday_template(day, names, r.sub_season);
  if (templ.empty()) templ = weekday_template(day, names, r.season);
  return templ.empty() ? std::string() : expand_weekday_title(templ, day, names);
}

std::string collect_title(const ResolvedDay& day, const LanguageStrings& names,
                          const ResolvedCollect& collect) {
  // Keys live in the book's collect_keys: the pointer gives the index of its title.
  const auto index = static_cast<std::size_t>(collect.key - day.book().collect_keys.data());
  if (!names.collect_titles[index].empty()) return names.collect_titles[index];
  if (collect.celebration != kNoIndex) return names.celebrations[collect.celebration];
  if (collect.sunday_key != kNoIndex) return names.sundays[collect.sunday_key];
  return {};
}

std::vector<Anomaly> untitled_days(const CompiledBook& book,
                                   const std::shared_ptr<const YearPlan>& plan) {
  std::vector<Anomaly> out;
  const LanguageStrings& own = book.strings.front();
  for (const DayRecord& r : plan->days) {
    const ResolvedDay day(book, plan, r);
    if (!day_title(day, own).empty()) continue;
    const Index season = r.sub_season != kNoIndex ? r.sub_season : r.season;
    const std::string key = season != kNoIndex ? book.seasons[season].key : std::string("default");
    const std::string suffix = r.week == 0 ? "_before_week_1" : "";
    out.push_back({r.date,
                   "day has no title in " + book.lang +
                       ": no celebration or Sunday name, and no "
                       "weekday_titles entry '" +
                       key + suffix + "' or 'default" + suffix + "'",
                   season != kNoIndex ? book.seasons[season].loc : SourceLoc{}});
  }
  return out;
}

}  // namespace kalendar
