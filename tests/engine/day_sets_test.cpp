// Year plans answer day conditions from sets of days worked out once per plan
// (engine/src/day_sets.cpp) and try only the precedence rows and transfer rules that can hold for
// an observance (engine/src/plan_index.cpp). Both are shortcuts: these tests ask every condition
// of a mini-book on every day of three years both ways and require the same answer, and check
// that every observance's row is the first row that holds when all rows are tried.
#include "day_keys.hpp"
#include "mini_book.hpp"
#include "plan_index.hpp"

#include <string>
#include <vector>

namespace kalendar::testing {
namespace {

// One of each kind of day test, alone and combined: sets of days (season, weekday), per-day
// tests (Sunday key, week, before the first Sunday, weeks to the end), dates and windows (one
// wrapping the new year), any_of / all_of (a named condition) / not, options, and `prevailing`
// (a superset, asked in full) under any_of and not.
constexpr const char* kConditions = R"yaml(
options:
  - {key: vesture, name: Vesture, values: [plain, festal], default: plain, source: "Fixture rubric"}
conditions:
  embers: {date: [{easter: -39}, {easter: -37}, {easter: -36}, {month: 12, day: 31},
                  {weekday: wednesday, after: {month: 9, day: 14}}]}
colour_rules:
  - {key: rose, when: {sunday_key: [advent_3, lent_4]}, colour: rose}
  - {key: lent_array, when: {season: [lent], not: {season: [holy_week]},
                             prevailing: {kind: [sunday, feria]}}, colour: purple}
  - {key: christmastide_weekends, when: {within: {from: {month: 12, day: 25}, to: {month: 1, day: 6}},
                                        weekday: [friday, saturday]}, colour: white}
  - {key: embers_and_epiphany_weeks, when: {any_of: [{condition: embers},
                                                     {week: [2, 3], season: [epiphany]}]},
     colour: red}
  - {key: first_days, when: {before_first_sunday: true, not: {prevailing: {type: [lesser_feast]}}},
     colour: green}
  - {key: last_week, when: {weeks_to_end: 0, not: {any_of: [{weekday: [sunday]},
                                                            {within: {from: {easter: 0}, to: {easter: 6}}}]}},
     colour: green}
  - {key: festal, when: {option: {vesture: festal}, any_of: [{prevailing: {type: [festival]}},
                                                             {weekday: [thursday]}]},
     colour: white}
fasts:
  - {key: embers, kind: fast, when: {condition: embers}, except: {prevailing: {type: [festival]}}}
  - {key: fridays, kind: abstinence, when: {weekday: [friday]},
     except: {any_of: [{within: {from: {month: 12, day: 25}, to: {month: 1, day: 6}}},
                       {prevailing: {type: [principal_feast]}}]}}
celebrations:
  - {id: 1, key: nicholas, name: Nicholas, type: lesser_feast, date: {month: 12, day: 6}}
  - {id: 2, key: thomas, name: Thomas, type: festival, date: {month: 12, day: 21}}
  - {id: 3, key: stephen, name: Stephen, type: festival, date: {month: 12, day: 26}}
  - {id: 4, key: christmas, name: Christmas, type: principal_feast, date: {month: 12, day: 25}}
  - {id: 5, key: matthias, name: Matthias, type: festival, date: {easter: -37}}
  - {id: 6, key: mark, name: Mark, type: festival, date: {month: 4, day: 25}}
transfers:
  - key: festival_moves
    when: {loser: {type: festival, on: {not: {season: [holy_week, easter_week]}}}}
    then: {move: next_free_day, within_days: 7, collision: shift}
  - key: festival_after_easter_week
    when: {loser: {type: festival}}
    then: {move: next_free_day, search_from: {easter: 7}, within_days: 7, collision: shift}
)yaml";

constexpr const char* kPrecedence = R"yaml(
precedence:
  - {row: 1, key: principal, match: {type: principal_feast}}
  - {row: 2, key: privileged, match: {any_of: [{sunday: [advent, lent, easter]},
                                               {feria: [holy_week, easter_week]},
                                               {kind: [celebration], celebration: [matthias],
                                                on: {season: [lent], weekday: [sunday]}}]}}
  - {row: 3, key: sunday, match: {sunday: any}}
  - {row: 4, key: festival, match: {type: festival, not: {on: {condition: embers}}}}
  - {row: 5, key: festival_on_an_ember_day, match: {type: festival}}
  - {row: 6, key: lesser, match: {type: [lesser_feast]}, share_day: true}
  - {row: 7, key: feria, match: {feria: any}}
)yaml";

// Every day condition of the book a plan asks (each has a slot), with where it is.
void collect(const DayMatch& m, std::string where,
             std::vector<std::pair<const DayMatch*, std::string>>& out);

void collect(const CandidateMatch& m, const std::string& where,
             std::vector<std::pair<const DayMatch*, std::string>>& out) {
  for (const DayMatch& d : m.on) collect(d, where + ".on", out);
  for (const CandidateMatch& c : m.any_of) collect(c, where + ".any_of", out);
  for (const CandidateMatch& c : m.none_of) collect(c, where + ".not", out);
}

void collect(const DayMatch& m, std::string where,
             std::vector<std::pair<const DayMatch*, std::string>>& out) {
  out.emplace_back(&m, where);
  for (const CandidateMatch& c : m.prevailing) collect(c, where + ".prevailing", out);
  for (const DayMatch& d : m.any_of) collect(d, where + ".any_of", out);
  for (const DayMatch& d : m.all_of) collect(d, where + ".condition", out);
  for (const DayMatch& d : m.none_of) collect(d, where + ".not", out);
}

