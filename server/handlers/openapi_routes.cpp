// The table of routes and parameters of API v2 (the OpenAPI document's paths). The HTTP tests
// keep it in step with the router: every documented path is registered, every documented
// parameter is accepted by its route, every other one refused, every enumerated value accepted.
#include "handlers/openapi.hpp"
#include "json/field_catalog.hpp"
#include "params.hpp"
#include "passage_limits.hpp"

#include "kalendar/civil.hpp"

#include <algorithm>

namespace kalendar::api {

namespace {

using Values = std::vector<std::string_view>;

const Values kIncludeDay = {"readings",         "readings.text",         "readings.morning",
                            "readings.evening", "readings.alternatives", "collect",
                            "collect.text",     "celebrations",          "explanation"};
const Values kServices(kServiceSlugs.begin(), kServiceSlugs.end());
const Values kServicesAll(kServicesWithAll.begin(), kServicesWithAll.end());
const Values kFormats = {"verses", "plain", "markdown"};
const Values kTypes = {"principal_feast", "major_holy_day", "festival",
                       "lesser_feast",    "commemoration",  "sunday"};
constexpr std::string_view kDatePattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2}|today)$";
constexpr std::string_view kLanguagePattern = "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$";
constexpr std::string_view kCodePattern = "^[A-Za-z0-9_.-]+$";

ParamDoc path(std::string_view name, std::string_view description) {
  return {std::string(name), "path", true, "string", {}, description};
}
ParamDoc query(std::string_view name, std::string_view type, std::string_view description,
               Values values = {}) {
  return {std::string(name), "query", false, type, std::move(values), description};
}
ParamDoc date_path() {
  ParamDoc p = path("date", "YYYY-MM-DD or today (in the book's time zone)");
  p.pattern = kDatePattern;
  return p;
}
ParamDoc year_path() {
  ParamDoc p = path("year", "Four digits: the liturgical year holding Easter of that year");
  p.type = "integer";
  p.minimum = kMinYear;
  p.maximum = kMaxYear;
  return p;
}
ParamDoc code_path() {
  ParamDoc p = path("code", "Prayer book code");
  p.pattern = kCodePattern;
  return p;
}
ParamDoc integer(std::string_view name, std::string_view description, int min, int max) {
  ParamDoc p = query(name, "integer", description);
  p.minimum = min;
  p.maximum = max;
  return p;
}
ParamDoc date_query(std::string_view name, std::string_view description) {
  ParamDoc p = query(name, "string", description);
  p.pattern = kDatePattern;
  return p;
}
ParamDoc text(std::string_view name, std::string_view description, std::size_t max_length) {
  ParamDoc p = query(name, "string", description);
  p.max_length = max_length;
  return p;
}
ParamDoc book() {
  ParamDoc p = text("book",
                    "Prayer book code (GET /api/v2/prayer-books). The book's calendar options "
                    "are further query parameters named by the book, e.g. epiphany=sunday (each "
                    "loaded book's options are listed as parameters of this route): "
                    "GET /api/v2/prayer-books/{code}/preferences lists them (changes_calendar: "
                    "true) with their values; an option of another book is refused; "
                    "meta.options echoes the options in force",
                    kMaxStringChars);
  p.required = true;
  p.pattern = kCodePattern;
  return p;
}
ParamDoc lang(std::string_view description) {
  ParamDoc p = query("lang", "string", description);
  p.pattern = kLanguagePattern;
  p.max_length = 35;
  return p;
}
ParamDoc include(Values values) {
  return query("include", "array", "Sub-resources, comma-separated; a child implies its parent",
               std::move(values));
}
// fields[<type>]: a comma list of the type's attributes from the one table (id is always kept).
ParamDoc fields(std::string_view type) {
  Values attributes = {"id"};
  for (const std::string& a : *api_field_catalog().attributes(type)) attributes.push_back(a);
  return {std::string("fields[") + std::string(type) + "]",
          "query",
          false,
          "array",
          std::move(attributes),
          "Attributes to keep, comma-separated (id is always kept; empty keeps only id)"};
}
ParamDoc service(const Values& values) {
  return query("service", "string", "Office (default daily)", values);
}
ParamDoc text_format() {
  return query("text_format", "string", "Bible text format (default verses)", kFormats);
}
std::vector<ParamDoc> context() {
  return {
      text("bible", "Bible version (see the book's preferences)", kMaxStringChars),
      text("psalter", "Psalter (see the book's preferences)", kMaxStringChars),
      text("lectionary", "Lectionary variant (see the book's preferences)", kMaxStringChars),
      text("reading_type",
           "Track, in the book's words (semicontinuous or complementary unless it names its own)",
           kMaxStringChars),
      lang("Response language (BCP 47); default the book's")};
}

