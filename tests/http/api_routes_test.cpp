// Every route of API v2 (and openapi.json) answers a realistic request over HTTP with the right
// body: values from books/*/checks.yaml, the tiny Bible modules and the invented text pack.
#include "api_fixture.hpp"
#include "handlers/day_render.hpp"
#include "json_probe.hpp"
#include "url.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

namespace kalendar::testing {
namespace {

using Strings = std::vector<std::string>;

// The books the repository ships, read from the books/ directory (not from the API under test):
// every directory with a book.yaml, sorted by code as /prayer-books lists them.
Strings shipped_book_codes() {
  Strings codes;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(KALENDAR_SOURCE_DIR) / "books")) {
    if (std::filesystem::exists(entry.path() / "book.yaml")) {
      codes.push_back(entry.path().filename().string());
    }
  }
  std::sort(codes.begin(), codes.end());
  return codes;
}

bool contains(const Strings& items, std::string_view item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

// ---- /api/v2/days/{date} ----------------------------------------------------------------------

TEST_F(ApiTest, DayAdventSundayIsASundayWithoutCatalogueId) {
  const auto r = get("/api/v2/days/2025-11-30?book=loc_2015");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.header("content-type"), "application/json");
  EXPECT_EQ(r.header("content-language"), "pt-BR");
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/id"), "2025-11-30");
  EXPECT_EQ(j.str("/data/date"), "2025-11-30");
  EXPECT_EQ(j.str("/data/weekday/slug"), "sunday");
  EXPECT_EQ(j.num("/data/liturgical_year"), 2026);
  EXPECT_EQ(j.str("/data/season/slug"), "advent");
  EXPECT_EQ(j.str("/data/season/name"), "Advento");
  EXPECT_EQ(j.num("/data/week"), 1);
  EXPECT_EQ(j.str("/data/color/slug"), "violet");
  EXPECT_EQ(j.str("/data/sunday_name"), "Primeiro Domingo do Advento");
  EXPECT_TRUE(j.is_null("/data/fast"));
  EXPECT_EQ(j.str("/data/celebration/type"), "sunday");
  EXPECT_EQ(j.str("/data/celebration/kind"), "sunday");
  EXPECT_EQ(j.str("/data/celebration/slug"), "advent_1");
  EXPECT_TRUE(j.is_null("/data/celebration/id"));
  EXPECT_EQ(j.str("/data/cycles/sunday"), "A");
  // Sub-resources are absent unless included.
  EXPECT_FALSE(j.has("/data/celebrations"));
  EXPECT_FALSE(j.has("/data/readings"));
  EXPECT_EQ(j.str("/meta/code"), "loc_2015");
  EXPECT_EQ(j.str("/meta/lang"), "pt-BR");
  EXPECT_EQ(j.str("/meta/service"), "daily");
  EXPECT_EQ(j.str("/meta/data_version").size(), 16U);
  EXPECT_FALSE(j.has("/links"));  // a single resource has no links
}

TEST_F(ApiTest, DayAdventSundayShowsAndrewTransferredToMonday) {
  const auto r = get("/api/v2/days/2025-11-30?book=loc_2015&include=celebrations");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  const Strings slugs = j.strings("/data/celebrations", "slug");
  const auto it = std::find(slugs.begin(), slugs.end(), "andrew");
  ASSERT_NE(it, slugs.end()) << r.body;
  const std::string at = "/data/celebrations/" + std::to_string(it - slugs.begin());
  EXPECT_EQ(j.num(at + "/id"), 220);
  EXPECT_EQ(j.str(at + "/type"), "festival");
  EXPECT_EQ(j.str(at + "/fate"), "transferred");
  EXPECT_EQ(j.str(at + "/transferred_to"), "2025-12-01");
  // The prevailing Sunday is the day's celebration, not one of the competitors.
  EXPECT_FALSE(contains(slugs, "advent_1"));
}

TEST_F(ApiTest, DayAndrewKeptOnMonday) {
  const auto r = get("/api/v2/days/2025-12-01?book=loc_2015");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.num("/data/celebration/id"), 220);
  EXPECT_EQ(j.str("/data/celebration/slug"), "andrew");
  EXPECT_EQ(j.str("/data/celebration/kind"), "celebration");
  EXPECT_EQ(j.str("/data/celebration/transferred_from"), "2025-11-30");
  EXPECT_EQ(j.str("/data/color/slug"), "red");
  EXPECT_EQ(j.str("/data/season/slug"), "advent");
}

