// A run's simulated step graph written as per-rank Chakra execution traces (`simtrain run
// SCENARIO --chakra DIR`), so the same workload can be fed to ASTRA-sim or replayed by
// `simtrain replay` (drive/replay.hpp) on another cluster. Format: chakra/trace.hpp (schema 0.0.4).
//
// What each task of the graph becomes, on which rank's file (rank = the job's position: the
// r-th GPU of the run, node-major):
//   work on rank r's compute stream  a COMP_NODE on rank r (is_cpu_op false) with the duration
//       it took in the simulation (after any slowdown from NCCL kernels sharing the GPU), as
//       duration_micros (rounded) and simtrain_duration_ps (exact). num_ops is not written: the
//       engine's tasks carry times, not the FLOPs they were computed from.
//   a host (CPU) task of the software stack's issue timeline  a COMP_NODE with is_cpu_op true
//       on every rank whose GPU work waits on it (in simtrain one host timeline serves all the
//       ranks of a data-parallel job, or of one pipeline stage: train/host.hpp).
//   a collective the strategy issued  a COMM_COLL_NODE on every member of each of its groups,
//       comm_type, comm_size (one call's bytes x simtrain_calls) and pg_name (a group listed in
//       DIR/comm_group.json, ASTRA-sim's communicator-group file), with simtrain_algo and
//       simtrain_stream so that a replay plans and queues it as the run did. Its phases (a
//       hierarchical all-reduce's three) are one node.
//   a point-to-point transfer (pipeline stages)  COMM_SEND_NODE on the sender, COMM_RECV_NODE
//       on the receiver, comm_tag 0 (matched in order).
//   joins  no node: a node's dependencies are its nearest written ancestors on its own rank
//       (through joins and through other ranks' tasks). A dependency on another rank that no
//       collective carries is therefore dropped; in the data-parallel and pipeline steps simtrain
//       builds, every such wait is also ordered by a collective or a send/receive of the rank.
// Refused, with the task named: data-pipeline tasks (loader workers, storage reads) and
// host<->GPU copies (CPU or activation offload): Chakra 0.0.4 has no node that ASTRA-sim or a
// replay would time as simtrain does (MEM_LOAD/STORE are ASTRA-sim's remote memory).
// Node ids: 4 x the graph's task id (+1 a send, +2 a receive), the same on every rank for one
// collective; every file lists its nodes by id, which is an order of the graph.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/executor.hpp"
#include "train/ddp.hpp"

namespace simtrain::drive {

// Receives each rank's file as soon as it is made: its name ("simtrain.0.et", ...) and its
// bytes (framed protobuf). One rank's file is in memory at a time, never the job's.
using ChakraSink = std::function<void(const std::string& name, const std::string& bytes)>;

struct ChakraSummary {
  std::string comm_group_json;  // {"1": [0, 1, ...], ...}
  std::size_t nodes = 0, collectives = 0, p2p = 0;
};

// A step graph checked for Chakra: the constructor throws std::invalid_argument naming the
// first task it cannot write (see above), so a caller can refuse before it writes anything;
// write() then hands each rank's file to `sink`, in rank order. `gpu`: the GPU the step was
// simulated on, written as the files' simtrain_gpu (the replay's header names it).
class ChakraExport {
 public:
  explicit ChakraExport(const train::StepGraph& sg);
  ChakraSummary write(const std::vector<engine::TaskRecord>& records, const std::string& gpu, const ChakraSink& sink) const;

 private:
  struct Prepared;
  const train::StepGraph& sg_;
  std::shared_ptr<const Prepared> prep_;
};

// The bytes the files of a run of this graph take, estimated before the simulation: the files
// of `sg` made with every duration 0, plus 12 bytes a node for the durations' varints (a
// picosecond count takes up to 8 bytes more than 0, its microseconds up to 4). A one-step
// graph's estimate times the steps is the run's (drive/run.cpp refuses past
// limits::max_trace_bytes). Throws as ChakraExport does for a task Chakra cannot carry.
double chakra_bytes(const train::StepGraph& sg);

}  // namespace simtrain::drive
