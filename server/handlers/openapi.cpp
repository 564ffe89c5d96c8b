// GET /api/v2/openapi.json: an OpenAPI 3.1 description of the routes, written from one table of
// routes and parameters. The HTTP tests keep it in step with the router: every documented
// path is registered, and every documented parameter is accepted by its route.
#include "handlers/openapi.hpp"

#include "handlers/routes.hpp"
#include "json/field_catalog.hpp"
#include "json/writer.hpp"
#include "params.hpp"

#include <array>

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

// Attributes whose value needs saying: may be null, or takes a closed set of values.
struct AttributeNote {
  std::string_view type;
  std::string_view attribute;
  bool nullable;
  std::string_view description;
};
constexpr std::array<AttributeNote, 3> kAttributeNotes = {{
    {"day", "color", true,
     "The day's colour {slug, name, alternatives}; null in a book that prescribes no colours "
     "(palette: [])"},
    {"day", "celebration", true,
     "What prevailed; null on a weekday. With include=celebrations every competing observance "
     "has a fate: prevailed, yielded, commemorated, suppressed, transferred, omitted or kept "
     "(kept on the same day with what prevailed)"},
    {"celebration", "color", true, "null when the celebration has no colour of its own"},
}};

const AttributeNote* note_for(std::string_view type, std::string_view attribute) {
  for (const AttributeNote& n : kAttributeNotes) {
    if (n.type == type && n.attribute == attribute) return &n;
  }
  return nullptr;
}

ParamDoc path(std::string_view name, std::string_view description) {
  return {std::string(name), "path", true, "string", {}, description};
}
ParamDoc query(std::string_view name, std::string_view type, std::string_view description,
               Values values = {}, bool required = false) {
  return {std::string(name), "query", required, type, std::move(values), description};
}
ParamDoc book() { return query("book", "string", "Prayer book code", {}, true); }
std::vector<ParamDoc> context() {
  return {
      query("bible", "string", "Bible version (see the book's preferences)"),
      query("psalter", "string", "Psalter (see the book's preferences)"),
      query("lectionary", "string", "Lectionary variant (see the book's preferences)"),
      query("reading_type", "string", "semicontinuous or complementary where the book has both"),
      query("lang", "string", "Response language (BCP 47)")};
}
ParamDoc fields(std::string_view type) {
  return {std::string("fields[") + std::string(type) + "]",        "query", false, "string", {},
          "Comma-separated attributes to keep (id is always kept)"};
}

