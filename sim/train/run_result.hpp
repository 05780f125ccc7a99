// The figures of one simulated training run: what drive/run.hpp's run_scenario fills and
// report/run_report.hpp formats. A plain data type, here so that both see it without the
// report depending on the driver.
//
// Definitions (per step, averaged over the measured steps, seen from rank 0):
//   step time       time between the ends of consecutive optimizer steps
//   compute         time rank 0's compute stream is busy (forward, backward, optimizer)
//   exposed comm    time its compute stream is idle while a collective is in flight
//   data stall      time it waits for its batch (the data pipeline; 0 until it is modelled)
//   idle            the rest (waiting on other ranks, launch gaps)
//   overlap         communication hidden under compute = total comm - exposed comm
//   scaling eff.    step time of the same model and batch on one GPU of the same kind,
//                   divided by this step time (weak scaling; <= 1 by construction)
//   MFU             model FLOPs (3 x forward, no recomputation) per second per GPU / peak
//   energy          GPUs between idle and TDP by compute utilization, plus node overhead,
//                   times PUE
//   cost            rent (GPU-hours on demand) and own (purchase written off, plus power):
//                   train/cost_of_run.hpp
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "data/pipeline.hpp"
#include "engine/executor.hpp"
#include "train/cost_of_run.hpp"
#include "train/error_band.hpp"
#include "train/ddp.hpp"
#include "train/goodput.hpp"

