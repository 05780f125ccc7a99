// The table, JSON and CSV of `simtrain sweep` (drive/sweep.hpp runs the points), and the
// points and axes they are made of.
//
// Ranking, per sample of the global batch (a point with more GPUs is compared on the same
// footing as one with fewer):
//   time    seconds per sample = step time / samples per step (the point's global batch: its
//           data-parallel replicas x batch per GPU x micro-batches x samples per row; a
//           megatron layout's replicas are GPUs / (tp pp cp))
//   cost    $ per million samples = headline cost per step (cost.basis: rent or own,
//           train/cost_of_run.hpp) / samples per step x 1e6
// Each point is costed with its own hardware (its GPU's prices, its system's node overhead)
// unless the scenario sets a price. The table shows rent and own per million tokens (per
// million samples when a point's model has no tokens), beside tokens/s.
//   energy  joules per sample
// Points that do not fit in GPU memory, or fit only without the memory margin
// (report/headroom.hpp), rank after every point that fits (they are answers: the table says
// OOM, or "over margin"); points the simulator cannot build (e.g. a shard group that does not
// divide the GPUs) rank last with the reason.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "base/enum_names.hpp"
#include "scenario/yaml_doc.hpp"
#include "train/run_result.hpp"

namespace simtrain::report {

struct SweepAxis {
  std::string key;                      // "batch_per_gpu", "fsdp.sharding"
  std::vector<std::string> values;      // as --set takes them
  std::vector<std::optional<Field>> at;  // each value's place in the scenario (none: --sweep)
  std::string origin;                   // "sweep:" or "--sweep key=..."
};

enum class RankBy { time, cost, energy };
inline constexpr auto kRankByNames =
    enum_names<RankBy>({{RankBy::time, "time"}, {RankBy::cost, "cost"}, {RankBy::energy, "energy"}});

struct SweepPoint {
  std::size_t index = 0;            // in product order
  std::vector<std::string> values;  // one per axis
  std::optional<train::RunResult> result;
  std::string error;  // why the point could not be simulated (result empty)
  // Memory headroom (report/headroom.hpp): the margin the point was judged with, and whether
  // its simulated peak fits the GPU only without it (ranked with the points that do not fit).
  double memory_margin = 0;
  bool over_margin = false;
  bool fits() const { return result && !result->oom && !over_margin; }
  double per_sample_s = 0, cost_per_million = 0, joules_per_sample = 0;
  // Rent and own per million tokens (models with tokens) and per million samples; nullopt:
  // no price given (or no tokens).
  std::optional<double> rent_per_million_tokens, own_per_million_tokens;
  std::optional<double> rent_per_million_samples, own_per_million_samples;
};

const char* rank_by_name(RankBy by);
// The figure a point is ranked by (lower is better).
double rank_value(const SweepPoint& p, RankBy by);

// Whether a sweep's costs are per million tokens (every point that ran has a model with
// tokens: the text's, the HTML's and their columns' unit), else per million samples.
bool sweep_costs_per_token(const std::vector<SweepPoint>& points);

std::string format_sweep(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes, RankBy by);
// The scenario's name, from the first point that ran ("?" when none did).
std::string sweep_scenario_name(const std::vector<SweepPoint>& points);
nlohmann::json sweep_to_json(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes, RankBy by);
std::string sweep_to_csv(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes);

}  // namespace simtrain::report
