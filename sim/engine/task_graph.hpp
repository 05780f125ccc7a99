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
//
// Shared devices (the GPU as shared resources; docs/model/software.md). A device is a pool of units
// (a GPU's SMs) that transfers may hold while they run: an NCCL kernel holds one SM per
// channel from its start to its end, and no compute kernel uses them meanwhile. Streams may
// be bound to a device; work on such a stream may carry a duration CURVE instead of one
// duration: its duration when h units of its device are held, given at a few points
// (h_0 = 0 < h_1 < ...) and linear in between (constant beyond the last). The executor sums
// the units held on each device and re-times the running work whenever that sum changes:
// a task that has done a share p of its work when its duration changes from D to D' ends
// (1 - p) D' later. The models (work/ for kernel times) compute the curve; the engine only
// keeps the books.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "base/time.hpp"
#include "net/flow_network.hpp"

namespace simtrain::engine {

using TaskId = std::uint32_t;
using ServerId = std::int32_t;
inline constexpr ServerId kNoServer = -1;
using DeviceId = std::int32_t;
inline constexpr DeviceId kNoDevice = -1;
using CurveId = std::uint32_t;
inline constexpr CurveId kNoCurve = 0xffffffffu;
using GroupId = std::uint32_t;
inline constexpr GroupId kNoGroup = 0xffffffffu;

enum class TaskKind : std::uint8_t { work, transfer, join };

struct ServerSpec {
  std::string name;
  std::uint32_t capacity = 1;  // 1 = stream (in order); k > 1 = pool
  bool in_order = true;
  DeviceId device = kNoDevice;  // the shared device its work runs on, if any
};

// Duration of shared work as a function of the units held on its device.
struct CurvePoint {
  std::int32_t held = 0;
  TimePs duration_ps = 0;
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
  CurveId curve = kNoCurve;    // work: duration by units held (duration_ps is its value alone)
  GroupId hold_group = kNoGroup;  // transfer: the devices it holds units on while it runs
  std::int32_t hold_units = 0;    // ... and how many on each
  std::string label;
};

class TaskGraph {
 public:
  ServerId add_stream(std::string name);
  ServerId add_pool(std::string name, std::uint32_t capacity);
  // A shared device (a GPU) and a stream whose work runs on it.
  DeviceId add_device(std::string name);
  ServerId add_stream(std::string name, DeviceId device);
  // A duration curve; points strictly increasing in `held`, the first at held = 0.
  CurveId add_curve(std::vector<CurvePoint> points);
  // A set of devices that a transfer can hold units on (stored once, shared by transfers).
  GroupId add_device_group(std::vector<DeviceId> devices);
  // Work on a device-bound stream whose duration follows `curve`.
  TaskId add_shared_work(ServerId server, CurveId curve, std::span<const TaskId> deps, std::string label,
                         std::uint32_t category = 0);
  // Makes a transfer hold `units` on every device of `group` from its start to its end.
  void hold(TaskId transfer, GroupId group, std::int32_t units);

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
  std::size_t device_count() const { return device_names_.size(); }
  const std::string& device_name(DeviceId d) const { return device_names_[static_cast<std::size_t>(d)]; }
  std::span<const CurvePoint> curve(CurveId c) const {
    const auto& r = curves_[c];
    return {curve_points_.data() + r.first, r.second};
  }
  // The curve's duration with `held` units held (linear between points, flat past the last).
  TimePs curve_duration(CurveId c, std::int32_t held) const;
  std::span<const DeviceId> device_group(GroupId gid) const {
    const auto& r = groups_[gid];
    return {group_devices_.data() + r.first, r.second};
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
  std::vector<std::string> device_names_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> curves_, groups_;  // (first, count)
  std::vector<CurvePoint> curve_points_;
  std::vector<DeviceId> group_devices_;
};

}  // namespace simtrain::engine
