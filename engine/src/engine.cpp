#include "kalendar/engine.hpp"

#include "date_eval.hpp"

#include "kalendar/library.hpp"
#include "kalendar/vocabulary.hpp"

#include <algorithm>

namespace kalendar {

Error engine_error(EngineErrc errc, std::string message) {
  return Error{std::string(slug(errc)), std::move(message)};
}

std::optional<EngineErrc> engine_errc(const Error& error) { return parse<EngineErrc>(error.code); }

Engine::Engine(std::shared_ptr<const Library> library) : library_(std::move(library)) {}

const std::vector<std::shared_ptr<const CompiledBook>>& Engine::books() const {
  return library_->books();
}

const std::vector<LanguageStrings>& Engine::shared_strings() const {
  return library_->shared_strings();
}

const std::string& Engine::data_version() const { return library_->data_version; }

std::shared_ptr<const Engine> load_engine(const std::string& rules_dir,
                                          const std::string& books_dir, DiagnosticList& diags) {
  DiagnosticList mine;
  std::shared_ptr<const Library> library =
      load_library(LibrarySources::from_dirs(rules_dir, books_dir), mine);
  diags.append(mine);
  if (mine.has_errors() || library == nullptr) return nullptr;
  return std::make_shared<const Engine>(std::move(library));
}

Result<const CompiledBook*> Engine::find_book(std::string_view book) const {
  const CompiledBook* b = library_->find(book);
  if (b == nullptr)
    return engine_error(EngineErrc::unknown_book,
                        "no prayer book with code '" + std::string(book) + "'");
  return b;
}

std::pair<CivilDate, CivilDate> Engine::answerable_range(const CompiledBook& b) {
  const int from = std::max(kMinYear, b.valid_years.from);
  const int to = std::min(kMaxYear, b.valid_years.to);
  return {CivilDate{date::year{from} / 1 / 1}, CivilDate{date::year{to} / 12 / 31}};
}

Result<ResolvedDay> Engine::day(std::string_view book, CivilDate date) const {
  auto b = find_book(book);
  if (!b) return b.error();
  return day(**b, date);
}

Result<ResolvedDay> Engine::day(const CompiledBook& book, CivilDate date) const {
  const auto [lo, hi] = answerable_range(book);
  if (Days{date} < Days{lo} || Days{date} > Days{hi}) {
    return engine_error(EngineErrc::out_of_range, "book '" + book.code + "' answers for " +
                                                      format_iso_date(lo) + " to " +
                                                      format_iso_date(hi));
  }
  const Days d{date};
  auto plan = book.year_plan(book.liturgical_year_of(d));
  const DayRecord* r = plan->find(d);
  assert(r != nullptr);
  return ResolvedDay(book, std::move(plan), *r);
}

Result<std::vector<ResolvedDay>> Engine::range(std::string_view book, CivilDate from,
                                               CivilDate to) const {
  auto b = find_book(book);
  if (!b) return b.error();
  return range(**b, from, to);
}

Result<std::vector<ResolvedDay>> Engine::range(const CompiledBook& b, CivilDate from,
                                               CivilDate to) const {
  if (Days{from} > Days{to}) {
    return engine_error(EngineErrc::invalid_range, "'from' " + format_iso_date(from) +
                                                       " is after 'to' " + format_iso_date(to));
  }
  if ((Days{to} - Days{from}).count() + 1 > kMaxRangeDays) {
    return engine_error(EngineErrc::range_too_large,
                        "a range spans at most " + std::to_string(kMaxRangeDays) + " days");
  }
  auto first = day(b, from);
  if (!first) return first.error();
  auto last = day(b, to);
  if (!last) return last.error();
  std::vector<ResolvedDay> out;
  out.reserve(static_cast<std::size_t>((Days{to} - Days{from}).count() + 1));
  std::shared_ptr<const YearPlan> plan;
  for (Days d{from}; d <= Days{to}; d += date::days{1}) {
    if (plan == nullptr || d > plan->last_day) plan = b.year_plan(b.liturgical_year_of(d));
    out.emplace_back(b, plan, *plan->find(d));
  }
  return out;
}

Result<YearOverview> Engine::year(std::string_view book, int year) const {
  auto b = find_book(book);
  if (!b) return b.error();
  return this->year(**b, year);
}

Result<YearOverview> Engine::year(const CompiledBook& bk, int year) const {
  const std::string book = bk.code;
  if (year < std::max(kMinYear, bk.valid_years.from) ||
      year > std::min(kMaxYear, bk.valid_years.to)) {
    return engine_error(EngineErrc::out_of_range,
                        "book '" + book + "' answers for the years " +
                            std::to_string(std::max(kMinYear, bk.valid_years.from)) + " to " +
                            std::to_string(std::min(kMaxYear, bk.valid_years.to)));
  }
  YearOverview out;
  out.plan = bk.year_plan(year);
  // A year view shows every day of its liturgical year, so that year must start inside the
  // dates the book answers for (liturgical 1583 begins in November 1582).
  const auto [lo, hi] = answerable_range(bk);
  if (out.plan->first_day < Days{lo}) {
    return engine_error(EngineErrc::out_of_range,
                        "liturgical year " + std::to_string(year) + " begins on " +
                            format_iso_date(out.plan->first_day) + ", before " +
                            format_iso_date(lo) + ", the first day book '" + book +
                            "' answers for");
  }
  (void)hi;
  out.liturgical_year = year;
  out.first_day = out.plan->first_day;
  out.last_day = out.plan->last_day;
  if (!bk.sunday_cycle.empty()) {
    out.sunday_cycle = bk.sunday_cycle[static_cast<std::size_t>(year) % bk.sunday_cycle.size()];
  }
  if (!bk.weekday_cycle.empty()) {
    out.weekday_cycle = bk.weekday_cycle[static_cast<std::size_t>(year) % bk.weekday_cycle.size()];
  }
  out.seasons = out.plan->seasons;
  for (const SeasonSpan& span : out.seasons) {
    const Season& s = bk.seasons[span.season];
    YearOverview::SeasonInYear season{{span.season, s.key}, std::nullopt, span.start, span.end};
    if (s.parent != kNoIndex) season.parent = NamedRef{s.parent, bk.seasons[s.parent].key};
    out.named_seasons.push_back(season);
  }
  // Key dates as they fall inside the liturgical year (a fixed feast may fall in either civil
  // year; the one inside the year's span is reported).
  const detail::YearContext contexts[] = {detail::make_year_context(bk, year - 1),
                                          detail::make_year_context(bk, year)};
  for (const KeyDate& k : bk.key_dates) {
    for (const auto& ctx : contexts) {
      const std::optional<Days> d = k.season != kNoIndex
                                        ? detail::evaluate(bk, bk.seasons[k.season].starts, ctx)
                                        : ctx.celebration_dates[k.celebration];
      if (d && *d >= out.first_day && *d <= out.last_day) {
        const bool season = k.season != kNoIndex;
        const NamedRef what = season ? NamedRef{k.season, bk.seasons[k.season].key}
                                     : NamedRef{k.celebration, bk.celebrations[k.celebration].key};
        out.key_dates.push_back({what, season, *d});
        break;
      }
    }
  }
  std::stable_sort(out.key_dates.begin(), out.key_dates.end(),
                   [](const auto& a, const auto& b2) { return a.date < b2.date; });
  return out;
}

}  // namespace kalendar
