// The step graph of a scenario's strategy: StrategyBuilder fills the options every strategy
// takes (StepOptions: steps, micro-batches, batch, optimizer, collective algorithm, data,
// software) and hands them to the strategy's entry in the strategy table
// (train/strategy.hpp), which adds its block's typed options and builds the graph.
// drive/run.hpp runs it; train/run_result.hpp holds the figures of a run.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scenario/scenario.hpp"
#include "topo/cluster.hpp"
#include "train/ddp.hpp"
#include "train/strategy.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"

namespace simtrain::train {

// Builds the step graph of the scenario's strategy (or of an overridden one) for given ranks,
// steps and per-GPU batch: used by the run, its one-GPU baseline and the memory search.
class StrategyBuilder {
 public:
  StrategyBuilder(const ScenarioSpec& spec, const work::Model& model, const work::CostModel& cost,
                  coll::Planner& planner, const topo::Cluster& cluster);
  StepGraph operator()(const std::vector<int>& ranks, int steps, long long batch) const;
  // Builds `choice` instead of the scenario's own strategy (the memory search's candidates).
  void override_choice(StrategyChoice choice) { choice_ = std::move(choice); }
  // The data pipeline the strategies feed their forwards from (nullptr: none).
  void set_data(const data::Plan* plan) { data_ = plan; }
  // The software stack the strategies issue their kernels with (nullptr: the GPU never waits for its host).
  void set_software(const work::SoftwareProfile* sw) { software_ = sw; }
  // The closed-form peak of the fullest pipeline stage at per-GPU batch `batch`, one step
  // (megatron.hpp estimate_megatron; without the input batch): the memory search's first
  // guess. nullopt for the strategies without a closed form, and for layouts the build refuses.
  std::optional<double> closed_form_peak(const std::vector<int>& ranks, long long batch) const;

 private:
  StepOptions step_options(int steps, long long batch) const;
  StepGraph build(const std::vector<int>& ranks, int steps, long long batch) const;
  const ScenarioSpec& spec_;
  const work::Model& model_;
  const work::CostModel& cost_;
  coll::Planner& planner_;
  const topo::Cluster& cluster_;
  StrategyChoice choice_;
  const data::Plan* data_ = nullptr;
  double input_bytes_per_sample_ = 0;  // the micro-batch input held on the GPU (run.cpp)
  const work::SoftwareProfile* software_ = nullptr;
};

}  // namespace simtrain::train