std::vector<RouteDoc> build() {
  std::vector<RouteDoc> r;
  auto add = [&](RouteDoc route, bool with_context) {
    // A route with a required `book` computes days and takes the book's calendar options.
    route.options = std::any_of(route.params.begin(), route.params.end(),
                                [](const ParamDoc& p) { return p.name == "book" && p.required; });
    if (with_context) {
      for (auto& c : context()) route.params.push_back(std::move(c));
    }
    r.push_back(std::move(route));
  };
  add({"/api/v2/days/{date}",
       "One liturgical day",
       {date_path(), book(), include(kIncludeDay), service(kServices), text_format(), fields("day"),
        fields("reading"), fields("collect")},
       "getDay",
       "Days",
       Body::single,
       "Day"},
      true);
  ParamDoc year = integer("year", "A whole civil year", kMinYear, kMaxYear);
  add({"/api/v2/days",
       "Many days: a civil year, or from (and to)",
       {book(), date_query("from", "First date (YYYY-MM-DD or today); alone: 7 days"),
        date_query("to", "Last date, inclusive (at most 366 days; 31 with text or explanation)"),
        year, include(kIncludeDay), service(kServices), text_format(), fields("day"),
        fields("reading"), fields("collect")},
       "listDays",
       "Days",
       Body::list,
       "Day"},
      true);
  add({"/api/v2/days/{date}/readings",
       "Readings of a date for an office",
       {date_path(), book(), service(kServicesAll), include({"text", "alternatives"}),
        text_format(), fields("reading")},
       "listReadings",
       "Days",
       Body::readings,
       "Reading"},
      true);
  add({"/api/v2/collects/{date}",
       "Collects of a date",
       {date_path(), book(), include({"text"}), service(kServices), fields("collect")},
       "listCollects",
       "Days",
       Body::list,
       "Collect"},
      true);
  ParamDoc ref = text("ref", "Reference, e.g. João 3:16 or John 3:16-18", kMaxReferenceChars);
  ref.required = true;
  ParamDoc optional_book = book();
  optional_book.required = false;
  optional_book.description = "Prayer book whose default version applies (when bible is absent)";
  add({"/api/v2/passages",
       "Any Bible passage (give bible, or book for its default version)",
       {ref, text("bible", "Bible version code (GET /api/v2/bible-versions)", 40), optional_book,
        lang("Language the reference is written in"), text_format(),
        text("psalter", "Psalter (checked against the book's preferences)", kMaxStringChars),
        text("lectionary", "Lectionary variant (checked against the book's)", kMaxStringChars),
        text("reading_type", "Reading type (checked against the book's)", kMaxStringChars)},
       "getPassage",
       "Texts",
       Body::single,
       "Passage"},
      false);
  add({"/api/v2/liturgical-explanations/{date}",
       "Why the day resolved as it did",
       {date_path(), book(), service(kServices)},
       "getExplanation",
       "Days",
       Body::single,
       "Explanation"},
      true);
  add({"/api/v2/years/{year}",
       "Year overview (the liturgical year holding Easter of {year})",
       {year_path(), book(), fields("annual_overview"), fields("season"), fields("key_date")},
       "getYear",
       "Years",
       Body::single,
       "AnnualOverview"},
      true);
  add({"/api/v2/years/{year}/seasons",
       "Seasons of the year",
       {year_path(), book(), fields("season")},
       "listSeasons",
       "Years",
       Body::list,
       "Season"},
      true);
  add({"/api/v2/years/{year}/key-dates",
       "Key movable dates",
       {year_path(), book(), fields("key_date")},
       "listKeyDates",
       "Years",
       Body::list,
       "KeyDate"},
      true);
  add({"/api/v2/years/{year}/lectionary-cycle",
       "Sunday and weekday cycles",
       {year_path(), book(), fields("lectionary_cycle")},
       "getLectionaryCycle",
       "Years",
       Body::single,
       "LectionaryCycle"},
      true);
  ParamDoc limit = integer("limit", "Items per page", 1, 100);
  limit.default_value = 50;
  add({"/api/v2/celebrations",
       "Search the book's celebrations (cursor pages: follow links.next)",
       {book(), text("q", "Name contains (case- and accent-insensitive)", kMaxStringChars),
        query("type", "string", "Celebration type (sunday requires year)", kTypes),
        integer("month", "Month", 1, 12),
        integer("day", "Day of month (requires month or year)", 1, 31),
        integer("year", "Effective dates in that civil year; includes Sundays", kMinYear, kMaxYear),
        query("movable", "boolean", "true: movable only; false: fixed only"), limit,
        text("cursor", "From links.next (same filters and book)", kMaxStringChars),
        fields("celebration")},
       "listCelebrations",
       "Celebrations",
       Body::list,
       "Celebration"},
      true);
  ParamDoc id = path("id", "Numeric celebration id");
  id.pattern = "^[0-9]+$";
  add({"/api/v2/celebrations/{id}",
       "One celebration",
       {id, book(), integer("year", "Effective dates in that year", kMinYear, kMaxYear),
        fields("celebration")},
       "getCelebration",
       "Celebrations",
       Body::single,
       "Celebration"},
      true);
  add({"/api/v2/celebrations/types",
       "Celebration types",
       {lang("Names language"), fields("celebration_type")},
       "listCelebrationTypes",
       "Celebrations",
       Body::list,
       "CelebrationType"},
      false);
  add({"/api/v2/prayer-books",
       "Prayer books available to the key",
       {lang("Filter by language"), fields("prayer_book")},
       "listPrayerBooks",
       "Catalogues",
       Body::list,
       "PrayerBook"},
      false);
  add({"/api/v2/prayer-books/{code}",
       "One prayer book",
       {code_path(), fields("prayer_book")},
       "getPrayerBook",
       "Catalogues",
       Body::single,
       "PrayerBook"},
      false);
  add({"/api/v2/prayer-books/{code}/preferences",
       "A book's preferences",
       {code_path(), lang("Names language")},
       "listPreferences",
       "Catalogues",
       Body::list,
       "Preference"},
      false);
  add({"/api/v2/bible-versions",
       "Installed Bible versions",
       {lang("Filter by language (en-CA also finds en)"), fields("bible_version")},
       "listBibleVersions",
       "Catalogues",
       Body::list,
       "BibleVersion"},
      false);
  add({"/api/v2/calendar.ics",
       "A book's days as iCalendar (RFC 5545): a civil year, or from (and to)",
       {book(), date_query("from", "First date (YYYY-MM-DD or today); alone: 7 days"),
        date_query("to", "Last date, inclusive (at most 366 days)"),
        integer("year", "A whole civil year", kMinYear, kMaxYear), service(kServices)},
       "getCalendar",
       "Calendars",
       Body::calendar,
       ""},
      true);
  {
    RouteDoc feed{"/api/v2/feeds/{token}",
                  "A subscribable iCalendar feed: 2 months back to 13 ahead (the token is the key; "
                  "the book's calendar options may be given, overriding those bound to the token)",
                  {path("token", "Feed token from kalendar-keys, followed by .ics")},
                  "getFeed",
                  "Calendars",
                  Body::calendar,
                  "",
                  false};
    feed.feed = true;
    add(std::move(feed), false);
    r.back().options = true;  // the token's book's options (docs/API.md, "Feeds")
  }
  add({"/api/v2/openapi.json",
       "This document (public: no key needed)",
       {},
       "getOpenApi",
       "Meta",
       Body::document,
       "",
       false},
      false);
  return r;
}

}  // namespace

const std::vector<RouteDoc>& route_docs() {
  static const std::vector<RouteDoc> docs = build();
  return docs;
}

}  // namespace kalendar::api
