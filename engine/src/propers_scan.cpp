#include "kalendar/propers_scan.hpp"

#include "kalendar/engine.hpp"

namespace kalendar {

namespace {

// Sundays and holy days have propers of their own in every book; weekdays and lesser feasts
// often have none (a Sunday-only eucharistic lectionary, commons chosen by the priest).
bool has_own_propers(const ResolvedDay& day) {
  if (day.is_sunday()) return true;
  const Celebration* c = day.prevailing_celebration();
  return c != nullptr && c->type != CelebrationType::lesser_feast &&
         c->type != CelebrationType::commemoration;
}

}  // namespace

std::vector<Anomaly> days_without_propers(const CompiledBook& book,
                                          const std::shared_ptr<const YearPlan>& plan) {
  std::vector<Anomaly> out;
  const auto& eucharist = book.lectionary_lookup[static_cast<std::size_t>(Service::eucharist)];
  const bool has_eucharist = !eucharist.empty() && !eucharist.front().steps.empty();
  const bool has_collects = !book.collect_lookup.empty();
  if (!has_eucharist && !has_collects) return out;
  ReadingRequest request;
  request.service = Service::eucharist;
  for (const DayRecord& r : plan->days) {
    const ResolvedDay day(book, plan, r);
    if (!has_own_propers(day)) continue;
    if (has_eucharist) {
      const auto set = find_readings(day, request);
      if (set.ok() && !set->found()) {
        out.push_back({r.date, "no eucharist readings: no lookup step finds a row",
                       eucharist.front().steps.front().loc});
      }
    }
    if (has_collects && find_collects(day).empty()) {
      out.push_back({r.date, "no collect: no collect lookup step finds a key",
                     book.collect_lookup.front().loc});
    }
  }
  return out;
}

}  // namespace kalendar
