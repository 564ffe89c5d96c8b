// The book-level index a year plan uses (plan_index.hpp).
#include "plan_index.hpp"

#include <algorithm>

namespace kalendar::detail {

namespace {

// Whether `m` can hold for an observance of this kind (and celebration) on any day, judged by
// the tests the observance alone decides, exactly as ConditionMatcher::matches makes them.
bool may_hold_for(const BookDefinition& book, const CandidateMatch& m, ObservanceKind kind,
                  Index celebration) {
  if (m.kinds != 0 && (m.kinds & (1u << static_cast<unsigned>(kind))) == 0) return false;
  const bool is_celebration = kind == ObservanceKind::celebration;
  if (!m.celebrations.empty() &&
      (!is_celebration || std::find(m.celebrations.begin(), m.celebrations.end(), celebration) ==
                              m.celebrations.end())) {
    return false;
  }
  if (m.types != 0 &&
      (!is_celebration ||
       (m.types & (1u << static_cast<unsigned>(book.celebrations[celebration].type))) == 0)) {
    return false;
  }
  return m.any_of.empty() ||
         std::any_of(m.any_of.begin(), m.any_of.end(), [&](const CandidateMatch& a) {
           return may_hold_for(book, a, kind, celebration);
         });
}

void number(DayMatch& m, Index& next);

void number(CandidateMatch& m, Index& next) {
  for (DayMatch& d : m.on) number(d, next);
  for (CandidateMatch& c : m.any_of) number(c, next);
  for (CandidateMatch& c : m.none_of) number(c, next);
}

void number(DayMatch& m, Index& next) {
  m.plan_slot = next++;
  for (CandidateMatch& c : m.prevailing) number(c, next);
  for (auto* list : {&m.any_of, &m.all_of, &m.none_of}) {
    for (DayMatch& d : *list) number(d, next);
  }
}

}  // namespace

ObservanceLists::ObservanceLists(const BookDefinition& book,
                                 const std::vector<const CandidateMatch*>& matches)
    : celebrations_(book.celebrations.size()) {
  const std::size_t classes = celebrations_ + 2;  // and a Sunday, a weekday
  first_.reserve(classes + 1);
  for (std::size_t c = 0; c < classes; ++c) {
    first_.push_back(static_cast<std::uint32_t>(entries_.size()));
    const bool is_celebration = c < celebrations_;
    const auto kind = is_celebration ? ObservanceKind::celebration
                                     : static_cast<ObservanceKind>(c - celebrations_ + 1);
    const auto celebration = is_celebration ? static_cast<Index>(c) : kNoIndex;
    for (Index i = 0; i < matches.size(); ++i) {
      if (may_hold_for(book, *matches[i], kind, celebration)) entries_.push_back(i);
    }
  }
  first_.push_back(static_cast<std::uint32_t>(entries_.size()));
}

PlanIndex make_plan_index(BookDefinition& book) {
  PlanIndex index;
  std::vector<const CandidateMatch*> rows;
  for (const PrecedenceRow& row : book.precedence) rows.push_back(&row.match);
  index.precedence = ObservanceLists(book, rows);
  std::vector<const CandidateMatch*> losers;
  for (const TransferRule& t : book.transfers) losers.push_back(&t.loser);
  index.transfers = ObservanceLists(book, losers);
  Index next = 0;
  for (PrecedenceRow& row : book.precedence) number(row.match, next);
  for (TransferRule& t : book.transfers) {
    number(t.loser, next);
    for (CandidateMatch& w : t.winner) number(w, next);
    for (DayMatch& u : t.unless) number(u, next);
  }
  for (ColourRule& rule : book.colour_rules) number(rule.when, next);
  for (FastRule& rule : book.fasts) {
    number(rule.when, next);
    for (DayMatch& e : rule.except) number(e, next);
  }
  index.day_slots = next;
  return index;
}

}  // namespace kalendar::detail
