// The step builder: what every strategy builds its step graph with.
//
// It owns the task graph, one compute stream per rank (bound to the rank's GPU, an engine
// device whose SMs NCCL kernels take: train/gpu_share.hpp), the communication streams, and
// the memory plans of the ranks a report looks at. It hands out process-group collectives
// and point-to-point transfers over routed paths; route -> link use stays in coll/ (the
// planner) and, for copies between a GPU and host memory, here, so a strategy never touches
// a link.
//
// Groups that run the same collective at the same moment (the TP groups of one pipeline
// stage, the DP groups of one stage) are merged into ONE transfer whose phases carry every
// group's flows: they share links in net/ exactly as separate calls would, at a fraction of
// the events. A collective repeated k times back to back (the 2 all-reduces of each of a
// stage's blocks, issued between its kernels) can be emitted as one transfer of k times the
// bytes and k times the per-call latency (NCCL's base and hop latencies, the channel ramp and
// the pipeline fill are per call): exact for the calls in isolation; what it leaves out is
// the interleaving of those calls with the kernels between them (the sum is the same).
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "coll/collective.hpp"
#include "engine/task_graph.hpp"
#include "train/comm_record.hpp"
#include "train/gpu_share.hpp"
#include "train/layout.hpp"
#include "train/memory.hpp"
#include "work/cost.hpp"

namespace simtrain::topo {
class Cluster;
}

namespace simtrain::train {

// The request for collective `op` of `bytes` over the global GPUs `gpus`: all-reduces run the
// scenario's algorithm (`all_reduce`: auto, ring, tree, ...), all-to-alls NCCL's p2p path, the
// other collectives rings (NCCL's algorithm for them on these systems).
coll::Request group_request(coll::Op op, double bytes, std::vector<int> gpus, coll::Algo all_reduce, bool ring_order_auto);

// A plan of k calls back to back: k times the bytes and the latency of each phase.
coll::Plan repeated(const coll::Plan& plan, int k);
// One plan whose phases carry every plan's flows (identical shapes): groups run together.
coll::Plan merged(const std::vector<coll::Plan>& plans);

class StepBuilder {
 public:
  StepBuilder(coll::Planner& planner, const Layout& layout, coll::Algo algo, bool ring_order_auto);

  const Layout& layout() const { return layout_; }
  engine::TaskGraph& graph() { return g_; }

  // --- plans (before start()) ---
  // The collective `op` of `bytes` run by every group in `groups` (positions) at once.
  const coll::Plan& group_plan(coll::Op op, double bytes, const std::vector<std::vector<int>>& groups);
  // Point-to-point sends of `bytes` from each pair's first position to its second, at once.
  const coll::Plan& p2p_plan(double bytes, const std::vector<std::pair<int, int>>& pairs);

  // --- the GPUs and streams ---
  // Creates the GPUs (one per position) and the compute streams; `comm` are the holds of the
  // collective streams that can run beside compute at the same time (GpuShare's levels).
  void start(const std::vector<CommHold>& comm);
  GpuShare& share() { return *share_; }
  engine::ServerId compute(int pos) const { return compute_[static_cast<std::size_t>(pos)]; }
  const std::vector<engine::ServerId>& compute_streams() const { return compute_; }
  engine::ServerId add_stream(const std::string& name) { return g_.add_stream(name); }

  // Emits `plan` (from group_plan / p2p_plan) holding its SMs on every position of `members`
  // while it runs; `stream` kNoServer runs it as soon as its deps are done.
  engine::TaskId transfer(const coll::Plan& plan, const std::vector<int>& members, std::span<const engine::TaskId> deps,
                          const std::string& label, std::uint32_t category, engine::ServerId stream);
  // Copies `bytes` between every position's GPU and its nearest CPU's memory at once (to the
  // GPU, or to the host), one flow each over its route in `cluster` (the job's: the routes
  // are found on the first call), as one transfer on no stream.
  // --- memory (train/memory.hpp), on the positions a report looks at ---
  // The memory plan of position `pos`, made on first use (its stream: the position's compute
  // stream, once start() has made them). Plans live with the builder until the strategy takes
  // them for its StepGraph.
  MemoryPlan& memory(int pos);
  MemoryPlan take_memory(int pos);

  engine::TaskId host_copy(const topo::Cluster& cluster, double bytes, bool to_gpu,
                           std::span<const engine::TaskId> deps, const std::string& label, std::uint32_t category);

  // The communication tasks transfer() emitted, with their calls (for StepGraph::comm_calls).
  std::vector<CommRecord> take_comm_calls() { return std::move(comm_calls_); }

 private:
  // A GPU's path to its nearest CPU's memory and back.
  struct HostPath {
    std::vector<net::LinkUse> to_gpu, to_host;
    TimePs lat_to_gpu = 0, lat_to_host = 0;
  };

  coll::Planner& planner_;
  const Layout& layout_;
  coll::Algo algo_;
  bool ring_order_auto_;
  engine::TaskGraph g_;
  std::optional<GpuShare> share_;
  std::vector<engine::ServerId> compute_;
  std::map<std::tuple<int, double, std::vector<std::vector<int>>>, coll::Plan> plans_;
  std::map<std::pair<double, std::vector<std::pair<int, int>>>, coll::Plan> p2p_;
  std::vector<HostPath> host_paths_;  // per position
  std::map<int, MemoryPlan> memory_;
  std::vector<CommRecord> comm_calls_;
};

}  // namespace simtrain::train
