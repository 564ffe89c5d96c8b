// A prayer book compiled from its YAML: immutable, indexed, ready to resolve any date.
//
// The parser fills a BookDefinition; CompiledBook::compile freezes it. A CompiledBook exists only
// as `shared_ptr<const CompiledBook>` (its constructor is private), so nothing can change a book
// once it is compiled: no setter, no two-phase set-up, and a resolved day can keep its book alive
// (shared_from_this) after the library that held it was swapped out by a reload.
//
// Everything a book says is data here, in closed vocabularies: date rules, seasons, precedence
// rows, transfer rules, colour and fast rules, names per language. The engine interprets these
// structures generically; no C++ anywhere knows a particular book. See docs/BOOKS.md for the
// YAML form of each structure.
//
// Cross-references are indices into the book's own vectors (`Index`), resolved and checked once
// at load. Date rules live in one pool (`CompiledBook::rules`) because they nest.
//
// Example:
//   const CompiledBook& b = ...;
//   Index andrew = b.find_celebration("andrew");
//   b.celebrations[andrew].type == CelebrationType::festival
#pragma once

#include "kalendar/civil.hpp"
#include "kalendar/conditions.hpp"
#include "kalendar/lectionary.hpp"
#include "kalendar/options.hpp"
#include "kalendar/result.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace kalendar {

// ---------------------------------------------------------------------------------------------
// Closed vocabularies (the YAML words are the enumerator names).

// The printed class of a celebration, as the API reports it. Precedence is decided by rows, not
// by this label. Example: CelebrationType::festival for St Andrew in loc_2015.
enum class CelebrationType : std::uint8_t {
  principal_feast,
  major_holy_day,
  festival,
  lesser_feast,
  commemoration
};
inline constexpr std::array<std::string_view, 5> kCelebrationTypeSlugs = {
    "principal_feast", "major_holy_day", "festival", "lesser_feast", "commemoration"};

// What competes on a day: a dated celebration, the day's Sunday, or the day's weekday (feria).
enum class ObservanceKind : std::uint8_t { celebration, sunday, feria };
inline constexpr std::array<std::string_view, 3> kObservanceKindSlugs = {"celebration", "sunday",
                                                                         "feria"};

// Weekday relations of a date rule. `after`/`before` are strict: never the anchor itself.
enum class Relation : std::uint8_t { before, on_or_before, after, on_or_after, nearest };
inline constexpr std::array<std::string_view, 5> kRelationSlugs = {
    "before", "on_or_before", "after", "on_or_after", "nearest"};

// What a transfer rule does with an observance that did not prevail.
// keep_both: the loser stays on its day beside what prevailed (fate `kept`); the only action a
// Sunday or weekday loser can take (1662: a holy day on a Sunday is not transferred, both are
// kept).
enum class TransferAction : std::uint8_t { move, commemorate, suppress, yield, omit, keep_both };
inline constexpr std::array<std::string_view, 6> kTransferActionSlugs = {
    "move", "commemorate", "suppress", "yield", "omit", "keep_both"};

// How a moving feast treats a target day that holds a feast of the same row:
// shift = takes the day when it sorts first (earlier original date) and pushes the other on;
// skip  = only a day where everything ranks strictly below it.
enum class Collision : std::uint8_t { shift, skip };
inline constexpr std::array<std::string_view, 2> kCollisionSlugs = {"shift", "skip"};

// Where a `move` goes. next_free_day: forward, to the first day the feast would prevail on,
// decided as days are decided. nearest_sunday: to the Sunday nearest its own day (Monday to
// Wednesday: the Sunday before; Thursday to Saturday: the Sunday after), decided before any day
// is, because it may go backwards; the feast stays on its own day when the target is refused.
enum class MoveKind : std::uint8_t { next_free_day, nearest_sunday };
inline constexpr std::array<std::string_view, 2> kMoveKindSlugs = {"next_free_day",
                                                                   "nearest_sunday"};

