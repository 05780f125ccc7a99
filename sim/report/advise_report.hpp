// The answer of `simtrain advise` (drive/advise.hpp searches): the configurations tried, the
// Pareto front of the run's expected wall clock against its cost, and the configuration that
// answers the meeting's question: the cheapest that meets the deadline (and the budget), the
// fastest within the budget. A data type and its text, JSON and HTML forms.
//
// Definitions, for each configuration that ran (a system x node count x strategy):
//   days       the whole run's expected wall clock (RunResult::run_hours / 24: steps x step
//              time, plus checkpoints and the work failures lose, train/goodput.hpp)
//   cost       the whole run's cost on the scenario's cost.basis (rent or own,
//              train/cost_of_run.hpp); none when the configuration has no price
//   bound      what limits the step (RunResult::bottleneck: compute, communication, data,
//              host, pipeline), or "memory" when it does not fit in GPU or host memory
//   fits       its peak plus the memory margin fits in GPU memory (report/headroom.hpp: the
//              peak-memory band's median error by default), it fits in host memory, and the
//              run finishes (a job that fails faster than it checkpoints has no expected wall
//              clock); one over the margin but under the GPU's memory is shown, as "memory
//              margin", among those that do not fit
// With a deadline, the answer is given twice when they differ: the cheapest configuration
// whose simulated days meet it, and the cheapest whose days still meet it when the model is as
// far off as its median error on public runs of the same kind (report/error_bands.hpp), in the
// slow direction: what to buy when missing the deadline is not an option.
// The front: the configurations that fit and have a cost, none of which another that fits
// is at least as fast and as cheap as, and strictly better in one (report/html_chart.hpp
// pareto_front). A configuration without a price is never on it (nor an answer on cost).
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "train/run_result.hpp"

namespace simtrain::report {

struct AdviseCandidate {
  std::string system;       // as named (a shipped system's key or a path)
  std::string system_name;  // the system file's name:
  int nodes = 1;
  std::string strategy;     // the search's strategy label ("fsdp full_shard + checkpointing")
  std::string layout;       // megatron: the layout the layout search chose ("tp2 pp1 dp4 ..."); data-parallel
                            // with a bounded global batch: the recipe chosen ("mb4 m8 = 512, ckpt 50%")
  std::vector<std::string> sets;  // the --set overrides that reproduce it with `simtrain run`
  std::optional<train::RunResult> result;
  std::string skipped;      // why it was not run, or could not be (result empty)
  // The memory margin it is judged with (report/headroom.hpp) and where it comes from.
  double memory_margin = 0;
  std::string margin_source;

  bool fits() const;
  // It ran and its simulated peak fits the GPU, but not with the margin on top.
  bool over_margin() const;
  bool priced() const { return result && result->priced && fits(); }
  double days() const { return result ? result->run_hours / 24.0 : 0; }
  double cost() const { return result ? result->run_cost : 0; }
  std::string bound() const;  // "memory" when it does not fit, "memory margin" when only without the margin
  // The days if the model is off by its error band's median in the slow direction (days x (1 +
  // median |error|) of the step time's band; the days when the run carries no band).
  double days_with_margin() const;
  // What buying the cluster costs: GPUs x purchase + nodes x node price (none without both).
  std::optional<double> purchase() const;
};

struct AdviseResult {
  std::string scenario, model;
  std::string scenario_file;  // as given on the command line (for the lines that reproduce a configuration)
  std::string workload;   // "50 B tokens (run.tokens)"
  std::string basis;      // rent | own
  std::optional<double> deadline_s, budget;
  std::optional<double> memory_margin;  // --memory-margin (none: each configuration's memory band)
  // advise.global_batch: the recipe (micro-batch, accumulation, checkpointing) was searched
  // within these bounds (samples per step); 0: not searched, the scenario's batch per GPU.
  long long global_batch_min = 0, global_batch_max = 0;
  std::size_t systems = 0, clusters = 0, strategies = 0;  // clusters: (system, node count) pairs
  std::vector<AdviseCandidate> candidates;  // in search order: system, nodes, strategy

  // Derived (advise_summary): indices into candidates.
  std::vector<std::size_t> front;            // fastest first
  std::optional<std::size_t> cheapest_in_deadline;  // meets the deadline (and the budget, given both)
  std::optional<std::size_t> cheapest_in_deadline_with_margin;  // the same at days_with_margin()
  std::optional<std::size_t> fastest_in_budget;     // within the budget (and the deadline, given both)
  std::optional<std::size_t> fastest, cheapest;     // of all that fit (cheapest: of those priced)
};

// Fills the derived fields of `a` from its candidates.
void advise_summary(AdviseResult& a);

// Candidates that ran and fit, fastest first (ties by search order).
std::vector<std::size_t> fitting_by_time(const AdviseResult& a);

std::string format_advise(const AdviseResult& a);
nlohmann::json advise_to_json(const AdviseResult& a);
std::string advise_to_html(const AdviseResult& a);

}  // namespace simtrain::report
