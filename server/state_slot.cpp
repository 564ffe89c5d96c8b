#include "state_slot.hpp"

#include <utility>

namespace kalendar::api {

StateSlot::StateSlot(std::shared_ptr<const AppState> initial)
    : current_(std::make_shared<const PinnedState>()) {
  if (initial != nullptr) swap(std::move(initial));
}

PinnedState StateSlot::pin() const { return *current_.load(std::memory_order_acquire); }

std::uint64_t StateSlot::swap(std::shared_ptr<const AppState> next) {
  // Generation and state travel in one object, so a reader never pairs one with the other's.
  const std::lock_guard lock(swap_mutex_);
  const std::uint64_t generation = ++last_generation_;
  current_.store(std::make_shared<const PinnedState>(PinnedState{std::move(next), generation}),
                 std::memory_order_release);
  return generation;
}

}  // namespace kalendar::api
