#include "train/megatron.hpp"
#include "train/megatron_overlap.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "topo/cluster.hpp"
#include "train/host.hpp"
#include "work/shard.hpp"
#include "train/step_builder.hpp"

namespace simtrain::train {

bool parse_recompute(const std::string& s, Recompute& out) { return kRecomputeNames.parse(s, out); }
const char* recompute_name(Recompute r) { return kRecomputeNames.c_str(r); }
bool parse_data_sharding(const std::string& s, DataSharding& out) { return kDataShardingNames.parse(s, out); }
const char* data_sharding_name(DataSharding d) { return kDataShardingNames.c_str(d); }

std::vector<int> stage_of_blocks(const work::Model& model, int V) {
  const int B = model.ops.empty() ? 0 : model.ops.back().block + 1;
  std::vector<int> out(static_cast<std::size_t>(std::max(B, 0)), 0);
  if (V <= 1) return out;
  const int L = B - 2;  // repeated blocks between the input end (0) and the output end (B-1)
  if (L < V)
    throw OptionError("parallel.pp", "pp x virtual_stages = " + std::to_string(V) + " virtual stages, but " + model.name +
                                " has " + std::to_string(std::max(L, 0)) + " layers to split among them");
  std::vector<int> per(static_cast<std::size_t>(V), L / V);
  // Extra layers to the middle virtual stages first: the ends carry the embedding and the head.
  std::vector<int> order;
  for (int k = 1; k + 1 < V; ++k) order.push_back(k);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const double mid = (V - 1) / 2.0;
    return std::abs(a - mid) < std::abs(b - mid);
  });
  order.push_back(0);
  order.push_back(V - 1);
  for (int e = 0; e < L % V; ++e) ++per[static_cast<std::size_t>(order[static_cast<std::size_t>(e)])];
  int block = 1;
  for (int k = 0; k < V; ++k)
    for (int i = 0; i < per[static_cast<std::size_t>(k)]; ++i) out[static_cast<std::size_t>(block++)] = k;
  out.back() = V - 1;
  return out;
}

