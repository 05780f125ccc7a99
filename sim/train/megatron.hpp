// Megatron-style model parallelism as a step graph (docs/model/parallelism.md): tensor (TP),
// pipeline (PP) and data (DP) parallelism on a Layout (train/layout.hpp), as Megatron-LM /
// Megatron-Core run a GPT-style model.
//
// Pipeline. The model's blocks are cut into p x v virtual stages (v model chunks per stage):
// the input end (embeddings) goes with the first, the output end (final norm, head, loss)
// with the last, the repeated blocks (transformer layers) evenly between them; when they do
// not divide, the extra layers go to the middle virtual stages first (the ends already carry
// the embedding and the head). Every stage runs its passes in the order the schedule gives
// (train/pipeline_schedule.hpp: GPipe, 1F1B, interleaved 1F1B); a forward of virtual stage
// k + 1 waits for the activation tensor virtual stage k sends it, a backward of k waits for
// the gradient k + 1 sends back: NCCL send/recv between the ranks of the same TP, CP and DP
// coordinates, over the routed path. The tensor is micro_batch x seq x hidden in the
// activation dtype (divided by tp under sequence parallelism: Megatron-Core sends the
// sequence-sharded tensor; without it every TP rank sends the whole tensor). The compute
// stream's idle time while it waits is the pipeline bubble: with uniform stages and free
// communication it is (p - 1)/(m + p - 1) of the step (divided by v when interleaved).
//
// Tensor parallelism (tp > 1; Megatron-LM, Shoeybi et al. 2019): every op runs its rank's share
// (work/shard.hpp: column-parallel QKV and MLP up, row-parallel out-projection and MLP down,
// attention by heads, vocab-parallel embedding, head and loss); a model whose ops do not say
// how they split is refused, never run unsplit. Each pass's TP collectives (work/shard.hpp
// tp_collectives: per block two all-reduces of micro_batch x seq x hidden forward and two
// backward; under sequence parallelism all-gathers and reduce-scatters of the same volume)
// run on the stage's TP groups after the pass's kernels, the calls of one size as one transfer
// (train/step_builder.hpp): exposed, as Megatron without tp_comm_overlap runs them. With
// tp_comm_overlap (TransformerEngine's userbuffers) the collectives of the repeated blocks' linear
// layers are chunked and run beside those GEMMs, which lose the SMs the overlap's kernels hold; a
// pass is then [overlapped GEMMs | the chunks beside them], the rest of its kernels, its other
// TP collectives, the last chunk (train/megatron_overlap.hpp states the formula).
//
// Data parallelism. The dp ranks of a stage hold the same layers. After the last
// micro-batch's backward of a model chunk, its gradients are all-reduced over the DP group
// (reduce-scattered with the distributed optimizer), one call per chunk; with
// overlap_grad_reduce each gradient bucket (whole blocks, at least Megatron-Core's bucket size:
// train/megatron_overlap.hpp) is reduced as soon as the last micro-batch's backward has
// completed its blocks, so the reduction hides under the rest of the backward. Gradient bytes: Megatron accumulates and reduces fp32 main
// gradients under bf16 (accumulate_allreduce_grads_in_fp32, forced on for bf16; fp8 runs as
// bf16 here) and fp16 gradients under fp16. Then the optimizer updates the rank's parameters
// (its 1/dp shard with the distributed optimizer, whose updated bf16/fp16 parameters are then
// all-gathered over the DP group before the next step's forward; with overlap_param_gather
// bucket by bucket, the next step's first forward of each block waiting only for its bucket's).
//
// Fully sharded data parallelism (`fsdp`: shard_grad_op, full_shard) composed with TP, PP and CP:
// torchtitan's 2-D/3-D parallelism (FSDP2 over the data-parallel mesh dimension, Megatron-style
// TP inside the node), metaseq's OPT-175B (FSDP + Megatron TP 8), Llama 3 405B (TP, CP, PP and
// FSDP that shards optimizer state and gradients but keeps the parameters gathered after the
// forward; Llama 3 paper §3.3.2). Parameters, gradients and optimizer state are sharded over
// the ranks holding the same weights: the data x context group (the group the gradients are
// reduced over without FSDP), expert parameters over the expert-DP group. Per block (the
// FSDP unit: a transformer layer, the embedding, the head), on each rank of a stage:
//   full_shard (ZeRO-3, FSDP2's reshard_after_forward=True): the block's parameters (this TP
//     rank's shard of the block, in the param dtype) are all-gathered over the group before
//     its forward in every micro-batch, freed after that forward, all-gathered again before
//     its backward and freed after it;
//   shard_grad_op (reshard_after_forward=False: Llama 3's choice, torchtitan's default under
//     PP, where full_shard would gather every block twice per micro-batch): gathered once per
//     step, before the block's first forward (micro-batch 0), and kept until its backward on
//     the last micro-batch (FSDP's reshard after backward): the stage's whole parameters are
//     held through the step's forwards and backwards;
//   both: the gradients are accumulated unsharded over the micro-batches (no_sync; held from
//     the block's backward on the first micro-batch, so with several micro-batches the stage's
//     whole gradients are held unsharded through the step's backwards) and reduce-scattered,
//     in the gradient dtype, right after its backward on the last micro-batch (so
//     overlap_grad_reduce is implied); the optimizer updates the rank's 1/group shard and
//     nothing is all-gathered after it (the next forward's gathers bring the updated values).
//     FSDP already shards the optimizer state: distributed_optimizer is implied, never applied
//     a second time.
// The all-gathers of a stage run in order on their own stream beside compute (the reductions
// stay on the DP stream), every group of the stage at once. Prefetch (FSDP's limit_all_gathers,
// with explicit prefetching across passes): the stage's gathers form one sequence in the order
// its blocks use them over the step's passes, and gather i may start once the block of gather
// i - 2 has finished its compute, so at most two gathered blocks are live (the one computing
// and the next), and the first blocks of a pass are gathered while the previous pass runs
// (whatever that pass waits for); the step's first two gathers wait for the stage's previous
// optimizer step. A stage under FSDP runs every pass block by block (each block's TP and EP
// collectives after its kernels). With one rank per group (dp x cp = 1) FSDP has nothing to
// shard and the step is the one without it.
//
// Expert parallelism (ep > 1, MoE models): the routed experts of every MoE layer are split over
// the ep ranks of an EP group (carved out of the data-parallel ranks, train/layout.hpp), each
// rank holding experts / ep of them and running their grouped GEMMs over the tokens every EP
// rank routes to them (work/shard.hpp shard_for_ep; balanced routing). Each MoE layer's dispatch
// and combine are an all-to-all over the EP group in the forward (each rank sends its tokens'
// top-k copies, micro_batch x tokens x top_k x hidden in the activation dtype, sequence-sharded
// under SP) and their mirror in the backward, after the pass's kernels as the TP collectives
// are. `expert_imbalance` > 1 makes the busiest rank's expert GEMMs that much longer (the
// all-to-all waits for it). Expert gradients are reduced over the expert-DP group (dp x cp / ep
// replicas of each expert: context-parallel ranks hold the same experts, as Megatron-Core's
// expert data-parallel group includes them, train/layout.hpp), dense ones over the DP x CP
// group; the distributed optimizer shards each over its group.
//
// Activation recomputation. none keeps every op's saved tensors per micro-batch in flight;
// selective (Korthikanti et al. 2022 §4.2) drops the attention core's s^2 tensors (the
// softmax probabilities of eager attention) and recomputes that attention forward in the
// backward; full keeps only each repeated block's input and recomputes the whole block
// forward in the backward. While a backward re-runs a block's forward, that block's
// recomputed activations are live (Korthikanti et al. 2022 §4.3 count them for the first
// stage's peak: one layer's full activations on top of the checkpoints), freed as its backward
// consumes them: the memory plan holds the largest block's recomputed activations for each
// backward task (the block's own under FSDP and overlap_grad_reduce, which run block by block).
// full with recompute_fraction f < 1 is Megatron's --recompute-method block with
// --recompute-num-layers n: the first n = round(f x its repeated blocks) blocks of each model
// chunk are recomputed, the others keep every saved tensor (NeMo's activations_checkpoint_method
// block, activations_checkpoint_num_layers).
//
// Fine-tuning (LoRA, work/finetune.hpp) with tp = 1: the frozen base weights are held by every
// rank as before (weights memory, pipeline stages), but gradients, gradient buckets, the
// reduction over the DP x CP group, the optimizer state (sharded by the distributed optimizer)
// and its parameter all-gather cover the trainable (adapter) parameters only; the kernels are
// the cost model's (a frozen linear runs its dX GEMM alone). Adapters split across TP ranks
// (NeMo's parallel LoRA linears), MoE models and parallel.fsdp are refused.
//
// Memory per rank (per pipeline stage, on its first rank), in Megatron's terms
// (docs/source/api-guide/dist_optimizer.md, bytes per parameter with Adam):
//   fp16 params + fp16 grads: 20 (= 2 + 2 + 16: fp32 master, m, v and fp32 grad copy)
//   bf16 params + fp32 grads: 18 (= 2 + 4 + 12: fp32 master, m, v)
//   bf16 params + bf16 grads (grad_dtype bf16): 20 (= 2 + 2 + 16, as fp16: an fp32 grad copy)
//   fp32 params + fp32 grads: 16 (= 4 + 4 + 8: m, v)
//   the distributed optimizer divides the last term by dp: 4 + 16/d, 6 + 12/d, 8 + 8/d.
//   (SGD with momentum keeps one state instead of two: 4 bytes less per parameter.)
//   FSDP divides all three terms by the group: (pbytes + gbytes + k) P_stage / group, e.g.
//   18 P_stage / group with bf16 (the shard counted as Megatron counts it, a param-dtype copy
//   beside the fp32 master; FSDP2's sharded parameter is the fp32 one: pbytes / group more
//   here), plus two dynamic parts: "gathered_parameters" (the gathered
//   blocks: two at a time under full_shard, the whole stage under shard_grad_op) and
//   "unsharded_gradients" (each block's full gradients, gbytes per parameter, from its first
//   backward to its reduce-scatter).
// plus the activations of the micro-batches in flight (alloc at a forward's end, freed at
// the matching backward's end, so 1F1B holds up to p - s micro-batches on stage s and
// GPipe m), two pipeline buffers of one boundary tensor, the CUDA context and workspace.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "train/ddp.hpp"
#include "train/layout.hpp"
#include "train/option_error.hpp"
#include "train/pipeline_schedule.hpp"

