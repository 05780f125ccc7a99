// The event queue: a binary heap keyed by (time, phase, sequence).
//
// Ties break first by phase, so that at one instant all flow completions are handled before
// task completions (SST's clock priorities), then by the sequence number stamped at insert
// (ns-3's scheduler: a.ts < b.ts || (a.ts == b.ts && a.uid < b.uid)), so equal-time events
// run in the order they were scheduled and every run is deterministic. Cancellation is lazy:
// an event carries the generation of its target, and the executor drops an event whose
// generation is stale when it pops it, instead of searching the heap.
// Only sim/engine uses this header; models never see the queue.
#pragma once

#include <cassert>
#include <cstdint>
#include <queue>
#include <stdexcept>
#include <vector>

#include "base/time.hpp"

namespace simtrain::engine {

// arrival: work that comes from outside at its instant (a serving request), handled after what
// ends at that instant, so a scheduler deciding once per instant sees both (engine/event_loop.hpp).
enum class Phase : std::uint8_t { flow_done = 0, task_done = 1, arrival = 2 };

struct Event {
  TimePs time;
  Phase phase;
  std::uint64_t seq;
  std::uint32_t target;      // a flow id or a task id, by phase
  std::uint64_t generation;  // for lazy cancellation
};

class EventQueue {
 public:
  void schedule(TimePs time, Phase phase, std::uint32_t target, std::uint64_t generation = 0) {
    if (time < now_) throw std::logic_error("event scheduled in the past");
    heap_.push(Event{time, phase, next_seq_++, target, generation});
  }
  bool empty() const { return heap_.empty(); }
  TimePs next_time() const { return heap_.top().time; }
  TimePs now() const { return now_; }
  Event pop() {
    Event e = heap_.top();
    heap_.pop();
    assert(e.time >= now_ && "the clock never goes back");
    now_ = e.time;
    ++popped_;
    return e;
  }
  std::uint64_t popped() const { return popped_; }

 private:
  struct Later {
    bool operator()(const Event& a, const Event& b) const {
      if (a.time != b.time) return a.time > b.time;
      if (a.phase != b.phase) return a.phase > b.phase;
      return a.seq > b.seq;
    }
  };
  std::priority_queue<Event, std::vector<Event>, Later> heap_;
  TimePs now_ = 0;
  std::uint64_t next_seq_ = 0;
  std::uint64_t popped_ = 0;
};

}  // namespace simtrain::engine
