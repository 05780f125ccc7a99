// `simtrain sweep`: one scenario over the cross product of lists of values (GPU system x
// node count x batch x strategy ...), each point run as `simtrain SCENARIO --set k=v ...`,
// ranked by time, cost or energy per sample: the what-if table of a capacity-planning meeting.
//
// The lists come from the scenario's `sweep:` block (key paths as --set takes them, each
// with a list of values) and from `--sweep key=v1,v2` on the command line; both combine
// into one product, in the order given (the first key varies slowest). Every point is
// checked before any runs: a bad value is an error at its line and column in the `sweep:`
// block (or names the --sweep flag), with nothing written. Points then run on worker
// threads; the table is the same whatever the thread count (rows are ordered by the rank
// figure, ties by point order).
//
// Ranking, per sample of the global batch (a point with more GPUs is compared on the same
// footing as one with fewer):
//   time    seconds per sample = step time / (batch per GPU x GPUs x micro-batches)
//   cost    $ per million samples = cost per step / samples per step x 1e6 (needs
//           cost.gpu_hour in the scenario)
//   energy  joules per sample
// Points that do not fit in GPU memory rank after every point that fits (they are answers:
// the table says OOM); points the simulator cannot build (e.g. a shard group that does not
// divide the GPUs) rank last with the reason.
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "scenario/yaml_doc.hpp"
#include "train/run.hpp"

namespace simtrain::report {

struct SweepAxis {
  std::string key;                      // "batch_per_gpu", "fsdp.sharding"
  std::vector<std::string> values;      // as --set takes them
  std::vector<std::optional<Field>> at;  // each value's place in the scenario (none: --sweep)
  std::string origin;                   // "sweep:" or "--sweep key=..."
};

enum class RankBy { time, cost, energy };

struct SweepPoint {
  std::size_t index = 0;            // in product order
  std::vector<std::string> values;  // one per axis
  std::optional<train::RunResult> result;
  std::string error;  // why the point could not be simulated (result empty)
  double per_sample_s = 0, cost_per_million = 0, joules_per_sample = 0;
};

// The axes of a scenario's `sweep:` block followed by those of `--sweep key=v1,v2,...`.
// `base_sets` (--set) may not name a swept key. Throws ScenarioError.
std::vector<SweepAxis> sweep_axes(const std::string& scenario, const std::vector<std::string>& base_sets,
                                  const std::vector<std::string>& cli_sweeps);

struct ScenarioSweepOptions {
  long long steps_override = 0;  // --steps
  unsigned jobs = 0;             // worker threads; 0 = the machine's cores
  RankBy rank_by = RankBy::time;
  // Called from worker threads (serialized) after each point: done, total.
  std::function<void(std::size_t, std::size_t)> progress;
};

// Checks every point (a bad value throws its ScenarioError before anything runs), runs them,
// and returns them ranked.
std::vector<SweepPoint> run_sweep(const std::string& scenario, const std::vector<std::string>& base_sets,
                                  const std::vector<SweepAxis>& axes, const ScenarioSweepOptions& opt);

std::string format_sweep(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes, RankBy by);
nlohmann::json sweep_to_json(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes, RankBy by);
std::string sweep_to_csv(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes);

const char* rank_by_name(RankBy by);

}  // namespace simtrain::report
