// What the layout search (drive/plan.hpp) finds, as report/ formats it: a data type only.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "train/layout.hpp"
#include "train/run_result.hpp"

namespace simtrain::train {

struct PlanLayout {
  int tp = 1, pp = 1, dp = 1, mb = 1, m = 1, v = 1, cp = 1, ep = 1;
  std::string recompute = "none";  // (aggregate order: tp, pp, dp, mb, m, v, cp, ep, recompute, fsdp)
  std::string fsdp = "none";       // none (the distributed optimizer) | shard_grad_op | full_shard
  std::vector<std::string> sets() const;  // the --set overrides that select it
  std::string name() const;               // "tp8 pp4 dp2 mb1 m32 v1 selective", " full_shard" appended under FSDP
};

struct PlanRow {
  PlanLayout layout;
  bool feasible = false;
  std::string reason;            // why not (rejected rows)
  double estimate_step_s = 0;    // closed form
  double estimate_peak_bytes = 0;
  int estimate_fullest_stage = 0;
  bool simulated = false;
  RunResult result;       // when simulated
  // Where its TP and EP groups run (the most nodes and boxes one group spans, train/layout.hpp),
  // for shaped layouts (the rest keep one node, one box).
  GroupSpan tp_span, ep_span;
};

struct PlanResult {
  std::string scenario, model, system, gpu_name;
  int gpus = 0, gpus_per_node = 0;
  // The system's boxes (topo/cluster.hpp BoxSpec): their name ("" when a node is one box) and GPUs.
  std::string box_name;
  int gpus_per_box = 0;
  double global_batch = 0;
  double memory_capacity_bytes = 0;
  // The memory headroom the layouts were judged with (report/headroom.hpp) and its source.
  double memory_margin = 0;
  std::string margin_source;
  // How far to trust the figures: the step time's and the peak memory's bands of this cluster's
  // kind (report/error_bands.hpp), when a bands file was given.
  std::vector<ErrorBand> error_bands;
  long long seq_len = 0;
  // What the plan costs (drive/plan.hpp), known before anything is simulated: the layouts the
  // closed forms judged, the engine tasks of the layouts chosen for simulation by the run-size
  // estimate (drive/run.hpp run_size), and the plan's task budget. `stopped` says why fewer
  // layouts were simulated than asked (the budget, the --max-seconds limit); "" when none.
  std::size_t closed_form_layouts = 0;
  std::size_t simulated_layouts = 0;
  double simulated_tasks = 0, task_budget = 0;
  std::string stopped;
  std::vector<PlanRow> rows;  // simulated first (by simulated time per token), then estimated, then rejected
};

}  // namespace simtrain::train
