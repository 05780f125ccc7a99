#include "drive/chakra_export.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "chakra/trace.hpp"

namespace simtrain::drive {

namespace {

using engine::TaskId;

chakra::CollType coll_type(coll::Op op) {
  switch (op) {
    case coll::Op::all_reduce: return chakra::CollType::all_reduce;
    case coll::Op::reduce_scatter: return chakra::CollType::reduce_scatter;
    case coll::Op::all_gather: return chakra::CollType::all_gather;
    case coll::Op::broadcast: return chakra::CollType::broadcast;
    case coll::Op::all_to_all: return chakra::CollType::all_to_all;
  }
  return chakra::CollType::all_reduce;
}

enum class Role : std::uint8_t { dissolve, compute, host, comm_first, comm_later };

struct Classified {
  std::vector<Role> role;
  std::vector<int> rank;           // compute: its rank
  std::vector<std::uint32_t> call;  // comm: index into comm_calls
};

Classified classify(const train::StepGraph& sg) {
  const engine::TaskGraph& g = sg.graph;
  Classified c;
  c.role.assign(g.size(), Role::dissolve);
  c.rank.assign(g.size(), -1);
  c.call.assign(g.size(), 0);
  std::map<engine::ServerId, int> compute_rank;
  for (std::size_t r = 0; r < sg.compute.size(); ++r) compute_rank[sg.compute[r]] = static_cast<int>(r);
  for (std::uint32_t k = 0; k < sg.comm_calls.size(); ++k) {
    const train::CommRecord& cr = sg.comm_calls[k];
    for (TaskId t = cr.first; t <= cr.last; ++t) {
      c.role[t] = t == cr.first ? Role::comm_first : Role::comm_later;
      c.call[t] = k;
    }
  }
  for (TaskId t = 0; t < g.size(); ++t) {
    if (c.role[t] != Role::dissolve) continue;
    const engine::Task& task = g.task(t);
    if (task.kind == engine::TaskKind::join) continue;
    auto it = compute_rank.find(task.server);
    if (task.kind == engine::TaskKind::work && it != compute_rank.end()) {
      c.role[t] = Role::compute;
      c.rank[t] = it->second;
      continue;
    }
    if (task.kind == engine::TaskKind::transfer && task.flow_count == 0 && task.server == engine::kNoServer &&
        task.category == train::kHost) {
      c.role[t] = Role::host;
      continue;
    }
    const std::string where = task.server == engine::kNoServer ? "no stream" : "server '" + g.servers()[static_cast<std::size_t>(task.server)].name + "'";
    throw std::invalid_argument(
        "--chakra: the step has a task Chakra ET cannot carry as simtrain models it: '" + task.label + "' (" +
        (task.kind == engine::TaskKind::work ? "work" : "a transfer") + " on " + where +
        "); data-pipeline tasks and host<->GPU copies (offload) have no Chakra 0.0.4 node that a replay would time "
        "the same: write the trace of the scenario without its data: block and without offload");
  }
  return c;
}

// The group names of the calls: every distinct member list, numbered from 1 by first use.
struct Groups {
  std::map<std::vector<int>, std::string> name;
  nlohmann::ordered_json json = nlohmann::ordered_json::object();
  const std::string& of(const std::vector<int>& members) {
    auto [it, fresh] = name.emplace(members, "");
    if (fresh) {
      it->second = std::to_string(name.size());
      json[it->second] = members;
    }
    return it->second;
  }
};

// The ranks each host task issues for (train/host.hpp: one timeline serves the ranks whose
// kernels wait on it: every rank, or one pipeline stage's): the ranks of the compute and
// communication tasks that wait on it, directly or through joins and later host tasks. A host
// task nothing on the GPUs waits for (the step's last sync) runs on every rank.
std::vector<std::vector<int>> host_ranks(const train::StepGraph& sg, const Classified& c) {
  const engine::TaskGraph& g = sg.graph;
  std::vector<std::vector<TaskId>> children(g.size());
  for (TaskId t = 0; t < g.size(); ++t)
    for (TaskId d : g.deps(t)) children[d].push_back(t);
  std::vector<std::vector<int>> r(g.size());
  for (TaskId t = static_cast<TaskId>(g.size()); t-- > 0;) {
    if (c.role[t] != Role::host && c.role[t] != Role::dissolve) continue;
    std::vector<int>& mine = r[t];
    for (TaskId ch : children[t]) {
      switch (c.role[ch]) {
        case Role::compute: mine.push_back(c.rank[ch]); break;
        case Role::comm_first:
          for (const auto& grp : sg.comm_calls[c.call[ch]].call.groups) mine.insert(mine.end(), grp.begin(), grp.end());
          break;
        case Role::host:
        case Role::dissolve: mine.insert(mine.end(), r[ch].begin(), r[ch].end()); break;
        default: break;
      }
    }
    std::sort(mine.begin(), mine.end());
    mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
  }
  for (TaskId t = 0; t < g.size(); ++t)
    if (c.role[t] != Role::host) r[t].clear();
  return r;
}

}  // namespace

struct ChakraExport::Prepared {
  Classified c;
  std::vector<std::vector<int>> hosts;
};

ChakraExport::ChakraExport(const train::StepGraph& sg) : sg_(sg) {
  auto p = std::make_shared<Prepared>();
  p->c = classify(sg);
  p->hosts = host_ranks(sg, p->c);
  prep_ = std::move(p);
}

namespace {

// The ids of the nodes task t has on rank r (empty: none there).
void own_ids(const train::StepGraph& sg, const Classified& c, const std::vector<std::vector<int>>& hosts, TaskId t, int r,
             std::vector<std::uint64_t>& ids) {
  const std::uint64_t base = 4ULL * t;
  switch (c.role[t]) {
    case Role::compute:
      if (c.rank[t] == r) ids.push_back(base);
      break;
    case Role::host:
      if (hosts[t].empty() || std::binary_search(hosts[t].begin(), hosts[t].end(), r)) ids.push_back(base);
      break;
    case Role::comm_first: {
      const train::CommRecord& cr = sg.comm_calls[c.call[t]];
      for (const auto& grp : cr.call.groups) {
        if (cr.call.p2p) {
          if (grp[0] == r) ids.push_back(base + 1);
          if (grp[1] == r) ids.push_back(base + 2);
        } else if (std::find(grp.begin(), grp.end(), r) != grp.end()) {
          ids.push_back(base);
        }
      }
      break;
    }
    default: break;
  }
}

// The node of task t with id `id` on rank r; counts it in `out`.
chakra::OutNode make_node(const train::StepGraph& sg, const Classified& c, const std::vector<engine::TaskRecord>& rec,
                          TaskId t, std::uint64_t id, int r, Groups& groups, ChakraSummary& out) {
  const engine::TaskGraph& g = sg.graph;
  const engine::Task& task = g.task(t);
  chakra::OutNode o;
  o.id = id;
  o.name = task.label;
  if (c.role[t] == Role::compute || c.role[t] == Role::host) {
    o.kind = chakra::NodeKind::compute;
    o.cpu = c.role[t] == Role::host;
    o.duration_ps = rec[t].end - rec[t].start;
    return o;
  }
  const train::CommRecord& cr = sg.comm_calls[c.call[t]];
  o.comm_bytes = cr.call.bytes * cr.call.calls;
  o.calls = cr.call.calls;
  o.stream = cr.stream == engine::kNoServer ? "-" : g.servers()[static_cast<std::size_t>(cr.stream)].name;
  if (cr.call.p2p) {
    for (const auto& grp : cr.call.groups) {
      if (id % 4 == 1 && grp[0] == r) o.peer = grp[1];
      if (id % 4 == 2 && grp[1] == r) o.peer = grp[0];
    }
    o.kind = id % 4 == 1 ? chakra::NodeKind::send : chakra::NodeKind::recv;
    ++out.p2p;
  } else {
    o.kind = chakra::NodeKind::collective;
    o.coll = coll_type(cr.call.op);
    o.algo = coll::algo_name(cr.algo);
    for (const auto& grp : cr.call.groups)
      if (std::find(grp.begin(), grp.end(), r) != grp.end()) o.pg = groups.of(grp);
    ++out.collectives;
  }
  return o;
}

}  // namespace

ChakraSummary ChakraExport::write(const std::vector<engine::TaskRecord>& rec, const std::string& gpu, const ChakraSink& sink) const {
  const train::StepGraph& sg = sg_;
  const engine::TaskGraph& g = sg.graph;
  const int n = static_cast<int>(sg.compute.size());
  const Classified& c = prep_->c;
  Groups groups;
  ChakraSummary out;
  const std::size_t steps = std::max<std::size_t>(1, sg.step_end.size());
  std::vector<std::vector<std::uint64_t>> proj(g.size());
  std::vector<std::uint64_t> mine;
  for (int r = 0; r < n; ++r) {
    std::vector<chakra::OutNode> nodes;
    for (TaskId t = 0; t < g.size(); ++t) {
      // The rank-r nodes task t's dependents wait for: its own, else its dependencies' (projected).
      std::vector<std::uint64_t> deps;
      for (TaskId d : g.deps(t)) deps.insert(deps.end(), proj[d].begin(), proj[d].end());
      std::sort(deps.begin(), deps.end());
      deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
      mine.clear();
      own_ids(sg, c, prep_->hosts, t, r, mine);
      if (mine.empty()) {
        proj[t] = std::move(deps);
        continue;
      }
      proj[t] = mine;
      for (std::uint64_t id : mine) {
        nodes.push_back(make_node(sg, c, rec, t, id, r, groups, out));
        nodes.back().deps = deps;
      }
    }
    out.nodes += nodes.size();
    sink("simtrain." + std::to_string(r) + ".et", chakra::encode_rank_file(nodes, static_cast<long long>(steps), gpu));
  }
  out.comm_group_json = groups.json.dump(1) + "\n";
  return out;
}

double chakra_bytes(const train::StepGraph& sg) {
  const std::vector<engine::TaskRecord> zero(sg.graph.size());
  double bytes = 0;
  const ChakraSummary s = ChakraExport(sg).write(zero, "", [&](const std::string&, const std::string& b) {
    bytes += static_cast<double>(b.size());
  });
  constexpr double kDurationBytesPerNode = 12;
  return bytes + kDurationBytesPerNode * static_cast<double>(s.nodes) + static_cast<double>(s.comm_group_json.size());
}

}  // namespace simtrain::drive
