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
//  NVLS (all_reduce, one node; NVSwitches with NVLink SHARP, `nvls: true` in devices.yaml,
//    and every GPU sm_90 or later, more than 2 GPUs: NCCL's rules in search.cc/nvls.cc): the
//    switch reduces (multimem.ld_reduce) and multicasts the result (multimem.st). Each GPU
//    sends S(1+1/n) to the switch and receives S(1+1/n): one flow per GPU over its own
//    link in both directions. busbw = 2(n-1)/n * S/t exceeds the ring's wire limit, as
//    NCCL reports (about 480 GB/s on 8x H100/H200); the NVLS kernel reaches
//    `nvls.bandwidth_share` of the link (collectives.yaml, from the maintainer's figure).
//    Latency: NCCL's NVLS hwLat (25 us) plus one Simple NVLink step (3.4 us) per stage of
//    the NVLS kernel (scatter, reduce, multicast, gather), which hand chunks on by FIFO flags.
//  NVLSTree (all_reduce, several nodes of such NVSwitch boxes): in every node the switch
//    reduces (as NVLS: S(1+1/g) each way per GPU), GPU l heads shard l (S/g) across nodes
//    on its NIC over NCCL's double binary tree (tree l mod 2), and the switch multicasts the
//    result; one pipelined kernel, so one phase: per GPU an NVLS flow and per tree edge of
//    each shard a network flow of S/g each way. Latency: NVLSTree hwLat (25 us NVLink, 14 us
//    per network step, 2 log2(N) steps) plus the NVLS stages.
//
// Time of one call (per phase; every constant in topologies/collectives.yaml, NCCL v2.27.7):
//   t = overhead + path latency + base[a][p] + sum over steps of hwLat[class][a][p]
//       + ramp + fill + (wire bytes / max-min rate: decided by net/ when it runs)
// where, with R the phase's isolated wire rate and c the channels NCCL builds:
//   channels c: NCCL's topology search (search.cc): the highest speed s of its speed array
//     that one path and the GPU's total ring bandwidth T can carry (an all-NVLink ring: NCCL's
//     own figure per NVLink times the GPU's links; otherwise the ring's isolated max-min
//     rate; across nodes: the NICs' rates); floor(T/s) channels,
//     doubled when s >= 25 GB/s (not on sm_90 below 50 GB/s with more than 4), doubled
//     again in connect.cc's postset; NVLS: 16 (nvls.cc). One CTA per channel, so
//     Plan::sms_per_rank is the channels this call launches, c_eff below.
//   ramp: NCCL launches c_eff = the largest c' <= c with S >= c' * threads * threshold
//     (enqueue.cc); a channel (one CTA) moves at most R/c, so a call on c_eff < c channels
//     takes (c/c_eff - 1) * (wire bytes / R) longer.
//   fill: each channel moves its share M = S/c_eff in slices through a FIFO of 8 slots
//     (buffer/8 bytes each: 512 KiB Simple). A ring's chunk is min(chunk_steps slots,
//     M/n), cut into chunk_steps/slice_steps slices; the pipeline granule g is a slice,
//     at most one slot. A step of the ring cannot start before the previous step's first
//     granule arrives, so the first granule crosses all nsteps steps before the ring runs at
//     full rate: fill = (nsteps - 1) * (g / share) / (R / c). nsteps = 2(n-1) for a ring
//     all_reduce, n-1 reduce_scatter / all_gather, 2 * depth for the tree, the NVLS
//     kernel's stages for NVLS (granule: its chunk, shrunk for small sizes by
//     calcCollChunking's rule). Large messages hide the fill (one granule per step);
//     messages of a few granules per rank run far below the link rate.
//   network steps: transports (link kind `transport:`): ib / roce go NIC <-> GPU memory
//     (GPUDirect RDMA); socket stages each step through host memory (GPU -> CPU -> NIC)
//     and adds `socket_step_latency` per network step; every intra-node step of a
//     multi-node ring costs at least NCCL's proxy overhead (getNetOverhead: 1 us Intel,
//     2 us AMD, x3 Simple).
//   SHM: GPUs without peer-to-peer (`p2p: false`) hand data over through host memory as
//     NCCL's SHM transport does: GPU -> CPU (PCIe up, written to DRAM), CPU -> GPU (read
//     from DRAM, PCIe down). Every staged byte is written and read once, so it draws 2
//     bytes of DRAM bandwidth: the CPU's transit capacity is crossed with coefficient
//     max(1, 2 * p2p_bandwidth / memory_bandwidth), i.e. rate <= memory_bandwidth / 2.
// The protocol (LL, LL128, Simple) and, for `auto`, the algorithm are chosen per size as
// NCCL's tuner does: the lowest modelled time of the same terms, with the phase's own
// isolated max-min rate as the bandwidth.
//
// Fabric routing (system file `fabric: routing:`): static keeps the fabric's deterministic
// ECMP hash (one spine per source/destination pair, collisions cost bandwidth); adaptive
// spreads a flow evenly over every equal-cost spine (coefficient 1/k on each of the k
// leaf->spine->leaf paths), as adaptive routing / packet spraying does.
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
enum class Algo { automatic, ring, tree, hierarchical, nvls, nvls_tree };
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
  // channel NCCL launches for this call (its channel count for the system and algorithm,
  // ramped down for small sizes; NVLS: its own 16), and NCCL's CTAs never share an SM with
  // compute kernels (NVIDIA/nccl#689). The executor takes them from the GPU's SM pool
  // while the collective runs.
  int sms_per_rank = 0;
  int nccl_channels = 0;  // channels NCCL builds for the algorithm (before the size ramp)
};

class VarBuilder;  // collects one flow's links (collective.cpp)

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
  // shape(), built once per (algorithm, request form, ranks), with its flows' isolated rates.
  std::optional<Shape>& cached_shape(Algo algo, const Request& req, const std::vector<int>& ranks);
  bool all_sm90(const std::vector<int>& ranks) const;
  Plan finish(const Shape& s, Algo algo, Protocol proto, double bytes, int n);
  int balanced_nic(int local_gpu);
  // NCCL's channel count from its topology search (see the header comment).
  int search_channels(const Shape& ring, bool multi_node, bool sm90, const std::vector<int>& ranks) const;
  // One GPU -> GPU hop inside a node: the route, or through host memory without P2P (SHM).
  void add_gpu_hop(VarBuilder& vb, topo::Vertex a, topo::Vertex b);
  // A route, spread over every spine when the fabric routes adaptively.
  void add_route(VarBuilder& vb, const topo::Route& r);
  // GPU ga on node_a to GPU gb on node_b through NICs nic_a / nic_b (local indices): GPUDirect
  // RDMA, or staged through host memory on both sides for the socket transport. Returns false
  // where a NIC is reached through a CPU or host memory (tuning.cc then turns LL128 off).
  bool add_net_cross(VarBuilder& vb, topo::Vertex ga, int node_a, int nic_a, int node_b, int nic_b, topo::Vertex gb);
  // The NICs' port transport is NCCL's socket transport (staged through host memory).
  bool socket_transport() const;
  // Host-memory staging through a CPU (SHM and socket transports): its DRAM constraint.
  void add_host_staging(VarBuilder& vb, topo::Vertex cpu);
  std::vector<topo::Vertex> spines_;
  bool spines_found_ = false;

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