namespace {

// Collectives a pass runs back to back on its stage's groups: (kind, bytes of one call) ->
// calls. The kind is work::CollectiveKind's value for TP and CP (all-reduce, all-gather,
// reduce-scatter), kAllToAll for EP's dispatch and combine; it also orders the calls.
using Calls = CommCalls;
constexpr int kAllToAll = 3;
static_assert(static_cast<int>(work::CollectiveKind::reduce_scatter) < kAllToAll);

coll::Op coll_op(int kind) {
  if (kind == kAllToAll) return coll::Op::all_to_all;
  switch (static_cast<work::CollectiveKind>(kind)) {
    case work::CollectiveKind::all_reduce: return coll::Op::all_reduce;
    case work::CollectiveKind::all_gather: return coll::Op::all_gather;
    case work::CollectiveKind::reduce_scatter: return coll::Op::reduce_scatter;
  }
  return coll::Op::all_reduce;
}

// The largest single call among `calls` (for the stream's hold on the GPUs).
void note_largest(const Calls& calls, std::pair<int, double>& largest) {
  for (const auto& [key, n] : calls)
    if (key.second > largest.second) largest = key;
}

// What one virtual stage runs per micro-batch.
struct VStage {
  std::vector<std::size_t> ops;
  std::vector<int> blocks;                 // its blocks, in forward order
  std::vector<TimePs> fwd, bwd;            // by contention level; bwd includes recomputation
  std::map<int, std::vector<TimePs>> block_bwd;  // per block (the last micro-batch under overlap)
  std::map<int, std::vector<TimePs>> block_fwd;  // per block (FSDP runs every pass block by block)
  std::map<int, double> block_fwd_kernels, block_bwd_kernels;  // issued by the host, per block
  std::map<int, double> block_params;
  // Of params: those with a gradient and optimizer state (all but under fine-tuning, whose
  // frozen base weights have none: work/finetune.hpp).
  double grad_params = 0;
  std::map<int, double> block_grad_params;
  double expert_params = 0;               // of params: routed experts (reduced over the expert-DP group)
  std::map<int, double> block_expert_params;
  // Expert-parallel all-to-alls (dispatch, combine) per micro-batch: each rank sends its bytes.
  Calls ep_fwd, ep_bwd;
  // Context parallelism: the KV blocks passed around the CP group, per micro-batch, as the
  // all-gather (forward and backward) and the reduce-scatter of their gradients (backward) they
  // amount to: (kind, whole-tensor bytes) -> calls. They run beside the pass's kernels.
  Calls cp_fwd, cp_bwd;
  std::map<int, Calls> ep_block_fwd, ep_block_bwd;
  double fwd_kernels = 0, bwd_kernels = 0;
  double params = 0;
  double act_bytes = 0;  // saved per micro-batch
  // Recomputation's working set: what block b's backward holds while it re-runs the block's
  // forward (the activations recomputation did not save), and the largest over the chunk.
  std::map<int, double> block_recompute;
  double recompute_peak = 0;
  TimePs gemm_like = 0;   // GEMM/conv/attention kernel time per micro-batch (GPU alone)
  // TP collectives per micro-batch: (kind, bytes of one call) -> calls, forward and backward;
  // per block for the last micro-batch's backward under overlap_grad_reduce.
  Calls tp_fwd, tp_bwd;
  std::map<int, Calls> tp_block_fwd, tp_block_bwd;
  engine::CurveId fwd_curve = engine::kNoCurve, bwd_curve = engine::kNoCurve;
  std::map<int, engine::CurveId> block_fwd_curve, block_bwd_curve;
  // tp_comm_overlap (train/megatron_overlap.hpp): the userbuffers' chunks beside the overlapped
  // GEMMs and the last chunk after the kernels, per micro-batch and per block; the overlapped
  // GEMMs' time at their SMs (not in fwd, bwd; in the block times).
  Calls ub_fwd, ub_fwd_tail, ub_bwd, ub_bwd_tail;
  std::map<int, Calls> ub_block_fwd, ub_block_fwd_tail, ub_block_bwd, ub_block_bwd_tail;
  std::vector<TimePs> fwd_ub, bwd_ub;
  engine::CurveId fwd_ub_curve = engine::kNoCurve, bwd_ub_curve = engine::kNoCurve;
  std::map<int, std::vector<TimePs>> block_fwd_ub, block_bwd_ub;
  std::map<int, engine::CurveId> block_fwd_ub_curve, block_bwd_ub_curve;
  std::vector<GradBucket> buckets;  // gradient buckets, backward order (the chunk's one without overlap)
};

// How the step runs an op's passes: routed-expert GEMMs at the busiest EP rank's share
// (expert_imbalance x the average tokens), and the forward run once more in the backward where
// it is recomputed (full: every op of a repeated block; selective: the attention core).
double skew_of(const work::Op& op, const MegatronOptions& opt) {
  return work::is_expert(op.split) ? opt.expert_imbalance : 1.0;
}

TimePs scaled(TimePs t, double f) { return f == 1.0 ? t : static_cast<TimePs>(std::llround(static_cast<double>(t) * f)); }

// Elements per sample of the tensor entering block `b` (what the previous stage sends).
double block_input_elems(const work::Model& m, int b) {
  for (const work::Op& op : m.ops) {
    if (op.block != b) continue;
    if (op.act_elems_saved > 0) return op.act_elems_saved;
    if (op.gemm_m > 0 && op.gemm_k > 0) return op.gemm_m * op.gemm_k;
    return op.fwd_elems_moved / 2;
  }
  return 0;
}

// Everything the step and the closed forms share: the layout, the schedule, one rank's ops,
// and per virtual stage its parameters, saved activations and TP collectives.
struct Prepared {
  std::optional<Layout> layout;
  int p = 1, v = 1, V = 1, m = 1;
  PipeSchedule sched = PipeSchedule::one_f_one_b;
  work::Model shard;
  double mb = 1, ab = 2;
  std::vector<VStage> vs;
  int last_block = 0;
  // Bytes per parameter: as computed with (weights), gradients (Megatron's main grads), and the
  // optimizer's states with fp32 master weights and (fp16) the fp32 gradient copy (header).
  double pbytes = 2, gbytes = 4, k_state = 12;
  std::vector<double> params_of_stage;  // per pipeline stage, one rank's
  std::vector<double> grad_params_of_stage;  // of those, the ones with a gradient (fine-tuning: the adapters)
  std::vector<double> expert_params_of_stage;
  std::vector<double> opt_params_of_stage;  // what its optimizer updates (its shard with the distributed optimizer)
  std::vector<double> boundary_bytes;   // the tensor entering virtual stage k, per micro-batch and rank pair
  // FSDP (header): the mode, none when the weights have a single holder (dp x cp = 1); the
  // groups it shards over: data x context (dense), expert-DP (routed experts).
  DataSharding fsdp = DataSharding::none;
  int group = 1, edp = 1;
  std::vector<UbLayer> ub;  // per op of `shard` under tp_comm_overlap (tp > 1), else empty
  std::string box_name;     // the system's boxes ("compute tray"), empty when a node is one box
  std::set<int> recompute_blocks;  // full recomputation: the blocks that re-run their forward (header)
};

bool recomputed(const work::Op& op, const Prepared& P, const MegatronOptions& opt) {
  return (opt.recompute == Recompute::full && P.recompute_blocks.count(op.block)) ||
         (opt.recompute == Recompute::selective && op.kind == work::OpKind::attention);
}

// Full recomputation's blocks: of each virtual stage's repeated blocks (not the embedding's
// nor the head's), the first round(recompute_fraction x their count), as Megatron's block
// method recomputes the first --recompute-num-layers layers of each model chunk.
std::set<int> recompute_blocks_of(const std::vector<VStage>& vs, int last_block, const MegatronOptions& opt) {
  std::set<int> out;
  if (opt.recompute != Recompute::full) return out;
  for (const VStage& x : vs) {
    std::vector<int> repeated;
    for (int b : x.blocks)
      if (b > 0 && b < last_block) repeated.push_back(b);
    const auto n = static_cast<std::size_t>(std::llround(opt.recompute_fraction * static_cast<double>(repeated.size())));
    out.insert(repeated.begin(), repeated.begin() + static_cast<std::ptrdiff_t>(std::min(n, repeated.size())));
  }
  return out;
}

// The bytes of block b of x that FSDP gathers (per_param = pbytes) or accumulates unsharded and
// reduce-scatters (gbytes): its dense parameters where the data x context group has more than
// one rank, its experts where the expert-DP group has (a group of one shards nothing).
double fsdp_block_bytes(const Prepared& P, const VStage& x, int b, double per_param) {
  const double ex = x.block_expert_params.count(b) ? x.block_expert_params.at(b) : 0.0;
  const double dense = x.block_params.at(b) - ex;
  return ((P.group > 1 ? dense : 0.0) + (P.edp > 1 ? ex : 0.0)) * per_param;
}

// The layout of the mesh on the ranks, the pipeline's shape and its schedule, checked before
// anything is built (OptionError on the key at fault).
void prepare_layout(Prepared& P, const topo::Cluster& cluster, const std::vector<int>& ranks, const MegatronOptions& opt) {
  const Mesh& mesh = opt.mesh;
  try {
    P.layout.emplace(mesh, ranks, cluster.gpus_per_node(), cluster.gpus_per_box());
    if (cluster.has_boxes()) P.box_name = cluster.box_name();
  } catch (const std::invalid_argument& e) {
    throw OptionError(mesh.dp % mesh.ep != 0 ? "parallel.ep" : "parallel.dp", e.what());
  }
  P.p = mesh.pp;
  P.v = opt.virtual_stages;
  P.V = P.p * P.v;
  P.m = opt.grad_accumulation;
  // One stage runs each micro-batch's forward and backward back to back (Megatron's
  // forward_backward_no_pipelining), which is 1F1B with no warm-up.
  P.sched = P.p == 1 ? PipeSchedule::one_f_one_b : opt.schedule;
  if (P.p == 1 && P.v > 1) throw OptionError("parallel.virtual_stages", "virtual stages need more than one pipeline stage");
  // Check the schedule can run the shape before building anything.
  try {
    (void)pipe_order(P.sched, P.p, 0, P.m, P.v);
  } catch (const std::invalid_argument& e) {
    throw OptionError("parallel.schedule", e.what());
  }
}

// One rank's share of every op (work/shard.hpp): what its kernels compute, hold and save under
// TP and EP. Context parallelism: every rank of a CP group holds seq / cp of the tokens
// (Megatron-Core splits the sequence into 2 cp chunks, rank i taking chunks i and 2cp-1-i, so
// causal attention's work is even): every op's FLOPs, traffic, saved activations and GEMM rows
// are a cp-th; attention runs its queries against all the keys (a cp-th of the s^2 work).
work::Model rank_shard(const work::Model& model, const MegatronOptions& opt) {
  const Mesh& mesh = opt.mesh;
  work::Model shard;
  try {
    shard = work::shard_model_for_tp(model, mesh.tp, opt.sequence_parallel);
  } catch (const std::invalid_argument& e) {
    throw OptionError("parallel.tp", e.what());
  }
  try {
    shard = work::shard_model_for_ep(shard, mesh.ep);  // an expert count ep does not divide is ep's error
  } catch (const std::invalid_argument& e) {
    throw OptionError("parallel.ep", e.what());
  }
  if (mesh.cp > 1) {
    if (model.seq_len % mesh.cp != 0)
      throw OptionError("parallel.cp", "cp = " + std::to_string(mesh.cp) + " does not divide the sequence of " +
                                           std::to_string(model.seq_len) + " tokens");
    const double f = 1.0 / mesh.cp;
    for (work::Op& op : shard.ops) {
      op.fwd_flops *= f;
      op.fwd_elems_moved *= f;
      op.act_elems_saved *= f;
      op.gemm_m *= f;
      op.a2a_elems *= f;
    }
  }
  return shard;
}

// Op i of the rank's shard joins virtual stage x: its parameters (dense, routed experts), and
// the collectives it adds to x's passes per micro-batch: CP's KV exchange for attention, EP's
// dispatch and combine, its TP collectives (or, under tp_comm_overlap, the userbuffers' chunks).
void add_op(VStage& x, const Prepared& P, const work::Model& model, std::size_t i, const MegatronOptions& opt,
            const MegatronCoreFigures& fig) {
  const Mesh& mesh = opt.mesh;
  const work::Op& op = P.shard.ops[i];
  const double ab = P.ab, mb = P.mb;
  x.ops.push_back(i);
  if (x.blocks.empty() || x.blocks.back() != op.block) x.blocks.push_back(op.block);
  x.params += static_cast<double>(op.params);
  x.block_params[op.block] += static_cast<double>(op.params);
  x.grad_params += static_cast<double>(op.trainable_params());
  x.block_grad_params[op.block] += static_cast<double>(op.trainable_params());
  if (work::is_expert(op.split)) {
    x.expert_params += static_cast<double>(op.params);
    x.block_expert_params[op.block] += static_cast<double>(op.params);
  }
  if (mesh.cp > 1 && op.kind == work::OpKind::attention) {
    // K and V of every query's keys: 2 x seq x kv heads (this TP rank's) x head_dim.
    const double kv_heads = static_cast<double>(op.kv_heads > 0 ? op.kv_heads : (op.heads > 0 ? op.heads : 1));
    const double kv = 2 * static_cast<double>(model.seq_len) * kv_heads * op.gemm_k * ab * mb;
    ++x.cp_fwd[{static_cast<int>(work::CollectiveKind::all_gather), kv}];
    ++x.cp_bwd[{static_cast<int>(work::CollectiveKind::all_gather), kv}];
    ++x.cp_bwd[{static_cast<int>(work::CollectiveKind::reduce_scatter), kv}];
  }
  // MoE dispatch and combine: an all-to-all over the EP group in the forward, its mirror in
  // the backward; each rank sends its tokens' copies (sequence-sharded under SP).
  if (mesh.ep > 1 && op.a2a_elems > 0) {
    const double bytes = op.a2a_elems * ab * mb;  // the shard's: already a tp-th under SP (work/shard.hpp)
    ++x.ep_fwd[{kAllToAll, bytes}];
    ++x.ep_bwd[{kAllToAll, bytes}];
    ++x.ep_block_fwd[op.block][{kAllToAll, bytes}];
    ++x.ep_block_bwd[op.block][{kAllToAll, bytes}];
  }
  for (const work::TpCollective& c : work::tp_collectives(model.ops[i], mesh.tp, opt.sequence_parallel)) {
    if (c.ranks != mesh.tp) throw OptionError("parallel.tp", "expert tensor parallelism other than tp is not modelled");
    // tp_collectives reads the unsplit op: its tensors hold the whole sequence, a CP rank a cp-th.
    const std::pair<int, double> key{static_cast<int>(c.kind), c.elems / mesh.cp * (c.fp32 ? 4.0 : ab) * mb};
    if (!P.ub.empty() && P.ub[i] != UbLayer::none) {  // userbuffers: chunks beside the GEMM, the last after
      const UbOverlap& o = ub_overlap(fig, P.ub[i], c.backward, c.kind);
      add_overlapped(c.backward ? x.ub_bwd : x.ub_fwd, c.backward ? x.ub_bwd_tail : x.ub_fwd_tail, key, o, mesh.tp);
      add_overlapped((c.backward ? x.ub_block_bwd : x.ub_block_fwd)[op.block],
                     (c.backward ? x.ub_block_bwd_tail : x.ub_block_fwd_tail)[op.block], key, o, mesh.tp);
      continue;
    }
    ++(c.backward ? x.tp_bwd : x.tp_fwd)[key];
    ++(c.backward ? x.tp_block_bwd : x.tp_block_fwd)[op.block][key];
  }
}

// What virtual stage x saves per micro-batch under the recompute mode (header), and what each
// of its blocks' backward holds while it re-runs the block's forward (and the largest of those).
void saved_activations(VStage& x, const Prepared& P, const MegatronOptions& opt) {
  const double ab = P.ab, mb = P.mb;
  std::map<int, double> block_input;
  for (std::size_t i : x.ops) {
    const work::Op& op = P.shard.ops[i];
    const bool whole_block = opt.recompute == Recompute::full && P.recompute_blocks.count(op.block) > 0;
    if (!block_input.count(op.block)) block_input[op.block] = op.act_elems_saved;
    double saved = op.act_elems_saved;
    if (opt.recompute == Recompute::selective && op.kind == work::OpKind::attention && !op.flash) {
      // Only q, k and v stay (s x head_dim x (heads + 2 kv heads)); the s^2 probabilities, the
      // dropout mask and the dropped probabilities are recomputed (Korthikanti et al. 2022 §4.2).
      const double kv = static_cast<double>(op.kv_heads > 0 ? op.kv_heads : op.heads);
      const double qkv = op.gemm_n * op.gemm_k * (static_cast<double>(op.heads) + 2 * kv) / opt.mesh.cp;
      saved = op.heads > 0 ? std::min(saved, qkv) : std::max(0.0, saved - op.gemm_m * op.gemm_n);
    }
    if (whole_block) saved = 0;
    x.act_bytes += saved * ab * mb;
    if (op.act_elems_saved > saved) x.block_recompute[op.block] += (op.act_elems_saved - saved) * ab * mb;
  }
  if (opt.recompute == Recompute::full)
    for (const auto& [b, e] : block_input)
      if (P.recompute_blocks.count(b)) {
        x.act_bytes += e * ab * mb;
        x.block_recompute[b] -= e * ab * mb;  // the recomputed forward's input is the kept checkpoint
      }
  for (const auto& [b, bytes] : x.block_recompute) x.recompute_peak = std::max(x.recompute_peak, bytes);
}

// Bytes per parameter (header), each pipeline stage's parameters and what its optimizer updates,
// FSDP's mode and groups, and the tensor entering each virtual stage.
void stage_totals(Prepared& P, const work::Model& model, work::Precision pr, const MegatronOptions& opt) {
  const Mesh& mesh = opt.mesh;
  const int p = P.p, V = P.V;
  P.gbytes = opt.grad_dtype ? work::activation_bytes(*opt.grad_dtype)
                            : (pr == work::Precision::fp16 || pr == work::Precision::amp_fp16) ? 2.0 : 4.0;
  P.pbytes = (pr == work::Precision::fp32 || pr == work::Precision::tf32) ? 4.0 : 2.0;
  P.k_state = (opt.optimizer == work::Optimizer::sgd ? 4.0 : 8.0) + (P.pbytes == 2.0 ? 4.0 : 0.0) +
              (P.gbytes == 2.0 && P.pbytes == 2.0 ? 4.0 : 0.0);
  P.params_of_stage.assign(static_cast<std::size_t>(p), 0.0);
  P.grad_params_of_stage.assign(static_cast<std::size_t>(p), 0.0);
  P.expert_params_of_stage.assign(static_cast<std::size_t>(p), 0.0);
  for (int k = 0; k < V; ++k) {
    P.params_of_stage[static_cast<std::size_t>(k % p)] += P.vs[static_cast<std::size_t>(k)].params;
    P.grad_params_of_stage[static_cast<std::size_t>(k % p)] += P.vs[static_cast<std::size_t>(k)].grad_params;
    P.expert_params_of_stage[static_cast<std::size_t>(k % p)] += P.vs[static_cast<std::size_t>(k)].expert_params;
  }
  P.group = mesh.dp * mesh.cp;
  P.edp = mesh.dp * mesh.cp / mesh.ep;  // the expert-DP group folds in the CP ranks (layout.hpp)
  P.fsdp = P.group > 1 ? opt.fsdp : DataSharding::none;
  // The distributed optimizer (and FSDP, which implies it) shards dense state over dp x cp and
  // expert state over the expert-DP group, dp x cp / ep.
  const bool sharded_state = opt.distributed_optimizer || P.fsdp != DataSharding::none;
  for (int st = 0; st < p; ++st) {
    // Experts are never frozen here (fine-tuning refuses MoE models under megatron: prepare).
    const double all = P.grad_params_of_stage[static_cast<std::size_t>(st)], ex = P.expert_params_of_stage[static_cast<std::size_t>(st)];
    P.opt_params_of_stage.push_back(sharded_state ? (all - ex) / (mesh.dp * mesh.cp) + ex / P.edp : all);
  }
  P.boundary_bytes.assign(static_cast<std::size_t>(V), 0.0);
  for (int k = 1; k < V; ++k) {
    const double e = block_input_elems(model, P.vs[static_cast<std::size_t>(k)].blocks.front());
    P.boundary_bytes[static_cast<std::size_t>(k)] = e * P.ab * P.mb / (opt.sequence_parallel ? mesh.tp : 1) / mesh.cp;
  }
}

// Fine-tuning under megatron (header): adapters with tp = 1, no experts, no FSDP.
void check_finetune(const work::Model& model, const MegatronOptions& opt) {
  if (model.trainable_params() == model.params()) return;
  if (opt.mesh.tp > 1)
    throw OptionError("parallel.tp", "finetune: method lora under megatron is modelled with tp = 1 (data, context and "
                                     "pipeline parallelism); adapters split across tensor-parallel ranks are not: use "
                                     "tp 1, or strategy fsdp to shard the frozen weights");
  if (opt.fsdp != DataSharding::none)
    throw OptionError("parallel.fsdp", "finetune: method lora under megatron is not modelled with parallel.fsdp: use "
                                       "strategy fsdp, which shards the frozen weights and reduces the adapters' gradients");
  for (const work::Op& op : model.ops)
    if (work::is_expert(op.split))
      throw OptionError("finetune.method", "finetune: method lora under megatron is not modelled for a mixture-of-experts "
                                           "model (frozen experts); use strategy ddp or fsdp");
}

// Everything the step and the closed forms share (Prepared), in the order its checks throw:
// the layout and schedule, the split of blocks into virtual stages, the rank's shard, then per
// virtual stage its ops, gradient buckets and saved activations, then the per-stage totals.
Prepared prepare(const work::Model& model, const work::CostModel& cost, const topo::Cluster& cluster,
                 const std::vector<int>& ranks, const MegatronOptions& opt) {
  check_finetune(model, opt);
  Prepared P;
  prepare_layout(P, cluster, ranks, opt);
  const std::vector<int> vstage_of = stage_of_blocks(model, P.V);
  P.shard = rank_shard(model, opt);
  P.mb = static_cast<double>(opt.batch_per_gpu);
  P.ab = work::activation_bytes(cost.precision());
  P.last_block = model.ops.empty() ? 0 : model.ops.back().block;
  P.vs.assign(static_cast<std::size_t>(P.V), VStage{});
  const MegatronCoreFigures& fig = megatron_core_figures();
  if (opt.tp_comm_overlap && opt.mesh.tp > 1) P.ub = ub_layers(P.shard, P.last_block);
  for (std::size_t i = 0; i < P.shard.ops.size(); ++i)
    add_op(P.vs[static_cast<std::size_t>(vstage_of[static_cast<std::size_t>(P.shard.ops[i].block)])], P, model, i, opt, fig);
  P.recompute_blocks = recompute_blocks_of(P.vs, P.last_block, opt);
  // Gradient buckets: Megatron-Core's size over the replicas of each weight under overlap, else the chunk.
  const double bucket = opt.overlap_grad_reduce
                            ? opt.bucket_params.value_or(default_bucket_params(opt.mesh.dp * opt.mesh.cp, fig))
                            : std::numeric_limits<double>::infinity();
  for (VStage& x : P.vs) {
    x.buckets = grad_buckets(x.blocks, x.block_grad_params, x.block_expert_params, bucket);
    saved_activations(x, P, opt);
  }
  stage_totals(P, model, cost.precision(), opt);
  return P;
}

// Every group of dimension `d`, by the pipeline stage it lies in.
std::vector<std::vector<std::vector<int>>> groups_by_stage(const Layout& layout, Dim d, int p) {
  std::vector<std::vector<std::vector<int>>> out(static_cast<std::size_t>(p));
  for (auto& grp : layout.groups(d)) out[static_cast<std::size_t>(layout.coord(grp[0]).pp)].push_back(std::move(grp));
  return out;
}

// Whether pass `ps` all-gathers its blocks under FSDP: every pass under full_shard, a chunk's
// first forward (micro-batch 0) under shard_grad_op.
bool gathers_in(DataSharding mode, const PipePass& ps) {
  return mode == DataSharding::full_shard || (ps.forward && ps.micro_batch == 0);
}

// The block of x that a pass computes j-th: forward order, reversed in the backward.
int block_at(const VStage& x, const PipePass& ps, std::size_t j) {
  return x.blocks[ps.forward ? j : x.blocks.size() - 1 - j];
}

// The parameters stage s holds weights and gradients of (FSDP: the rank's shard, what its
// optimizer updates).
double held_params(const Prepared& P, int s) {
  return (P.fsdp != DataSharding::none ? P.opt_params_of_stage : P.params_of_stage)[static_cast<std::size_t>(s)];
}
// The parameters stage s holds gradients of: as held_params, less the frozen ones (fine-tuning;
// FSDP is refused there, so its shard is all trainable).
double held_grad_params(const Prepared& P, int s) {
  return (P.fsdp != DataSharding::none ? P.opt_params_of_stage : P.grad_params_of_stage)[static_cast<std::size_t>(s)];
}

// Stage s's two pipeline buffers of the largest tensor it receives: activations into each of its
// virtual stages k, gradients into k from k + 1.
double pipeline_buffer_bytes(const Prepared& P, int s) {
  double buf = 0;
  for (int k = s; k < P.V; k += P.p) {
    buf = std::max(buf, P.boundary_bytes[static_cast<std::size_t>(k)]);
    if (k + 1 < P.V) buf = std::max(buf, P.boundary_bytes[static_cast<std::size_t>(k + 1)]);
  }
  return P.p > 1 ? 2 * buf : 0.0;
}

// The largest running sum of the activations stage s holds over its schedule.
double activation_peak(const Prepared& P, int s) {
  double act = 0, most = 0;
  for (const PipePass& x : pipe_order(P.sched, P.p, s, P.m, P.v)) {
    const VStage& vx = P.vs[static_cast<std::size_t>(virtual_stage(x.chunk, s, P.p))];
    if (!x.forward) most = std::max(most, act + vx.recompute_peak);  // the backward re-runs a block's forward
    act += x.forward ? vx.act_bytes : -vx.act_bytes;
    most = std::max(most, act);
  }
  return most;
}

// The largest total of FSDP's dynamic memory on stage s (activations, gathered blocks,
// unsharded gradients), walked block by block in the order the stage computes them, with the
// simulated step's rules: gather i is live from when the compute of gather i - 2 ends (the step's
// first two from its start) to the end of its block's compute (full_shard) or of the block's
// backward on the last micro-batch (shard_grad_op); a block's unsharded gradients from the start
// of its backward on the first micro-batch to the end of its reduce-scatter, taken to end with
// the next block's backward (or the pass); a micro-batch's activations from its forward's end to
// its backward's end.
double fsdp_dynamic_peak(const Prepared& P, int s) {
  const std::vector<PipePass> order = pipe_order(P.sched, P.p, s, P.m, P.v);
  auto stage_of = [&](const PipePass& ps) -> const VStage& {
    return P.vs[static_cast<std::size_t>(virtual_stage(ps.chunk, s, P.p))];
  };
  std::vector<double> gathers;  // bytes of the step's gathers, in order
  for (const PipePass& ps : order)
    for (std::size_t j = 0; gathers_in(P.fsdp, ps) && j < stage_of(ps).blocks.size(); ++j) {
      const double bytes = fsdp_block_bytes(P, stage_of(ps), block_at(stage_of(ps), ps, j), P.pbytes);
      if (bytes > 0) gathers.push_back(bytes);
    }
  const bool full = P.fsdp == DataSharding::full_shard;
  double act = 0, grads = 0, gathered = 0, most = 0;
  double reducing = 0;  // the gradients of the block whose reduce-scatter runs beside this one
  std::size_t started = 0, ended = 0;
  for (const PipePass& ps : order) {
    const VStage& x = stage_of(ps);
    for (std::size_t j = 0; j < x.blocks.size(); ++j) {
      const int b = block_at(x, ps, j);
      const double gather = fsdp_block_bytes(P, x, b, P.pbytes), grad = fsdp_block_bytes(P, x, b, P.gbytes);
      for (; started < std::min(gathers.size(), ended + 2); ++started) gathered += gathers[started];
      if (!ps.forward && ps.micro_batch == 0) grads += grad;
      const double recompute = !ps.forward && x.block_recompute.count(b) ? x.block_recompute.at(b) : 0.0;
      most = std::max(most, act + grads + gathered + recompute);
      if (gathers_in(P.fsdp, ps) && gather > 0) {
        ++ended;
        if (full) gathered -= gather;
      }
      if (!ps.forward && ps.micro_batch == P.m - 1) {
        grads -= reducing;
        reducing = grad;
        if (!full) gathered -= gather;
      }
    }
    grads -= reducing;
    reducing = 0;
    act += ps.forward ? x.act_bytes : -x.act_bytes;
    most = std::max(most, act + grads + gathered);
  }
  return most;
}

// FSDP's all-gathers of one stage in a step, in the order its blocks use them (header): gather i
// waits for the compute of gather i - 2, the step's first two for the previous optimizer step.
class GatherOrder {
 public:
  const std::vector<engine::TaskId>& next_deps() const { return used_.size() >= 2 ? used_[used_.size() - 2] : after_; }
  void used_by(std::vector<engine::TaskId> compute) { used_.push_back(std::move(compute)); }
  void next_step(std::vector<engine::TaskId> optimizer) {
    used_.clear();
    after_ = std::move(optimizer);
  }