namespace simtrain::train {

struct LinkUsage {
  std::string name;
  double utilization = 0;
};

struct RunResult {
  std::string scenario, system, model, gpu_name, precision, optimizer, strategy;
  std::string gpu_arch;  // the catalog's arch ("sm_80"): the GPU generation of the error bands
  std::string calibration;  // the calibration file's summary, or "" (topologies/compute.yaml)
  std::string network_calibration;  // its network section's summary, or "" (the catalog's links and NCCL's latencies)
  std::string software, software_name;  // the software profile's key and description
  int gpus = 0, nodes = 0;
  double fabric_oversubscription = 1;  // the fabric's (1 = non-blocking): the error band's domain
  long long batch_per_gpu = 0, grad_accumulation = 1, seq_len = 0, steps = 0, warmup_steps = 0;
  // Sequence lengths (work/sequences.hpp): seq_len above is the row length the GPU executes;
  // with `sequences:` a sample holds tokens_per_sample real tokens, a row samples_per_row
  // samples, and padding_share of the executed tokens are padding. batching "" : not given.
  std::string batching;
  long long max_seq_len = 0, bin_width = 0;
  double tokens_per_sample = 0, samples_per_row = 1, padding_share = 0;
  // With a data pipeline and no --steps: the steps ran until the loader's stall converged (the
  // measured window's two halves within 1%), or up to the bound without converging.
  bool sought_steady_state = false, steady_state = false;
  std::int64_t params = 0;
  std::int64_t trainable_params = 0;  // of params: those trained (fewer under fine-tuning, work/finetune.hpp)
  double step_time_s = 0, compute_s = 0, comm_total_s = 0, comm_exposed_s = 0, data_stall_s = 0, idle_s = 0;
  double compute_shared_s = 0;  // of compute_s: kernels slowed by NCCL kernels holding SMs and HBM (per step)
  data::DataSummary data;  // the data pipeline's figures (data.enabled: modelled)
  // When the loader bounds the step (bottleneck "data") and drive::RunOptions::data_ceiling:
  // the step of the same run with a loader that always keeps up (no data: block), what fixing
  // the pipeline can buy at most; 0 when not computed.
  double no_stall_step_s = 0;
  double samples_per_s = 0, tokens_per_s = 0, tflops_per_gpu = 0, mfu = 0;
  double single_gpu_step_s = 0, scaling_efficiency = 1;
  double gemm_share = 0;  // share of compute time in gemm / conv / attention kernels
  // Rank 0's kernel time per step with the GPU to themselves: GEMMs and convs, attention
  // (under megatron, attention is inside gemm_s: the strategy gives one figure).
  double gemm_s = 0, attention_s = 0;
  // Pipeline parallelism: stages, micro-batches per step, and the share of the step rank 0
  // idles waiting for other stages (the bubble; idle_s is then 0), with the closed form for
  // uniform stages (train/pipeline_schedule.hpp) beside it.
  int pipeline_stages = 1, micro_batches = 1;
  double bubble_s = 0, bubble_closed_form = 0;
  // Per pipeline stage (its first rank): peak memory and the task it falls in.
  std::vector<std::pair<double, std::string>> stage_peaks;
  std::vector<LinkUsage> links;
  double memory_peak_bytes = 0, memory_capacity_bytes = 0;
  bool oom = false;
  // Offloaded state in host memory per node (CPU / activation offload: the busiest node's
  // ranks' MemoryPlan::host_bytes) against the system's host_memory (0: not given).
  double host_offload_bytes_per_node = 0, host_memory_bytes = 0;
  bool host_oom = false;
  // The memory verdict of `run`, `memory` and their --fail-on-oom: neither the GPU's nor the
  // node's host memory may overflow.
  bool out_of_memory() const { return oom || host_oom; }
  std::vector<std::pair<std::string, double>> memory_breakdown;
  std::string memory_peak_at;   // the task the peak falls in
  std::string strategy_detail;  // "5 buckets", "FULL_SHARD, 42 units"
  int checkpointed_blocks = 0, blocks = 0;  // activation checkpointing (ddp, fsdp, zero): blocks recomputed, of all
  struct FitRow {
    std::string strategy;
    long long largest_batch = 0;  // 0: not even batch 1 fits
    double peak_bytes_at_batch = 0;
    // Its offloaded state exceeds the node's host memory at that batch (batch 1 when none fits).
    bool host_oom = false;
    // Why the candidate was not searched ("over the 50 M-task budget: ...", the --max-seconds
    // limit): largest_batch is no figure. "" when it was.
    std::string not_searched;
    // Why the search stopped before it found the largest batch (the time limit, or a larger
    // batch over the run budget): largest_batch is a lower bound. "" when it found it.
    std::string stopped;
  };
  std::vector<FitRow> fits;  // filled by `simtrain memory`
  double power_w = 0, joules_per_step = 0, cost_per_step = 0;
  bool priced = false;  // the headline cost (cost.basis) has its prices (else the costs are not figures)
  // The whole run (whole_run): its steps, expected wall clock, energy and headline cost.
  double run_hours = 0, run_energy_kwh = 0, run_cost = 0;
  long long run_steps = 0;
  WholeRun whole_run;  // the scenario's run: (train/goodput.hpp), when it gives one
  // Money (train/cost_of_run.hpp): the inputs with their origins, and rent and own (TCO) side
  // by side, per step and for the whole run's expected wall clock; cost_per_step / run_cost
  // are the basis's.
  CostInputs cost_inputs;
  CostFigures step_cost, run_cost_figures;
  std::string bottleneck, verdict;
  std::size_t buckets = 0;
  std::string bucket_algo;  // e.g. "ring/Simple"
  std::vector<std::string> overrides;
  // What a --set strategy change carried across and left unread (StrategyConfig::strategy_change).
  std::vector<std::string> strategy_change;
  // How far to trust the headline figures (step_time, peak_memory, run_time): filled when
  // drive::RunOptions::error_bands is given (report/error_bands.hpp), else empty.
  std::vector<ErrorBand> error_bands;
  std::uint64_t events = 0, tasks = 0;
  // Kept with drive::RunOptions::keep_trace: the graph, the records and the cluster's names.
  std::shared_ptr<StepGraph> graph;
  std::vector<engine::TaskRecord> records;
};

}  // namespace simtrain::train
