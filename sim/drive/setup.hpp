// What every run of a scenario starts from (internal to drive/): the cluster, the model, the
// ranks taking part, the compute cost model and the collective planner.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "coll/collective.hpp"
#include "scenario/scenario.hpp"
#include "topo/cluster.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"
#include "work/software.hpp"

namespace simtrain::drive {

// What every run of a scenario starts from: the cluster, the model, the ranks taking part,
// the compute cost model and the collective planner.
struct Built {
  std::unique_ptr<topo::Cluster> cluster;
  std::shared_ptr<const work::Model> model;
  std::vector<int> ranks;
  const topo::GpuModel* gpu = nullptr;
  std::unique_ptr<work::CostModel> cost;
  std::unique_ptr<coll::Planner> planner;
  std::string calibration;  // what calibrated the compute model ("" = topologies/compute.yaml)
  std::string network_calibration;  // what calibrated the network model ("" = the catalog's)
  work::SoftwareProfile software;
  work::SequenceShape sequences;  // real tokens and samples per executed row (work/sequences.hpp)
};

// Builds it; errors about overridden values (an unknown model given with --set) name the override.
Built build_setup(const ScenarioSpec& spec);

// The GPUs a scenario takes part with (nodes x GPUs per node), from one node of its system:
// what a search checks before it builds a cluster of many nodes.
long long scenario_gpus(const ScenarioSpec& spec);

}  // namespace simtrain::drive
