// Collectives as NCCL runs them, emitted as transfers for the engine (DESIGN §5).
//
// A collective algorithm never computes its own time: it emits flows on paths, and net/
// decides how fast they move. The shapes:
//
//  Ring (all_reduce, reduce_scatter, all_gather, broadcast). NCCL pipelines a ring in
//    chunks, so every edge of a channel's ring is busy at once and all run at the pace of
//    the slowest: a channel is ONE flow that crosses every link of every edge's route
//    (coefficient k where a link is crossed k times) and carries
//        all_reduce 2(n-1)/n * S/c,  reduce_scatter / all_gather (n-1)/n * S/c,
//        broadcast S/c (a chain from the root).
//    On one uniform ring of bandwidth B this gives t = 2(n-1)/n * S/B + latency (tests
//    check it to 1%). Inside a node, with ring order `auto` and no channel count given,
//    channels are added one by one, each ring searched against the links the earlier ones
//    use, while c * min(rate) of an equal split grows (NCCL's search also lays rings over
//    both directions of full-duplex links and over an NVLink mesh's other cycles). Across nodes, channel k leaves and enters every node through NIC
//    k mod R (R NICs per node), entering at the GPU nearest that NIC and leaving from
//    another GPU near it, as NCCL's rings do.
//  Tree (all_reduce): NCCL's double binary tree over nodes and a chain inside each node,
//    reduce up and broadcast down pipelined in one kernel: each channel is one flow over
//    every tree and chain edge in both directions, carrying S/c; channel k uses tree k mod 2
//    and NIC k mod R. On 2 nodes each NIC moves S/R per direction instead of the ring's
//    2(n-1)/n * S/R: about half the bytes, and since the phases are pipelined, about half
//    the time (NCCL reports busbw above the NIC limit there).
//  Hierarchical (all_reduce): levels from the topology (NVLink groups, PCIe switches,
//    sockets, nodes): reduce-scatter inside each level from the bottom up, all-reduce at the
//    top, all-gather back down. This is the Horovod / 2-D scheme, not an NCCL kernel: its
//    phases are NOT pipelined with each other, so they are separate transfers in sequence;
//    it moves fewer bytes over the slow links but pays every phase's latency.
//
// Latency per call: NCCL's base latency for the algorithm and protocol, plus per-step
// hardware latency by link class (NVLink / PCI / network), from topologies/collectives.yaml
// (NCCL's tuning tables), plus the slowest route's physical latency once, plus a call
// overhead. The protocol (LL, LL128, Simple) and, for `auto`, the algorithm are chosen per
// size as NCCL's tuner does: the lowest modelled time, where bandwidth is the plan's own
// isolated max-min rate from the same flow model.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "coll/nccl_params.hpp"
#include "engine/task_graph.hpp"
#include "topo/cluster.hpp"

namespace simtrain::coll {

enum class Op { all_reduce, reduce_scatter, all_gather, broadcast };
enum class Algo { automatic, ring, tree, hierarchical };
const char* op_name(Op op);
const char* algo_name(Algo a);
// nccl-tests' bus-bandwidth factor: busbw = algbw * factor(n).
double busbw_factor(Op op, int n);

struct Request {
  Op op = Op::all_reduce;
  double bytes = 0;        // S: the buffer each rank reduces (nccl-tests' size)
  std::vector<int> ranks;  // global GPU indices in rank order (empty = all GPUs)
  Algo algo = Algo::automatic;
  bool ring_order_auto = true;  // false: keep the rank order (a misconfigured job)
  int channels = 0;             // 0: 1 inside a node, R (NICs per node) across nodes
  std::optional<Protocol> protocol;
};

struct Phase {
  std::string name;
  std::vector<engine::TaskGraph::FlowInput> flows;
  TimePs latency_ps = 0;
};

struct Plan {
  Algo algo = Algo::ring;
  Protocol protocol = Protocol::simple;
  std::vector<Phase> phases;
  TimePs estimate_ps = 0;  // isolated-model estimate used to choose
  int ranks = 0;
  // SMs the NCCL kernel holds on every rank's GPU for its whole lifetime: one CTA per
  // channel, and NCCL's CTAs never share an SM with compute kernels (NVIDIA/nccl#689).
  // The executor takes them from the GPU's SM pool while the collective runs.
  int sms_per_rank = 0;
};

class Planner {
 public:
  Planner(const topo::Cluster& cluster, NcclParams params);
  ~Planner();
  // Throws std::invalid_argument for a request the algorithm cannot serve.
  Plan plan(const Request& req);
  const NcclParams& params() const { return params_; }
  // The ring order (global GPU indices) a single-node ring would use for these ranks.
  std::vector<int> ring_order(const std::vector<int>& ranks, bool automatic);

 private:
  struct Shape;  // bandwidth-and-latency skeleton of one algorithm
  std::optional<Shape> shape(Algo algo, const Request& req, const std::vector<int>& ranks);
  Plan finish(const Shape& s, Algo algo, Protocol proto, double bytes, int n);
  int balanced_nic(int local_gpu);

  const topo::Cluster& c_;
  NcclParams params_;
  void compute_isolated_rates(struct ShapePhase& ph) const;
  std::map<std::vector<int>, std::vector<int>> order_cache_;
  std::map<std::string, std::optional<Shape>> shape_cache_;
  std::vector<int> nic_of_local_;
};

// Adds the plan's phases to a graph as chained transfers (each waits for the previous);
// the first waits for `deps`. Returns the last task.
engine::TaskId emit(const Plan& plan, engine::TaskGraph& graph, std::span<const engine::TaskId> deps,
                    const std::string& label, std::uint32_t category = 0,
                    engine::ServerId server = engine::kNoServer);

}  // namespace simtrain::coll
