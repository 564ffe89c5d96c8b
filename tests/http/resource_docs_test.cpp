// The one table of JSON objects (json/resource_docs.hpp) is what every route writes: each body
// of each route is walked against it, member by member, in order, with types, enumerations and
// nullability; and every member of every table row is seen at least once over these bodies, so
// a member the serialisers stopped writing, or one they write without a row, fails here.
#include "json/resource_docs.hpp"

#include "api_fixture.hpp"
#include "handlers/openapi.hpp"
#include "json/field_catalog.hpp"

#include <algorithm>
#include <map>
#include <regex>
#include <set>

namespace kalendar::testing {
namespace {

using api::FieldDoc;
using api::ObjectDoc;
using api::Presence;
using api::Shape;

// Walks bodies against the table and remembers which members it saw.
class TableWalk {
 public:
  // Checks `e` against `shape`; problems are gtest failures naming the JSON path.
  void value(simdjson::dom::element e, const Shape& shape, bool nullable, const std::string& at) {
    if (e.is_null()) {
      EXPECT_TRUE(nullable) << at << " is null but its row says it never is";
      return;
    }
    switch (shape.kind) {
      case Shape::Kind::string: {
        std::string_view s;
        ASSERT_EQ(e.get(s), simdjson::SUCCESS) << at << " is not a string";
        if (!shape.values.empty()) {
          EXPECT_NE(std::find(shape.values.begin(), shape.values.end(), s), shape.values.end())
              << at << " = '" << s << "' is not in its enumeration";
        }
        if (shape.format == "date") {
          EXPECT_TRUE(std::regex_match(std::string(s), std::regex("[0-9]{4}-[0-9]{2}-[0-9]{2}")))
              << at << " = '" << s << "' is not a date";
        }
        if (!shape.pattern.empty()) {
          EXPECT_TRUE(std::regex_search(std::string(s), std::regex(std::string(shape.pattern))))
              << at << " = '" << s << "' does not match " << shape.pattern;
        }
        return;
      }
      case Shape::Kind::integer:
        EXPECT_TRUE(e.is_int64()) << at << " is not an integer";
        return;
      case Shape::Kind::boolean:
        EXPECT_TRUE(e.is_bool()) << at << " is not a boolean";
        return;
      case Shape::Kind::array: {
        simdjson::dom::array items;
        ASSERT_EQ(e.get(items), simdjson::SUCCESS) << at << " is not an array";
        std::size_t i = 0;
        for (auto item : items) value(item, *shape.items, false, at + "/" + std::to_string(i++));
        return;
      }
      case Shape::Kind::object:
        object(e, *api::object_doc(shape.ref), at);
        return;
      case Shape::Kind::any_of:
        EXPECT_TRUE(e.is_int64() || e.is_string()) << at;
        return;
      case Shape::Kind::map: {
        simdjson::dom::object members;
        ASSERT_EQ(e.get(members), simdjson::SUCCESS) << at << " is not an object";
        for (auto [name, member] : members) {
          value(member, *shape.items, shape.items_nullable, at + "/" + std::string(name));
        }
        return;
      }
    }
  }

  // Checks that `e` has exactly the row's members, in the row's order.
  void object(simdjson::dom::element e, const ObjectDoc& doc, const std::string& at) {
    simdjson::dom::object members;
    ASSERT_EQ(e.get(members), simdjson::SUCCESS) << at << " is not an object (" << doc.name << ")";
    std::set<std::string_view> present;
    std::size_t next = 0;  // members come in the row's order
    for (auto [name, member] : members) {
      const auto it = std::find_if(doc.fields.begin(), doc.fields.end(),
                                   [&](const FieldDoc& f) { return f.name == name; });
      if (it == doc.fields.end()) {
        ADD_FAILURE() << at << "/" << name << ": " << doc.name << " has no such member";
        continue;
      }
      const auto index = static_cast<std::size_t>(it - doc.fields.begin());
      EXPECT_GE(index, next) << at << "/" << name << " comes out of " << doc.name << "'s order";
      next = index + 1;
      present.insert(name);
      seen_.insert(std::string(doc.name) + "." + std::string(name));
      value(member, it->shape, it->nullable, at + "/" + std::string(name));
    }
    for (const FieldDoc& f : doc.fields) {
      // Nothing here asks for fields[...]: every default member must be written.
      if (f.presence == Presence::always || f.presence == Presence::selectable) {
        EXPECT_EQ(present.count(f.name), 1U) << at << " (" << doc.name << ") lacks " << f.name;
      }
    }
  }

