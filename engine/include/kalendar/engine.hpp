// The engine's facade: the questions the API (and the tools) ask, answered from one immutable
// snapshot of compiled books. Const and lock-free once a year is cached, so one Engine is shared
// by all threads. The books behind it (library.hpp) are the engine's own business: the server
// builds an Engine with load_engine() and asks it only what this header declares.
//
// Example:
//   DiagnosticList diags;
//   auto engine = load_engine("rules", "books", diags);   // nullptr: errors are in diags
//   auto day = engine->day("my_book", *parse_iso_date("2025-11-30"));
//   if (!day) return day.error();           // code "unknown_book" / "out_of_range"
//   day->season_key() == "advent"
#pragma once

#include "kalendar/resolved.hpp"

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar {

inline constexpr int kMaxRangeDays = 366;

// Why the engine could not answer: the one error vocabulary of the facade below, mapped once to
// the API's error table (server/api_error.hpp, engine_error_to_api). An engine Error's `code`
// is the slug. Example: Error{"out_of_range", "book 'x' answers for 1900-01-01 to 2199-12-31"}.
enum class EngineErrc : std::uint8_t {
  unknown_book,          // no book with that code
  out_of_range,          // a date or year outside the book's answerable range
  invalid_range,         // a range whose start is after its end
  range_too_large,       // more than kMaxRangeDays days
  unknown_reading_type,  // not one of the book's reading types
  unknown_psalter        // not one of the book's psalters
};
inline constexpr std::array<std::string_view, 6> kEngineErrcSlugs = {
    "unknown_book",    "out_of_range",         "invalid_range",
    "range_too_large", "unknown_reading_type", "unknown_psalter"};

// An engine error with its code. Example: engine_error(EngineErrc::unknown_book, "no book 'xx'").
[[nodiscard]] Error engine_error(EngineErrc errc, std::string message);
// The engine error an Error carries, or none for any other error.
[[nodiscard]] std::optional<EngineErrc> engine_errc(const Error& error);

// The overview of one liturgical year (the year holding Easter of `year`).
struct YearOverview {
  int liturgical_year = 0;
  Days first_day{};
  Days last_day{};
  std::string_view sunday_cycle;
  std::string_view weekday_cycle;
  // A season as it falls in the year. Example: {holy_week, parent lent, 2026-03-29, 2026-04-04}.
  struct SeasonInYear {
    NamedRef season;
    std::optional<NamedRef> parent;
    Days start{};
    Days end{};  // inclusive
  };
  std::vector<SeasonSpan> seasons;          // top-level and sub-seasons, by start date
  std::vector<SeasonInYear> named_seasons;  // the same, as typed references (for writers)
  // A key date: a season's start or a celebration's date. Example: {ash_wednesday, false, ...}.
  struct KeyDateValue {
    NamedRef what;  // a season when season_start, else a celebration
    bool season_start = false;
    Days date{};
  };
  std::vector<KeyDateValue> key_dates;
  std::shared_ptr<const YearPlan> plan;
};

// Which readings to give: the office, the track where a table has two and the psalter where a
// book has several ("" = the book's default preference). Example: {Service::eucharist,
// "complementary", ""}.
struct ReadingRequest {
  Service service = Service::daily;
  std::string_view reading_type;
  std::string_view psalter;
};

// Where one part of a service's readings came from: the explanation's provenance.
struct ReadingPart {
  std::string_view name;  // the part's name ("" when the service has one part)
  bool found = false;
  const LectionaryTable* table = nullptr;
  const LectionaryRow* row = nullptr;
  std::size_t step = 0;            // index in the part's steps
  std::string key;                 // the row key that matched, e.g. "proper_7"
  std::string cycle;               // the column used: "C", "two", "all"
  std::vector<std::string> tried;  // "table:key/cycle" tried before the hit, in order
};

// One slot of a day's readings: options default-first (the rest are alternatives).
struct ResolvedReading {
  Slot slot = Slot::first_reading;
  std::span<const ReadingOption> options;
  std::string_view track;  // "semicontinuous" / "complementary", or "" when the slot is shared
  std::uint8_t part = 0;   // index into ReadingSet::parts
};

// A day's readings for one office.
struct ReadingSet {
  Service service = Service::daily;
  std::string_view track;    // the reading_type applied
  std::string_view psalter;  // the psalter applied
  std::vector<ReadingPart> parts;
  std::vector<ResolvedReading> readings;
  std::vector<Slot> missing;  // slots that lack the requested track in their row
  // First Evensong: the evening readings were looked up for the next day, whose observance
  // begins this evening (the book's `eves:` rule takes `readings`; ResolvedDay::eve()).
  bool eve = false;
  [[nodiscard]] bool found() const {
    for (const auto& p : parts) {
      if (p.found) return true;
    }
    return false;
  }
};

// A collect a day carries. Titles come from the key, or else from the celebration or Sunday.
struct ResolvedCollect {
  const CollectKey* key = nullptr;
  CollectKind kind = CollectKind::celebration;
  Index celebration = kNoIndex;  // the celebration it is for (names, common fallback)
  Index sunday_key = kNoIndex;   // the Sunday it is for
  bool from_common = false;      // a common, chosen by the celebration's `common:` attribute
  // The same as typed references, for writers (names are looked up by index).
  std::optional<NamedRef> for_celebration;
  std::optional<NamedRef> for_sunday;
  // The next day's collect, said this evening at its first Evensong (the book's `eves:` rule
  // takes `collect`).
  bool eve = false;
};

// The lookups behind Engine::readings and Engine::collects; they need only the day.
[[nodiscard]] Result<ReadingSet> find_readings(const ResolvedDay& day, const ReadingRequest& r);
[[nodiscard]] std::vector<ResolvedCollect> find_collects(const ResolvedDay& day);
// The collects of one office: for `evening`, the next day's when the day's eve takes its
// collect (ResolvedDay::eve()); otherwise the day's own.
[[nodiscard]] std::vector<ResolvedCollect> find_collects(const ResolvedDay& day, Service service);

class Library;  // the compiled books an Engine answers from (library.hpp, inside the engine)

class Engine {
 public:
  explicit Engine(std::shared_ptr<const Library> library);

  // The books themselves, for the engine's own parts (checks) and its tests.
  [[nodiscard]] const Library& library() const { return *library_; }
  // What the API lists: every loaded book. Example: books().size() == 1 for one mini-book.
  [[nodiscard]] const std::vector<std::shared_ptr<const CompiledBook>>& books() const;
  // Shared names (colours, types, weekdays) by language, for book-less catalogues.
  [[nodiscard]] const std::vector<LanguageStrings>& shared_strings() const;
  // Digest of every file of every book, the rule sets and the shared names (content_digest).
  [[nodiscard]] const std::string& data_version() const;

  // Errors: unknown_book; out_of_range (outside 1583..4099 or the book's valid_years). The
  // overloads taking a book serve a caller that has already looked it up (the server does, once
  // per request) and cannot fail with unknown_book.
  [[nodiscard]] Result<ResolvedDay> day(std::string_view book, CivilDate date) const;
  [[nodiscard]] Result<ResolvedDay> day(const CompiledBook& book, CivilDate date) const;
  // Inclusive range of at most kMaxRangeDays days. Errors as day(), plus range_too_large and
  // invalid_range (from after to).
  [[nodiscard]] Result<std::vector<ResolvedDay>> range(std::string_view book, CivilDate from,
                                                       CivilDate to) const;
  [[nodiscard]] Result<std::vector<ResolvedDay>> range(const CompiledBook& book, CivilDate from,
                                                       CivilDate to) const;
  [[nodiscard]] Result<YearOverview> year(std::string_view book, int year) const;
  [[nodiscard]] Result<YearOverview> year(const CompiledBook& book, int year) const;

  // Readings of a day for one office (`evening` follows the day's eve where the book's `eves:`
  // rule takes readings: ReadingSet::eve). Errors: unknown_reading_type, unknown_psalter (not one
  // of the book's). A day without readings for that office is not an error: found() is false and
  // each part's `tried` lists the keys looked up. A missing row never falls back to another
  // cycle or track.
  [[nodiscard]] Result<ReadingSet> readings(const ResolvedDay& day, const ReadingRequest& r) const {
    return find_readings(day, r);
  }
  // Collects of a day, in lookup order, without duplicates.
  [[nodiscard]] std::vector<ResolvedCollect> collects(const ResolvedDay& day) const {
    return find_collects(day);
  }
  // Collects for one office: `evening` follows the day's eve where the book says so.
  [[nodiscard]] std::vector<ResolvedCollect> collects(const ResolvedDay& day,
                                                      Service service) const {
    return find_collects(day, service);
  }

  // Book lookup with the engine's error value. Example: find_book("xx").error().code ==
  // "unknown_book".
  [[nodiscard]] Result<const CompiledBook*> find_book(std::string_view book) const;
  // The inclusive civil-date range a book answers for.
  [[nodiscard]] static std::pair<CivilDate, CivilDate> answerable_range(const CompiledBook& b);

 private:
  std::shared_ptr<const Library> library_;
};

// Loads and compiles every book of `books_dir` (one directory per book) with the rule sets of
// `rules_dir`: the whole snapshot an Engine answers from, built by one call. Every problem goes to
// `diags`; nullptr when any is an error, so that a caller never serves part of the books.
// Example: auto engine = load_engine("rules", "books", diags); if (!engine) report(diags);
[[nodiscard]] std::shared_ptr<const Engine> load_engine(const std::string& rules_dir,
                                                        const std::string& books_dir,
                                                        DiagnosticList& diags);

// The digest every data_version is written in: 16 hex digits of SHA-256 over named parts, in
// the order given (a name and its bytes each).
// Example: content_digest({{"books", engine.data_version()}, {"texts", packs}}).size() == 16.
[[nodiscard]] std::string content_digest(
    const std::vector<std::pair<std::string_view, std::string_view>>& parts);

}  // namespace kalendar
