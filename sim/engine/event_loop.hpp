// An event loop for simulations that decide what happens next as they go: a serving engine's
// requests arrive at their own times and its scheduler forms each batch from what is waiting
// when the previous one ends, so no task graph can be built ahead (engine/executor.hpp runs
// those). The loop owns the event queue (engine/event_queue.hpp; only sim/engine sees it): a
// caller schedules events (a phase, a target id) and receives them back in order. Events of one
// instant are handled as a batch -- every completion (LoopEvent::done), then every arrival
// (LoopEvent::arrival), each in the order scheduled -- and only then is `after_instant` called, once,
// so a scheduler decides once per instant with everything that happened at it (the executor's
// "batch same-time events, then solve once"). Ties break by (time, phase, sequence): the same
// input gives the same order.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "base/time.hpp"

namespace simtrain::engine {

class EventQueue;

// What an event is, in the order events of one instant are handled.
enum class LoopEvent : std::uint8_t { done, arrival };

class EventLoop {
 public:
  EventLoop();
  ~EventLoop();
  EventLoop(const EventLoop&) = delete;
  EventLoop& operator=(const EventLoop&) = delete;

  // An event for `target` at `time` (never before now(): std::logic_error).
  void schedule(TimePs time, LoopEvent kind, std::uint32_t target);
  // Runs until no event is left. Honours the thread's Deadline (executor.hpp): throws
  // DeadlineExceeded past it.
  void run(const std::function<void(LoopEvent, std::uint32_t target)>& on_event,
           const std::function<void(TimePs now)>& after_instant);
  TimePs now() const;
  std::uint64_t events() const;

 private:
  std::unique_ptr<EventQueue> queue_;
};

}  // namespace simtrain::engine