TEST_F(ApiTest, DayInEnglishBook) {
  const auto r = get("/api/v2/days/2025-11-30?book=loc_2019_en");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.header("content-language"), "en");
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/sunday_name"), "The First Sunday in Advent");
  EXPECT_EQ(j.str("/data/season/slug"), "advent");
  EXPECT_EQ(j.str("/meta/lang"), "en");
}

TEST_F(ApiTest, DayGoodFridayWithExplanation) {
  const auto r = get("/api/v2/days/2026-04-03?book=loc_2015&include=explanation");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/celebration/slug"), "good_friday");
  EXPECT_EQ(j.str("/data/color/slug"), "red");
  EXPECT_EQ(j.str("/data/fast/slug"), "fast");
  EXPECT_EQ(j.str("/data/sub_season/slug"), "triduum");
  EXPECT_EQ(j.str("/data/explanation/color/celebration"), "good_friday");
  EXPECT_EQ(j.str("/data/explanation/candidates/0/fate"), "prevailed");
}

TEST_F(ApiTest, DayWithCollectTextFromThePack) {
  const auto r = get("/api/v2/days/2025-11-30?book=loc_2015&include=collect.text");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/collect/0/key"), "advent_1");
  EXPECT_EQ(j.str("/data/collect/0/body"), "Coleta de teste para advent_1.");
  EXPECT_EQ(j.str("/data/collect/0/preface"), "Prefácio de teste para advent_1.");
}

// ---- /api/v2/days -----------------------------------------------------------------------------

TEST_F(ApiTest, DaysOfAWholeYear) {
  const auto r = get("/api/v2/days?book=loc_2015&year=2026");
  ASSERT_EQ(r.status, 200) << r.body.substr(0, 500);
  const Json j(r.body);
  EXPECT_EQ(j.size("/data"), 365U);
  EXPECT_EQ(j.str("/data/0/id"), "2026-01-01");
  EXPECT_EQ(j.str("/data/0/celebration/slug"), "holy_name");
  EXPECT_EQ(j.str("/data/364/id"), "2026-12-31");
  EXPECT_EQ(j.str("/links/self"), "/api/v2/days?book=loc_2015&year=2026");
  EXPECT_TRUE(j.is_null("/links/next"));
  EXPECT_EQ(j.str("/meta/code"), "loc_2015");
  // Leap years have 366 days, and 366 is within the limit.
  const auto leap = get("/api/v2/days?book=loc_2015&year=2024&fields[day]=");
  ASSERT_EQ(leap.status, 200) << leap.body.substr(0, 300);
  EXPECT_EQ(Json(leap.body).size("/data"), 366U);
}

TEST_F(ApiTest, DaysFromAloneCoversSevenDays) {
  const auto r = get("/api/v2/days?book=loc_2015&from=2026-03-29");
  ASSERT_EQ(r.status, 200) << r.body.substr(0, 500);
  const Json j(r.body);
  EXPECT_EQ(j.strings("/data", "id"),
            (Strings{"2026-03-29", "2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02",
                     "2026-04-03", "2026-04-04"}));
  EXPECT_EQ(j.str("/data/0/sunday_name"), "Domingo da Paixão ou Domingo de Ramos");
  EXPECT_EQ(j.str("/data/5/celebration/slug"), "good_friday");
  EXPECT_EQ(j.str("/data/6/color/slug"), "black");
}

TEST_F(ApiTest, DaysFromToShowsThe2027Chain) {
  const auto r =
      get("/api/v2/days?book=loc_2015&from=2027-12-26&to=2027-12-29&include=celebrations");
  ASSERT_EQ(r.status, 200) << r.body.substr(0, 500);
  const Json j(r.body);
  EXPECT_EQ(j.strings("/data", "celebration/slug"),
            (Strings{"christmas_1", "stephen", "john_evangelist", "holy_innocents"}));
  EXPECT_EQ(j.strings("/data", "celebration/transferred_from"),
            (Strings{"<null>", "2027-12-26", "2027-12-27", "2027-12-28"}));
}

// ---- /api/v2/days/{date}/readings -------------------------------------------------------------

TEST_F(ApiTest, ReadingsOfEasterDayForTheEucharist) {
  const auto r = get("/api/v2/days/2026-04-05/readings?book=loc_2015&service=eucharist");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  const Strings slots = j.strings("/data", "slot");
  EXPECT_TRUE(contains(slots, "gospel")) << r.body;
  EXPECT_TRUE(contains(slots, "psalm")) << r.body;
  for (const auto& s : j.strings("/data", "service")) EXPECT_EQ(s, "eucharist");
  // Year A (checks.yaml: the liturgical year 2026 is Sunday cycle A): John 20:1-18.
  const auto gospel = std::find(slots.begin(), slots.end(), "gospel") - slots.begin();
  EXPECT_EQ(j.str("/data/" + std::to_string(gospel) + "/reference"), "João 20:1-18");
  EXPECT_FALSE(j.has("/data/0/verses"));  // no text unless included
  EXPECT_EQ(j.str("/meta/service"), "eucharist");
  EXPECT_TRUE(j.has("/links/self"));
}

