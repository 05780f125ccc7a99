// FSDP (PyTorch FullyShardedDataParallel) and ZeRO stages as a step graph (docs/model/memory.md).
//
// Units come from a wrap policy over the model's blocks (one per block, every N blocks, a
// list of starting blocks) or per linear layer (each linear layer a unit, with the
// parameter-free ops after it; the AWS/PyTorch 175B and 1T runs wrapped so, to gather at most
// 4h^2 parameters at a time). For each unit u, on the ranks of its shard group:
//   forward:  all-gather u's parameters (param dtype) -> forward of u's ops
//             FULL_SHARD frees them after the forward; SHARD_GRAD_OP keeps them to backward
//   backward: (FULL_SHARD) all-gather again -> backward of u (plus a recomputed forward
//             under activation checkpointing) -> reduce-scatter of u's gradients (reduce
//             dtype); HYBRID_SHARD then all-reduces the shard across the replicas (one rank
//             per shard group, e.g. the same local rank on every node)
//   NO_SHARD all-reduces u's gradients instead, as DDP.
//   Before its reduction the unit's backward also pays FSDP's post-backward gradient passes,
//   memory-bound (PyTorch's `_reduce_grad`): autograd concatenates the per-parameter
//   gradients into the flat gradient (the parameters are views split from the flat
//   parameter), a cast when reduce_dtype differs from param_dtype, and the in-place
//   pre-divide (groups of 4 or more): 2 pb [+ pb + rb] [+ 2 rb] bytes per parameter.
// All-gathers run in order on one communication stream, reduce-scatters on another (as
// FSDP's unshard and post-backward streams), so they overlap compute and each other and
// share links in net/. When an all-gather may start:
//   forward  limit_all_gathers: after the forward of unit u-2 (at most two gathered units
//            ahead of compute); else forward_prefetch: right away; else after u-1's forward
//            starts (approximated: after u-2's forward)
//   backward backward_prefetch=pre: after the backward of unit u+2 (issued as u+1's backward
//            starts, overlapping it); post: after u+1's backward; none: after u+1's
//            backward and its reduce-scatter
// Activation checkpointing is per block (PyTorch's apply_activation_checkpointing on the
// transformer/ResNet block class: the embeddings and the head are not checkpointed), whatever
// the wrap, on every block or on an evenly spread fraction of them (IBM's selective
// checkpointing: 0.5 checkpoints every other block; needs units of one block at most): the forward keeps each block's input; the
// backward recomputes the block's forward first. When a block is one unit (or a unit holds
// whole blocks) the recompute runs inside the unit's backward, where its parameters are
// already gathered. When a block holds several units (per_linear) the recompute runs unit by
// unit before the block's backward and, under FULL_SHARD, gathers each unit once more
// (three all-gathers per unit and step). activation_offload moves each checkpointed block
// input to host memory after the forward and back one block ahead in the backward
// (checkpoint_wrapper's offload_to_cpu / save_on_cpu), over the GPU's PCIe path.
// The optimizer updates the local shard after the last reduce-scatter. CPU offload keeps
// parameter shards, gradient shards and optimizer state in host memory (PyTorch's
// CPUOffload(offload_params=True) offloads the gradients too): each unit's shard is copied
// to the GPU before every all-gather of the unit (forward, recompute, backward: PyTorch
// copies the CPU shard each time it unshards) and its gradient shard back after its
// reduce-scatter, over the GPU's PCIe path (sharing it with everything else), and the
// optimizer runs on the CPU at host-memory bandwidth. ZeRO-1/2/3 map onto NO_SHARD with a
// sharded optimizer, SHARD_GRAD_OP and FULL_SHARD.
#pragma once

#include <string>
#include <vector>

#include "base/enum_names.hpp"
#include "train/ddp.hpp"

namespace simtrain::topo {
class Cluster;
}

namespace simtrain::train {

enum class Sharding { full_shard, shard_grad_op, hybrid_shard, no_shard, zero1 };
// As a scenario writes it (fsdp.sharding); zero1 is strategy: zero1's, no fsdp.sharding.
inline constexpr auto kShardingNames = enum_names<Sharding>({{Sharding::full_shard, "full_shard"},
                                                             {Sharding::shard_grad_op, "shard_grad_op"},
                                                             {Sharding::hybrid_shard, "hybrid_shard"},
                                                             {Sharding::no_shard, "no_shard"},
                                                             {Sharding::zero1, "zero1", NameUse::kPrintOnly}});
// As PyTorch's ShardingStrategy spells it, for the step's description (sharding_name).
inline constexpr auto kShardingLabels = enum_names<Sharding>({{Sharding::full_shard, "FULL_SHARD", NameUse::kPrintOnly},
                                                              {Sharding::shard_grad_op, "SHARD_GRAD_OP", NameUse::kPrintOnly},
                                                              {Sharding::hybrid_shard, "HYBRID_SHARD", NameUse::kPrintOnly},
                                                              {Sharding::no_shard, "NO_SHARD", NameUse::kPrintOnly},
                                                              {Sharding::zero1, "ZeRO-1", NameUse::kPrintOnly}});
enum class BackwardPrefetch { pre, post, none };
inline constexpr auto kBackwardPrefetchNames = enum_names<BackwardPrefetch>(
    {{BackwardPrefetch::pre, "pre"}, {BackwardPrefetch::post, "post"}, {BackwardPrefetch::none, "none"}});

struct FsdpOptions : StepOptions {
  Sharding sharding = Sharding::full_shard;
  std::vector<int> unit_starts;  // block indices that begin a unit (sorted; empty: one per block)
  int every_n_blocks = 1;
  bool per_linear = false;  // wrap: per_linear
  BackwardPrefetch backward_prefetch = BackwardPrefetch::pre;
  bool forward_prefetch = false;
  bool limit_all_gathers = true;
  work::Precision param_dtype = work::Precision::amp_bf16;   // bytes of gathered parameters
  work::Precision reduce_dtype = work::Precision::amp_bf16;  // bytes of reduced gradients
  bool cpu_offload = false;
  int shard_group_size = 0;  // HYBRID_SHARD: 0 = GPUs per node
  bool sync_each_microbatch = false;  // accumulate with communication on every micro-batch
};

const char* sharding_name(Sharding s);

StepGraph build_fsdp(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                     const topo::Cluster& cluster, const std::vector<int>& ranks, const FsdpOptions& opt);

}  // namespace simtrain::train
