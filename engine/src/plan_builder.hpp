// Building one liturgical year: the working state shared by year_plan.cpp (seasons, weeks,
// candidates, colours, fasts) and transfer.cpp (precedence and
// transfers); conditions are matched by ConditionMatcher (predicates.cpp).
//
// The builder works on a window wider than the year (4 weeks each side) so that transfers and
// cascades crossing Advent or 1 January are decided exactly as the neighbouring year decides
// them; only the year's own days are kept.
#pragma once

#include "conditions_eval.hpp"
#include "date_eval.hpp"
#include "plan_index.hpp"

#include "kalendar/resolved.hpp"

#include <map>
#include <memory>
#include <vector>

namespace kalendar::detail {

// A competing observance while the year is being resolved.
struct Candidate {
  Observance obs;
  Index order = 0;              // declaration order: the last tie-break, deterministic
  Index origin_day = kNoIndex;  // for a transferred copy: the day and slot of the original
  std::uint32_t origin_slot = 0;
  bool origin_relocated = false;  // the slot is in the origin day's `relocated`, not candidates
};

struct WorkDay {
  Days date{};
  int civil_year = 0;  // of `date`: set once, read by every date rule and condition
  Index season = kNoIndex;
  Index sub_season = kNoIndex;
  Days season_start{};
  bool before_first_sunday = false;
  Index own_sunday_key = kNoIndex;  // set on Sundays
  Index sunday_key = kNoIndex;      // the governing Sunday's
  Days governing_sunday{};
  int week = 0;
  int proper = 0;
  int weeks_to_end = -1;              // see DayFacts
  std::vector<Candidate> candidates;  // sorted by precedence once the day is decided
  // Celebrations a nearest_sunday move took away before the day was decided: they do not
  // compete here, and are listed after the candidates (fate `transferred`).
  std::vector<Candidate> relocated;
  bool decided = false;
  Index colour = kNoIndex;
  ColourSource colour_source = ColourSource::none;
  Index colour_rule = kNoIndex;
  std::uint32_t colour_alternatives = 0;
  Index fast_rule = kNoIndex;

  // A fresh day that keeps the room its lists had (PlanBuilder reuses days between plans).
  void recycle() {
    std::vector<Candidate> kept_candidates = std::move(candidates);
    std::vector<Candidate> kept_relocated = std::move(relocated);
    kept_candidates.clear();
    kept_relocated.clear();
    *this = WorkDay{};
    candidates = std::move(kept_candidates);
    relocated = std::move(kept_relocated);
  }
};

// A top-level or sub-season instance in the window.
struct SeasonInstance {
  Index season = kNoIndex;
  Days start{};
  Days end{};
  Days week_1{};
  int depth = 0;
};

class PlanBuilder {
 public:
  // `options`: normalized calendar options (empty: the book's defaults).
  PlanBuilder(const CompiledBook& book, int liturgical_year, OptionSet options = {});
  // Hands the window's days to the next plan built on this thread (see recycled_days()).
  ~PlanBuilder();
  PlanBuilder(const PlanBuilder&) = delete;
  PlanBuilder& operator=(const PlanBuilder&) = delete;
  std::unique_ptr<YearPlan> build();

  [[nodiscard]] bool matches(const CandidateMatch& m, const Candidate& c,
                             const WorkDay& day) const {
    return matcher_.matches(m, c.obs, facts(day));
  }
  [[nodiscard]] bool matches(const DayMatch& m, const WorkDay& day) const {
    return matcher_.matches(m, facts(day));
  }
  [[nodiscard]] Index row_of(const Candidate& c, const WorkDay& day) const;
  // What conditions may ask about a day of the window (what prevailed, once it is decided).
  [[nodiscard]] DayFacts facts(const WorkDay& day) const;

 private:
  // year_plan.cpp
  void compute_seasons();
  void compute_weeks_and_keys();
  void collect_candidates();
  void compute_colours_and_fasts();
  // Once seasons, weeks and keys are known: the facts of every day, from which the matcher
  // works out each condition's set of days (day_sets.cpp).
  void prepare_day_sets();
  std::unique_ptr<YearPlan> emit();
  [[nodiscard]] const YearContext& context(int civil_year) const;
  [[nodiscard]] std::optional<Days> eval(Index rule, int civil_year) const;
  [[nodiscard]] WorkDay* day_at(Days d);
  [[nodiscard]] Index sunday_key_for(const WorkDay& day) const;
  // day_names.cpp
  [[nodiscard]] Index day_name_for(const WorkDay& day) const;
  // sunday_numbers.cpp
  [[nodiscard]] int sunday_number(Index season, const WorkDay& day) const;
  void anomaly(Days d, std::string message, const SourceLoc& loc = {});
  void report_unobserved_feasts();

  // nearest_sunday.cpp
  void move_to_nearest_sundays();
  [[nodiscard]] const TransferRule* nearest_sunday_rule(const Candidate& c, const WorkDay& day,
                                                        Index& rule_index) const;

  // transfer.cpp
  [[nodiscard]] Observance& origin_of(const Candidate& copy);
  void resolve_days();
  void decide_day(Index day_index);
  void settle_loser(Index day_index, std::uint32_t slot, const Candidate& winner);
  void report_search_from_before_loss(const TransferRule& rule, Days lost);
  [[nodiscard]] std::optional<Index> find_target(const Candidate& c, const TransferRule& rule,
                                                 Index from_day) const;
  [[nodiscard]] bool sorts_before(const Candidate& a, Index a_row, const Candidate& b) const;

  const CompiledBook& book_;
  int liturgical_year_;
  Days first_day_{};  // of the year
  Days last_day_{};
  Days window_start_{};
  std::vector<WorkDay> days_;  // the window
  // By index into days_, without what prevailed: set by prepare_day_sets().
  std::vector<DayFacts> window_facts_;
  OptionSet options_;
  std::map<int, YearContext> contexts_;
  ConditionMatcher matcher_{book_, contexts_, options_};
  std::vector<SeasonInstance> instances_;  // top-level then sub-seasons, each by start
  std::vector<Anomaly> anomalies_;
};

}  // namespace kalendar::detail
