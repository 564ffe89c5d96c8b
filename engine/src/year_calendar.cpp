// celebrations_of_year: read off the resolved plans of the liturgical years a civil year spans.
#include "kalendar/year_calendar.hpp"

#include "kalendar/engine.hpp"
#include "kalendar/text_search.hpp"
#include "kalendar/vocabulary.hpp"

#include <algorithm>

namespace kalendar {

std::vector<CelebrationInYear> all_celebrations(const CompiledBook& book) {
  std::vector<CelebrationInYear> out(book.celebrations.size());
  for (Index i = 0; i < out.size(); ++i) {
    const Celebration& c = book.celebrations[i];
    out[i].celebration = NamedRef{i, c.key};
    if (c.colour != kNoIndex) out[i].colour = NamedRef{c.colour, book.palette[c.colour]};
  }
  return out;
}

std::optional<CelebrationInYear> find_celebration_by_id(const CompiledBook& book, int id) {
  const Index i = book.find_celebration_by_id(id);
  if (i == kNoIndex) return std::nullopt;
  return all_celebrations(book)[i];
}

Result<YearCalendar> celebrations_of_year(const CompiledBook& book, int year) {
  if (!book.valid_years.contains(year) || year < kMinYear || year > kMaxYear) {
    return engine_error(EngineErrc::out_of_range, "book '" + book.code +
                                                      "' answers for the years " +
                                                      std::to_string(book.valid_years.from) +
                                                      " to " + std::to_string(book.valid_years.to));
  }
  YearCalendar out;
  out.year = year;
  out.celebrations = all_celebrations(book);
  const Days first{CivilDate{date::year{year} / 1 / 1}};
  const Days last{CivilDate{date::year{year} / 12 / 31}};
  std::shared_ptr<const YearPlan> plan;
  for (Days d = first; d <= last; d += date::days{1}) {
    if (plan == nullptr || d > plan->last_day) plan = book.year_plan(book.liturgical_year_of(d));
    const ResolvedDay day(book, plan, *plan->find(d));
    for (const Observance& o : day.observances()) {
      if (o.kind == ObservanceKind::sunday && (o.fate == Fate::prevailed || o.fate == Fate::kept)) {
        if (const auto sunday = day.sunday()) {
          out.sundays.push_back({std::nullopt, sunday, d, d, day.colour()});
        }
      }
      if (o.kind != ObservanceKind::celebration || o.additional) continue;
      CelebrationInYear& c = out.celebrations[o.celebration];
      if (!o.transferred_in && year_of(to_civil(o.original_date)) == year) c.date = o.original_date;
      if (o.fate == Fate::prevailed || o.fate == Fate::commemorated || o.fate == Fate::kept) {
        c.observed = d;
      }
    }
  }
  return out;
}

Result<std::vector<CatalogueEntry>> search_celebrations(const CompiledBook& book,
                                                        const LanguageStrings& names,
                                                        const CatalogueFilter& filter) {
  std::vector<CelebrationInYear> listed;
  if (filter.year) {
    auto calendar = celebrations_of_year(book, *filter.year);
    if (!calendar) return calendar.error();
    listed = std::move(calendar->celebrations);
    listed.insert(listed.end(), calendar->sundays.begin(), calendar->sundays.end());
  } else {
    listed = all_celebrations(book);
  }
  const std::string needle = fold_for_search(filter.text);
  std::vector<CatalogueEntry> kept;
  for (CelebrationInYear& e : listed) {
    const Celebration* c = e.celebration ? &book.celebrations[e.celebration->index] : nullptr;
    if (!filter.type.empty() && (c ? slug(c->type) : "sunday") != filter.type) continue;
    if (filter.movable && (c == nullptr || c->movable) != *filter.movable) continue;
    // With a year, the date its rule gives that year; without, a fixed celebration's day.
    if (filter.year && !e.date) continue;  // its rule gives no date that year
    const std::optional<CivilDate> when =
        filter.year ? std::optional<CivilDate>(to_civil(*e.date)) : std::nullopt;
    const unsigned month = when ? month_of(*when) : (c ? c->fixed_month : 0);
    const unsigned day = when ? day_of(*when) : (c ? c->fixed_day : 0);
    if (filter.month && static_cast<int>(month) != *filter.month) continue;
    if (filter.day && static_cast<int>(day) != *filter.day) continue;
    if (!needle.empty()) {
      const std::string& name =
          c ? names.celebrations[e.celebration->index] : names.sundays[e.sunday->index];
      const std::string_view key = c ? e.celebration->slug : e.sunday->slug;
      if (fold_for_search(name).find(needle) == std::string::npos &&
          key.find(needle) == std::string_view::npos) {
        continue;
      }
    }
    const std::int64_t id = c ? c->id : 0;
    std::vector<std::int64_t> sort_key;
    if (filter.year) {
      sort_key = {e.date->time_since_epoch().count(), c ? 1 : 0, id};
    } else {
      sort_key = {c->movable ? 1 : 0, c->fixed_month, c->fixed_day, id};
    }
    kept.push_back({std::move(e), std::move(sort_key)});
  }
  std::sort(kept.begin(), kept.end(), [](const CatalogueEntry& a, const CatalogueEntry& z) {
    return a.sort_key < z.sort_key;
  });
  return kept;
}

}  // namespace kalendar