TEST_F(ApiTest, ReadingsWithServiceAllAreGroupedUnderServices) {
  const auto r = get("/api/v2/days/2026-04-05/readings?book=loc_2015&service=all");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/date"), "2026-04-05");
  EXPECT_EQ(j.keys("/data/services"), (Strings{"daily", "eucharist", "morning", "evening"}));
  EXPECT_GT(j.size("/data/services/eucharist"), 0U);
  for (const auto& s : j.strings("/data/services/morning", "service")) EXPECT_EQ(s, "morning");
  EXPECT_EQ(j.str("/meta/service"), "all");
  EXPECT_FALSE(j.has("/links"));  // one object, not a list
}

TEST_F(ApiTest, ReadingsWithTextFromTheTinyBible) {
  // The tiny modules hold John 3:16-17 and Psalm 23:1-2,6 only; whatever the readings are, the
  // text members are there, with the book's default version (web) and no internal error.
  const auto r =
      get("/api/v2/days/2026-04-05/readings?book=loc_2015&service=eucharist&include=text");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  ASSERT_GT(j.size("/data"), 0U);
  EXPECT_EQ(j.str("/data/0/bible"), "web");
  EXPECT_TRUE(j.has("/data/0/verses")) << r.body;
  const auto kjv =
      get("/api/v2/days/2026-04-05/readings?book=loc_2015&service=eucharist&include=text&bible=kjv"
          "&text_format=plain");
  ASSERT_EQ(kjv.status, 200) << kjv.body;
  const Json k(kjv.body);
  EXPECT_EQ(k.str("/data/0/bible"), "kjv");
  EXPECT_TRUE(k.has("/data/0/content")) << kjv.body;
  EXPECT_FALSE(k.has("/data/0/verses"));
}

// ---- /api/v2/collects/{date} ------------------------------------------------------------------

TEST_F(ApiTest, CollectsWithoutTextHaveNoBody) {
  const auto r = get("/api/v2/collects/2025-11-30?book=loc_2015");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/0/id"), "advent_1");
  EXPECT_EQ(j.str("/data/0/title"), "Primeiro Domingo do Advento");
  EXPECT_EQ(j.str("/data/0/kind"), "sunday");
  EXPECT_EQ(j.str("/data/0/reference"), "LOC 2015");
  EXPECT_FALSE(j.has("/data/0/body"));
  EXPECT_FALSE(j.has("/meta/texts"));
}

TEST_F(ApiTest, CollectsWithTextComeFromThePack) {
  const auto r = get("/api/v2/collects/2025-11-30?book=loc_2015&include=text");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/0/body"), "Coleta de teste para advent_1.");
  EXPECT_EQ(j.str("/data/0/preface"), "Prefácio de teste para advent_1.");
  EXPECT_NE(j.str("/meta/texts").find("Pacote de teste do Kalendar"), std::string::npos)
      << j.str("/meta/texts");
  // A collect the pack does not have: body null.
  const auto monday = get("/api/v2/collects/2025-12-03?book=loc_2015&include=text");
  ASSERT_EQ(monday.status, 200) << monday.body;
  const Json m(monday.body);
  ASSERT_GT(m.size("/data"), 0U);
  for (std::size_t i = 0; i < m.size("/data"); ++i) {
    const std::string at = "/data/" + std::to_string(i);
    if (m.str(at + "/key") != "advent_1") {
      EXPECT_TRUE(m.is_null(at + "/body")) << at;
    }
  }
}

TEST_F(ApiTest, CollectsWithoutATextPackSayWhy) {
  const auto r = get("/api/v2/collects/2025-11-30?book=loc_2019_en&include=text");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  ASSERT_GT(j.size("/data"), 0U);
  EXPECT_TRUE(j.is_null("/data/0/body"));
  EXPECT_TRUE(j.is_null("/data/0/preface"));
  EXPECT_NE(j.str("/meta/texts").find("no text pack"), std::string::npos) << j.str("/meta/texts");
}