  // A whole 2xx body of `route`.
  void body(std::string_view text, const api::RouteDoc& route, const std::string& target) {
    const Json j(text);
    ASSERT_TRUE(j.ok()) << target;
    const bool by_service = route.body == api::Body::readings && j.at("/data").is_object();
    const bool list =
        route.body == api::Body::list || (route.body == api::Body::readings && !by_service);
    if (list) {
      value(j.at("/data").value(), Shape::array(Shape::object(route.data)), false, target);
      object(j.at("/links").value(), *api::object_doc("Links"), target + " links");
    } else {
      object(j.at("/data").value(), *api::object_doc(by_service ? "ReadingsByService" : route.data),
             target);
    }
    object(j.at("/meta").value(), *api::object_doc("Meta"), target + " meta");
    EXPECT_EQ(j.keys("").size(), list ? 3U : 2U) << target << ": data, (links,) meta only";
  }

  [[nodiscard]] const std::set<std::string>& seen() const { return seen_; }

 private:
  std::set<std::string> seen_;
};

const api::RouteDoc& route(std::string_view operation_id) {
  for (const auto& r : api::route_docs()) {
    if (r.operation_id == operation_id) return r;
  }
  throw std::logic_error("no route " + std::string(operation_id));
}

struct Probe {
  std::string_view operation_id;
  std::string target;
};

// Bodies that together carry every member of every row: text in both formats, alternatives,
// transfers, a fast with a title, propers, every kind of date rule, notes in meta.
const std::vector<Probe> kProbes = {
    {"getDay",
     "/api/v2/days/2026-04-03?book=loc_2015&include=readings.text,readings.alternatives,"
     "readings.morning,readings.evening,collect.text,celebrations,explanation"},
    {"getDay", "/api/v2/days/2026-09-23?book=loc_2019_en&include=explanation,celebrations"},
    {"getDay", "/api/v2/days/2026-03-19?book=loc_2015&include=readings.text&text_format=plain"},
    {"listDays",
     "/api/v2/days?book=loc_2015&from=2025-11-30&to=2025-12-30&include=readings.alternatives,"
     "collect,celebrations,explanation"},
    {"listDays", "/api/v2/days?book=loc_2019_en&year=2026&include=celebrations"},
    {"listDays", "/api/v2/days?book=loc_2015&year=2026&include=celebrations"},
    {"listReadings", "/api/v2/days/2026-04-05/readings?book=loc_2015&include=text,alternatives"},
    {"listReadings",
     "/api/v2/days/2026-04-05/"
     "readings?book=loc_2015&service=all&include=text&text_format=markdown"},
    {"listCollects", "/api/v2/collects/2025-11-30?book=loc_2015&include=text"},
    {"getPassage", "/api/v2/passages?ref=John%203:16-17&bible=kjv"},
    {"getPassage", "/api/v2/passages?ref=John%203:15-18&book=loc_2019_en&text_format=plain"},
    {"getExplanation", "/api/v2/liturgical-explanations/2025-11-30?book=loc_2015"},
    {"getExplanation", "/api/v2/liturgical-explanations/2026-07-05?book=loc_2019_en"},
    // Holy Saturday: its evening is Easter's (an eve in the day and in the explanation).
    {"getExplanation", "/api/v2/liturgical-explanations/2026-04-04?book=loc_2019_en"},
    {"getDay", "/api/v2/days/2026-04-04?book=loc_2019_en&service=evening&include=collect"},
    {"getYear", "/api/v2/years/2026?book=loc_2015"},
    {"listSeasons", "/api/v2/years/2026/seasons?book=loc_2015"},
    {"listKeyDates", "/api/v2/years/2026/key-dates?book=loc_2015"},
    {"getLectionaryCycle", "/api/v2/years/2026/lectionary-cycle?book=loc_2015"},
    {"listCelebrations", "/api/v2/celebrations?book=loc_2015&limit=100&year=2026"},
    {"getCelebration", "/api/v2/celebrations/203?book=loc_2015&year=2028"},
    {"listCelebrationTypes", "/api/v2/celebrations/types?lang=en"},
    {"listPrayerBooks", "/api/v2/prayer-books"},
    {"getPrayerBook", "/api/v2/prayer-books/loc_2015"},
    {"listPreferences", "/api/v2/prayer-books/loc_2015/preferences"},
    // The invented parish of tests/http/fixtures/local_books: calendar options (a date option
    // among them) in meta and in its preferences.
    {"listPreferences", "/api/v2/prayer-books/parish_st_alban/preferences"},
    {"getDay", "/api/v2/days/2026-10-12?book=parish_st_alban&dedication=10-12"},
    {"listBibleVersions", "/api/v2/bible-versions"},
};

TEST(ResourceDocsTest, EveryRouteWritesExactlyTheTablesMembers) {
  StackOptions options;
  options.start_http = false;
  options.local_books_dir = std::string(KALENDAR_SOURCE_DIR) + "/tests/http/fixtures/local_books";
  ApiStack stack(options);
  TableWalk walk;
  std::set<std::string_view> routes_probed;
  for (const Probe& p : kProbes) {
    const auto r = stack.dispatch(p.target);
    ASSERT_EQ(r.status, 200) << p.target << "\n" << r.body.substr(0, 400);
    walk.body(r.body, route(p.operation_id), p.target);
    routes_probed.insert(p.operation_id);
  }
  // Every page of every book's catalogue: every kind of date rule the books use.
  for (const std::string book : {"cw_2000_en", "loc_1928_en", "loc_1987", "loc_2015", "loc_2019",
                                 "loc_2019_en", "loc_2021", "locb_2008", "parish_st_alban"}) {
    for (std::string next = "/api/v2/celebrations?limit=100&book=" + book; !next.empty();) {
      const auto r = stack.dispatch(next);
      ASSERT_EQ(r.status, 200) << next;
      walk.body(r.body, route("listCelebrations"), next);
      const Json j(r.body);
      next = j.is_null("/links/next") ? "" : j.str("/links/next");
    }
  }
  // The error document.
  const auto bad = stack.dispatch("/api/v2/days/2025-02-30?servce=x");
  ASSERT_EQ(bad.status, 400);
  walk.object(Json(bad.body).root(), *api::object_doc("Errors"), "error");
  const auto unknown = stack.dispatch("/api/v2/nothing-here");
  walk.object(Json(unknown.body).root(), *api::object_doc("Errors"), "404");

  for (const auto& r : api::route_docs()) {
    // Only JSON bodies have members (ical_test checks the iCalendar routes against /days).
    if (r.body != api::Body::document && r.body != api::Body::calendar) {
      EXPECT_EQ(routes_probed.count(r.operation_id), 1U) << r.operation_id << " is not probed";
    }
  }
  // No shipped book dates a celebration by the nth weekday of a month (the engine's test books
  // do: tests/engine/date_rule_test.cpp); its members are written by the same visitor.
  const std::set<std::string> unused_by_shipped_books = {"DateRule.nth"};
  for (const ObjectDoc& doc : api::object_docs()) {
    for (const FieldDoc& f : doc.fields) {
      const std::string name = std::string(doc.name) + "." + std::string(f.name);
      if (unused_by_shipped_books.count(name) != 0) continue;
      EXPECT_EQ(walk.seen().count(name), 1U) << name << " has a row but no route wrote it";
    }
  }
}

TEST(ResourceDocsTest, FieldCatalogueIsTheTablesSelectableMembers) {
  // fields[<type>] accepts exactly the members the table marks selectable, for every type the
  // spec names; the rest of a row (id, includes) is not selectable.
  const auto& catalog = api::api_field_catalog();
  std::set<std::string_view> types;
  for (const ObjectDoc& doc : api::object_docs()) {
    if (doc.fields_type.empty()) continue;
    types.insert(doc.fields_type);
    const auto* attributes = catalog.attributes(doc.fields_type);
    ASSERT_NE(attributes, nullptr) << doc.fields_type;
    std::vector<std::string> expected;
    for (const FieldDoc& f : doc.fields) {
      if (f.presence == Presence::selectable || f.presence == Presence::selectable_on_request) {
        expected.emplace_back(f.name);
      }
    }
    EXPECT_EQ(*attributes, expected) << doc.fields_type;
  }
  EXPECT_EQ(types,
            std::set<std::string_view>(std::begin(api::kFieldTypes), std::end(api::kFieldTypes)));
}

}  // namespace
}  // namespace kalendar::testing
