#include "train/run.hpp"

#include "train/fsdp.hpp"
#include "train/megatron.hpp"

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
      throw field_at(spec_.root, e.key()).error(e.what());
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
  const std::string strategy = strategy_override_.empty() ? spec_.strategy : strategy_override_;
  if (strategy == "megatron") return build_megatron_from_spec(ranks, common);
  if (strategy == "ddp") {
    DdpOptions d;
    static_cast<StepOptions&>(d) = common;
    d.bucket_bytes = spec_.bucket_mb * 1048576.0;
    d.gradient_as_bucket_view = spec_.gradient_as_bucket_view;
    return build_ddp(model_, cost_, planner_, ranks, d);
  }
  FsdpOptions f;
  static_cast<StepOptions&>(f) = common;
  const std::string sharding = sharding_override_.empty() ? spec_.fsdp_sharding : sharding_override_;
  f.sharding = strategy == "zero1"   ? Sharding::zero1
               : strategy == "zero2" ? Sharding::shard_grad_op
               : strategy == "zero3" ? Sharding::full_shard
               : sharding == "shard_grad_op" ? Sharding::shard_grad_op
               : sharding == "hybrid_shard"  ? Sharding::hybrid_shard
               : sharding == "no_shard"      ? Sharding::no_shard
                                             : Sharding::full_shard;
  if (spec_.fsdp_wrap == "list") f.unit_starts = spec_.fsdp_wrap_list;
  if (spec_.fsdp_wrap == "every_n_layers") f.every_n_blocks = spec_.fsdp_every_n;
  f.per_linear = spec_.fsdp_wrap == "per_linear";
  f.backward_prefetch = spec_.fsdp_backward_prefetch == "post"   ? BackwardPrefetch::post
                        : spec_.fsdp_backward_prefetch == "none" ? BackwardPrefetch::none
                                                                 : BackwardPrefetch::pre;
  f.forward_prefetch = spec_.fsdp_forward_prefetch;
  f.limit_all_gathers = spec_.fsdp_limit_all_gathers;
  auto dtype = [&](const std::string& s) {
    if (s == "fp32") return work::Precision::fp32;
    if (s == "fp16") return work::Precision::fp16;
    if (s == "bf16") return work::Precision::bf16;
    return cost_.precision();
  };
  f.param_dtype = dtype(spec_.fsdp_param_dtype);
  f.reduce_dtype = dtype(spec_.fsdp_reduce_dtype);
  f.activation_checkpointing = checkpoint_override_ >= 0 ? checkpoint_override_ == 1 : spec_.fsdp_activation_checkpointing;
  f.cpu_offload = spec_.fsdp_cpu_offload;
  f.activation_offload = spec_.fsdp_activation_offload;
  f.checkpoint_fraction = checkpoint_override_ >= 0 ? 1.0 : spec_.fsdp_checkpoint_fraction;
  f.shard_group_size = spec_.fsdp_shard_group_size;
  f.sync_each_microbatch = spec_.fsdp_sync_each_microbatch;
  return build_fsdp(model_, cost_, planner_, cluster_, ranks, f);
}

StepGraph StrategyBuilder::build_megatron_from_spec(const std::vector<int>& ranks, const StepOptions& common) const {
  const ScenarioSpec::Parallel& ps = spec_.parallel;
  MegatronOptions o;
  static_cast<StepOptions&>(o) = common;
  // One GPU (the run's single-GPU baseline) holds the whole model: no parallelism to map.
  if (ranks.size() > 1) {
    o.mesh.tp = ps.tp;
    o.mesh.pp = ps.pp;
    o.mesh.cp = ps.cp;
    o.mesh.ep = ps.ep;
    o.virtual_stages = ps.virtual_stages;
    parse_pipe_schedule(ps.schedule, o.schedule);
  } else {
    o.schedule = PipeSchedule::gpipe;
  }
  const long long rest = static_cast<long long>(o.mesh.tp) * o.mesh.pp * o.mesh.cp;
  o.mesh.dp = static_cast<int>(std::max<long long>(1, static_cast<long long>(ranks.size()) / rest));
  o.sequence_parallel = ps.sequence_parallel && o.mesh.tp > 1;
  parse_recompute(ps.recompute, o.recompute);
  o.distributed_optimizer = ps.distributed_optimizer;
  o.overlap_grad_reduce = ps.overlap_grad_reduce;
  o.expert_imbalance = ps.expert_imbalance;
  auto given = [&] {  // the degree the user set, for an error about their product
    for (const char* k : {"pp", "tp", "cp"})
      if (spec_.parallel_field && spec_.parallel_field->has(k)) return std::string("parallel.") + k;
    return std::string("parallel.tp");
  };
  if (ranks.size() > 1 && rest * o.mesh.dp != static_cast<long long>(ranks.size()))
    throw OptionError(given(), "tp x pp x cp = " + std::to_string(rest) + " does not divide the job's " +
                                   std::to_string(ranks.size()) + " GPUs");
  if (ranks.size() > 1 && ps.dp > 0 && ps.dp != o.mesh.dp)
    throw OptionError("parallel.dp", "dp = " + std::to_string(ps.dp) + ", but the job's " + std::to_string(ranks.size()) +
                                         " GPUs / (tp x pp x cp = " + std::to_string(rest) +
                                         ") = " + std::to_string(o.mesh.dp));
  return build_megatron(model_, cost_, planner_, cluster_, ranks, o);
}

}  // namespace simtrain::train