enum class FastKind : std::uint8_t { fast, abstinence, special_devotion, self_denial };
inline constexpr std::array<std::string_view, 4> kFastKindSlugs = {
    "fast", "abstinence", "special_devotion", "self_denial"};

// The two tracks of a two-track lectionary (the Revised Common Lectionary's Sundays after
// Pentecost): a book reading a book of the Bible continuously, or readings chosen to relate to
// the Gospel. A book may call them by its own words (`tracks:`, see docs/BOOKS.md).
enum class TrackKind : std::uint8_t { semicontinuous, complementary };
inline constexpr std::array<std::string_view, 2> kTrackKindSlugs = {"semicontinuous",
                                                                    "complementary"};

// ---------------------------------------------------------------------------------------------
// Date rules: exactly one form each, evaluated for a civil year.

// Example: {month: 11, day: 30} (St Andrew).
struct FixedDate {
  unsigned month = 1;
  unsigned day = 1;
};
// Example: {easter: -46} (Ash Wednesday).
struct EasterOffset {
  int days = 0;
};
// Example: {weekday: thursday, nth: 4, month: 11}; nth -1 means `last`.
struct NthWeekday {
  date::weekday weekday;
  int nth = 1;
  unsigned month = 1;
};
// Example: {weekday: sunday, on_or_after: {month: 11, day: 27}} (Advent Sunday).
struct WeekdayRelative {
  date::weekday weekday;
  Relation relation = Relation::on_or_after;
  Index anchor = kNoIndex;  // a rule in CompiledBook::rules
};
// Example: {celebration: pentecost, days: 7} (Trinity Sunday). Uses the target's own computed
// date in the same civil year, never a transferred one.
struct CelebrationOffset {
  Index celebration = kNoIndex;
  int days = 0;
};
// Example: {option: dedication}: the date a date option gives (MM-DD) in the civil year; no date
// when the option is unset.
struct OptionDate {
  Index option = kNoIndex;  // into BookDefinition::options; a date option
};
using DateRuleForm = std::variant<FixedDate, EasterOffset, NthWeekday, WeekdayRelative,
                                  CelebrationOffset, OptionDate>;
// The name of each form, by variant index (the API's date_rule.form).
inline constexpr std::array<std::string_view, 6> kDateRuleFormSlugs = {
    "fixed", "easter", "nth_weekday", "weekday_relative", "celebration", "option"};

// An exception to a date rule: when the date the rule gives meets `when`, the date moves by
// `days` or becomes the date of rule `replacement`. Only facts known before any precedence can be
// asked: the date's weekday, whether it coincides with other dates, whether the year is a leap
// year. Example: {when: {weekday: [sunday]}, then: {days: -1}} (a vigil on a Sunday is kept on
// the Saturday before).
struct DateException {
  std::uint8_t weekdays = 0;        // bit (1 << c_encoding); 0 = any weekday
  std::vector<Index> coincides;     // rules: the date is one of theirs
  std::optional<bool> leap_year;    // the civil year is (not) a leap year
  std::vector<OptionTest> options;  // the calendar options in force have these values
  int shift_days = 0;               // then: this many days later (negative: earlier)
  Index replacement = kNoIndex;     // then: this rule's date instead of a shift
  SourceLoc loc;
};

struct DateRule {
  DateRuleForm form;
  SourceLoc loc;
  // Variants written on the same mapping (see docs/BOOKS.md "Date exceptions"), applied after the
  // form: `leap_year` replaces the form in leap years (St Matthias: 24 Feb, 25 Feb in leap
  // years); then the first exception whose condition holds moves the date, once.
  Index leap_year = kNoIndex;  // rule
  std::vector<DateException> exceptions;
  [[nodiscard]] bool has_variants() const { return leap_year != kNoIndex || !exceptions.empty(); }
};

// Inclusive civil-year range in which a rule or celebration applies. Example: {from: 1987}.
struct YearRange {
  int from = kMinYear;
  int to = kMaxYear;
  [[nodiscard]] bool contains(int year) const { return year >= from && year <= to; }
};

// ---------------------------------------------------------------------------------------------
// The calendar.

