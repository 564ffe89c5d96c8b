#include "kalendar/book.hpp"

#include "date_eval.hpp"
#include "plan_builder.hpp"

#include "kalendar/resolved.hpp"

#include <mutex>
#include <utility>

namespace kalendar {

// The resolved years of one book, bounded (issue 13): at most kPlanCacheCapacity plans stay
// resident, the least recently used one is dropped to make room, so memory is
// books x capacity x plan size whatever clients ask for, and any year of 1583..4099 is computed
// once while it is in use (a plan takes well under a millisecond to build). A dropped plan lives
// on in the ResolvedDays that still share it. Lookups take a mutex held for a few loads only;
// plans are built outside it (two threads may build the same year; one result is kept).
class YearCache {
 public:
  std::shared_ptr<const YearPlan> find(int year) {
    const std::lock_guard lock(mutex_);
    Slot& slot = slots_[index(year)];
    if (!slot.plan) {
      ++stats_.misses;
      return nullptr;
    }
    ++stats_.hits;
    slot.last_used = ++clock_;
    return slot.plan;
  }

  std::shared_ptr<const YearPlan> keep(int year, std::shared_ptr<const YearPlan> plan) {
    std::shared_ptr<const YearPlan> dropped;  // released outside the lock
    const std::lock_guard lock(mutex_);
    Slot& slot = slots_[index(year)];
    if (slot.plan) return slot.plan;  // another thread was faster
    if (stats_.resident >= kPlanCacheCapacity) {
      Slot* oldest = nullptr;
      for (Slot& s : slots_) {
        if (s.plan && (oldest == nullptr || s.last_used < oldest->last_used)) oldest = &s;
      }
      if (oldest != nullptr) {  // always: resident > 0 plans are in the slots
        dropped = std::move(oldest->plan);
        oldest->plan.reset();
        --stats_.resident;
        ++stats_.evictions;
      }
    }
    slot.plan = std::move(plan);
    slot.last_used = ++clock_;
    ++stats_.resident;
    return slot.plan;
  }

  PlanCacheStats stats() const {
    const std::lock_guard lock(mutex_);
    return stats_;
  }

 private:
  struct Slot {
    std::shared_ptr<const YearPlan> plan;
    std::uint64_t last_used = 0;
  };
  static std::size_t index(int year) { return static_cast<std::size_t>(year - kMinYear); }

  mutable std::mutex mutex_;
  std::uint64_t clock_ = 0;
  PlanCacheStats stats_;
  // Liturgical years kMinYear..kMaxYear + 1 (Advent of 4099 begins liturgical year 4100).
  std::array<Slot, kMaxYear - kMinYear + 2> slots_{};
};

CompiledBook::CompiledBook(BookDefinition definition)
    : BookDefinition(std::move(definition)), cache_(std::make_unique<YearCache>()) {}
CompiledBook::~CompiledBook() = default;

std::shared_ptr<const CompiledBook> CompiledBook::compile(BookDefinition definition) {
  // Not make_shared: the constructor is private, so that every book is born const and shared.
  return std::shared_ptr<const CompiledBook>(new CompiledBook(std::move(definition)));
}

Index BookDefinition::find_celebration(std::string_view key) const {
  for (Index i = 0; i < celebrations.size(); ++i) {
    if (celebrations[i].key == key) return i;
  }
  return kNoIndex;
}

Index BookDefinition::find_celebration_by_id(int id) const {
  for (Index i = 0; i < celebrations.size(); ++i) {
    if (celebrations[i].id == id) return i;
  }
  return kNoIndex;
}

Index BookDefinition::find_season(std::string_view key) const {
  for (Index i = 0; i < seasons.size(); ++i) {
    if (seasons[i].key == key) return i;
  }
  return kNoIndex;
}

Index BookDefinition::find_sunday_key(std::string_view key) const {
  for (Index i = 0; i < sunday_keys.size(); ++i) {
    if (sunday_keys[i] == key) return i;
  }
  return kNoIndex;
}

Index BookDefinition::find_colour(std::string_view slug) const {
  for (Index i = 0; i < palette.size(); ++i) {
    if (palette[i] == slug) return i;
  }
  return kNoIndex;
}

const LanguageStrings& BookDefinition::strings_for(std::string_view tag) const {
  for (const auto& s : strings) {
    if (s.lang == tag) return s;
  }
  const std::string_view base = tag.substr(0, tag.find('-'));
  for (const auto& s : strings) {
    if (std::string_view(s.lang).substr(0, s.lang.find('-')) == base) return s;
  }
  return strings.front();
}

Days CompiledBook::year_begins_in(int civil_year) const {
  detail::YearContext ctx;
  ctx.year = civil_year;
  ctx.easter = easter(civil_year);
  // No celebration dates: the loader rejects a year_start that depends on a celebration.
  if (auto d = detail::evaluate(*this, year_start, ctx)) return *d;
  // Unreachable for a book that loaded (year_start is required and celebration-free).
  return Days{date::year{civil_year} / 12 / 1};
}

int CompiledBook::liturgical_year_of(Days day) const {
  const int y = year_of(to_civil(day));
  return day >= year_begins_in(y) ? y + 1 : y;
}

std::shared_ptr<const YearPlan> CompiledBook::year_plan(int liturgical_year) const {
  if (liturgical_year < kMinYear || liturgical_year > kMaxYear + 1) {
    return detail::PlanBuilder(*this, liturgical_year).build();  // refused by the callers
  }
  if (auto plan = cache_->find(liturgical_year)) return plan;
  return cache_->keep(liturgical_year, detail::PlanBuilder(*this, liturgical_year).build());
}

PlanCacheStats CompiledBook::plan_cache_stats() const { return cache_->stats(); }

std::string_view ResolvedDay::sunday_cycle() const {
  const auto& c = book_->sunday_cycle;
  if (c.empty()) return {};
  return c[static_cast<std::size_t>(plan_->liturgical_year) % c.size()];
}

std::string_view ResolvedDay::weekday_cycle() const {
  const auto& c = book_->weekday_cycle;
  if (c.empty()) return {};
  return c[static_cast<std::size_t>(plan_->liturgical_year) % c.size()];
}

}  // namespace kalendar
