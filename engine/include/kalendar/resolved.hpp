// What a day is, and why: the engine's answer for a date, and the resolved liturgical year it
// comes from.
//
// A `YearPlan` holds every day of one liturgical year (Advent Sunday to the Saturday before the
// next) in compact records, computed once. A `ResolvedDay` is a cheap view of one record: it keeps
// the plan alive and reads names through the book, so it can be copied freely between threads.
//
// Example:
//   ResolvedDay d = engine.day({"my_book", 2025-11-30}).value();
//   d.season_key() == "advent"; d.week() == 1; d.prevailing().fate == Fate::prevailed
#pragma once

#include "kalendar/book.hpp"

#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace kalendar {

// What became of an observance on a day.
//   prevailed    - it is the day;
//   yielded      - it lost and is only listed as competing (a Sunday under a principal feast,
//                  a lesser feast under a Sunday);
//   commemorated - it lost but may be remembered (memorial collect);
//   suppressed   - it is not kept at all here (lesser feasts in Holy Week and Easter Week);
//   transferred  - it moved to `moved_to` (on that day it carries `transferred_from`);
//   omitted      - it should have moved but found no free day (the rule says why).
enum class Fate : std::uint8_t {
  prevailed,
  yielded,
  commemorated,
  suppressed,
  transferred,
  omitted,
  kept  // kept on the same day with what prevailed (transfer action keep_both)
};
inline constexpr std::array<std::string_view, 7> kFateSlugs = {
    "prevailed", "yielded", "commemorated", "suppressed", "transferred", "omitted", "kept"};

// Where the day's colour came from (for the explanation).
enum class ColourSource : std::uint8_t { rule, celebration, season, none };
inline constexpr std::array<std::string_view, 4> kColourSourceSlugs = {"rule", "celebration",
                                                                       "season", "none"};

// One competing observance on one day.
struct Observance {
  ObservanceKind kind = ObservanceKind::feria;
  Fate fate = Fate::yielded;
  bool transferred_in = false;   // it is here because it moved here
  bool additional = false;       // an additional observance (also_observe)
  Index celebration = kNoIndex;  // kind == celebration
  Index row = kNoIndex;          // precedence row index; kNoIndex: no row matched
  Index decided_by = kNoIndex;   // transfer rule index that set a losing fate; kNoIndex: precedence
  Index additional_rule = kNoIndex;
  Days original_date{};  // the date its rule gave
  Days moved_to{};       // fate == transferred / omitted search end
};

// One day of a plan. Indices refer to the book.
struct DayRecord {
  Days date{};
  Index season = kNoIndex;      // top-level season
  Index sub_season = kNoIndex;  // innermost enclosing sub-season, or none
  Days season_start{};          // first day of the innermost season instance holding the day
  Index sunday_key = kNoIndex;  // the governing Sunday's key (the Sunday on or before the day)
  Days governing_sunday{};
  int week = 0;    // 0: before the season's first Sunday (see season label)
  int proper = 0;  // 0: none
  // Whole weeks from the governing Sunday to the last Sunday of its top-level season (0 in the
  // season's last week; -1 when unknown).
  int weeks_to_end = -1;
  Index colour = kNoIndex;
  ColourSource colour_source = ColourSource::none;
  Index colour_rule = kNoIndex;
  std::uint32_t colour_alternatives = 0;  // bit per palette index
  Index fast_rule = kNoIndex;
  Index day_name = kNoIndex;  // the book's name for this weekday (day_names), or none
  std::uint32_t first_observance = 0;
  std::uint32_t observance_count = 0;
};

// A season as it falls in one year. Example: {lent, 2026-02-18, 2026-04-04}.
struct SeasonSpan {
  Index season = kNoIndex;
  Days start{};
  Days end{};  // inclusive
};

// Something odd the resolver noticed; the validator reports these.
struct Anomaly {
  Days date{};
  std::string message;  // without the date
  SourceLoc loc;        // the rule, season or celebration concerned (may be empty)
};

// What the rules of one civil year depend on: its Easter and its celebrations' own dates.
struct YearContext {
  int year = 0;
  Days easter{};
  std::vector<std::optional<Days>> celebration_dates;  // by celebration index; none = no date
  // Every rule of the book evaluated once for this year (by rule index): conditions ask for the
  // same windows and dates day after day, so they read this instead of re-evaluating.
  std::vector<std::optional<Days>> rule_dates;
  // The calendar options the rules were evaluated with (empty: the book's defaults).
  OptionSet options;
};

class YearPlan {
 public:
  int liturgical_year = 0;
  Days first_day{};  // Advent Sunday of L-1
  Days last_day{};   // Saturday before Advent Sunday of L
  std::vector<DayRecord> days;
  std::vector<Observance> observances;
  std::vector<SeasonSpan> seasons;  // top-level and sub-seasons, by start date
  std::vector<Anomaly> anomalies;
  std::map<int, YearContext> contexts;  // the civil years around the plan, rules evaluated
  // The calendar options it was resolved with (normalized: empty for the defaults); the plans of
  // neighbouring years a day consults (eves, next year's keys) are taken with the same options.
  OptionSet options;

  [[nodiscard]] const DayRecord* find(Days d) const {
    if (d < first_day || d > last_day) return nullptr;
    return &days[static_cast<std::size_t>((d - first_day).count())];
  }
};

// A thing of the book an answer names: its slug, and the index its names are kept under in
// LanguageStrings (seasons, sundays, celebrations, colours). Example: {2, "lent"}.
struct NamedRef {
  Index index = 0;
  std::string_view slug;
};

// A rule of the book that decided something: its key and its printed source (may be empty).
// Example: {"displaced_feast", "... (BCP 1979 p. 16) ..."}.
struct RuleRef {
  std::string_view key;
  std::string_view source;
};