struct Celebration {
  int id = 0;       // the numeric id the API shows; unique in a book and never reused
  std::string key;  // stable slug
  CelebrationType type = CelebrationType::lesser_feast;
  Index colour = kNoIndex;  // index into palette, or none (the season's colour then applies)
  Index date = kNoIndex;    // rule
  std::optional<YearRange> years;
  std::string common;  // kind of saint for common collects: martyr, pastor, ... (may be empty)
  std::string source;
  SourceLoc loc;
  // Derived: a fixed {month, day} rule means "not movable".
  bool movable = false;
  unsigned fixed_month = 0;
  unsigned fixed_day = 0;
  std::vector<std::pair<int, CivilDate>> examples;  // year -> expected observed date (checked)
};

// A Sunday that takes a special key instead of the season's template.
// Example: {on: {easter: -49}, key: epiphany_last}.
struct SundayOverride {
  Index date = kNoIndex;  // rule
  Index sunday_key = kNoIndex;
};

struct Season {
  std::string key;
  Index parent = kNoIndex;  // enclosing season (sub-seasons: holy_week in lent)
  Index starts = kNoIndex;  // rule: first day
  Index ends = kNoIndex;    // rule: last day (sub-seasons; top-level ones run to the next start)
  Index week_1 = kNoIndex;  // rule: the Sunday of week 1 (default: first Sunday on/after start)
  Index colour = kNoIndex;
  // Sunday keys: a template with {week} (advent_{week}), {proper} (proper_{proper}) or
  // {week_before} (before_advent_{week_before}, counted back from `count_back_from`).
  std::string sunday_template;
  bool sunday_by_proper = false;
  // rule: the day Sundays are counted back from; the last Sunday before it is number 1.
  Index count_back_from = kNoIndex;
  std::vector<Index> sunday_key_by_week;  // [week] -> key, for {week} templates
  std::vector<SundayOverride> sunday_overrides;
  std::string source;
  SourceLoc loc;
};

// Proper N after Pentecost: the Sunday closest to a date (within 3 days either side).
struct ProperWindow {
  int number = 0;
  unsigned month = 1;
  unsigned day = 1;
};
struct Propers {
  Index from = kNoIndex;  // rule: governing Sundays from this date on have a proper
  std::vector<ProperWindow> windows;
  std::string source;
};

struct PrecedenceRow {
  int row = 0;      // as printed: 1 prevails over 2
  std::string key;  // e.g. "privileged_sunday"
  CandidateMatch match;
  bool may_share = false;  // two observances of this row may meet on one day (ties:)
  std::string source;
  SourceLoc loc;
};

struct TransferRule {
  std::string key;
  CandidateMatch loser;
  std::vector<CandidateMatch> winner;  // at most one
  TransferAction action = TransferAction::yield;
  // For `move`:
  Index search_from = kNoIndex;  // rule, in the civil year of the day lost; default: the next day
  int within_days = 7;           // days searched, starting at search_from
  TransferAction otherwise = TransferAction::omit;
  Collision collision = Collision::shift;
  MoveKind move = MoveKind::next_free_day;
  // For nearest_sunday: at most one condition on the target Sunday that refuses the move.
  std::vector<DayMatch> unless;
  std::string source;
  SourceLoc loc;
};

struct AdditionalObservance {
  std::string key;
  Index celebration = kNoIndex;
  Index date = kNoIndex;  // rule; skipped when it falls on the celebration's own date
  // `option:`: kept only while every test holds (a rubric's "may also be observed").
  std::vector<OptionTest> options;
  std::string source;
  SourceLoc loc;
};

struct ColourRule {
  std::string key;
  DayMatch when;
  Index colour = kNoIndex;  // kNoIndex with use_season
  bool use_season = false;
  std::vector<Index> alternatives;
  std::string source;
  SourceLoc loc;
};

struct FastRule {
  std::string key;
  FastKind kind = FastKind::fast;
  DayMatch when;
  std::vector<DayMatch> except;  // at most one
  std::string source;
  SourceLoc loc;
};

