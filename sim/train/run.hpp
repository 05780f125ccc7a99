// Running a scenario: build the cluster, the workload and the strategy's step graph, run it
// on the engine, and turn the records into the figures a user reads.
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
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/executor.hpp"
#include "scenario/scenario.hpp"
#include "topo/cluster.hpp"
#include "train/ddp.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"

namespace simtrain::train {

struct RunOptions {
  long long steps_override = 0;  // --steps
  bool full_solve = false;
  bool keep_trace = false;
  double link_scale = 1.0;  // what-if: every link's capacity times this (the plan stays the same)
};

struct LinkUsage {
  std::string name;
  double utilization = 0;
};

struct RunResult {
  std::string scenario, system, model, gpu_name, precision, optimizer, strategy;
  std::string calibration;  // the calibration file's summary, or "" (topologies/compute.yaml)
  std::string software, software_name;  // the software profile's key and description
  int gpus = 0, nodes = 0;
  long long batch_per_gpu = 0, grad_accumulation = 1, seq_len = 0, steps = 0, warmup_steps = 0;
  std::int64_t params = 0;
  double step_time_s = 0, compute_s = 0, comm_total_s = 0, comm_exposed_s = 0, data_stall_s = 0, idle_s = 0;
  double compute_shared_s = 0;  // of compute_s: kernels slowed by NCCL kernels holding SMs and HBM (per step)
  data::DataSummary data;  // the data pipeline's figures (data.enabled: modelled)
  double samples_per_s = 0, tokens_per_s = 0, tflops_per_gpu = 0, mfu = 0;
  double single_gpu_step_s = 0, scaling_efficiency = 1;
  double gemm_share = 0;  // share of compute time in gemm / conv / attention kernels
  std::vector<LinkUsage> links;
  double memory_peak_bytes = 0, memory_capacity_bytes = 0;
  bool oom = false;
  std::vector<std::pair<std::string, double>> memory_breakdown;
  std::string memory_peak_at;   // the task the peak falls in
  std::string strategy_detail;  // "5 buckets", "FULL_SHARD, 42 units"
  struct FitRow {
    std::string strategy;
    long long largest_batch = 0;  // 0: not even batch 1 fits
    double peak_bytes_at_batch = 0;
  };
  std::vector<FitRow> fits;  // filled by `simtrain memory`
  double power_w = 0, joules_per_step = 0, cost_per_step = 0;
  double run_hours = 0, run_energy_kwh = 0, run_cost = 0;
  long long run_steps = 0;
  std::string bottleneck, verdict;
  std::size_t buckets = 0;
  std::string bucket_algo;  // e.g. "ring/Simple"
  std::vector<std::string> overrides;
  std::uint64_t events = 0, tasks = 0;
  // Kept with RunOptions::keep_trace: the graph, the records and the cluster's names.
  std::shared_ptr<StepGraph> graph;
  std::vector<engine::TaskRecord> records;
};

RunResult run_scenario(const ScenarioSpec& spec, const RunOptions& opt);

// The scenario's model, with its overrides (flash_attention) applied.
std::shared_ptr<const work::Model> load_scenario_model(const ScenarioSpec& spec);

// For each strategy (DDP, ZeRO-1, FSDP shardings, with checkpointing), the largest per-GPU
// batch whose simulated peak memory fits the GPU (0 if not even one sample fits).
// The first row is the scenario's own strategy as configured; `own_only` stops there.
std::vector<RunResult::FitRow> largest_batches(const ScenarioSpec& spec, bool own_only = false);

// Builds the step graph of the scenario's strategy (or of an overridden one) for given ranks,
// steps and per-GPU batch: used by the run, its one-GPU baseline and the memory search.
class StrategyBuilder {
 public:
  StrategyBuilder(const ScenarioSpec& spec, const work::Model& model, const work::CostModel& cost,
                  coll::Planner& planner, const topo::Cluster& cluster);
  StepGraph operator()(const std::vector<int>& ranks, int steps, long long batch) const;
  void override_strategy(std::string strategy, std::string sharding = "") {
    strategy_override_ = std::move(strategy);
    sharding_override_ = std::move(sharding);
  }
  void override_checkpointing(int on) { checkpoint_override_ = on; }
  // The data pipeline the strategies feed their forwards from (nullptr: none).
  void set_data(const data::Plan* plan) { data_ = plan; }
  // The software stack the strategies issue their kernels with (nullptr: the GPU never waits for its host).
  void set_software(const work::SoftwareProfile* sw) { software_ = sw; }

 private:
  StepGraph build(const std::vector<int>& ranks, int steps, long long batch) const;
  StepGraph build_megatron_from_spec(const std::vector<int>& ranks, int steps, long long batch, work::Optimizer optim,
                                     coll::Algo algo) const;
  const ScenarioSpec& spec_;
  const work::Model& model_;
  const work::CostModel& cost_;
  coll::Planner& planner_;
  const topo::Cluster& cluster_;
  std::string strategy_override_, sharding_override_;
  int checkpoint_override_ = -1;
  const data::Plan* data_ = nullptr;
  const work::SoftwareProfile* software_ = nullptr;
};

}  // namespace simtrain::train