 private:
  std::vector<std::vector<engine::TaskId>> used_;
  std::vector<engine::TaskId> after_;
};

// Recomputation's working set on a backward task: live from its start to its end (the
// recomputed block's activations, freed as its backward consumes them).
void recompute_memory(MemoryPlan& mp, engine::TaskId t, double bytes, int part) {
  if (bytes <= 0) return;
  mp.events.push_back(MemEvent{t, false, bytes, part});
  mp.events.push_back(MemEvent{t, true, -bytes, part});
}

// FSDP's memory events around block b's compute `blk` in pass ps (on the stage's first rank):
// its gathered parameters freed at the compute's end (full_shard, when `gathered`; shard_grad_op
// after its backward on the last micro-batch), its unsharded gradients allocated at the start of
// its backward on the first micro-batch and freed when their reduce-scatters `rs` (dense,
// expert) are done.
void fsdp_memory(MemoryPlan& mp, const Prepared& P, const VStage& x, int b, const PipePass& ps,
                 const std::vector<engine::TaskId>& blk, bool gathered, const std::array<std::optional<engine::TaskId>, 2>& rs,
                 int gathered_part, int unsharded_part) {
  const double params = fsdp_block_bytes(P, x, b, P.pbytes), grads = fsdp_block_bytes(P, x, b, P.gbytes);
  const bool last_bwd = !ps.forward && ps.micro_batch == P.m - 1;
  if (P.fsdp == DataSharding::full_shard ? gathered : last_bwd && params > 0)
    mp.events.push_back(MemEvent{blk.front(), true, -params, gathered_part});
  if (!ps.forward && ps.micro_batch == 0 && grads > 0) mp.events.push_back(MemEvent{blk.front(), false, grads, unsharded_part});
  const double ex = x.block_expert_params.count(b) ? x.block_expert_params.at(b) : 0.0;
  if (rs[0]) mp.events.push_back(MemEvent{*rs[0], true, -(x.block_params.at(b) - ex) * P.gbytes, unsharded_part});
  if (rs[1]) mp.events.push_back(MemEvent{*rs[1], true, -ex * P.gbytes, unsharded_part});
}

// The calls of block b (none when it has none).
const Calls& calls_of(const std::map<int, Calls>& by_block, int b) {
  static const Calls none;
  auto it = by_block.find(b);
  return it == by_block.end() ? none : it->second;
}

// Kernel times of x's passes at every contention level: per micro-batch and per block (the
// last micro-batch's backward; every forward block by block under FSDP or overlap_param_gather),
// the overlapped GEMMs of tp_comm_overlap apart, at their overlap's SMs (train/megatron_overlap.hpp).
void time_vstage(VStage& x, const Prepared& P, const work::CostModel& cost, GpuShare& share, const MegatronOptions& opt,
                 bool block_forwards) {
  const double mb = P.mb;
  const MegatronCoreFigures& fig = megatron_core_figures();
  for (std::size_t i : x.ops) {
    const work::Op& op = P.shard.ops[i];
    const double skew = skew_of(op, opt);
    const UbLayer ub = P.ub.empty() ? UbLayer::none : P.ub[i];
    std::vector<TimePs> f = share.at_levels([&](const work::Contention& c) {
      return scaled(ub == UbLayer::none ? cost.forward(op, mb, c) : ub_forward(cost, op, mb, c, fig, ub), skew);
    });
    std::vector<TimePs> b = share.at_levels([&](const work::Contention& c) {
      return scaled(ub == UbLayer::none ? cost.backward(op, mb, c) : ub_backward(cost, op, mb, c, fig, ub), skew);
    });
    const bool recompute = recomputed(op, P, opt);
    if (recompute) add_to(b, f);
    if (op.kind == work::OpKind::gemm || op.kind == work::OpKind::conv || op.kind == work::OpKind::attention)
      x.gemm_like += f[0] + b[0];
    add_to(ub == UbLayer::none ? x.fwd : x.fwd_ub, f);
    add_to(ub == UbLayer::none ? x.bwd : x.bwd_ub, b);
    add_to(ub == UbLayer::none ? x.block_bwd[op.block] : x.block_bwd_ub[op.block], b);
    if (block_forwards) add_to(ub == UbLayer::none ? x.block_fwd[op.block] : x.block_fwd_ub[op.block], f);
    if (opt.software) {
      const double fk = work::kernels_forward(op, *opt.software, false);
      x.fwd_kernels += fk;
      x.bwd_kernels += work::kernels_backward(op) + (recompute ? fk : 0);
      x.block_fwd_kernels[op.block] += fk;
      x.block_bwd_kernels[op.block] += work::kernels_backward(op) + (recompute ? fk : 0);
    }
  }
  // Every pass and block keeps a (possibly empty) task after its overlapped GEMMs.
  const std::vector<TimePs> none(share.levels().size(), 0);
  for (auto* t : {&x.fwd, &x.bwd})
    if (t->empty()) *t = none;
  for (const auto& [b, t] : x.block_bwd_ub) x.block_bwd.try_emplace(b, none);
  for (const auto& [b, t] : x.block_fwd_ub) x.block_fwd.try_emplace(b, none);
  x.fwd_curve = share.curve(x.fwd);
  x.bwd_curve = share.curve(x.bwd);
  if (!x.fwd_ub.empty()) x.fwd_ub_curve = share.curve(x.fwd_ub);
  if (!x.bwd_ub.empty()) x.bwd_ub_curve = share.curve(x.bwd_ub);
  for (const auto& [b, t] : x.block_bwd) x.block_bwd_curve[b] = share.curve(t);
  for (const auto& [b, t] : x.block_fwd) x.block_fwd_curve[b] = share.curve(t);
  for (const auto& [b, t] : x.block_bwd_ub) x.block_bwd_ub_curve[b] = share.curve(t);
  for (const auto& [b, t] : x.block_fwd_ub) x.block_fwd_ub_curve[b] = share.curve(t);
}

// overlap_param_gather: stage s's gathers of a step, bucket by bucket in the order its forwards
// use them (its chunks in order, each from its first block), after `after` (the previous step's
// optimizer); `ready` maps each block to its bucket's gather.
void param_gathers(const Prepared& P, int s, std::optional<engine::TaskId> after,
                   const std::function<engine::TaskId(double, double, std::vector<engine::TaskId>, const std::string&)>& gather,
                   std::map<int, engine::TaskId>& ready) {
  std::vector<engine::TaskId> deps;
  if (after) deps.push_back(*after);
  for (int k = s; k < P.V; k += P.p) {
    const VStage& x = P.vs[static_cast<std::size_t>(k)];
    for (auto it = x.buckets.rbegin(); it != x.buckets.rend(); ++it) {
      if (it->dense <= 0) continue;  // nothing of the DP group's to gather (a group of one or experts alone)
      const engine::TaskId t = gather(it->dense, it->expert, deps, "dp all_gather params b" + std::to_string(it->blocks.front()));
      for (int b : it->blocks) ready[b] = t;
    }
  }
}

// The largest gradient reduction of a call, in parameters: a bucket's (a block's under FSDP).
double largest_reduction(const Prepared& P, bool fsdp) {
  double largest = 0;
  for (const VStage& x : P.vs) {
    for (const GradBucket& bk : x.buckets) largest = std::max(largest, fsdp ? 0.0 : bk.dense + bk.expert);
    for (const auto& [b, prm] : x.block_params) largest = std::max(largest, fsdp ? prm : 0.0);
  }
  return largest;
}

// FSDP's largest block gather, in bytes.
double largest_fsdp_gather(const Prepared& P) {
  double largest = 0;
  for (const VStage& x : P.vs)
    for (const auto& [b, prm] : x.block_params) largest = std::max(largest, fsdp_block_bytes(P, x, b, P.pbytes));
  return largest;
}

// The gradient bucket block b closes (its last block in backward order), or none.
const GradBucket* closed_by(const std::vector<GradBucket>& buckets, int b) {
  for (const GradBucket& bk : buckets)
    if (bk.blocks.back() == b) return &bk;
  return nullptr;
}

// On a system with boxes (topo/cluster.hpp BoxSpec), where the TP group (and the EP group's
// all-to-all) runs: " (TP 8 over 2 compute trays, one NVLink domain)", " (TP 4 within one
// compute tray)"; "" on a system whose node is one box.
std::string box_placement(const Prepared& P, const Mesh& mesh) {
  if (P.box_name.empty()) return "";
  std::string tp = span_text("TP", mesh.tp, P.layout->span(Dim::tp), P.box_name);
  if (tp.empty()) tp = "TP " + std::to_string(mesh.tp) + " within one " + P.box_name;
  const std::string ep = mesh.ep > 1 ? span_text("EP", mesh.ep, P.layout->span(Dim::ep), P.box_name) : "";
  return " (" + tp + (ep.empty() ? "" : "; " + ep) + ")";
}

// The report's one-line description of the layout.
std::string strategy_detail(const Prepared& P, const MegatronOptions& opt) {
  const Mesh& mesh = opt.mesh;
  const int p = P.p, v = P.v, m = P.m;
  return "TP" + std::to_string(mesh.tp) + " PP" + std::to_string(p) + " DP" + std::to_string(mesh.dp) +
         (mesh.cp > 1 ? " CP" + std::to_string(mesh.cp) : "") + (mesh.ep > 1 ? " EP" + std::to_string(mesh.ep) : "") +
         box_placement(P, mesh) +
         (std::none_of(P.expert_params_of_stage.begin(), P.expert_params_of_stage.end(), [](double e) { return e > 0; })
              ? ""
              : " (expert DP " + std::to_string(P.edp) + " = DP x CP / EP)") +
         (p > 1 ? std::string(", ") + pipe_schedule_name(P.sched) + (v > 1 ? " v" + std::to_string(v) : "") + ", " +
                      std::to_string(m) + " micro-batches"
                : "") +
         (P.fsdp != DataSharding::none ? std::string(", FSDP ") + data_sharding_name(P.fsdp)
          : opt.distributed_optimizer  ? ", distributed optimizer"
                                       : "");
}

using Tasks = std::vector<engine::TaskId>;
using StageGroups = std::vector<std::vector<std::vector<int>>>;  // a dimension's groups, by pipeline stage

// Writes the step graph of a Megatron layout (the header says what waits for what). Set-up, in
// the order the graph's ids and curves are made: the streams' holds on the GPUs, the kernel
// times, the streams, each stage's memory plan, the hosts; then every step's passes in their
// schedules' order, then its optimizer. The state the passes hand each other lives here.
class MegatronSteps {
 public:
  MegatronSteps(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                const MegatronOptions& opt, Prepared& P)
      : model_(model), cost_(cost), opt_(opt), mesh_(opt.mesh), P_(P), layout_(*P.layout), p_(P.p), v_(P.v),
        V_(P.V), m_(P.m), dp_(mesh_.dp * mesh_.cp), fsdp_(P.fsdp != DataSharding::none),
        gather_ahead_(opt.overlap_param_gather && opt.distributed_optimizer && !fsdp_ && dp_ > 1),
        grad_op_(opt.distributed_optimizer || fsdp_ ? coll::Op::reduce_scatter : coll::Op::all_reduce),
        sb_(planner, layout_, opt.algo, opt.ring_order_auto), g_(sb_.graph()),
        dp_groups_(groups_by_stage(layout_, Dim::dp_cp, p_)), tp_groups_(groups_by_stage(layout_, Dim::tp, p_)),
        cp_groups_(mesh_.cp > 1 ? groups_by_stage(layout_, Dim::cp, p_) : StageGroups(static_cast<std::size_t>(p_))),
        ep_groups_(mesh_.ep > 1 ? groups_by_stage(layout_, Dim::ep, p_) : StageGroups(static_cast<std::size_t>(p_))),
        edp_groups_(groups_by_stage(layout_, Dim::edp, p_)), edp_(layout_.degree(Dim::edp)) {}

