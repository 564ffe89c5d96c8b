#include "date_eval.hpp"

#include <algorithm>

namespace kalendar::detail {

namespace {

struct Evaluator {
  const CompiledBook& book;
  const YearContext& ctx;

  std::optional<Days> operator()(const FixedDate& f) const {
    const CivilDate d{date::year{ctx.year}, date::month{f.month}, date::day{f.day}};
    if (!d.ok()) return std::nullopt;  // 29 February in a common year
    return Days{d};
  }
  std::optional<Days> operator()(const EasterOffset& e) const {
    return ctx.easter + date::days{e.days};
  }
  std::optional<Days> operator()(const NthWeekday& n) const {
    const auto ym = date::year{ctx.year} / date::month{n.month};
    if (n.nth < 0) return Days{ym / n.weekday[date::last]};
    const date::year_month_weekday ymw = ym / n.weekday[static_cast<unsigned>(n.nth)];
    if (!ymw.ok()) return std::nullopt;  // no 5th such weekday this month
    return Days{ymw};
  }
  std::optional<Days> operator()(const WeekdayRelative& w) const {
    const auto anchor = evaluate(book, w.anchor, ctx);
    if (!anchor) return std::nullopt;
    switch (w.relation) {
      case Relation::before:
        return before(*anchor, w.weekday);
      case Relation::on_or_before:
        return on_or_before(*anchor, w.weekday);
      case Relation::after:
        return after(*anchor, w.weekday);
      case Relation::on_or_after:
        return on_or_after(*anchor, w.weekday);
      case Relation::nearest:
        return nearest(*anchor, w.weekday);
    }
    return std::nullopt;
  }
  std::optional<Days> operator()(const OptionDate& o) const {
    const OptionValue v = book.option_value(ctx.options, o.option);
    if (v == kUnsetDateOption) return std::nullopt;
    const CivilDate d{date::year{ctx.year}, date::month{v / 32u}, date::day{v % 32u}};
    if (!d.ok()) return std::nullopt;  // 29 February in a common year
    return Days{d};
  }
  std::optional<Days> operator()(const CelebrationOffset& c) const {
    const auto& target = ctx.celebration_dates[c.celebration];
    if (!target) return std::nullopt;
    return *target + date::days{c.days};
  }
};

bool exception_holds(const CompiledBook& book, const DateException& e, Days d,
                     const YearContext& ctx, bool leap) {
  if (e.weekdays != 0 && (e.weekdays & (1u << weekday_of(d).c_encoding())) == 0) return false;
  if (e.leap_year && *e.leap_year != leap) return false;
  if (!options_hold(book, e.options, ctx.options)) return false;
  if (e.coincides.empty()) return true;
  return std::any_of(e.coincides.begin(), e.coincides.end(), [&](Index r) {
    const auto other = evaluate(book, r, ctx);
    return other && *other == d;
  });
}

}  // namespace

std::optional<Days> evaluate(const CompiledBook& book, Index rule, const YearContext& ctx) {
  if (rule == kNoIndex) return std::nullopt;
  // Already evaluated in this context (make_year_context fills rule_dates in index order, so
  // anchors and replacements declared earlier are looked up, not evaluated again).
  if (rule < ctx.rule_dates.size()) return ctx.rule_dates[rule];
  const DateRule& r = book.rules[rule];
  if (!r.has_variants()) return std::visit(Evaluator{book, ctx}, r.form);
  const bool leap = date::year{ctx.year}.is_leap();
  const auto d = r.leap_year != kNoIndex && leap ? evaluate(book, r.leap_year, ctx)
                                                 : std::visit(Evaluator{book, ctx}, r.form);
  if (!d) return std::nullopt;
  // The first exception that holds applies, once: its result is not checked again.
  for (const DateException& e : r.exceptions) {
    if (!exception_holds(book, e, *d, ctx, leap)) continue;
    if (e.replacement != kNoIndex) return evaluate(book, e.replacement, ctx);
    return *d + date::days{e.shift_days};
  }
  return d;
}

bool options_tests_hold(const CompiledBook& book, const std::vector<OptionTest>& tests,
                        const OptionSet& options) {
  return std::all_of(tests.begin(), tests.end(), [&](const OptionTest& t) {
    return (t.values & (1u << book.option_value(options, t.option))) != 0;
  });
}

YearContext make_year_context(const CompiledBook& book, int year, const OptionSet& options) {
  YearContext ctx;
  ctx.year = year;
  ctx.options = options;
  ctx.easter = easter(year);
  ctx.celebration_dates.assign(book.celebrations.size(), std::nullopt);
  // A celebration's own rule, evaluated here, gives the same date below: the order puts every
  // celebration it depends on first (a cycle does not load). Kept so it is not evaluated twice.
  std::vector<std::optional<Days>> own_rule_dates(book.rules.size());
  std::vector<bool> own_rule_done(book.rules.size(), false);
  for (Index i : book.celebration_eval_order) {
    const Celebration& c = book.celebrations[i];
    if (c.years && !c.years->contains(year)) continue;
    ctx.celebration_dates[i] = evaluate(book, c.date, ctx);
    if (c.date != kNoIndex) {
      own_rule_dates[c.date] = ctx.celebration_dates[i];
      own_rule_done[c.date] = true;
    }
  }
  ctx.rule_dates.reserve(book.rules.size());
  for (Index r = 0; r < book.rules.size(); ++r) {
    ctx.rule_dates.push_back(own_rule_done[r] ? own_rule_dates[r] : evaluate(book, r, ctx));
  }
  return ctx;
}

}  // namespace kalendar::detail
