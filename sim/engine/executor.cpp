#include "engine/executor.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <stdexcept>

#include "engine/event_queue.hpp"

namespace simtrain::engine {
namespace {

// The thread's deadline (Deadline), if any.
struct ThreadDeadline {
  bool active = false;
  std::chrono::steady_clock::time_point at;
  double limit_s = 0;
};
thread_local ThreadDeadline t_deadline;

void check_deadline(std::uint64_t events) {
  if (t_deadline.active && std::chrono::steady_clock::now() >= t_deadline.at)
    throw DeadlineExceeded(t_deadline.limit_s, events);
}

struct ServerState {
  std::uint32_t capacity = 1;
  std::uint32_t busy = 0;
  bool in_order = true;
  std::vector<TaskId> order;  // streams: tasks in graph order
  std::size_t head = 0;       // streams: next task to run
  std::vector<char> ready;    // streams: readiness by position in `order`
  std::deque<TaskId> queue;   // pools: ready tasks in ready order
};

class Run {
 public:
  Run(const TaskGraph& g, net::FlowNetwork& net, std::vector<TaskRecord>& records)
      : g_(g), net_(net), records_(records) {}

  RunStats go(TimePs start) {
    const std::size_t n = g_.size();
    records_.assign(n, TaskRecord{});
    pending_deps_ = std::vector<std::uint32_t>(n, 0u);
    pending_flows_ = std::vector<std::uint32_t>(n, 0u);
    successors_first_ = std::vector<std::uint32_t>(n + 1, 0u);
    position_ = std::vector<std::uint32_t>(n, 0u);
    for (TaskId t = 0; t < n; ++t) {
      pending_deps_[t] = g_.task(t).dep_count;
      for (TaskId d : g_.deps(t)) ++successors_first_[d + 1];
    }
    for (std::size_t i = 0; i < n; ++i) successors_first_[i + 1] += successors_first_[i];
    successors_.assign(successors_first_[n], 0);
    {
      std::vector<std::uint32_t> fill(successors_first_.begin(), successors_first_.end() - 1);
      for (TaskId t = 0; t < n; ++t)
        for (TaskId d : g_.deps(t)) successors_[fill[d]++] = t;
    }
    servers_.assign(g_.servers().size(), ServerState{});
    for (std::size_t s = 0; s < servers_.size(); ++s) {
      servers_[s].capacity = g_.servers()[s].capacity;
      servers_[s].in_order = g_.servers()[s].in_order;
    }
    for (TaskId t = 0; t < n; ++t) {
      ServerId s = g_.task(t).server;
      if (s != kNoServer) {
        position_[t] = static_cast<std::uint32_t>(servers_[s].order.size());
        servers_[s].order.push_back(t);
      }
    }
    for (auto& s : servers_) s.ready.assign(s.order.size(), 0);
    held_.assign(g_.device_count(), 0);
    running_.assign(g_.device_count(), {});
    dirty_.assign(g_.device_count(), 0);
    dirty_list_.clear();
    pace_.clear();
    if (g_.device_count() > 0) pace_.resize(n);

    q_ = EventQueue();
    if (start > 0) {
      // Advance the queue's clock to the start time.
      q_.schedule(start, Phase::task_done, kNoTask);
      q_.pop();
    }
    now_ = start;
    last_end_ = start;
    for (TaskId t = 0; t < n; ++t)
      if (pending_deps_[t] == 0) make_ready(t);
    resolve();

    std::uint64_t events = 0;
    while (!q_.empty()) {
      const TimePs t = q_.next_time();
      while (!q_.empty() && q_.next_time() == t) {
        Event e = q_.pop();
        now_ = e.time;
        ++events;
        if (events % kDeadlineCheckEvents == 0) check_deadline(events);
        if (e.phase == Phase::flow_done) on_flow_done(e);
        else on_task_done(e);
      }
      resolve();
    }
    if (done_ != n) {
      throw std::invalid_argument("the step cannot finish: " + std::to_string(n - done_) +
                               " task(s) wait on a transfer over a link with no bandwidth");
    }
    RunStats st;
    st.makespan_ps = last_end_;  // stale events may pop later; they do not count
    st.events = events;
    st.flows = flows_started_;
    return st;
  }

 private:
  static constexpr std::uint32_t kNoTask = 0xffffffffu;

  void make_ready(TaskId t) {
    ServerId s = g_.task(t).server;
    if (s == kNoServer) {
      start(t);
      return;
    }
    ServerState& srv = servers_[s];
    if (srv.in_order) srv.ready[position_[t]] = 1;
    else srv.queue.push_back(t);
    dispatch(s);
  }

  void dispatch(ServerId s) {
    ServerState& srv = servers_[s];
    if (srv.in_order) {
      while (srv.busy < srv.capacity && srv.head < srv.order.size() && srv.ready[srv.head]) {
        TaskId t = srv.order[srv.head++];
        ++srv.busy;
        start(t);
      }
    } else {
      while (srv.busy < srv.capacity && !srv.queue.empty()) {
        TaskId t = srv.queue.front();
        srv.queue.pop_front();
        ++srv.busy;
        start(t);
      }
    }
  }

