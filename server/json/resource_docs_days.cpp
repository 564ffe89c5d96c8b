// The table of the day and what hangs from it: observances, readings, collects, explanations.
// Member order is the order day_json.cpp, readings_json.cpp and explanation_json.cpp write.
#include "json/resource_docs.hpp"

#include "kalendar/vocabulary.hpp"

namespace kalendar::api {

void add_day_docs(std::vector<ObjectDoc>& out) {
  using namespace table_rows;
  out.push_back(
      {"Day",
       "day",
       "One liturgical day of a prayer book",
       {key("id", Shape::date(), "The date"),
        attr("date", Shape::date(), "The civil date"),
        attr("title", Shape::string(),
             "What the day is called: its celebration, Sunday, the book's name for the "
             "weekday (e.g. Easter Eve) or the weekday"),
        attr("weekday", Shape::object("SlugName"), "Day of the week"),
        attr("liturgical_year", Shape::integer(),
             "The liturgical year (named by the civil year holding its Easter)"),
        attr_or_null("season", Shape::object("SlugName"), "Liturgical season"),
        attr_or_null("sub_season", Shape::object("SlugName"),
                     "Named part of the season (e.g. Holy Week)"),
        attr_or_null("week", Shape::integer(), "Week of the season; null before its first Sunday"),
        attr_or_null("week_label", Shape::string(), "What the days before the first Sunday are"),
        attr_or_null("sunday_name", Shape::string(), "The Sunday's name, on Sundays"),
        attr_or_null("proper", Shape::integer(), "Proper number, where the book numbers them"),
        attr_or_null("color", Shape::object("Colour"), "Liturgical colour"),
        attr_or_null("fast", Shape::object("Fast"), "Fast or abstinence kept on the day"),
        attr_or_null("celebration", Shape::object("Observance"),
                     "The celebration that prevailed; null on a plain weekday"),
        attr("cycles", Shape::object("Cycles"), "Lectionary cycles in use"),
        attr_or_null("eve", Shape::object("Eve"),
                     "The next day's observance whose first Evensong is this evening, where the "
                     "book says a Sunday or holy day begins at Evening Prayer the day before; "
                     "null when the evening is the day's own"),
        {"celebrations", Shape::array(Shape::object("CompetingObservance")), false,
         Presence::on_request, "The other observances of the day (include=celebrations)"},
        {"readings", Shape::array(Shape::object("Reading")), false, Presence::on_request,
         "Readings (include=readings, readings.text, readings.morning, ...)"},
        {"collect", Shape::array(Shape::object("Collect")), false, Presence::on_request,
         "Collects (include=collect or collect.text)"},
        {"explanation", Shape::object("Explanation"), false, Presence::on_request,
         "Why the day resolved as it did (include=explanation)"}}});
  out.push_back(
      {"Reading",
       "reading",
       "One slot of a list of readings",
       {attr("service", Shape::one_of(kServiceSlugs), "Office"),
        attr_or_null("part", Shape::string(), "Part of the office, where it has parts"),
        attr("slot", Shape::one_of(kSlotSlugs), "Place in the office"),
        attr("reference", Shape::string(), "Bible reference as the book prints it"),
        attr_or_null("short_reference", Shape::string(), "Shorter form, where given"),
        attr_or_null("note", Shape::string(), "The book's note on the reading"),
        attr_or_null("track", Shape::string(), "Track or reading type, where chosen"),
        {"alternatives", Shape::array(Shape::object("ReadingAlternative")), false,
         Presence::selectable_on_request, "Other choices (include=alternatives)"},
        {"bible", Shape::string(), true, Presence::selectable_on_request,
         "Bible version of the text (with text)"},
        {"content", Shape::string(), true, Presence::selectable_on_request,
         "The text in text_format plain or markdown; null when unavailable"},
        {"verses", Shape::array(Shape::object("Verse")), true, Presence::selectable_on_request,
         "The text in text_format verses; null when unavailable"},
        {"text_error", Shape::string(), true, Presence::selectable_on_request,
         "Why the text is missing; null when it is there"}}});
  out.push_back({"ReadingAlternative",
                 "",
                 "Another reading the book allows in the same slot",
                 {key("reference", Shape::string(), "Bible reference"),
                  key_or_null("short_reference", Shape::string(), "Shorter form"),
                  key_or_null("note", Shape::string(), "The book's note")}});
  out.push_back({"Collect",
                 "collect",
                 "A collect of the day (bodies come from the operator's text packs)",
                 {key("id", Shape::string(), "The collect's key"),
                  attr("key", Shape::string(), "The collect's key in the book and text packs"),
                  attr("title", Shape::string(), "Title in the response language"),
                  attr("kind", Shape::one_of(kCollectKindSlugs), "What the collect is for"),
                  attr_or_null("reference", Shape::string(), "Where the book prints it"),
                  attr_or_null("celebration", Shape::string(), "Slug of its celebration"),
                  attr("common", Shape::boolean(), "Taken from a common"),
                  attr("eve", Shape::boolean(),
                       "The next day's collect, said this evening at its first Evensong"),
                  {"body", Shape::string(), true, Presence::selectable_on_request,
                   "Text (include=text); null without a text pack"},
                  {"preface", Shape::string(), true, Presence::selectable_on_request,
                   "Proper preface (include=text); null when none"}}});
  out.push_back(
      {"Verse",
       "",
       "One verse of Bible text",
       {key("book", Shape::string(), "OSIS book name"), key("chapter", Shape::integer(), "Chapter"),
        key("verse", Shape::integer(), "Verse"), key("text", Shape::string(), "Text"),
        key("optional", Shape::boolean(), "The book marks the verse optional")}});
  out.push_back({"SlugName",
                 "",
                 "A member of a closed set: stable slug and name in the response language",
                 {key("slug", Shape::string(), "Stable identifier"),
                  key("name", Shape::string(), "Name in the response language")}});
  out.push_back(
      {"Colour",
       "",
       "A liturgical colour and the alternatives the book allows",
       {key("slug", Shape::string(), "Stable identifier"),
        key("name", Shape::string(), "Name in the response language"),
        key("alternatives", Shape::array(Shape::object("SlugName")), "Other colours allowed")}});
  out.push_back({"Fast",
                 "",
                 "A fast or abstinence",
                 {key("slug", Shape::one_of(kFastKindSlugs), "Kind"),
                  key("name", Shape::string(), "Kind in the response language"),
                  key_or_null("title", Shape::string(), "What the book calls the day")}});
  out.push_back(
      {"Eve",
       "",
       "The next day's observance whose first Evensong falls this evening",
       {key_or_null("id", Shape::integer(), "Catalogue id; null for Sundays"),
        key("date", Shape::date(), "The next day"),
        key("kind", Shape::one_of(kObservanceKindSlugs), "What it is"),
        key("slug", Shape::string(), "Celebration or Sunday slug"),
        key("name", Shape::string(), "Name in the response language"),
        key_or_null("type", Shape::string(), "Celebration type; null for weekdays"),
        key_or_null("type_name", Shape::string(), "Type in the response language"),
        key("title", Shape::string(), "What the next day is called"),
        key_or_null("color", Shape::object("Colour"), "Its colour"),
        key("evening",
            Shape::array(Shape::one_of(std::vector<std::string_view>{"collect", "readings"})),
            "What service=evening takes from it")}});
  out.push_back({"Cycles",
                 "",
                 "Lectionary cycles",
                 {key("sunday", Shape::string(), "Sunday cycle (e.g. A)"),
                  key("weekday", Shape::string(), "Weekday cycle (e.g. two)")}});
  std::vector<FieldDoc> observance = {
      key_or_null("id", Shape::integer(), "Catalogue id; null for Sundays and weekdays"),
      key("kind", Shape::one_of(kObservanceKindSlugs), "What competes"),
      key("slug", Shape::string(), "Celebration, Sunday or weekday slug"),
      key("name", Shape::string(),
          "Name in the response language (a weekday: the book's name for it, else the weekday)"),
      key_or_null("type",
                  Shape::one_of(std::vector<std::string_view>{"principal_feast", "major_holy_day",
                                                              "festival", "lesser_feast",
                                                              "commemoration", "sunday"}),
                  "Celebration type; null for weekdays"),
      key_or_null("type_name", Shape::string(), "Type in the response language"),
      key_or_null("color", Shape::object("Colour"), "Its colour"),
      key_or_null("transferred_from", Shape::date(), "Its own date when transferred here")};
  out.push_back({"Observance", "", "The observance that prevailed on a day", observance});
  observance.push_back(key("fate", Shape::one_of(kFateSlugs), "What happened to it"));
  observance.push_back(key_or_null("transferred_to", Shape::date(), "Where it went"));
  observance.push_back(key("additional", Shape::boolean(), "Kept beside the prevailing one"));
  observance.push_back(key_or_null("rank", Shape::object("Rank"), "Its precedence row"));
  observance.push_back(key_or_null("decided_by", Shape::string(), "Key of the deciding rule"));
  out.push_back({"CompetingObservance", "", "An observance of the day and its fate", observance});
  out.push_back({"Rank",
                 "",
                 "A row of the book's table of precedence",
                 {key("row", Shape::integer(), "Row number (1 is highest)"),
                  key("key", Shape::string(), "Rule key")}});
  out.push_back({"ReadingsByService",
                 "",
                 "Readings of every office (service=all)",
                 {key("date", Shape::date(), "The date"),
                  key("services", Shape::object("ServiceReadings"), "Readings per office")}});
  std::vector<FieldDoc> by_service;
  for (std::string_view s : kServiceSlugs) {
    by_service.push_back(key(s, Shape::array(Shape::object("Reading")), "Readings of the office"));
  }
  out.push_back({"ServiceReadings", "", "Readings keyed by office", by_service});
}

}  // namespace kalendar::api
