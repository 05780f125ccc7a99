#include "engine/event_loop.hpp"

#include "engine/event_queue.hpp"
#include "engine/executor.hpp"

namespace simtrain::engine {

EventLoop::EventLoop() : queue_(std::make_unique<EventQueue>()) {}
EventLoop::~EventLoop() = default;

void EventLoop::schedule(TimePs time, LoopEvent kind, std::uint32_t target) {
  queue_->schedule(time, kind == LoopEvent::done ? Phase::task_done : Phase::arrival, target);
}

void EventLoop::run(const std::function<void(LoopEvent, std::uint32_t)>& on_event,
                    const std::function<void(TimePs)>& after_instant) {
  while (!queue_->empty()) {
    const TimePs t = queue_->next_time();
    while (!queue_->empty() && queue_->next_time() == t) {
      const Event e = queue_->pop();
      on_event(e.phase == Phase::arrival ? LoopEvent::arrival : LoopEvent::done, e.target);
      if (queue_->popped() % kDeadlineCheckEvents == 0) poll_deadline(queue_->popped());
    }
    after_instant(t);
  }
}

TimePs EventLoop::now() const { return queue_->now(); }
std::uint64_t EventLoop::events() const { return queue_->popped(); }

}  // namespace simtrain::engine
