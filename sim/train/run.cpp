#include "train/run.hpp"

#include "train/option_error.hpp"

namespace simtrain::train {

StrategyBuilder::StrategyBuilder(const ScenarioSpec& spec, const work::Model& model, const work::CostModel& cost,
                                 coll::Planner& planner, const topo::Cluster& cluster)
    : spec_(spec), model_(model), cost_(cost), planner_(planner), cluster_(cluster) {}

namespace {

// The deepest field the scenario has on a dotted key path (the key itself, else the block
// holding it, else the root).
Field field_at(const Field& root, const std::string& dotted) {
  Field f = root;
  std::size_t start = 0;
  while (start <= dotted.size()) {
    const std::size_t dot = dotted.find('.', start);
    const std::string part = dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (!f.is_map() || !f.has(part)) break;
    f = f.at(part);
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return f;
}

}  // namespace

StepGraph StrategyBuilder::operator()(const std::vector<int>& ranks, int steps, long long batch) const {
  // Strategy options the builders find wrong are errors at their keys (or at the --set that
  // gave them); a collective the topology cannot run is an error at collective.algorithm.
  try {
    try {
      return build(ranks, steps, batch);
    } catch (const OptionError& e) {
      // The checkpointing setting is reported where the scenario gave it (root or fsdp: block).
      const StrategyConfig& c = strategy_config(spec_);
      const std::string key = e.key() == "activation_checkpointing" && !c.checkpointing_key.empty() ? c.checkpointing_key : e.key();
      throw field_at(spec_.root, key).error(e.what());
    } catch (const std::invalid_argument& e) {
      throw field_at(spec_.root, "collective.algorithm").error(e.what());
    }
  } catch (const ScenarioError& e) {
    throw attribute_to_override(spec_.path, spec_.overrides_applied, e);
  }
}

StepGraph StrategyBuilder::build(const std::vector<int>& ranks, int steps, long long batch) const {
  work::Optimizer optim;
  work::parse_optimizer(spec_.optimizer, optim);
  const coll::Algo algo = spec_.collective_algorithm == "ring"           ? coll::Algo::ring
                          : spec_.collective_algorithm == "tree"         ? coll::Algo::tree
                          : spec_.collective_algorithm == "hierarchical" ? coll::Algo::hierarchical
                                                                         : coll::Algo::automatic;
  // What every strategy's step takes.
  StepOptions common;
  common.steps = steps;
  common.grad_accumulation = static_cast<int>(spec_.grad_accumulation);
  common.batch_per_gpu = batch;
  common.optimizer = optim;
  common.algo = algo;
  common.ring_order_auto = spec_.ring_order == "auto";
  common.data = data_;
  common.software = software_;
  common.checkpointing = strategy_config(spec_).checkpointing;
  if (choice_.checkpointing) common.checkpointing = Checkpointing{*choice_.checkpointing, 1.0, false};
  const Strategy& strategy = strategy_named(choice_.strategy.empty() ? spec_.strategy : choice_.strategy);
  const StrategyContext ctx{spec_, strategy_config(spec_), choice_, model_, cost_, planner_, cluster_};
  return strategy.build(ctx, ranks, common);
}

}  // namespace simtrain::train
