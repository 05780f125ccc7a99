#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "drive/run.hpp"
#include "train/strategy.hpp"

using namespace simtrain;

namespace {
const std::string kScen = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/";

// A scenario file written next to the shipped ones' system references (absolute names resolve
// through topologies/ and models/).
std::string write_scenario(const std::string& name, const std::string& body) {
  const auto dir = std::filesystem::temp_directory_path() / "simtrain_strategy_test";
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  std::ofstream(path) << body;
  return path.string();
}

ScenarioError load_error(const std::string& path, const std::vector<std::string>& sets = {}) {
  try {
    (void)load_scenario(path, sets);
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError");
  throw std::logic_error("unreachable");
}

const char* kBase =
    "system: workstation_4x4090\nmodel: gpt2_1.5b\nbatch_per_gpu: 1\nprecision: amp_bf16\noptimizer: adamw\nsteps: 1\n";
}  // namespace

TEST_CASE("the strategy table: every block's keys are scenario keys, read by strategies of the table", "[strategy]") {
  const KeyTable& keys = train::scenario_keys();
  for (const train::OptionBlock& b : train::option_blocks()) {
    INFO(b.name);
    CHECK_FALSE(b.keys.empty());
    for (const KeyInfo& k : b.keys) {
      CHECK(k.path.rfind(b.name + ".", 0) == 0);
      CHECK(keys.has(k.path));
    }
    for (const std::string& r : b.readers) CHECK_NOTHROW(train::strategy_named(r));
  }
  // The strategy key's meaning lists every strategy (describe prints it).
  const auto it = std::find_if(keys.keys.begin(), keys.keys.end(), [](const KeyInfo& k) { return k.path == "strategy"; });
  REQUIRE(it != keys.keys.end());
  for (const train::Strategy& s : train::strategies()) CHECK_THAT(it->meaning, Catch::Contains(s.name));
  // No key twice.
  std::vector<std::string> names = keys.names();
  std::sort(names.begin(), names.end());
  CHECK(std::adjacent_find(names.begin(), names.end()) == names.end());
}

TEST_CASE("every strategy of the table builds and runs a step on four GPUs", "[strategy]") {
  const std::string path = kScen + "4x4090_gpt2_1.5b_fsdp.yaml";
  double ddp_peak = 0, zero3_peak = 0;
  for (const train::Strategy& s : train::strategies()) {
    INFO(s.name);
    ScenarioSpec spec = load_scenario(path, {"strategy=" + s.name, "steps=1"});
    const train::RunResult r = drive::run_scenario(spec, {});
    CHECK(r.step_time_s > 0);
    CHECK(r.gpus == 4);
    if (s.name == "ddp") ddp_peak = r.memory_peak_bytes;
    if (s.name == "zero3") zero3_peak = r.memory_peak_bytes;
  }
  // ZeRO-3 shards 16 of DDP's 18+ bytes per parameter four ways (Rajbhandari et al. 2020): for
  // a 1.5 B model that is more than 10 GiB less per GPU, whatever the activations.
  CHECK(ddp_peak - zero3_peak > 10.0 * (1 << 30));
}

TEST_CASE("a strategy's block under another strategy is an error at its key, unless --set switched the strategy",
          "[strategy][errors]") {
  const std::string ddp_under_fsdp = write_scenario("ddp_under_fsdp.yaml", std::string(kBase) +
                                                                                "strategy: fsdp\nddp:\n  bucket_mb: 50\n");
  ScenarioError e = load_error(ddp_under_fsdp);
  CHECK(e.key() == "ddp");
  CHECK(e.line() == 8);
  CHECK_THAT(e.what(), Catch::Contains("needs `strategy: ddp`"));
  // The same block is kept for a what-if that switches the strategy.
  CHECK_NOTHROW(load_scenario(ddp_under_fsdp, {"strategy=ddp"}));

  const std::string parallel_under_ddp =
      write_scenario("parallel_under_ddp.yaml", std::string(kBase) + "strategy: ddp\nparallel:\n  tp: 2\n");
  e = load_error(parallel_under_ddp);
  CHECK(e.key() == "parallel");
  CHECK_THAT(e.what(), Catch::Contains("needs `strategy: megatron`"));
  const ScenarioSpec spec = load_scenario(parallel_under_ddp, {"strategy=megatron"});
  CHECK(train::strategy_config(spec).parallel.options.mesh.tp == 2);
}

TEST_CASE("a strategy set by --set on a Megatron file carries its recomputation across, or refuses", "[strategy][checkpointing]") {
  // LLaMA-65B TP8 PP2 with parallel.recompute: full. Under FSDP the same job keeps each
  // block's input and recomputes the block (activation_checkpointing: true); the mesh keys mean
  // nothing there and are listed as not read.
  const std::string f = kScen + "16xA100_llama_65b_tp8_pp2.yaml";
  const ScenarioSpec spec = load_scenario(f, {"strategy=fsdp"});
  const train::StrategyConfig& fsdp = train::strategy_config(spec);
  CHECK(fsdp.checkpointing.on);
  CHECK(fsdp.checkpointing.fraction == 1.0);
  REQUIRE(fsdp.strategy_change.size() == 2);
  CHECK_THAT(fsdp.strategy_change[0], Catch::StartsWith("carried: parallel.recompute: full"));
  CHECK(fsdp.strategy_change[1] ==
        "not read by fsdp: parallel.tp, parallel.pp, parallel.sequence_parallel, parallel.distributed_optimizer");
  // A checkpointing key given beside it wins.
  const ScenarioSpec given = load_scenario(f, {"strategy=ddp", "activation_checkpointing=false"});
  CHECK_FALSE(train::strategy_config(given).checkpointing.on);
  // Selective recomputation (attention's s^2 part) has no ddp/fsdp counterpart: refused at the --set.
  ScenarioError e = load_error(f, {"strategy=zero3", "parallel.recompute=selective"});
  CHECK(e.key() == "strategy");
  CHECK_THAT(e.what(), Catch::Contains("activation_checkpointing=true"));
  // The file's own strategy carries nothing.
  const ScenarioSpec own = load_scenario(f, {});
  CHECK(train::strategy_config(own).strategy_change.empty());
}

TEST_CASE("strategy options reach the builders typed, and bad values are errors at their keys", "[strategy][errors]") {
  const std::string fsdp = write_scenario(
      "fsdp_typed.yaml", std::string(kBase) +
                             "strategy: fsdp\nfsdp:\n  sharding: hybrid_shard\n  wrap: every_n_layers\n  every_n_layers: 4\n"
                             "  activation_checkpointing: 0.5\n  mixed_precision: {reduce_dtype: fp32}\n");
  const ScenarioSpec spec = load_scenario(fsdp, {});  // holds the options the references below read
  const train::StrategyConfig& sc = train::strategy_config(spec);
  const train::FsdpConfig& c = sc.fsdp;
  CHECK(c.options.sharding == train::Sharding::hybrid_shard);
  CHECK(c.options.every_n_blocks == 4);
  CHECK(sc.checkpointing.on);  // the fsdp: block's spelling of every strategy's setting
  CHECK(sc.checkpointing.fraction == Approx(0.5));
  CHECK(sc.checkpointing_key == "fsdp.activation_checkpointing");
  CHECK(c.reduce_dtype == work::Precision::fp32);
  CHECK_FALSE(c.param_dtype.has_value());  // from the precision when the step is built

  ScenarioError e = load_error(fsdp, {"fsdp.sharding=fully"});
  CHECK(e.file() == "--set fsdp.sharding=fully");
  CHECK(e.key() == "fsdp.sharding");

  const std::string bad = write_scenario("parallel_bad.yaml", std::string(kBase) +
                                                                  "strategy: megatron\nparallel:\n  tp: 2\n  schedule: zigzag\n");
  e = load_error(bad);
  CHECK(e.key() == "parallel.schedule");
  CHECK(e.line() == 10);
  CHECK(e.col() == 13);
}