  StepGraph build() {
    sb_.start(comm_holds());
    time_kernels();
    sg_.pipeline_stages = p_;
    sg_.bubble_closed_form = p_ > 1 ? bubble_share(P_.sched, p_, m_, v_) : 0.0;
    for (int k = 0; k < V_; k += p_) sg_.gemm_like_s += ps_to_seconds(vstage(k).gemm_like) * m_;
    sg_.samples_per_step = static_cast<double>(mesh_.dp) * P_.mb * m_;  // dp replicas (a CP group shares its samples)
    add_streams();
    plan_memory();
    for (int s = 0; s < p_; ++s) order_.push_back(pipe_order(P_.sched, p_, s, m_, v_));
    // The data pipeline feeds the first stage's ranks (positions 0 .. per-stage - 1).
    if (opt_.data) feed_.emplace(*opt_.data, g_, layout_.stage(0).size());
    last_compute_.resize(static_cast<std::size_t>(layout_.size()));
    hosts_.reserve(static_cast<std::size_t>(p_));
    for (int s = 0; s < p_; ++s) hosts_.emplace_back(g_, opt_.software);
    stage_ready_.resize(static_cast<std::size_t>(p_));
    grads_done_.resize(static_cast<std::size_t>(p_));
    gathers_.resize(static_cast<std::size_t>(p_));
    for (int step = 0; step < opt_.steps; ++step) run_step(step);
    return finish();
  }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  const VStage& vstage(int k) const { return P_.vs[at(k)]; }
  // A stage's plan is its first rank's (StepBuilder::memory).
  MemoryPlan& stage_mem(int s) { return sb_.memory(layout_.stage(s).front()); }

