// Replaying a directory of Chakra execution traces (chakra/trace.hpp) on a simtrain cluster:
// `simtrain replay DIR --system SYSTEM [--nodes N] [--gpus-per-node G]`.
//
// Rank r runs on the r-th GPU of the job (node-major: node 0's first G GPUs, then node 1's, as
// a scenario's run places its ranks), so an ASTRA-sim workload runs on simtrain's topologies
// with their contention. Each rank has a GPU compute stream and a CPU thread (one op at a time
// each, in the order of the graph: ASTRA-sim's HardwareResource); the graph of all ranks is
// one engine task graph, built in a topological order that takes the lowest node id first.
//   compute   its duration as given, NOT rescaled to the system's GPU: the report's header says
//             so and names the GPU the trace was timed on (its simtrain_gpu; Chakra's schema has
//             no field for it, so other traces do not say), and says when that GPU's family is
//             not the system's (simtrain has no rule that carries a kernel's time from one GPU
//             to another: such an iteration time mixes the traced GPU's compute with this
//             system's communication). With only num_ops (FLOPs) and tensor_size (bytes), the
//             roofline of the rank's GPU at its best measured rate:
//                 t = max(num_ops / (P x e_gemm), tensor_size / (W x e_mem)) + launch
//             P the dense tensor peak of --precision, e_gemm the GPU's measured maximum
//             achievable matmul share (topologies/compute.yaml), W its HBM bandwidth, e_mem its
//             memory efficiency: a FLOP count without a shape can be timed no better (no tile
//             or wave effects), so this is a lower bound of a real kernel's time.
//   collective  one engine transfer for the whole group, planned by coll/ as NCCL runs it
//             (simtrain_algo when the trace names one and it can run on this cluster, else
//             NCCL's tuner: such shapes are counted in the report), its flows over the
//             cluster's links with every other flow (max-min); it starts when every member has
//             reached it (NCCL's semantics) and runs on the group's stream (per pg_name, or the
//             simtrain_stream named), one call at a time.
//   send/recv  one transfer on NCCL's p2p path once both sides have reached it.
// The iteration time is the last node's end; per rank, GPU busy time, communication and the
// communication its GPU does not hide. The critical path is followed back from the last node
// through the dependency that finished last (waits for a busy stream are not followed).
// Bounds (the picosecond clock must not wrap): 1e5 s per node, 1e6 s of compute and 1 PB of
// communication in all. Not modelled: GPU SM sharing between NCCL kernels and compute (durations are as given),
// ASTRA-sim's involved_dim (the process group decides the ranks), compute-communication
// memory bandwidth interference.
#pragma once

#include <string>

#include "chakra/replay_result.hpp"

namespace simtrain::drive {

struct ReplayOptions {
  std::string dir;
  std::string system_path;
  int nodes = 1;
  int gpus_per_node = 0;               // 0: every GPU of a node
  std::string precision = "amp_bf16";  // for nodes timed from num_ops
  bool full_solve = false;
  bool drop_missing_deps = false;      // --ignore-missing-deps (chakra::ReadOptions)
};

// Throws ScenarioError for a bad trace, system or option (exit 2).
chakra::ReplayResult replay_trace(const ReplayOptions& opt);

}  // namespace simtrain::drive
