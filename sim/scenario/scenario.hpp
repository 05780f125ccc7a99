// Scenarios: what a user runs (`simtrain SCENARIO.yaml`). A scenario names a system, a
// model, a batch, a precision, an optimizer, a strategy with its options, and the steps to
// simulate; `--set key.path=value` overrides any of them. Every key is in one table
// (scenario_keys(): key, meaning, unit, default) that drives validation, `--set` and
// `simtrain describe`; unknown keys and unknown --set paths are errors.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scenario/yaml_doc.hpp"

namespace simtrain {

struct KeyInfo {
  std::string path;     // dotted: "ddp.bucket_mb"
  std::string meaning;
  std::string unit;     // "" for plain values
  std::string default_value;
};
const std::vector<KeyInfo>& scenario_keys();
// The key paths of that table, and whether `path` is one of them.
std::vector<std::string> scenario_key_names();
bool is_scenario_key(const std::string& path);

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

  int nodes = 1;
  int gpus_per_node = 0;  // 0 = all of the system's
  long long batch_per_gpu = 0;
  std::string calibration_path;          // `calibration:` resolved ("" = none)
  std::optional<Field> calibration_field;
  std::string software = "pytorch_eager";  // a profile of topologies/software.yaml
  std::optional<Field> software_field;
  int flash_attention = -1;  // -1: as the model file says
  std::optional<Field> flash_attention_field;
  std::string precision, optimizer, strategy;
  double bucket_mb = 25;
  bool gradient_as_bucket_view = false, static_graph = false;
  long long grad_accumulation = 1;
  // FSDP / ZeRO (strategy fsdp, zero1, zero2, zero3).
  std::string fsdp_sharding = "full_shard";
  std::string fsdp_wrap = "per_block";    // per_block | every_n_layers | per_linear | list
  int fsdp_every_n = 1;
  std::vector<int> fsdp_wrap_list;
  double fsdp_checkpoint_fraction = 1;  // activation_checkpointing: a fraction of the blocks
  std::string fsdp_backward_prefetch = "pre";
  bool fsdp_forward_prefetch = false, fsdp_limit_all_gathers = true;
  std::string fsdp_param_dtype, fsdp_reduce_dtype;  // "" = from precision
  bool fsdp_activation_checkpointing = false, fsdp_cpu_offload = false, fsdp_activation_offload = false, fsdp_sync_each_microbatch = false;
  int fsdp_shard_group_size = 0;
  // Model parallelism (strategy megatron; train/megatron.hpp): the `parallel:` block.
  struct Parallel {
    int tp = 1, pp = 1, cp = 1, ep = 1;
    int dp = 0;  // 0: the GPUs left, gpus / (tp pp cp)
    bool sequence_parallel = false;
    std::string schedule = "1f1b";  // gpipe | 1f1b | interleaved
    int virtual_stages = 1;
    std::string recompute = "none";  // none | selective | full
    bool distributed_optimizer = false, overlap_grad_reduce = false;
    double expert_imbalance = 1.0;
  } parallel;
  std::optional<Field> parallel_field;  // the block, for errors about its degrees
  std::string collective_algorithm = "auto", ring_order = "auto";
  long long steps = 3, warmup_steps = 1;
  // Energy and cost.
  double node_overhead_w = 0;   // per node, beyond its GPUs (CPUs, NICs, fans, storage)
  double pue = 1.0;
  double electricity_per_kwh = 0;  // USD
  double gpu_hour_price = 0;       // USD per GPU-hour
  long long run_steps = 0;         // the run the per-run figures describe (0: none)

  std::optional<Field> data_field;  // `data:` (the data pipeline), parsed by sim/data
  // `sweep:` (for `simtrain sweep`): key paths to lists of values; a run ignores it. The keys
  // and the shape are checked here, the values by the sweep (sim/drive/sweep.hpp).
  std::optional<Field> sweep_field;

  std::vector<std::string> overrides_applied;  // "key=value", echoed in reports
};

// Loads a scenario, applies `--set` overrides ("key.path=value"), validates every key.
ScenarioSpec load_scenario(const std::string& path, const std::vector<std::string>& overrides);

// An error about an overridden value has no place in the file: it names the override
// ("--set model=resnet51") instead. `applied` is ScenarioSpec::overrides_applied; errors in
// other files than the scenario are returned as they are.
ScenarioError attribute_to_override(const std::string& scenario_path, const std::vector<std::string>& applied,
                                    const ScenarioError& e);

// Finds a file named in a scenario: relative to the scenario's folder, then as given, then
// in the source tree's `subdir` (with and without ".yaml"). Returns "" if none exists.
std::string resolve_data_file(const std::string& name, const std::string& scenario_path,
                              const std::string& subdir);

}  // namespace simtrain