// First Evensong: the evening of a day belongs to the next day when the next day's prevailing
// observance matches `of` (and this day does not match `except`). What the evening takes over
// from that observance is listed in `evening`: its collect, its evening readings, or both.
// The first rule that matches decides. Example (YAML):
//   {key: sunday_eves, of: {sunday: any}, evening: [collect],
//    except: {prevailing: {type: [major_holy_day]}}, source: "..."}
enum class EveTakes : std::uint8_t { collect, readings };
inline constexpr std::array<std::string_view, 2> kEveTakesSlugs = {"collect", "readings"};

struct EveRule {
  std::string key;
  CandidateMatch of;             // the next day's prevailing observance
  std::vector<DayMatch> except;  // at most one: a condition on the day whose evening it is
  bool collect = false;          // evening collects are the next day's
  bool readings = false;         // service=evening readings are the next day's
  std::string source;
  SourceLoc loc;
};

// A name the book gives a weekday that is no celebration ("Easter Eve", "Shrove Tuesday"): the
// day's title when the weekday itself prevails. It never competes, moves or takes a colour.
// Example (YAML): {key: easter_eve, name: Easter Eve, on: {easter: -1}}.
struct DayName {
  std::string key;
  Index date = kNoIndex;  // rule
  std::string source;
  SourceLoc loc;
};

// A date the year depends on, listed in year views: a celebration's date or a season's start.
// Example (YAML): {celebration: ash_wednesday} or {season: advent}.
struct KeyDate {
  Index celebration = kNoIndex;
  Index season = kNoIndex;
};

// The Bible versions a book prefers in one language, best first (book.yaml `bibles:`).
// Example: {"pt-BR", {"almeida"}}.
struct BiblePreference {
  std::string lang;  // BCP 47; matched by base language
  std::vector<std::string> codes;
};

struct Preference {
  std::string key;                   // e.g. "bible", "reading_type"
  std::vector<std::string> options;  // allowed values
  std::string default_value;
  SourceLoc loc;  // its `key:`
};

// The preferences the API applies; a book may list others for its clients' own use.
inline constexpr std::array<std::string_view, 4> kAppliedPreferenceKeys = {
    "bible", "lectionary", "reading_type", "psalter"};

// Names of everything, in one language, fully resolved at load (fallbacks already applied), so
// that a lookup is an index. Empty string = no name anywhere (reported by the validator).
struct LanguageStrings {
  std::string lang;  // BCP 47
  std::string book_name;
  std::string jurisdiction;
  std::vector<std::string> celebrations;   // by celebration index
  std::vector<std::string> seasons;        // by season index
  std::vector<std::string> season_labels;  // by season index: days before its first Sunday
  std::vector<std::string> sundays;        // by sunday key index
  std::vector<std::string> colours;        // by palette index
  std::array<std::string, 5> types;        // by CelebrationType (+ "sunday" in sunday_type)
  std::string sunday_type;
  std::array<std::string, 4> fasts;      // by FastKind
  std::array<std::string, 7> weekdays;   // by c_encoding
  std::vector<std::string> preferences;  // by preference index
  // What the book calls the days a fast rule marks ("Ember Day"), by fast rule index; "" = none.
  std::vector<std::string> fast_names;
  // A collect key's own title, by collect key index; "" = named by its celebration or Sunday.
  std::vector<std::string> collect_titles;
  // Titles of weekdays without a celebration, by season index: templates with {weekday},
  // {week}, {season}, {sunday} and {week_label} (day_title.hpp). One for days in a numbered
  // week, one for the days before the season's first Sunday (week 0).
  std::vector<std::string> weekday_titles;
  std::vector<std::string> weekday_titles_before_week_1;
  std::vector<std::string> day_names;  // by day name index
};

class YearPlan;
class YearCache;
class OptionYearCache;
namespace detail {
struct PlanIndex;  // engine/src/plan_index.hpp
}

