// `simtrain advise`: what to buy or rent to train this model on this workload, by when and
// for how much. The scenario gives the model, the precision, the per-GPU batch and the run's
// length (`run.tokens`, `run.epochs` or `run.steps`: required); its `advise:` block (or the
// command line) gives what to search and the meeting's constraints:
//
//   advise:
//     systems:                          # default: every shipped system (topologies/)
//       - dgx_a100_80gb                   # at the search's node counts
//       - {system: workstation_4x4090_eth100g, nodes: [4]}   # at its own
//     nodes: [1, 2, 4]                    # default: 1, 2, 4, 8
//     strategies: [ddp, full_shard_checkpointed, megatron]  # default: all (advise_strategy_names)
//     deadline: 14 days                   # optional
//     budget: $60000                      # optional, on cost.basis
//     global_batch: {min: 256, max: 1024} # optional: search the recipe (below)
//
// Every system at each of its node counts x strategy is one configuration, run as
//     simtrain SCENARIO --set system=S --set nodes=N --set <the strategy's keys>
// (the scenario's own system, nodes and strategy are replaced; its batch_per_gpu and
// grad_accumulation are kept, so the global batch grows with the GPUs, and the run's length
// in tokens or epochs is the same for all). The strategies are the data-parallel ones of the
// memory search (train/strategy.hpp memory_candidates: DDP, ZeRO-1, FSDP's shardings, each
// with or without activation checkpointing on every block) and `megatron`: the fastest layout
// the layout search (drive/plan.hpp) finds for that system and node count, its best
// kPlanSimulate layouts by the closed forms simulated in full.
//
// The recipe. Without advise.global_batch every configuration keeps the scenario's batch per GPU
// and accumulation. With it (convergence is not modelled, so the user bounds the global batch
// the recipe may train at), each configuration searches the recipe too:
//   data-parallel strategies: the micro-batch mb (powers of two up to max(16, batch_per_gpu))
//     and the accumulation m = floor(max / (replicas mb)) (the largest global batch at that mb
//     within the bounds; an mb whose batch falls under min is skipped), and, for the
//     "+ checkpointing" strategies, the share of blocks checkpointed (50 % or every one).
//     Per checkpointing share, the largest mb whose peak plus the memory margin fits is found
//     by bisection (peak memory grows with mb); the fastest of those runs is the answer. A
//     larger micro-batch is assumed no slower per sample (fewer, fuller kernels; fewer
//     gathers under FSDP), so smaller ones that fit are not run.
//   megatron: the largest global batch within the bounds that the replicas divide (mb 1 x m),
//     for which the layout search chooses mb, m and recomputation itself.
// The answer says the recipe ("mb4 m8 = 512, ckpt 50%"); everything else is the scenario's.
//
// A configuration is not run, with the reason, when it cannot apply: more than one node of a
// system without a fabric; hybrid sharding on one node (it is full sharding there). One that
// cannot be built (a degree that does not divide) keeps the builder's reason. Configurations
// run on worker threads, MPI ranks or Slurm array shares (drive/search.hpp); the answer is the
// same whatever their number.
//
// What a configuration's figures mean and how the answer is chosen: report/advise_report.hpp.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "drive/search.hpp"
#include "report/advise_report.hpp"
#include "report/error_bands.hpp"
#include "scenario/scenario.hpp"

namespace simtrain::drive {

// What the command line adds to (and puts before) the scenario's `advise:` block: each given
// one replaces the block's.
// advise.global_batch: the samples per optimizer step a recipe may train at.
struct GlobalBatch {
  long long min = 1, max = 1;
};

struct AdviseOptions {
  std::vector<std::string> systems;     // --systems a,b
  std::vector<int> nodes;               // --nodes 1,2,4
  std::vector<std::string> strategies;  // --strategies ddp,full_shard
  std::optional<std::string> deadline;  // --deadline "14 days"
  std::optional<std::string> budget;    // --budget $60000
  unsigned jobs = 0;                    // worker threads; 0 = the machine's cores
  // The bands file (drive::RunOptions::error_bands): given, each configuration carries how far
  // to trust its figures and the answers say it.
  const report::ErrorBands* error_bands = nullptr;
  // --memory-margin (report/headroom.hpp): none, each configuration's peak-memory band.
  std::optional<double> memory_margin;
  double max_seconds = 0;  // --max-seconds per configuration (0: none): past it, not run with the reason
  std::function<void(std::size_t, std::size_t)> progress;  // done, total (serialized)
};

// The strategy names `advise.strategies` takes, in search order.
const std::vector<std::string>& advise_strategy_names();

// Searches and answers. Input errors (no run length, an unknown system or strategy, a bad
// deadline) are ScenarioErrors at their place, thrown before anything runs.
report::AdviseResult advise(const std::string& scenario, const std::vector<std::string>& base_sets,
                            const AdviseOptions& opt);
// The same with the configurations run as `ex` says (drive/search.hpp: MPI ranks, a share, a
// journal, merged parts; opt.jobs and opt.progress are ex's then); nullopt on a process that
// does not hold every configuration's record.
std::optional<report::AdviseResult> advise_search(const std::string& scenario, const std::vector<std::string>& base_sets,
                                                  const AdviseOptions& opt, const SearchExecution& ex);

}  // namespace simtrain::drive
