// The shipped books, checked as a liturgist would: every expectation of every checks.yaml and
// every `examples:` entry becomes its own test (named book/date/line), and every year the engine
// answers for is resolved without anomalies.
#include "kalendar/checks.hpp"

#include "shipped_library.hpp"

#include "kalendar/engine.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace kalendar {
namespace {

using testing_books::shipped_library;

class ExpectationTest : public ::testing::Test {
 public:
  ExpectationTest(std::string code, CheckExpectation x)
      : code_(std::move(code)), x_(std::move(x)) {}
  void TestBody() override {
    const Engine engine(shipped_library());
    auto day = engine.day(code_, x_.date, x_.options);
    ASSERT_TRUE(day.ok()) << day.error().message;
    for (const auto& [field, expected] : x_.fields) {
      EXPECT_EQ(actual_check_value(*day, field), expected)
          << x_.loc.file << ":" << x_.loc.line << " " << field << " (" << x_.description << ")";
    }
  }

 private:
  std::string code_;
  CheckExpectation x_;
};

TEST(Books, BothShippedBooksLoadWithoutProblems) {
  const auto lib = shipped_library();
  ASSERT_NE(lib->find("loc_2015"), nullptr);
  ASSERT_NE(lib->find("loc_2019_en"), nullptr);
  for (const auto& book : lib->books()) {
    SCOPED_TRACE(book->code);
    ASSERT_NE(lib->checks(book->code), nullptr) << "every book carries checks.yaml";
    EXPECT_GE(lib->checks(book->code)->size(), 60u) << "at least 60 dated expectations";
  }
}

TEST(Books, ExamplesOfCelebrationsHold) {
  const Engine engine(shipped_library());
  for (const auto& book : engine.library().books()) {
    for (const auto& failure : run_checks(engine, *book)) {
      if (failure.message.rfind("example:", 0) == 0) ADD_FAILURE() << format_diagnostic(failure);
    }
  }
}

// Every year from 1583 to 4099 resolves with no anomaly: a season for every day, a named key for
// every Sunday, a row for every candidate, no tie, no feast lost without a record.
TEST(Books, EveryYearResolvesCleanly) {
  for (const auto& book : shipped_library()->books()) {
    int reported = 0;
    for (int year = kMinYear; year <= kMaxYear + 1 && reported < 10; ++year) {
      // Held: years outside the cached range live only as long as this pointer.
      const auto plan = book->year_plan(year);
      for (const Anomaly& a : plan->anomalies) {
        ADD_FAILURE() << book->code << " " << format_iso_date(a.date) << ": " << a.message;
        ++reported;
      }
    }
  }
}

// A transfer that leaves one liturgical year lands in the next one's plan, computed separately:
// both plans must agree on where the feast went.
TEST(Books, TransfersAcrossYearBoundariesAgreeInBothPlans) {
  const Engine engine(shipped_library());
  for (const auto& book : engine.library().books()) {
    for (int year = 1900; year <= 2199; ++year) {
      const auto plan = book->year_plan(year);
      for (const Observance& o : plan->observances) {
        if (o.fate != Fate::transferred || o.moved_to <= plan->last_day) continue;
        auto target = engine.day(book->code, to_civil(o.moved_to));
        ASSERT_TRUE(target.ok());
        bool found = false;
        for (const Observance& t : target->observances()) {
          found = found || (t.celebration == o.celebration && t.transferred_in);
        }
        EXPECT_TRUE(found) << book->code << ": " << book->celebrations[o.celebration].key
                           << " moved to " << format_iso_date(o.moved_to);
      }
    }
  }
}

}  // namespace
}  // namespace kalendar

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  // One test per expectation, so a failing check reads as its own line in the test report.
  const auto library = kalendar::shipped_library();
  for (const auto& book : library->books()) {
    const auto* checks = library->checks(book->code);
    if (checks == nullptr) continue;
    for (const auto& x : *checks) {
      const std::string name =
          kalendar::format_iso_date(x.date) + "_line" + std::to_string(x.loc.line);
      ::testing::RegisterTest(("Checks_" + book->code).c_str(), name.c_str(), nullptr, nullptr,
                              x.loc.file.c_str(), x.loc.line,
                              [code = book->code, x]() -> ::testing::Test* {
                                return new kalendar::ExpectationTest(code, x);
                              });
    }
  }
  return RUN_ALL_TESTS();
}
