// `simtrain collective`: an nccl-tests style sweep of one collective on a cluster
// (report/collective_report.hpp formats it).
//
// Each size is simulated on its own (a fresh network, the plan's transfers, the engine),
// so the time is what the flow model gives, not a formula. Sizes are rounded down to whole
// elements of the type, as nccl-tests does.
#pragma once

#include <string>

#include "coll/collective.hpp"
#include "report/collective_report.hpp"
#include "report/error_bands.hpp"
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

}  // namespace simtrain::drive
