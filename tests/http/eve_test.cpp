// First Evensong over HTTP: the day resource's `eve`, the evening collects that follow it, the
// explanation's rule, and Holy Saturday kept by day. Expected values come from the civil
// calendar (weekdays), the computus (Easter 2026-04-05) and BCP 2019 p. 687 as
// books/loc_2019_en/precedence.yaml cites it: the Sunday's collect at Saturday Evening Prayer.
#include "api_fixture.hpp"

#include <algorithm>

namespace kalendar::testing {
namespace {

TEST_F(ApiTest, ASaturdayBeforeASundayHasThatSundayAsItsEve) {
  const auto r = get("/api/v2/days/2026-01-31?book=loc_2019_en");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/weekday/slug"), "saturday");
  EXPECT_EQ(j.str("/data/eve/date"), "2026-02-01");
  EXPECT_EQ(j.str("/data/eve/kind"), "sunday");
  EXPECT_EQ(j.str("/data/eve/slug"), "epiphany_4");
  EXPECT_EQ(j.str("/data/eve/type"), "sunday");
  EXPECT_TRUE(j.is_null("/data/eve/id"));
  EXPECT_EQ(j.str("/data/eve/color/slug"), "green");
  EXPECT_EQ(j.str("/data/eve/evening/0"), "collect");
  EXPECT_FALSE(j.has("/data/eve/evening/1"));
  // The eve is the next day as that day's own resource shows it.
  const auto sunday = get("/api/v2/days/2026-02-01?book=loc_2019_en");
  ASSERT_EQ(sunday.status, 200) << sunday.body;
  const Json s(sunday.body);
  EXPECT_EQ(j.str("/data/eve/name"), s.str("/data/sunday_name"));
  EXPECT_EQ(j.str("/data/eve/title"), s.str("/data/title"));
  EXPECT_EQ(j.str("/data/eve/color/slug"), s.str("/data/color/slug"));
  // The Saturday itself keeps its own colour and celebration.
  EXPECT_EQ(j.str("/data/celebration/slug"), "samuel_shoemaker");
}

TEST_F(ApiTest, ASundayEveningBeforeAWeekdayFeriaHasNoEve) {
  const auto r = get("/api/v2/days/2026-02-08?book=loc_2019_en");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/weekday/slug"), "sunday");
  ASSERT_TRUE(j.has("/data/eve"));
  EXPECT_TRUE(j.is_null("/data/eve"));
  const auto monday = get("/api/v2/days/2026-02-09?book=loc_2019_en");
  ASSERT_EQ(monday.status, 200) << monday.body;
  EXPECT_TRUE(Json(monday.body).is_null("/data/celebration"));  // a feria indeed
  // A book that declares no eves answers null too.
  const auto brazil = get("/api/v2/days/2026-01-31?book=loc_2015");
  ASSERT_EQ(brazil.status, 200) << brazil.body;
  EXPECT_TRUE(Json(brazil.body).is_null("/data/eve"));
}

TEST_F(ApiTest, HolySaturday2026IsNotWhiteAndItsEveIsEaster) {
  const auto r = get("/api/v2/days/2026-04-04?book=loc_2019_en");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/celebration/slug"), "holy_saturday");
  EXPECT_NE(j.str("/data/color/slug"), "white");
  EXPECT_EQ(j.str("/data/color/slug"), "purple");
  EXPECT_EQ(j.str("/data/eve/slug"), "easter_day");
  EXPECT_EQ(j.str("/data/eve/kind"), "celebration");
  EXPECT_EQ(j.str("/data/eve/type"), "principal_feast");
  EXPECT_EQ(j.str("/data/eve/color/slug"), "white");
  EXPECT_EQ(j.str("/data/eve/date"), "2026-04-05");
  const auto why = get("/api/v2/liturgical-explanations/2026-04-04?book=loc_2019_en");
  ASSERT_EQ(why.status, 200) << why.body;
  const Json w(why.body);
  EXPECT_EQ(w.str("/data/eve/rule/key"), "easter_vigil");
  EXPECT_EQ(w.str("/data/eve/slug"), "easter_day");
  EXPECT_NE(w.str("/data/eve/rule/source"), "<null>");
  EXPECT_EQ(w.str("/data/eve/evening/0"), "collect");
}

TEST_F(ApiTest, EveningCollectsFollowTheEve) {
  const auto evening =
      get("/api/v2/days/2026-01-31?book=loc_2019_en&include=collect&service=evening");
  ASSERT_EQ(evening.status, 200) << evening.body;
  const Json e(evening.body);
  EXPECT_EQ(e.str("/data/collect/0/key"), "epiphany_4");
  EXPECT_TRUE(e.boolean("/data/collect/0/eve"));
  // Morning keeps the Saturday's own collects: none of them is the eve's.
  const auto morning =
      get("/api/v2/days/2026-01-31?book=loc_2019_en&include=collect&service=morning");
  ASSERT_EQ(morning.status, 200) << morning.body;
  const Json m(morning.body);
  ASSERT_GT(m.size("/data/collect"), 0U);
  for (std::size_t i = 0; i < m.size("/data/collect"); ++i) {
    const std::string at = "/data/collect/" + std::to_string(i);
    EXPECT_FALSE(m.boolean(at + "/eve")) << at;
  }
  EXPECT_NE(m.str("/data/collect/0/key"), "epiphany_4");
  // /collects takes the office too.
  const auto collects = get("/api/v2/collects/2026-04-04?book=loc_2019_en&service=evening");
  ASSERT_EQ(collects.status, 200) << collects.body;
  EXPECT_EQ(Json(collects.body).str("/data/0/key"), "easter_day");
  const auto own = get("/api/v2/collects/2026-04-04?book=loc_2019_en");
  ASSERT_EQ(own.status, 200) << own.body;
  EXPECT_EQ(Json(own.body).str("/data/0/key"), "holy_saturday");
  const auto bad = get("/api/v2/collects/2026-04-04?book=loc_2019_en&service=vespers");
  EXPECT_EQ(bad.status, 400) << bad.body;
}

TEST_F(ApiTest, RangesAndFieldSelectionCarryTheEve) {
  const auto r = get("/api/v2/days?book=loc_2019_en&from=2026-01-30&to=2026-02-01&fields[day]=eve");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  ASSERT_EQ(j.size("/data"), 3U);
  EXPECT_TRUE(j.is_null("/data/0/eve"));  // Friday
  EXPECT_EQ(j.str("/data/1/eve/slug"), "epiphany_4");
  EXPECT_TRUE(j.is_null("/data/2/eve"));
  EXPECT_FALSE(j.has("/data/1/color"));  // only the selected field (and id)
  EXPECT_EQ(j.str("/data/1/id"), "2026-01-31");
}

TEST_F(ApiTest, TheOpenApiDocumentDescribesTheEve) {
  const auto r = get("/api/v2/openapi.json");
  ASSERT_EQ(r.status, 200) << r.body.substr(0, 300);
  const Json j(r.body);
  EXPECT_EQ(j.str("/components/schemas/Day/properties/eve/anyOf/0/$ref"),
            "#/components/schemas/Eve");
  EXPECT_EQ(j.str("/components/schemas/Day/properties/eve/anyOf/1/type"), "null");
  EXPECT_TRUE(j.has("/components/schemas/Eve/properties/evening"));
  EXPECT_TRUE(j.has("/components/schemas/Collect/properties/eve"));
  const std::string params = "/paths/~1api~1v2~1collects~1{date}/get/parameters";
  bool service = false;
  for (std::size_t i = 0; i < j.size(params); ++i) {
    service = service || j.str(params + "/" + std::to_string(i) + "/name") == "service";
  }
  EXPECT_TRUE(service);
}

}  // namespace
}  // namespace kalendar::testing
