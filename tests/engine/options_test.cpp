// Calendar options (issue 14): a book declares choices (the Epiphany on 6 January or on the
// Sunday 2-8 January; a parish's Dedication Festival), rules test them, and every year is
// resolved per option set, the defaults as before and other sets in a bounded cache.
//
// January 2026:  Thu 1  Fri 2  Sat 3  Sun 4  Mon 5  Tue 6  ... Sun 11
// January 2027:  Fri 1  Sat 2  Sun 3  ... Wed 6
// October 2026:  Mon 12; Sun 18
#include "mini_book.hpp"

#include <string>
#include <utility>
#include <vector>

namespace kalendar::testing {
namespace {

constexpr const char* kEpiphanyBook = R"yaml(
options:
  - key: epiphany
    name: Epiphany kept on
    values: [january_6, sunday]
    default: january_6
    source: "Fixture rubric: the Epiphany may be kept on the Sunday between 2 and 8 January"
  - key: dedication
    name: Dedication Festival
    type: date
    default: null
    source: "Fixture rubric: a church keeps the anniversary of its dedication"
celebrations:
  - {id: 1, key: epiphany, name: The Epiphany, type: principal_feast, colour: white,
     date: {month: 1, day: 6, except: [{when: {option: {epiphany: sunday}},
                                        then: {weekday: sunday, on_or_after: {month: 1, day: 2}}}]}}
  - {id: 2, key: dedication, name: Dedication Festival, type: festival, colour: white,
     date: {option: dedication}}
fasts:
  - {key: eve_of_epiphany, kind: fast, when: {date: {month: 1, day: 5}, option: {epiphany: january_6}}}
)yaml";

// The option set for `choices` (key, value text), as the API builds it.
OptionSet options_of(const CompiledBook& b,
                     std::vector<std::pair<std::string, std::string>> choices) {
  std::vector<OptionValue> values = b.default_option_values();
  for (const auto& [key, text] : choices) {
    const Index i = b.find_option(key);
    EXPECT_NE(i, kNoIndex) << key;
    const auto v = b.parse_option_value(i, text);
    EXPECT_TRUE(v.has_value()) << key << "=" << text;
    if (i != kNoIndex && v) values[i] = *v;
  }
  return OptionSet(std::move(values));
}

std::string prevailing(MiniBook& b, std::string_view iso, const OptionSet& options) {
  auto day = b.engine().day("mini", *parse_iso_date(iso), options);
  EXPECT_TRUE(day.ok());
  if (!day) return "error";
  const Celebration* c = day->prevailing_celebration();
  if (c != nullptr) return c->key;
  const auto sunday = day->sunday();
  return sunday ? std::string(sunday->slug) : "feria";
}

TEST(Options, AnOptionInADateExceptionMovesTheEpiphanyToTheSunday) {
  MiniBook b;
  b.add("calendar.yaml", kEpiphanyBook);
  const CompiledBook& book = b.book();
  const OptionSet sunday = options_of(book, {{"epiphany", "sunday"}});
  EXPECT_EQ(prevailing(b, "2026-01-04", {}), "christmas_2");
  EXPECT_EQ(prevailing(b, "2026-01-06", {}), "epiphany");
  EXPECT_EQ(prevailing(b, "2026-01-04", sunday), "epiphany");
  EXPECT_NE(prevailing(b, "2026-01-06", sunday), "epiphany");
  EXPECT_EQ(prevailing(b, "2027-01-03", sunday), "epiphany");
  // The defaults written out are the default set: one representation, one cached plan.
  const OptionSet spelled = options_of(book, {{"epiphany", "january_6"}});
  EXPECT_TRUE(book.normalize_options(spelled).is_default());
  EXPECT_EQ(book.year_plan(2026, spelled), book.year_plan(2026));
}

TEST(Options, AnOptionInADayConditionDecidesTheFast) {
  MiniBook b;
  b.add("calendar.yaml", kEpiphanyBook);
  const OptionSet sunday = options_of(b.book(), {{"epiphany", "sunday"}});
  auto kept = b.engine().day("mini", *parse_iso_date("2026-01-05"), {});
  auto moved = b.engine().day("mini", *parse_iso_date("2026-01-05"), sunday);
  ASSERT_TRUE(kept.ok() && moved.ok());
  ASSERT_TRUE(kept->fast().has_value());
  EXPECT_EQ(kept->fast()->rule.key, "eve_of_epiphany");
  EXPECT_FALSE(moved->fast().has_value());
}

TEST(Options, AnAdditionalObservanceIsKeptOnlyWhileItsOptionHolds) {
  // "All Saints' Day may also be observed on the Sunday following": a choice, off by default here.
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
options:
  - {key: all_saints_sunday, name: All Saints also on the Sunday following,
     values: [not_observed, observed], default: not_observed, source: "Fixture rubric: may"}
celebrations:
  - {id: 1, key: all_saints, name: All Saints, type: principal_feast, colour: white,
     date: {month: 11, day: 1}}
also_observe:
  - {key: all_saints_sunday, celebration: all_saints, option: {all_saints_sunday: observed},
     on: {weekday: sunday, on_or_after: {month: 11, day: 1}}}
)yaml");
  const CompiledBook& book = b.book();
  const OptionSet observed = options_of(book, {{"all_saints_sunday", "observed"}});
  // Saturday 1 November 2025; Sunday 2 November.
  EXPECT_EQ(prevailing(b, "2025-11-01", {}), "all_saints");
  EXPECT_EQ(prevailing(b, "2025-11-01", observed), "all_saints");
  EXPECT_NE(prevailing(b, "2025-11-02", {}), "all_saints");
  EXPECT_EQ(prevailing(b, "2025-11-02", observed), "all_saints");
  auto day = b.engine().day("mini", *parse_iso_date("2025-11-02"), observed);
  ASSERT_TRUE(day.ok());
  EXPECT_TRUE(day->prevailing().additional);
}