std::vector<std::pair<const DayMatch*, std::string>> plan_conditions(const CompiledBook& b) {
  std::vector<std::pair<const DayMatch*, std::string>> out;
  for (const PrecedenceRow& row : b.precedence) collect(row.match, row.key, out);
  for (const TransferRule& t : b.transfers) collect(t.loser, t.key, out);
  for (const ColourRule& r : b.colour_rules) collect(r.when, r.key, out);
  for (const FastRule& f : b.fasts) {
    collect(f.when, f.key, out);
    for (const DayMatch& e : f.except) collect(e, f.key + ".except", out);
  }
  return out;
}

class DaySets : public ::testing::TestWithParam<const char*> {};

TEST_P(DaySets, AnswerEveryConditionOnEveryDayAsItsTreeDoes) {
  MiniBook b;
  b.add("calendar.yaml", kConditions).set_precedence(kPrecedence);
  const CompiledBook& book = b.book();
  const auto conditions = plan_conditions(book);
  ASSERT_EQ(conditions.size(), book.plan_index().day_slots);
  const OptionSet options =
      GetParam() == std::string("default")
          ? OptionSet{}
          : book.normalize_options(OptionSet({*book.parse_option_value(0, GetParam())}));
  std::size_t held = 0;
  std::size_t asked = 0;
  for (int year = 2025; year <= 2027; ++year) {
    const auto plan = book.year_plan(year, options);
    std::vector<ResolvedDay> days;
    std::vector<detail::DayFacts> window;
    for (const DayRecord& r : plan->days) {
      days.emplace_back(book, plan, r);
      window.push_back(detail::day_facts(days.back()));
      window.back().civil_year = year_of(to_civil(r.date));
      window.back().prevailing = nullptr;  // as a plan gives them
    }
    const detail::ConditionMatcher in_full(book, plan->contexts, plan->options);
    detail::ConditionMatcher from_sets(book, plan->contexts, plan->options);
    from_sets.use_day_sets(window, book.plan_index().day_slots);
    for (std::uint32_t i = 0; i < window.size(); ++i) {
      // Before precedence (nothing prevailed) and after it (what prevailed).
      for (const Observance* prevailing :
           {static_cast<const Observance*>(nullptr), &days[i].prevailing()}) {
        detail::DayFacts plain = window[i];
        plain.prevailing = prevailing;
        detail::DayFacts indexed = plain;
        indexed.window_day = i;
        plain.window_day = detail::DayFacts::kNoWindowDay;
        for (const auto& [m, where] : conditions) {
          const bool expected = in_full.matches(*m, plain);
          ASSERT_EQ(from_sets.matches(*m, indexed), expected)
              << where << " on " << format_iso_date(window[i].date)
              << (prevailing ? " (decided)" : "");
          held += expected;
          ++asked;
        }
      }
    }
  }
  // The conditions are neither always nor never true: the comparison means something.
  EXPECT_GT(held, asked / 50);
  EXPECT_LT(held, asked / 2);
}

INSTANTIATE_TEST_SUITE_P(Options, DaySets, ::testing::Values("default", "festal"));

TEST(PlanIndex, EveryObservanceTakesTheFirstRowThatHoldsOfAllRows) {
  MiniBook b;
  b.add("calendar.yaml", kConditions).set_precedence(kPrecedence);
  const CompiledBook& book = b.book();
  std::size_t transferred = 0;
  for (int year = 2025; year <= 2027; ++year) {
    const auto plan = book.year_plan(year);
    const detail::ConditionMatcher matcher(book, plan->contexts, plan->options);
    for (const DayRecord& r : plan->days) {
      const ResolvedDay day(book, plan, r);
      detail::DayFacts facts = detail::day_facts(day);
      facts.prevailing = nullptr;  // rows are decided before anything prevails
      for (const Observance& o : day.observances()) {
        if (o.fate == Fate::transferred && o.moved_to != Days{} && o.moved_to < r.date) continue;
        Index first = kNoIndex;
        for (Index i = 0; i < book.precedence.size() && first == kNoIndex; ++i) {
          if (matcher.matches(book.precedence[i].match, o, facts)) first = i;
        }
        EXPECT_EQ(o.row, first) << format_iso_date(r.date) << " kind " << static_cast<int>(o.kind)
                                << " celebration " << o.celebration;
        transferred += o.transferred_in;
      }
    }
  }
  EXPECT_GT(transferred, 0u);  // a transferred copy took its row on its new day too
}

TEST(PlanIndex, ListsOnlyTheRowsAnObservanceCanReach) {
  MiniBook b;
  b.add("calendar.yaml", kConditions).set_precedence(kPrecedence);
  const CompiledBook& book = b.book();
  const auto rows_of = [&](ObservanceKind kind, std::string_view key) {
    Observance o;
    o.kind = kind;
    o.celebration = kind == ObservanceKind::celebration ? book.find_celebration(key) : kNoIndex;
    std::string out;
    for (Index i : book.plan_index().precedence.of(o)) out += book.precedence[i].key + " ";
    return out;
  };
  EXPECT_EQ(rows_of(ObservanceKind::feria, ""), "privileged feria ");
  EXPECT_EQ(rows_of(ObservanceKind::sunday, ""), "privileged sunday ");
  EXPECT_EQ(rows_of(ObservanceKind::celebration, "nicholas"), "lesser ");
  EXPECT_EQ(rows_of(ObservanceKind::celebration, "matthias"),
            "privileged festival festival_on_an_ember_day ");
  EXPECT_EQ(rows_of(ObservanceKind::celebration, "christmas"), "principal ");
}

}  // namespace
}  // namespace kalendar::testing
