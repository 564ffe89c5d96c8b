// A translation shows its original's reading references with its own book names (issue 8):
// loc_2019 (pt-BR) keeps loc_2019_en's tables, so "Psalm 118:14-17, 22-24" must read
// "Salmo 118:14-17, 22-24", as the Brazilian books print it (loc_2015: "Salmo 122"), while the
// English book and the books written in their own language answer as before.
#include "api_fixture.hpp"

#include "kalendar/bible_reference.hpp"

#include <set>

namespace kalendar::testing {
namespace {

using Strings = std::vector<std::string>;

constexpr const char* kEasterDay = "/api/v2/days/2026-04-05/readings?service=eucharist&book=";

TEST_F(ApiTest, TranslationNamesTheBooksOfItsReferencesInItsLanguage) {
  const auto pt = get(std::string(kEasterDay) + "loc_2019");
  ASSERT_EQ(pt.status, 200) << pt.body;
  // BCP 2019, Easter Day; the names as the Portuguese extract and loc_2015 print them.
  EXPECT_EQ(Json(pt.body).strings("/data", "reference"),
            (Strings{"Atos 10:34-43", "Salmo 118:14-17, 22-24", "Colossenses 3:1-4",
                     "João 20:1-10(11-18)"}));
  const auto en = get(std::string(kEasterDay) + "loc_2019_en");
  ASSERT_EQ(en.status, 200) << en.body;
  EXPECT_EQ(Json(en.body).strings("/data", "reference"),
            (Strings{"Acts 10:34-43", "Psalm 118:14-17, 22-24", "Colossians 3:1-4",
                     "John 20:1-10(11-18)"}));
  // A book written in its own language keeps its own spelling and notation.
  const auto own = get(std::string(kEasterDay) + "loc_2015");
  ASSERT_EQ(own.status, 200) << own.body;
  EXPECT_EQ(Json(own.body).strings("/data", "reference").at(0), "Atos 10:34-43");
}

// Over a whole year of both offices: every loc_2019 reference reads (in Portuguese) as the same
// verses as loc_2019_en's, and names every book in Portuguese.
TEST_F(ApiTest, EveryTranslatedReferenceIsTheOriginalsPassageInPortuguese) {
  const std::string range =
      "/api/v2/days?from=2025-11-30&to=2026-11-28&include=readings,readings.morning,"
      "readings.evening&fields[day]=date&fields[reading]=reference&book=";
  const auto pt = get(range + "loc_2019");
  const auto en = get(range + "loc_2019_en");
  ASSERT_EQ(pt.status, 200) << pt.body;
  ASSERT_EQ(en.status, 200) << en.body;
  const Json pj(pt.body);
  const Json ej(en.body);
  ASSERT_EQ(pj.size("/data"), 364U);
  ASSERT_EQ(ej.size("/data"), 364U);
  std::size_t compared = 0;
  std::set<std::string> english_names;
  for (BookIndex b = 0; b < bible_book_count(); ++b) {
    if (citation_name(b, "en") != citation_name(b, "pt")) {
      english_names.insert(std::string(citation_name(b, "en")) + " ");
    }
  }
  for (std::size_t day = 0; day < 364; ++day) {
    const std::string at = "/data/" + std::to_string(day) + "/readings";
    const Strings pt_refs = pj.strings(at, "reference");
    const Strings en_refs = ej.strings(at, "reference");
    ASSERT_EQ(pt_refs.size(), en_refs.size()) << at;
    for (std::size_t i = 0; i < pt_refs.size(); ++i) {
      SCOPED_TRACE(en_refs[i] + " -> " + pt_refs[i]);
      const auto pt_ref = parse_reference(pt_refs[i], "pt-BR");
      const auto en_ref = parse_reference(en_refs[i], "en");
      ASSERT_TRUE(pt_ref.ok() && en_ref.ok());
      EXPECT_EQ(pt_ref->segments, en_ref->segments);
      for (const std::string& name : english_names) {
        EXPECT_EQ(pt_refs[i].find(name), std::string::npos) << name;
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 1000U);  // eucharist and both offices, every day
}

TEST_F(ApiTest, TranslatedReferencesStillFindTheirText) {
  const auto r = get(std::string(kEasterDay) + "loc_2019&include=text&text_format=plain");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  ASSERT_EQ(j.size("/data"), 4U);
  for (std::size_t i = 0; i < 4; ++i) {
    const std::string at = "/data/" + std::to_string(i);
    EXPECT_TRUE(j.is_null(at + "/text_error")) << j.str(at + "/text_error");
  }
}

}  // namespace
}  // namespace kalendar::testing
