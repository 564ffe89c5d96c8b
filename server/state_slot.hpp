// The data every /api/v2 answer is computed from, held the way date's tzdb_list holds its
// databases: one immutable AppState behind an atomic shared pointer, replaced whole on reload.
//
// A request pins the state current when it starts (pin()) and answers from that pin alone, so a
// reload never mixes two versions in one answer, and the old state lives until its last request
// lets go. The generation numbers the states a slot has held (1, 2, ...): the response cache
// keys on it, so an answer cached from one state is never served from another.
//
// Example:
//   StateSlot slot(first_state);              // generation 1
//   PinnedState pin = slot.pin();             // keeps first_state alive while held
//   slot.swap(second_state);                  // generation 2; `pin` still reads first_state
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>

namespace kalendar::api {

struct AppState;  // app/app_state.hpp: books, engine, Bibles, text packs, zones

// One state as a request holds it. Example: pin.state->engine->books().size().
struct PinnedState {
  std::shared_ptr<const AppState> state;
  std::uint64_t generation = 0;  // 0: no state (an empty slot)
};

// The current AppState; thread-safe. Reading takes no mutex (an atomic load and a reference
// count), so requests never wait for a reload.
// Example: see the top of this file.
class StateSlot {
 public:
  // A slot holding `initial` as generation 1 (nullptr: empty until the first swap).
  explicit StateSlot(std::shared_ptr<const AppState> initial = nullptr);
  StateSlot(const StateSlot&) = delete;
  StateSlot& operator=(const StateSlot&) = delete;

  // The current state and its generation, read together. Example: auto pin = slot.pin();
  [[nodiscard]] PinnedState pin() const;
  // Makes `next` current for every request that starts from now on; returns its generation.
  // Requests already running keep the state they pinned. Example: slot.swap(reloaded) == 2.
  std::uint64_t swap(std::shared_ptr<const AppState> next);

 private:
  std::atomic<std::shared_ptr<const PinnedState>> current_;
  std::mutex swap_mutex_;  // swaps in generation order, even from two reloaders
  std::uint64_t last_generation_ = 0;
};

}  // namespace kalendar::api
