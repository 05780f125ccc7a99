// The whole run, not just the step: its expected wall clock with checkpoints and failures
// ("goodput": the share of the wall clock that is useful training).
//
// A run of W seconds of useful work (steps x step time) stops every tau seconds of work to
// write a checkpoint, which takes delta seconds (the GPUs wait: synchronous checkpointing).
// Failures stop the whole job; they arrive as a Poisson process at the job's rate
//     1 / M = lambda_gpu x GPUs + lambda_node x nodes         (M: the job's MTBF)
// over its wall clock. After a failure the job restarts (R: relaunch + checkpoint load) and
// redoes what it did since the last completed checkpoint. A failure falls uniformly within a
// segment of tau work + delta writing, so on average it loses
//     (tau + delta) / 2                                       (lost work per failure)
// (the convention of Young 1974 and Daly 2006, first order: no failure during the restart or
// the redone work is counted twice). The expected wall clock T solves
//     T = W (1 + delta / tau) + (T / M) (R + (tau + delta) / 2)
//     T = W (1 + delta / tau) / (1 - (R + (tau + delta) / 2) / M)
// which holds while R + (tau + delta) / 2 < M; beyond it the job expects to fail before it
// gets anywhere and the model says so (finishes = false) rather than giving a figure.
// Checkpoints take W delta / tau of it; failures (T / M) (R + (tau + delta) / 2).
//
// The interval: given, or Young's first-order optimum (J. W. Young, "A first order
// approximation to the optimum checkpoint interval", CACM 17(9), 1974), which minimizes
// delta / tau + tau / (2 M):
//     tau = sqrt(2 delta M)
// (Daly 2006's higher-order optimum, sqrt(2 delta M) [1 + sqrt(delta / 2M) / 3 + delta / 18M]
// - delta, is not used: it is within 7% of Young's while delta < M / 50.) No failures (M
// infinite): no checkpoints are needed and none are counted.
//
// Spot preemptions (cost.rate: spot, train/cost_of_run.hpp) stop the job as a failure does:
// their rates join lambda_gpu and lambda_node, each costs a restart R and the lost work, and
// Young's interval shortens with the lower M. (Getting nodes back after a preemption is taken
// to take the relaunch time, as a failure's replacement does: an assumption; a spot market
// short of capacity can take longer.)
//
// Power: the GPUs draw their training power over the useful work and the redone work
// (tau / 2 per failure) and idle power while a checkpoint is written (the first and the
// redone delta / 2) and while the job restarts; the nodes' overhead all along; times PUE.
// The GPU-hours billed are the whole wall clock (the allocation is held throughout).
#pragma once

#include <limits>
#include <string>

#include "train/cost_of_run.hpp"

namespace simtrain::train {

inline constexpr double kForever = std::numeric_limits<double>::infinity();

// The job's failure rate and MTBF in seconds (infinite when both rates are 0).
double job_mtbf_s(double failures_per_gpu_hour, double failures_per_node_hour, int gpus, int nodes);
// Young's interval sqrt(2 delta M), seconds (infinite when M is).
double young_interval_s(double write_s, double mtbf_s);
// Work lost per failure on average: (tau + delta) / 2.
double lost_work_per_failure_s(double interval_s, double write_s);

struct GoodputInput {
  double work_s = 0;        // W: steps x step time
  double write_s = 0;       // delta: one checkpoint
  double interval_s = kForever;  // tau: work between checkpoints (kForever: none)
  double mtbf_s = kForever;      // M
  double restart_s = 0;     // R
};

struct Goodput {
  double work_s = 0;           // W
  bool finishes = true;        // false: R + (tau + delta) / 2 >= M, no finite expectation
  double wall_s = 0;           // T
  double checkpoints = 0;      // W / tau
  double checkpoint_s = 0;     // W delta / tau
  double failures = 0;         // T / M
  double lost_per_failure_s = 0;  // (tau + delta) / 2
  double failure_s = 0;        // (T / M) (R + (tau + delta) / 2)
  // For energy: time at training power (W + failures x tau / 2) and at idle power.
  double busy_s = 0, idle_s = 0;
  double goodput() const { return wall_s > 0 ? work_s / wall_s : 1.0; }
};

Goodput expected_run(const GoodputInput& in);

// The whole run as the report shows it (drive/run.cpp fills it from the scenario's run:).
struct WholeRun {
  bool enabled = false;
  std::string length;  // how the run was given: "tokens" | "samples" | "epochs" | "steps"
  double tokens = 0, samples = 0, epochs = 0;
  long long dataset_samples = 0;
  std::string dataset_from;  // the key that gave an epoch's size
  double samples_per_step = 0, tokens_per_step = 0;
  long long steps = 0;
  double step_s = 0;
  // Checkpoints: the model state, where it goes and at what rate.
  double checkpoint_bytes = 0;
  std::string storage;       // the devices and how the nodes reach them
  std::string storage_from;  // "run.checkpoint.storage", "the data block's storage", "the node's first storage device"
  double write_bytes_per_s = 0, read_bytes_per_s = 0;  // all the job's nodes together
  double write_s = 0, load_s = 0;                       // one checkpoint written, read back
  double interval_s = kForever;
  bool interval_auto = true;
  // Failures and restarts.
  double failures_per_gpu_hour = 0, failures_per_node_hour = 0;
  std::string failure_source;  // the default's source, or "scenario"
  // Spot preemptions (cost.spot_preemption), counted as failures: M is over both.
  double preemptions_per_gpu_hour = 0, preemptions_per_node_hour = 0;
  double preemption_share = 0;           // of the expected stops
  double wall_without_preemptions_s = 0; // T with the failures alone (the on-demand run)
  double mtbf_s = kForever;
  double relaunch_s = 0, restart_s = 0;
  bool restart_given = false;  // run.restart (else relaunch + load)
  Goodput expected;
  // Energy and money over the expected wall clock (train/cost_of_run.hpp): rent and own side
  // by side; cost is the headline's (cost.basis), a figure only with a price (RunResult::priced).
  CostFigures cost_figures;
  double energy_kwh = 0, cost = 0;
};

// topologies/reliability.yaml: the default failure rates and relaunch time.
struct Reliability {
  double failures_per_gpu_hour = 0, failures_per_node_hour = 0;
  double relaunch_s = 0;
  std::string source;  // where the failure rate comes from, for the report
};
Reliability load_reliability(const std::string& path);
// reliability.yaml next to the catalog, else the source tree's.
std::string default_reliability_path(const std::string& catalog_path);

}  // namespace simtrain::train
