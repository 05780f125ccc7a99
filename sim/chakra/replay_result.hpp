// The figures of a Chakra trace replayed on a simtrain cluster (drive/replay.hpp runs it,
// report/replay_report.hpp prints it). Times in seconds.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace simtrain::chakra {

struct RankFigures {
  int rank = 0;
  std::string gpu;       // the device's name in the cluster ("node0.gpu3")
  double end_s = 0;      // when its last node finished
  double gpu_s = 0;      // GPU compute busy (union of its GPU nodes)
  double cpu_s = 0;      // CPU-op busy
  double comm_s = 0;     // union of the communication it takes part in
  double exposed_comm_s = 0;  // communication while its GPU computes nothing
};

struct CommFigures {
  std::string type;  // "ALL_REDUCE", ..., "SEND/RECV"
  std::uint64_t calls = 0;
  double bytes = 0;     // comm_size summed over calls (once per call, not per rank)
  double busy_s = 0;    // summed durations of the calls
};

struct ReplayResult {
  std::string dir, system, gpu_model;
  // Compute nodes keep the time the trace gives them: the GPU that time was measured or
  // simulated on (the files' simtrain_gpu, ", "-joined when ranks differ; "": not recorded)
  // and whether its family is this system's (drive/replay.hpp).
  std::string traced_gpu;
  bool traced_gpu_differs = false;
  std::uint64_t timed_nodes = 0;  // compute nodes whose time the trace gives (duration)
  int nodes = 1, gpus = 0, ranks = 0;
  int nodes_asked = 1;  // --nodes; `nodes` is what the ranks take, the nodes built (drive/replay.hpp)
  std::string versions;  // the GlobalMetadata versions read
  long long steps = 0;   // simtrain_steps, 0 if not given
  double time_s = 0;     // the last node's end: the trace's iteration time
  std::vector<RankFigures> per_rank;
  std::vector<CommFigures> comm;
  std::uint64_t nodes_read = 0, compute_nodes = 0, cpu_nodes = 0, costed_nodes = 0, zero_time_nodes = 0;
  std::map<std::string, std::uint64_t> ignored_attrs;
  std::uint64_t dropped_deps = 0;
  std::uint64_t retuned_plans = 0;  // collectives whose simtrain_algo cannot run here: NCCL's tuner chose  // dependencies on ids not in their file (--ignore-missing-deps)
  std::vector<std::string> critical_path;  // the chain of nodes that ends last, first to last (at most 12 shown)
  std::uint64_t critical_path_nodes = 0;
  std::uint64_t events = 0, tasks = 0;
};

}  // namespace simtrain::chakra