  // --- set-up ---

  // What each collective stream beside compute holds on the GPUs: its largest call (TP, CP and
  // EP by their calls; the gradient reduction, FSDP's gathers, the pipeline sends).
  std::vector<CommHold> comm_holds() {
    std::vector<CommHold> holds;
    auto hold_for = [&](const StageGroups& groups, auto note) {
      std::pair<int, double> largest{0, 0.0};
      for (const VStage& x : P_.vs) note(x, largest);
      if (largest.second > 0 && !groups[0].empty())
        holds.push_back(comm_hold(sb_.group_plan(coll_op(largest.first), largest.second, groups[0]), coll_op(largest.first),
                                  largest.second));
    };
    if (mesh_.tp > 1)
      hold_for(tp_groups_, [](const VStage& x, std::pair<int, double>& l) {
        note_largest(x.tp_fwd, l);
        note_largest(x.tp_bwd, l);
      });
    if (mesh_.cp > 1) hold_for(cp_groups_, [](const VStage& x, std::pair<int, double>& l) { note_largest(x.cp_bwd, l); });
    if (mesh_.ep > 1) hold_for(ep_groups_, [](const VStage& x, std::pair<int, double>& l) { note_largest(x.ep_fwd, l); });
    if (dp_ > 1) {
      const double largest = largest_reduction(P_, fsdp_) * P_.gbytes;
      holds.push_back(comm_hold(sb_.group_plan(grad_op_, largest, dp_groups_[0]), grad_op_, largest));
    }
    if (fsdp_)
      holds.push_back(comm_hold(sb_.group_plan(coll::Op::all_gather, largest_fsdp_gather(P_), dp_groups_[0]),
                                coll::Op::all_gather, largest_fsdp_gather(P_)));
    if (p_ > 1) {
      const double largest = *std::max_element(P_.boundary_bytes.begin(), P_.boundary_bytes.end());
      holds.push_back(comm_hold(sb_.p2p_plan(largest, pairs_between(0, 1)), coll::Op::broadcast, largest));  // the receiver takes all the bytes
    }
    return holds;
  }

  // Kernel times per virtual stage and each stage's optimizer step, at every contention level.
  void time_kernels() {
    GpuShare& share = sb_.share();
    for (VStage& x : P_.vs) time_vstage(x, P_, cost_, share, opt_, fsdp_ || gather_ahead_);
    for (int s = 0; s < p_; ++s) {
      const double local = P_.opt_params_of_stage[at(s)];
      opt_curve_.push_back(share.curve(share.at_levels([&](const work::Contention& c) {
        return cost_.optimizer_step(static_cast<std::int64_t>(local), opt_.optimizer, c);
      })));
    }
  }

  // Per stage: the DP stream (gradient reductions, the distributed optimizer's gathers), the TP
  // stream (TP collectives and EP all-to-alls), FSDP's all-gather stream, the CP stream.
  void add_streams() {
    auto per_stage = [&](bool wanted, const std::string& what) {
      std::vector<engine::ServerId> out(at(p_), engine::kNoServer);
      for (int s = 0; s < p_ && wanted; ++s) out[at(s)] = sb_.add_stream("stage" + std::to_string(s) + " " + what);
      return out;
    };
    dp_stream_ = per_stage(dp_ > 1, "dp");
    tp_stream_ = per_stage(mesh_.tp > 1 || mesh_.ep > 1, "tp");
    ag_stream_ = per_stage(fsdp_, "fsdp all_gather");
    cp_stream_ = per_stage(mesh_.cp > 1, "cp");
  }

  // The static parts of every stage's memory (header) and its dynamic parts' ids.
  void plan_memory() {
    for (int s = 0; s < p_; ++s) {
      MemoryPlan& mp = stage_mem(s);
      const double held = held_params(P_, s);
      mp.static_parts = {{"weights", held * P_.pbytes},
                         {"gradients", held_grad_params(P_, s) * P_.gbytes},
                         {"optimizer_state", P_.opt_params_of_stage[at(s)] * P_.k_state},
                         {"pipeline_buffers", pipeline_buffer_bytes(P_, s)},
                         {"cuda_context_workspace", cost_.calibration().context_bytes}};
      mp.stream = sb_.compute(layout_.stage(s).front());
      mp.slack = cost_.calibration().allocator_slack;
      mem_part_.push_back(mp.add_part("activations"));
      if (fsdp_) {
        gathered_part_ = mp.add_part("gathered_parameters");
        unsharded_part_ = mp.add_part("unsharded_gradients");
      }
    }
  }

  // --- communication ---

  // Emits a transfer, noting whether rank 0 takes part in its tasks (every phase of it).
  engine::TaskId comm(const coll::Plan& plan, const std::vector<int>& members, std::span<const engine::TaskId> deps,
                      const std::string& label, engine::ServerId stream) {
    const std::size_t first = g_.size();
    const engine::TaskId t = sb_.transfer(plan, members, deps, label, kComm, stream);
    const bool involves = std::find(members.begin(), members.end(), 0) != members.end();
    rank0_comm_.resize(g_.size(), 0);
    for (std::size_t i = first; i < g_.size(); ++i) rank0_comm_[i] = involves ? 1 : 0;
    return t;
  }

  // Pipeline sends pair the positions of the same tp, cp, dp coordinates on two stages; made once
  // per pair of stages.
  const std::vector<std::pair<int, int>>& pairs_between(int from_stage, int to_stage) {
    auto [it, fresh] = pairs_of_.try_emplace({from_stage, to_stage});
    if (fresh) {
      const std::vector<int>&a = layout_.stage(from_stage), &b = layout_.stage(to_stage);
      for (std::size_t i = 0; i < a.size(); ++i) it->second.emplace_back(a[i], b[i]);
    }
    return it->second;
  }

  // A pass's collectives on the stage's groups of one dimension (TP and EP after its kernels,
  // CP beside them): the calls of each kind and size back to back (StepBuilder: k calls as one
  // transfer), every group of the stage at once. Userbuffers' transfers (ub) hold no NCCL SMs:
  // their SMs are charged to the GEMMs beside them. Returns the last (deps when none).
  Tasks pass_comm(const Calls& calls, const StageGroups& groups, const std::vector<engine::ServerId>& stream,
                  const char* what, int s, Tasks deps, const std::string& tag, bool ub = false) {
    for (const auto& [key, n] : calls) {
      coll::Plan plan = repeated(sb_.group_plan(coll_op(key.first), key.second, groups[at(s)]), n);
      if (ub) plan.sms_per_rank = 0;
      deps.assign(1, comm(plan, layout_.stage(s), deps, std::string(what) + " " + coll::op_name(coll_op(key.first)) + " " + tag,
                          stream[at(s)]));
    }
    return deps;
  }
  Tasks tp_comm(const Calls& calls, int s, Tasks deps, const std::string& tag) {
    return pass_comm(calls, tp_groups_, tp_stream_, "tp", s, std::move(deps), tag);
  }
  // tp_comm_overlap: the userbuffers' chunks (none: returns deps).
  Tasks ub_comm(const Calls& calls, int s, Tasks deps, const std::string& tag) {
    return pass_comm(calls, tp_groups_, tp_stream_, "tp ub", s, std::move(deps), tag, true);
  }
  // Its expert-parallel all-to-alls follow its TP collectives, on the same stream.
  Tasks ep_comm(const Calls& calls, int s, Tasks deps, const std::string& tag) {
    return pass_comm(calls, ep_groups_, tp_stream_, "ep", s, std::move(deps), tag);
  }
  // A pass's ring-attention exchange (CP): beside its kernels, every CP group of the stage at
  // once. Ring attention overlaps each KV block's transfer with the attention on the previous
  // block; here the whole exchange runs beside the whole pass (exposed only where it is longer).
  Tasks cp_comm(const Calls& calls, int s, Tasks deps, const std::string& tag) {
    return pass_comm(calls, cp_groups_, cp_stream_, "cp", s, std::move(deps), tag);
  }

