#include "train/strategy.hpp"
#include "scenario/limits.hpp"

#include <algorithm>
#include <stdexcept>

#include "coll/collective.hpp"
#include "topo/cluster.hpp"
#include "work/cost.hpp"
#include "work/sequences.hpp"

namespace simtrain::train {

namespace {

// --- the blocks: keys and parsers ---

const std::vector<KeyInfo>& parallel_keys() {
  static const std::vector<KeyInfo> keys = {
      {"parallel.tp", "megatron: tensor-parallel degree (ranks sharing every layer; inside a node first)", "", "1"},
      {"parallel.pp", "megatron: pipeline stages", "", "1"},
      {"parallel.cp", "megatron: context-parallel degree (the sequence split across ranks)", "", "1"},
      {"parallel.ep", "megatron: expert-parallel degree (divides dp)", "", "1"},
      {"parallel.dp", "megatron: data-parallel degree; must equal GPUs / (tp pp cp)", "", "GPUs / (tp pp cp)"},
      {"parallel.sequence_parallel", "megatron: shard norms and dropout along the sequence over the TP group (all-reduces become reduce-scatter + all-gather)", "", "false"},
      {"parallel.schedule", "megatron: pipeline schedule gpipe | 1f1b | interleaved (virtual_stages > 1); micro-batches per step = grad_accumulation, each of batch_per_gpu samples per data-parallel replica", "", "1f1b"},
      {"parallel.virtual_stages", "megatron: model chunks per pipeline stage (interleaved schedule)", "", "1"},
      {"parallel.recompute", "megatron: activation recomputation none | selective (attention's s^2 part) | full (every block's forward)", "", "none"},
      {"parallel.distributed_optimizer", "megatron: optimizer state and fp32 master weights sharded over the data-parallel ranks (ZeRO-1): gradients reduce-scattered, parameters all-gathered", "", "false"},
      {"parallel.expert_imbalance", "megatron, MoE: tokens routed to the busiest expert-parallel rank over the average (>= 1; 1 = balanced routing)", "", "1"},
      {"parallel.overlap_grad_reduce", "megatron: reduce each gradient bucket (whole blocks of at least bucket_size parameters) during the last micro-batch's backward, else each model chunk's after it. Default as Megatron-Core's DistributedDataParallelConfig (NeMo and Megatron-Bridge recipes set true)", "", "false"},
      {"parallel.overlap_param_gather", "megatron, distributed optimizer: all-gather the updated parameters bucket by bucket after the optimizer, beside the next step's forwards, each block's first forward waiting only for its bucket (else one all-gather the next step waits for whole). Default as Megatron-Core's DistributedDataParallelConfig (NeMo and Megatron-Bridge recipes set true)", "", "false"},
      {"parallel.tp_comm_overlap", "megatron, tp > 1 with sequence_parallel: TransformerEngine userbuffers run the transformer layers' TP all-gathers and reduce-scatters in chunks beside their GEMMs, taking SMs from them (methods, chunks and SMs per layer: topologies/megatron_core.yaml, from NeMo's H100 userbuffers config). Default as Megatron-Core's TransformerConfig (NeMo and Megatron-Bridge H100 recipes set true)", "", "false"},
      {"parallel.bucket_size", "megatron: parameters per gradient bucket (Megatron-LM --ddp-bucket-size)", "parameters", "max(40M, 1M x dp x cp): Megatron-Core's DistributedDataParallelConfig (topologies/megatron_core.yaml)"},
      {"parallel.grad_dtype", "megatron: dtype the main gradients accumulate and are reduced in: fp32 | bf16 | fp16 (NeMo's grad_sync_dtype, Megatron-LM's --grad-reduce-in-bf16)", "", "fp32 under bf16 and fp32, fp16 under fp16"},
      {"parallel.fsdp", "megatron: fully sharded data parallelism over the data x context ranks, composed with tp, pp, cp (torchtitan's 2-D/3-D, metaseq's FSDP + TP): none | shard_grad_op (each block gathered once per step and kept, as Llama 3) | full_shard (gathered before every block's forward and backward, ZeRO-3); shards weights, gradients and optimizer state, reduce-scatters each block's gradients", "", "none"},
  };
  return keys;
}

const std::vector<KeyInfo>& fsdp_keys() {
  static const std::vector<KeyInfo> keys = {
      {"fsdp.sharding", kShardingNames.choices(" | ", " | "), "", "full_shard"},
      {"fsdp.wrap", "per_block | every_n_layers | per_linear | a list of block indices that start a unit", "", "per_block"},
      {"fsdp.every_n_layers", "blocks per unit with wrap: every_n_layers", "", "1"},
      {"fsdp.backward_prefetch", kBackwardPrefetchNames.choices(" | ", " | "), "", "pre"},
      {"fsdp.forward_prefetch", "issue the next unit's all-gather before this unit's forward", "", "false"},
      {"fsdp.limit_all_gathers", "at most two gathered units ahead of compute", "", "true"},
      {"fsdp.mixed_precision.param_dtype", "dtype of gathered parameters: fp32 | bf16 | fp16", "", "from precision"},
      {"fsdp.mixed_precision.reduce_dtype", "dtype of gradient reduction: fp32 | bf16 | fp16", "", "from precision"},
      {"fsdp.mixed_precision.buffer_dtype", "dtype of buffers (no effect on time or memory here)", "", "from precision"},
      {"fsdp.activation_checkpointing", "the same setting as activation_checkpointing (kept for FSDP files; it applies whatever the strategy)", "", "false"},
      {"fsdp.activation_offload", "the same setting as activation_offload (kept for FSDP files)", "", "false"},
      {"fsdp.cpu_offload", "parameter shards, gradient shards and optimizer state in host memory", "", "false"},
      {"fsdp.shard_group_size", "HYBRID_SHARD: GPUs per shard group", "", "GPUs per node"},
      {"fsdp.sync_each_microbatch", "reduce-scatter on every micro-batch (else no_sync until the last)", "", "false"},
  };
  return keys;
}

// Keys of every strategy, beside the blocks.
const std::vector<KeyInfo>& common_strategy_keys() {
  static const std::vector<KeyInfo> keys = {
      {"activation_checkpointing", "every strategy: checkpoint every repeated block (true), or a fraction of them (0.5: every other): keep its input, recompute its forward in backward (megatron: as parallel.recompute: full; a fraction recomputes the first share of each model chunk's blocks, Megatron's --recompute-method block)", "", "false"},
      {"activation_offload", "fsdp and zero: checkpointed block inputs to host memory between forward and backward (needs activation_checkpointing)", "", "false"},
  };
  return keys;
}

const std::vector<KeyInfo>& ddp_keys() {
  static const std::vector<KeyInfo> keys = {
      {"ddp.bucket_mb", "gradient bucket size (PyTorch bucket_cap_mb)", "MiB", "25"},
      {"ddp.gradient_as_bucket_view", "gradients are views into the buckets (saves one copy of the gradients)", "", "false"},
      {"ddp.static_graph", "the graph is static (PyTorch static_graph)", "", "false"},
  };
  return keys;
}

// The keys of `block` directly under `prefix` (for check_keys).
std::vector<std::string> children_of(const std::vector<KeyInfo>& keys, const std::string& prefix) {
  KeyTable t{keys};
  return t.children(prefix);
}

int degree(const Field& block, const char* key, int fallback) {
  auto f = block.get(key);
  if (!f) return fallback;
  const long long v = f->as_int_at_least(1);
  if (v > 65536) throw f->error("expected a degree of at most 65536");
  return static_cast<int>(v);
}

std::optional<work::Precision> dtype_of(const Field& f) {
  const std::string s = f.as_choice({"fp32", "bf16", "fp16"});
  if (s == "fp32") return work::Precision::fp32;
  if (s == "fp16") return work::Precision::fp16;
  return work::Precision::bf16;
}

// Megatron-Core's overlaps (train/megatron_overlap.hpp), refused where Megatron-LM's argument
// checks refuse them.
void parse_overlaps(const Field& pb, MegatronOptions& o) {
  if (auto f = pb.get("overlap_param_gather")) {
    o.overlap_param_gather = f->as_bool();
    if (o.overlap_param_gather && !o.distributed_optimizer && o.fsdp == DataSharding::none)
      throw f->error("overlap_param_gather gathers the distributed optimizer's shards: it needs distributed_optimizer: true");
  }
  if (auto f = pb.get("tp_comm_overlap")) {
    o.tp_comm_overlap = f->as_bool();
    if (o.tp_comm_overlap && o.mesh.tp > 1 && !o.sequence_parallel)
      throw f->error("TransformerEngine's TP overlap works on sequence-parallel all-gathers and reduce-scatters: it needs sequence_parallel: true");
  }
  if (auto f = pb.get("bucket_size")) o.bucket_params = static_cast<double>(f->as_int_in(1000, 1000000000000LL));
}

void parse_parallel(const Field& pb, StrategyConfig& out) {
  pb.check_keys(children_of(parallel_keys(), "parallel"));
  ParallelConfig& c = out.parallel;
  MegatronOptions& o = c.options;
  o.mesh.tp = degree(pb, "tp", 1);
  o.mesh.pp = degree(pb, "pp", 1);
  o.mesh.cp = degree(pb, "cp", 1);
  o.mesh.ep = degree(pb, "ep", 1);
  c.dp = degree(pb, "dp", 0);
  if (auto f = pb.get("virtual_stages")) {
    const long long v = f->as_int_at_least(1);
    if (v > 1024) throw f->error("expected at most 1024 model chunks per stage");
    o.virtual_stages = static_cast<int>(v);
  }
  if (auto f = pb.get("sequence_parallel")) o.sequence_parallel = f->as_bool();
  if (auto f = pb.get("schedule")) o.schedule = f->as_enum(kPipeScheduleNames);
  if (auto f = pb.get("recompute")) o.recompute = f->as_enum(kRecomputeNames);
  if (auto f = pb.get("distributed_optimizer")) o.distributed_optimizer = f->as_bool();
  if (auto f = pb.get("overlap_grad_reduce")) o.overlap_grad_reduce = f->as_bool();
  if (auto f = pb.get("grad_dtype")) o.grad_dtype = dtype_of(*f);
  if (auto f = pb.get("fsdp")) o.fsdp = f->as_enum(kDataShardingNames);
  parse_overlaps(pb, o);
  if (auto f = pb.get("expert_imbalance")) {
    o.expert_imbalance = f->as_number();
    if (!(o.expert_imbalance >= 1 && o.expert_imbalance <= 1000))
      throw f->error("expected the busiest rank's tokens over the average: a number from 1 to 1000");
  }
  if (o.schedule == PipeSchedule::interleaved && o.virtual_stages < 2)
    throw (pb.has("schedule") ? pb.at("schedule") : pb).error("the interleaved schedule needs virtual_stages of at least 2");
  if (o.schedule != PipeSchedule::interleaved && o.virtual_stages > 1)
    throw pb.at("virtual_stages").error("virtual stages run under schedule: interleaved");
  c.field = pb;
}


// activation_checkpointing: true, false, or the fraction of the blocks (0 < p <= 1).
void parse_checkpointing(const Field& f, Checkpointing& o) {
  const std::string v = f.as_string();
  if (v == "true" || v == "false") {
    o.on = f.as_bool();
    o.fraction = 1;
    return;
  }
  const char* expected =
      "expected true, false or the fraction of blocks to checkpoint (0 < p <= 1; 0.5 checkpoints every other block)";
  double p = 0;
  try {
    p = f.as_number();
  } catch (const ScenarioError&) {
    throw f.error(expected);
  }
  if (!(p > 0 && p <= 1)) throw f.error(expected);
  o.on = true;
  o.fraction = p;
}

// The checkpointing keys at `f` (the scenario's root, or the fsdp: block's older spelling):
// the second place that gives one must agree with the first.
void parse_checkpointing_at(const Field& f, const std::string& prefix, StrategyConfig& out) {
  for (const char* key : {"activation_checkpointing", "activation_offload"}) {
    auto k = f.get(key);
    if (!k) continue;
    Checkpointing c = out.checkpointing;
    if (std::string(key) == "activation_offload") c.offload = k->as_bool();
    else parse_checkpointing(*k, c);
    const std::string path = prefix + key;
    std::string& given = std::string(key) == "activation_offload" ? out.offload_key : out.checkpointing_key;
    if (!given.empty() && (c.on != out.checkpointing.on || c.fraction != out.checkpointing.fraction ||
                           c.offload != out.checkpointing.offload))
      throw k->key_error(path + " disagrees with " + given + ": give the setting once (" +
                         std::string(key) + " applies to every strategy)");
    out.checkpointing = c;
    given = path;
  }
}

void parse_fsdp(const Field& fs, StrategyConfig& out) {
  fs.check_keys(children_of(fsdp_keys(), "fsdp"));
  FsdpConfig& c = out.fsdp;
  FsdpOptions& o = c.options;
  if (auto f = fs.get("sharding")) o.sharding = f->as_enum(kShardingNames);
  std::string wrap = "per_block";
  if (auto f = fs.get("wrap")) {
    if (f->is_sequence()) {
      wrap = "list";
      for (const Field& i : f->items()) o.unit_starts.push_back(static_cast<int>(i.as_int_in(0, limits::max_layers)));
      std::sort(o.unit_starts.begin(), o.unit_starts.end());
    } else {
      wrap = f->as_choice({"per_block", "every_n_layers", "per_linear"});
    }
  }
  int every_n = 1;
  if (auto f = fs.get("every_n_layers")) every_n = static_cast<int>(f->as_int_in(1, limits::max_layers));
  if (wrap == "every_n_layers") o.every_n_blocks = every_n;
  o.per_linear = wrap == "per_linear";
  if (auto f = fs.get("backward_prefetch")) o.backward_prefetch = f->as_enum(kBackwardPrefetchNames);
  if (auto f = fs.get("forward_prefetch")) o.forward_prefetch = f->as_bool();
  if (auto f = fs.get("limit_all_gathers")) o.limit_all_gathers = f->as_bool();
  if (auto mp = fs.get("mixed_precision")) {
    mp->check_keys(children_of(fsdp_keys(), "fsdp.mixed_precision"));
    if (auto f = mp->get("param_dtype")) c.param_dtype = dtype_of(*f);
    if (auto f = mp->get("reduce_dtype")) c.reduce_dtype = dtype_of(*f);
    if (auto f = mp->get("buffer_dtype")) (void)dtype_of(*f);
  }
  parse_checkpointing_at(fs, "fsdp.", out);
  if (auto f = fs.get("cpu_offload")) o.cpu_offload = f->as_bool();
  if (auto f = fs.get("shard_group_size")) o.shard_group_size = static_cast<int>(f->as_int_in(1, limits::max_parallel_degree));
  if (auto f = fs.get("sync_each_microbatch")) o.sync_each_microbatch = f->as_bool();
}

void parse_ddp(const Field& d, StrategyConfig& out) {
  d.check_keys(children_of(ddp_keys(), "ddp"));
  DdpConfig& c = out.ddp;
  if (auto f = d.get("bucket_mb")) {
    const double mb = f->as_number();
    if (!(mb > 0)) throw f->error("expected a bucket size > 0 (MiB)");
    c.bucket_bytes = mb * 1048576.0;
  }
  if (auto f = d.get("gradient_as_bucket_view")) c.gradient_as_bucket_view = f->as_bool();
  if (auto f = d.get("static_graph")) c.static_graph = f->as_bool();
}

// --- the strategies' builds ---

StepGraph build_ddp_strategy(const StrategyContext& ctx, const std::vector<int>& ranks, const StepOptions& common) {
  DdpOptions d;
  static_cast<StepOptions&>(d) = common;
  d.bucket_bytes = ctx.config.ddp.bucket_bytes;
  d.gradient_as_bucket_view = ctx.config.ddp.gradient_as_bucket_view;
  if (d.checkpointing.offload)
    throw OptionError(ctx.config.offload_key, "activation_offload is modelled under fsdp and zero1/2/3 (a copy to host "
                                              "memory per FSDP unit); under ddp it is not: run without it, or with strategy: fsdp");
  return build_ddp(ctx.model, ctx.cost, ctx.planner, ranks, d);
}

// FSDP with `sharding` (the block's, or the choice's when it names one), the choice's
// checkpointing over the block's.
StepGraph build_fsdp_sharded(const StrategyContext& ctx, const std::vector<int>& ranks, const StepOptions& common,
                             Sharding sharding) {
  const FsdpConfig& c = ctx.config.fsdp;
  FsdpOptions f = c.options;
  static_cast<StepOptions&>(f) = common;
  f.sharding = sharding;
  f.param_dtype = c.param_dtype.value_or(ctx.cost.precision());
  f.reduce_dtype = c.reduce_dtype.value_or(ctx.cost.precision());
  return build_fsdp(ctx.model, ctx.cost, ctx.planner, ctx.cluster, ranks, f);
}

StepGraph build_fsdp_strategy(const StrategyContext& ctx, const std::vector<int>& ranks, const StepOptions& common) {
  return build_fsdp_sharded(ctx, ranks, common, ctx.choice.sharding.value_or(ctx.config.fsdp.options.sharding));
}
StepGraph build_zero1(const StrategyContext& ctx, const std::vector<int>& ranks, const StepOptions& common) {
  return build_fsdp_sharded(ctx, ranks, common, Sharding::zero1);
}
StepGraph build_zero2(const StrategyContext& ctx, const std::vector<int>& ranks, const StepOptions& common) {
  return build_fsdp_sharded(ctx, ranks, common, Sharding::shard_grad_op);
}
StepGraph build_zero3(const StrategyContext& ctx, const std::vector<int>& ranks, const StepOptions& common) {
  return build_fsdp_sharded(ctx, ranks, common, Sharding::full_shard);
}

// The checkpointing every strategy takes, as Megatron runs it: every block recomputed is
// parallel.recompute: full; a fraction of the blocks is full recomputation of that share of
// each model chunk's blocks (--recompute-method block, train/megatron.hpp); the offload is not
// Megatron's.
void apply_checkpointing(const StrategyContext& ctx, const Checkpointing& c, Recompute& recompute, double& fraction) {
  const std::string& key = ctx.config.checkpointing_key.empty() ? std::string("activation_checkpointing") : ctx.config.checkpointing_key;
  if (c.offload)
    throw OptionError(ctx.config.offload_key, "activation_offload is modelled under fsdp and zero1/2/3; under megatron it is not");
  if (!c.on) return;
  if (recompute == Recompute::selective)
    throw OptionError(key, "activation_checkpointing (every block) disagrees with parallel.recompute: selective: give one");
  recompute = Recompute::full;
  fraction = c.fraction;
}

}  // namespace

MegatronOptions megatron_options(const StrategyContext& ctx, const std::vector<int>& ranks, const StepOptions& common) {
  const ParallelConfig& pc = ctx.config.parallel;
  MegatronOptions o = pc.options;
  static_cast<StepOptions&>(o) = common;
  if (ranks.size() <= 1) {
    // One GPU (the run's single-GPU baseline) holds the whole model: no parallelism to map.
    o.mesh = Mesh{};
    o.virtual_stages = 1;
    o.schedule = PipeSchedule::gpipe;
  }
  const long long rest = static_cast<long long>(o.mesh.tp) * o.mesh.pp * o.mesh.cp;
  o.mesh.dp = static_cast<int>(std::max<long long>(1, static_cast<long long>(ranks.size()) / rest));
  o.sequence_parallel = o.sequence_parallel && o.mesh.tp > 1;
  apply_checkpointing(ctx, common.checkpointing, o.recompute, o.recompute_fraction);
  auto given = [&] {  // the degree the user set (a --set one first), for an error about their product
    for (const char* k : {"pp", "tp", "cp"})
      for (const std::string& a : ctx.spec.overrides_applied)
        if (a.rfind(std::string("parallel.") + k + "=", 0) == 0) return std::string("parallel.") + k;
    for (const char* k : {"pp", "tp", "cp"})
      if (pc.field && pc.field->has(k)) return std::string("parallel.") + k;
    return std::string("parallel.tp");
  };
  if (ranks.size() > 1 && rest * o.mesh.dp != static_cast<long long>(ranks.size()))
    throw OptionError(given(), "tp x pp x cp = " + std::to_string(rest) + " does not divide the job's " +
                                   std::to_string(ranks.size()) + " GPUs");
  if (ranks.size() > 1 && pc.dp > 0 && pc.dp != o.mesh.dp)
    throw OptionError("parallel.dp", "dp = " + std::to_string(pc.dp) + ", but the job's " + std::to_string(ranks.size()) +
                                         " GPUs / (tp x pp x cp = " + std::to_string(rest) +
                                         ") = " + std::to_string(o.mesh.dp));
  return o;
}

namespace {

StepGraph build_megatron_strategy(const StrategyContext& ctx, const std::vector<int>& ranks, const StepOptions& common) {
  return build_megatron(ctx.model, ctx.cost, ctx.planner, ctx.cluster, ranks, megatron_options(ctx, ranks, common));
}

std::vector<std::string> strategy_names() {
  std::vector<std::string> n;
  for (const Strategy& s : strategies()) n.push_back(s.name);
  return n;
}

// "ddp | fsdp | ... | megatron (note)": the strategy key's meaning.
std::string strategy_meaning() {
  std::string m;
  for (const Strategy& s : strategies()) {
    if (!m.empty()) m += " | ";
    m += s.name;
    if (!s.note.empty()) m += " (" + s.note + ")";
  }
  return m;
}

// A strategy changed by --set (or --sweep) where the file names another one and gives its block:
// the same edit in the file is refused (the block would be misplaced), so the what-if must not
// silently drop what the block decides. Recomputation carries across, as a capacity planner
// expects of "the same job under FSDP": Megatron's parallel.recompute: full (every block's
// input kept, the block recomputed) is activation_checkpointing: true; selective (attention's
// s^2 part recomputed) has no counterpart under ddp/fsdp/zero, which recompute whole blocks or
// none, so it is refused unless activation_checkpointing is given. A checkpointing key the
// scenario or a --set gives wins over the carried one. The other keys of a block the new
// strategy does not read (tp, pp, sharding, ...) have no meaning there: listed in the report.
void carry_strategy_change(const ScenarioSpec& spec, StrategyConfig& c) {
  const auto par = spec.root.get("parallel");
  const Recompute r = c.parallel.options.recompute;
  if (spec.strategy != "megatron" && par && par->has("recompute") && r != Recompute::none) {
    const std::string from = std::string("parallel.recompute: ") + recompute_name(r);
    if (!c.checkpointing_key.empty()) {
      c.strategy_change.push_back("not carried: " + from + " (" + c.checkpointing_key + " gives the checkpointing)");
    } else if (r == Recompute::selective) {
      throw spec.root.at("strategy").key_error(
          "strategy " + spec.strategy + " leaves the parallel: block behind, and its recompute: selective (attention's "
          "s^2 part recomputed) has no counterpart under " + spec.strategy +
          ", which recomputes whole blocks or none: add --set activation_checkpointing=true (every block) or =false (none)");
    } else {
      // (checkpointing_key stays empty: no checkpointing key was given, and a search that sets
      // one spells it activation_checkpointing.)
      c.checkpointing = Checkpointing{true, 1.0, false};
      c.strategy_change.push_back("carried: " + from + " as activation_checkpointing: true (every block recomputed in backward)");
    }
  }
  for (const OptionBlock& b : option_blocks()) {
    const auto f = spec.root.get(b.name);
    if (!f || std::find(b.readers.begin(), b.readers.end(), spec.strategy) != b.readers.end()) continue;
    std::string dropped;
    for (const Field& e : f->entries()) {
      const std::string& k = e.key();
      // activation_checkpointing/offload in the fsdp: block apply to every strategy; the
      // recomputation is carried above.
      if (k == "fsdp.activation_checkpointing" || k == "fsdp.activation_offload" || k == "parallel.recompute") continue;
      dropped += (dropped.empty() ? "" : ", ") + k;
    }
    if (!dropped.empty()) c.strategy_change.push_back("not read by " + spec.strategy + ": " + dropped);
  }
}

void parse_strategy_blocks(ScenarioSpec& spec, bool strategy_overridden) {
  auto config = std::make_shared<StrategyConfig>();
  parse_checkpointing_at(spec.root, "", *config);
  for (const OptionBlock& b : option_blocks()) {
    auto f = spec.root.get(b.name);
    if (!f) continue;
    b.parse(*f, *config);
    // A block of another strategy is a mistake in a file, but a what-if from the command line
    // (`--set strategy=ddp` on an FSDP scenario) keeps it for when the strategy is switched back.
    const bool read = std::find(b.readers.begin(), b.readers.end(), spec.strategy) != b.readers.end();
    if (!read && !strategy_overridden) throw f->key_error(b.misplaced);
  }
  if (strategy_overridden) carry_strategy_change(spec, *config);
  if (config->checkpointing.offload && !config->checkpointing.on)
    throw deepest_field(spec.root, config->offload_key)
        .key_error("activation_offload moves the checkpointed block inputs: it needs activation_checkpointing: true");
  spec.strategy_config = std::move(config);
}

}  // namespace

const StrategyConfig& strategy_config(const ScenarioSpec& spec) {
  if (!spec.strategy_config) throw std::logic_error("a scenario without strategy options (not loaded by load_scenario)");
  return *spec.strategy_config;
}

const std::vector<OptionBlock>& option_blocks() {
  static const std::vector<OptionBlock> blocks = {
      {"parallel", parallel_keys(), {"megatron"}, "a `parallel:` block needs `strategy: megatron`", parse_parallel},
      {"fsdp", fsdp_keys(), {"fsdp", "zero1", "zero2", "zero3"},
       "an `fsdp:` block needs `strategy: fsdp` (or zero1/zero2/zero3); with tensor or pipeline parallelism, "
       "FSDP is `parallel.fsdp` under `strategy: megatron`",
       parse_fsdp},
      {"ddp", ddp_keys(), {"ddp"}, "a `ddp:` block needs `strategy: ddp`", parse_ddp},
  };
  return blocks;
}

const std::vector<Strategy>& strategies() {
  static const std::vector<Strategy> table = {
      {"ddp", "", build_ddp_strategy},
      {"fsdp", "", build_fsdp_strategy},
      {"zero1", "", build_zero1},
      {"zero2", "", build_zero2},
      {"zero3", "ZeRO stages map onto FSDP shardings", build_zero3},
      {"megatron", "tensor, pipeline and data parallelism: the parallel block", build_megatron_strategy},
  };
  return table;
}

const Strategy& strategy_named(const std::string& name) {
  for (const Strategy& s : strategies())
    if (s.name == name) return s;
  throw std::invalid_argument("no strategy '" + name + "'");
}

const KeyTable& scenario_keys() {
  static const KeyTable table = [] {
    KeyTable t;
    for (const KeyInfo& k : general_scenario_keys()) {
      t.keys.push_back(k);
      if (k.path == "collective.algorithm")
        t.keys.back().meaning = coll::kAlgoNames.choices(" | ", " | ") +
                                " (the all-reduce's; nvls and nvls_tree where the GPUs' NVSwitch has NVLink SHARP)";
      if (k.path == "precision") t.keys.back().meaning = work::kPrecisionNames.choices(" | ", " | ");
      if (k.path == "optimizer") t.keys.back().meaning = work::kOptimizerNames.choices(" | ", " | ");
      if (k.path != "strategy") continue;
      t.keys.back().meaning = strategy_meaning();
      for (const OptionBlock& b : option_blocks()) t.keys.insert(t.keys.end(), b.keys.begin(), b.keys.end());
      t.keys.insert(t.keys.end(), common_strategy_keys().begin(), common_strategy_keys().end());
    }
    return t;
  }();
  return table;
}

const ScenarioGrammar& scenario_grammar() {
  static const ScenarioGrammar g{scenario_keys(),
                                 strategy_names(),
                                 parse_strategy_blocks,
                                 &topo::system_file_schema(),
                                 coll::kAlgoNames.names(),
                                 work::kPrecisionNames.names(),
                                 work::kOptimizerNames.names(),
                                 work::kBatchingNames.names()};
  return g;
}

const char* sharding_key(Sharding s) { return kShardingNames.c_str(s); }

std::vector<MemoryCandidate> memory_candidates(const ScenarioSpec& spec, bool multi_node) {
  const StrategyConfig& c = strategy_config(spec);
  const std::string own =
      spec.strategy == "fsdp" ? "fsdp " + std::string(sharding_key(c.fsdp.options.sharding)) : spec.strategy;
  std::vector<MemoryCandidate> out = {
      {"this scenario (" + own + ")", {}, true},
      {"ddp", {"ddp", std::nullopt, false}},
      {"ddp + checkpointing", {"ddp", std::nullopt, true}},
      {"zero1", {"zero1", std::nullopt, false}},
      {"fsdp no_shard", {"fsdp", Sharding::no_shard, false}},
      {"fsdp shard_grad_op (zero2)", {"fsdp", Sharding::shard_grad_op, false}},
      {"fsdp full_shard (zero3)", {"fsdp", Sharding::full_shard, false}},
      {"fsdp full_shard + checkpointing", {"fsdp", Sharding::full_shard, true}},
  };
  if (multi_node) out.push_back({"fsdp hybrid_shard", {"fsdp", Sharding::hybrid_shard, false}});
  return out;
}

bool same_as_scenario(const ScenarioSpec& spec, const StrategyChoice& choice) {
  const StrategyConfig& c = strategy_config(spec);
  const bool full_ckpt = c.checkpointing.on && c.checkpointing.fraction >= 1 && !c.checkpointing.offload;
  const bool same_ckpt = choice.checkpointing.value_or(false) ? full_ckpt : !c.checkpointing.on;
  if (choice.strategy == "ddp") return spec.strategy == "ddp" && same_ckpt;
  if (choice.strategy != "fsdp" || spec.strategy != "fsdp" || choice.sharding != c.fsdp.options.sharding) return false;
  return same_ckpt;
}

}  // namespace simtrain::train

namespace simtrain {

ScenarioSpec load_scenario(const std::string& path, const std::vector<std::string>& overrides) {
  return parse_scenario(path, overrides, train::scenario_grammar());
}

}  // namespace simtrain
