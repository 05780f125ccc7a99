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
