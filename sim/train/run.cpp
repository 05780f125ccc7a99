#include "train/run.hpp"

#include "train/fsdp.hpp"

namespace simtrain::train {

StrategyBuilder::StrategyBuilder(const ScenarioSpec& spec, const work::Model& model, const work::CostModel& cost,
                                 coll::Planner& planner, const topo::Cluster& cluster)
    : spec_(spec), model_(model), cost_(cost), planner_(planner), cluster_(cluster) {}

StepGraph StrategyBuilder::operator()(const std::vector<int>& ranks, int steps, long long batch) const {
  work::Optimizer optim;
  work::parse_optimizer(spec_.optimizer, optim);
  const coll::Algo algo = spec_.collective_algorithm == "ring"           ? coll::Algo::ring
                          : spec_.collective_algorithm == "tree"         ? coll::Algo::tree
                          : spec_.collective_algorithm == "hierarchical" ? coll::Algo::hierarchical
                                                                         : coll::Algo::automatic;
  const std::string strategy = strategy_override_.empty() ? spec_.strategy : strategy_override_;
  if (strategy == "ddp") {
    DdpOptions d;
    d.bucket_bytes = spec_.bucket_mb * 1048576.0;
    d.grad_accumulation = static_cast<int>(spec_.grad_accumulation);
    d.steps = steps;
    d.batch_per_gpu = batch;
    d.optimizer = optim;
    d.algo = algo;
    d.ring_order_auto = spec_.ring_order == "auto";
    d.gradient_as_bucket_view = spec_.gradient_as_bucket_view;
    d.data = data_;
    d.software = software_;
    return build_ddp(model_, cost_, planner_, ranks, d);
  }
  FsdpOptions f;
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
  f.grad_accumulation = static_cast<int>(spec_.grad_accumulation);
  f.steps = steps;
  f.batch_per_gpu = batch;
  f.optimizer = optim;
  f.algo = algo;
  f.ring_order_auto = spec_.ring_order == "auto";
  f.data = data_;
  f.software = software_;
  return build_fsdp(model_, cost_, planner_, cluster_, ranks, f);
}

}  // namespace simtrain::train
