// Every celebration ranked festival or higher has its own collect and eucharist readings when it
// prevails. The gaps the books still have are listed here by name, so that closing one (or
// opening a new one) changes this file deliberately. Each gap is also in books/README.md.
#include "shipped_library.hpp"

#include "kalendar/engine.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

namespace kalendar {
namespace {

using testing_books::shipped_library;
using KeySet = std::set<std::string, std::less<>>;

struct Gaps {
  KeySet without_collect;
  KeySet without_eucharist;
};

// What the printed sources we had did not give (see books/README.md, "Known gaps").
const std::map<std::string, Gaps, std::less<>>& known_gaps() {
  static const std::map<std::string, Gaps, std::less<>> gaps = {
      {"loc_2015",
       {{"christmas", "confession_of_peter", "mary_the_virgin", "holy_cross", "james_of_jerusalem"},
        {"confession_of_peter", "philip_and_james", "mary_the_virgin", "holy_cross",
         "james_of_jerusalem"}}},
      {"loc_2019", {{}, {}}},  // a translation: the gaps of loc_2019_en
      {"loc_2019_en", {{}, {}}},
      {"loc_2021", {{}, {}}},
      {"locb_2008",
       {{"confession_of_peter", "holy_cross", "james_of_jerusalem"},
        {"confession_of_peter", "holy_cross", "james_of_jerusalem", "thanksgiving_day"}}},
      {"loc_1987", {{"independence_day"}, {}}},
      {"loc_1662", {{}, {}}},
      {"loc_1662_en", {{}, {}}},
      {"cw_2000_en", {{}, {}}},
      {"loc_1928_en", {{}, {}}},
  };
  return gaps;
}

// Three years cover the Sunday cycles A, B and C.
Gaps observed_gaps(const Engine& engine, const CompiledBook& book) {
  Gaps found;
  for (int year = 2026; year <= 2028; ++year) {
    const CivilDate from{date::year{year} / 1 / 1};
    const CivilDate to{date::year{year} / 12 / 31};
    const auto days = engine.range(book.code, from, to);
    if (!days) {
      ADD_FAILURE() << days.error().message;
      return found;
    }
    for (const ResolvedDay& day : *days) {
      const Celebration* c = day.prevailing_celebration();
      if (c == nullptr || c->type > CelebrationType::festival) continue;
      bool own_collect = false;
      for (const ResolvedCollect& collect : engine.collects(day)) {
        own_collect |= collect.kind == CollectKind::celebration && !collect.from_common;
      }
      if (!own_collect) found.without_collect.insert(c->key);
      ReadingRequest request;
      request.service = Service::eucharist;
      const auto eucharist = engine.readings(day, request);
      if (!eucharist || !eucharist->found()) found.without_eucharist.insert(c->key);
    }
  }
  return found;
}

TEST(BookCoverage, FestivalsAndAboveHaveTheirOwnCollectAndEucharist) {
  const Engine engine(shipped_library());
  for (const auto& book : engine.library().books()) {
    const auto expected = known_gaps().find(book->code);
    ASSERT_NE(expected, known_gaps().end()) << "list the known gaps of " << book->code;
    const Gaps found = observed_gaps(engine, *book);
    EXPECT_EQ(found.without_collect, expected->second.without_collect) << book->code;
    EXPECT_EQ(found.without_eucharist, expected->second.without_eucharist) << book->code;
  }
}

}  // namespace
}  // namespace kalendar