// The day routes say the same as /collects where collect bodies come from.
TEST_F(ApiTest, DaysWithCollectTextSayWhereBodiesComeFrom) {
  const auto with_pack = get("/api/v2/days/2025-11-30?book=loc_2015&include=collect.text");
  ASSERT_EQ(with_pack.status, 200) << with_pack.body;
  const Json p(with_pack.body);
  EXPECT_EQ(p.str("/data/collect/0/body"), "Coleta de teste para advent_1.");
  EXPECT_NE(p.str("/meta/texts").find("Pacote de teste do Kalendar"), std::string::npos)
      << with_pack.body;
  const auto without =
      get("/api/v2/days?book=loc_2019_en&from=2025-11-30&to=2025-12-01&include=collect.text");
  ASSERT_EQ(without.status, 200) << without.body;
  const Json w(without.body);
  EXPECT_TRUE(w.is_null("/data/0/collect/0/body")) << without.body;
  EXPECT_NE(w.str("/meta/texts").find("no text pack"), std::string::npos) << without.body;
  const auto no_text = get("/api/v2/days/2025-11-30?book=loc_2015&include=collect");
  ASSERT_EQ(no_text.status, 200) << no_text.body;
  EXPECT_FALSE(Json(no_text.body).has("/meta/texts")) << no_text.body;
}

// ---- /api/v2/passages -------------------------------------------------------------------------

TEST_F(ApiTest, PassageInPortugueseNotationOnTheTinyKjv) {
  const auto r = get("/api/v2/passages?ref=Jo%C3%A3o%203:16&bible=kjv&lang=pt-BR");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/bible"), "kjv");
  EXPECT_EQ(j.str("/data/reference"), "John 3:16");
  ASSERT_EQ(j.size("/data/verses"), 1U);
  EXPECT_EQ(j.str("/data/verses/0/book"), "John");
  EXPECT_EQ(j.num("/data/verses/0/chapter"), 3);
  EXPECT_EQ(j.num("/data/verses/0/verse"), 16);
  EXPECT_EQ(j.str("/data/verses/0/text").rfind("For God so loved the world", 0), 0U)
      << j.str("/data/verses/0/text");
  EXPECT_EQ(j.str("/meta/lang"), "en");
}

TEST_F(ApiTest, PassageFormatsAndTheBooksDefaultVersion) {
  const auto plain = get("/api/v2/passages?ref=John%203:16-17&bible=kjv&text_format=plain");
  ASSERT_EQ(plain.status, 200) << plain.body;
  const std::string content = Json(plain.body).str("/data/content");
  EXPECT_NE(content.find("For God so loved"), std::string::npos) << content;
  EXPECT_NE(content.find("through him might be saved"), std::string::npos) << content;
  EXPECT_FALSE(Json(plain.body).has("/data/verses"));

  const auto markdown = get("/api/v2/passages?ref=Sl%2023:1&book=loc_2015&text_format=markdown");
  ASSERT_EQ(markdown.status, 200) << markdown.body;
  const Json m(markdown.body);
  EXPECT_EQ(m.str("/data/bible"), "web");  // loc_2015 prefers web
  EXPECT_EQ(m.str("/meta/code"), "loc_2015");
  EXPECT_EQ(m.str("/data/content").rfind("**1**", 0), 0U) << m.str("/data/content");
}

TEST_F(ApiTest, PassageLimitsAreRefusedUpFrontNamingTheLimit) {
  // Issue 10: 81 whole Psalters in one 494-character reference cost 0.3 s and 30 MB.
  std::string psalters;
  for (int i = 0; i < 81; ++i) psalters += (i == 0 ? "Ps%201-150" : ";1-150");
  const auto long_ref = get("/api/v2/passages?bible=web&ref=" + psalters);
  ASSERT_EQ(long_ref.status, 400) << long_ref.body;
  EXPECT_EQ(api::testing::error_codes(long_ref.body),
            std::vector<std::string>{"invalid_parameter"});
  EXPECT_NE(long_ref.body.find("at most 200 characters"), std::string::npos) << long_ref.body;

  std::string ranges = "John%203:1";
  for (int v = 2; v <= 21; ++v) ranges += "," + std::to_string(v);  // 21 ranges, 37 chars
  const auto many = get("/api/v2/passages?bible=kjv&ref=" + ranges);
  ASSERT_EQ(many.status, 400) << many.body;
  EXPECT_EQ(api::testing::error_codes(many.body), std::vector<std::string>{"range_too_large"});
  EXPECT_NE(many.body.find("at most 20 ranges; this one lists 21"), std::string::npos);

  const auto psalter = get("/api/v2/passages?bible=kjv&ref=Ps%201-150");
  ASSERT_EQ(psalter.status, 400) << psalter.body;
  EXPECT_EQ(api::testing::error_codes(psalter.body), std::vector<std::string>{"range_too_large"});
  EXPECT_NE(psalter.body.find("at most 500 verses; this one has 2461"), std::string::npos)
      << psalter.body;

  // Just under the limits is served: Psalm 119 (176 verses) twice and John 3:1-20.
  EXPECT_EQ(get("/api/v2/passages?bible=kjv&ref=Ps%20119;119;John%203:1-20").status, 200);
}