TEST(Options, ADateOptionGivesTheParishItsOwnDateAndNothingWhenUnset) {
  MiniBook b;
  b.add("calendar.yaml", kEpiphanyBook);
  const CompiledBook& book = b.book();
  const OptionSet october_12 = options_of(book, {{"dedication", "10-12"}});
  EXPECT_EQ(prevailing(b, "2026-10-12", october_12), "dedication");
  EXPECT_NE(prevailing(b, "2026-10-12", {}), "dedication");
  // Yielding to a Sunday like any festival: 18 October 2026 is a Sunday.
  const OptionSet october_18 = options_of(book, {{"dedication", "10-18"}});
  EXPECT_NE(prevailing(b, "2026-10-18", october_18), "dedication");
  // The value grammar: MM-DD of a day that exists in some year.
  const Index d = book.find_option("dedication");
  EXPECT_TRUE(book.parse_option_value(d, "02-29").has_value());
  EXPECT_FALSE(book.parse_option_value(d, "02-30").has_value());
  EXPECT_FALSE(book.parse_option_value(d, "2026-10-12").has_value());
  EXPECT_EQ(book.option_value_text(d, *book.parse_option_value(d, "10-12")), "10-12");
  EXPECT_EQ(book.option_value_text(d, kUnsetDateOption), "");
}

TEST(Options, KeyDatesAndYearViewsFollowTheOptions) {
  MiniBook b;
  b.add("calendar.yaml", std::string(kEpiphanyBook) + "key_dates: [{celebration: epiphany}]\n");
  const OptionSet sunday = options_of(b.book(), {{"epiphany", "sunday"}});
  auto plain = b.engine().year("mini", 2026, {});
  auto moved = b.engine().year("mini", 2026, sunday);
  ASSERT_TRUE(plain.ok() && moved.ok());
  ASSERT_EQ(plain->key_dates.size(), 1U);
  ASSERT_EQ(moved->key_dates.size(), 1U);
  EXPECT_EQ(format_iso_date(plain->key_dates[0].date), "2026-01-06");
  EXPECT_EQ(format_iso_date(moved->key_dates[0].date), "2026-01-04");
}

TEST(Options, OtherOptionSetsLiveInABoundedCacheApartFromTheDefaults) {
  MiniBook b;
  b.add("calendar.yaml", kEpiphanyBook);
  const CompiledBook& book = b.book();
  const auto defaults_before = book.plan_cache_stats();
  // Every date option value for a few years: far more combinations than the bound.
  const Index d = book.find_option("dedication");
  int asked = 0;
  for (int month = 1; month <= 12; ++month) {
    for (int year = 2026; year <= 2028; ++year) {
      std::vector<OptionValue> values = book.default_option_values();
      values[d] = static_cast<OptionValue>(month * 32 + 1);
      (void)book.year_plan(year, OptionSet(values));
      ++asked;
    }
  }
  const auto stats = book.option_plan_cache_stats();
  EXPECT_EQ(stats.misses, static_cast<std::uint64_t>(asked));
  EXPECT_LE(stats.resident, kOptionPlanCacheCapacity);
  EXPECT_EQ(stats.evictions, static_cast<std::uint64_t>(asked) - kOptionPlanCacheCapacity);
  // The default set never entered the option cache, nor was a default plan evicted.
  EXPECT_EQ(book.plan_cache_stats().evictions, defaults_before.evictions);
  // A hit returns the same plan, which carries its options for the neighbouring years.
  const OptionSet sunday = options_of(book, {{"epiphany", "sunday"}});
  const auto plan = book.year_plan(2026, sunday);
  EXPECT_EQ(book.year_plan(2026, sunday), plan);
  EXPECT_EQ(plan->options, sunday);
}

TEST(Options, TheValidatorReportsEveryMisuse) {
  MiniBook b;
  b.add("calendar.yaml", R"yaml(
options:
  - {key: book, name: Clash, values: [a, b], default: a, source: "x"}
  - {key: epiphany, name: E, values: [january_6, sunday], default: monday, source: "x"}
  - {key: spare, name: Unused, values: [one, two], default: one, source: "x"}
  - {key: patron, name: Patron, type: date, default: 13-40, source: "x"}
celebrations:
  - {id: 1, key: epiphany, name: The Epiphany, type: principal_feast,
     date: {month: 1, day: 6, except: [{when: {option: {epiphany: monday}}, then: {days: 1}}]}}
  - {id: 2, key: patron, name: Patron, type: festival, date: {option: epiphany}}
  - {id: 3, key: other, name: Other, type: festival, date: {option: nowhere}}
fasts:
  - {key: f, kind: fast, when: {option: {patron: set}}}
)yaml");
  const std::string errors = b.errors();
  for (const char* expected : {
           "option 'book' has the name of a route parameter of the API; choose another key",
           "default 'monday' is not one of the values",
           "option 'epiphany' has no value 'monday' (values: january_6, sunday)",
           "default '13-40' is not a date MM-DD (or null)",
           "option 'epiphany' is not a date option (type: date)",
           "unknown option 'nowhere' (not in 'options')",
           "option 'patron' is a date option: use its date with {option: patron}, not a value "
           "test",
           "warning: option 'spare' is declared but no rule uses it",
       }) {
    EXPECT_NE(errors.find(expected), std::string::npos) << expected << "\n" << errors;
  }
}

}  // namespace
}  // namespace kalendar::testing