  // Gradient reduction of a chunk or block: dense parameters over the DP x CP group, routed
  // experts over the expert-DP group (dp x cp / ep replicas of each expert), on the stage's DP
  // stream. Returns the dense and the expert reduction (when there is one).
  std::array<std::optional<engine::TaskId>, 2> reduce_grads(int s, double dense, double expert, const Tasks& deps,
                                                            const std::string& label) {
    std::array<std::optional<engine::TaskId>, 2> out;
    if (dp_ > 1 && dense > 0) {
      out[0] = comm(sb_.group_plan(grad_op_, dense * P_.gbytes, dp_groups_[at(s)]), layout_.stage(s), deps, label,
                    dp_stream_[at(s)]);
      grads_done_[at(s)].push_back(*out[0]);
    }
    if (edp_ > 1 && expert > 0) {
      out[1] = comm(sb_.group_plan(grad_op_, expert * P_.gbytes, edp_groups_[at(s)]), layout_.stage(s), deps,
                    "expert " + label, dp_stream_[at(s)]);
      grads_done_[at(s)].push_back(*out[1]);
    }
    return out;
  }

  // The distributed optimizer's all-gather of updated parameters (dense over DP, experts over expert-DP).
  engine::TaskId gather_params(int s, double dense, double ex, Tasks deps, const std::string& label) {
    if (dp_ > 1 && dense > 0)
      deps.assign(1, comm(sb_.group_plan(coll::Op::all_gather, dense * P_.pbytes, dp_groups_[at(s)]), layout_.stage(s), deps,
                          label, dp_stream_[at(s)]));
    if (ex > 0 && edp_ > 1)
      deps.assign(1, comm(sb_.group_plan(coll::Op::all_gather, ex * P_.pbytes, edp_groups_[at(s)]), layout_.stage(s), deps,
                          "expert " + label, dp_stream_[at(s)]));
    return deps.front();
  }

  // overlap_param_gather's gathers of stage s, bucket by bucket.
  void emit_gathers(int s, std::optional<engine::TaskId> after) {
    param_gathers(P_, s, after, [&](double d, double e, Tasks deps, const std::string& l) {
      return gather_params(s, d, e, std::move(deps), l);
    }, param_ready_);
  }

  // FSDP: all-gathers block b of x before pass ps computes it, when the pass needs it, on the
  // stage's all-gather stream (dense parameters over the DP x CP groups, experts over the
  // expert-DP groups); the gathered bytes are live from the gather's start. Without FSDP, under
  // overlap_param_gather, the first forward waits for its bucket's gather. Returns its tasks.
  Tasks gather_block(int s, const VStage& x, int b, const PipePass& ps, const std::string& btag) {
    Tasks out;
    if (!fsdp_ && ps.forward && ps.micro_batch == 0 && param_ready_.count(b)) out.push_back(param_ready_.at(b));
    if (!fsdp_ || !gathers_in(P_.fsdp, ps)) return out;
    Tasks deps = gathers_[at(s)].next_deps();
    if (auto h = hosts_[at(s)].last()) deps.push_back(*h);  // launched by the host's hooks
    const double ex = x.block_expert_params.count(b) ? x.block_expert_params.at(b) : 0.0, dense = x.block_params.at(b) - ex;
    auto one = [&](double prm, const StageGroups& groups, const std::string& label) {
      const engine::TaskId t = comm(sb_.group_plan(coll::Op::all_gather, prm * P_.pbytes, groups[at(s)]), layout_.stage(s),
                                    deps, label, ag_stream_[at(s)]);
      stage_mem(s).events.push_back(MemEvent{t, false, prm * P_.pbytes, gathered_part_});
      out.push_back(t);
    };
    if (dp_ > 1 && dense > 0) one(dense, dp_groups_, "fsdp all_gather " + btag);
    if (edp_ > 1 && ex > 0) one(ex, edp_groups_, "expert fsdp all_gather " + btag);
    return out;
  }

  // --- passes ---

  // Every rank of stage s runs `curve` after `deps` (after tp_comm_overlap's GEMMs, `ub_curve`,
  // where there are some); with `reads`, each first waits for its micro-batch from the data
  // pipeline. Returns the tasks, the stage's first rank's first.
  Tasks stage_compute(int s, engine::CurveId curve, engine::CurveId ub_curve, const Tasks& deps, bool reads,
                      bool forward, const std::string& tag) {
    Tasks out;
    const std::uint32_t category = forward ? kForward : kBackward;
    for (int r : layout_.stage(s)) {
      Tasks d = deps;
      if (reads) d.push_back(feed_->next(at(r), sb_.compute(r), last_compute_[at(r)]));
      if (ub_curve != engine::kNoCurve) d.assign(1, g_.add_shared_work(sb_.compute(r), ub_curve, d, tag + " ub gemms", category));
      const engine::TaskId t = g_.add_shared_work(sb_.compute(r), curve, d, tag, category);
      if (reads) feed_->consumed(at(r), t);
      last_compute_[at(r)] = t;
      out.push_back(t);
      last_on_rank_[at(r)].assign(1, t);
    }
    return out;
  }

  // Whether pass ps of stage s runs block by block: every pass under FSDP, the last backward
  // under overlap_grad_reduce, the first forwards under overlap_param_gather.
  bool block_by_block(const PipePass& ps) const {
    const bool last_bwd = !ps.forward && ps.micro_batch == m_ - 1;
    return fsdp_ || (last_bwd && opt_.overlap_grad_reduce && dp_ > 1) || (gather_ahead_ && ps.forward && ps.micro_batch == 0);
  }

  // A pass as one task per rank: its kernels (after tp_comm_overlap's GEMMs, with the
  // userbuffers' chunks beside them), the chunk's gradient reduction after the last backward,
  // then its TP collectives, the last userbuffers' chunks and the EP all-to-alls. Returns the
  // last tasks.
  Tasks whole_pass(int s, int k, const VStage& x, const PipePass& ps, Tasks dep, const std::string& tag) {
    auto issue = hosts_[at(s)].issue(ps.forward ? x.fwd_kernels : x.bwd_kernels, !ps.forward, 0, "issue " + tag);
    if (issue) dep.push_back(*issue);
    const engine::CurveId ub_curve = ps.forward ? x.fwd_ub_curve : x.bwd_ub_curve;  // tp_comm_overlap's GEMMs
    const Tasks ub = ub_comm(ps.forward ? x.ub_fwd : x.ub_bwd, s, dep, tag);
    Tasks ends = stage_compute(s, ps.forward ? x.fwd_curve : x.bwd_curve, ub_curve, dep, feed_ && ps.forward && k == 0,
                               ps.forward, tag);
    MemoryPlan& mp = stage_mem(s);
    if (!ps.forward) recompute_memory(mp, ends.front(), x.recompute_peak, mem_part_[at(s)]);
    mp.events.push_back(MemEvent{ends.front(), true, ps.forward ? x.act_bytes : -x.act_bytes, mem_part_[at(s)]});
    if (!ps.forward && ps.micro_batch == m_ - 1)
      reduce_grads(s, x.grad_params - x.expert_params, x.expert_params, ends, "dp grads " + tag);
    if (mesh_.tp > 1) ends = tp_comm(ps.forward ? x.tp_fwd : x.tp_bwd, s, ends, tag);
    if (ub_curve != engine::kNoCurve) {  // the chunks beside, then the last ones
      ends.insert(ends.end(), ub.begin(), ub.end());
      ends = ub_comm(ps.forward ? x.ub_fwd_tail : x.ub_bwd_tail, s, ends, tag);
    }
    if (mesh_.ep > 1) ends = ep_comm(ps.forward ? x.ep_fwd : x.ep_bwd, s, ends, tag);
    return ends;
  }

  // A pass block by block: each block's kernels (after its gathers under FSDP), then its TP and
  // EP collectives, and on the last micro-batch's backward its gradients reduced as soon as they
  // are complete (FSDP: each block; overlap_grad_reduce: each bucket its last block closes).
  // Returns the last block's last tasks.
  Tasks block_pass(int s, int k, const VStage& x, const PipePass& ps, Tasks dep, const std::string& tag) {
    const bool last_bwd = !ps.forward && ps.micro_batch == m_ - 1;
    Tasks ends;
    for (std::size_t j = 0; j < x.blocks.size(); ++j) {
      const int b = block_at(x, ps, j);
      const std::string btag = tag + " b" + std::to_string(b);
      Tasks d = dep;
      const Tasks ag = gather_block(s, x, b, ps, btag);
      d.insert(d.end(), ag.begin(), ag.end());
      const std::map<int, double>& kernels = ps.forward ? x.block_fwd_kernels : x.block_bwd_kernels;
      const double issued = opt_.software && kernels.count(b) ? kernels.at(b) : 0.0;
      auto issue = hosts_[at(s)].issue(issued, !ps.forward, 0, "issue " + btag);
      if (issue) d.push_back(*issue);
      const Calls& ub_calls = calls_of(ps.forward ? x.ub_block_fwd : x.ub_block_bwd, b);  // tp_comm_overlap
      const Tasks ub = ub_comm(ub_calls, s, d, btag);
      const std::map<int, engine::CurveId>& ub_curve = ps.forward ? x.block_fwd_ub_curve : x.block_bwd_ub_curve;
      const Tasks blk = stage_compute(s, (ps.forward ? x.block_fwd_curve : x.block_bwd_curve).at(b),
                                      ub_curve.count(b) ? ub_curve.at(b) : engine::kNoCurve, d,
                                      feed_ && ps.forward && k == 0 && j == 0, ps.forward, btag);
      if (!ps.forward && x.block_recompute.count(b))  // the recomputed forward's activations, while it runs
        recompute_memory(stage_mem(s), blk.front(), x.block_recompute.at(b), mem_part_[at(s)]);
      if (j + 1 == x.blocks.size())  // a forward's activations are saved at its end, a backward's freed
        stage_mem(s).events.push_back(MemEvent{blk.front(), true, ps.forward ? x.act_bytes : -x.act_bytes, mem_part_[at(s)]});
      if (fsdp_ && !ag.empty()) gathers_[at(s)].used_by(blk);
      std::array<std::optional<engine::TaskId>, 2> rs;
      if (last_bwd) {
        const double be = x.block_expert_params.count(b) ? x.block_expert_params.at(b) : 0.0;
        const GradBucket* bk = fsdp_ ? nullptr : closed_by(x.buckets, b);
        if (fsdp_ || bk)
          rs = reduce_grads(s, bk ? bk->dense : x.block_grad_params.at(b) - be, bk ? bk->expert : be, blk, "dp grads " + btag);
      }
      if (fsdp_) fsdp_memory(stage_mem(s), P_, x, b, ps, blk, !ag.empty(), rs, gathered_part_, unsharded_part_);
      dep.clear();
      ends = blk;
      const std::map<int, Calls>& tp_calls = ps.forward ? x.tp_block_fwd : x.tp_block_bwd;
      if (mesh_.tp > 1 && tp_calls.count(b)) dep = ends = tp_comm(tp_calls.at(b), s, ends, btag);
      if (!ub_calls.empty()) {
        ends.insert(ends.end(), ub.begin(), ub.end());
        dep = ends = ub_comm(calls_of(ps.forward ? x.ub_block_fwd_tail : x.ub_block_bwd_tail, b), s, ends, btag);
      }
      const std::map<int, Calls>& ep_calls = ps.forward ? x.ep_block_fwd : x.ep_block_bwd;
      if (mesh_.ep > 1 && ep_calls.count(b)) dep = ends = ep_comm(ep_calls.at(b), s, ends, btag);
    }
    return ends;
  }

