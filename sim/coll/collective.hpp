// Collectives as NCCL runs them, emitted as transfers for the engine (docs/commands/collective.md).
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
//    `nvls.bandwidth_share` of the link (collectives.yaml, from the maintainer's figure;
//    `bandwidth_share_sm100` on Blackwell's NVLink 5 switches, from an 8x B300 figure).
//    Latency: NCCL's NVLS hwLat (25 us) plus one Simple NVLink step (3.4 us) per stage of
//    the NVLS kernel (scatter, reduce, multicast, gather), which hand chunks on by FIFO flags.
//  NVLSTree (all_reduce, several nodes of such NVSwitch boxes): in every node the switch
//    reduces (as NVLS: S(1+1/g) each way per GPU), GPU l heads shard l (S/g) across nodes
//    on its NIC over NCCL's double binary tree (tree l mod 2), and the switch multicasts the
//    result; one pipelined kernel, so one phase: per GPU an NVLS flow and per tree edge of
//    each shard a network flow of S/g each way. Latency: NVLSTree hwLat (25 us NVLink, 14 us
//    per network step, 2 log2(N) steps) plus the NVLS stages. `nvls.bandwidth_share` is the
//    multimem traffic's on NVLink: it scales the GPUs' NVLS flows, not the trees' network
//    edges, which carry data bytes (Simple). Fill: NCCL's NVLSTree chunk
//    (calcCollChunking: 128 KiB, at most 64 KiB from 4 nodes, shrunk below 32/16/4/1 x c x g
//    chunks) crosses the NVLS stages at rate_nvls / c and 2 log2(N) - 1 network steps at
//    rate_edge x g / c (the c channels are spread over the g heads, so c / g share an edge).
//    Each NIC carries 2 S/g each way (interior in one tree, leaf in the other), so at scale
//    busbw -> 2 (n-1)/n x g x NIC / 2, NCCL's tuner's bwInter / 2 for NVLSTree beyond 2 nodes.
//
//  Point-to-point (Planner::send_recv: ncclSend/ncclRecv between pipeline stages) and
//  all_to_all run NCCL's p2p path (enqueue.cc addP2pToPlan, graph/paths.cc
//  ncclTopoComputeP2pChannels, graph/search.cc ncclTopoGetNetDev), not a tuned algorithm:
//    Path: one operation (a send and its matching receive) is ONE flow from the sender's GPU
//      to the receiver's. Inside a node: the GPU-to-GPU hop collectives use (NVLink / PCIe
//      P2P, or NCCL's SHM through host memory without P2P). Across nodes (PXN, NCCL's default
//      NCCL_P2P_PXN_LEVEL 2): the bytes cross NVLink to the sender-node GPU with the
//      receiver's local index when it is NVLink-connected to the sender and reaches its NIC
//      without a CPU, and leave on that GPU's NIC; otherwise on the sender's own NIC. They
//      enter on the receiver's NIC (net.cc receives locally), so traffic stays on rails.
//      Socket transports stage through host memory on both sides, as for collectives.
//    Communicator: send_recv is torch.distributed.send/recv, which PyTorch runs on a
//      2-rank communicator of the pair; all_to_all runs on the communicator of its ranks.
//    Channels: NCCL's p2p channels P = pow2Up(c) for the communicator's c ring channels (its
//      search, as above). Per peer it provisions need = 2 per NVLink of the path (2 x path bw
//      / NCCL's NVLink bw), 2 for a PCIe or SHM peer, 2 for a network peer halved while
//      2 n > 4 P (n ranks), and gives each peer up to c_max = min(P, pow2Up(min need))
//      channels; c_min = c_max halved while c_min n > P. An operation of B bytes runs on
//        c = min(c_min, ceil(B / p_lo)), doubled while B / c > p_hi and c <= c_max / 2,
//      with (p_lo, p_hi) = (step/8, 32 step) in one node and (step/2, step) across nodes;
//      step = 512 KiB (all-NVLink node), 128 KiB (PCIe node, or several nodes), LL's 64 KiB.
//    Protocol: LL when B <= 16 KiB x c_max and the connection has LL buffers (P2P and SHM
//      do; network p2p connections do not by default), else Simple: NCCL's rule, no tuner.
//    Rate: max-min, as everything. A channel moves at most R_alone / need (NCCL sizes need
//      to fill the path), so an operation on c < need channels is stretched to
//      wire / min(R, c R_alone / need); the call ends with its slowest operation, so the ramp
//      (added to the latency, as for collectives) is max(wire / min(R, cap)) - max(wire / R).
//    Latency: t = overhead + path latency + base[Ring][p] + w x hwLat[Ring][class][p]
//      (+ socket_step_latency per step on sockets), class = network across nodes, NVLink
//      when the path is all NVLink, else PCIe; w = the work batches a channel runs one after
//      another (up to 8 operations of different rounds at once, NCCL_MAX_DEV_WORK_P2P_PER_BATCH),
//      1 for one send. NCCL's tuner has no p2p latency; its ring's per-step figures are the
//      nearest it has. No pipeline fill: only one stage crosses a link; the copies into and
//      out of the FIFO run at HBM speed (one step, at most 512 KiB: under a microsecond).
//    SMs: one CTA per channel the kernel's channel mask holds (every round's parts, placed by
//      ncclP2pChannelForPart from the round's base channel).
//  all_to_all: S bytes per rank, S/n to every rank including itself (nccl-tests'
//    alltoall_perf; busbw = (n-1)/n x S/t). Every ordered pair of distinct ranks is one flow
//    of S/n, all concurrent, as NCCL's grouped send/recv runs them (the self copy stays in
//    HBM: no flow). In an NVSwitch box each GPU's link carries (n-1)/n S each way, so busbw
//    is the link's rate; across nodes each NIC carries (n-g)/n S each way (g GPUs per node:
//    PXN puts everything for local index j on NIC j), so t >= (n-g)/n S / NIC rate, and an
//    oversubscribed or statically hashed fabric slows it further (adaptive: spread over the
//    spines, as for collectives). n(n-1) flows: meant for expert-parallel groups, not 16k GPUs.
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
//     again in connect.cc's postset; the speed array and NCCL's per-NVLink figure by the
//     oldest GPU's architecture (sm_100 and later: sm100's). NVLS: 16 on sm_90, on sm_100
//     and later 24 in one node (or one NVLink clique), 32 across nodes (nvls.cc). One CTA per channel, so
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
// isolated max-min rate as the bandwidth, plus two terms of NCCL's tuner (tuning.cc, v2.27.7)
// that the choice alone sees (Plan::choice_ps; collectives.yaml `tuner:`):
//   LL across nodes: NCCL credits LL with at most llMaxBw of bus bandwidth (20.4 GB/s on
//     Intel hosts beyond 2 nodes, 39 on 2; AMD 19 / 22.5), on rings and trees; the choice adds
//     max(0, bus bytes / llMaxBw - link time) (bus bytes: 2(n-1)/n S ring all_reduce, 2 S tree).
//     Without it a ring's thousands of step latencies make LL look faster than Simple at
//     hundreds of MiB on hundreds of nodes (LL's steps are 5x cheaper), which NCCL never picks.
//   Ring Simple all_reduce across nodes: NCCL's latency x 1.4 (sm_80+; 1.9 before) once each
//     rank's share per channel is >= 64 B ("plateau effect of ring").
// Enabled as in NCCL 2.27: tree and NVLSTree only across nodes, NVLS only inside one node
// (multi-node NVLS needs CollNet), NVLS/NVLSTree Simple only. Not modelled: PAT (NCCL >= 2.23
// runs it for all_gather / reduce_scatter only with one GPU per node, ncclPatEnable), CollNet.
// The ring's latency at thousands of ranks is NCCL's formula, (2(n-1) - 2(N-1)) x intra step +
// 2(N-1) x network step (nInterSteps), paid once: at 1,984 ranks 3,472 NVLink steps of 3.4 us
// and 494 network steps of 14 us, ~19 ms, so rings lose to trees there at any size NCCL-tests
// runs; the pipeline fill is a node's 2(g-1) steps (the network proxy posts ahead).
//
// RCCL (AMD GPUs, catalog arch gfx*; coll/nccl_params.hpp): the same shapes with RCCL's figures
// (collectives.yaml `rccl:`, ROCm/rccl rocm-6.2.2): baseLat 12 us LL / 17 us Simple, tuning_model_5's
// hwLat (its NVLINK row is xGMI), LL and Simple only (no LL128 on gfx942), up to 128 channels in
// one node (64 across nodes), its 48 GB/s per xGMI link in the channel search. On a node RCCL
// recognises (rccl.ring_models: the 8x MI300X full xGMI mesh, rome_model_79) the ring channels
// run RCCL's hard-coded rings instead of the search above: 14 orders that cross every one of the
// 56 directed GPU pairs twice, so each GPU's 7 links carry equal traffic, busbw -> 7 x link
// rate; 56 channels (28 listed rings, doubled by connect.cc's postset). Inside one node RCCL
// (tuning.cc) skips Tree/Simple on gfx94 single-node, which the rule above (tree only across
// nodes) already gives. Not modelled: MSCCL / MSCCL++ (RCCL's one-shot direct kernels for
// all_reduce up to ~16 MiB on 8x MI300X): the modelled ring is slower than RCCL below that
// (latency floor ~13 us measured, several times that modelled); RCCL's p2p channel rules
// (4 per xGMI peer on gfx94) use NCCL's.
//
// Fabric routing (system file `fabric: routing:`): static keeps the fabric's deterministic
// ECMP hash (one spine per source/destination pair, collisions cost bandwidth); adaptive
// spreads a flow evenly over every equal-cost spine (coefficient 1/k on each of the k
// leaf->spine->leaf paths), as adaptive routing / packet spraying does. The DGX H100/H200
// SuperPOD systems ship adaptive (their InfiniBand fabric runs it; sources in the files).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/enum_names.hpp"
#include "coll/nccl_params.hpp"
#include "engine/task_graph.hpp"
#include "topo/cluster.hpp"

