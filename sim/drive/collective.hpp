// `simtrain collective`: an nccl-tests style sweep of one collective on a cluster
// (report/collective_report.hpp formats it).
//
// Each size is simulated on its own (a fresh network, the plan's transfers, the engine),
// so the time is what the flow model gives, not a formula. Sizes are rounded down to whole
// elements of the type, as nccl-tests does.
#pragma once

#include <optional>
#include <string>

#include "coll/collective.hpp"
#include "report/collective_report.hpp"
#include "report/error_bands.hpp"
#include "scenario/nccl_tests_log.hpp"
#include "topo/cluster.hpp"

namespace simtrain::drive {

struct SweepOptions {
  coll::Request request;  // bytes ignored; sizes come from the sweep
  double min_bytes = 8, max_bytes = 1073741824.0, factor = 2;
  std::string dtype = "float";
  bool full_solve = false;
  // The bands file (validation/error_bands.yaml): given, the result carries a band per size class.
  const report::ErrorBands* error_bands = nullptr;
};

// Bytes per element of an nccl-tests type name; throws std::invalid_argument if unknown.
int dtype_size(const std::string& dtype);

report::SweepResult run_sweep(const topo::Cluster& cluster, coll::Planner& planner, const SweepOptions& opt);
// The sizes run_sweep runs from min to max by factor (the same loop; 0 when min > max).
std::size_t sweep_size_count(double min_bytes, double max_bytes, double factor);

// --- The size of a collective, estimated before its cluster is built -----------------------
// `collective dgx_a100 --nodes 65536` once built 524,288 GPUs and ended in bad_alloc
// after 35 s. What a collective costs grows with the links of its cluster: every size's
// flows (a ring or tree channel is one flow over every edge of the job) cross every GPU's
// links, the route and ring searches visit them once, and the cluster's graph holds them.
// Measured (release build, DGX A100, one size, tree): 1,024 nodes 2.9 s / 110 MB, 4,096
// nodes 16 s / 410 MB, 8,192 nodes 30 s / 800 MB (linear in links); 2,048 nodes at 1, 3 and 28
// sizes: 6.4, 8.9 and 39 s, so the build and the searches cost about 4 sizes' worth. So
//     cost = links x (sizes + kCollectiveBuildSizes)      [link-visits]
// with links = the directed links of the cluster (one node's share, from a build of
// kCollectiveSampleNodes nodes with their fabric, times the nodes; DGX A100: 136 a node). A
// link-visit cost 4.4-5.4 us in the runs above (2,048 nodes x 28 sizes: 8.9 M in 39 s and 660
// MB; 8,192 nodes x 1 size: 5.6 M in 30 s and 800 MB), so kMaxCollectiveLinkVisits = 12 M is
// about 60 s and under 2 GB. Past it the collective is refused at --nodes, before the cluster
// is built, with the numbers and the most nodes that fit. So `--nodes` accepts 65,536 (the
// scenarios' bound, limits::max_nodes) but a collective reaches fewer: DGX A100 17,647 nodes at
// one size, 2,757 at the default 28 sizes (8 B to 1 GiB); 65,536 nodes of it (524,288 GPUs,
// 8.9 M links) would take about 4 minutes and 6 GB a size.
inline constexpr int kCollectiveSampleNodes = 64;
inline constexpr double kCollectiveBuildSizes = 4;
inline constexpr double kMaxCollectiveLinkVisits = 12e6;
struct CollectiveEstimate {
  long long nodes = 0, gpus = 0;
  double links = 0;          // directed links of the whole cluster
  double links_per_node = 0;
  std::size_t sizes = 0;
  double link_visits = 0;    // links x (sizes + kCollectiveBuildSizes)
  long long max_nodes = 0;   // the most nodes within the budget at these sizes
};
// `sample`: the system built on min(nodes, kCollectiveSampleNodes) nodes (cheap); `gpus_per_node`
// the GPUs of a node taking part.
CollectiveEstimate estimate_collective(const topo::Cluster& sample, long long nodes, int gpus_per_node, std::size_t sizes);
// ScenarioError at --nodes when the estimate is over the budget (the numbers in the message).
void check_collective_size(const CollectiveEstimate& e, const std::string& system_name);
// One collective of `bytes`, simulated; used by the sweep and by tests.
report::SweepRow simulate_one(const topo::Cluster& cluster, coll::Planner& planner, coll::Request req,
                              bool full_solve, int top_links = 5);

// --- `simtrain collective --compare LOG` ---------------------------------------------------
// Each size of a measured nccl-tests log simulated as simulate_one does, beside the log's
// figures (report::CompareResult). The log decides the operation, its sizes and type; the
// command decides the system, the ranks (which must be the log's) and the algorithm options.

struct CompareOptions {
  coll::Request request;              // ranks, algo, ring order, channels, protocol (op and bytes: the log's)
  std::optional<coll::Op> asked_op;   // --op, when given: confirms the log's operation
  bool full_solve = false;
};

// The operation the log measured. Where its rows fit several binaries (all_gather and alltoall
// print the same rows; so do all_reduce and sendrecv on 2 ranks) --op says which. ScenarioError
// (exit 2) when --op contradicts the log ("the log is a reduce_scatter run, --op asked
// all_reduce"), when the choice is open and no --op is given, or when the log's binary is one
// `simtrain collective` does not simulate (alltoall, sendrecv, reduce). `how` (optional) gets
// how it was found, for the report.
coll::Op log_operation(const NcclTestsLog& log, std::optional<coll::Op> asked, std::string* how = nullptr);

// The log's ranks against the command's nodes x GPUs per node; ScenarioError naming both and
// the flags that would make them equal.
void check_log_ranks(const NcclTestsLog& log, int nodes, int gpus_per_node, int system_gpus_per_node);
// The log's GPU (its first device line) against the system's: another family (an H200 log on
// an A100 system) is a ScenarioError at the device line, unless `force`; then the returned
// sentence says what was forced. "" when they match or the log names no GPU.
std::string check_log_device(const NcclTestsLog& log, const std::string& system_gpu, const std::string& system_name,
                             bool force);

report::CompareResult compare_with_log(const topo::Cluster& cluster, coll::Planner& planner, const NcclTestsLog& log,
                                       const CompareOptions& opt);

}  // namespace simtrain::drive