// Everything a book says, as the parser builds it up (engine/src/parse_*.cpp). Outside the
// loader it is only ever seen as the frozen base of a CompiledBook.
// Example: BookDefinition d; d.code = "my_book"; ... CompiledBook::compile(std::move(d)).
struct BookDefinition {
  // Metadata
  std::string code;
  std::string kind = "book";  // book | translation | adaptation
  std::string extends;
  SourceLoc manifest_loc;  // its own book.yaml (an overlay's, not its base's)
  std::string lang;        // the book's own language; strings[0].lang
  // The language its reading references are written in: that of the book whose tables it has
  // (a translation keeps its original's "Psalm 23" until a writer shows it in `lang`).
  std::string references_lang;
  int year = 0;
  std::string time_zone;  // IANA, for "today"
  YearRange valid_years;
  std::vector<std::string> bibles;  // preferred Bible versions, in order
  // Preferred versions per language, in the book's order (`bibles:`); empty when the book
  // lists its versions only as the `bible` preference's options.
  std::vector<BiblePreference> bibles_by_language;
  std::vector<std::string> services;
  std::vector<std::string> lectionary_variants;  // capabilities.lectionaries
  std::vector<std::string> reading_types;
  // The book's words for the two tracks of a two-track lectionary, by TrackKind (`tracks:`):
  // the reading_type values, the keys of its readings' track maps and the `track` it answers.
  std::array<std::string, 2> tracks = {std::string(kTrackKindSlugs[0]),
                                       std::string(kTrackKindSlugs[1])};
  std::vector<Preference> preferences;
  std::vector<CalendarOption> options;  // sorted by key (options.hpp)
  std::string source;
  std::string data_version;  // digest of the files the book was built from

  // Calendar
  Index year_start = kNoIndex;  // rule: first day of the liturgical year (Advent Sunday)
  std::vector<DateRule> rules;
  std::vector<Celebration> celebrations;
  std::vector<Index> celebration_eval_order;  // dependencies first
  std::vector<Season> seasons;
  std::vector<std::string> sunday_keys;
  Propers propers;
  std::vector<std::string> sunday_cycle;   // by liturgical year mod size (e.g. [C, A, B])
  std::vector<std::string> weekday_cycle;  // by liturgical year mod size (e.g. [two, one])
  std::vector<PrecedenceRow> precedence;
  std::vector<TransferRule> transfers;
  std::vector<AdditionalObservance> additional;
  std::vector<std::string> palette;  // empty: the book prescribes no colours (palette: [])
  std::vector<ColourRule> colour_rules;
  std::vector<FastRule> fasts;
  std::vector<EveRule> eves;
  std::vector<KeyDate> key_dates;
  std::vector<DayName> day_names;

  // Readings and collects (lectionary.hpp)
  std::vector<LectionaryTable> lectionaries;
  std::array<std::vector<LookupPart>, kServiceSlugs.size()> lectionary_lookup;  // by Service
  std::vector<CollectKey> collect_keys;
  std::map<std::string, Index, std::less<>> collect_index;
  std::vector<CollectStep> collect_lookup;
  std::vector<std::string> commons;  // the `common:` kinds celebrations may name

  // Names: [0] is the book's own language.
  std::vector<LanguageStrings> strings;

  [[nodiscard]] Index find_celebration(std::string_view key) const;
  [[nodiscard]] Index find_celebration_by_id(int id) const;
  [[nodiscard]] Index find_season(std::string_view key) const;
  [[nodiscard]] Index find_sunday_key(std::string_view key) const;
  [[nodiscard]] Index find_colour(std::string_view slug) const;
  // Calendar options (options.hpp). Example: find_option("epiphany") == 0.
  [[nodiscard]] Index find_option(std::string_view key) const;
  // Every option at its default, by option index.
  [[nodiscard]] std::vector<OptionValue> default_option_values() const;
  // A query value ("sunday", "10-12") as an option value; none when not allowed.
  [[nodiscard]] std::optional<OptionValue> parse_option_value(Index option,
                                                              std::string_view text) const;
  // The text of a value ("sunday", "10-12"); "" for an unset date option.
  [[nodiscard]] std::string option_value_text(Index option, OptionValue value) const;
  // The value of an option in force in a set (its default in the default set).
  [[nodiscard]] OptionValue option_value(const OptionSet& set, Index option) const;
  // The set with one representation for the defaults: empty when every value is the default.
  [[nodiscard]] OptionSet normalize_options(const OptionSet& set) const;
  // The best strings for a BCP 47 tag: exact, then base language, then the book's own.
  [[nodiscard]] const LanguageStrings& strings_for(std::string_view tag) const;
};

