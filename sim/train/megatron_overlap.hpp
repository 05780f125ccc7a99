// Megatron-Core's overlaps of communication with compute, as `strategy: megatron` models them
// (the figures and their sources: topologies/megatron_core.yaml). Three mechanisms:
//
// 1. Gradient buckets (overlap_grad_reduce, Megatron-Core's DistributedDataParallel): a model
//    chunk's parameters are grouped, in backward order, into buckets of at least B parameters,
//    B = bucket_size or max(40M, 1M x dp) (dp: the replicas of each weight, data x context);
//    a bucket's gradients are reduced (reduce-scattered under the distributed optimizer) as soon
//    as the last micro-batch's backward has produced all of them, beside the rest of the
//    backward. Whole blocks go into a bucket here (a block is the granularity the step is built
//    at): a bucket closes at the first block boundary at or past B. Without overlap_grad_reduce
//    the chunk is one bucket, reduced after its last backward.
//
// 2. Parameter all-gather (overlap_param_gather, the distributed optimizer's): the updated
//    parameters are all-gathered bucket by bucket, in the order the next step's forwards use
//    them, on the data-parallel stream, right after the optimizer; the next step's first
//    forward of each block waits only for its own bucket's gather, so all but the first bucket's
//    gather hide under the forwards before it. The first step starts with its gathers, so a
//    measured step moves the same bytes as without the overlap: only where they run changes.
//
// 3. TP communication overlap (tp_comm_overlap: TransformerEngine's userbuffers, needs sequence
//    parallelism). The all-gathers and reduce-scatters of a transformer layer's four linear
//    layers (qkv, proj, fc1, fc2) are split into n chunks pipelined with the GEMM that consumes
//    or produces them (ring_exchange: n = tp; pipeline: n = splits; bulk: the whole collective
//    beside the other GEMM of the backward, no chunk exposed). For a pass with overlapped GEMMs
//    of time G (each at the SMs its overlap's kernels leave it) and their collectives of time C,
//    the rest of its kernels R and its other collectives X (embedding, head, experts):
//        pass = max(G, C (n - 1) / n) + R + X + C / n
//    the (n - 1) chunks beside the GEMMs, the last chunk exposed after the kernels (the
//    pipeline's drain; bulk: C / n = 0). This is >= max(G + R, C) and <= G + R + X + C: never
//    faster than the kernels alone or the communication alone, never slower than no overlap
//    (except by the SMs the overlap takes from its GEMMs). The overlapped GEMMs run with s SMs
//    held (work::Contention, as an NCCL kernel's SMs are): s of the layer's fprop config in the
//    forward; in the backward, half the op's time (dgrad) at the dgrad config's SMs and half
//    (wgrad) at the wgrad config's. The userbuffers transfers hold no NCCL SMs (their cost is
//    that s). Assumptions: the chunks of one layer's collective and the GEMM are taken in
//    aggregate over a pass (the step builder's one transfer per size); attention, norms and
//    activations never hide TP communication; userbuffers' buffers are not counted in memory.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "base/enum_names.hpp"
#include "base/time.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"
#include "work/shard.hpp"

namespace simtrain::train {

// Collectives a pass runs on its stage's groups: (kind, bytes of one call) -> calls (megatron.cpp).
using CommCalls = std::map<std::pair<int, double>, int>;

// One userbuffers overlap (a linear layer's pass).
enum class UbMethod { ring_exchange, pipeline, bulk };
inline constexpr auto kUbMethodNames = enum_names<UbMethod>(
    {{UbMethod::ring_exchange, "ring_exchange"}, {UbMethod::pipeline, "pipeline"}, {UbMethod::bulk, "bulk"}});
struct UbOverlap {
  UbMethod method = UbMethod::bulk;
  int sms = 0;     // SMs its kernels hold while the GEMM runs
  int splits = 0;  // pipeline's chunks (ring_exchange: tp)
};

struct MegatronCoreFigures {
  double bucket_min_params = 40e6, bucket_params_per_dp_rank = 1e6;
  std::map<std::string, UbOverlap> ub;  // qkv_fprop, qkv_dgrad, qkv_wgrad, proj_fprop, ...
  std::string bucket_source, ub_source;
};
MegatronCoreFigures load_megatron_core_figures(const std::string& path);
// topologies/megatron_core.yaml of the source tree, read once.
const MegatronCoreFigures& megatron_core_figures();

// Megatron-Core's default bucket: max(min_params, params_per_dp_rank x dp).
double default_bucket_params(int dp, const MegatronCoreFigures& f);

// A gradient bucket of one model chunk: its blocks in backward order, its parameters.
struct GradBucket {
  std::vector<int> blocks;
  double dense = 0, expert = 0;
};
// `blocks` in forward order; buckets in backward order (the first is reduced first).
std::vector<GradBucket> grad_buckets(const std::vector<int>& blocks, const std::map<int, double>& block_params,
                                     const std::map<int, double>& block_expert_params, double bucket_params);

// The userbuffers layer of each op of a rank's shard (none outside the repeated blocks and for
// ops that are not TP-split GEMMs): in each block the first column-parallel GEMM group is qkv,
// the next fc1 (GEMMs sharing an input, q/k/v or gate/up, take their group's layer); the first
// row-parallel GEMM proj, the next fc2.
enum class UbLayer : signed char { none = -1, qkv, proj, fc1, fc2 };
// The layer's part of megatron_core.yaml's userbuffers keys ("qkv" of qkv_fprop); none has none.
inline constexpr auto kUbLayerNames = enum_names<UbLayer>({{UbLayer::none, "", NameUse::kPrintOnly},
                                                           {UbLayer::qkv, "qkv"},
                                                           {UbLayer::proj, "proj"},
                                                           {UbLayer::fc1, "fc1"},
                                                           {UbLayer::fc2, "fc2"}});
std::vector<UbLayer> ub_layers(const work::Model& shard, int last_block);

// The overlap a TP collective of layer `l` runs under: forward: <l>_fprop; backward: the
// reduce-scatter <l>_wgrad, the all-gather <l>_dgrad.
const UbOverlap& ub_overlap(const MegatronCoreFigures& f, UbLayer l, bool backward, work::CollectiveKind kind);
// Chunks the collective is split into (0: bulk, nothing exposed).
int ub_chunks(const UbOverlap& o, int tp);
// Adds one call of `key` under overlap o: the n chunks' first n - 1 beside the GEMMs (a ring
// exchange's as one transfer: its tp - 1 steps are one ring's; a pipeline's as n - 1 calls),
// the last after the kernels (bulk: the whole call beside).
void add_overlapped(CommCalls& beside, CommCalls& tail, std::pair<int, double> key, const UbOverlap& o, int tp);

// Op time with its overlap's SMs held on top of `c` (forward: fprop's; backward: half at
// dgrad's, half at wgrad's).
TimePs ub_forward(const work::CostModel& cost, const work::Op& op, double mb, const work::Contention& c,
                  const MegatronCoreFigures& f, UbLayer l);
TimePs ub_backward(const work::CostModel& cost, const work::Op& op, double mb, const work::Contention& c,
                   const MegatronCoreFigures& f, UbLayer l);

}  // namespace simtrain::train
