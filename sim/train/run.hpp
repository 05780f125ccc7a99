// The step graph of a scenario's strategy: StrategyBuilder turns the scenario's strategy keys
// (ddp:, fsdp:, the optimizer, the collective algorithm) into DdpOptions or FsdpOptions and
// builds the graph. drive/run.hpp runs it; train/run_result.hpp holds the figures of a run.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "scenario/scenario.hpp"
#include "topo/cluster.hpp"
#include "train/ddp.hpp"
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
  StepGraph build_megatron_from_spec(const std::vector<int>& ranks, const StepOptions& common) const;
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
