// The step graph: a DAG of generic tasks that models emit and the executor runs.
//
// Three kinds of task, and nothing about GPUs, layers or datasets:
//   work      occupies a server (a stream, or one member of a pool) for a duration that a
//             model computed;
//   transfer  moves bytes as one or more flows over directed links (net/ sets the rates),
//             then waits `latency_ps` (protocol and per-hop latency, computed by the model);
//             it may also occupy a server (a collective holds its communication stream);
//   join      completes when its dependencies have.
// A server is a stream (in-order, like a CUDA stream: its tasks run one at a time in the
// order they were added to the graph) or a pool of k identical servers (CPU cores: ready
// tasks start in ready order when a member is free). Each task carries a label and a
// category that the engine passes through untouched to the records.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/time.hpp"
#include "net/flow_network.hpp"

namespace simtrain::engine {

using TaskId = std::uint32_t;
using ServerId = std::int32_t;
inline constexpr ServerId kNoServer = -1;

enum class TaskKind : std::uint8_t { work, transfer, join };

struct ServerSpec {
  std::string name;
  std::uint32_t capacity = 1;  // 1 = stream (in order); k > 1 = pool
  bool in_order = true;
};

struct FlowSpec {
  std::uint32_t first_use = 0;  // into TaskGraph::link_uses()
  std::uint32_t use_count = 0;
  double bytes = 0;
};

struct Task {
  TaskKind kind = TaskKind::join;
  ServerId server = kNoServer;
  TimePs duration_ps = 0;  // work
  TimePs latency_ps = 0;   // transfer: added after the last flow completes
  std::uint32_t first_flow = 0, flow_count = 0;
  std::uint32_t first_dep = 0, dep_count = 0;
  std::uint32_t category = 0;  // free for the model (e.g. compute, comm, data)
  std::string label;
};

class TaskGraph {
 public:
  ServerId add_stream(std::string name);
  ServerId add_pool(std::string name, std::uint32_t capacity);

  TaskId add_work(ServerId server, TimePs duration_ps, std::span<const TaskId> deps,
                  std::string label, std::uint32_t category = 0);
  // A transfer of several flows; each flow is a path (link uses) and a byte count.
  struct FlowInput {
    std::vector<net::LinkUse> path;
    double bytes;
    // Alternatively a shared path: stored once per graph however many transfers use it
    // (a collective's ring repeated for every gradient bucket).
    std::shared_ptr<const std::vector<net::LinkUse>> shared_path = nullptr;
  };
  TaskId add_transfer(const std::vector<FlowInput>& flows, TimePs latency_ps,
                      std::span<const TaskId> deps, std::string label,
                      std::uint32_t category = 0, ServerId server = kNoServer);
  TaskId add_join(std::span<const TaskId> deps, std::string label, std::uint32_t category = 0);

  std::size_t size() const { return tasks_.size(); }
  const Task& task(TaskId id) const { return tasks_[id]; }
  const std::vector<Task>& tasks() const { return tasks_; }
  const std::vector<ServerSpec>& servers() const { return servers_; }
  std::span<const TaskId> deps(TaskId id) const {
    const Task& t = tasks_[id];
    return {deps_.data() + t.first_dep, t.dep_count};
  }
  std::span<const FlowSpec> flows(TaskId id) const {
    const Task& t = tasks_[id];
    return {flows_.data() + t.first_flow, t.flow_count};
  }
  std::span<const net::LinkUse> path(const FlowSpec& f) const {
    return {link_uses_.data() + f.first_use, f.use_count};
  }

 private:
  TaskId push(Task t, std::span<const TaskId> deps);
  std::vector<ServerSpec> servers_;
  std::vector<Task> tasks_;
  std::vector<TaskId> deps_;
  std::vector<FlowSpec> flows_;
  std::vector<net::LinkUse> link_uses_;
  std::map<const void*, std::pair<std::uint32_t, std::uint32_t>> interned_;
  std::vector<std::shared_ptr<const std::vector<net::LinkUse>>> keep_alive_;
};

}  // namespace simtrain::engine
