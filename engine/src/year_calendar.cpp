// celebrations_of_year: read off the resolved plans of the liturgical years a civil year spans.
#include "kalendar/year_calendar.hpp"

#include "kalendar/engine.hpp"

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

Result<YearCalendar> celebrations_of_year(const CompiledBook& book, int year,
                                          const OptionSet& options) {
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
    if (plan == nullptr || d > plan->last_day)
      plan = book.year_plan(book.liturgical_year_of(d), options);
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

}  // namespace kalendar
