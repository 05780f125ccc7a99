// FSDP (PyTorch FullyShardedDataParallel) and ZeRO stages as a step graph (DESIGN §7).
//
// Units come from a wrap policy over the model's blocks (one per block, every N blocks, or
// a list of starting blocks). For each unit u, on the ranks of its shard group:
//   forward:  all-gather u's parameters (param dtype) -> forward of u's ops
//             FULL_SHARD frees them after the forward; SHARD_GRAD_OP keeps them to backward
//   backward: (FULL_SHARD) all-gather again -> backward of u (plus a recomputed forward
//             under activation checkpointing) -> reduce-scatter of u's gradients (reduce
//             dtype); HYBRID_SHARD then all-reduces the shard across the replicas (one rank
//             per shard group, e.g. the same local rank on every node)
//   NO_SHARD all-reduces u's gradients instead, as DDP.
// All-gathers run in order on one communication stream, reduce-scatters on another (as
// FSDP's unshard and post-backward streams), so they overlap compute and each other and
// share links in net/. When an all-gather may start:
//   forward  limit_all_gathers: after the forward of unit u-2 (at most two gathered units
//            ahead of compute); else forward_prefetch: right away; else after u-1's forward
//            starts (approximated: after u-2's forward)
//   backward backward_prefetch=pre: after the backward of unit u+2 (issued as u+1's backward
//            starts, overlapping it); post: after u+1's backward; none: after u+1's
//            backward and its reduce-scatter
// The optimizer updates the local shard after the last reduce-scatter. CPU offload keeps
// parameter shards and optimizer state in host memory: each unit's shard is copied to the
// GPU before its all-gather and its gradient shard back after its reduce-scatter, over the
// GPU's PCIe path (sharing it with everything else), and the optimizer runs on the CPU at
// host-memory bandwidth. ZeRO-1/2/3 map onto NO_SHARD with a sharded optimizer,
// SHARD_GRAD_OP and FULL_SHARD.
#pragma once

#include <string>
#include <vector>

#include "train/ddp.hpp"

namespace simtrain::topo {
class Cluster;
}

namespace simtrain::train {

enum class Sharding { full_shard, shard_grad_op, hybrid_shard, no_shard, zero1 };
enum class BackwardPrefetch { pre, post, none };

struct FsdpOptions {
  Sharding sharding = Sharding::full_shard;
  std::vector<int> unit_starts;  // block indices that begin a unit (sorted; empty: one per block)
  int every_n_blocks = 1;
  BackwardPrefetch backward_prefetch = BackwardPrefetch::pre;
  bool forward_prefetch = false;
  bool limit_all_gathers = true;
  work::Precision param_dtype = work::Precision::amp_bf16;   // bytes of gathered parameters
  work::Precision reduce_dtype = work::Precision::amp_bf16;  // bytes of reduced gradients
  bool activation_checkpointing = false;
  bool cpu_offload = false;
  int shard_group_size = 0;  // HYBRID_SHARD: 0 = GPUs per node
  bool sync_each_microbatch = false;  // accumulate with communication on every micro-batch
  int grad_accumulation = 1;
  int steps = 1;
  long long batch_per_gpu = 1;
  work::Optimizer optimizer = work::Optimizer::adamw;
  coll::Algo algo = coll::Algo::automatic;
  bool ring_order_auto = true;
  const data::Plan* data = nullptr;  // the data pipeline (sim/data), or none
};

const char* sharding_name(Sharding s);

StepGraph build_fsdp(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                     const topo::Cluster& cluster, const std::vector<int>& ranks, const FsdpOptions& opt);

}  // namespace simtrain::train
