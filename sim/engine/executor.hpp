// The executor: runs a TaskGraph on a FlowNetwork, event by event.
//
// A task starts when all its dependencies are done and its server admits it (a stream runs
// its tasks one at a time in graph order; a pool runs up to k at once in ready order).
// Work completes after its duration. A transfer hands its flows to net::FlowNetwork and
// completes `latency_ps` after its last flow. All events of one instant are handled as a
// batch (flow completions first, then task completions, by the queue's phases), and only
// then are rates re-solved, once: a ring step that starts N flows costs one solve, not N.
// The executor records, for every task, when it started and ended.
// Shared devices: a transfer that holds units (SMs) on devices adds them when it starts and
// removes them when it ends; work with a duration curve on a stream bound to such a device is
// re-timed, in the same batch, whenever the units held there change (task_graph.hpp).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "engine/task_graph.hpp"
#include "net/flow_network.hpp"

namespace simtrain::engine {

struct TaskRecord {
  TimePs start = -1;
  TimePs end = -1;
};

// A wall-clock limit on simulating (the CLI's --max-seconds): while a Deadline is alive on a
// thread, every Executor::run on that thread checks the clock every kDeadlineCheckEvents
// events and throws DeadlineExceeded once it has passed. Thread-local, so each point of a
// sweep or an advise search has its own.
class DeadlineExceeded : public std::runtime_error {
 public:
  DeadlineExceeded(double limit_s, std::uint64_t events)
      : std::runtime_error("stopped at the time limit"), limit_s_(limit_s), events_(events) {}
  double limit_s() const { return limit_s_; }
  std::uint64_t events() const { return events_; }  // events simulated (or tasks built) when it stopped

 private:
  double limit_s_;
  std::uint64_t events_;
};

class Deadline {
 public:
  // No limit when seconds <= 0. Nested deadlines keep the earlier one.
  explicit Deadline(double seconds);
  ~Deadline();
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;

 private:
  bool set_ = false;
};
inline constexpr std::uint64_t kDeadlineCheckEvents = 4096;
// Throws DeadlineExceeded when the thread's deadline has passed (`work`: events or tasks so far).
void poll_deadline(std::uint64_t work);

struct RunStats {
  TimePs makespan_ps = 0;
  std::uint64_t events = 0;
  std::uint64_t solves = 0;
  std::uint64_t flows = 0;
};

class Executor {
 public:
  // `network` carries the transfers; it may be reused across runs (statistics accumulate).
  explicit Executor(net::FlowNetwork& network) : network_(network) {}

  // Runs the graph from time `start_ps` to completion. Throws std::runtime_error if the graph
  // cannot finish (a flow on a link of zero capacity).
  RunStats run(const TaskGraph& graph, TimePs start_ps = 0);
  const std::vector<TaskRecord>& records() const { return records_; }

 private:
  net::FlowNetwork& network_;
  std::vector<TaskRecord> records_;
};

}  // namespace simtrain::engine