namespace simtrain::coll {

enum class Op { all_reduce, reduce_scatter, all_gather, broadcast, all_to_all };
// p2p: NCCL's point-to-point path (all_to_all, send_recv), the only one all_to_all has.
enum class Algo { automatic, ring, tree, hierarchical, nvls, nvls_tree, p2p };

// The names of each (base/enum_names.hpp): the one table that prints them, parses them from
// a scenario, a validation case or a flag, and lists them in errors and --help. nccl-tests'
// spellings (allreduce, ...) are aliases; p2p is chosen by the planner, never by a user.
inline constexpr auto kOpNames = enum_names<Op>({{Op::all_reduce, "all_reduce"},
                                                 {Op::reduce_scatter, "reduce_scatter"},
                                                 {Op::all_gather, "all_gather"},
                                                 {Op::broadcast, "broadcast"},
                                                 {Op::all_to_all, "all_to_all"},
                                                 {Op::all_reduce, "allreduce", NameUse::kAlias},
                                                 {Op::reduce_scatter, "reducescatter", NameUse::kAlias},
                                                 {Op::all_gather, "allgather", NameUse::kAlias},
                                                 {Op::all_to_all, "alltoall", NameUse::kAlias}});
inline constexpr auto kAlgoNames = enum_names<Algo>({{Algo::automatic, "auto"},
                                                     {Algo::ring, "ring"},
                                                     {Algo::tree, "tree"},
                                                     {Algo::hierarchical, "hierarchical"},
                                                     {Algo::nvls, "nvls"},
                                                     {Algo::nvls_tree, "nvls_tree"},
                                                     {Algo::p2p, "p2p", NameUse::kPrintOnly}});
const char* op_name(Op op);
const char* algo_name(Algo a);
// op_name's inverse; also takes nccl-tests' spellings (allreduce, allgather, reducescatter,
// alltoall). nullopt for anything else; op_names() lists the canonical names for messages.
std::optional<Op> op_from_name(std::string_view name);
const std::vector<std::string>& op_names();
// The names of the collectives a training step runs, all but all_to_all: what --op and a
// validation case's op take.
std::vector<std::string> training_op_names();
// nccl-tests' bus-bandwidth factor: busbw = algbw * factor(n).
double busbw_factor(Op op, int n);

struct Request {
  Op op = Op::all_reduce;
  double bytes = 0;        // S: the buffer each rank reduces (nccl-tests' size); all_to_all:
                           // the buffer each rank sends, S/n to every rank
  std::vector<int> ranks;  // global GPU indices in rank order (empty = all GPUs)
  Algo algo = Algo::automatic;
  bool ring_order_auto = true;  // false: keep the rank order (a misconfigured job)
  int channels = 0;             // 0: 1 inside a node, R (NICs per node) across nodes;
                                // all_to_all: the communicator's (p2p: the next power of 2)
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
  TimePs estimate_ps = 0;  // isolated-model estimate of the call's time
  // What the choice compares: estimate_ps plus NCCL's tuner-only terms (collectives.yaml
  // `tuner:`: LL's llMaxBw across nodes, the multi-node ring's plateau factor).
  TimePs choice_ps = 0;
  int ranks = 0;
  // SMs the NCCL kernel holds on every rank's GPU for its whole lifetime: one CTA per
  // channel NCCL launches for this call (its channel count for the system and algorithm,
  // ramped down for small sizes; NVLS: its own 16), and NCCL's CTAs never share an SM with
  // compute kernels (NVIDIA/nccl#689). The executor takes them from the GPU's SM pool
  // while the collective runs.
  int sms_per_rank = 0;
  int nccl_channels = 0;  // channels NCCL builds for the algorithm (before the size ramp)
  // What the plan carries, for writers of execution traces (Chakra): the operation, the bytes
  // of one call, the calls back to back, and the groups that run it together (the caller's
  // positions; a point-to-point plan's groups are its (sender, receiver) pairs). Set by train's
  // StepBuilder; the planner leaves it empty.
  struct Call {
    Op op = Op::all_reduce;
    bool p2p = false;
    double bytes = 0;
    int calls = 1;
    std::vector<std::vector<int>> groups;
  };
  std::optional<Call> call;
};

class VarBuilder;  // collects one flow's links (collective.cpp)

class Planner {
 public:
  Planner(const topo::Cluster& cluster, NcclParams params);
  ~Planner();
  // Throws std::invalid_argument for a request the algorithm cannot serve.
  Plan plan(const Request& req);
  // NCCL's ncclSend/ncclRecv of `bytes` from GPU src_gpu to GPU dst_gpu (global indices) on
  // the pair's own communicator: one flow (see the header). Throws std::invalid_argument for
  // the same GPU, an unknown GPU, negative bytes, or nodes without NICs.
  Plan send_recv(int src_gpu, int dst_gpu, double bytes);
  const NcclParams& params() const { return params_; }
  // The ring order (global GPU indices) a single-node ring would use for these ranks.
  std::vector<int> ring_order(const std::vector<int>& ranks, bool automatic);