  void start(TaskId t) {
    const Task& task = g_.task(t);
    records_[t].start = now_;
    switch (task.kind) {
      case TaskKind::work:
        if (task.curve != kNoCurve) {
          const DeviceId d = g_.servers()[static_cast<std::size_t>(task.server)].device;
          Pace& p = pace_[t];
          p.duration = g_.curve_duration(task.curve, held_[static_cast<std::size_t>(d)]);
          p.since = now_;
          running_[static_cast<std::size_t>(d)].push_back(t);
          q_.schedule(now_ + p.duration, Phase::task_done, t, p.generation);
        } else {
          q_.schedule(now_ + task.duration_ps, Phase::task_done, t);
        }
        break;
      case TaskKind::join:
        q_.schedule(now_, Phase::task_done, t);
        break;
      case TaskKind::transfer: {
        if (task.hold_group != kNoGroup) change_hold(task, +task.hold_units);
        auto flows = g_.flows(t);
        pending_flows_[t] = static_cast<std::uint32_t>(flows.size());
        if (flows.empty()) {
          q_.schedule(now_ + task.latency_ps, Phase::task_done, t);
          break;
        }
        for (const FlowSpec& f : flows) {
          net::FlowId id = net_.start_flow(g_.path(f), f.bytes, now_);
          if (id >= flow_owner_.size()) flow_owner_.resize(id + 1, kNoTask);
          flow_owner_[id] = t;
          ++flows_started_;
        }
        break;
      }
    }
  }

  void on_flow_done(const Event& e) {
    net::FlowId f = e.target;
    if (net_.generation(f) != e.generation) return;  // stale: the rate changed since
    TaskId t = flow_owner_[f];
    net_.end_flow(f, now_);
    flow_owner_[f] = kNoTask;
    if (--pending_flows_[t] == 0) {
      q_.schedule(now_ + g_.task(t).latency_ps, Phase::task_done, t);
    }
  }

  void on_task_done(const Event& e) {
    const TaskId t = e.target;
    if (t == kNoTask) return;
    const Task& task = g_.task(t);
    if (task.curve != kNoCurve) {
      if (e.generation != pace_[t].generation) return;  // stale: re-timed since
      auto& run = running_[static_cast<std::size_t>(g_.servers()[static_cast<std::size_t>(task.server)].device)];
      run.erase(std::find(run.begin(), run.end(), t));
    }
    if (task.kind == TaskKind::transfer && task.hold_group != kNoGroup) change_hold(task, -task.hold_units);
    records_[t].end = now_;
    last_end_ = now_;
    ++done_;
    ServerId s = g_.task(t).server;
    if (s != kNoServer) {
      --servers_[s].busy;
      dispatch(s);
    }
    for (std::uint32_t i = successors_first_[t]; i < successors_first_[t + 1]; ++i) {
      TaskId next = successors_[i];
      if (--pending_deps_[next] == 0) make_ready(next);
    }
  }

  // Units held on the transfer's devices change: the running work there is re-timed once all
  // events of this instant are handled (in resolve()).
  void change_hold(const Task& task, std::int32_t delta) {
    if (delta == 0) return;
    for (DeviceId d : g_.device_group(task.hold_group)) {
      const auto i = static_cast<std::size_t>(d);
      held_[i] += delta;
      if (!dirty_[i]) {
        dirty_[i] = 1;
        dirty_list_.push_back(d);
      }
    }
  }

  // A running task keeps the share of its work done so far and runs the rest at the pace the
  // units now held allow (task_graph.hpp).
  void retime(DeviceId d) {
    const auto i = static_cast<std::size_t>(d);
    for (TaskId t : running_[i]) {
      Pace& p = pace_[t];
      const TimePs dur = g_.curve_duration(g_.task(t).curve, held_[i]);
      if (dur == p.duration) continue;
      if (p.duration > 0) p.done += static_cast<double>(now_ - p.since) / static_cast<double>(p.duration);
      p.since = now_;
      p.duration = dur;
      ++p.generation;
      q_.schedule(now_ + remaining_duration(p.done, dur), Phase::task_done, t, p.generation);
    }
  }

  void resolve() {
    for (DeviceId d : dirty_list_) {
      dirty_[static_cast<std::size_t>(d)] = 0;
      retime(d);
    }
    dirty_list_.clear();
    for (const auto& r : net_.resolve(now_)) {
      if (r.finish == kNever) continue;
      q_.schedule(r.finish, Phase::flow_done, r.flow, r.generation);
    }
  }

  const TaskGraph& g_;
  net::FlowNetwork& net_;
  std::vector<TaskRecord>& records_;
  EventQueue q_;
  TimePs now_ = 0;
  TimePs last_end_ = 0;
  std::size_t done_ = 0;
  std::uint64_t flows_started_ = 0;
  std::vector<std::uint32_t> pending_deps_, pending_flows_, successors_first_, successors_,
      position_;
  std::vector<ServerState> servers_;
  std::vector<TaskId> flow_owner_;
  // Shared devices: units held, the curve work running on each, re-timing bookkeeping.
  struct Pace {
    double done = 0;        // share of the work finished at `since`
    TimePs since = 0;
    TimePs duration = 0;    // whole duration at the current pace
    std::uint64_t generation = 0;
  };
  std::vector<std::int32_t> held_;
  std::vector<std::vector<TaskId>> running_;
  std::vector<char> dirty_;
  std::vector<DeviceId> dirty_list_;
  std::vector<Pace> pace_;
};

}  // namespace

void poll_deadline(std::uint64_t work) { check_deadline(work); }

Deadline::Deadline(double seconds) {
  if (!(seconds > 0) || t_deadline.active) return;  // no limit, or keep the outer one
  t_deadline.active = true;
  t_deadline.limit_s = seconds;
  t_deadline.at = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  set_ = true;
}

Deadline::~Deadline() {
  if (set_) t_deadline = ThreadDeadline{};
}

RunStats Executor::run(const TaskGraph& graph, TimePs start_ps) {
  const std::uint64_t solves_before = network_.solves();
  Run r(graph, network_, records_);
  RunStats st = r.go(start_ps);
  network_.finalize(st.makespan_ps);
  st.solves = network_.solves() - solves_before;
  return st;
}

}  // namespace simtrain::engine