  // What pass ps (the idx-th of stage s) waits for: the tensor from the previous (forward) or
  // next (backward) virtual stage, the distributed optimizer's gather before the stage's first
  // pass, the stage's last collectives. None while the tensor has not been sent.
  std::optional<Tasks> pass_inputs(int s, std::size_t idx, const PipePass& ps) const {
    const int k = virtual_stage(ps.chunk, s, p_);
    Tasks dep;
    if (ps.forward && k > 0) {
      auto it = fwd_in_.find({ps.micro_batch, k});
      if (it == fwd_in_.end()) return std::nullopt;
      dep.push_back(it->second);
    }
    if (!ps.forward && k < V_ - 1) {
      auto it = bwd_in_.find({ps.micro_batch, k});
      if (it == bwd_in_.end()) return std::nullopt;
      dep.push_back(it->second);
    }
    if (ps.forward && idx == 0 && stage_ready_[at(s)]) dep.push_back(*stage_ready_[at(s)]);
    for (engine::TaskId t : stage_wait_[at(s)]) dep.push_back(t);
    return dep;
  }

  // Pass ps of stage s after `dep`: the CP exchange beside it, its kernels and collectives, then
  // the tensor handed to the next (forward) or previous (backward) virtual stage.
  void run_pass(int s, const PipePass& ps, Tasks dep) {
    const int k = virtual_stage(ps.chunk, s, p_);
    const VStage& x = vstage(k);
    const std::string tag = std::string(ps.forward ? "fwd" : "bwd") + " mb" + std::to_string(ps.micro_batch) +
                            (v_ > 1 ? " chunk" + std::to_string(ps.chunk) : "");
    Tasks ring;  // the CP exchange, beside the pass
    if (mesh_.cp > 1) ring = cp_comm(ps.forward ? x.cp_fwd : x.cp_bwd, s, dep, tag);
    Tasks ends = block_by_block(ps) ? block_pass(s, k, x, ps, std::move(dep), tag) : whole_pass(s, k, x, ps, std::move(dep), tag);
    ends.insert(ends.end(), ring.begin(), ring.end());
    stage_wait_[at(s)].clear();
    if (mesh_.tp > 1 || mesh_.ep > 1 || mesh_.cp > 1) stage_wait_[at(s)] = ends;
    const int to = ps.forward ? k + 1 : k - 1;
    if (to < 0 || to >= V_) return;
    const int to_stage = to % p_;
    const double bytes = P_.boundary_bytes[at(ps.forward ? to : k)];
    std::vector<int> members = layout_.stage(s);
    const std::vector<int> other = layout_.stage(to_stage);
    members.insert(members.end(), other.begin(), other.end());
    const engine::TaskId t = comm(sb_.p2p_plan(bytes, pairs_between(s, to_stage)), members, ends,
                                  std::string(ps.forward ? "send act " : "send grad ") + tag, engine::kNoServer);
    (ps.forward ? fwd_in_ : bwd_in_)[{ps.micro_batch, to}] = t;
  }

  // One step: every stage runs its schedule's passes as far as their inputs allow, round after
  // round over the stages, then its optimizer.
  void run_step(int step) {
    fwd_in_.clear();
    bwd_in_.clear();
    std::vector<std::size_t> next(at(p_), 0);
    last_on_rank_.assign(at(layout_.size()), {});
    for (auto& gd : grads_done_) gd.clear();
    stage_wait_.assign(at(p_), {});
    for (int s = 0; s < p_; ++s) {
      Tasks prev;
      if (!sg_.step_end.empty()) prev.push_back(sg_.step_end.back());
      hosts_[at(s)].begin_step(prev, "stage" + std::to_string(s) + " host step " + std::to_string(step));
    }
    // overlap_param_gather: the first step's gathers launched by the host as it starts (later
    // steps': after the previous step's optimizer).
    for (int s = 0; s < p_ && gather_ahead_ && step == 0; ++s) emit_gathers(s, hosts_[at(s)].last());
    std::size_t remaining = 0;
    for (const auto& o : order_) remaining += o.size();
    while (remaining > 0) {
      bool progressed = false;
      for (int s = 0; s < p_; ++s) {
        std::size_t& idx = next[at(s)];
        while (idx < order_[at(s)].size()) {
          const PipePass& ps = order_[at(s)][idx];
          std::optional<Tasks> dep = pass_inputs(s, idx, ps);
          if (!dep) break;  // its tensor has not been sent yet
          run_pass(s, ps, std::move(*dep));
          ++idx;
          --remaining;
          progressed = true;
        }
      }
      if (!progressed) throw std::logic_error("pipeline schedule deadlocked");
    }
    optimizer(step);
  }

  // Optimizer per stage after its gradients are reduced; then (distributed optimizer) the
  // updated parameters are all-gathered before the stage's next forward (under FSDP the next
  // step's block gathers bring them, after the optimizer).
  void optimizer(int step) {
    const bool adam = opt_.optimizer != work::Optimizer::sgd;
    Tasks ends;
    for (int s = 0; s < p_; ++s) {
      Tasks grads = grads_done_[at(s)];
      for (int r : layout_.stage(s))
        for (engine::TaskId t : last_on_rank_[at(r)]) grads.push_back(t);
      Tasks deps = grads_done_[at(s)];
      auto issue = hosts_[at(s)].optimizer(model_, adam, cost_.precision() == work::Precision::amp_fp16, grads);
      if (issue) deps.push_back(*issue);
      Tasks opts;
      for (int r : layout_.stage(s)) {
        opts.push_back(g_.add_shared_work(sb_.compute(r), opt_curve_[at(s)], deps, "optimizer", kOptimizer));
        last_compute_[at(r)] = opts.back();
      }
      stage_ready_[at(s)].reset();
      gathers_[at(s)].next_step(opts);
      const double ex = P_.expert_params_of_stage[at(s)];
      if (gather_ahead_) {  // the next step's forwards wait for their buckets' gathers
        if (s == 0) param_ready_.clear();
        emit_gathers(s, g_.add_join(opts, "stage" + std::to_string(s) + " optimizer"));
      } else if (opt_.distributed_optimizer && !fsdp_ && (dp_ > 1 || (ex > 0 && edp_ > 1))) {
        stage_ready_[at(s)] = gather_params(s, P_.grad_params_of_stage[at(s)] - ex, ex, opts, "dp all_gather params");
        ends.push_back(*stage_ready_[at(s)]);
      }
      ends.insert(ends.end(), opts.begin(), opts.end());
    }
    sg_.step_end.push_back(g_.add_join(ends, "step " + std::to_string(step)));
  }

  // The step graph with its memory plans, checkpoint size, description and calls.
  StepGraph finish() {
    if (feed_) sg_.data = std::make_shared<data::FeedRecord>(feed_->finish());
    rank0_comm_.resize(g_.size(), 0);
    sg_.rank0_comm = std::move(rank0_comm_);
    sg_.compute = sb_.compute_streams();
    sg_.comm = dp_ > 1 ? dp_stream_[0] : engine::kNoServer;
    for (int s = 0; s < p_; ++s) sg_.stage_memory.push_back(sb_.take_memory(layout_.stage(s).front()));
    sg_.memory = sg_.stage_memory.front();
    // The tensor-, pipeline- and data-parallel shards make one copy of the weights and of the
    // states with the fp32 master weights (k_state less the fp32 gradient copy, which is no state).
    // Fine-tuning: the frozen weights and the adapters' states.
    sg_.checkpoint_bytes = static_cast<double>(model_.params()) * P_.pbytes +
                           static_cast<double>(model_.trainable_params()) *
                               (P_.k_state - (P_.gbytes == 2.0 && P_.pbytes == 2.0 ? 4.0 : 0.0));
    sg_.strategy_detail = strategy_detail(P_, opt_);
    sg_.comm_calls = sb_.take_comm_calls();
    sg_.graph = std::move(g_);
    return std::move(sg_);
  }