// How many resolved years a book keeps at most (about 50 KB each; docs/PERFORMANCE.md). The
// least recently used year is dropped beyond this, so memory stays bounded with any number of
// books and any traffic.
inline constexpr std::size_t kPlanCacheCapacity = 64;

// How many resolved years for option sets other than the defaults a book keeps at most: a client
// trying combinations of options or dates evicts its own entries, never grows the process. Each
// entry is one YearPlan (40-60 KB for the shipped books; docs/PERFORMANCE.md), so at most about
// 2 MB per book.
inline constexpr std::size_t kOptionPlanCacheCapacity = 32;

// What a book's cache of resolved years did so far. Example: {60, 12000, 400, 336}.
struct PlanCacheStats {
  std::size_t resident = 0;  // plans held now (<= kPlanCacheCapacity)
  std::uint64_t hits = 0;
  std::uint64_t misses = 0;
  std::uint64_t evictions = 0;
};

// A book frozen by construction: a BookDefinition that can no longer change, with its cache of
// resolved years. Example: std::shared_ptr<const CompiledBook> b = CompiledBook::compile(d);
class CompiledBook final : public BookDefinition,
                           public std::enable_shared_from_this<CompiledBook> {
 public:
  // The only way to make one: `definition` (complete, without errors) becomes immutable.
  // Example: library.books_.push_back(CompiledBook::compile(std::move(definition)));
  [[nodiscard]] static std::shared_ptr<const CompiledBook> compile(BookDefinition definition);
  ~CompiledBook();
  CompiledBook(const CompiledBook&) = delete;
  CompiledBook& operator=(const CompiledBook&) = delete;

  // The resolved liturgical year that ends in civil year `liturgical_year` (the one holding its
  // Easter). Kept in a bounded cache (kPlanCacheCapacity years, least recently used dropped);
  // thread-safe.
  // With calendar options other than the defaults, the plan comes from a second cache bounded
  // by kOptionPlanCacheCapacity entries (option set, year), least recently used dropped.
  [[nodiscard]] std::shared_ptr<const YearPlan> year_plan(int liturgical_year,
                                                          const OptionSet& requested = {}) const;
  // Counters of those caches. Example: book.plan_cache_stats().resident <= kPlanCacheCapacity.
  [[nodiscard]] PlanCacheStats plan_cache_stats() const;
  [[nodiscard]] PlanCacheStats option_plan_cache_stats() const;
  // Liturgical year of a date: the civil year + 1 from Advent Sunday on.
  // Example: 2025-11-30 (Advent Sunday) -> 2026; 2025-11-29 -> 2025.
  [[nodiscard]] int liturgical_year_of(Days day) const;
  // The first day of the liturgical year that begins in `civil_year` (year_start evaluated).
  // Example: year_begins_in(2025) == 2025-11-30; liturgical year 2026 runs from it.
  [[nodiscard]] Days year_begins_in(int civil_year) const;
  // The engine's own index for building year plans (engine/src/plan_index.hpp).
  [[nodiscard]] const detail::PlanIndex& plan_index() const { return *plan_index_; }

 private:
  explicit CompiledBook(BookDefinition definition);
  // Derived from the definition when it is frozen; never changes what the book says.
  const std::unique_ptr<const detail::PlanIndex> plan_index_;
  // Filled lazily, one year at a time: a bounded cache of values computed from the frozen
  // definition, never a change to what the book says.
  const std::unique_ptr<YearCache> cache_;
  const std::unique_ptr<OptionYearCache> option_cache_;
};

}  // namespace kalendar
