#include "kalendar/book.hpp"

#include "date_eval.hpp"
#include "plan_builder.hpp"

#include "kalendar/resolved.hpp"

#include <mutex>
#include <utility>

namespace kalendar {

namespace {
// Years whose plans are kept once computed (about 45 KB each). Years outside are still answered,
// computed per call (well under a millisecond), so a client walking the whole 1583..4099 range
// cannot grow the process without bound.
constexpr int kCacheFrom = 1900;
constexpr int kCacheTo = 2200;
}  // namespace

// One slot per cached liturgical year: computed once, then read without locks.
class YearCache {
 public:
  struct Slot {
    std::once_flag once;
    std::shared_ptr<const YearPlan> plan;
  };
  std::array<Slot, kCacheTo - kCacheFrom + 1> slots;
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
  if (cache_ != nullptr && liturgical_year >= kCacheFrom && liturgical_year <= kCacheTo) {
    auto& slot = cache_->slots[static_cast<std::size_t>(liturgical_year - kCacheFrom)];
    std::call_once(slot.once,
                   [&] { slot.plan = detail::PlanBuilder(*this, liturgical_year).build(); });
    return slot.plan;
  }
  return detail::PlanBuilder(*this, liturgical_year).build();
}

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
