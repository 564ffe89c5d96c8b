// The table of the year views, the catalogues (celebrations, types, prayer books, preferences,
// Bible versions) and passages. Member order is the order their handlers write.
#include "json/resource_docs.hpp"

#include "kalendar/book.hpp"

namespace kalendar::api {

namespace {

const std::vector<std::string_view> kCelebrationTypes = {
    "principal_feast", "major_holy_day", "festival", "lesser_feast", "commemoration", "sunday"};

void add_year_docs(std::vector<ObjectDoc>& out) {
  using namespace table_rows;
  out.push_back(
      {"AnnualOverview",
       "annual_overview",
       "A liturgical year: its span, cycles, seasons and key dates",
       {key("id", Shape::integer(), "The liturgical year"),
        attr("liturgical_year", Shape::integer(), "Named by the civil year of its Easter"),
        attr("starts", Shape::date(), "First day (Advent Sunday)"),
        attr("ends", Shape::date(), "Last day"),
        attr("cycles", Shape::object("Cycles"), "Lectionary cycles"),
        attr("seasons", Shape::array(Shape::object("Season")), "Seasons"),
        attr("key_dates", Shape::array(Shape::object("KeyDate")), "Key dates")}});
  out.push_back(
      {"Season",
       "season",
       "A liturgical season with its first and last day",
       {key("id", Shape::string(), "Season slug"), attr("slug", Shape::string(), "Season slug"),
        attr("name", Shape::string(), "Name in the response language"),
        attr_or_null("parent", Shape::string(), "Slug of the season it is part of"),
        attr("starts", Shape::date(), "First day"), attr("ends", Shape::date(), "Last day")}});
  out.push_back(
      {"KeyDate",
       "key_date",
       "A movable date the year depends on",
       {key("id", Shape::string(), "Slug"), attr("slug", Shape::string(), "Slug"),
        attr("name", Shape::string(), "Name in the response language"),
        attr("kind", Shape::one_of(std::vector<std::string_view>{"season_start", "celebration"}),
             "A season's first day, or a celebration"),
        attr("date", Shape::date(), "The date")}});
  out.push_back(
      {"LectionaryCycle",
       "lectionary_cycle",
       "The lectionary's cycles for a liturgical year",
       {key("id", Shape::integer(), "The liturgical year"),
        attr("liturgical_year", Shape::integer(), "The liturgical year"),
        attr("starts", Shape::date(), "First day"), attr("ends", Shape::date(), "Last day"),
        attr("sunday", Shape::string(), "Sunday cycle (e.g. A)"),
        attr("weekday", Shape::string(), "Weekday cycle (e.g. two)")}});
}

void add_celebration_docs(std::vector<ObjectDoc>& out) {
  using namespace table_rows;
  out.push_back({"Celebration",
                 "celebration",
                 "An entry of the book's catalogue (or, with year, one of that year's Sundays)",
                 {key_or_null("id", Shape::integer(), "Numeric id; null for Sundays"),
                  attr("slug", Shape::string(), "Stable key"),
                  attr("name", Shape::string(), "Name in the response language"),
                  attr("type", Shape::one_of(kCelebrationTypes), "Celebration type"),
                  attr("type_name", Shape::string(), "Type in the response language"),
                  attr_or_null("color", Shape::object("Colour"), "Colour"),
                  attr("movable", Shape::boolean(), "Its date moves from year to year"),
                  attr_or_null("month", Shape::integer(), "Month of a fixed date"),
                  attr_or_null("day", Shape::integer(), "Day of a fixed date"),
                  attr_or_null("date_rule", Shape::object("DateRule"), "How the book dates it"),
                  attr_or_null("date", Shape::date(), "Its date in the year asked for"),
                  attr_or_null("observed_date", Shape::date(), "Where it was kept that year"),
                  attr_or_null("source", Shape::string(), "Citation of the printed book")}});
  out.push_back(
      {"DateRule",
       "",
       "A date rule of the book; the members present depend on its form",
       {key("form", Shape::one_of(kDateRuleFormSlugs), "The kind of rule"),
        sometimes("weekday", Shape::string(), false, "nth_weekday, weekday_relative: weekday"),
        sometimes(
            "nth",
            Shape::either({Shape::integer(), Shape::one_of(std::vector<std::string_view>{"last"})}),
            false, "nth_weekday: which one (1 to 5, or last)"),
        sometimes("relation", Shape::one_of(kRelationSlugs), false,
                  "weekday_relative: before, on_or_after, ..."),
        sometimes("anchor", Shape::object("DateRule"), false, "weekday_relative: the anchor"),
        sometimes("celebration", Shape::string(), false, "celebration: the key it follows"),
        sometimes("month", Shape::integer(), false, "fixed, nth_weekday: month"),
        sometimes("day", Shape::integer(), false, "fixed: day of month"),
        sometimes("days", Shape::integer(), false, "easter, celebration: offset in days"),
        sometimes("option", Shape::string(), false,
                  "option: the date option (MM-DD) that gives the date")}});
  out.push_back({"CelebrationType",
                 "celebration_type",
                 "A value of the type filter",
                 {key("id", Shape::one_of(kCelebrationTypes), "The type"),
                  attr("slug", Shape::one_of(kCelebrationTypes), "The type"),
                  attr("name", Shape::string(), "Name in the response language")}});
}

void add_book_docs(std::vector<ObjectDoc>& out) {
  using namespace table_rows;
  const Shape list = Shape::array(Shape::string());
  out.push_back(
      {"PrayerBook",
       "prayer_book",
       "A prayer book and what it can answer",
       {key("id", Shape::string(), "Book code"), attr("code", Shape::string(), "Book code"),
        attr("name", Shape::string(), "Name in the book's language"),
        attr("language", Shape::string(), "The book's language (BCP 47)"),
        attr("languages", list, "Languages it answers in"),
        attr_or_null("year", Shape::integer(), "Year of the edition"),
        attr_or_null("jurisdiction", Shape::string(), "Church or province"),
        attr("time_zone", Shape::string(), "IANA zone of `today`"),
        attr("valid_years", Shape::object("ValidYears"), "Years it answers for"),
        attr("capabilities", Shape::object("Capabilities"), "What it offers"),
        attr("kind",
             Shape::one_of(std::vector<std::string_view>{"book", "translation", "adaptation"}),
             "book; or a translation or adaptation (a local calendar) of the book it extends"),
        attr_or_null("extends", Shape::string(),
                     "Code of the book it is a variant of; null for a book")}});
  out.push_back(
      {"ValidYears",
       "",
       "Civil years a book answers for",
       {key("from", Shape::integer(), "First year"), key("to", Shape::integer(), "Last year")}});
  out.push_back(
      {"Capabilities",
       "",
       "Typed capabilities of a book",
       {key("services", list, "Offices it has"), key("lectionaries", list, "Lectionary variants"),
        key("reading_types", list, "Reading types"),
        key("bible_versions", list, "Installed Bible versions, preferred first"),
        key("text_packs", list, "Languages of installed collect text packs")}});
  out.push_back(
      {"Preference",
       "",
       "A preference the book accepts (a context parameter) with its options",
       {key("id", Shape::string(), "Parameter name"), key("key", Shape::string(), "Parameter name"),
        key("name", Shape::string(), "Name in the response language"),
        key("options", list, "Accepted values ([] for a date option: any MM-DD)"),
        key_or_null("default", Shape::string(), "Value used when not given"),
        key("changes_calendar", Shape::boolean(),
            "True for a calendar option of the book: it moves dates, and every route that "
            "computes days accepts it"),
        sometimes("format", Shape::one_of(std::vector<std::string_view>{"MM-DD"}), false,
                  "A date option: its value is a month and day"),
        sometimes("source", Shape::string(), false,
                  "A calendar option: the rubric that gives it")}});
  out.push_back({"BibleVersion",
                 "bible_version",
                 "An installed Bible translation",
                 {key("id", Shape::string(), "Version code"),
                  attr("code", Shape::string(), "Version code (the bible parameter)"),
                  attr("name", Shape::string(), "Name"),
                  attr_or_null("abbreviation", Shape::string(), "Abbreviation"),
                  attr("language", Shape::string(), "Language (BCP 47)"),
                  attr_or_null("publisher", Shape::string(), "Publisher"),
                  attr_or_null("licence", Shape::string(), "Licence"),
                  attr("verse_count", Shape::integer(), "Verses installed")}});
  out.push_back(
      {"Passage",
       "",
       "A Bible passage; verses or content depending on text_format",
       {key("bible", Shape::string(), "Version code"),
        key("reference", Shape::string(), "The reference, normalised"),
        sometimes("verses", Shape::array(Shape::object("Verse")), false, "text_format=verses"),
        sometimes("content", Shape::string(), false, "text_format=plain or markdown"),
        key("missing", Shape::array(Shape::matching("^[0-9A-Za-z]+\\.[0-9]+\\.[0-9]+$")),
            "Verses of the reference this version lacks (OSIS)")}});
}

}  // namespace

void add_catalogue_docs(std::vector<ObjectDoc>& out) {
  add_year_docs(out);
  add_celebration_docs(out);
  add_book_docs(out);
}

}  // namespace kalendar::api
