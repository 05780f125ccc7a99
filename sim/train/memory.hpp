// The memory model (docs/model/memory.md): what is live on a GPU at each moment of the step.
//
// A strategy describes memory as static parts (held all step: sharded or full parameters,
// gradients, optimizer state, buckets, CUDA context, workspace) plus events tied to tasks
// of its step graph: an allocation or a free at a task's start or end (a unit's gathered
// parameters, the activations a block saves for backward, unsharded gradients before their
// reduce-scatter). After the run, the events of one rank are replayed in time order (frees
// before allocations at the same instant) and the peak is the largest running total, with
// the task it falls in and what was live then: found over the timeline, not by adding maxima.
// Allocator slack (fragmentation and caching) is a fixed share on top.
//
// Model-state memory in the ZeRO paper's closed form (Rajbhandari et al. 2020, §5.1), for
// Psi parameters on N data-parallel ranks with K bytes of optimizer state per parameter
// (Adam with mixed precision: K = 12: fp32 master, m, v), fp16 parameters and gradients:
//   DDP (baseline)       (2 + 2 + K) * Psi
//   ZeRO-1 (P_os)        2 Psi + 2 Psi + K Psi / N
//   ZeRO-2 (P_os+g)      2 Psi + (2 + K) Psi / N
//   ZeRO-3 (P_os+g+p)    (2 + 2 + K) Psi / N
// and DeepSpeed's estimators (deepspeed.runtime.zero.stage_1_and_2 / stage3
// estimate_zero{2,3}_model_states_mem_needs), which add working buffers:
//   ZeRO-2: 4 Psi + 16 Psi / N (no offload), 2 Psi (optimizer offload)
//   ZeRO-3: 4 L + 18 Psi / N (no offload), 4 L + 2 Psi / N (optimizer offload), 4 L (both)
//   with L the largest layer's parameters.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/executor.hpp"

namespace simtrain::train {

enum class ZeroStage { none = 0, os = 1, os_g = 2, os_g_p = 3 };

// ZeRO paper closed form, bytes per GPU.
double zero_model_state_bytes(ZeroStage stage, double params, int ranks, double optimizer_bytes_per_param = 12);
// DeepSpeed's estimators, bytes per GPU (stage 2 or 3).
double deepspeed_zero2_estimate(double params, int ranks, bool offload_optimizer);
double deepspeed_zero3_estimate(double params, double largest_layer_params, int ranks, bool offload_optimizer,
                                bool offload_params);

struct MemEvent {
  engine::TaskId task = 0;
  bool at_end = false;  // at the task's end (else its start)
  double bytes = 0;     // > 0 allocates, < 0 frees
  int part = 0;         // index into MemoryPlan::dynamic_parts
};

struct MemoryPlan {
  std::vector<std::pair<std::string, double>> static_parts;
  std::vector<std::string> dynamic_parts;  // names: "activations", "gathered_params", ...
  std::vector<MemEvent> events;
  double slack = 0.05;  // allocator slack on top of the live total (compute.yaml allocator_slack)
  // Host memory this rank's offloaded state takes at its most (CPU offload's fp32 parameter
  // and gradient shards and optimizer state; activation offload's block inputs): checked
  // against the node's host_memory by the run.
  double host_bytes = 0;
  engine::ServerId stream = engine::kNoServer;  // rank 0's compute stream: names the op at the peak
  int add_part(const std::string& name);
};

struct MemoryPeak {
  double peak_bytes = 0;
  std::string at_task;  // label of the task during which the peak happens
  std::vector<std::pair<std::string, double>> breakdown;  // static and dynamic parts at the peak, then slack
};

// The live total after each allocation or free, in replay order, with the allocator slack on
// top: the curve whose largest value is find_peak's peak_bytes. The first sample is the
// static parts at time 0; a sample holds until the next one.
struct MemorySample {
  TimePs time = 0;
  double bytes = 0;
};
std::vector<MemorySample> memory_timeline(const MemoryPlan& plan, const std::vector<engine::TaskRecord>& records);

MemoryPeak find_peak(const MemoryPlan& plan, const engine::TaskGraph& graph,
                     const std::vector<engine::TaskRecord>& records);

// The host-memory verdict, the one `run`, `memory` and the largest-batch search share: every
// rank of a node holds what the plan's rank holds (the same shard sizes), so a node needs
//   offload_bytes_per_node = host_bytes x ranks_per_node
// of host memory for offloaded state, and is out of it when that exceeds the system file's
// host_memory (not checked when the system file does not give host_memory: 0).
struct HostMemoryVerdict {
  double offload_bytes_per_node = 0, capacity_bytes = 0;
  bool oom = false;
};
HostMemoryVerdict host_memory_verdict(const MemoryPlan& plan, double ranks_per_node, double host_memory_bytes);

}  // namespace simtrain::train