// ---- /api/v2/liturgical-explanations/{date} ---------------------------------------------------

TEST_F(ApiTest, ExplanationOfAnnunciationMovedOutOfHolyWeek) {
  const auto r = get("/api/v2/liturgical-explanations/2024-03-25?book=loc_2015");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  const Strings slugs = j.strings("/data/candidates", "slug");
  const Strings fates = j.strings("/data/candidates", "fate");
  ASSERT_EQ(slugs.size(), fates.size());
  const auto holy_monday = std::find(slugs.begin(), slugs.end(), "holy_monday");
  const auto annunciation = std::find(slugs.begin(), slugs.end(), "annunciation");
  ASSERT_NE(holy_monday, slugs.end()) << r.body;
  ASSERT_NE(annunciation, slugs.end()) << r.body;
  EXPECT_EQ(fates[static_cast<std::size_t>(holy_monday - slugs.begin())], "prevailed");
  const std::string at =
      "/data/candidates/" + std::to_string(annunciation - slugs.begin()) + "/transferred_to";
  EXPECT_EQ(j.str(at), "2024-04-08");
  EXPECT_EQ(j.str("/data/season/sub_season/slug"), "holy_week");
  EXPECT_EQ(j.str("/meta/service"), "daily");
}

// ---- /api/v2/years/{year}... ------------------------------------------------------------------

TEST_F(ApiTest, YearOverviewKeyDates) {
  const auto r = get("/api/v2/years/2026?book=loc_2015");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.num("/data/id"), 2026);
  EXPECT_EQ(j.num("/data/liturgical_year"), 2026);
  EXPECT_EQ(j.str("/data/starts"), "2025-11-30");  // Advent Sunday of 2025
  EXPECT_EQ(j.str("/data/ends"), "2026-11-28");
  EXPECT_EQ(j.str("/data/cycles/sunday"), "A");
  const Strings ids = j.strings("/data/key_dates", "id");
  const Strings dates = j.strings("/data/key_dates", "date");
  auto date_of = [&](std::string_view id) {
    const auto it = std::find(ids.begin(), ids.end(), id);
    return it == ids.end() ? std::string("<absent>")
                           : dates[static_cast<std::size_t>(it - ids.begin())];
  };
  EXPECT_EQ(date_of("ash_wednesday"), "2026-02-18");
  EXPECT_EQ(date_of("easter_day"), "2026-04-05");
  EXPECT_EQ(date_of("ascension"), "2026-05-14");
  EXPECT_EQ(date_of("pentecost"), "2026-05-24");
  EXPECT_EQ(date_of("trinity_sunday"), "2026-05-31");
  EXPECT_EQ(date_of("christ_the_king"), "2026-11-22");
  EXPECT_EQ(j.str("/data/seasons/0/id"), "advent");
}

TEST_F(ApiTest, YearSeasons) {
  const auto r = get("/api/v2/years/2026/seasons?book=loc_2015");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  const Strings ids = j.strings("/data", "id");
  ASSERT_GE(ids.size(), 5U) << r.body;
  EXPECT_EQ(ids.front(), "advent");
  EXPECT_EQ(j.str("/data/0/starts"), "2025-11-30");
  EXPECT_EQ(j.str("/data/0/ends"), "2025-12-24");
  EXPECT_EQ(j.str("/data/1/id"), "christmas");
  EXPECT_EQ(j.str("/data/1/starts"), "2025-12-25");
  EXPECT_TRUE(contains(ids, "lent"));
  EXPECT_TRUE(contains(ids, "easter"));
  EXPECT_EQ(j.strings("/data", "ends").back(), "2026-11-28");
}

TEST_F(ApiTest, YearKeyDatesInEnglish) {
  const auto r = get("/api/v2/years/2026/key-dates?book=loc_2019_en");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  const Strings ids = j.strings("/data", "id");
  const auto easter = std::find(ids.begin(), ids.end(), "easter_day");
  ASSERT_NE(easter, ids.end()) << r.body;
  const std::string at = "/data/" + std::to_string(easter - ids.begin());
  EXPECT_EQ(j.str(at + "/date"), "2026-04-05");
  EXPECT_EQ(j.str(at + "/kind"), "celebration");
  EXPECT_EQ(j.str("/meta/lang"), "en");
}