namespace simtrain::topo {
class Cluster;
}

namespace simtrain::train {

enum class Recompute { none, selective, full };
inline constexpr auto kRecomputeNames =
    enum_names<Recompute>({{Recompute::none, "none"}, {Recompute::selective, "selective"}, {Recompute::full, "full"}});
bool parse_recompute(const std::string& s, Recompute& out);
const char* recompute_name(Recompute r);

// FSDP over the ranks holding the same weights (see the header comment).
enum class DataSharding { none, shard_grad_op, full_shard };
inline constexpr auto kDataShardingNames = enum_names<DataSharding>(
    {{DataSharding::none, "none"}, {DataSharding::shard_grad_op, "shard_grad_op"}, {DataSharding::full_shard, "full_shard"}});
bool parse_data_sharding(const std::string& s, DataSharding& out);
const char* data_sharding_name(DataSharding d);

// batch_per_gpu is the micro-batch (samples per data-parallel replica), grad_accumulation the
// micro-batches per step; only the first pipeline stage reads from `data`: each of its ranks
// waits for its micro-batch before the first virtual stage's forward.
struct MegatronOptions : StepOptions {
  Mesh mesh;  // dp = ranks / (tp pp cp)
  // The main gradients' dtype, which they accumulate and are reduced in; none: Megatron's
  // default for the precision (fp32 under bf16 and fp32, fp16 under fp16). NeMo's recipes set
  // bf16 (grad_sync_dtype), Megatron-LM --grad-reduce-in-bf16 likewise.
  std::optional<work::Precision> grad_dtype;
  bool sequence_parallel = false;
  PipeSchedule schedule = PipeSchedule::one_f_one_b;
  int virtual_stages = 1;
  Recompute recompute = Recompute::none;
  double recompute_fraction = 1;  // full: the share of each chunk's repeated blocks recomputed (the first ones)
  bool distributed_optimizer = false;  // implied by fsdp
  bool overlap_grad_reduce = false;    // implied by fsdp
  // Megatron-Core's overlaps (train/megatron_overlap.hpp): the distributed optimizer's parameter
  // all-gather bucket by bucket before the forwards that use them; TransformerEngine's
  // userbuffers TP overlap (needs sequence_parallel); the gradient bucket size in parameters
  // (none: Megatron-Core's max(40M, 1M x dp), topologies/megatron_core.yaml).
  bool overlap_param_gather = false;
  bool tp_comm_overlap = false;
  std::optional<double> bucket_params;
  DataSharding fsdp = DataSharding::none;
  double expert_imbalance = 1.0;  // tokens on the busiest EP rank / the average (>= 1)
};

// Which virtual stage each block of the model goes to (see the header comment); throws
// OptionError("parallel.pp") when there are fewer repeated blocks than virtual stages.
std::vector<int> stage_of_blocks(const work::Model& model, int virtual_stages_total);

// Closed forms for the layout search (drive/plan.hpp), without simulating: each stage's peak
// memory (its static parts plus the largest running sum of the activations its schedule holds,
// with the allocator's slack: what the simulated step's memory plan peaks at when transfers do
// not reorder passes), and a step time: (m + bubble) x the slowest stage's forward + backward of
// one micro-batch (kernels alone, TP collectives and pipeline sends at their isolated
// estimates), bubble = p - 1 (divided by v interleaved), plus the gradient reduction left after
// the backward (the whole first chunk's, or its last block's under overlap_grad_reduce), the
// distributed optimizer's all-gather and the optimizer step. Under FSDP the peak walks the
// stage's passes block by block with the step's allocation rules (gathers, unsharded gradients,
// activations), each forward and each backward of the slowest stage takes the longer of its
// compute and its all-gathers (full_shard; shard_grad_op's gathers are exposed where they
// outlast the first micro-batch's forward), plus the step's first gather and its last block's
// reduce-scatter.
// Throws as build_megatron.
struct MegatronEstimate {
  std::vector<double> stage_peak_bytes;
  double step_s = 0;
};
MegatronEstimate estimate_megatron(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                                   const topo::Cluster& cluster, const std::vector<int>& ranks,
                                   const MegatronOptions& opt);

StepGraph build_megatron(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                         const topo::Cluster& cluster, const std::vector<int>& ranks, const MegatronOptions& opt);

}  // namespace simtrain::train
