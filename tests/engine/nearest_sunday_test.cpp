// Moves to the nearest Sunday ({move: nearest_sunday}): Monday to Wednesday go back to the Sunday
// before, Thursday to Saturday on to the Sunday after, a Sunday stays; `unless` refuses a target
// and the feast stays on its own day. (Common Worship lets a Festival be kept on the nearest
// Sunday, except in some seasons.) Dates: 29 June 2026 is a Monday, 29 June 2028 a Thursday,
// 29 June 2025 a Sunday; 19 March 2026 is a Thursday in Lent.
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

constexpr const char* kFeasts = R"yaml(
celebrations:
  - {id: 1, key: peter, name: Peter, type: festival, colour: red, date: {month: 6, day: 29}}
  - {id: 2, key: joseph, name: Joseph, type: festival, colour: white, date: {month: 3, day: 19}}
  - {id: 3, key: mary_magdalene, name: Mary Magdalene, type: lesser_feast,
     date: {month: 7, day: 22}}
)yaml";

// Festivals above ordinary Sundays, so a feast moved to a Sunday is kept there.
constexpr const char* kPrecedence = R"yaml(
precedence:
  - {row: 1, key: principal, match: {type: principal_feast}}
  - {row: 2, key: privileged_sunday, match: {sunday: [advent, lent, easter]}}
  - {row: 3, key: festival, match: {type: [major_holy_day, festival]}}
  - {row: 4, key: sunday, match: {sunday: any}}
  - {row: 5, key: lesser, match: {type: [lesser_feast, commemoration]}, share_day: true}
  - {row: 6, key: feria, match: {feria: any}}
transfers:
  - {key: festivals_to_sunday, when: {loser: {type: [festival]}},
     then: {move: nearest_sunday, unless: {season: [lent]}, otherwise: stay}}
)yaml";

class NearestSunday : public ::testing::Test {
 protected:
  NearestSunday() { b.add("calendar.yaml", kFeasts).set_precedence(kPrecedence); }
  MiniBook b;
};

TEST_F(NearestSunday, AMondayFeastGoesBackToTheSundayBefore) {
  EXPECT_EQ(b.errors(), "");
  EXPECT_EQ(b.at("2026-06-28", "celebration"), "peter");
  EXPECT_EQ(b.at("2026-06-28", "transferred_from"), "2026-06-29");
  EXPECT_EQ(b.at("2026-06-29", "celebration"), "none");
  EXPECT_EQ(b.at("2026-06-29", "competing.peter"), "transferred 2026-06-28");
  const ResolvedDay monday = b.day("2026-06-29");
  const Observance& left = monday.observances().back();
  EXPECT_EQ(left.fate, Fate::transferred);
  EXPECT_EQ(to_civil(left.moved_to), *parse_iso_date("2026-06-28"));
  EXPECT_EQ(b.book().transfers[left.decided_by].key, "festivals_to_sunday");
}

TEST_F(NearestSunday, AThursdayFeastGoesOnToTheSundayAfter) {
  EXPECT_EQ(b.at("2028-07-02", "celebration"), "peter");
  EXPECT_EQ(b.at("2028-07-02", "transferred_from"), "2028-06-29");
  EXPECT_EQ(b.at("2028-06-29", "celebration"), "none");
}

TEST_F(NearestSunday, ASundayFeastStaysWhereItIs) {
  EXPECT_EQ(b.at("2025-06-29", "celebration"), "peter");
  EXPECT_EQ(b.at("2025-06-29", "transferred_from"), "none");
}

TEST_F(NearestSunday, ATargetTheRuleRefusesLeavesTheFeastOnItsOwnDay) {
  // The nearest Sunday, 22 March 2026, is in Lent: `unless` refuses it, the feast stays.
  EXPECT_EQ(b.at("2026-03-19", "celebration"), "joseph");
  EXPECT_EQ(b.at("2026-03-22", "celebration"), "none");
  EXPECT_EQ(b.at("2026-03-22", "sunday"), "lent_5");
}

TEST_F(NearestSunday, OnlyTheMatchedFeastsMove) {
  // Mary Magdalene (a lesser feast) on Wednesday 22 July 2026 is not a festival: not moved.
  EXPECT_EQ(b.at("2026-07-22", "celebration"), "mary_magdalene");
  EXPECT_EQ(b.at("2026-07-19", "celebration"), "none");
}

TEST(NearestSundayRules, AskOnlyWhatIsKnownBeforePrecedence) {
  MiniBook b;
  b.add("calendar.yaml", kFeasts).set_precedence(std::string(kPrecedence) + R"yaml(
  - {key: asks_winner, when: {loser: {type: [festival]}, winner: {sunday: any}},
     then: {move: nearest_sunday}}
  - {key: asks_prevailing, when: {loser: {type: [festival]}},
     then: {move: nearest_sunday, unless: {prevailing: {type: [principal_feast]}}}}
  - {key: searches, when: {loser: {type: [festival]}},
     then: {move: nearest_sunday, search_from: {easter: 8}, otherwise: omit}}
)yaml");
  const std::string errors = b.errors();
  EXPECT_NE(errors.find("a nearest_sunday move is decided before precedence: its rule names no "
                        "'winner'"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("'unless' cannot ask what prevails"), std::string::npos) << errors;
  EXPECT_NE(errors.find("'search_from' belongs to next_free_day"), std::string::npos) << errors;
  EXPECT_NE(errors.find("a refused nearest_sunday move leaves the feast on its own day: "
                        "otherwise: stay"),
            std::string::npos)
      << errors;
}

}  // namespace
}  // namespace kalendar::testing
