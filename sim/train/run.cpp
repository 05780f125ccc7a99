#include "train/run.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "data/data_spec.hpp"
#include "train/option_error.hpp"

namespace simtrain::train {

namespace {

// The micro-batch's input on the GPU, held for the step, per sample: what the model reads (an
// image model's decoded images as float32, ToTensor / DALI normalize: 3 x size^2 x 4 bytes; a
// token model's input ids and labels as int64, 2 x 8 bytes a token) or, when the scenario's
// data pipeline copies more than that to the GPU (data.dataset.tensor_bytes_per_sample: a clip
// of frames, a multi-camera sample), the copy: the larger of the two. A model with neither
// reads what the loader copies (the pipeline's fallback: the stored sample). One micro-batch at
// a time (the loader's prefetched batches wait in pinned host memory). Pipeline stages: the
// first stage's ranks hold it.
double input_bytes_per_sample(const ScenarioSpec& spec, const work::Model& m) {
  const double model_reads = m.image_size > 0 ? 3.0 * static_cast<double>(m.image_size * m.image_size) * 4.0
                             : m.seq_len > 0  ? 16.0 * static_cast<double>(m.seq_len)
                                              : 0.0;
  if (!spec.data_field) return model_reads;
  const data::DataSpec d = data::parse_data(*spec.data_field);
  const double copied = d.tensor_bytes_per_sample > 0 ? d.tensor_bytes_per_sample
                        : model_reads > 0             ? 0.0
                                                      : d.bytes_per_sample;
  return std::max(model_reads, copied);
}

void add_input_batch(StepGraph& sg, double bytes) {
  sg.memory.static_parts.emplace_back("input_batch", bytes);
  if (!sg.stage_memory.empty()) sg.stage_memory[0].static_parts.emplace_back("input_batch", bytes);
}

}  // namespace

StrategyBuilder::StrategyBuilder(const ScenarioSpec& spec, const work::Model& model, const work::CostModel& cost,
                                 coll::Planner& planner, const topo::Cluster& cluster)
    : spec_(spec), model_(model), cost_(cost), planner_(planner), cluster_(cluster) {
  input_bytes_per_sample_ = input_bytes_per_sample(spec, model);
}

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
      throw deepest_field(spec_.root, key).error(e.what());
    } catch (const std::invalid_argument& e) {
      throw deepest_field(spec_.root, "collective.algorithm").error(e.what());
    }
  } catch (const ScenarioError& e) {
    throw attribute_to_override(spec_.path, spec_.overrides_applied, e);
  }
}

std::optional<double> StrategyBuilder::closed_form_peak(const std::vector<int>& ranks, long long batch) const {
  const std::string& name = choice_.strategy.empty() ? spec_.strategy : choice_.strategy;
  if (name != "megatron" || ranks.size() <= 1) return std::nullopt;
  const StrategyContext ctx{spec_, strategy_config(spec_), choice_, model_, cost_, planner_, cluster_};
  try {
    const MegatronEstimate e = estimate_megatron(model_, cost_, planner_, cluster_, ranks,
                                                 megatron_options(ctx, ranks, step_options(1, batch)));
    if (e.stage_peak_bytes.empty()) return std::nullopt;
    return *std::max_element(e.stage_peak_bytes.begin(), e.stage_peak_bytes.end());
  } catch (const std::invalid_argument&) {
    return std::nullopt;  // the build reports what the layout cannot do
  }
}

StepOptions StrategyBuilder::step_options(int steps, long long batch) const {
  work::Optimizer optim;
  work::parse_optimizer(spec_.optimizer, optim);
  const coll::Algo algo = coll::kAlgoNames.parse(spec_.collective_algorithm).value_or(coll::Algo::automatic);
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
  return common;
}

StepGraph StrategyBuilder::build(const std::vector<int>& ranks, int steps, long long batch) const {
  const StepOptions common = step_options(steps, batch);
  const Strategy& strategy = strategy_named(choice_.strategy.empty() ? spec_.strategy : choice_.strategy);
  const StrategyContext ctx{spec_, strategy_config(spec_), choice_, model_, cost_, planner_, cluster_};
  StepGraph sg = strategy.build(ctx, ranks, common);
  add_input_batch(sg, input_bytes_per_sample_ * static_cast<double>(batch));
  return sg;
}

}  // namespace simtrain::train