std::vector<RouteDoc> build() {
  std::vector<RouteDoc> r;
  auto add = [&](std::string pattern, std::string_view summary, std::vector<ParamDoc> params,
                 bool with_context, std::string_view returns) {
    if (with_context) {
      for (auto& c : context()) params.push_back(std::move(c));
    }
    r.push_back({std::move(pattern), summary, std::move(params), returns});
  };
  add("/api/v2/days/{date}", "One liturgical day",
      {path("date", "YYYY-MM-DD or today"), book(),
       query("include", "string", "Sub-resources", kIncludeDay),
       query("service", "string", "Office", kServices),
       query("text_format", "string", "Bible text format", kFormats), fields("day"),
       fields("reading"), fields("collect")},
      true, "day");
  add("/api/v2/days", "Many days: a civil year, or from (and to)",
      {book(), query("from", "string", "First date (YYYY-MM-DD or today); alone: 7 days"),
       query("to", "string", "Last date, inclusive"),
       query("year", "integer", "A whole civil year"),
       query("include", "string", "Sub-resources", kIncludeDay),
       query("service", "string", "Office", kServices),
       query("text_format", "string", "Bible text format", kFormats), fields("day"),
       fields("reading"), fields("collect")},
      true, "day list");
  add("/api/v2/days/{date}/readings", "Readings of a date for an office",
      {path("date", "YYYY-MM-DD or today"), book(),
       query("service", "string", "Office", kServicesAll),
       query("include", "string", "text, alternatives", {"text", "alternatives"}),
       query("text_format", "string", "Bible text format", kFormats), fields("reading")},
      true, "reading list");
  add("/api/v2/collects/{date}", "Collects of a date",
      {path("date", "YYYY-MM-DD or today"), book(), query("include", "string", "text", {"text"}),
       query("service", "string", "Office (evening: the eve's collects where the book says so)",
             kServices),
       fields("collect")},
      true, "collect list");
  add("/api/v2/passages", "Any Bible passage",
      {query("ref", "string", "Reference, e.g. João 3:16 or John 3:16-18", {}, true),
       query("bible", "string", "Bible version code (default: the book's)"),
       query("book", "string", "Prayer book whose default version applies"),
       query("lang", "string", "Language the reference is written in"),
       query("text_format", "string", "Bible text format", kFormats)},
      false, "passage");
  add("/api/v2/liturgical-explanations/{date}", "Why the day resolved as it did",
      {path("date", "YYYY-MM-DD or today"), book(),
       query("service", "string", "Office", kServices)},
      true, "explanation");
  add("/api/v2/years/{year}", "Year overview (the liturgical year holding Easter of {year})",
      {path("year", "Four digits"), book(), fields("annual_overview"), fields("season"),
       fields("key_date")},
      true, "annual_overview");
  add("/api/v2/years/{year}/seasons", "Seasons of the year",
      {path("year", "Four digits"), book(), fields("season")}, true, "season list");
  add("/api/v2/years/{year}/key-dates", "Key movable dates",
      {path("year", "Four digits"), book(), fields("key_date")}, true, "key_date list");
  add("/api/v2/years/{year}/lectionary-cycle", "Sunday and weekday cycles",
      {path("year", "Four digits"), book(), fields("lectionary_cycle")}, true, "lectionary_cycle");
  add("/api/v2/celebrations", "Search the book's celebrations (cursor pages)",
      {book(), query("q", "string", "Name contains (case- and accent-insensitive)"),
       query("type", "string", "Celebration type (sunday requires year)", kTypes),
       query("month", "integer", "1 to 12"),
       query("day", "integer", "Day of month (requires month or year)"),
       query("year", "integer", "Effective dates in that civil year; includes Sundays"),
       query("movable", "boolean", "true: movable only; false: fixed only"),
       query("limit", "integer", "1 to 100, default 50"),
       query("cursor", "string", "From links.next"), fields("celebration")},
      true, "celebration list");
  add("/api/v2/celebrations/{id}", "One celebration",
      {path("id", "Numeric celebration id"), book(),
       query("year", "integer", "Effective dates in that year"), fields("celebration")},
      true, "celebration");
  add("/api/v2/celebrations/types", "Celebration types",
      {query("lang", "string", "Names language"), fields("celebration_type")}, false,
      "celebration_type list");
  add("/api/v2/prayer-books", "Prayer books available to the key",
      {query("lang", "string", "Filter by language"), fields("prayer_book")}, false,
      "prayer_book list");
  add("/api/v2/prayer-books/{code}", "One prayer book",
      {path("code", "Book code"), fields("prayer_book")}, false, "prayer_book");
  add("/api/v2/prayer-books/{code}/preferences", "A book's preferences",
      {path("code", "Book code"), query("lang", "string", "Names language")}, false,
      "preference list");
  add("/api/v2/bible-versions", "Installed Bible versions",
      {query("lang", "string", "Filter by language"), fields("bible_version")}, false,
      "bible_version list");
  add("/api/v2/openapi.json", "This document", {}, false, "OpenAPI document");
  return r;
}

void write_parameter(JsonWriter& w, const ParamDoc& p) {
  w.start_object();
  w.key("name");
  w.string(p.name);
  w.key("in");
  w.string(p.in);
  w.key("required");
  w.boolean(p.required);
  w.key("description");
  w.string(p.description);
  w.key("schema");
  w.start_object();
  w.key("type");
  w.string(p.type);
  if (!p.values.empty()) {
    w.key("enum");
    w.start_array();
    for (auto v : p.values) w.string(v);
    w.end_array();
  }
  w.end_object();
  w.end_object();
}

}  // namespace

