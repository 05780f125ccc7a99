// The strategy table: every training strategy a scenario can name, the YAML block
// of options each reads, parsed into typed options with errors at their keys, and the
// function that builds its step graph. The scenario grammar (scenario_keys(), the strategy
// names, the block parsers) comes from this table, so `describe`, `--set`, `sweep` and the
// loader see the same keys; the memory search's candidates are listed beside it. Adding a
// strategy is an entry in strategies() and, if it has options, a block in option_blocks().
//
//   strategy   block      builds with
//   ddp        ddp:       build_ddp (train/ddp.hpp)
//   fsdp       fsdp:      build_fsdp with the block's sharding (train/fsdp.hpp)
//   zero1/2/3  fsdp:      build_fsdp with ZeRO-1 / SHARD_GRAD_OP / FULL_SHARD
//   megatron   parallel:  build_megatron (train/megatron.hpp)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenario/scenario.hpp"
#include "train/ddp.hpp"
#include "train/fsdp.hpp"
#include "train/megatron.hpp"

namespace simtrain::topo {
class Cluster;
}

namespace simtrain::train {

// ddp: (PyTorch DistributedDataParallel).
struct DdpConfig {
  double bucket_bytes = 25.0 * 1048576;  // bucket_cap_mb
  bool gradient_as_bucket_view = false;
  bool static_graph = false;  // accepted; no effect on time or memory here
};

// fsdp: (strategies fsdp, zero1, zero2, zero3): FsdpOptions' own fields (its StepOptions part
// is filled when the step is built), the dtypes left to the precision when not given.
struct FsdpConfig {
  FsdpOptions options;
  std::optional<work::Precision> param_dtype, reduce_dtype;
};

// parallel: (strategy megatron): MegatronOptions' own fields with the mesh's tp, pp, cp and ep;
// its dp follows from the GPUs when the step is built.
struct ParallelConfig {
  MegatronOptions options;
  int dp = 0;                  // as given (0: the GPUs left)
  std::optional<Field> field;  // the block, for errors about its degrees
};

// Every block as parsed (defaults where absent): a what-if that switches the strategy with
// --set keeps the other blocks for when it is switched back.
struct StrategyConfig {
  DdpConfig ddp;
  FsdpConfig fsdp;
  ParallelConfig parallel;
  // activation_checkpointing / activation_offload, every strategy's (the root keys, or the
  // fsdp: block's older spelling), and the key path each was given at ("": not given).
  Checkpointing checkpointing;
  std::string checkpointing_key, offload_key;
  // A --set strategy=X that leaves the file's strategy block behind (strategy.cpp,
  // carry_strategy_change): what it carried across ("carried: ...") and which of the block's
  // keys the new strategy does not read ("not read by fsdp: parallel.tp, ..."), for the report.
  std::vector<std::string> strategy_change;
};

// The scenario's typed strategy options (filled by load_scenario; throws std::logic_error for
// a spec that did not come from it).
const StrategyConfig& strategy_config(const ScenarioSpec& spec);

// A block of options, read by some strategies.
struct OptionBlock {
  std::string name;                  // the YAML key: "fsdp"
  std::vector<KeyInfo> keys;         // its keys, as dotted paths ("fsdp.sharding")
  std::vector<std::string> readers;  // the strategies that read it
  std::string misplaced;             // the error when it is given under another strategy
  void (*parse)(const Field& block, StrategyConfig& out);
};
const std::vector<OptionBlock>& option_blocks();

// What the StrategyBuilder builds instead of the scenario's own choice (the memory search's
// candidates): another strategy, another FSDP sharding, checkpointing on every block or none.
struct StrategyChoice {
  std::string strategy;               // "": the scenario's
  std::optional<Sharding> sharding;   // strategy fsdp: instead of the block's
  std::optional<bool> checkpointing;  // every repeated block (true) or none (false), no offload
};

struct StrategyContext {
  const ScenarioSpec& spec;
  const StrategyConfig& config;
  const StrategyChoice& choice;
  const work::Model& model;
  const work::CostModel& cost;
  coll::Planner& planner;
  const topo::Cluster& cluster;
};

struct Strategy {
  std::string name;
  std::string note;  // shown after the name in `describe` ("" : none)
  StepGraph (*build)(const StrategyContext&, const std::vector<int>& ranks, const StepOptions& common);
};
const std::vector<Strategy>& strategies();
// The megatron strategy's options for these ranks (its parallel block with the step's common
// options; OptionError where the degrees do not divide the GPUs): what it builds, and what the
// closed forms (megatron.hpp estimate_megatron) judge.
MegatronOptions megatron_options(const StrategyContext& ctx, const std::vector<int>& ranks, const StepOptions& common);
const Strategy& strategy_named(const std::string& name);  // std::invalid_argument if none

// Every scenario key in `describe`'s order: the general keys, the strategy blocks' after
// "strategy" (whose meaning lists the strategies).
const KeyTable& scenario_keys();
const ScenarioGrammar& scenario_grammar();

// The FSDP sharding as a scenario writes it ("full_shard").
const char* sharding_key(Sharding s);

// The memory search's candidates (`simtrain memory`): the scenario's own choice first, then
// every data-parallel strategy and sharding (hybrid sharding on more than one node).
struct MemoryCandidate {
  std::string label;
  StrategyChoice choice;
  bool own = false;  // the scenario as it is
};
std::vector<MemoryCandidate> memory_candidates(const ScenarioSpec& spec, bool multi_node);
// Whether `choice` builds exactly the scenario's own configuration (searched once).
bool same_as_scenario(const ScenarioSpec& spec, const StrategyChoice& choice);

}  // namespace simtrain::train

namespace simtrain {

// Loads a scenario with the strategy table's grammar (scenario/scenario.hpp parse_scenario):
// every key checked, the strategy blocks parsed into spec.strategy_config.
ScenarioSpec load_scenario(const std::string& path, const std::vector<std::string>& overrides);

}  // namespace simtrain
