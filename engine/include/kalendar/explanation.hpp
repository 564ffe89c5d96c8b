// Why a day resolved as it did, as one value the engine assembles (domain notes §14): the season
// and where its boundary comes from, the week and its governing Sunday, the proper window, every
// candidate with its precedence row, fate and deciding rule, the transfers into and out of the
// day with the days tried, where the colour and the fast came from, and the reading lookup.
// The API's explanation writer, kalendar-dump and checks.yaml all read this value, so none of
// them re-derives a fact from the plan's indices.
//
// Example:
//   Explanation why = explain(day, readings);        // Joseph on Lent 3, 19 March 2028
//   why.candidates[1].decided_by->key == "displaced_feast"
//   why.transfers[0].days_tried == {2028-03-20}
#pragma once

#include "kalendar/engine.hpp"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace kalendar {

struct Explanation {
  // Example: {2028, 2027-11-28, 2028-12-02, "C", "two"}.
  struct LiturgicalYear {
    int year = 0;
    Days starts{};
    Days ends{};
    std::string_view sunday_cycle;
    std::string_view weekday_cycle;
  };
  // The innermost season holding the day decides the boundary and its source.
  struct Season {
    NamedRef season;                     // top-level
    std::optional<NamedRef> sub_season;  // innermost sub-season, if any
    NamedRef innermost;                  // sub_season, else season
    Days boundary{};                     // first day of the innermost season's instance
    std::string_view source;
  };
  struct Week {
    std::optional<int> number;  // none before the season's first Sunday
    // The season whose label names the days before its first Sunday (number is none).
    std::optional<NamedRef> label_season;
    Days governing_sunday{};
    std::optional<NamedRef> sunday;  // the governing Sunday's key
  };
  // Proper N: the Sunday closest to a calendar date. Example: {7, 6, 22, source}.
  struct Proper {
    int number = 0;
    std::optional<unsigned> closest_month;
    std::optional<unsigned> closest_day;
    std::string_view source;
  };
  struct Candidate {
    const Observance* observance = nullptr;  // the day's own record (kind, fate, dates)
    std::optional<NamedRef> celebration;     // kind == celebration
    std::optional<NamedRef> sunday;          // kind == sunday: the day's Sunday key
    std::optional<RowRef> row;               // the precedence row that ranked it
    std::optional<RuleRef> decided_by;       // the transfer rule that set a losing fate
    std::string_view celebration_source;
  };
  enum class Direction : std::uint8_t { in, out };
  // A celebration that left this day or arrived on it. `days_tried` are the days the transfer
  // rule searched, in order, the last one being where it went.
  struct Transfer {
    NamedRef celebration;
    Direction direction = Direction::out;
    Days from{};                  // the date its rule gave
    Days to{};                    // where it is kept
    std::optional<RuleRef> rule;  // the rule that moved it (named on the day it left)
    std::vector<Days> days_tried;
  };
  struct Colour {
    std::optional<NamedRef> colour;
    ColourSource source = ColourSource::none;
    std::optional<RuleRef> rule;          // source == rule
    std::optional<NamedRef> celebration;  // source == celebration
    std::optional<NamedRef> season;       // source == season (the innermost season)
    std::vector<NamedRef> alternatives;
  };
  // One part of one office's reading lookup.
  struct Reading {
    Service service = Service::daily;
    std::string_view track;
    ReadingPart part;  // found, table, key, cycle, keys tried
  };

  // Why the evening belongs to the next day (first Evensong): the next day's prevailing
  // observance, the `eves:` rule that matched and what the evening takes from it.
  // Example: {2026-04-05, celebration easter_day, rule "easter_vigil", collect: true}.
  struct Eve {
    Days date{};  // the next day
    ObservanceKind kind = ObservanceKind::sunday;
    std::optional<NamedRef> celebration;  // kind == celebration
    std::optional<NamedRef> sunday;       // the next day's own Sunday key, if it is a Sunday
    RuleRef rule;
    bool collect = false;
    bool readings = false;
  };

  LiturgicalYear liturgical_year;
  Season season;
  Week week;
  std::optional<Proper> proper;
  std::vector<Candidate> candidates;  // by precedence: [0] prevailed
  std::vector<Transfer> transfers;
  Colour colour;
  std::optional<FastRef> fast;
  std::vector<Reading> readings;
  std::optional<Eve> eve;  // none: the evening is the day's own
  // The printed sources of every rule used above, each once, in the order met.
  std::vector<std::string_view> sources;

  // The candidate for a celebration key, or nullptr when it did not compete that day.
  // The candidate that is this celebration, or this Sunday (by its key); null when none.
  [[nodiscard]] const Candidate* candidate(std::string_view celebration) const;
};

// The explanation of a day. `readings` are the lookups to explain (the caller chose the
// offices and track). The value refers into the day's book: keep the day alive with it.
[[nodiscard]] Explanation explain(const ResolvedDay& day, std::span<const ReadingSet> readings);

}  // namespace kalendar