TEST_F(ApiTest, YearLectionaryCycle) {
  const auto r = get("/api/v2/years/2026/lectionary-cycle?book=loc_2015");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.num("/data/id"), 2026);
  EXPECT_EQ(j.str("/data/sunday"), "A");
  EXPECT_EQ(j.str("/data/weekday"), "two");
  const auto next = get("/api/v2/years/2027/lectionary-cycle?book=loc_2015");
  EXPECT_EQ(Json(next.body).str("/data/sunday"), "B");
  EXPECT_EQ(Json(next.body).str("/data/weekday"), "one");
}

// ---- /api/v2/celebrations ---------------------------------------------------------------------

TEST_F(ApiTest, CelebrationSearchIsAccentAndCaseInsensitive) {
  for (const std::string q : {"jos%C3%A9", "JOSE", "Jos%C3%89"}) {
    const auto r = get("/api/v2/celebrations?book=loc_2015&q=" + q);
    ASSERT_EQ(r.status, 200) << q << r.body;
    const Json j(r.body);
    EXPECT_TRUE(contains(j.strings("/data", "slug"), "joseph")) << q << " " << r.body;
    for (const auto& name : j.strings("/data", "name")) {
      EXPECT_NE(name.find("Jos"), std::string::npos) << q << ": " << name;
    }
  }
  const auto none = get("/api/v2/celebrations?book=loc_2015&q=zzzzqqq");
  ASSERT_EQ(none.status, 200);
  EXPECT_EQ(Json(none.body).size("/data"), 0U);
}

TEST_F(ApiTest, CelebrationFilters) {
  const auto r = get("/api/v2/celebrations?book=loc_2015&month=11&day=30");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(Json(r.body).strings("/data", "slug"), (Strings{"andrew"}));

  const auto festivals = get("/api/v2/celebrations?book=loc_2015&type=principal_feast&limit=100");
  ASSERT_EQ(festivals.status, 200) << festivals.body;
  const Json f(festivals.body);
  EXPECT_EQ(f.size("/data"), 15U);  // ids 1..15 in calendar.yaml
  for (const auto& t : f.strings("/data", "type")) EXPECT_EQ(t, "principal_feast");

  const auto movable = get("/api/v2/celebrations?book=loc_2015&movable=true&limit=100");
  ASSERT_EQ(movable.status, 200);
  const Json m(movable.body);
  EXPECT_TRUE(contains(m.strings("/data", "slug"), "easter_day"));
  EXPECT_FALSE(contains(m.strings("/data", "slug"), "joseph"));
  for (const auto& v : m.strings("/data", "movable")) EXPECT_EQ(v, "true");
}

TEST_F(ApiTest, CelebrationSundaysOfAYear) {
  const auto r = get("/api/v2/celebrations?book=loc_2015&type=sunday&year=2026&month=11");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  // 2026-11-01 is All Saints (a principal feast prevails), 11-22 Christ the King.
  EXPECT_EQ(j.strings("/data", "date"), (Strings{"2026-11-08", "2026-11-15", "2026-11-29"}));
  for (const auto& id : j.strings("/data", "id")) EXPECT_EQ(id, "<null>");
  for (const auto& t : j.strings("/data", "type")) EXPECT_EQ(t, "sunday");
}

TEST_F(ApiTest, OneCelebration) {
  const auto r = get("/api/v2/celebrations/203?book=loc_2015");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.num("/data/id"), 203);
  EXPECT_EQ(j.str("/data/slug"), "joseph");
  EXPECT_EQ(j.str("/data/name"), "José de Nazaré");
  EXPECT_EQ(j.str("/data/type"), "festival");
  EXPECT_EQ(j.str("/data/type_name"), "Festa");
  EXPECT_FALSE(j.boolean("/data/movable"));
  EXPECT_EQ(j.num("/data/month"), 3);
  EXPECT_EQ(j.num("/data/day"), 19);
  EXPECT_EQ(j.str("/data/date_rule/form"), "fixed");
  EXPECT_TRUE(j.is_null("/data/date"));
  // In 2028 the 19th is the Third Sunday in Lent: Joseph is kept on Monday.
  const auto y = get("/api/v2/celebrations/203?book=loc_2015&year=2028");
  ASSERT_EQ(y.status, 200) << y.body;
  EXPECT_EQ(Json(y.body).str("/data/date"), "2028-03-19");
  EXPECT_EQ(Json(y.body).str("/data/observed_date"), "2028-03-20");
}

