#include "engine/task_graph.hpp"
#include "engine/executor.hpp"  // poll_deadline

#include <cmath>
#include <stdexcept>

namespace simtrain::engine {

ServerId TaskGraph::add_stream(std::string name) {
  servers_.push_back(ServerSpec{std::move(name), 1, true});
  return static_cast<ServerId>(servers_.size() - 1);
}

ServerId TaskGraph::add_pool(std::string name, std::uint32_t capacity) {
  if (capacity == 0) throw std::invalid_argument("a server pool needs at least one member");
  servers_.push_back(ServerSpec{std::move(name), capacity, false});
  return static_cast<ServerId>(servers_.size() - 1);
}

DeviceId TaskGraph::add_device(std::string name) {
  device_names_.push_back(std::move(name));
  return static_cast<DeviceId>(device_names_.size() - 1);
}

ServerId TaskGraph::add_stream(std::string name, DeviceId device) {
  if (device < 0 || static_cast<std::size_t>(device) >= device_names_.size())
    throw std::invalid_argument("unknown device");
  servers_.push_back(ServerSpec{std::move(name), 1, true, device});
  return static_cast<ServerId>(servers_.size() - 1);
}

CurveId TaskGraph::add_curve(std::vector<CurvePoint> points) {
  if (points.empty() || points.front().held != 0) throw std::invalid_argument("a duration curve starts at 0 units held");
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (points[i].duration_ps < 0) throw std::invalid_argument("negative duration");
    if (i > 0 && points[i].held <= points[i - 1].held)
      throw std::invalid_argument("a duration curve's points increase in units held");
  }
  curves_.emplace_back(static_cast<std::uint32_t>(curve_points_.size()), static_cast<std::uint32_t>(points.size()));
  curve_points_.insert(curve_points_.end(), points.begin(), points.end());
  return static_cast<CurveId>(curves_.size() - 1);
}

TimePs TaskGraph::curve_duration(CurveId c, std::int32_t held) const {
  auto pts = curve(c);
  if (held <= 0 || pts.size() == 1) return pts.front().duration_ps;
  for (std::size_t i = 1; i < pts.size(); ++i) {
    if (held > pts[i].held) continue;
    const CurvePoint& a = pts[i - 1];
    const CurvePoint& b = pts[i];
    const double x = static_cast<double>(held - a.held) / static_cast<double>(b.held - a.held);
    return a.duration_ps + static_cast<TimePs>(std::llround(x * static_cast<double>(b.duration_ps - a.duration_ps)));
  }
  return pts.back().duration_ps;
}

GroupId TaskGraph::add_device_group(std::vector<DeviceId> devices) {
  for (DeviceId d : devices)
    if (d < 0 || static_cast<std::size_t>(d) >= device_names_.size()) throw std::invalid_argument("unknown device");
  groups_.emplace_back(static_cast<std::uint32_t>(group_devices_.size()), static_cast<std::uint32_t>(devices.size()));
  group_devices_.insert(group_devices_.end(), devices.begin(), devices.end());
  return static_cast<GroupId>(groups_.size() - 1);
}

TaskId TaskGraph::add_shared_work(ServerId server, CurveId curve, std::span<const TaskId> deps, std::string label,
                                  std::uint32_t category) {
  if (server == kNoServer || server < 0 || static_cast<std::size_t>(server) >= servers_.size())
    throw std::invalid_argument("work needs a server");
  if (servers_[static_cast<std::size_t>(server)].device == kNoDevice)
    throw std::invalid_argument("shared work needs a stream bound to a device");
  if (curve >= curves_.size()) throw std::invalid_argument("unknown duration curve");
  TaskId t = add_work(server, curve_duration(curve, 0), deps, std::move(label), category);
  tasks_[t].curve = curve;
  return t;
}

