#include "engine/task_graph.hpp"

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

TaskId TaskGraph::push(Task t, std::span<const TaskId> deps) {
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