// A year the book does not answer for is the engine's out_of_range, mapped like every other
// engine error: 400 on `year`, naming the book's years (BCP 1662 answers from 1753).
TEST_F(ApiTest, ACelebrationYearOutsideTheBookIsNamedOnYear) {
  for (const std::string path : {"/api/v2/celebrations?book=loc_1662_en&year=1700",
                                 "/api/v2/celebrations/1?book=loc_1662_en&year=1700"}) {
    SCOPED_TRACE(path);
    const auto r = get(path);
    ASSERT_EQ(r.status, 400) << r.body;
    EXPECT_EQ(api::testing::error_codes(r.body), std::vector<std::string>{"invalid_parameter"});
    EXPECT_EQ(api::testing::error_parameters(r.body), std::vector<std::string>{"year"});
    EXPECT_NE(r.body.find("answers for the years 1753 to 4099"), std::string::npos) << r.body;
  }
}

TEST_F(ApiTest, CelebrationTypesInPortuguese) {
  const auto r = get("/api/v2/celebrations/types?lang=pt-BR");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.header("content-language"), "pt-BR");
  const Json j(r.body);
  EXPECT_EQ(j.strings("/data", "id"), (Strings{"principal_feast", "major_holy_day", "festival",
                                               "lesser_feast", "commemoration", "sunday"}));
  EXPECT_EQ(j.strings("/data", "name"), (Strings{"Festa Principal", "Dia Santo Maior", "Festa",
                                                 "Festa Menor", "Comemoração", "Domingo"}));
  EXPECT_EQ(j.str("/meta/lang"), "pt-BR");
  // Without lang: English; a base-language tag finds the regional strings.
  EXPECT_EQ(Json(get("/api/v2/celebrations/types").body).str("/data/5/name"), "Sunday");
  EXPECT_EQ(Json(get("/api/v2/celebrations/types?lang=pt").body).str("/data/5/name"), "Domingo");
}

// ---- catalogues -------------------------------------------------------------------------------

TEST_F(ApiTest, PrayerBooksListOnlyTheKeysBooks) {
  const auto all = get("/api/v2/prayer-books");
  ASSERT_EQ(all.status, 200) << all.body;
  EXPECT_EQ(Json(all.body).strings("/data", "code"), shipped_book_codes());
  const auto mine = get("/api/v2/prayer-books", "pt_only");
  ASSERT_EQ(mine.status, 200) << mine.body;
  EXPECT_EQ(Json(mine.body).strings("/data", "code"), (Strings{"loc_2015"}));
  const auto english = get("/api/v2/prayer-books?lang=en-GB");
  EXPECT_EQ(Json(english.body).strings("/data", "code"),
            (Strings{"cw_2000_en", "loc_1662_en", "loc_1928_en", "loc_2019_en"}));
  const auto none = get("/api/v2/prayer-books?lang=de");
  ASSERT_EQ(none.status, 200);
  EXPECT_EQ(Json(none.body).size("/data"), 0U);
}

TEST_F(ApiTest, OnePrayerBookWithCapabilities) {
  const auto r = get("/api/v2/prayer-books/loc_2015");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/data/id"), "loc_2015");
  EXPECT_EQ(j.str("/data/name"), "Livro de Oração Comum 2015");
  EXPECT_EQ(j.str("/data/language"), "pt-BR");
  EXPECT_EQ(j.num("/data/year"), 2015);
  EXPECT_EQ(j.str("/data/jurisdiction"), "Igreja Episcopal Anglicana do Brasil");
  EXPECT_EQ(j.str("/data/time_zone"), "America/Sao_Paulo");
  EXPECT_EQ(j.size("/data/capabilities/services"), 4U);
  EXPECT_EQ(j.str("/data/capabilities/lectionaries/0"), "rcl");
  EXPECT_EQ(j.size("/data/capabilities/reading_types"), 2U);
  EXPECT_EQ(j.str("/data/capabilities/bible_versions/0"), "web");
  EXPECT_EQ(j.str("/data/capabilities/bible_versions/1"), "kjv");
  EXPECT_EQ(j.str("/data/capabilities/text_packs/0"), "pt-BR");
}

