// Bible text in the book's language: a book's default version is one in its own language when
// one is installed, and every answer with Bible text says which version and language it gave and
// why (meta.bible, meta.bible_language, meta.bible_choice). Two installations: the shared stack
// (English modules only) and one with the tiny Portuguese module added, as an operator would.
#include "api_fixture.hpp"
#include "app/bible_choice.hpp"
#include "json_view.hpp"

#include <algorithm>

namespace kalendar::testing {
namespace {

constexpr const char* kEasterDayText =
    "/api/v2/days/2026-04-05?include=readings.text&text_format=plain&book=";

ApiStack& portuguese_stack() {
  static ApiStack* stack = new ApiStack(StackOptions{.start_http = false, .portuguese = true});
  return *stack;
}

TEST_F(ApiTest, PortugueseBookWithoutAPortugueseBibleSaysItFellBack) {
  const auto r = get(std::string(kEasterDayText) + "loc_2015");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/meta/bible"), "web");
  EXPECT_EQ(j.str("/meta/bible_language"), "en-GB");  // the tiny WEB says Lang=en_GB
  EXPECT_EQ(j.str("/meta/bible_choice"), "no installed pt-BR version; fell back to web (en-GB)");
  EXPECT_EQ(j.str("/data/readings/0/bible"), "web");
}

TEST_F(ApiTest, EnglishBookUsesItsFirstPreferredVersion) {
  const auto r = get(std::string(kEasterDayText) + "loc_2019_en");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/meta/bible"), "kjv");
  EXPECT_EQ(j.str("/meta/bible_choice"), "the book's preferred version in en");
}

TEST_F(ApiTest, ARequestedVersionIsSaidToBeRequested) {
  const auto r = get(std::string(kEasterDayText) + "loc_2015&bible=kjv");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/meta/bible"), "kjv");
  EXPECT_EQ(j.str("/meta/bible_choice"), "asked for in the request");
}

TEST_F(ApiTest, AnswersWithoutBibleTextCarryNoBibleNote) {
  const auto r = get("/api/v2/days/2026-04-05?book=loc_2015&include=readings");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_FALSE(Json(r.body).has("/meta/bible"));
}

TEST(BibleLanguage, PortugueseModuleBecomesThePortugueseBooksDefault) {
  auto& stack = portuguese_stack();
  const auto r = stack.dispatch(std::string(kEasterDayText) + "loc_2015");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  EXPECT_EQ(j.str("/meta/bible"), "talm");
  EXPECT_EQ(j.str("/meta/bible_language"), "pt-BR");
  EXPECT_EQ(j.str("/meta/bible_choice"),
            "the book names no installed pt-BR version; TALM is an installed pt-BR version");
  // Atos 10:34-43: the fixture has verse 34 only, in Portuguese.
  EXPECT_EQ(j.str("/data/readings/0/reference"), "Atos 10:34-43");
  EXPECT_EQ(j.str("/data/readings/0/content"),
            "Texto de teste em português: Atos 10, versículo 34.");

  // The English book is unaffected.
  const Json en(stack.dispatch(std::string(kEasterDayText) + "loc_2019_en").body);
  EXPECT_EQ(en.str("/meta/bible"), "kjv");
}

TEST(BibleLanguage, PreferencesAndPassagesFollowTheLanguage) {
  auto& stack = portuguese_stack();
  const Json prefs(stack.dispatch("/api/v2/prayer-books/loc_2015/preferences").body);
  const auto ids = prefs.strings("/data", "id");
  const auto at = std::find(ids.begin(), ids.end(), "bible") - ids.begin();
  const std::string bible = "/data/" + std::to_string(at);
  EXPECT_EQ(prefs.str(bible + "/default"), "talm");
  ASSERT_EQ(prefs.size(bible + "/options"), 3U);
  EXPECT_EQ(prefs.str(bible + "/options/0"), "talm");  // its language's version first
  EXPECT_EQ(prefs.str(bible + "/options/1"), "web");   // then the book's own list
  EXPECT_EQ(prefs.str(bible + "/options/2"), "kjv");
  const auto passage = stack.dispatch("/api/v2/passages?ref=Jo%C3%A3o%203:16&book=loc_2015");
  ASSERT_EQ(passage.status, 200) << passage.body;
  const Json p(passage.body);
  EXPECT_EQ(p.str("/data/bible"), "talm");
  EXPECT_EQ(p.str("/meta/lang"), "pt-BR");
  EXPECT_EQ(p.str("/meta/bible_choice"),
            "the book names no installed pt-BR version; TALM is an installed pt-BR version");
}

TEST(BibleLanguage, PublisherComesFromEachModulesOwnConfiguration) {
  // Each fixture module's .conf says it differently (tests/bible/fixtures/sword): TinyAlmeida
  // has Publisher=, TinyWEB only CopyrightHolder=, TinyKJV neither (like Debian's KJV and WEB).
  const auto r = portuguese_stack().dispatch("/api/v2/bible-versions");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json j(r.body);
  const auto codes = j.strings("/data", "code");
  ASSERT_EQ(codes, (std::vector<std::string>{"kjv", "talm", "web"}));
  EXPECT_TRUE(j.is_null("/data/0/publisher"));
  EXPECT_EQ(j.str("/data/1/publisher"), "Editora Inventada de Testes");
  EXPECT_EQ(j.str("/data/2/publisher"), "Nobody in particular");
  EXPECT_EQ(j.str("/data/1/licence"), "Public Domain");  // DistributionLicense=
}

TEST(BibleLanguage, BooksNameVersionsPerLanguageFirstTheirOwn) {
  const BibleStore& store = *portuguese_stack().app().bibles;
  BookDefinition book;  // only its language and Bible lists matter here
  book.lang = "pt-BR";
  book.bibles_by_language = {{"en", {"kjv", "web"}}, {"pt", {"talm"}}};
  api::BibleChoice choice = api::choose_bibles(book, &store);
  std::vector<std::string> codes;
  for (const BibleVersion* v : choice.versions) codes.push_back(v->code);
  // The book's own language first, whatever the order of the map.
  EXPECT_EQ(codes, (std::vector<std::string>{"talm", "kjv", "web"}));
  EXPECT_EQ(choice.reason, "the book's preferred version in pt-BR");

  book.lang = "es";  // no Spanish version installed: the first listed, in the book's order
  choice = api::choose_bibles(book, &store);
  ASSERT_FALSE(choice.versions.empty());
  EXPECT_EQ(choice.versions.front()->code, "kjv");
  EXPECT_EQ(choice.reason, "no installed es version; fell back to TKJV (en)");
  EXPECT_TRUE(api::choose_bibles(book, nullptr).versions.empty());
}

}  // namespace
}  // namespace kalendar::testing
