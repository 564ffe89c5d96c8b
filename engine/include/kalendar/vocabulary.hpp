// One helper for the engine's closed sets: each enum's slugs live in one constexpr table (the
// kXxxSlugs array beside the enum, in enumerator order), and slug(), parse<E>() and all<E>()
// read that table, so no caller writes its own switch, loop or copy of the list.
//
// Example:
//   slug(Fate::transferred) == "transferred"
//   parse<Service>("eucharist") == Service::eucharist;  parse<Service>("all") == std::nullopt
//   all<Service>().size() == 4
#pragma once

#include "kalendar/engine.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace kalendar {

// The slug table of a closed enum. Specialised below, once per enum.
template <typename E>
struct Vocabulary;

#define KALENDAR_VOCABULARY(Enum, table)        \
  template <>                                   \
  struct Vocabulary<Enum> {                     \
    static constexpr const auto& slugs = table; \
  }

KALENDAR_VOCABULARY(CelebrationType, kCelebrationTypeSlugs);
KALENDAR_VOCABULARY(ObservanceKind, kObservanceKindSlugs);
KALENDAR_VOCABULARY(Relation, kRelationSlugs);
KALENDAR_VOCABULARY(TransferAction, kTransferActionSlugs);
KALENDAR_VOCABULARY(Collision, kCollisionSlugs);
KALENDAR_VOCABULARY(MoveKind, kMoveKindSlugs);
KALENDAR_VOCABULARY(TrackKind, kTrackKindSlugs);
KALENDAR_VOCABULARY(FastKind, kFastKindSlugs);
KALENDAR_VOCABULARY(Fate, kFateSlugs);
KALENDAR_VOCABULARY(ColourSource, kColourSourceSlugs);
KALENDAR_VOCABULARY(Service, kServiceSlugs);
KALENDAR_VOCABULARY(Slot, kSlotSlugs);
KALENDAR_VOCABULARY(CycleSource, kCycleSourceSlugs);
KALENDAR_VOCABULARY(CollectKind, kCollectKindSlugs);
KALENDAR_VOCABULARY(EngineErrc, kEngineErrcSlugs);

#undef KALENDAR_VOCABULARY

// The slug of a value. Example: slug(FastKind::abstinence) == "abstinence".
template <typename E>
[[nodiscard]] constexpr std::string_view slug(E value) {
  return Vocabulary<E>::slugs[static_cast<std::size_t>(value)];
}

// The value a slug names, or none. Example: parse<Slot>("gospel") == Slot::gospel.
template <typename E>
[[nodiscard]] constexpr std::optional<E> parse(std::string_view text) {
  for (std::size_t i = 0; i < Vocabulary<E>::slugs.size(); ++i) {
    if (Vocabulary<E>::slugs[i] == text) return static_cast<E>(i);
  }
  return std::nullopt;
}

// Every value, in declaration order. Example: all<Collision>() == {shift, skip}.
template <typename E>
[[nodiscard]] constexpr auto all() {
  std::array<E, Vocabulary<E>::slugs.size()> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<E>(i);
  return out;
}

}  // namespace kalendar
