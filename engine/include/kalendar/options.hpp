// Calendar options a book declares (book.yaml `options:`, docs/BOOKS.md "Options"): choices a
// province, diocese or parish makes that move dates (the Epiphany on 6 January or on the Sunday
// 2-8 January; a parish's Dedication Festival). An OptionSet is the value of every option of one
// book for one request: a small hashable value, by option index, the options being kept sorted
// by key, so that two requests naming the same choices in any order share one set (and one
// cached year plan).
//
// Example:
//   Index epiphany = book.find_option("epiphany");
//   std::vector<OptionValue> v = book.default_option_values();
//   v[epiphany] = *book.parse_option_value(epiphany, "sunday");
//   OptionSet set = book.normalize_options(OptionSet(v));  // empty when all are defaults
#pragma once

#include "kalendar/conditions.hpp"
#include "kalendar/result.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar {

// The API's route parameter names: an option becomes a query parameter `?KEY=VALUE` of every
// route that computes days, so its key must not shadow one of these (the validator refuses it).
// tests/http/options_test.cpp checks that every parameter the OpenAPI document lists is here.
inline constexpr std::string_view kReservedOptionKeys[] = {
    "book",         "date",         "year",    "from", "to",      "service",     "bible",
    "lectionary",   "reading_type", "psalter", "lang", "include", "fields",      "limit",
    "cursor",       "month",        "day",     "type", "q",       "text_format", "movable",
    "version",      "reference",    "ref",     "code", "id",      "token",       "options",
    "alternatives", "text",         "key"};

// A choice option: the index of the value in CalendarOption::values. A date option: month * 32
// + day, or kUnsetDateOption when no date is given (the celebration then does not occur).
using OptionValue = std::uint16_t;
inline constexpr OptionValue kUnsetDateOption = 0;

// One declared option. Example: {"epiphany", "Epiphany kept on", false, {"january_6",
// "sunday"}, 0, "Common Worship (2000), ..."}.
struct CalendarOption {
  std::string key;
  std::string name;  // in the book's language
  bool is_date = false;
  std::vector<std::string> values;  // choice options only
  OptionValue default_value = 0;
  std::string source;
  SourceLoc loc;
};

// The value of each option of a book, by option index; empty = every option at its default
// (CompiledBook::normalize_options makes a set equal to the defaults empty, so the default set
// has one representation). Example: OptionSet({1, 0}) for epiphany=sunday, dedication unset.
class OptionSet {
 public:
  OptionSet() = default;
  explicit OptionSet(std::vector<OptionValue> values) : values_(std::move(values)) {}
  [[nodiscard]] bool is_default() const { return values_.empty(); }
  [[nodiscard]] std::span<const OptionValue> values() const { return values_; }
  [[nodiscard]] std::size_t hash() const {
    std::size_t h = values_.size();
    for (OptionValue v : values_) h = h * 1000003u ^ v;
    return h;
  }
  friend bool operator==(const OptionSet&, const OptionSet&) = default;

 private:
  std::vector<OptionValue> values_;
};

}  // namespace kalendar