const std::vector<RouteDoc>& route_docs() {
  static const std::vector<RouteDoc> docs = build();
  return docs;
}

std::string openapi_document() {
  JsonWriter w;
  w.start_object();
  w.key("openapi");
  w.string("3.1.0");
  w.key("info");
  w.start_object();
  w.key("title");
  w.string("Kalendar liturgical calendar API");
  w.key("version");
  w.string("2.0.0");
  w.end_object();
  w.key("security");
  w.start_array();
  w.start_object();
  w.key("apiKey");
  w.start_array();
  w.end_array();
  w.end_object();
  w.end_array();
  w.key("paths");
  w.start_object();
  for (const RouteDoc& r : route_docs()) {
    w.key(r.pattern);
    w.start_object();
    w.key("get");
    w.start_object();
    w.key("summary");
    w.string(r.summary);
    w.key("parameters");
    w.start_array();
    for (const ParamDoc& p : r.params) write_parameter(w, p);
    w.end_array();
    w.key("responses");
    w.start_object();
    w.key("200");
    w.start_object();
    w.key("description");
    w.string(std::string("JSON document: ") + std::string(r.returns));
    w.end_object();
    for (std::string_view code : {"304", "400", "401", "403", "404", "429", "503"}) {
      w.key(code);
      w.start_object();
      w.key("description");
      w.string(code == "304" ? "Not modified (If-None-Match matched); no body"
                             : "JSON error document (see components.schemas.Errors)");
      w.end_object();
    }
    w.end_object();
    w.end_object();
    w.end_object();
  }
  w.end_object();
  w.key("components");
  w.start_object();
  w.key("securitySchemes");
  w.start_object();
  w.key("apiKey");
  w.start_object();
  w.key("type");
  w.string("apiKey");
  w.key("in");
  w.string("header");
  w.key("name");
  w.string("X-API-Key");
  w.end_object();
  w.end_object();
  w.key("schemas");
  w.start_object();
  // One schema per resource type, listing the attributes fields[<type>] may select.
  const FieldCatalog& catalog = api_field_catalog();
  for (std::string_view type : catalog.types()) {
    w.key(type);
    w.start_object();
    w.key("type");
    w.string("object");
    w.key("properties");
    w.start_object();
    w.key("id");
    w.start_object();
    w.end_object();
    for (const std::string& a : *catalog.attributes(type)) {
      w.key(a);
      w.start_object();
      if (type == "day" && a == "eve") {
        // The one attribute whose shape is documented here: the eve or null.
        w.key("oneOf");
        w.start_array();
        w.start_object();
        w.key("$ref");
        w.string("#/components/schemas/Eve");
        w.end_object();
        w.start_object();
        w.key("type");
        w.string("null");
        w.end_object();
        w.end_array();
      } else if (const AttributeNote* n = note_for(type, a)) {
        if (n->nullable) {
          w.key("type");
          w.start_array();
          w.string("object");
          w.string("null");
          w.end_array();
        }
        w.key("description");
        w.string(n->description);
      }
      w.end_object();
    }
    w.end_object();
    w.end_object();
  }
  // First Evensong: the next day's observance whose Evening Prayer begins this evening.
  w.key("Eve");
  w.start_object();
  w.key("type");
  w.string("object");
  w.key("description");
  w.string(
      "The observance of the next day whose first Evensong is this day's evening, where the "
      "book says a Sunday or holy day begins at Evening Prayer on the day before; evening lists "
      "what service=evening takes from it (collect, readings)");
  w.key("properties");
  w.start_object();
  for (std::string_view a :
       {"id", "date", "kind", "slug", "name", "type", "type_name", "title", "color", "evening"}) {
    w.key(a);
    w.start_object();
    w.end_object();
  }
  w.end_object();
  w.end_object();
  w.key("Errors");
  w.start_object();
  w.key("type");
  w.string("object");
  w.key("required");
  w.start_array();
  w.string("errors");
  w.end_array();
  w.end_object();
  w.end_object();
  w.end_object();
  w.end_object();
  return w.take();
}

}  // namespace kalendar::api
