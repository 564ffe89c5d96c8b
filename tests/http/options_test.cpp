// Calendar options and local calendars over the API (issue 14), with the invented parish of
// tests/http/fixtures/local_books installed as an operator would (--local-books-dir): an
// adaptation of loc_2019_en with an `epiphany` option (6 January, or the Sunday 2-8 January), a
// `dedication` date option and its patron, St Alban (22 June), kept as a Holy Day.
//
// January 2026: Sun 4, Tue 6.  June 2025: Sun 22, Mon 23.  October 2026: Mon 12.
#include "kalendar/options.hpp"

#include "api_stack.hpp"
#include "handlers/openapi.hpp"
#include "json_view.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace kalendar::testing {
namespace {

ApiStack& parish_stack() {
  static ApiStack* stack = new ApiStack(StackOptions{
      .start_http = false,
      .local_books_dir = std::string(KALENDAR_SOURCE_DIR) + "/tests/http/fixtures/local_books"});
  return *stack;
}

api::Response get(const std::string& target) { return parish_stack().dispatch(target); }

// The date the key dates of 2026 give key date `id` with `query` ("" when it is not listed).
std::string key_date_2026(const std::string& query, const std::string& id) {
  const auto r = get("/api/v2/years/2026/key-dates?" + query);
  EXPECT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  const auto ids = j.strings("/data", "id");
  const auto at = std::find(ids.begin(), ids.end(), id);
  if (at == ids.end()) return "";
  return j.str("/data/" + std::to_string(at - ids.begin()) + "/date");
}

TEST(Options, TheEpiphanyMovesToTheSundayOnlyWhenAsked) {
  const auto plain = get("/api/v2/days/2026-01-04?book=parish_st_alban");
  const auto moved = get("/api/v2/days/2026-01-04?book=parish_st_alban&epiphany=sunday");
  ASSERT_EQ(plain.status, 200) << plain.body;
  ASSERT_EQ(moved.status, 200) << moved.body;
  EXPECT_EQ(Json(plain.body).str("/data/celebration/slug"), "christmas_2");
  EXPECT_EQ(Json(moved.body).str("/data/celebration/slug"), "epiphany");
  // meta echoes every option in force, defaults included; a date option unset is null.
  EXPECT_EQ(Json(plain.body).str("/meta/options/epiphany"), "january_6");
  EXPECT_EQ(Json(moved.body).str("/meta/options/epiphany"), "sunday");
  EXPECT_TRUE(Json(moved.body).is_null("/meta/options/dedication")) << moved.body;
  // Different answers, different validators (the response cache is keyed by the query).
  EXPECT_NE(plain.etag, moved.etag);
  EXPECT_NE(plain.body, moved.body);
  // Naming the default is the default.
  const auto spelled = get("/api/v2/days/2026-01-04?book=parish_st_alban&epiphany=january_6");
  EXPECT_EQ(Json(spelled.body).str("/data/celebration/slug"), "christmas_2");
}

TEST(Options, EveryRouteThatComputesDaysTakesTheOptions) {
  const std::string q = "book=parish_st_alban&epiphany=sunday";
  // Key dates of 2026 move with the option.
  EXPECT_EQ(key_date_2026("book=parish_st_alban", "epiphany"), "2026-01-06");
  EXPECT_EQ(key_date_2026(q, "epiphany"), "2026-01-04");
  const auto range = get("/api/v2/days?" + q + "&from=2026-01-04&to=2026-01-06");
  ASSERT_EQ(range.status, 200) << range.body;
  EXPECT_EQ(Json(range.body).str("/data/0/celebration/slug"), "epiphany");
  const auto explained = get("/api/v2/liturgical-explanations/2026-01-04?" + q);
  ASSERT_EQ(explained.status, 200) << explained.body;
  EXPECT_EQ(Json(explained.body).str("/meta/options/epiphany"), "sunday");
  const auto listed = get("/api/v2/celebrations?" + q + "&year=2026&q=epiphany");
  ASSERT_EQ(listed.status, 200) << listed.body;
  EXPECT_EQ(Json(listed.body).str("/data/0/observed_date"), "2026-01-04") << listed.body;
  for (const std::string& target :
       {"/api/v2/days/2026-01-04/readings?" + q, "/api/v2/collects/2026-01-04?" + q,
        "/api/v2/years/2026?" + q, "/api/v2/years/2026/seasons?" + q,
        "/api/v2/years/2026/lectionary-cycle?" + q, "/api/v2/celebrations/1?" + q,
        "/api/v2/calendar.ics?" + q + "&from=2026-01-04&to=2026-01-04"}) {
    EXPECT_EQ(get(target).status, 200) << target << "\n" << get(target).body;
  }
  const auto ics = get("/api/v2/calendar.ics?" + q + "&from=2026-01-04&to=2026-01-04");
  EXPECT_NE(ics.body.find("Epiphany"), std::string::npos) << ics.body;
}

TEST(Options, BadValuesAndOtherBooksOptionsAreRefused) {
  const auto bad = get("/api/v2/days/2026-01-04?book=parish_st_alban&epiphany=monday");
  ASSERT_EQ(bad.status, 400) << bad.body;
  EXPECT_EQ(Json(bad.body).str("/errors/0/code"), "invalid_parameter");
  EXPECT_EQ(Json(bad.body).str("/errors/0/source/parameter"), "epiphany");
  EXPECT_EQ(Json(bad.body).str("/errors/0/detail"),
            "book 'parish_st_alban' accepts epiphany january_6, sunday");
  const auto bad_date = get("/api/v2/days/2026-10-12?book=parish_st_alban&dedication=2026-10-12");
  ASSERT_EQ(bad_date.status, 400) << bad_date.body;
  EXPECT_EQ(Json(bad_date.body).str("/errors/0/detail"),
            "book 'parish_st_alban' takes dedication as a date MM-DD (e.g. 10-12)");
  // The base book does not declare the parish's option: it is not its parameter.
  const auto other = get("/api/v2/days/2026-01-04?book=loc_2019_en&epiphany=sunday");
  ASSERT_EQ(other.status, 400) << other.body;
  EXPECT_EQ(Json(other.body).str("/errors/0/source/parameter"), "epiphany");
  EXPECT_EQ(Json(other.body).str("/errors/0/detail"), "is not a parameter of this route");
  // Its own option only (all_saints_sunday, BCP 2019 p. 695), at its default.
  const auto base = get("/api/v2/days/2026-01-04?book=loc_2019_en");
  ASSERT_EQ(base.status, 200);
  EXPECT_EQ(Json(base.body).size("/meta/options"), 1U) << base.body;
  EXPECT_EQ(Json(base.body).str("/meta/options/all_saints_sunday"), "observed");
  // A book without options echoes {}.
  const auto plain = get("/api/v2/days/2026-01-04?book=loc_2015");
  ASSERT_EQ(plain.status, 200);
  EXPECT_EQ(Json(plain.body).size("/meta/options"), 0U) << plain.body;
  EXPECT_TRUE(Json(plain.body).at("/meta/options").is_object());
}

TEST(Options, ADateOptionGivesTheDedicationFestival) {
  const auto kept = get("/api/v2/days/2026-10-12?book=parish_st_alban&dedication=10-12");
  ASSERT_EQ(kept.status, 200) << kept.body;
  EXPECT_EQ(Json(kept.body).str("/data/celebration/slug"), "dedication_festival");
  EXPECT_EQ(Json(kept.body).str("/meta/options/dedication"), "10-12");
  const auto unset = get("/api/v2/days/2026-10-12?book=parish_st_alban");
  EXPECT_NE(Json(unset.body).str("/data/celebration/slug"), "dedication_festival");
}

TEST(Options, PreferencesListTheOptionsThatChangeTheCalendar) {
  const auto r = get("/api/v2/prayer-books/parish_st_alban/preferences");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  const auto ids = j.strings("/data", "id");
  const auto at = std::find(ids.begin(), ids.end(), "epiphany");
  ASSERT_NE(at, ids.end()) << r.body;
  const std::string e = "/data/" + std::to_string(at - ids.begin());
  EXPECT_TRUE(j.boolean(e + "/changes_calendar"));
  EXPECT_EQ(j.str(e + "/default"), "january_6");
  EXPECT_EQ(j.str(e + "/options/0"), "january_6");
  EXPECT_EQ(j.str(e + "/options/1"), "sunday");
  EXPECT_NE(j.str(e + "/source").find("Fixture rubric"), std::string::npos);
  const auto date = std::find(ids.begin(), ids.end(), "dedication");
  ASSERT_NE(date, ids.end());
  const std::string d = "/data/" + std::to_string(date - ids.begin());
  EXPECT_EQ(j.str(d + "/format"), "MM-DD");
  EXPECT_TRUE(j.is_null(d + "/default"));
  // An ordinary preference does not change the calendar.
  const auto lectionary = std::find(ids.begin(), ids.end(), "lectionary");
  ASSERT_NE(lectionary, ids.end());
  EXPECT_FALSE(
      j.boolean("/data/" + std::to_string(lectionary - ids.begin()) + "/changes_calendar"));
}

TEST(Options, NoOptionKeyCanShadowARouteParameter) {
  // The validator refuses the keys of kReservedOptionKeys; every parameter of every route must
  // be among them, or a book could declare an option its routes read as something else.
  for (const api::RouteDoc& route : api::route_docs()) {
    for (const api::ParamDoc& p : route.params) {
      const std::string name = p.name.substr(0, p.name.find('['));  // fields[day] -> fields
      EXPECT_NE(std::find(std::begin(kReservedOptionKeys), std::end(kReservedOptionKeys), name),
                std::end(kReservedOptionKeys))
          << route.operation_id << ": parameter '" << name << "' is not reserved";
    }
  }
}

TEST(LocalCalendars, AParishOverlayIsListedWithTheBookItExtends) {
  const auto list = get("/api/v2/prayer-books");
  ASSERT_EQ(list.status, 200) << list.body;
  const Json j(list.body);
  const auto ids = j.strings("/data", "id");
  const auto parish = std::find(ids.begin(), ids.end(), "parish_st_alban");
  const auto base = std::find(ids.begin(), ids.end(), "loc_2019_en");
  const auto translation = std::find(ids.begin(), ids.end(), "loc_2019");
  ASSERT_NE(parish, ids.end()) << list.body;
  ASSERT_NE(base, ids.end());
  ASSERT_NE(translation, ids.end());
  auto at = [&](auto it, const char* member) {
    return "/data/" + std::to_string(it - ids.begin()) + "/" + member;
  };
  EXPECT_EQ(j.str(at(parish, "kind")), "adaptation");
  EXPECT_EQ(j.str(at(parish, "extends")), "loc_2019_en");
  EXPECT_EQ(j.str(at(base, "kind")), "book");
  EXPECT_TRUE(j.is_null(at(base, "extends")));
  EXPECT_EQ(j.str(at(translation, "kind")), "translation");
  EXPECT_EQ(j.str(at(translation, "extends")), "loc_2019_en");
  const auto one = get("/api/v2/prayer-books/parish_st_alban");
  EXPECT_EQ(Json(one.body).str("/data/extends"), "loc_2019_en");
}

TEST(LocalCalendars, ThePatronalFestivalFollowsTheBaseBooksRules) {
  // 22 June 2025 is a Sunday: the base book's Sunday outranks a Holy Day, and its
  // displaced_holy_day rule moves the festival to the next open day.
  const auto sunday = get("/api/v2/days/2025-06-22?book=parish_st_alban");
  ASSERT_EQ(sunday.status, 200) << sunday.body;
  EXPECT_EQ(Json(sunday.body).str("/data/celebration/kind"), "sunday");
  const auto monday = get("/api/v2/days/2025-06-23?book=parish_st_alban");
  const Json m(monday.body);
  EXPECT_EQ(m.str("/data/celebration/slug"), "patronal_festival") << monday.body;
  EXPECT_EQ(m.str("/data/celebration/transferred_from"), "2025-06-22");
  // On a weekday it is kept on its own date; the base book's Alban is gone.
  const auto own = get("/api/v2/days/2026-06-22?book=parish_st_alban");
  EXPECT_EQ(Json(own.body).str("/data/celebration/slug"), "patronal_festival");
  const auto base = get("/api/v2/days/2026-06-22?book=loc_2019_en");
  EXPECT_EQ(Json(base.body).str("/data/celebration/slug"), "alban");
}

// The shipped Common Worship book: the Epiphany on 6 January, or on the Sunday between 2 and 8
// January (Common Worship, Rules to Order the Christian Year). 4 January 2026 is that Sunday.
TEST(Options, CommonWorshipKeepsTheEpiphanyOnItsSundayWhenAsked) {
  const auto plain = get("/api/v2/days/2026-01-04?book=cw_2000_en");
  const auto moved = get("/api/v2/days/2026-01-04?book=cw_2000_en&epiphany=sunday");
  ASSERT_EQ(plain.status, 200) << plain.body;
  ASSERT_EQ(moved.status, 200) << moved.body;
  EXPECT_EQ(Json(plain.body).str("/data/celebration/name"), "Second Sunday of Christmas");
  EXPECT_EQ(Json(moved.body).str("/data/celebration/name"), "The Epiphany");
  EXPECT_NE(plain.etag, moved.etag);
  // Tuesday 6 January is then an ordinary weekday of Epiphany, not the feast.
  const auto sixth = get("/api/v2/days/2026-01-06?book=cw_2000_en&epiphany=sunday");
  ASSERT_EQ(sixth.status, 200) << sixth.body;
  EXPECT_NE(Json(sixth.body).str("/data/celebration/slug"), "epiphany") << sixth.body;
  EXPECT_EQ(key_date_2026("book=cw_2000_en", "epiphany"), "2026-01-06");
  EXPECT_EQ(key_date_2026("book=cw_2000_en&epiphany=sunday", "epiphany"), "2026-01-04");
}

}  // namespace
}  // namespace kalendar::testing
