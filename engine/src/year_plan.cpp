// One liturgical year: seasons, weeks, Sunday keys, propers, candidates, colours and fasts.
// Precedence and transfers are in transfer.cpp.
#include "plan_builder.hpp"

#include <algorithm>

namespace kalendar::detail {

namespace {
// Transfers and cascades are decided over the year plus this margin on each side, so that a
// chain crossing Advent Sunday or 1 January comes out as in the neighbouring year's plan.
constexpr int kMarginDays = 28;
// Candidates room per day, reserved up front (a day rarely has more; more still fit).
constexpr std::size_t kCandidatesReserved = 4;

// The days of the last plan built on this thread, kept with the room their candidate lists had:
// a plan's window is about 420 days, and giving each day its list anew was about 420
// allocations and as many frees per plan (some 15 % of its instructions). One window per thread
// that builds plans (about 150 KB), never more; plans are not built inside one another.
std::vector<WorkDay>& recycled_days() {
  thread_local std::vector<WorkDay> days;
  return days;
}
}  // namespace

PlanBuilder::~PlanBuilder() {
  std::vector<WorkDay>& spare = recycled_days();
  if (spare.capacity() < days_.capacity()) spare = std::move(days_);
}

PlanBuilder::PlanBuilder(const CompiledBook& book, int liturgical_year, OptionSet options)
    : book_(book), liturgical_year_(liturgical_year), options_(std::move(options)) {
  first_day_ = book.year_begins_in(liturgical_year - 1);
  last_day_ = book.year_begins_in(liturgical_year) - date::days{1};
  window_start_ = first_day_ - date::days{kMarginDays};
  const Days window_end = last_day_ + date::days{kMarginDays};
  days_ = std::move(recycled_days());
  recycled_days() = {};
  for (WorkDay& day : days_) day.recycle();
  days_.resize(static_cast<std::size_t>((window_end - window_start_).count() + 1));
  // One calendar conversion per window, not one per day: the year turns on 1 January.
  int civil_year = year_of(to_civil(window_start_));
  Days next_new_year{date::year{civil_year + 1} / 1 / 1};
  for (std::size_t i = 0; i < days_.size(); ++i) {
    WorkDay& day = days_[i];
    day.date = window_start_ + date::days{static_cast<int>(i)};
    if (day.date == next_new_year) {
      ++civil_year;
      next_new_year = Days{date::year{civil_year + 1} / 1 / 1};
    }
    day.civil_year = civil_year;
    // Most days get one to three candidates: room for them at once instead of regrowing (a
    // recycled day has it already).
    day.candidates.reserve(kCandidatesReserved);
  }
  const int y0 = year_of(to_civil(window_start_)) - 1;
  const int y1 = year_of(to_civil(window_end)) + 1;
  for (int y = y0; y <= y1; ++y) contexts_.emplace(y, make_year_context(book, y, options_));
}

std::unique_ptr<YearPlan> PlanBuilder::build() {
  compute_seasons();
  compute_weeks_and_keys();
  prepare_day_sets();
  collect_candidates();
  move_to_nearest_sundays();
  resolve_days();
  report_unobserved_feasts();
  compute_colours_and_fasts();
  return emit();
}

const YearContext& PlanBuilder::context(int civil_year) const {
  auto it = contexts_.find(civil_year);
  assert(it != contexts_.end());
  return it->second;
}

std::optional<Days> PlanBuilder::eval(Index rule, int civil_year) const {
  return rule_date(context(civil_year), rule);
}

DayFacts PlanBuilder::facts(const WorkDay& day) const {
  const auto i = static_cast<std::size_t>(&day - days_.data());
  DayFacts f;
  if (i < window_facts_.size()) {
    f = window_facts_[i];
  } else {  // before prepare_day_sets()
    f.date = day.date;
    f.civil_year = day.civil_year;
    f.season = day.season;
    f.sub_season = day.sub_season;
    f.own_sunday_key = day.own_sunday_key;
    f.week = day.week;
    f.before_first_sunday = day.before_first_sunday;
    f.weeks_to_end = day.weeks_to_end;
  }
  f.prevailing = day.decided && !day.candidates.empty() ? &day.candidates.front().obs : nullptr;
  return f;
}

void PlanBuilder::prepare_day_sets() {
  window_facts_.reserve(days_.size());
  for (const WorkDay& day : days_) {
    window_facts_.push_back(facts(day));
    window_facts_.back().window_day = static_cast<std::uint32_t>(window_facts_.size() - 1);
  }
  matcher_.use_day_sets(window_facts_, book_.plan_index().day_slots);
}

Index PlanBuilder::row_of(const Candidate& c, const WorkDay& day) const {
  const DayFacts f = facts(day);  // once, not once per row: rows are tried for every candidate
  // Only the rows that can hold for this observance at all (plan_index.hpp), in row order.
  for (Index i : book_.plan_index().precedence.of(c.obs)) {
    if (matcher_.matches(book_.precedence[i].match, c.obs, f)) return i;
  }
  return kNoIndex;
}

WorkDay* PlanBuilder::day_at(Days d) {
  if (d < window_start_) return nullptr;
  const auto i = static_cast<std::size_t>((d - window_start_).count());
  return i < days_.size() ? &days_[i] : nullptr;
}

void PlanBuilder::anomaly(Days d, std::string message, const SourceLoc& loc) {
  if (d < first_day_ || d > last_day_) return;  // the neighbouring year reports it
  anomalies_.push_back({d, std::move(message), loc});
}

void PlanBuilder::report_unobserved_feasts() {
  // A feast above lesser rank that loses its day and is neither moved, commemorated nor
  // recorded as omitted disappears from the year: almost always a missing transfer rule.
  for (const WorkDay& day : days_) {
    for (const Candidate& c : day.candidates) {
      const Observance& o = c.obs;
      if (o.kind != ObservanceKind::celebration || o.additional) continue;
      if (o.fate != Fate::yielded && o.fate != Fate::suppressed) continue;
      const Celebration& cel = book_.celebrations[o.celebration];
      if (cel.type == CelebrationType::lesser_feast || cel.type == CelebrationType::commemoration) {
        continue;
      }
      anomaly(day.date,
              std::string(kCelebrationTypeSlugs[static_cast<std::size_t>(cel.type)]) + " '" +
                  cel.key + "' " + (o.fate == Fate::yielded ? "yields" : "is suppressed") +
                  " and no transfer rule moves or records it: it is not observed this year",
              cel.loc);
    }
  }
}

void PlanBuilder::compute_seasons() {
  std::vector<SeasonInstance> top;
  std::vector<SeasonInstance> subs;
  for (const auto& [year, ctx] : contexts_) {
    for (Index s = 0; s < book_.seasons.size(); ++s) {
      const Season& season = book_.seasons[s];
      const auto start = rule_date(ctx, season.starts);
      if (!start) continue;
      SeasonInstance inst{s, *start, *start, *start, 0};
      if (season.parent == kNoIndex) {
        const auto w1 = season.week_1 != kNoIndex ? rule_date(ctx, season.week_1) : std::nullopt;
        inst.week_1 = w1 ? *w1 : on_or_after(*start, date::Sunday);
        top.push_back(inst);
      } else {
        const auto end = rule_date(ctx, season.ends);
        inst.end = end ? *end : Days::max();  // clipped to the parent below
        const auto w1 = season.week_1 != kNoIndex ? rule_date(ctx, season.week_1) : std::nullopt;
        inst.week_1 = w1 ? *w1 : on_or_after(*start, date::Sunday);
        for (Index p = season.parent; p != kNoIndex; p = book_.seasons[p].parent) ++inst.depth;
        subs.push_back(inst);
      }
    }
  }
  std::sort(top.begin(), top.end(),
            [](const SeasonInstance& a, const SeasonInstance& b) { return a.start < b.start; });
  std::size_t top_count = 0;
  for (Index s = 0; s < book_.seasons.size(); ++s) top_count += book_.seasons[s].parent == kNoIndex;
  for (std::size_t i = 0; i < top.size(); ++i) {
    top[i].end = i + 1 < top.size() ? top[i + 1].start - date::days{1} : Days::max();
    // Seasons come round in their declared order; anything else is a data error.
    if (i + 1 < top.size()) {
      Index next = top[i].season + 1;
      while (next < book_.seasons.size() && book_.seasons[next].parent != kNoIndex) ++next;
      if (next >= book_.seasons.size()) next = 0;
      if (top[i + 1].season != next || top[i + 1].start == top[i].start) {
        anomaly(top[i + 1].start,
                "season '" + book_.seasons[top[i + 1].season].key +
                    "' starts out of the declared order (after '" +
                    book_.seasons[top[i].season].key + "')",
                book_.seasons[top[i + 1].season].loc);
      }
    }
  }
  (void)top_count;
  // A sub-season lies inside the instance of its parent that holds its first day.
  for (auto& sub : subs) {
    const Index parent = book_.seasons[sub.season].parent;
    const SeasonInstance* holder = nullptr;
    for (const auto* list : {&top, &subs}) {
      for (const auto& inst : *list) {
        if (inst.season == parent && inst.start <= sub.start && sub.start <= inst.end)
          holder = &inst;
      }
    }
    if (holder == nullptr) {
      anomaly(sub.start,
              "sub-season '" + book_.seasons[sub.season].key + "' starts outside its parent '" +
                  book_.seasons[parent].key + "'",
              book_.seasons[sub.season].loc);
      sub.end = sub.start - date::days{1};  // empty
      continue;
    }
    sub.end = std::min(sub.end, holder->end);
  }
  std::sort(subs.begin(), subs.end(), [](const SeasonInstance& a, const SeasonInstance& b) {
    return a.start < b.start || (a.start == b.start && a.depth < b.depth);
  });
  instances_ = top;
  instances_.insert(instances_.end(), subs.begin(), subs.end());

  // Assign each day its top-level season and innermost sub-season.
  std::size_t t = 0;
  for (WorkDay& day : days_) {
    while (t + 1 < top.size() && top[t + 1].start <= day.date) ++t;
    if (top.empty() || top[t].start > day.date) {
      anomaly(day.date, "no season holds this day");
      continue;
    }
    day.season = top[t].season;
    day.season_start = top[t].start;
    day.before_first_sunday = on_or_before(day.date, date::Sunday) < top[t].week_1;
    const Days governing = on_or_before(day.date, date::Sunday);
    day.week = governing < top[t].week_1
                   ? 0
                   : static_cast<int>((governing - top[t].week_1).count() / 7) + 1;
    int best_depth = -1;
    for (const auto& sub : subs) {
      if (sub.start <= day.date && day.date <= sub.end && sub.depth > best_depth) {
        day.sub_season = sub.season;
        day.season_start = sub.start;
        best_depth = sub.depth;
      }
    }
  }
}

Index PlanBuilder::sunday_key_for(const WorkDay& day) const {
  const int year = day.civil_year;
  // Overrides of the innermost season first.
  for (Index s = day.sub_season != kNoIndex ? day.sub_season : day.season; s != kNoIndex;
       s = book_.seasons[s].parent) {
    for (const SundayOverride& o : book_.seasons[s].sunday_overrides) {
      const auto d = eval(o.date, year);
      if (d && *d == day.date) return o.sunday_key;
    }
  }
  // The innermost season that numbers its Sundays (a sub-season may have its own `sundays`).
  for (Index s = day.sub_season != kNoIndex ? day.sub_season : day.season; s != kNoIndex;
       s = book_.seasons[s].parent) {
    const Season& season = book_.seasons[s];
    if (season.sunday_key_by_week.empty()) continue;
    const int number = sunday_number(s, day);
    if (number <= 0 || static_cast<std::size_t>(number) >= season.sunday_key_by_week.size()) {
      return kNoIndex;
    }
    return season.sunday_key_by_week[static_cast<std::size_t>(number)];
  }
  return kNoIndex;
}

void PlanBuilder::compute_weeks_and_keys() {
  // Propers: the governing Sunday's window, from `propers.from` to the next Advent Sunday.
  // The windows' dates are converted once per civil year, not once per day and window.
  int targets_year = 0;
  std::vector<Days> targets;
  for (WorkDay& day : days_) {
    day.governing_sunday = on_or_before(day.date, date::Sunday);
    if (book_.propers.windows.empty()) continue;
    const Days g = day.governing_sunday;
    const WorkDay* sunday = day_at(g);
    const int year = sunday != nullptr ? sunday->civil_year : year_of(to_civil(g));
    const auto from = eval(book_.propers.from, year);
    const auto advent = eval(book_.year_start, year);
    if (!from || !advent || g < *from || g >= *advent) continue;
    if (year != targets_year) {
      targets.clear();
      for (const ProperWindow& w : book_.propers.windows) {
        targets.push_back(Days{date::year{year} / date::month{w.month} / date::day{w.day}});
      }
      targets_year = year;
    }
    for (std::size_t i = 0; i < targets.size(); ++i) {
      if (std::abs((g - targets[i]).count()) <= 3) {
        day.proper = book_.propers.windows[i].number;
        break;
      }
    }
  }
  for (WorkDay& day : days_) {
    if (day.season == kNoIndex || weekday_of(day.date) != date::Sunday) continue;
    day.own_sunday_key = sunday_key_for(day);
    if (day.own_sunday_key == kNoIndex) {
      anomaly(day.date,
              "this Sunday gets no key from season '" + book_.seasons[day.season].key + "' (week " +
                  std::to_string(day.week) + ")",
              book_.seasons[day.season].loc);
    } else if (book_.strings.front().sundays[day.own_sunday_key].empty()) {
      anomaly(
          day.date,
          "Sunday key '" + book_.sunday_keys[day.own_sunday_key] + "' has no name in " + book_.lang,
          book_.seasons[day.season].loc);
    }
  }
  for (WorkDay& day : days_) {
    const WorkDay* g = day_at(day.governing_sunday);
    day.sunday_key = g != nullptr ? g->own_sunday_key : kNoIndex;
  }
  // Only the days of the window: the last top-level instance is open-ended (Days::max()), and
  // walking it day by day took minutes per year plan.
  const Days window_end = days_.back().date;
  for (const SeasonInstance& inst : instances_) {
    if (inst.depth != 0 || inst.end == Days::max()) continue;
    const Days last_sunday = on_or_before(inst.end, date::Sunday);
    for (Days d = std::max(inst.start, window_start_); d <= std::min(inst.end, window_end);
         d += date::days{1}) {
      WorkDay* day = day_at(d);
      if (day != nullptr) day->weeks_to_end = weeks_between(day->governing_sunday, last_sunday);
    }
  }
}

void PlanBuilder::collect_candidates() {
  // Dated celebrations and additional observances, from every civil year touching the window.
  for (const auto& [year, ctx] : contexts_) {
    for (Index c = 0; c < book_.celebrations.size(); ++c) {
      const Celebration& cel = book_.celebrations[c];
      if (cel.years && !cel.years->contains(year)) continue;
      const auto d = ctx.celebration_dates[c];
      if (!d) {
        const Days jan1{date::year{year} / 1 / 1};
        // A date option left unset gives no date by design (a parish without a dedication).
        const bool by_option = std::holds_alternative<OptionDate>(book_.rules[cel.date].form);
        if (!by_option && jan1 >= first_day_ && jan1 <= last_day_) {
          anomaly(jan1, "celebration '" + cel.key + "' has no date in " + std::to_string(year),
                  cel.loc);
        }
        continue;
      }
      WorkDay* day = day_at(*d);
      if (day == nullptr) continue;
      Candidate cand;
      cand.obs.kind = ObservanceKind::celebration;
      cand.obs.celebration = c;
      cand.obs.original_date = *d;
      cand.order = c;
      day->candidates.push_back(cand);
    }
    for (Index a = 0; a < book_.additional.size(); ++a) {
      const AdditionalObservance& add = book_.additional[a];
      if (!options_hold(book_, add.options, options_)) continue;  // a choice not taken
      const auto d = rule_date(ctx, add.date);
      const auto own = ctx.celebration_dates[add.celebration];
      if (!d || !own || *d == *own) continue;  // kept on its own day anyway
      WorkDay* day = day_at(*d);
      if (day == nullptr) continue;
      Candidate cand;
      cand.obs.kind = ObservanceKind::celebration;
      cand.obs.celebration = add.celebration;
      cand.obs.additional = true;
      cand.obs.additional_rule = a;
      cand.obs.original_date = *d;
      cand.order = add.celebration;
      day->candidates.push_back(cand);
    }
  }
  // The temporal observance: the Sunday, or the weekday. A Sunday whose key is also the key of a
  // celebration dated that day *is* that celebration (Trinity Sunday), so it is not doubled.
  for (WorkDay& day : days_) {
    Candidate cand;
    cand.order = static_cast<Index>(book_.celebrations.size());
    cand.obs.original_date = day.date;
    if (weekday_of(day.date) == date::Sunday) {
      cand.obs.kind = ObservanceKind::sunday;
      const std::string* key =
          day.own_sunday_key != kNoIndex ? &book_.sunday_keys[day.own_sunday_key] : nullptr;
      const bool folded =
          key != nullptr &&
          std::any_of(day.candidates.begin(), day.candidates.end(), [&](const Candidate& c) {
            return !c.obs.additional && book_.celebrations[c.obs.celebration].key == *key;
          });
      if (folded) continue;
    } else {
      cand.obs.kind = ObservanceKind::feria;
    }
    day.candidates.push_back(cand);
  }
  for (WorkDay& day : days_) {
    for (Candidate& c : day.candidates) {
      c.obs.row = row_of(c, day);
      if (c.obs.row == kNoIndex) {
        const std::string what =
            c.obs.kind == ObservanceKind::celebration
                ? "celebration '" + book_.celebrations[c.obs.celebration].key + "'"
                : std::string(kObservanceKindSlugs[static_cast<std::size_t>(c.obs.kind)]);
        anomaly(day.date, "no precedence row matches " + what,
                c.obs.kind == ObservanceKind::celebration
                    ? book_.celebrations[c.obs.celebration].loc
                    : SourceLoc{});
      }
    }
  }
}

void PlanBuilder::compute_colours_and_fasts() {
  // Each rule's `when` is answered from its set of days (day_sets.cpp): one bit test on most
  // days, the rule in full only where it asks what prevailed.
  for (WorkDay& day : days_) {
    if (day.date < first_day_ || day.date > last_day_ || day.candidates.empty()) continue;
    // What the rules below may ask; colours and fasts do not change it.
    const DayFacts facts_of_day = facts(day);
    // 1. the book's colour rules, first match wins;
    for (Index r = 0; r < book_.colour_rules.size(); ++r) {
      const ColourRule& rule = book_.colour_rules[r];
      if (!matcher_.matches(rule.when, facts_of_day)) continue;
      day.colour_rule = r;
      day.colour_source = ColourSource::rule;
      day.colour = rule.colour;  // none with `use: season`
      for (Index alt : rule.alternatives) day.colour_alternatives |= 1u << alt;
      break;
    }
    // 2. the prevailing celebration's own colour;
    const Candidate& top = day.candidates.front();
    if (day.colour_rule == kNoIndex && top.obs.kind == ObservanceKind::celebration &&
        book_.celebrations[top.obs.celebration].colour != kNoIndex) {
      day.colour = book_.celebrations[top.obs.celebration].colour;
      day.colour_source = ColourSource::celebration;
    }
    // 3. the innermost season that has one.
    if (day.colour == kNoIndex) {
      for (Index s = day.sub_season; s != kNoIndex && day.colour == kNoIndex;
           s = book_.seasons[s].parent) {
        day.colour = book_.seasons[s].colour;
      }
      if (book_.palette.empty()) {
        // A colourless book (palette: []): no day has a colour, and none is missing.
      } else if (day.colour == kNoIndex && day.season != kNoIndex) {
        day.colour = book_.seasons[day.season].colour;
      }
      if (day.colour_rule == kNoIndex) {
        day.colour_source = day.colour != kNoIndex ? ColourSource::season : ColourSource::none;
      }
    }
    if (book_.palette.empty()) {
      // A colourless book (palette: []): no day has a colour, and none is missing.
    } else if (day.colour == kNoIndex && day.season != kNoIndex) {
      // Reported at the season, where a colour would most often be added.
      const Season& season =
          book_.seasons[day.sub_season != kNoIndex ? day.sub_season : day.season];
      anomaly(day.date, "no colour: no rule, celebration or season '" + season.key + "' gives one",
              season.loc);
    } else if (day.colour == kNoIndex) {
      anomaly(day.date, "no colour: no rule, celebration or season gives one");
    }
    for (Index f = 0; f < book_.fasts.size(); ++f) {
      const FastRule& rule = book_.fasts[f];
      if (!matcher_.matches(rule.when, facts_of_day)) continue;
      if (!rule.except.empty() && matcher_.matches(rule.except.front(), facts_of_day)) continue;
      day.fast_rule = f;
      break;
    }
  }
}

std::unique_ptr<YearPlan> PlanBuilder::emit() {
  auto plan = std::make_unique<YearPlan>();
  plan->liturgical_year = liturgical_year_;
  plan->first_day = first_day_;
  plan->last_day = last_day_;
  const auto first = static_cast<std::size_t>((first_day_ - window_start_).count());
  const auto count = static_cast<std::size_t>((last_day_ - first_day_).count() + 1);
  plan->days.reserve(count);
  std::size_t total = 0;
  for (std::size_t i = first; i < first + count; ++i)
    total += days_[i].candidates.size() + days_[i].relocated.size();
  plan->observances.reserve(total);
  for (std::size_t i = first; i < first + count; ++i) {
    WorkDay& w = days_[i];
    DayRecord r;
    r.date = w.date;
    r.season = w.season;
    r.sub_season = w.sub_season;
    r.season_start = w.season_start;
    r.sunday_key = w.sunday_key;
    r.governing_sunday = w.governing_sunday;
    r.week = w.week;
    r.proper = w.proper;
    r.weeks_to_end = w.weeks_to_end;
    r.colour = w.colour;
    r.colour_source = w.colour_source;
    r.colour_rule = w.colour_rule;
    r.colour_alternatives = w.colour_alternatives;
    r.fast_rule = w.fast_rule;
    r.day_name = day_name_for(w);
    r.first_observance = static_cast<std::uint32_t>(plan->observances.size());
    r.observance_count = static_cast<std::uint32_t>(w.candidates.size() + w.relocated.size());
    for (const Candidate& c : w.candidates) plan->observances.push_back(c.obs);
    for (const Candidate& c : w.relocated) plan->observances.push_back(c.obs);
    plan->days.push_back(r);
  }
  for (const SeasonInstance& inst : instances_) {
    if (inst.end < first_day_ || inst.start > last_day_ || inst.end < inst.start) continue;
    plan->seasons.push_back(
        {inst.season, std::max(inst.start, first_day_), std::min(inst.end, last_day_)});
  }
  std::stable_sort(plan->seasons.begin(), plan->seasons.end(),
                   [](const SeasonSpan& a, const SeasonSpan& b) { return a.start < b.start; });
  plan->anomalies = std::move(anomalies_);
  // The evaluated rules stay with the plan: request-time conditions (lectionary and collect
  // lookups) reuse them instead of re-evaluating a year per request.
  plan->contexts = std::move(contexts_);
  plan->options = options_;
  return plan;
}

}  // namespace kalendar::detail