  const work::Model& model_;
  const work::CostModel& cost_;
  const MegatronOptions& opt_;
  const Mesh& mesh_;
  Prepared& P_;
  const Layout& layout_;
  const int p_, v_, V_, m_;
  const int dp_;             // the replicas of every weight, dp x cp (gradient reduction, optimizer shards)
  const bool fsdp_;          // FSDP (header; none when dp x cp = 1): its sharding and overlap_grad_reduce implied
  const bool gather_ahead_;  // overlap_param_gather: the step starts with the distributed optimizer's gathers
  const coll::Op grad_op_;   // reduce-scatter under the distributed optimizer and FSDP, else all-reduce
  StepBuilder sb_;
  engine::TaskGraph& g_;
  // Gradients are reduced over every rank holding the same weights: data x context parallel.
  const StageGroups dp_groups_, tp_groups_, cp_groups_, ep_groups_, edp_groups_;
  const int edp_;  // replicas of each expert shard (dp x cp / ep, layout.hpp)
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> pairs_of_;
  std::vector<engine::CurveId> opt_curve_;  // per stage
  StepGraph sg_;
  std::vector<engine::ServerId> dp_stream_, tp_stream_, ag_stream_, cp_stream_;  // per stage
  std::vector<int> mem_part_;                 // per stage: its activations
  int gathered_part_ = 0, unsharded_part_ = 0;  // FSDP's dynamic parts
  std::vector<std::vector<PipePass>> order_;  // per stage, its schedule
  std::optional<data::Feed> feed_;
  std::vector<std::optional<engine::TaskId>> last_compute_;  // per rank
  std::vector<HostTimeline> hosts_;                          // per stage
  std::vector<char> rank0_comm_;  // per task: a communication task rank 0 takes part in
  std::vector<std::optional<engine::TaskId>> stage_ready_;  // per stage: the distributed optimizer's gather
  std::vector<Tasks> grads_done_;                           // per stage: its gradient reductions this step
  std::vector<GatherOrder> gathers_;                        // FSDP's, per stage
  std::map<int, engine::TaskId> param_ready_;  // overlap_param_gather: block -> its bucket's gather this step
  // This step's: per rank its last compute; (micro-batch, virtual stage) -> the tensor arrived
  // forward or backward; per stage the last pass's TP, EP and CP collectives.
  std::vector<Tasks> last_on_rank_;
  std::map<std::pair<int, int>, engine::TaskId> fwd_in_, bwd_in_;
  std::vector<Tasks> stage_wait_;
};

}  // namespace

StepGraph build_megatron(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                         const topo::Cluster& cluster, const std::vector<int>& ranks, const MegatronOptions& opt) {
  Prepared P = prepare(model, cost, cluster, ranks, opt);
  return MegatronSteps(model, cost, planner, opt, P).build();
}

}  // namespace simtrain::train

namespace simtrain::train {

MegatronEstimate estimate_megatron(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                                   const topo::Cluster& cluster, const std::vector<int>& ranks,
                                   const MegatronOptions& opt) {
  const Prepared P = prepare(model, cost, cluster, ranks, opt);
  const Layout& layout = *P.layout;
  const Mesh& mesh = opt.mesh;
  const int p = P.p, v = P.v, m = P.m;
  const int dp = mesh.dp * mesh.cp;
  const bool fsdp = P.fsdp != DataSharding::none;
  MegatronEstimate out;
  // --- memory per stage: static parts + the running sum of the activations its schedule holds
  // (under FSDP with the gathered blocks and unsharded gradients) ---
  for (int s = 0; s < p; ++s) {
    double live = held_params(P, s) * P.pbytes + held_grad_params(P, s) * P.gbytes +
                  P.opt_params_of_stage[static_cast<std::size_t>(s)] * P.k_state +
                  pipeline_buffer_bytes(P, s) + cost.calibration().context_bytes;
    const double most = fsdp ? fsdp_dynamic_peak(P, s) : activation_peak(P, s);
    out.stage_peak_bytes.push_back((live + most) * (1 + cost.calibration().allocator_slack));
  }
  // --- time: the slowest stage's passes, the bubble, the gradient reduction's tail ---
  // Isolated estimates of the collectives, each size and group planned once.
  std::map<std::tuple<int, double, std::vector<int>>, double> estimates;
  auto est = [&](coll::Op op, double bytes, const std::vector<int>& grp) {
    if (grp.size() < 2 || bytes <= 0) return 0.0;
    auto key = std::make_tuple(static_cast<int>(op), bytes, grp);
    auto it = estimates.find(key);
    if (it == estimates.end())
      it = estimates
               .emplace(std::move(key), ps_to_seconds(planner.plan(group_request(op, bytes, grp, opt.algo, opt.ring_order_auto))
                                                          .estimate_ps))
               .first;
    return it->second;
  };
  auto calls_time = [&](const Calls& calls, const std::vector<int>& grp) {
    double t = 0;
    for (const auto& [key, n] : calls) t += n * est(coll_op(key.first), key.second, grp);
    return t;
  };
  const std::vector<int> tp_group = layout.group_gpus(Dim::tp, 0), dp_group = layout.group_gpus(Dim::dp_cp, 0),
                         cp_group = layout.group_gpus(Dim::cp, 0), edp_group = layout.group_gpus(Dim::edp, 0);
  // FSDP's all-gather of block b of x (dense parameters over the DP x CP group, experts over the
  // expert-DP group), and of every block of stage s once.
  auto block_gather = [&](const VStage& x, int b) {
    const double ex = x.block_expert_params.count(b) ? x.block_expert_params.at(b) : 0.0;
    return est(coll::Op::all_gather, (x.block_params.at(b) - ex) * P.pbytes, dp_group) +
           est(coll::Op::all_gather, ex * P.pbytes, edp_group);
  };
  auto stage_gathers = [&](int s) {
    double t = 0;
    for (int k = s; k < P.V; k += p)
      for (int b : P.vs[static_cast<std::size_t>(k)].blocks) t += block_gather(P.vs[static_cast<std::size_t>(k)], b);
    return t;
  };
  double slowest = 0;  // one micro-batch's forward + backward on a stage, all its chunks
  double gathers_exposed = 0;  // shard_grad_op: what the gathers take beyond the first forward
  double first_forward = 0;    // stage 0's forward of one micro-batch (overlap_param_gather hides under it)
  const MegatronCoreFigures& fig = megatron_core_figures();
  for (int s = 0; s < p; ++s) {
    double t = 0, forward = 0;
    for (int k = s; k < P.V; k += p) {
      const VStage& x = P.vs[static_cast<std::size_t>(k)];
      double ub_f = 0, ub_b = 0;  // tp_comm_overlap's GEMMs, at their SMs
      for (std::size_t i : x.ops) {
        const work::Op& op = P.shard.ops[i];
        const double skew = skew_of(op, opt);
        const UbLayer l = P.ub.empty() ? UbLayer::none : P.ub[i];
        const double f = skew * ps_to_seconds(l == UbLayer::none ? cost.forward(op, P.mb) : ub_forward(cost, op, P.mb, {}, fig, l));
        const double b = skew * ps_to_seconds(l == UbLayer::none ? cost.backward(op, P.mb) : ub_backward(cost, op, P.mb, {}, fig, l));
        t += f + b + (recomputed(op, P, opt) ? f : 0);
        forward += f;
        if (l != UbLayer::none) {
          ub_f += f;
          ub_b += b + (recomputed(op, P, opt) ? f : 0);
        }
      }
      t += calls_time(x.tp_fwd, tp_group) + calls_time(x.tp_bwd, tp_group);
      // Userbuffers' chunks beside the GEMMs show where longer, the last chunks after the pass.
      t += std::max(0.0, calls_time(x.ub_fwd, tp_group) - ub_f) + calls_time(x.ub_fwd_tail, tp_group) +
           std::max(0.0, calls_time(x.ub_bwd, tp_group) - ub_b) + calls_time(x.ub_bwd_tail, tp_group);
      // The ring exchange runs beside the pass: only what is longer shows.
      if (mesh.cp > 1) t = std::max(t, calls_time(x.cp_fwd, cp_group) + calls_time(x.cp_bwd, cp_group));
      if (mesh.ep > 1) {
        const std::vector<int> ep_group = layout.group_gpus(Dim::ep, layout.stage(s).front());
        t += calls_time(x.ep_fwd, ep_group) + calls_time(x.ep_bwd, ep_group);
      }
      if (k > 0)
        t += 2 * ps_to_seconds(planner.send_recv(layout.gpu(layout.stage((k - 1) % p).front()),
                                                 layout.gpu(layout.stage(s).front()),
                                                 P.boundary_bytes[static_cast<std::size_t>(k)]).estimate_ps);
    }
    // FSDP's gathers run beside compute and show where they are longer: full_shard's in every
    // forward and every backward, shard_grad_op's (once a step) in the first micro-batch's forward.
    if (P.fsdp == DataSharding::full_shard) t = std::max(forward, stage_gathers(s)) + std::max(t - forward, stage_gathers(s));
    if (P.fsdp == DataSharding::shard_grad_op) gathers_exposed = std::max(gathers_exposed, stage_gathers(s) - forward);
    slowest = std::max(slowest, t);
    if (s == 0) first_forward = forward;
  }
  const double bubble = P.sched == PipeSchedule::interleaved ? static_cast<double>(p - 1) / v : p - 1.0;
  double tail = 0;
  if (dp > 1) {
    const coll::Op grad_op = opt.distributed_optimizer || fsdp ? coll::Op::reduce_scatter : coll::Op::all_reduce;
    double chunk = 0;
    for (int k = 0; k < P.V; k += p) chunk = std::max(chunk, P.vs[static_cast<std::size_t>(k)].grad_params);
    if (fsdp) {
      double block = 0;
      for (const auto& [b, prm] : P.vs[0].block_params) block = std::max(block, prm);
      chunk = block;  // only the last block's reduction is left after the backward
    } else if (opt.overlap_grad_reduce) {
      chunk = P.vs[0].buckets.back().dense + P.vs[0].buckets.back().expert;  // the last bucket's
    }
    tail += est(grad_op, chunk * P.gbytes, dp_group);
    const double gather_all = est(coll::Op::all_gather, P.grad_params_of_stage[0] * P.pbytes, dp_group);
    if (opt.distributed_optimizer && !fsdp && opt.overlap_param_gather) {
      // The first bucket's gather, then what the others take beyond the first micro-batch's forwards.
      const double first = est(coll::Op::all_gather, P.vs[0].buckets.back().dense * P.pbytes, dp_group);
      tail += first + std::max(0.0, gather_all - first - first_forward);
    } else if (opt.distributed_optimizer && !fsdp) {
      tail += gather_all;
    }
  }
  tail += ps_to_seconds(cost.optimizer_step(
      static_cast<std::int64_t>(P.opt_params_of_stage[0]), opt.optimizer));
  out.step_s = (m + bubble) * slowest + tail;
  // FSDP: the step's first gather waits for the optimizer, with nothing to hide under.
  if (fsdp) out.step_s += block_gather(P.vs[0], P.vs[0].blocks.front()) + std::max(0.0, gathers_exposed);
  return out;
}

}  // namespace simtrain::train
