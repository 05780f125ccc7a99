// `simtrain sweep`: one scenario over the cross product of lists of values (GPU system x
// node count x batch x strategy ...), each point run as `simtrain SCENARIO --set k=v ...`,
// ranked by time, cost or energy per sample: the what-if table of a capacity-planning meeting
// (report/sweep_report.hpp formats it and defines the ranking).
//
// The lists come from the scenario's `sweep:` block (key paths as --set takes them, each
// with a list of values: scenario keys, and system.<path> / catalog.<path> for the values of
// the system file and the catalog, scenario/file_override.hpp) and from `--sweep key=v1,v2`
// on the command line; both combine into one product, in the order given (the first key
// varies slowest). Every point is checked before any runs (system and catalog values by
// loading one node of its system): a bad value is an error at its line and column in the
// `sweep:` block (or names the --sweep flag), with nothing written. Points then run on worker
// threads, MPI ranks or Slurm array tasks (drive/search.hpp); the table is the same whatever
// their number (rows are ordered by the rank figure, ties by point order).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "drive/search.hpp"
#include "report/error_bands.hpp"
#include "report/sweep_report.hpp"

namespace simtrain::drive {

// The axes of a scenario's `sweep:` block followed by those of `--sweep key=v1,v2,...`.
// `base_sets` (--set) may not name a swept key. Throws ScenarioError.
std::vector<report::SweepAxis> sweep_axes(const std::string& scenario, const std::vector<std::string>& base_sets,
                                          const std::vector<std::string>& cli_sweeps);

struct ScenarioSweepOptions {
  long long steps_override = 0;  // --steps
  double max_seconds = 0;        // --max-seconds per point (0: none): a point past it is a row with the reason
  unsigned jobs = 0;             // worker threads; 0 = the machine's cores
  report::RankBy rank_by = report::RankBy::time;
  const report::ErrorBands* error_bands = nullptr;  // given: each point carries its error bands
  // --memory-margin (report/headroom.hpp): none, each point's peak-memory band's median error.
  std::optional<double> memory_margin;
  // Called from worker threads (serialized) after each point: done, total.
  std::function<void(std::size_t, std::size_t)> progress;
};

// Checks every point (a bad value throws its ScenarioError before anything runs), runs them,
// and returns them ranked.
std::vector<report::SweepPoint> run_sweep(const std::string& scenario, const std::vector<std::string>& base_sets,
                                          const std::vector<report::SweepAxis>& axes, const ScenarioSweepOptions& opt);
// The same with the points run as `ex` says (drive/search.hpp: a share, a journal, MPI ranks,
// merged parts; opt.jobs and opt.progress are ex's then); nullopt on a process that does not
// hold every point's record (a share, an MPI worker rank).
std::optional<std::vector<report::SweepPoint>> run_sweep_search(const std::string& scenario,
                                                                const std::vector<std::string>& base_sets,
                                                                const std::vector<report::SweepAxis>& axes,
                                                                const ScenarioSweepOptions& opt,
                                                                const SearchExecution& ex);

}  // namespace simtrain::drive
