// Cross-checks that need the whole book: the order in which celebration dates can be computed
// (relative dates must form a DAG), and the rows every kind of observance can reach.
#include "book_parser.hpp"

#include <functional>

namespace kalendar::detail {

namespace {

// Celebrations a rule depends on (through {celebration: x} anywhere in it).
void rule_dependencies(const BookDefinition& b, Index rule, std::vector<Index>& out) {
  if (rule == kNoIndex) return;
  const DateRuleForm& form = b.rules[rule].form;
  if (const auto* c = std::get_if<CelebrationOffset>(&form)) out.push_back(c->celebration);
  if (const auto* w = std::get_if<WeekdayRelative>(&form)) rule_dependencies(b, w->anchor, out);
  rule_dependencies(b, b.rules[rule].leap_year, out);
  for (const DateException& e : b.rules[rule].exceptions) {
    for (Index r : e.coincides) rule_dependencies(b, r, out);
    rule_dependencies(b, e.replacement, out);
  }
}

// Whether a rule reads a calendar option anywhere in it.
bool uses_options(const BookDefinition& b, Index rule) {
  if (rule == kNoIndex) return false;
  const DateRule& r = b.rules[rule];
  if (std::holds_alternative<OptionDate>(r.form)) return true;
  if (const auto* w = std::get_if<WeekdayRelative>(&r.form); w && uses_options(b, w->anchor)) {
    return true;
  }
  if (uses_options(b, r.leap_year)) return true;
  for (const DateException& e : r.exceptions) {
    if (!e.options.empty() || uses_options(b, e.replacement)) return true;
    for (Index c : e.coincides) {
      if (uses_options(b, c)) return true;
    }
  }
  return false;
}

}  // namespace

void BookParser::check_celebration_dependencies() {
  BookDefinition& b = *book_;
  {
    std::vector<Index> deps;
    rule_dependencies(b, b.year_start, deps);
    if (!deps.empty()) {
      diags_.error(
          b.rules[b.year_start].loc,
          "year_start cannot depend on a celebration (it decides which year a date is in)");
      b.year_start = kNoIndex;
    } else if (uses_options(b, b.year_start)) {
      diags_.error(b.rules[b.year_start].loc,
                   "year_start cannot depend on a calendar option (it decides which year a "
                   "date is in)");
      b.year_start = kNoIndex;
    }
  }
  enum class Mark { none, visiting, done };
  std::vector<Mark> marks(b.celebrations.size(), Mark::none);
  std::function<bool(Index)> visit = [&](Index i) -> bool {
    if (marks[i] == Mark::done) return true;
    if (marks[i] == Mark::visiting) {
      diags_.error(b.celebrations[i].loc, "celebration '" + b.celebrations[i].key +
                                              "' depends on itself through relative dates");
      return false;
    }
    marks[i] = Mark::visiting;
    std::vector<Index> deps;
    rule_dependencies(b, b.celebrations[i].date, deps);
    for (Index d : deps) {
      if (!visit(d)) {
        marks[i] = Mark::done;
        return false;
      }
    }
    marks[i] = Mark::done;
    b.celebration_eval_order.push_back(i);
    return true;
  };
  for (Index i = 0; i < b.celebrations.size(); ++i) visit(i);
}

}  // namespace kalendar::detail
