// First Evensong (book `eves:`): whose observance begins on a day's evening. Decided on demand
// from the next day, which may lie in the next liturgical year's plan (the Saturday before
// Advent Sunday), so it is never stored in a plan: building one year never needs another.
#include "day_keys.hpp"

#include "kalendar/resolved.hpp"

#include <algorithm>

namespace kalendar {

std::optional<Eve> ResolvedDay::eve() const {
  const CompiledBook& b = *book_;
  if (b.eves.empty()) return std::nullopt;
  const Days next = record_->date + date::days{1};
  const int next_year = year_of(to_civil(next));
  if (next_year > std::min(kMaxYear, b.valid_years.to)) return std::nullopt;
  std::shared_ptr<const YearPlan> plan =
      next <= plan_->last_day ? plan_ : b.year_plan(b.liturgical_year_of(next), plan_->options);
  const DayRecord* record = plan->find(next);
  if (record == nullptr) return std::nullopt;
  ResolvedDay tomorrow(b, plan, *record);
  const detail::DayFacts next_facts = detail::day_facts(tomorrow);
  const detail::DayFacts own_facts = detail::day_facts(*this);
  const detail::ConditionMatcher next_matcher(b, plan->contexts, plan->options);
  const detail::ConditionMatcher own_matcher(b, plan_->contexts, plan_->options);
  for (Index i = 0; i < b.eves.size(); ++i) {
    const EveRule& rule = b.eves[i];
    if (!next_matcher.matches(rule.of, tomorrow.prevailing(), next_facts)) continue;
    if (!rule.except.empty() && own_matcher.matches(rule.except.front(), own_facts)) continue;
    return Eve{std::move(tomorrow), i};
  }
  return std::nullopt;
}

}  // namespace kalendar
