// Common Worship's calendar options (cw_2000_en, issue 14): each variant of each option against
// the dates the Rules to Order the Christian Year give, with the default beside it. checks.yaml
// asserts the defaults; these are the other values.
#include "shipped_library.hpp"

#include "kalendar/engine.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace kalendar {
namespace {

using testing_books::shipped_library;
using Choices = std::vector<std::pair<std::string, std::string>>;

class CwOptions : public ::testing::Test {
 protected:
  const Engine engine_{shipped_library()};
  const CompiledBook& book_ = *engine_.library().find("cw_2000_en");

  OptionSet options(const Choices& choices) const {
    std::vector<OptionValue> values = book_.default_option_values();
    for (const auto& [key, text] : choices) {
      const Index i = book_.find_option(key);
      EXPECT_NE(i, kNoIndex) << key;
      const auto v = i == kNoIndex ? std::nullopt : book_.parse_option_value(i, text);
      EXPECT_TRUE(v.has_value()) << key << "=" << text;
      if (v) values[i] = *v;
    }
    return OptionSet(std::move(values));
  }

  // The prevailing celebration's key, else the Sunday's key, else "feria".
  std::string prevailing(std::string_view iso, const Choices& choices = {}) const {
    auto day = engine_.day("cw_2000_en", *parse_iso_date(iso), options(choices));
    EXPECT_TRUE(day.ok()) << iso;
    if (!day) return "error";
    if (const Celebration* c = day->prevailing_celebration()) return c->key;
    const auto sunday = day->sunday();
    return sunday ? std::string(sunday->slug) : "feria";
  }
};

TEST_F(CwOptions, TheEpiphanyOnTheSundayBetweenTwoAndEightJanuary) {
  const Choices sunday = {{"epiphany", "sunday"}};
  EXPECT_EQ(prevailing("2026-01-04"), "christmas_2");
  EXPECT_EQ(prevailing("2026-01-04", sunday), "epiphany");
  EXPECT_EQ(prevailing("2026-01-06"), "epiphany");
  EXPECT_NE(prevailing("2026-01-06", sunday), "epiphany");
  // Kept on Sunday 7 January 2029, the Baptism of Christ goes to the Monday.
  EXPECT_EQ(prevailing("2029-01-07", sunday), "epiphany");
  EXPECT_EQ(prevailing("2029-01-08", sunday), "baptism_of_christ");
  EXPECT_EQ(prevailing("2029-01-07"), "baptism_of_christ");
}

TEST_F(CwOptions, ThePresentationOnTheSundayBetweenTwentyEightJanuaryAndThreeFebruary) {
  const Choices sunday = {{"presentation", "sunday"}};
  EXPECT_EQ(prevailing("2026-02-01"), "epiphany_4");
  EXPECT_EQ(prevailing("2026-02-01", sunday), "presentation");
  EXPECT_EQ(prevailing("2026-02-02"), "presentation");
  EXPECT_NE(prevailing("2026-02-02", sunday), "presentation");
}

TEST_F(CwOptions, AllSaintsOnTheSundayBetweenThirtyOctoberAndFiveNovember) {
  const Choices sunday = {{"all_saints", "sunday"}};
  EXPECT_EQ(prevailing("2027-11-01"), "all_saints");
  EXPECT_EQ(prevailing("2027-10-31"), "before_advent_4");
  EXPECT_EQ(prevailing("2027-10-31", sunday), "all_saints");
  EXPECT_NE(prevailing("2027-11-01", sunday), "all_saints");
}

TEST_F(CwOptions, AFestivalOnAnOrdinarySundayKeptThere) {
  const Choices sunday = {{"festival_on_sunday", "sunday"}};
  EXPECT_EQ(prevailing("2026-10-18"), "trinity_20");
  EXPECT_EQ(prevailing("2026-10-19"), "luke");
  EXPECT_EQ(prevailing("2026-10-18", sunday), "luke");
  EXPECT_NE(prevailing("2026-10-19", sunday), "luke");
  // Never on a Sunday of Advent: St Andrew still leaves Advent Sunday 2025.
  EXPECT_EQ(prevailing("2025-11-30", sunday), "advent_1");
  EXPECT_EQ(prevailing("2025-12-01", sunday), "andrew");
}

TEST_F(CwOptions, TheAlternativeDatesOfThomasTheBlessedVirginMaryAndMatthias) {
  EXPECT_EQ(prevailing("2026-07-03"), "thomas");
  EXPECT_EQ(prevailing("2026-12-21", {{"thomas", "december_21"}}), "thomas");
  EXPECT_NE(prevailing("2026-07-03", {{"thomas", "december_21"}}), "thomas");
  EXPECT_EQ(prevailing("2026-08-15"), "blessed_virgin_mary");
  EXPECT_EQ(prevailing("2026-09-08", {{"blessed_virgin_mary", "september_8"}}),
            "blessed_virgin_mary");
  EXPECT_EQ(prevailing("2026-05-14"), "ascension");
  EXPECT_EQ(prevailing("2026-02-24", {{"matthias", "february_24"}}), "matthias");
  EXPECT_NE(prevailing("2026-02-24"), "matthias");
}

TEST_F(CwOptions, AParishDedicationFestivalAsAFestivalOrAsAPrincipalFeast) {
  EXPECT_NE(prevailing("2026-10-14"), "dedication_festival");
  EXPECT_EQ(prevailing("2026-10-14", {{"dedication", "10-14"}}), "dedication_festival");
  // As a Principal Feast it goes to the nearest Sunday, back from a Wednesday...
  const Choices principal = {{"dedication", "10-14"}, {"local_festivals", "principal_feast"}};
  EXPECT_EQ(prevailing("2026-10-11", principal), "dedication_festival");
  EXPECT_NE(prevailing("2026-10-14", principal), "dedication_festival");
  // ...but never to Advent Sunday: on Saturday 28 November 2026 it stays.
  const Choices before_advent = {{"dedication", "11-28"}, {"local_festivals", "principal_feast"}};
  EXPECT_EQ(prevailing("2026-11-28", before_advent), "dedication_festival");
  EXPECT_EQ(prevailing("2026-11-29", before_advent), "advent_1");
}

}  // namespace
}  // namespace kalendar
