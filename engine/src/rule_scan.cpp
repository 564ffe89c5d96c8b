// Rules whose meaning depends on the year, judged over a range of years (kalendar-check's
// years): each is plain when read, and wrong in some year only.
//
//   - a date window whose end falls before its start in some years but not in others: it wraps
//     the new year in those years only, and then matches almost the whole year (a window from
//     {easter: 40} to 31 May in a year of late Easter);
//   - a Sunday override whose date is never a Sunday: it can never name a Sunday.
//
// Example: scan_rules(book, 1900, 2199) -> {"...:7:12: error: date window ... wraps ..."}.
#include "date_eval.hpp"

#include "kalendar/checks.hpp"

#include <set>
#include <utility>

namespace kalendar {

namespace {

using Window = std::pair<Index, Index>;

void windows_of(const DayMatch& m, std::set<Window>& out);

void windows_of(const CandidateMatch& m, std::set<Window>& out) {
  for (const DayMatch& d : m.on) windows_of(d, out);
  for (const auto* list : {&m.any_of, &m.none_of}) {
    for (const CandidateMatch& c : *list) windows_of(c, out);
  }
}

void windows_of(const DayMatch& m, std::set<Window>& out) {
  for (const DateWindow& w : m.within) out.emplace(w.from, w.to);
  for (const CandidateMatch& c : m.prevailing) windows_of(c, out);
  for (const auto* list : {&m.any_of, &m.all_of, &m.none_of}) {
    for (const DayMatch& d : *list) windows_of(d, out);
  }
}

// Every date window any condition of the book uses.
std::set<Window> all_windows(const CompiledBook& book) {
  std::set<Window> out;
  for (const PrecedenceRow& r : book.precedence) windows_of(r.match, out);
  for (const TransferRule& t : book.transfers) {
    windows_of(t.loser, out);
    for (const CandidateMatch& w : t.winner) windows_of(w, out);
    for (const DayMatch& u : t.unless) windows_of(u, out);
  }
  for (const ColourRule& r : book.colour_rules) windows_of(r.when, out);
  for (const FastRule& r : book.fasts) {
    windows_of(r.when, out);
    for (const DayMatch& e : r.except) windows_of(e, out);
  }
  for (const EveRule& r : book.eves) {
    windows_of(r.of, out);
    for (const DayMatch& e : r.except) windows_of(e, out);
  }
  for (const auto& parts : book.lectionary_lookup) {
    for (const LookupPart& part : parts) {
      for (const LookupStep& step : part.steps) {
        for (const DayMatch& w : step.when) windows_of(w, out);
      }
    }
  }
  for (const CollectStep& step : book.collect_lookup) {
    for (const DayMatch& w : step.when) windows_of(w, out);
  }
  return out;
}

std::string years_text(int from, int to) {
  return "the years " + std::to_string(from) + "-" + std::to_string(to);
}

}  // namespace

std::vector<Diagnostic> scan_rules(const CompiledBook& book, int from, int to) {
  std::vector<Diagnostic> out;
  if (from > to) return out;
  std::vector<YearContext> years;
  years.reserve(static_cast<std::size_t>(to - from + 1));
  for (int y = from; y <= to; ++y) years.push_back(detail::make_year_context(book, y));

  for (const auto& [w_from, w_to] : all_windows(book)) {
    int wraps = 0;
    int plain = 0;
    int first_wrap = 0;
    int first_plain = 0;
    for (int y = from; y <= to; ++y) {
      const auto& ctx = years[static_cast<std::size_t>(y - from)];
      const auto a = detail::rule_date(ctx, w_from);
      const auto b = detail::rule_date(ctx, w_to);
      if (!a || !b) continue;
      int& count = *a <= *b ? plain : wraps;
      int& first = *a <= *b ? first_plain : first_wrap;
      if (count++ == 0) first = y;
    }
    if (wraps > 0 && plain > 0) {
      out.push_back(Diagnostic{
          Severity::error, book.rules[w_from].loc,
          "date window ends before it starts in some years only (first " +
              std::to_string(first_wrap) + ", not in " + std::to_string(first_plain) +
              "): there it wraps the new year and holds most of the year; give dates in the "
              "same order every year"});
    }
  }

  for (const Season& season : book.seasons) {
    for (const SundayOverride& o : season.sunday_overrides) {
      bool sunday = false;
      for (int y = from; y <= to && !sunday; ++y) {
        const auto d = detail::rule_date(years[static_cast<std::size_t>(y - from)], o.date);
        sunday = d && weekday_of(*d) == date::Sunday;
      }
      if (!sunday) {
        out.push_back(Diagnostic{Severity::error, book.rules[o.date].loc,
                                 "Sunday override '" + book.sunday_keys[o.sunday_key] +
                                     "' never falls on a Sunday in " + years_text(from, to) +
                                     ": it can never name one"});
      }
    }
  }
  return out;
}

}  // namespace kalendar
