// The table of the explanation of a day (explanation_json.cpp writes these members, in order).
#include "json/resource_docs.hpp"

#include "kalendar/vocabulary.hpp"

namespace kalendar::api {

void add_explanation_docs(std::vector<ObjectDoc>& out) {
  using namespace table_rows;
  const Shape text = Shape::string();
  out.push_back(
      {"Explanation",
       "",
       "Why a day resolved as it did; every fact names the rule or source that decided it",
       {key("liturgical_year", Shape::object("ExplanationYear"), "The liturgical year"),
        key("season", Shape::object("ExplanationSeason"), "The season and where it began"),
        key("week", Shape::object("ExplanationWeek"), "The week and its governing Sunday"),
        key_or_null("proper", Shape::object("ExplanationProper"), "The proper, where numbered"),
        key("candidates", Shape::array(Shape::object("CompetingObservance")),
            "Every observance that competed, with its fate"),
        key("transfers", Shape::array(Shape::object("Transfer")), "Transfers in and out"),
        key("color", Shape::object("ExplanationColour"), "Where the colour came from"),
        key_or_null("fast", Shape::object("ExplanationFast"), "Where the fast came from"),
        key("readings", Shape::array(Shape::object("ReadingProvenance")),
            "How each reading was looked up"),
        key_or_null("eve", Shape::object("ExplanationEve"),
                    "Why the evening belongs to the next day; null when it is the day's own"),
        key("sources", Shape::array(text), "Citations of the printed book")}});
  out.push_back(
      {"ExplanationEve",
       "",
       "The next day whose first Evensong is this evening, and the rule that says so",
       {key("date", Shape::date(), "The next day"),
        key("kind", Shape::one_of(kObservanceKindSlugs), "What it is"),
        key_or_null("slug", text, "Celebration or Sunday slug"),
        key_or_null("name", text, "Name in the response language"),
        key("rule", Shape::object("RuleCitation"), "The book's eves: rule"),
        key("evening",
            Shape::array(Shape::one_of(std::vector<std::string_view>{"collect", "readings"})),
            "What service=evening takes from it")}});
  out.push_back({"RuleCitation",
                 "",
                 "A rule of the book and its citation",
                 {key("key", text, "Rule key"), key_or_null("source", text, "Citation")}});
  out.push_back({"ExplanationYear",
                 "",
                 "A liturgical year",
                 {key("year", Shape::integer(), "Named by the civil year holding its Easter"),
                  key("starts", Shape::date(), "First day"), key("ends", Shape::date(), "Last day"),
                  key("cycles", Shape::object("Cycles"), "Lectionary cycles")}});
  out.push_back({"ExplanationSeason",
                 "",
                 "The season of the day",
                 {key("slug", text, "Season"), key("name", text, "Name in the response language"),
                  key_or_null("sub_season", Shape::object("SlugName"), "Named part of the season"),
                  key("boundary", Shape::date(), "Where the season (or part) began"),
                  key_or_null("source", text, "Citation of the rule")}});
  out.push_back({"ExplanationWeek",
                 "",
                 "The week of the season",
                 {key_or_null("number", Shape::integer(), "Week number"),
                  key_or_null("label", text, "Label of the days before the first Sunday"),
                  key("governing_sunday", Shape::object("GoverningSunday"),
                      "The Sunday that names the week")}});
  out.push_back({"GoverningSunday",
                 "",
                 "The Sunday that governs a week",
                 {key("date", Shape::date(), "Its date"), key_or_null("key", text, "Its key"),
                  key_or_null("name", text, "Its name")}});
  out.push_back({"ExplanationProper",
                 "",
                 "A numbered proper",
                 {key("number", Shape::integer(), "Proper number"),
                  sometimes("closest_sunday_to", Shape::matching("^[0-9]{2}-[0-9]{2}$"), false,
                            "MM-DD the proper's Sunday is closest to, where the book says"),
                  key_or_null("source", text, "Citation")}});
  out.push_back(
      {"Transfer",
       "",
       "A celebration moved into or out of the day",
       {key("celebration", text, "Celebration slug"),
        key("direction", Shape::one_of(std::vector<std::string_view>{"in", "out"}),
            "in: moved here; out: moved away"),
        key("from", Shape::date(), "Its own date"), key("to", Shape::date(), "Its new date"),
        key_or_null("rule", text, "Transfer rule (on the day it left)")}});
  out.push_back({"ExplanationColour",
                 "",
                 "Where the colour came from",
                 {key_or_null("slug", text, "The colour"),
                  key("source", Shape::one_of(kColourSourceSlugs), "What decided"),
                  key_or_null("rule", text, "Colour rule key"),
                  key_or_null("celebration", text, "Celebration slug"),
                  key_or_null("season", text, "Season slug"),
                  key("alternatives", Shape::array(text), "Other colour slugs allowed")}});
  out.push_back({"ExplanationFast",
                 "",
                 "Where the fast came from",
                 {key("kind", Shape::one_of(kFastKindSlugs), "Kind"),
                  key("rule", text, "Fast rule"), key_or_null("source", text, "Citation")}});
  out.push_back(
      {"ReadingProvenance",
       "",
       "How one reading was found in the lectionary",
       {key("service", Shape::one_of(kServiceSlugs), "Office"),
        key_or_null("part", text, "Part of the office"),
        key("found", Shape::boolean(), "A reading was found"),
        key_or_null("table", text, "Lectionary table"), key_or_null("key", text, "Key looked up"),
        key_or_null("cycle", text, "Cycle used"), key_or_null("track", text, "Track"),
        key("tried", Shape::array(text), "Keys tried, in order")}});
}

}  // namespace kalendar::api
