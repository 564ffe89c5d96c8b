// Assembling a day's explanation from its record, the book and the plan (explanation.hpp).
#include "date_eval.hpp"

#include "kalendar/explanation.hpp"

#include <algorithm>

namespace kalendar {

namespace {

// Citations of the rules used, each once, in the order met.
void cite(std::vector<std::string_view>& sources, std::string_view source) {
  if (!source.empty() && std::find(sources.begin(), sources.end(), source) == sources.end())
    sources.push_back(source);
}

RuleRef transfer_ref(const CompiledBook& b, Index rule) {
  return {b.transfers[rule].key, b.transfers[rule].source};
}

// The first day a `move` rule searches after losing on `lost_on`: the next day, or the rule's
// `search_from` date when later (evaluated in the civil year of the day lost).
Days search_start(const ResolvedDay& day, const TransferRule& rule, Days lost_on) {
  Days start = lost_on + date::days{1};
  if (rule.search_from == kNoIndex) return start;
  const int year = year_of(to_civil(lost_on));
  const auto& contexts = day.plan().contexts;
  const auto it = contexts.find(year);
  const std::optional<Days> from =
      it != contexts.end()
          ? detail::rule_date(it->second, rule.search_from)
          : detail::evaluate(day.book(), rule.search_from,
                             detail::make_year_context(day.book(), year, day.plan().options));
  return from ? std::max(start, *from) : start;
}

std::vector<Days> days_between(Days first, Days last) {
  std::vector<Days> out;
  for (Days d = first; d <= last; d += date::days{1}) out.push_back(d);
  return out;
}

// An observance that arrived here: the rule that moved it is recorded on the day it left.
Explanation::Transfer arrival(const ResolvedDay& day, const Observance& o) {
  const CompiledBook& b = day.book();
  Explanation::Transfer t{{o.celebration, b.celebrations[o.celebration].key},
                          Explanation::Direction::in,
                          o.original_date,
                          day.date(),
                          std::nullopt,
                          {}};
  const auto origin_plan = b.year_plan(b.liturgical_year_of(o.original_date), day.plan().options);
  const DayRecord* origin = origin_plan->find(o.original_date);
  if (origin == nullptr) return t;
  const std::span<const Observance> there(
      origin_plan->observances.data() + origin->first_observance, origin->observance_count);
  for (const Observance& left : there) {
    if (left.kind != ObservanceKind::celebration || left.celebration != o.celebration ||
        left.fate != Fate::transferred || left.decided_by == kNoIndex) {
      continue;
    }
    t.rule = transfer_ref(b, left.decided_by);
    t.days_tried =
        days_between(search_start(day, b.transfers[left.decided_by], o.original_date), day.date());
  }
  return t;
}

void explain_season(Explanation& why, const ResolvedDay& day) {
  const CompiledBook& b = day.book();
  why.season.season = day.season();
  why.season.sub_season = day.sub_season();
  why.season.innermost = day.innermost_season();
  why.season.boundary = day.record().season_start;
  why.season.source = b.seasons[why.season.innermost.index].source;
  cite(why.sources, why.season.source);

  why.week.number = day.week();
  if (!why.week.number) why.week.label_season = day.season();
  why.week.governing_sunday = day.record().governing_sunday;
  why.week.sunday = day.governing_sunday();

  if (const auto number = day.proper()) {
    Explanation::Proper p;
    p.number = *number;
    for (const ProperWindow& pw : b.propers.windows) {
      if (pw.number != *number) continue;
      p.closest_month = pw.month;
      p.closest_day = pw.day;
    }
    p.source = b.propers.source;
    cite(why.sources, p.source);
    why.proper = p;
  }
}

void explain_candidates(Explanation& why, const ResolvedDay& day) {
  const CompiledBook& b = day.book();
  for (const Observance& o : day.observances()) {
    Explanation::Candidate c;
    c.observance = &o;
    c.row = day.row_of(o);
    if (c.row) cite(why.sources, c.row->rule.source);
    c.decided_by = day.decided_by(o);
    if (c.decided_by) cite(why.sources, c.decided_by->source);
    c.celebration = day.celebration_of(o);
    if (o.kind == ObservanceKind::sunday) c.sunday = day.sunday();
    if (c.celebration) {
      c.celebration_source = b.celebrations[c.celebration->index].source;
      cite(why.sources, c.celebration_source);
    }
    why.candidates.push_back(c);
  }
  for (const Observance& o : day.observances()) {
    if (o.kind != ObservanceKind::celebration) continue;
    if (o.fate == Fate::transferred) {
      Explanation::Transfer t{{o.celebration, b.celebrations[o.celebration].key},
                              Explanation::Direction::out,
                              o.original_date,
                              o.moved_to,
                              std::nullopt,
                              {}};
      if (o.decided_by != kNoIndex) {
        t.rule = transfer_ref(b, o.decided_by);
        t.days_tried =
            days_between(search_start(day, b.transfers[o.decided_by], day.date()), o.moved_to);
      }
      why.transfers.push_back(std::move(t));
    } else if (o.transferred_in) {
      why.transfers.push_back(arrival(day, o));
    }
  }
}

void explain_colour_and_fast(Explanation& why, const ResolvedDay& day) {
  const CompiledBook& b = day.book();
  const DayRecord& r = day.record();
  Explanation::Colour& c = why.colour;
  c.colour = day.colour();
  c.source = r.colour_source;
  if (r.colour_rule != kNoIndex) {
    c.rule = RuleRef{b.colour_rules[r.colour_rule].key, b.colour_rules[r.colour_rule].source};
    cite(why.sources, c.rule->source);
  }
  if (r.colour_source == ColourSource::celebration)
    c.celebration = day.celebration_of(day.prevailing());
  if (r.colour_source == ColourSource::season) c.season = why.season.innermost;
  c.alternatives = day.colour_alternatives();
  why.fast = day.fast();
  if (why.fast) cite(why.sources, why.fast->rule.source);
}

void explain_eve(Explanation& why, const ResolvedDay& day) {
  const std::optional<Eve> eve = day.eve();
  if (!eve) return;
  Explanation::Eve e;
  e.date = eve->day.date();
  e.kind = eve->observance().kind;
  e.celebration = eve->day.celebration_of(eve->observance());
  e.sunday = eve->day.sunday();
  e.rule = eve->rule_ref();
  e.collect = eve->rule_def().collect;
  e.readings = eve->rule_def().readings;
  cite(why.sources, e.rule.source);
  why.eve = e;
}

}  // namespace

const Explanation::Candidate* Explanation::candidate(std::string_view celebration) const {
  for (const Candidate& c : candidates) {
    if (c.celebration && c.celebration->slug == celebration) return &c;
    if (c.sunday && c.sunday->slug == celebration) return &c;
  }
  return nullptr;
}

Explanation explain(const ResolvedDay& day, std::span<const ReadingSet> readings) {
  Explanation why;
  const YearPlan& plan = day.plan();
  why.liturgical_year = {plan.liturgical_year, plan.first_day, plan.last_day, day.sunday_cycle(),
                         day.weekday_cycle()};
  explain_season(why, day);
  explain_candidates(why, day);
  explain_colour_and_fast(why, day);
  explain_eve(why, day);
  for (const ReadingSet& set : readings) {
    for (const ReadingPart& part : set.parts) {
      why.readings.push_back({set.service, set.track, part});
      if (part.table != nullptr) cite(why.sources, part.table->source);
    }
  }
  return why;
}

}  // namespace kalendar
