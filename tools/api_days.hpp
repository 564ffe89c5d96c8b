// A book tree answered through the API's own in-process dispatcher, and its day bodies read back
// into plain values. kalendar-diff and the year chart use only this: they compare and draw what
// users see, and stay correct whatever the engine's internal answer types become.
//
// Example:
//   DiagnosticList diags;
//   auto tree = ApiTree::load("books", "rules", diags);   // nullptr: every problem is in diags
//   for (const ApiBook& b : tree->books()) { ... }
//   ApiYear y = tree->year("loc_2015", 2026);             // 365 ApiDay values, or y.error
#pragma once

#include "kalendar/result.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {
class InProcessApi;
}

namespace kalendar::tools {

// One observance of a day as the API names it (`celebration` or an entry of `celebrations`).
struct ApiObservance {
  std::string slug;
  std::string name;
  std::string fate;            // "" for the prevailing one; else yielded, transferred, ...
  std::string transferred_to;  // ISO date or ""
};

// The facts of GET /api/v2/days/{date}?include=celebrations,readings,readings.morning,
// readings.evening,collect (and the same day's eucharist readings) that a liturgist reads; ""
// stands for the API's null.
struct ApiDay {
  std::string date;  // ISO
  std::string weekday_name;
  std::string season_slug, season_name, sub_season_slug;
  std::string week;  // number, or the week label, or ""
  std::string colour_slug, colour_name;
  std::vector<std::string> colour_alternatives;
  std::string fast_slug, fast_name;
  std::string title;  // the prevailing celebration's name, else the Sunday's name, else ""
  std::string celebration_slug;
  std::string transferred_from;  // ISO date or ""
  std::vector<ApiObservance> others;
  // Per office ("daily", "daily/morning", "eucharist", "morning", "evening"): "slot reference"
  // in order.
  std::vector<std::pair<std::string, std::vector<std::string>>> readings;
  std::vector<std::string> collects;  // titles
};

struct ApiBook {
  std::string code, name, lang;
  int first_year = 0, last_year = 0;
};

struct ApiYear {
  std::string error;      // the API's error body when it refused; then days is empty
  std::string data;       // the raw "data" member: equal data means equal days (a fast skip)
  std::string eucharist;  // the raw "data" of the same days' eucharist readings (service=eucharist)
  std::vector<ApiDay> days;
};

class ApiTree {
 public:
  // Loads and compiles every book of books_dir; nullptr when the books have errors (in diags).
  static std::unique_ptr<ApiTree> load(const std::string& books_dir, const std::string& rules_dir,
                                       DiagnosticList& diags);
  ~ApiTree();
  ApiTree(const ApiTree&) = delete;
  ApiTree& operator=(const ApiTree&) = delete;

  [[nodiscard]] const std::vector<ApiBook>& books() const { return books_; }
  [[nodiscard]] const ApiBook* find(const std::string& code) const;
  // The civil year of one book in `lang` (default: its own language). `parse` false: only
  // `data`/`error` are set.
  [[nodiscard]] ApiYear year(const std::string& code, int year, bool parse = true,
                             const std::string& lang = "") const;
  // Any API answer's body ("" with status >= 400 reported in `status`), e.g. one day's.
  [[nodiscard]] std::string get(const std::string& target, int& status) const;

 private:
  explicit ApiTree(std::unique_ptr<api::InProcessApi> api);
  std::unique_ptr<api::InProcessApi> api_;
  std::vector<ApiBook> books_;
};

// Reads the `data` array of a /api/v2/days answer, with the eucharist's answer of the same days
// when given (ApiYear::eucharist); throws std::runtime_error on a malformed body.
std::vector<ApiDay> parse_api_days(const std::string& data_json,
                                   const std::string& eucharist_json = "");
// Reads one day object of that array (and the same day of the eucharist's array, if given).
ApiDay parse_api_day(std::string_view day_json, std::string_view eucharist_json = {});
// The text of each day object in that array, found without parsing (each starts with
// {"id":"YYYY-MM-DD"), so that only days whose bytes differ need parsing.
std::vector<std::string_view> split_api_days(std::string_view data_json);

}  // namespace kalendar::tools