 private:
  struct Shape;  // bandwidth-and-latency skeleton of one algorithm
  std::optional<Shape> shape(Algo algo, const Request& req, const std::vector<int>& ranks);
  class ShapeBuilder;  // shape()'s parts: one member per algorithm and topology level (collective.cpp)
  // shape(), built once per (algorithm, request form, ranks), with its flows' isolated rates.
  std::optional<Shape>& cached_shape(Algo algo, const Request& req, const std::vector<int>& ranks);
  int oldest_arch(const std::vector<int>& ranks) const;  // CUDA architecture of the oldest GPU (90: sm_90)
  // Point-to-point: the flows of a communicator's operations (every ordered pair for
  // all_to_all, else src -> dst) and NCCL's p2p channel figures, built once per form.
  struct P2pShape;
  const P2pShape& p2p_shape(const std::vector<int>& comm, int src, int dst, int channels);
  Plan finish_p2p(const P2pShape& s, double op_bytes, std::optional<Protocol> forced);
  // One operation's path (see the header); returns its latency class.
  HwClass add_p2p_path(VarBuilder& vb, int src, int dst);
  // Channels NCCL provisions for a peer (paths.cc ncclTopoGetNchannels).
  int p2p_need(int a, int b, int comm_ranks, int p2p_channels) const;
  std::map<std::string, std::unique_ptr<P2pShape>> p2p_cache_;
  Plan finish(const Shape& s, Algo algo, Protocol proto, double bytes, int n);
  // NCCL's tuner-only terms (see Plan::choice_ps), per phase.
  TimePs ring_plateau_extra(const Shape& s, Algo algo, Protocol proto, double bytes, int n, TimePs steps_ps) const;
  TimePs ll_tuner_extra(const Shape& s, const struct ShapePhase& sp, Protocol proto, double bytes, double link_s) const;
  int balanced_nic(int local_gpu);
  // The NICs a cross-node ring or tree of these node-local GPUs uses, as NCCL's search picks
  // them: every NIC one of them reaches without crossing a CPU (PIX/PXB), else each GPU's
  // nearest. A job with one GPU per node runs on that GPU's NIC, not on all of the node's
  // through the root complex.
  std::vector<int> nics_near(const std::vector<int>& local);
  // NCCL's channel count from its topology search (see the header comment).
  int search_channels(const Shape& ring, bool multi_node, int arch, const std::vector<int>& ranks) const;
  // RCCL's hard-coded rings for these ranks (collectives.yaml rccl.ring_models), or nullptr.
  const RingModel* ring_model(const std::vector<int>& ranks) const;
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
