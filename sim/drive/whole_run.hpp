// The whole run of a scenario (its `run:` block): the steps it takes, where its checkpoints go
// and at what bandwidth, the failure rates, and the expected wall clock, energy and cost
// (train/goodput.hpp states the model; train/cost_of_run.hpp the prices). Internal to drive/.
#pragma once

#include <vector>

#include "data/data_spec.hpp"
#include "scenario/scenario.hpp"
#include "topo/cluster.hpp"
#include "train/run_result.hpp"
#include "train/ddp.hpp"
#include "work/model.hpp"

namespace simtrain::drive {

// The run `spec.run` describes, for a step of `r.step_time_s` training `samples_per_step`
// samples with graph `sg` (its checkpoint size) and `r`'s prices; errors name the run: keys.
train::WholeRun plan_whole_run(const ScenarioSpec& spec, const topo::Cluster& c, const std::vector<int>& ranks,
                               const data::DataSpec* data_spec, const work::Model& m, const train::StepGraph& sg,
                               double samples_per_step, const train::RunResult& r);

}  // namespace simtrain::drive
