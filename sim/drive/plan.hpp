// The layout search (`simtrain plan`): which tensor/pipeline/data-parallel layout, micro-batch,
// virtual stages and recomputation train this model fastest on this cluster, and why every
// other layout fails.
//
// The scenario fixes the model, the cluster (system, nodes, GPUs per node), the precision, the
// software stack and the global batch: B samples per step (a megatron scenario's
// dp x batch_per_gpu x grad_accumulation; a data-parallel one's GPUs x batch_per_gpu x
// grad_accumulation). The search enumerates
//     tp in {1, 2, 4, 8, ...} (dividing the GPUs), cp in {1, 2, 4, ...} while every rank keeps
//     2048 tokens or more (seq / cp >= 2048), pp dividing GPUs / (tp cp), dp = GPUs / (tp cp pp),
//     ep (MoE models) powers of two dividing the experts and dp,
//     micro-batch mb in {1, 2, 4, 8} and the scenario's own batch_per_gpu (a CNN's 256), with B
//     divisible by dp mb (m = B / (dp mb) micro-batches),
//     virtual stages v in {1, 2, 4} (interleaved when v > 1: m a multiple of pp, enough layers),
//     recompute in {none, selective, full},
//     sharding over the data x context ranks: the distributed optimizer, or FSDP shard_grad_op
//     or full_shard (train/megatron.hpp; when dp x cp > 1),
// with sequence parallelism whenever tp > 1 and the distributed optimizer with overlapped
// gradient reduction (Megatron-LM's recommended settings: they save memory at the same
// communication volume), the parameter gather and TP overlap as the scenario sets them
// (train/megatron_overlap.hpp; the closed forms carry the same terms). Each layout is first judged by closed forms (train/megatron.hpp
// estimate_megatron): rejected with its reason when the degrees do not divide the model (heads,
// layers), TP leaves the node (its all-reduces would cross the fabric; Megatron places TP in
// the NVLink domain, and the node is that domain: a node of several boxes, a GB200 NVL72 rack
// of 18 compute trays, is one, topo/cluster.hpp BoxSpec; a TP group leaves the node when tp
// exceeds or does not divide the job's GPUs per node), the batch does not divide, or a stage's
// closed-form peak memory exceeds the GPU (OOM on stage k). CP and EP groups may cross nodes;
// each row keeps where its TP and EP groups run (train/layout.hpp group_span), and the report
// marks a TP or EP group over several boxes and an EP group across nodes (its all-to-all then
// runs over the fabric). The survivors are ranked by the closed-form step time and the best
// `simulate` are simulated in full; the table ranks those by simulated time per token. A layout
// fits only with memory headroom: its peak plus the memory margin (PlanOptions) must fit the
// GPU, by the closed forms to be simulated and when simulated to be ranked.
//
// The plan's cost is bounded before anything is simulated: every layout is judged by the closed
// forms first (about 0.2-0.5 ms each: 30,072 layouts of 16,384 GPUs in 5-13 s), then each of
// the best is checked by the run-size estimate (drive/run.hpp run_size: 2 steps of m
// micro-batches on every GPU): over the run's budget it is a rejected row with the estimate;
// past what is left of the plan's budget (limits::max_plan_estimated_events, all simulated
// layouts together) it stays fit by the closed forms, marked not simulated, and the next is
// tried; an explicit --simulate past the budget is refused. PlanOptions::max_seconds bounds the
// whole plan: each simulation gets the time left, and a layout that reaches it (and those
// after) is marked not simulated while the ones simulated are ranked.
//
// Those simulations are the search's points (drive/search.hpp): point i is the i-th best row
// by the closed forms. Every process enumerates and estimates the layouts itself (closed forms,
// cheap and deterministic); the points run on this process's threads, MPI ranks or a share,
// each to its record (report/search_record.hpp), so the table is the same byte for byte
// whichever ran them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "drive/search.hpp"
#include "report/error_bands.hpp"
#include "scenario/scenario.hpp"
#include "train/plan_result.hpp"

namespace simtrain::drive {

using train::PlanLayout;
using train::PlanResult;
using train::PlanRow;

struct PlanOptions {
  int simulate = 8;  // best layouts by the closed forms simulated in full
  // Whether the user asked for `simulate` (--simulate): then layouts the plan's task budget
  // leaves out are an error, not a note.
  bool simulate_given = false;
  // Wall-clock seconds the whole plan may take (0: no limit): the closed forms, then each
  // simulation with the time left; past it the rows left are marked not simulated.
  double max_seconds = 0;
  // Memory headroom (report/headroom.hpp): a layout fits when its peak x (1 + margin) fits the
  // GPU, in the closed forms and when simulated. --memory-margin, else the peak-memory band's
  // median error of this cluster's kind in `error_bands` (none: no margin).
  std::optional<double> memory_margin;
  const report::ErrorBands* error_bands = nullptr;
};

// The search, its layouts simulated one at a time in this process.
PlanResult plan_layouts(const ScenarioSpec& spec, const std::vector<std::string>& overrides, const PlanOptions& opt);
// The same with the simulations run as `ex` says (threads, MPI ranks, a journal, a share,
// merged parts); nullopt on a process that does not hold every point's record. A simulation
// that fails stops the search with its error (the lowest point's), as one process would.
std::optional<PlanResult> plan_search(const ScenarioSpec& spec, const std::vector<std::string>& overrides,
                                      const PlanOptions& opt, const SearchExecution& ex);

}  // namespace simtrain::drive
