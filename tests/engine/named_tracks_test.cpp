// A book's own words for the two tracks (`tracks:`): Common Worship calls the Revised Common
// Lectionary's semicontinuous and complementary tracks "Continuous" and "Related". Its
// reading_type values and its readings' `track` are its words; its tables may use its words or
// the shared ones (a shared table such as rules/lectionaries/rcl keeps the RCL's).
#include "mini_book.hpp"

namespace kalendar::testing {
namespace {

// 22 June 2025 is Proper 7, year C; 29 June 2025 is Proper 8, year C.
constexpr const char* kTable = R"yaml(
lectionaries:
  - key: sundays
    cycle: sunday
    rows:
      proper_7:
        C:
          first_reading: {continuous: "1 Kings 19:1-4, 8-15a", related: "Isaiah 65:1-9"}
          gospel: "Luke 8:26-39"
      proper_8:
        C:
          first_reading: {semicontinuous: "2 Kings 2:1-2, 6-14", complementary: "1 Kings 19:15-16, 19-21"}
lectionary_lookup:
  eucharist:
    - {table: sundays, key: "{sunday}"}
)yaml";

constexpr const char* kWords =
    "tracks: {continuous: semicontinuous, related: complementary}\n"
    "capabilities: {reading_types: [continuous, related]}\n"
    "preferences: [{key: reading_type, options: [continuous, related], default: continuous}]\n";

class NamedTracks : public ::testing::Test {
 protected:
  NamedTracks() {
    b.add("lectionary.yaml", kTable);
    b.add("book.yaml", std::string(kSkeletonManifest).substr(11) + kWords);
  }
  std::string first(const char* date, std::string_view track, std::string* answered = nullptr) {
    auto r = b.engine().readings(b.day(date), {Service::eucharist, track, {}});
    if (!r.ok()) return "error: " + r.error().code;
    if (answered != nullptr) *answered = std::string(r->readings.front().track);
    return r->readings.front().options.front().reference;
  }
  MiniBook b;
};

TEST_F(NamedTracks, TheBooksWordsChooseTheTrack) {
  EXPECT_EQ(b.errors(), "");
  std::string track;
  EXPECT_EQ(first("2025-06-22", "", &track), "1 Kings 19:1-4, 8-15a");  // the default
  EXPECT_EQ(track, "continuous");
  EXPECT_EQ(first("2025-06-22", "related", &track), "Isaiah 65:1-9");
  EXPECT_EQ(track, "related");
}

TEST_F(NamedTracks, SharedTablesWithTheRclWordsAreReadByTheBooksWords) {
  EXPECT_EQ(first("2025-06-29", "continuous"), "2 Kings 2:1-2, 6-14");
  EXPECT_EQ(first("2025-06-29", "related"), "1 Kings 19:15-16, 19-21");
  // The book's reading types are its words: the RCL's are not a reading type of this book.
  EXPECT_EQ(first("2025-06-29", "complementary"), "error: unknown_reading_type");
}

TEST(NamedTracksRules, EveryKindIsNamedOnceAndReadingTypesAreTracks) {
  MiniBook b;
  b.add("book.yaml", std::string(kSkeletonManifest).substr(11) +
                         "tracks: {continuous: semicontinuous, related: semicontinuous}\n"
                         "capabilities: {reading_types: [continuous, thematic]}\n");
  b.add("lectionary.yaml", R"yaml(
lectionaries:
  - key: sundays
    cycle: sunday
    rows:
      proper_7: {C: {first_reading: {continuous: "1 Kings 19:1-4", thematic: "Isaiah 65:1-9"}}}
)yaml");
  const std::string errors = b.errors();
  EXPECT_NE(errors.find("track kind 'semicontinuous' is named twice"), std::string::npos) << errors;
  EXPECT_NE(errors.find("'tracks' gives no word for the complementary track"), std::string::npos)
      << errors;
  EXPECT_NE(errors.find("reading type 'thematic' is not one of the book's tracks (continuous, "
                        "complementary)"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("unknown track 'thematic' (expected continuous or complementary)"),
            std::string::npos)
      << errors;
}

}  // namespace
}  // namespace kalendar::testing
