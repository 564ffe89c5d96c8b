// Request-time lookups: a day's readings for an office, and its collects. Everything is read
// from the compiled book and the cached year plan; keys are built in fixed buffers.
#include "day_keys.hpp"

#include "kalendar/engine.hpp"

#include <algorithm>

namespace kalendar {

namespace {

bool contains(const std::vector<std::string>& list, std::string_view value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

const std::vector<std::string>& preference_options(const CompiledBook& b, std::string_view key) {
  static const std::vector<std::string> kNone;
  for (const Preference& p : b.preferences) {
    if (p.key == key) return p.options;
  }
  return kNone;
}

// The book's default for a preference, else the first of `fallback`.
std::string_view preference_default(const CompiledBook& b, std::string_view key,
                                    const std::vector<std::string>& fallback) {
  for (const Preference& p : b.preferences) {
    if (p.key == key && !p.default_value.empty()) return p.default_value;
  }
  return fallback.empty() ? std::string_view() : std::string_view(fallback.front());
}

const LectionaryRow* find_row(const LectionaryTable& t, std::string_view key,
                              std::string_view cycle) {
  auto it = t.by_key.find(key);
  if (it == t.by_key.end()) return nullptr;
  const LectionaryRow* all = nullptr;
  for (std::uint32_t i : it->second) {
    if (t.rows[i].cycle == cycle) return &t.rows[i];
    if (t.rows[i].cycle == "all") all = &t.rows[i];
  }
  return all;
}

}  // namespace

namespace {

// The lookup itself, for the day given (the caller decided whether the evening follows the eve).
Result<ReadingSet> lookup_readings(const ResolvedDay& day, const ReadingRequest& request) {
  const CompiledBook& b = day.book();
  ReadingSet out;
  out.service = request.service;
  out.track = request.reading_type.empty() ? preference_default(b, "reading_type", b.reading_types)
                                           : request.reading_type;
  out.psalter = request.psalter.empty() ? preference_default(b, "psalter", {}) : request.psalter;
  if (!request.reading_type.empty() && !contains(b.reading_types, request.reading_type)) {
    return engine_error(
        EngineErrc::unknown_reading_type,
        "book '" + b.code + "' has no reading type '" + std::string(request.reading_type) + "'");
  }
  if (!request.psalter.empty() && !contains(preference_options(b, "psalter"), request.psalter)) {
    return engine_error(EngineErrc::unknown_psalter, "book '" + b.code + "' has no psalter '" +
                                                         std::string(request.psalter) + "'");
  }
  const detail::DayKeys keys = detail::day_keys(day);
  const detail::DayFacts facts = detail::day_facts(day);
  const detail::ConditionMatcher matcher(b, day.plan().contexts, day.plan().options);
  std::array<char, 128> buffer{};
  for (const LookupPart& part_def :
       b.lectionary_lookup[static_cast<std::size_t>(request.service)]) {
    ReadingPart part;
    part.name = part_def.name;
    const auto part_index = static_cast<std::uint8_t>(out.parts.size());
    for (std::size_t s = 0; s < part_def.steps.size(); ++s) {
      const LookupStep& step = part_def.steps[s];
      if (!step.psalter.empty() && step.psalter != out.psalter) continue;
      if (!step.when.empty() && !matcher.matches(step.when.front(), facts)) continue;
      std::size_t length = 0;
      if (!detail::expand_key(step.key_template, keys, buffer, length)) continue;
      const std::string_view key(buffer.data(), length);
      const LectionaryTable& table = b.lectionaries[step.table];
      std::string_view cycle = "all";
      switch (table.cycle) {
        case CycleSource::sunday:
          cycle = day.sunday_cycle();
          break;
        case CycleSource::weekday:
          cycle = day.weekday_cycle();
          break;
        case CycleSource::reference_sunday:
          cycle = keys.reference_cycle;
          break;
        case CycleSource::none:
          break;
      }
      const LectionaryRow* row = find_row(table, key, cycle);
      if (row == nullptr) {
        part.tried.push_back(table.key + ":" + std::string(key) + "/" + std::string(cycle));
        continue;
      }
      part.found = true;
      part.table = &table;
      part.row = row;
      part.step = s;
      part.key = std::string(key);
      part.cycle = row->cycle;
      for (const SlotEntry& e : row->slots) {
        if (!part_def.slots.empty() && std::find(part_def.slots.begin(), part_def.slots.end(),
                                                 e.slot) == part_def.slots.end()) {
          continue;  // this part takes only some slots of its row
        }
        if (!e.has_tracks()) {
          out.readings.push_back({e.slot, e.options, {}, part_index});
          continue;
        }
        const auto& chosen =
            out.track == b.tracks[static_cast<std::size_t>(TrackKind::complementary)]
                ? e.complementary
                : e.semicontinuous;
        if (chosen.empty()) {
          out.missing.push_back(e.slot);  // never the other track in its place
          continue;
        }
        out.readings.push_back({e.slot, chosen, out.track, part_index});
      }
      break;
    }
    out.parts.push_back(std::move(part));
  }
  return out;
}

}  // namespace

Result<ReadingSet> find_readings(const ResolvedDay& day, const ReadingRequest& request) {
  if (request.service == Service::evening) {
    // First Evensong: the evening reads what the book gives the next day's observance.
    if (const std::optional<Eve> eve = day.eve(); eve && eve->rule_def().readings) {
      auto set = lookup_readings(eve->day, request);
      if (!set.ok()) return set;
      ReadingSet out = std::move(set).value();
      out.eve = true;
      return out;
    }
  }
  return lookup_readings(day, request);
}

std::vector<ResolvedCollect> find_collects(const ResolvedDay& day, Service service) {
  if (service == Service::evening) {
    if (const std::optional<Eve> eve = day.eve(); eve && eve->rule_def().collect) {
      std::vector<ResolvedCollect> out = find_collects(eve->day);
      for (ResolvedCollect& c : out) c.eve = true;
      return out;
    }
  }
  return find_collects(day);
}

namespace {

// An observance kept beside what prevailed (transfer action keep_both) says its own collect (the
// one keyed by its celebration or Sunday) after the collects of what prevailed, whatever order
// the lookup gave: moved to the end, or added when the lookup did not give it.
template <typename Add>
void add_kept_collects(const ResolvedDay& day, std::vector<ResolvedCollect>& out, Add& add) {
  const CompiledBook& b = day.book();
  for (const Observance& o : day.observances().subspan(1)) {
    if (o.fate != Fate::kept) continue;
    std::string_view key;
    CollectKind kind = CollectKind::celebration;
    if (o.kind == ObservanceKind::celebration) {
      key = b.celebrations[o.celebration].key;
    } else if (o.kind == ObservanceKind::sunday && day.record().sunday_key != kNoIndex) {
      key = b.sunday_keys[day.record().sunday_key];
      kind = CollectKind::sunday;
    }
    if (key.empty()) continue;
    const auto same = [&](const ResolvedCollect& c) { return c.key->key == key; };
    const auto found = std::find_if(out.begin(), out.end(), same);
    if (found != out.end()) {
      std::rotate(found, found + 1, out.end());
    } else {
      add(key, kind, o.kind == ObservanceKind::celebration);
    }
  }
}

}  // namespace

std::vector<ResolvedCollect> find_collects(const ResolvedDay& day) {
  const CompiledBook& b = day.book();
  std::vector<ResolvedCollect> out;
  const detail::DayKeys keys = detail::day_keys(day);
  const detail::DayFacts facts = detail::day_facts(day);
  const detail::ConditionMatcher matcher(b, day.plan().contexts, day.plan().options);
  std::array<char, 128> buffer{};
  // Adds the collect of `key` (or of its celebration's common); false when the book has none.
  auto add = [&](std::string_view key, CollectKind kind, bool common_fallback) {
    ResolvedCollect c;
    c.kind = kind;
    c.celebration = b.find_celebration(key);
    c.sunday_key = b.find_sunday_key(key);
    auto it = b.collect_index.find(key);
    if (it == b.collect_index.end() && common_fallback && c.celebration != kNoIndex &&
        !b.celebrations[c.celebration].common.empty()) {
      it = b.collect_index.find("common_" + b.celebrations[c.celebration].common);
      c.from_common = true;
    }
    if (it == b.collect_index.end()) return false;
    c.key = &b.collect_keys[it->second];
    const bool duplicate = std::any_of(out.begin(), out.end(), [&](const ResolvedCollect& o) {
      return o.key == c.key && o.celebration == c.celebration;
    });
    if (c.celebration != kNoIndex)
      c.for_celebration = NamedRef{c.celebration, b.celebrations[c.celebration].key};
    if (c.sunday_key != kNoIndex)
      c.for_sunday = NamedRef{c.sunday_key, b.sunday_keys[c.sunday_key]};
    if (!duplicate) out.push_back(c);
    return true;
  };
  for (const CollectStep& step : b.collect_lookup) {
    if (!step.when.empty() && !matcher.matches(step.when.front(), facts)) continue;
    std::size_t length = 0;
    if (!detail::expand_key(step.key_template, keys, buffer, length)) continue;
    if (!add(std::string_view(buffer.data(), length), step.kind, step.common_fallback)) continue;
    if (step.first_only) break;
  }
  add_kept_collects(day, out, add);
  return out;
}

}  // namespace kalendar
