#include "kalendar/book.hpp"

#include "date_eval.hpp"
#include "plan_builder.hpp"
#include "plan_index.hpp"

#include "kalendar/resolved.hpp"

#include <algorithm>
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

// The resolved years of option sets other than the book's defaults (issue 14): at most
// kOptionPlanCacheCapacity (set, year) entries per book, least recently used dropped, so a client
// trying every combination of options and years cannot grow the process. A linear scan: the
// capacity is small, and building a plan costs far more than comparing a few dozen short sets.
class OptionYearCache {
 public:
  std::shared_ptr<const YearPlan> find(const OptionSet& options, int year) {
    const std::lock_guard lock(mutex_);
    for (Entry& e : entries_) {
      if (e.year == year && e.options == options) {
        ++stats_.hits;
        e.last_used = ++clock_;
        return e.plan;
      }
    }
    ++stats_.misses;
    return nullptr;
  }

  std::shared_ptr<const YearPlan> keep(const OptionSet& options, int year,
                                       std::shared_ptr<const YearPlan> plan) {
    std::shared_ptr<const YearPlan> dropped;  // released outside the lock
    const std::lock_guard lock(mutex_);
    for (const Entry& e : entries_) {
      if (e.year == year && e.options == options) return e.plan;  // another thread was faster
    }
    if (entries_.size() >= kOptionPlanCacheCapacity) {
      auto oldest = std::min_element(
          entries_.begin(), entries_.end(),
          [](const Entry& a, const Entry& b) { return a.last_used < b.last_used; });
      dropped = std::move(oldest->plan);
      entries_.erase(oldest);
      ++stats_.evictions;
    }
    entries_.push_back({options, year, plan, ++clock_});
    stats_.resident = entries_.size();
    return plan;
  }

  PlanCacheStats stats() const {
    const std::lock_guard lock(mutex_);
    return stats_;
  }

 private:
  struct Entry {
    OptionSet options;
    int year = 0;
    std::shared_ptr<const YearPlan> plan;
    std::uint64_t last_used = 0;
  };
  mutable std::mutex mutex_;
  std::uint64_t clock_ = 0;
  PlanCacheStats stats_;
  std::vector<Entry> entries_;
};

CompiledBook::CompiledBook(BookDefinition definition)
    : BookDefinition(std::move(definition)),
      plan_index_(std::make_unique<const detail::PlanIndex>(detail::make_plan_index(*this))),
      cache_(std::make_unique<YearCache>()),
      option_cache_(std::make_unique<OptionYearCache>()) {}
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

std::shared_ptr<const YearPlan> CompiledBook::year_plan(int liturgical_year,
                                                        const OptionSet& requested) const {
  if (liturgical_year < kMinYear || liturgical_year > kMaxYear + 1) {
    return detail::PlanBuilder(*this, liturgical_year, normalize_options(requested))
        .build();  // refused by the callers
  }
  if (requested.is_default() || normalize_options(requested).is_default()) {
    if (auto plan = cache_->find(liturgical_year)) return plan;
    return cache_->keep(liturgical_year, detail::PlanBuilder(*this, liturgical_year).build());
  }
  const OptionSet set = normalize_options(requested);
  if (auto plan = option_cache_->find(set, liturgical_year)) return plan;
  return option_cache_->keep(set, liturgical_year,
                             detail::PlanBuilder(*this, liturgical_year, set).build());
}

PlanCacheStats CompiledBook::plan_cache_stats() const { return cache_->stats(); }
PlanCacheStats CompiledBook::option_plan_cache_stats() const { return option_cache_->stats(); }

Index BookDefinition::find_option(std::string_view key) const {
  for (Index i = 0; i < options.size(); ++i) {
    if (options[i].key == key) return i;
  }
  return kNoIndex;
}

std::vector<OptionValue> BookDefinition::default_option_values() const {
  std::vector<OptionValue> out;
  out.reserve(options.size());
  for (const CalendarOption& o : options) out.push_back(o.default_value);
  return out;
}

std::optional<OptionValue> BookDefinition::parse_option_value(Index option,
                                                              std::string_view text) const {
  const CalendarOption& o = options[option];
  if (!o.is_date) {
    for (std::size_t i = 0; i < o.values.size(); ++i) {
      if (o.values[i] == text) return static_cast<OptionValue>(i);
    }
    return std::nullopt;
  }
  // MM-DD, a day that exists in some year (29 February is kept only in leap years).
  if (text.size() != 5 || text[2] != '-') return std::nullopt;
  auto digit = [&](std::size_t i) { return text[i] >= '0' && text[i] <= '9'; };
  if (!digit(0) || !digit(1) || !digit(3) || !digit(4)) return std::nullopt;
  const unsigned month = static_cast<unsigned>((text[0] - '0') * 10 + (text[1] - '0'));
  const unsigned day = static_cast<unsigned>((text[3] - '0') * 10 + (text[4] - '0'));
  const CivilDate probe{date::year{2000}, date::month{month}, date::day{day}};  // a leap year
  if (!probe.ok()) return std::nullopt;
  return static_cast<OptionValue>(month * 32 + day);
}

std::string BookDefinition::option_value_text(Index option, OptionValue value) const {
  const CalendarOption& o = options[option];
  if (!o.is_date) return value < o.values.size() ? o.values[value] : std::string();
  if (value == kUnsetDateOption) return {};
  const unsigned month = value / 32u;
  const unsigned day = value % 32u;
  std::string out(5, '-');
  out[0] = static_cast<char>('0' + month / 10);
  out[1] = static_cast<char>('0' + month % 10);
  out[3] = static_cast<char>('0' + day / 10);
  out[4] = static_cast<char>('0' + day % 10);
  return out;
}

OptionValue BookDefinition::option_value(const OptionSet& set, Index option) const {
  const auto values = set.values();
  return option < values.size() ? values[option] : options[option].default_value;
}

OptionSet BookDefinition::normalize_options(const OptionSet& set) const {
  const auto values = set.values();
  for (Index i = 0; i < values.size() && i < options.size(); ++i) {
    if (values[i] != options[i].default_value) return set;
  }
  return {};
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
