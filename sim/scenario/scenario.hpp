// Scenarios: what a user runs (`simtrain SCENARIO.yaml`). A scenario names a system, a
// model, a batch, a precision, an optimizer, a strategy with its options, and the steps to
// simulate; `--set key.path=value` overrides any of them. Every key is in one table (key,
// meaning, unit, default) that drives validation, `--set`, `sweep` and `simtrain describe`;
// unknown keys and unknown --set paths are errors. `--set system.<path>=v` and
// `--set catalog.<path>=v` (and sweeps of them) reach the values of the system file and the
// catalog instead, by their key paths there (scenario/file_override.hpp).
//
// This layer knows the keys every scenario has (general_scenario_keys()). The strategies'
// blocks (ddp:, fsdp:, parallel:) belong to the strategies: the strategy table
// (train/strategy.hpp) adds their keys to the grammar, parses them into typed options and
// loads scenarios with it (simtrain::load_scenario there).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scenario/cost_spec.hpp"
#include "scenario/file_override.hpp"
#include "scenario/run_spec.hpp"
#include "scenario/yaml_doc.hpp"

namespace simtrain {
namespace train {
struct StrategyConfig;  // train/strategy.hpp
}

struct KeyInfo {
  std::string path;     // dotted: "ddp.bucket_mb"
  std::string meaning;
  std::string unit;     // "" for plain values
  std::string default_value;
};
// A table of keys, in the order `describe` lists them.
struct KeyTable {
  std::vector<KeyInfo> keys;
  bool has(const std::string& path) const;
  std::vector<std::string> names() const;
  // The next path component under `prefix` ("" : the top-level keys), sorted.
  std::vector<std::string> children(const std::string& prefix) const;
};
// The keys of every scenario, whatever its strategy. "strategy"'s meaning and the strategy
// blocks' keys come from the strategy table.
const std::vector<KeyInfo>& general_scenario_keys();

struct ScenarioSpec;
// What parse_scenario checks a scenario against: every key, the strategy names, and the
// parser of the strategy blocks (called with `strategy_overridden`: a --set changed the
// strategy, so a block of another strategy is kept for a what-if rather than refused).
struct ScenarioGrammar {
  KeyTable keys;
  std::vector<std::string> strategies;
  std::function<void(ScenarioSpec&, bool strategy_overridden)> parse_strategy_blocks;
  // The system file's keys (topo/cluster.hpp), for system.* overrides of an inline `system:`.
  const FileSchema* system_schema = nullptr;
  // The names of keys whose values are enums of the parts above this one, from their tables
  // (base/enum_names.hpp): collective.algorithm's (coll::kAlgoNames), precision's
  // (work::kPrecisionNames), optimizer's (work::kOptimizerNames), sequences.batching's
  // (work::kBatchingNames).
  std::vector<std::string> collective_algorithms, precisions, optimizers, batchings;
};

struct ScenarioSpec {
  // Fields that name things start out pointing at the scenario's root.
  ScenarioSpec(std::string path_, std::shared_ptr<const YamlDoc> doc_, const Field& root_)
      : path(std::move(path_)), doc(std::move(doc_)), root(root_), system_field(root_), model_field(root_) {}

  std::string path;  // the scenario file
  std::string name;
  std::shared_ptr<const YamlDoc> doc;
  Field root;        // the scenario (with overrides applied)

  // Resolved references (files), with the Field that named them for errors.
  std::string system_path;
  std::optional<Field> system_inline;  // `system:` given as a mapping
  Field system_field;
  std::string model_ref;
  Field model_field;
  // `catalog:` resolved: files whose entries extend the shipped catalog (topo/catalog.hpp).
  std::vector<std::string> catalog_extensions;

