#include "day_keys.hpp"

#include <charconv>

namespace kalendar::detail {

DayFacts day_facts(const ResolvedDay& day) {
  const DayRecord& r = day.record();
  DayFacts f;
  f.date = r.date;
  f.season = r.season;
  f.sub_season = r.sub_season;
  f.own_sunday_key = day.is_sunday() ? r.sunday_key : kNoIndex;
  f.week = r.week;
  f.prevailing = &day.prevailing();
  // Before week 1: the governing Sunday is not yet a Sunday of this season (see year_plan.cpp).
  f.before_first_sunday = r.week == 0;
  f.weeks_to_end = r.weeks_to_end;
  return f;
}

DayKeys day_keys(const ResolvedDay& day) {
  const CompiledBook& b = day.book();
  const DayRecord& r = day.record();
  DayKeys k;
  if (const Celebration* c = day.prevailing_celebration()) {
    k.celebration = c->key;
    if (!c->common.empty()) k.common = "common_" + c->common;
  }
  for (const Observance& o : day.observances().subspan(1)) {
    if (o.kind == ObservanceKind::celebration && o.fate == Fate::commemorated) {
      k.commemoration = b.celebrations[o.celebration].key;
      break;
    }
  }
  if (r.sunday_key != kNoIndex) {
    k.governing_sunday = b.sunday_keys[r.sunday_key];
    if (day.is_sunday()) k.sunday = k.governing_sunday;
  }
  k.reference_sunday = k.governing_sunday;
  k.reference_cycle = day.sunday_cycle();
  const unsigned wd = day.weekday().c_encoding();
  if (wd >= 4) {
    // Thursday to Saturday prepare for the coming Sunday, which may open the next year.
    const Days next = r.governing_sunday + date::days{7};
    const YearPlan* plan = &day.plan();
    std::shared_ptr<const YearPlan> other;
    if (next > plan->last_day) {
      other = b.year_plan(plan->liturgical_year + 1, plan->options);
      plan = other.get();
    }
    const DayRecord* n = plan->find(next);
    k.reference_sunday = n != nullptr && n->sunday_key != kNoIndex
                             ? std::string_view(b.sunday_keys[n->sunday_key])
                             : std::string_view();
    if (!b.sunday_cycle.empty()) {
      k.reference_cycle =
          b.sunday_cycle[static_cast<std::size_t>(plan->liturgical_year) % b.sunday_cycle.size()];
    }
  }
  k.weekday = weekday_slug(day.weekday());
  k.season = b.seasons[r.season].key;
  const CivilDate c = to_civil(r.date);
  const unsigned m = month_of(c);
  const unsigned d = day_of(c);
  k.date = {static_cast<char>('0' + m / 10), static_cast<char>('0' + m % 10), '-',
            static_cast<char>('0' + d / 10), static_cast<char>('0' + d % 10), '\0'};
  k.day_of_month = static_cast<int>(d);
  k.week = r.week;
  k.proper = r.proper;
  return k;
}

bool expand_key(std::string_view tmpl, const DayKeys& keys, std::array<char, 128>& out,
                std::size_t& length) {
  length = 0;
  auto append = [&](std::string_view s) {
    if (length + s.size() > out.size()) return false;
    for (char c : s) out[length++] = c;
    return true;
  };
  std::size_t i = 0;
  while (i < tmpl.size()) {
    if (tmpl[i] != '{') {
      if (!append(tmpl.substr(i, 1))) return false;
      ++i;
      continue;
    }
    const auto end = tmpl.find('}', i);
    const std::string_view name = tmpl.substr(i + 1, end - i - 1);
    i = end + 1;
    std::string_view value;
    std::array<char, 12> number{};
    if (name == "week" || name == "proper" || name == "day") {
      const int n = name == "week" ? keys.week : name == "proper" ? keys.proper : keys.day_of_month;
      if (n <= 0) return false;
      const auto [p, ec] = std::to_chars(number.data(), number.data() + number.size(), n);
      value = std::string_view(number.data(), static_cast<std::size_t>(p - number.data()));
    } else if (name == "date") {
      value = std::string_view(keys.date.data(), 5);
    } else if (name == "celebration") {
      value = keys.celebration;
    } else if (name == "common") {
      value = keys.common;
    } else if (name == "commemoration") {
      value = keys.commemoration;
    } else if (name == "sunday") {
      value = keys.sunday;
    } else if (name == "governing_sunday") {
      value = keys.governing_sunday;
    } else if (name == "reference_sunday") {
      value = keys.reference_sunday;
    } else if (name == "weekday") {
      value = keys.weekday;
    } else if (name == "season") {
      value = keys.season;
    }
    if (value.empty() || !append(value)) return false;
  }
  return true;
}

}  // namespace kalendar::detail
