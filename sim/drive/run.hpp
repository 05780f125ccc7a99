// Running a scenario: build the cluster, the workload and the strategy's step graph, run it
// on the engine, and turn the records into the figures a user reads (train/run_result.hpp
// defines them). Also the memory search of `simtrain memory`: the largest batch per strategy.
//
// A driver: it composes the layers below (topo, work, data, coll, train, engine) and
// formats nothing; report/ turns its RunResult into text, JSON and traces.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "report/error_bands.hpp"
#include "scenario/scenario.hpp"
#include "train/strategy.hpp"  // load_scenario
#include "train/run_result.hpp"
#include "work/model.hpp"
#include "work/sequences.hpp"

namespace simtrain::topo {
struct GpuModel;
}

namespace simtrain::drive {

struct RunOptions {
  long long steps_override = 0;  // --steps
  bool full_solve = false;
  bool keep_trace = false;
  // The trace files the caller will write of the run (--trace, --chakra): their size is
  // estimated from a one-step graph before the simulation and refused past
  // limits::max_trace_bytes (check_trace_size in run.cpp).
  bool chrome_trace = false, chakra = false;
  double link_scale = 1.0;  // what-if: every link's capacity times this (the plan stays the same)
  // A data-bound run is run again without its data: block (a loader that keeps up) to report
  // what fixing the pipeline buys (RunResult::no_stall_step_s).
  bool data_ceiling = false;
  // Wall-clock seconds the simulation may take (0: no limit); past it the run throws
  // engine::DeadlineExceeded (engine/executor.hpp) instead of answering.
  double max_seconds = 0;
  // The bands file (validation/error_bands.yaml, loaded by the caller): given, the result
  // carries how far to trust its headline figures. Validation runs leave it out, so that the
  // bands can be regenerated from the model whatever the file holds.
  const report::ErrorBands* error_bands = nullptr;
};

train::RunResult run_scenario(const ScenarioSpec& spec, const RunOptions& opt);

// A run's size before anything is built, for the searches' up-front estimate (a
// search is its points' runs): the engine tasks check_run_size (run.cpp) estimates, the same
// run_size of the scenario's own RunShape (below),
// from one node of the system and the model, and, when check_run_size would refuse the run,
// its message ("this run would take about 134 M engine tasks ..."), so that a search lists the
// point as over the budget instead of failing. `steps_override` as RunOptions' (0: the
// scenario's). A data pipeline's extra warm-up steps are not counted (run_scenario's own
// check still refuses such a run).
struct RunEstimate {
  double tasks = 0;
  double gpu_passes = 0;    // (warmup + steps) x grad_accumulation x GPUs: tasks / K
  std::string over_budget;  // "": within the run-size budget
};
RunEstimate estimate_run(const ScenarioSpec& spec, long long steps_override);

// The run-size estimate every simulation is checked against before its step graph is built
// (run.cpp states it: tasks ~= passes x GPUs x tasks per pass, and the GPU time the passes take
// at the GPU's best peak), for a shape that need not be a scenario's own: the memory search's
// candidates and the plan's layouts check theirs with it.
struct RunShape {
  bool megatron = false;   // tasks per pass: 8 x virtual_stages (Megatron), else 2 x the model's ops
  int virtual_stages = 1;
  int fsdp_blocks = 0;     // Megatron under parallel.fsdp: the blocks of a stage (4 tasks each a pass)
  double gpus = 0;
  double passes = 0;       // (steps + warm-up) x micro-batches
  double batch_per_gpu = 0;
};
struct RunSize {
  double passes = 0, gpus = 0, tasks_per_pass = 0, tasks = 0;
  double flops_per_sample = 0, peak_flops = 0, gpu_seconds = 0;
  std::string gpu_key;
  bool over_tasks() const;  // past limits::max_estimated_events
  bool over_time() const;   // past the simulated-time bound (the picosecond clock's)
  // "over the 50 M-task budget: about 134 M engine tasks (...)", or "" within both bounds.
  std::string over_budget() const;
};
RunSize run_size(const RunShape& shape, const work::Model& m, const topo::GpuModel& gpu);
// RunShape::fsdp_blocks of a Megatron layout: the model's blocks over pp stages under FSDP, 0 without.
int megatron_fsdp_blocks(const work::Model& m, train::DataSharding fsdp, int pp);

// "stopped at the --max-seconds limit (5 s) after 1,234,567 events": why a sweep point or an
// advise configuration has no figures.
std::string time_limit_reason(const std::exception& deadline_exceeded);

// The scenario's model, with its overrides (flash_attention, seq_len) applied: a transformer
// is built at the row length the GPU executes (work/sequences.hpp), and `sequences` says how
// many real tokens and samples a row carries.
struct ScenarioModel {
  std::shared_ptr<const work::Model> model;
  work::SequenceShape sequences;  // executed_len 0: the model has no sequence (CNNs)
};
ScenarioModel load_scenario_model_shaped(const ScenarioSpec& spec);

// Samples one optimizer step trains in the scenario as given (its global batch): data-parallel
// replicas (the GPUs; a megatron layout's GPUs / (tp pp cp), or its parallel.dp) x batch_per_gpu
// x grad_accumulation rows, times the samples a row carries (work/sequences.hpp: packed > 1).
// The same figure the run reports per step, without building the cluster.
double scenario_samples_per_step(const ScenarioSpec& spec);

// The work a search holds equal across its points. A scenario whose run is given in steps
// trains steps x its own global batch samples; a search that changes the batch (GPUs, nodes,
// batch_per_gpu, accumulation, layout) would otherwise compare different amounts of training,
// so each point runs with `run.samples` set to that figure (`sets`). Tokens, samples and
// epochs are amounts already (`sets` empty). `text` states the work for the search's output:
// "92,160,000 samples (run.steps 45,000 at the scenario's global batch of 2,048)".
struct EqualWork {
  std::vector<std::string> sets;
  std::string text;
};
EqualWork equal_work(const ScenarioSpec& spec);
std::shared_ptr<const work::Model> load_scenario_model(const ScenarioSpec& spec);

// For each strategy (DDP, ZeRO-1, FSDP shardings, with checkpointing), the largest per-GPU
// batch whose simulated peak memory fits the GPU (0 if not even one sample fits).
// The first row is the scenario's own strategy as configured; `own_only` stops there.
std::vector<train::RunResult::FitRow> largest_batches(const ScenarioSpec& spec, bool own_only = false);

}  // namespace simtrain::drive
