// The engine's facade: the questions the API (and the tools) ask, answered from a Library
// snapshot. Const and lock-free once a year is cached, so one Engine is shared by all threads.
//
// Example:
//   Engine engine(library);
//   auto day = engine.day("loc_2015", *parse_iso_date("2025-11-30"));
//   if (!day) return day.error();           // code "unknown_book" / "out_of_range"
//   day->season_key() == "advent"
#pragma once

#include "kalendar/library.hpp"
#include "kalendar/resolved.hpp"

#include <memory>
#include <string_view>
#include <vector>

namespace kalendar {

inline constexpr int kMaxRangeDays = 366;

// The overview of one liturgical year (the year holding Easter of `year`).
struct YearOverview {
  int liturgical_year = 0;
  Days first_day{};
  Days last_day{};
  std::string_view sunday_cycle;
  std::string_view weekday_cycle;
  std::vector<SeasonSpan> seasons;  // top-level and sub-seasons
  struct KeyDateValue {
    KeyDate what;
    Days date{};
  };
  std::vector<KeyDateValue> key_dates;
  std::shared_ptr<const YearPlan> plan;
};

class Engine {
 public:
  explicit Engine(std::shared_ptr<const Library> library) : library_(std::move(library)) {}

  [[nodiscard]] const Library& library() const { return *library_; }
  [[nodiscard]] const std::shared_ptr<const Library>& library_ptr() const { return library_; }

  // Errors: unknown_book; out_of_range (outside 1583..4099 or the book's valid_years).
  [[nodiscard]] Result<ResolvedDay> day(std::string_view book, CivilDate date) const;
  // Inclusive range of at most kMaxRangeDays days. Errors as day(), plus range_too_large and
  // invalid_range (from after to).
  [[nodiscard]] Result<std::vector<ResolvedDay>> range(std::string_view book, CivilDate from,
                                                       CivilDate to) const;
  [[nodiscard]] Result<YearOverview> year(std::string_view book, int year) const;

  // Book lookup with the engine's error value. Example: find_book("xx").error().code ==
  // "unknown_book".
  [[nodiscard]] Result<const CompiledBook*> find_book(std::string_view book) const;
  // The inclusive civil-date range a book answers for.
  [[nodiscard]] static std::pair<CivilDate, CivilDate> answerable_range(const CompiledBook& b);

 private:
  std::shared_ptr<const Library> library_;
};

}  // namespace kalendar
