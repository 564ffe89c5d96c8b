// Lectionary tables, their lookup per service, and collect keys (see lectionary.hpp).
#include "book_parser.hpp"
#include "reader.hpp"

#include <algorithm>
#include <set>

namespace kalendar::detail {

namespace {

constexpr std::array<std::string_view, 12> kPlaceholders = {
    "celebration",      "commemoration", "sunday", "governing_sunday",
    "reference_sunday", "weekday",       "date",   "day",
    "season",           "week",          "proper", "common"};

}  // namespace

bool BookParser::check_key_template(const SourceNode& node) {
  const std::string& t = node.scalar;
  if (!node.is_scalar() || t.empty()) {
    diags_.error(node.loc, "a key template is a text such as \"{sunday}\" or \"{date}\"");
    return false;
  }
  for (std::size_t pos = t.find('{'); pos != std::string::npos; pos = t.find('{', pos + 1)) {
    const auto end = t.find('}', pos);
    const std::string name = end == std::string::npos ? "" : t.substr(pos + 1, end - pos - 1);
    if (std::find(kPlaceholders.begin(), kPlaceholders.end(), name) == kPlaceholders.end()) {
      std::string list;
      for (auto p : kPlaceholders) list += (list.empty() ? "{" : ", {") + std::string(p) + "}";
      diags_.error(node.loc, "unknown placeholder in '" + t + "' (known: " + list + ")");
      return false;
    }
  }
  return true;
}

std::vector<ReadingOption> BookParser::parse_options(const SourceNode& value) {
  std::vector<ReadingOption> out;
  for (const SourceNode* item : as_list(&value)) {
    ReadingOption o;
    o.loc = item->loc;
    if (item->is_scalar()) {
      o.reference = read_text(item, diags_).value_or("");
    } else {
      MapReader m(*item, "reading", diags_);
      o.reference = read_text(m.require("ref"), diags_).value_or("");
      if (const SourceNode* s = m.get("short"))
        o.short_reference = read_text(s, diags_).value_or("");
      if (const SourceNode* n = m.get("note")) o.note = read_text(n, diags_).value_or("");
      m.finish();
    }
    if (!o.reference.empty()) out.push_back(std::move(o));
  }
  if (out.empty()) diags_.error(value.loc, "a reading needs at least one reference");
  return out;
}

SlotEntry BookParser::parse_slot(Slot slot, const SourceNode& value) {
  SlotEntry e;
  e.slot = slot;
  const bool tracks = value.is_map() && std::any_of(value.entries.begin(), value.entries.end(),
                                                    [&](const auto& entry) {
                                                      return track_kind(entry.first.scalar);
                                                    });
  if (!tracks) {
    e.options = parse_options(value);
    return e;
  }
  // {semicontinuous: ..., complementary: ...}, or the book's own words for them (`tracks:`).
  for (const auto& [key, body] : value.entries) {
    const auto kind = track_kind(key.scalar);
    if (!kind) {
      diags_.error(key.loc, "unknown track '" + key.scalar + "' (expected " + book_->tracks[0] +
                                " or " + book_->tracks[1] + ")");
      continue;
    }
    auto& options = *kind == TrackKind::complementary ? e.complementary : e.semicontinuous;
    if (!options.empty()) {
      diags_.error(key.loc, "track '" + key.scalar + "' is given twice");
      continue;
    }
    options = parse_options(body);
  }
  return e;
}

void BookParser::parse_lectionaries() {
  std::map<std::string, std::uint32_t> tables;
  if (const auto* list = src_.list("lectionaries")) {
    for (const SourceNode& node : *list) {
      MapReader m(node, "lectionary table", diags_);
      LectionaryTable t;
      read_entry_header(m, node, t);
      if (auto c = read_choice(m.require("cycle"), kCycleSourceSlugs, "cycle source", diags_)) {
        t.cycle = static_cast<CycleSource>(*c);
      }
      const SourceNode* rows = m.require("rows");
      m.finish();
      if (rows != nullptr && !rows->is_map()) {
        diags_.error(rows->loc, "'rows' maps row keys to their columns");
        rows = nullptr;
      }
      for (const auto& [key_node, columns] : rows ? rows->entries : decltype(rows->entries){}) {
        if (!columns.is_map()) {
          diags_.error(columns.loc,
                       "a row maps its cycle columns (A, B, C, one, two or all) to readings");
          continue;
        }
        for (const auto& [cycle_node, body] : columns.entries) {
          LectionaryRow row;
          row.key = key_node.scalar;
          row.cycle = cycle_node.scalar;
          row.loc = cycle_node.loc;
          const bool cycle_ok =
              row.cycle == "all" ||
              (t.cycle == CycleSource::none
                   ? false
                   : std::find(book_->sunday_cycle.begin(), book_->sunday_cycle.end(), row.cycle) !=
                             book_->sunday_cycle.end() ||
                         std::find(book_->weekday_cycle.begin(), book_->weekday_cycle.end(),
                                   row.cycle) != book_->weekday_cycle.end());
          if (!cycle_ok) {
            diags_.error(cycle_node.loc,
                         "unknown column '" + row.cycle + "' for a table with cycle " +
                             std::string(kCycleSourceSlugs[static_cast<std::size_t>(t.cycle)]));
            continue;
          }
          if (body.is_map()) {
            for (const auto& [slot_node, value] : body.entries) {
              if (auto s = read_choice(&slot_node, kSlotSlugs, "reading slot", diags_)) {
                row.slots.push_back(parse_slot(static_cast<Slot>(*s), value));
              }
            }
          } else if (body.is_seq()) {
            // List form keeps repeated slots in order (a vigil's lessons and psalms).
            for (const SourceNode& item : body.items) {
              MapReader im(item, "reading", diags_);
              const auto s = read_choice(im.require("slot"), kSlotSlugs, "reading slot", diags_);
              const SourceNode* read = im.require("read");
              im.finish();
              if (s && read != nullptr)
                row.slots.push_back(parse_slot(static_cast<Slot>(*s), *read));
            }
          } else {
            diags_.error(body.loc,
                         "a row's readings are a mapping of slots (or a list of {slot, read})");
            continue;
          }
          const auto index = static_cast<std::uint32_t>(t.rows.size());
          auto& same = t.by_key[row.key];
          for (std::uint32_t other : same) {
            if (t.rows[other].cycle == row.cycle) {
              diags_.error(cycle_node.loc,
                           "row '" + row.key + "' has column '" + row.cycle + "' twice");
            }
          }
          same.push_back(index);
          t.rows.push_back(std::move(row));
        }
      }
      if (!tables.emplace(t.key, static_cast<std::uint32_t>(book_->lectionaries.size())).second) {
        diags_.error(node.loc, "lectionary table '" + t.key + "' is defined twice");
      }
      book_->lectionaries.push_back(std::move(t));
    }
  }
  const SourceNode* lookup = src_.single("lectionary_lookup");
  if (lookup == nullptr) return;
  auto parse_step = [&](const SourceNode& step_node) -> std::optional<LookupStep> {
    MapReader sm(step_node, "lookup step", diags_);
    LookupStep step;
    step.loc = step_node.loc;
    const LectionaryTable* table = nullptr;
    if (const SourceNode* t = sm.require("table")) {
      auto it = tables.find(t->scalar);
      if (it == tables.end()) {
        diags_.error(t->loc, "unknown lectionary table '" + t->scalar + "'");
      } else {
        step.table = it->second;
        table = &book_->lectionaries[step.table];
      }
    }
    if (const SourceNode* k = sm.require("key"); k != nullptr && check_key_template(*k)) {
      step.key_template = k->scalar;
      // A key without placeholders names one row: it must exist, or the step can never answer.
      if (table != nullptr && k->scalar.find('{') == std::string::npos &&
          table->by_key.count(k->scalar) == 0) {
        diags_.error(k->loc,
                     "lectionary table '" + table->key + "' has no row '" + k->scalar + "'");
      }
    }
    if (const SourceNode* w = sm.get("when"))
      step.when.push_back(parse_day_match(*w, "lookup condition"));
    if (const SourceNode* p = sm.get("psalter")) step.psalter = read_slug(p, diags_).value_or("");
    sm.finish();
    if (step.key_template.empty()) return std::nullopt;
    return step;
  };
  MapReader m(*lookup, "lectionary_lookup", diags_);
  for (std::size_t s = 0; s < kServiceSlugs.size(); ++s) {
    const SourceNode* service = m.get(kServiceSlugs[s]);
    if (service == nullptr) continue;
    if (!service->is_seq()) {
      diags_.error(service->loc, "a service's lookup is a list of steps or of {part, steps}");
      continue;
    }
    const bool parts = !service->items.empty() && service->items.front().find("part") != nullptr;
    auto& out = book_->lectionary_lookup[s];
    if (!parts) out.emplace_back();
    for (const SourceNode& item : service->items) {
      if (!parts) {
        if (item.find("part") != nullptr) diags_.error(item.loc, "mix of parts and plain steps");
        if (auto step = parse_step(item)) out.back().steps.push_back(std::move(*step));
        continue;
      }
      MapReader pm(item, "lookup part", diags_);
      LookupPart part;
      part.name = read_slug(pm.require("part"), diags_).value_or("");
      for (const SourceNode* step_node : as_list(pm.require("steps"))) {
        if (auto step = parse_step(*step_node)) part.steps.push_back(std::move(*step));
      }
      for (const SourceNode* slot : as_list(pm.get("slots"))) {
        if (auto v = read_choice(slot, kSlotSlugs, "reading slot", diags_)) {
          part.slots.push_back(static_cast<Slot>(*v));
        }
      }
      pm.finish();
      out.push_back(std::move(part));
    }
  }
  m.finish();
}

void BookParser::parse_collects() {
  const SourceNode* node = src_.single("collects");
  if (node == nullptr) return;
  MapReader m(*node, "collects", diags_);
  m.get("source");
  for (const auto& [slug, loc] : read_slug_list(m.get("commons"), diags_))
    book_->commons.push_back(slug);
  if (const SourceNode* keys = m.require("keys")) {
    for (const auto& [key_node, body] : keys->entries) {
      CollectKey k;
      k.key = read_slug(&key_node, diags_).value_or("");
      k.loc = key_node.loc;
      if (body.is_map()) {
        MapReader km(body, "collect", diags_);
        if (const SourceNode* t = km.get("title")) {
          k.title = read_text(t, diags_).value_or("");
          // Titles are names like any other: translations override them in the strings.
          if (!k.title.empty() && !k.key.empty()) inline_names_.texts["collects"][k.key] = t;
        }
        if (const SourceNode* r = km.get("reference"))
          k.reference = read_text(r, diags_).value_or("");
        km.finish();
      } else if (!body.is_null()) {
        diags_.error(body.loc, "a collect key takes {title, reference} (both optional)");
      }
      if (k.key.empty()) continue;
      if (!book_->collect_index.emplace(k.key, static_cast<Index>(book_->collect_keys.size()))
               .second) {
        diags_.error(key_node.loc, "collect '" + k.key + "' is listed twice");
        continue;
      }
      book_->collect_keys.push_back(std::move(k));
    }
  }
  for (const SourceNode* step_node : as_list(m.require("lookup"))) {
    MapReader sm(*step_node, "collect lookup step", diags_);
    CollectStep step;
    step.loc = step_node->loc;
    if (auto k = read_choice(sm.require("kind"), kCollectKindSlugs, "collect kind", diags_)) {
      step.kind = static_cast<CollectKind>(*k);
    }
    if (const SourceNode* k = sm.require("key"); k != nullptr && check_key_template(*k)) {
      step.key_template = k->scalar;
      if (k->scalar.find('{') == std::string::npos && book_->collect_index.count(k->scalar) == 0) {
        diags_.error(k->loc, "unknown collect key '" + k->scalar + "' (not in collects.keys)");
      }
    }
    if (const SourceNode* c = sm.get("common"))
      step.common_fallback = read_bool(c, diags_).value_or(false);
    if (const SourceNode* f = sm.get("first_only"))
      step.first_only = read_bool(f, diags_).value_or(false);
    if (const SourceNode* w = sm.get("when"))
      step.when.push_back(parse_day_match(*w, "collect condition"));
    sm.finish();
    if (!step.key_template.empty()) book_->collect_lookup.push_back(std::move(step));
  }
  m.finish();
  for (const Celebration& c : book_->celebrations) {
    if (!c.common.empty() &&
        std::find(book_->commons.begin(), book_->commons.end(), c.common) == book_->commons.end()) {
      diags_.error(c.loc, "celebration '" + c.key + "' names common '" + c.common +
                              "', which collects.commons does not list");
    }
  }
}

}  // namespace kalendar::detail
