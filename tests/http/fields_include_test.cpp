// fields[<type>] and include over the real routes: trimming keeps id, works on nested objects
// of that type (readings and collects inside a day, seasons inside a year overview, every item
// of a list), `fields[day]=` keeps only id, and a child include brings its parent.
#include "api_fixture.hpp"

#include <set>

namespace kalendar::testing {
namespace {

using Strings = std::vector<std::string>;

std::set<std::string> key_set(const Json& j, const std::string& pointer) {
  const auto keys = j.keys(pointer);
  return {keys.begin(), keys.end()};
}

TEST_F(ApiTest, EmptyFieldsListKeepsOnlyId) {
  const auto r = get("/api/v2/days/2025-11-30?book=loc_2015&fields%5Bday%5D=");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.keys("/data"), Strings{"id"});
  EXPECT_EQ(j.str("/data/id"), "2025-11-30");
  EXPECT_TRUE(j.has("/meta/code"));  // meta is not a resource: untouched
}

TEST_F(ApiTest, FieldsKeepIdAndTheNamedAttributesInDocumentOrder) {
  const auto r = get("/api/v2/days/2025-11-30?book=loc_2015&fields%5Bday%5D=color,season");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.keys("/data"), (Strings{"id", "season", "color"}));
  EXPECT_EQ(j.str("/data/color/slug"), "violet");  // attributes keep their whole value
  // Naming id is allowed and changes nothing.
  const auto with_id = get("/api/v2/days/2025-11-30?book=loc_2015&fields%5Bday%5D=id,week");
  EXPECT_EQ(Json(with_id.body).keys("/data"), (Strings{"id", "week"}));
}

TEST_F(ApiTest, FieldsApplyToEveryItemOfAList) {
  const auto r = get("/api/v2/days?book=loc_2015&year=2026&fields%5Bday%5D=color");
  ASSERT_EQ(r.status, 200);
  const Json j(r.body);
  ASSERT_EQ(j.size("/data"), 365U);
  for (std::size_t i = 0; i < 365; i += 30) {
    EXPECT_EQ(j.keys("/data/" + std::to_string(i)), (Strings{"id", "color"})) << i;
  }
  const auto c = get("/api/v2/celebrations?book=loc_2015&limit=10&fields%5Bcelebration%5D=name");
  ASSERT_EQ(c.status, 200);
  const Json cj(c.body);
  for (std::size_t i = 0; i < cj.size("/data"); ++i) {
    EXPECT_EQ(cj.keys("/data/" + std::to_string(i)), (Strings{"id", "name"})) << i;
  }
  EXPECT_TRUE(cj.has("/links/self"));  // links and meta stay
}

TEST_F(ApiTest, NestedTypesAreTrimmedInsideTheirParent) {
  // fields[reading] and fields[collect] reach the readings and collects included in a day; the
  // day itself is trimmed by fields[day] independently, and its included sub-resources stay.
  const auto r =
      get("/api/v2/days/2025-11-30?book=loc_2015&include=readings,collect&"
          "fields%5Breading%5D=slot,reference&fields%5Bcollect%5D=title&fields%5Bday%5D=season");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.keys("/data"), (Strings{"id", "season", "readings", "collect"}));
  ASSERT_GT(j.size("/data/readings"), 0U) << r.body;
  for (std::size_t i = 0; i < j.size("/data/readings"); ++i) {
    const std::string at = "/data/readings/" + std::to_string(i);
    EXPECT_EQ(key_set(j, at), (std::set<std::string>{"slot", "reference"})) << at;
  }
  ASSERT_GT(j.size("/data/collect"), 0U);
  EXPECT_EQ(j.keys("/data/collect/0"), (Strings{"id", "title"}));
  // Without fields[reading], a reading has all its attributes.
  const auto full = get("/api/v2/days/2025-11-30?book=loc_2015&include=readings");
  const Json f(full.body);
  EXPECT_TRUE(f.has("/data/readings/0/service"));
  EXPECT_TRUE(f.has("/data/readings/0/track"));
}

TEST_F(ApiTest, NestedSeasonsAndKeyDatesOfAYearOverview) {
  const auto r =
      get("/api/v2/years/2026?book=loc_2015&fields%5Bannual_overview%5D=seasons,key_dates&"
          "fields%5Bseason%5D=starts&fields%5Bkey_date%5D=date");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.keys("/data"), (Strings{"id", "seasons", "key_dates"}));
  EXPECT_EQ(j.keys("/data/seasons/0"), (Strings{"id", "starts"}));
  EXPECT_EQ(j.keys("/data/key_dates/0"), (Strings{"id", "date"}));
}

TEST_F(ApiTest, FieldsOnReadingsRoute) {
  const auto r = get(
      "/api/v2/days/2026-04-05/readings?book=loc_2015&service=all&fields%5Breading%5D=reference");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  ASSERT_GT(j.size("/data/services/eucharist"), 0U);
  EXPECT_EQ(key_set(j, "/data/services/eucharist/0"), (std::set<std::string>{"reference"}));
  EXPECT_EQ(j.keys("/data"),
            (Strings{"date", "services"}));  // the grouping object is not a reading
}

TEST_F(ApiTest, ChildIncludeBringsItsParent) {
  const auto r = get("/api/v2/days/2025-11-30?book=loc_2015&include=readings.text");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  ASSERT_GT(j.size("/data/readings"), 0U) << r.body;
  EXPECT_EQ(j.str("/data/readings/0/bible"), "web");
  EXPECT_TRUE(j.has("/data/readings/0/verses")) << r.body;
  EXPECT_FALSE(j.has("/data/collect"));
  const auto c = get("/api/v2/days/2025-11-30?book=loc_2015&include=collect.text");
  const Json cj(c.body);
  EXPECT_EQ(cj.str("/data/collect/0/body"), "Coleta de teste para advent_1.");
  EXPECT_FALSE(cj.has("/data/readings"));
  // Without .text the parent comes alone.
  const auto plain = get("/api/v2/days/2025-11-30?book=loc_2015&include=readings,collect");
  const Json pj(plain.body);
  EXPECT_FALSE(pj.has("/data/readings/0/verses"));
  EXPECT_FALSE(pj.has("/data/collect/0/body"));
}

TEST_F(ApiTest, ReadingsOfOtherOfficesCanBeIncluded) {
  const auto r =
      get("/api/v2/days/2026-04-05?book=loc_2015&service=eucharist&include=readings.morning,"
          "readings.evening&fields%5Breading%5D=service");
  ASSERT_EQ(r.status, 200) << r.body;
  const std::set<std::string> services = [&] {
    const auto all = Json(r.body).strings("/data/readings", "service");
    return std::set<std::string>(all.begin(), all.end());
  }();
  EXPECT_EQ(services, (std::set<std::string>{"eucharist", "morning", "evening"}));
}

TEST_F(ApiTest, IncludedTextCarriesTheChosenFormatAndVersion) {
  // The tiny modules lack most of Easter Day's verses: the request still answers, with the
  // version and format asked for.
  const auto r =
      get("/api/v2/days/2026-04-05?book=loc_2015&service=eucharist&include=readings.text&bible=kjv&"
          "text_format=markdown&fields%5Breading%5D=bible,content,verses");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  ASSERT_GT(j.size("/data/readings"), 0U);
  for (std::size_t i = 0; i < j.size("/data/readings"); ++i) {
    const std::string at = "/data/readings/" + std::to_string(i);
    EXPECT_EQ(j.str(at + "/bible"), "kjv") << at;
    EXPECT_FALSE(j.has(at + "/verses")) << at;
  }
}

}  // namespace
}  // namespace kalendar::testing