void TaskGraph::hold(TaskId transfer, GroupId group, std::int32_t units) {
  if (transfer >= tasks_.size() || tasks_[transfer].kind != TaskKind::transfer)
    throw std::invalid_argument("only a transfer holds device units");
  if (group >= groups_.size()) throw std::invalid_argument("unknown device group");
  if (units < 0) throw std::invalid_argument("negative units");
  tasks_[transfer].hold_group = group;
  tasks_[transfer].hold_units = units;
}

TaskId TaskGraph::push(Task t, std::span<const TaskId> deps) {
  // Building a large step takes seconds too: the thread's Deadline (executor.hpp) is polled here.
  if ((tasks_.size() + 1) % kDeadlineCheckEvents == 0) poll_deadline(tasks_.size());
  const TaskId id = static_cast<TaskId>(tasks_.size());
  for (TaskId d : deps) {
    if (d >= id) throw std::invalid_argument("a task may depend only on earlier tasks");
  }
  if (t.server != kNoServer && (t.server < 0 || static_cast<size_t>(t.server) >= servers_.size()))
    throw std::invalid_argument("unknown server");
  t.first_dep = static_cast<std::uint32_t>(deps_.size());
  t.dep_count = static_cast<std::uint32_t>(deps.size());
  deps_.insert(deps_.end(), deps.begin(), deps.end());
  tasks_.push_back(std::move(t));
  return id;
}

TaskId TaskGraph::add_work(ServerId server, TimePs duration_ps, std::span<const TaskId> deps,
                           std::string label, std::uint32_t category) {
  if (server == kNoServer) throw std::invalid_argument("work needs a server");
  if (duration_ps < 0) throw std::invalid_argument("negative duration");
  Task t;
  t.kind = TaskKind::work;
  t.server = server;
  t.duration_ps = duration_ps;
  t.category = category;
  t.label = std::move(label);
  return push(std::move(t), deps);
}

TaskId TaskGraph::add_transfer(const std::vector<FlowInput>& flows, TimePs latency_ps,
                               std::span<const TaskId> deps, std::string label,
                               std::uint32_t category, ServerId server) {
  if (latency_ps < 0) throw std::invalid_argument("negative latency");
  Task t;
  t.kind = TaskKind::transfer;
  t.server = server;
  t.latency_ps = latency_ps;
  t.category = category;
  t.label = std::move(label);
  t.first_flow = static_cast<std::uint32_t>(flows_.size());
  for (const auto& f : flows) {
    FlowSpec s;
    s.bytes = f.bytes;
    if (f.shared_path) {
      if (f.bytes <= 0 || f.shared_path->empty()) continue;
      auto it = interned_.find(f.shared_path.get());
      if (it == interned_.end()) {
        const auto first = static_cast<std::uint32_t>(link_uses_.size());
        link_uses_.insert(link_uses_.end(), f.shared_path->begin(), f.shared_path->end());
        it = interned_.emplace(f.shared_path.get(), std::make_pair(first, static_cast<std::uint32_t>(f.shared_path->size()))).first;
        keep_alive_.push_back(f.shared_path);
      }
      s.first_use = it->second.first;
      s.use_count = it->second.second;
    } else {
      if (f.bytes <= 0 || f.path.empty()) continue;  // nothing to move
      s.first_use = static_cast<std::uint32_t>(link_uses_.size());
      s.use_count = static_cast<std::uint32_t>(f.path.size());
      link_uses_.insert(link_uses_.end(), f.path.begin(), f.path.end());
    }
    flows_.push_back(s);
  }
  t.flow_count = static_cast<std::uint32_t>(flows_.size()) - t.first_flow;
  return push(std::move(t), deps);
}

TaskId TaskGraph::add_join(std::span<const TaskId> deps, std::string label,
                           std::uint32_t category) {
  Task t;
  t.kind = TaskKind::join;
  t.category = category;
  t.label = std::move(label);
  return push(std::move(t), deps);
}

}  // namespace simtrain::engine