TEST_F(ApiTest, BookPreferences) {
  const auto r = get("/api/v2/prayer-books/loc_2015/preferences");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  const Strings keys = j.strings("/data", "key");
  EXPECT_EQ(keys.front(), "reading_type");
  EXPECT_EQ(j.str("/data/0/default"), "semicontinuous");
  EXPECT_TRUE(contains(keys, "lectionary"));
  const auto bible = std::find(keys.begin(), keys.end(), "bible");
  ASSERT_NE(bible, keys.end()) << r.body;
  const std::string at = "/data/" + std::to_string(bible - keys.begin());
  EXPECT_EQ(j.str(at + "/name"), "Versão da Bíblia");
  // Bible options are the book's preferred versions that are installed, in its order.
  EXPECT_EQ(j.size(at + "/options"), 2U);
  EXPECT_EQ(j.str(at + "/options/0"), "web");
  EXPECT_EQ(j.str(at + "/options/1"), "kjv");
  EXPECT_EQ(j.str(at + "/default"), "web");
  EXPECT_EQ(j.str("/meta/code"), "loc_2015");
  EXPECT_EQ(j.str("/meta/lang"), "pt-BR");
}

TEST_F(ApiTest, BibleVersionsWithLanguageFilter) {
  const auto r = get("/api/v2/bible-versions");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.strings("/data", "code"), (Strings{"kjv", "web"}));
  EXPECT_EQ(j.str("/data/0/name"), "Tiny KJV fixture");
  EXPECT_EQ(j.str("/data/0/licence"), "Public Domain");
  EXPECT_EQ(j.str("/data/0/language"), "en");
  EXPECT_GT(j.num("/data/0/verse_count"), 0);
  // A regional tag finds the base language; a language without versions gives an empty list.
  EXPECT_TRUE(contains(Json(get("/api/v2/bible-versions?lang=en-CA").body).strings("/data", "code"),
                       "kjv"));
  const auto pt = get("/api/v2/bible-versions?lang=pt-BR");
  ASSERT_EQ(pt.status, 200) << pt.body;
  EXPECT_EQ(Json(pt.body).size("/data"), 0U);
}

TEST_F(ApiTest, OpenApiDocument) {
  const auto r = get("/api/v2/openapi.json");
  ASSERT_EQ(r.status, 200) << r.body.substr(0, 300);
  const Json j(r.body);
  EXPECT_EQ(j.str("/openapi"), "3.1.0");
  EXPECT_EQ(j.size("/paths"), 20U);  // + calendar.ics and feeds/{token}
  EXPECT_TRUE(j.has("/paths/~1api~1v2~1days~1{date}/get/parameters"));
  EXPECT_EQ(j.str("/components/securitySchemes/apiKey/name"), "X-API-Key");
}

// ---- operations -------------------------------------------------------------------------------

TEST_F(ApiTest, OperationsRoutesNeedNoKey) {
  EXPECT_EQ(get("/health", "").body, R"({"status":"ok"})");
  const auto ready = get("/ready", "");
  EXPECT_EQ(ready.status, 200);
  EXPECT_EQ(Json(ready.body).str("/status"), "ready");
  EXPECT_EQ(Json(ready.body).num("/books"), static_cast<double>(shipped_book_codes().size()));
  EXPECT_EQ(get("/metrics", "").status, 200);
  EXPECT_TRUE(stack().error_lines().empty());
}

// Issue 10: every /days request stays within the per-request work bound (docs/API.md,
// "Limits"); the heaviest one the span rules allow -- a year of every office, collects and
// celebrations -- is exactly at it, and answers.
api::DayRequest day_request(std::string_view query) {
  api::ErrorList errors;
  const api::Query q = api::parse_query(query, errors);
  api::ParamReader p(q, errors);
  return api::read_day_request(p);
}

TEST_F(ApiTest, DaysRequestsStayWithinTheWorkBound) {
  const std::string everything =
      "include=readings,readings.morning,readings.evening,collect,"
      "celebrations";
  EXPECT_EQ(api::day_work_units(day_request("")), 1U);
  EXPECT_EQ(api::day_work_units(day_request(everything)), 6U);
  EXPECT_EQ(366 * api::day_work_units(day_request(everything)), api::kMaxWorkUnits);
  const std::string heavy =
      "include=readings.text,readings.morning,readings.evening,collect,"
      "celebrations,explanation";
  EXPECT_LE(31 * api::day_work_units(day_request(heavy)), api::kMaxWorkUnits);
  const auto r = get("/api/v2/days?book=loc_2015&year=2028&" + everything +
                     "&fields[day]=date&fields[reading]=slot&fields[collect]=key");
  ASSERT_EQ(r.status, 200) << r.body.substr(0, 300);
  EXPECT_EQ(Json(r.body).size("/data"), 366U);  // 2028 is a leap year
}

}  // namespace
}  // namespace kalendar::testing