  int nodes = 1;
  int gpus_per_node = 0;  // 0 = all of the system's
  long long batch_per_gpu = 0;
  std::string calibration_path;          // `calibration:` resolved ("" = none)
  // A calibration held in memory, used in place of calibration_path's file (calibrate
  // --profile's rounds: the fit is never written to a scratch file).
  std::shared_ptr<const YamlDoc> calibration_doc;
  std::optional<Field> calibration_field;
  std::string software = "pytorch_eager";  // a profile of topologies/software.yaml
  std::optional<Field> software_field;
  int flash_attention = -1;  // -1: as the model file says
  std::optional<Field> flash_attention_field;
  // Sequence lengths (work/sequences.hpp): `seq_len` replaces the model file's; `sequences:`
  // says how long the samples really are and how the loader batches them.
  long long seq_len = 0;  // 0: the model file's
  std::optional<Field> seq_len_field;
  double mean_length = 0;           // 0: every sample fills seq_len
  std::string batching = "padded";  // padded | binned | packed
  long long bin_width = 0;
  std::optional<Field> sequences_field;
  std::string precision, optimizer, strategy;
  // `finetune:` (work/finetune.hpp parses it and applies it to the model); absent: full training.
  std::optional<Field> finetune_field;
  long long grad_accumulation = 1;
  // The strategy blocks (ddp:, fsdp:, parallel:) as typed options, parsed by the strategy
  // table (train/strategy.hpp: strategy_config(spec) reads them).
  std::shared_ptr<const train::StrategyConfig> strategy_config;
  std::string collective_algorithm = "auto", ring_order = "auto";
  long long steps = 3, warmup_steps = 1;
  // Energy and cost: each unset figure falls back to a quote of `prices:`, the system file
  // (node overhead, node price) or the catalog's price list (GPU prices, electricity, life,
  // discounts); see scenario/cost_spec.hpp (what is given) and train/cost_of_run.hpp (which wins).
  std::optional<double> node_overhead_w;   // per node, beyond its GPUs (CPUs, NICs, fans, storage)
  double pue = 1.0;
  std::optional<double> electricity_per_kwh;  // USD
  CostSpec cost;                              // `cost:` and `prices:`
  std::string cost_basis = "rent";            // the headline cost: rent | own
  RunSpec run;                                // the run the per-run figures describe (`run:`; none by default)

  std::optional<Field> data_field;  // `data:` (the data pipeline), parsed by sim/data
  // `sweep:` (for `simtrain sweep`): key paths to lists of values; a run ignores it. The keys
  // and the shape are checked here, the values by the sweep (sim/drive/sweep.hpp).
  std::optional<Field> sweep_field;
  // `advise:` (for `simtrain advise`): the systems, node counts and strategies to search, the
  // deadline and the budget; a run ignores it. Parsed by drive/advise.hpp.
  std::optional<Field> advise_field;

  std::vector<std::string> overrides_applied;  // "key=value", echoed in reports (system.* and catalog.* too)
  // --set system.* and catalog.*: applied where the system is loaded (topo::load_scenario_system).
  // An inline `system:` has its system.* ones written into it by parse_scenario.
  HardwareOverrides hardware;
};

// Loads a scenario, applies `--set` overrides ("key.path=value"), validates every key
// against `grammar`. Most callers want simtrain::load_scenario (train/strategy.hpp), which
// passes the strategy table's grammar.
ScenarioSpec parse_scenario(const std::string& path, const std::vector<std::string>& overrides,
                            const ScenarioGrammar& grammar);

// The keys every kind of scenario shares, for a kind other than training (a serving scenario,
// serve/serve_spec.hpp): loads the file, applies the `--set` overrides against `table` (every key
// of that kind), checks the top-level keys against it, and reads name, system, catalog, nodes,
// gpus_per_node, energy.*, cost.* and prices.* as parse_scenario does. The kind's own block is
// left in `root` for its parser. Errors about overridden values name the override.
ScenarioSpec parse_scenario_shell(const std::string& path, const std::vector<std::string>& overrides,
                                  const KeyTable& table, const FileSchema* system_schema);

// An error about an overridden value has no place in the file: it names the override
// ("--set model=resnet51") instead. `applied` is ScenarioSpec::overrides_applied; errors in
// other files than the scenario are returned as they are.
ScenarioError attribute_to_override(const std::string& scenario_path, const std::vector<std::string>& applied,
                                    const ScenarioError& e);

// A `catalog:` value (a scenario's or a system file's) -- one file or a list of files, relative
// to `naming_file` -- as paths to read as catalog extensions (topo/catalog.hpp); a file that
// does not exist is an error at its name.
std::vector<std::string> catalog_extension_files(const Field& value, const std::string& naming_file);

}  // namespace simtrain