// A precedence row as printed. Example: {4, {"privileged_sunday", "..."}}.
struct RowRef {
  int row = 0;
  RuleRef rule;
};

// A colour with the alternatives a rule allows. Example: {rose, [violet, purple]}.
struct ColourChoice {
  std::optional<NamedRef> colour;
  std::vector<NamedRef> alternatives;
};

// The fast or abstinence a day carries, the rule that set it, and that rule's index (its name,
// e.g. "Ember Day", is LanguageStrings::fast_names[rule_index]).
// Example: {fast, {"fast_days", "..."}, 0}.
struct FastRef {
  FastKind kind = FastKind::fast;
  RuleRef rule;
  Index rule_index = 0;
};

struct Eve;

// A resolved day: a view into a cached plan. It shares ownership of its book and plan, so it
// stays valid however long it is kept, even after a reload swapped its library out.
class ResolvedDay {
 public:
  ResolvedDay(const CompiledBook& book, std::shared_ptr<const YearPlan> plan, const DayRecord& r)
      : book_(book.shared_from_this()), plan_(std::move(plan)), record_(&r) {}

  [[nodiscard]] const CompiledBook& book() const { return *book_; }
  [[nodiscard]] const YearPlan& plan() const { return *plan_; }
  [[nodiscard]] const DayRecord& record() const { return *record_; }
  [[nodiscard]] Days date() const { return record_->date; }
  [[nodiscard]] date::weekday weekday() const { return weekday_of(record_->date); }
  [[nodiscard]] bool is_sunday() const { return weekday() == date::Sunday; }
  [[nodiscard]] int liturgical_year() const { return plan_->liturgical_year; }
  [[nodiscard]] std::span<const Observance> observances() const {
    return {plan_->observances.data() + record_->first_observance, record_->observance_count};
  }
  // Observances sorted by precedence: [0] prevailed.
  [[nodiscard]] const Observance& prevailing() const { return observances().front(); }
  // The prevailing celebration, or nullptr when a Sunday or feria prevailed.
  [[nodiscard]] const Celebration* prevailing_celebration() const {
    const Observance& p = prevailing();
    return p.kind == ObservanceKind::celebration ? &book_->celebrations[p.celebration] : nullptr;
  }
  [[nodiscard]] std::string_view season_key() const { return book_->seasons[record_->season].key; }

  // The day's facts as typed values (absent facts are empty optionals).
  // Example (2026-03-31, Tuesday in Holy Week): season().slug == "lent",
  // sub_season()->slug == "holy_week", colour()->slug == "red", fast() == nullopt.
  [[nodiscard]] NamedRef season() const;
  [[nodiscard]] std::optional<NamedRef> sub_season() const;
  [[nodiscard]] NamedRef innermost_season() const { return sub_season().value_or(season()); }
  [[nodiscard]] std::optional<int> week() const;  // none before the season's first Sunday
  [[nodiscard]] std::optional<int> proper() const;
  // The governing Sunday's key (the Sunday on or before the day), and the day's own on a Sunday.
  [[nodiscard]] std::optional<NamedRef> governing_sunday() const;
  [[nodiscard]] std::optional<NamedRef> sunday() const;
  [[nodiscard]] std::optional<NamedRef> colour() const;
  [[nodiscard]] std::vector<NamedRef> colour_alternatives() const;
  [[nodiscard]] std::optional<FastRef> fast() const;
  // The book's name for this weekday (`day_names:`: Easter Eve), whatever prevails; its name is
  // LanguageStrings::day_names[index].
  [[nodiscard]] std::optional<NamedRef> day_name() const;
  // An observance's celebration, or none for a Sunday or weekday.
  [[nodiscard]] std::optional<NamedRef> celebration_of(const Observance& o) const;
  // The precedence row that ranked an observance, and the transfer rule that set a losing fate.
  [[nodiscard]] std::optional<RowRef> row_of(const Observance& o) const;
  [[nodiscard]] std::optional<RuleRef> decided_by(const Observance& o) const;
  // The colour an observance shows: a celebration's own; the day's (with its alternatives) for
  // the Sunday that prevailed; none for a weekday or a Sunday that yielded.
  [[nodiscard]] ColourChoice colour_of(const Observance& o) const;
  // Whose first Evensong falls on this day's evening: the next day, when its prevailing
  // observance matches one of the book's `eves:` rules (and this day is not excepted), else
  // none. Computed on demand from the next day's (cached) plan; none when the next day lies
  // beyond the years the book answers for.
  // Example (a Saturday before an ordinary Sunday): eve()->day.sunday()->slug == "proper_7".
  [[nodiscard]] std::optional<Eve> eve() const;
  // Sunday and weekday cycle values for the day's liturgical year. Example: "A", "two".
  [[nodiscard]] std::string_view sunday_cycle() const;
  [[nodiscard]] std::string_view weekday_cycle() const;

 private:
  std::shared_ptr<const CompiledBook> book_;
  std::shared_ptr<const YearPlan> plan_;
  const DayRecord* record_;
};

// The eve a day carries: the next day, whose prevailing observance begins this evening, and the
// rule that said so. Example: {day 2026-04-05 (Easter Day), rule 0 ("easter_vigil")}.
struct Eve {
  ResolvedDay day;  // the next day
  Index rule = 0;   // index into CompiledBook::eves
  [[nodiscard]] const EveRule& rule_def() const { return day.book().eves[rule]; }
  [[nodiscard]] RuleRef rule_ref() const { return {rule_def().key, rule_def().source}; }
  // The observance whose first Evensong this is (the next day's prevailing one).
  [[nodiscard]] const Observance& observance() const { return day.prevailing(); }
};

}  // namespace kalendar
