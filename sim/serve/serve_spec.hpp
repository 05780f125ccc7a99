// A serving scenario (`simtrain serve SCENARIO.yaml`): the keys every scenario has (name,
// system, catalog, nodes, gpus_per_node, energy.*, cost.*, prices.*; scenario/scenario.hpp
// parse_scenario_shell reads them) and a `serve:` block:
//   serve.model                      a model of models/ (a dense decoder transformer)
//   serve.engine                     an engine profile of topologies/serving.yaml (vllm | trtllm | sglang),
//                                    each of its figures replaceable (serve.max_num_seqs ...)
//   serve.tp, serve.pp, serve.replicas   the layout: tp x pp GPUs per replica, replicas side by side
//                                    (serve.ep > 1 and serve.disaggregation are refused: not modelled yet)
//   serve.weights, serve.kv_cache    precisions (WeightPrecision, KvPrecision)
//   serve.prompt, serve.output       token-length distributions (fixed | uniform | lognormal)
//   serve.arrival                    poisson at a rate, or closed loop at a concurrency
//   serve.requests.count, .seed      how many requests, and the seed of their draws (deterministic)
// Every key is in serve_scenario_keys() (key, meaning, unit, default): `simtrain describe serve`
// lists them, --set reaches them, unknown keys are errors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/enum_names.hpp"
#include "scenario/scenario.hpp"
#include "serve/engine_profile.hpp"

namespace simtrain::serve {

// Weight precision as a serving engine stores the weights. fp8 runs W8A8 at the fp8 tensor peak
// where the GPU has one (Hopper, Ada, Blackwell), else weight-only (vLLM's FP8 Marlin on Ampere);
// int8 and int4 are weight-only (W8A16 / W4A16: GPTQ/AWQ-style kernels dequantize to 16 bits
// and multiply at the bf16 peak). Bytes per weight: 2, 2, 1, 1, 0.5.
enum class WeightPrecision { bf16, fp16, fp8, int8, int4 };
inline constexpr auto kWeightPrecisionNames = enum_names<WeightPrecision>({{WeightPrecision::bf16, "bf16"},
                                                                           {WeightPrecision::fp16, "fp16"},
                                                                           {WeightPrecision::fp8, "fp8"},
                                                                           {WeightPrecision::int8, "int8"},
                                                                           {WeightPrecision::int4, "int4"}});
double weight_bytes(WeightPrecision p);
// KV-cache precision: 2, 2 and 1 bytes per element.
enum class KvPrecision { bf16, fp16, fp8 };
inline constexpr auto kKvPrecisionNames =
    enum_names<KvPrecision>({{KvPrecision::bf16, "bf16"}, {KvPrecision::fp16, "fp16"}, {KvPrecision::fp8, "fp8"}});
double kv_bytes(KvPrecision p);

enum class LengthDist { fixed, uniform, lognormal };
inline constexpr auto kLengthDistNames = enum_names<LengthDist>(
    {{LengthDist::fixed, "fixed"}, {LengthDist::uniform, "uniform"}, {LengthDist::lognormal, "lognormal"}});
// A token-length distribution: fixed `tokens`; uniform integers in [min, max]; lognormal with
// mean `mean` and log-space deviation `sigma`, clipped to [min, max] (a chat dataset's long tail).
struct LengthSpec {
  LengthDist dist = LengthDist::fixed;
  long long tokens = 0, min = 1, max = 0;
  double mean = 0, sigma = 0;
  long long largest() const { return dist == LengthDist::fixed ? tokens : max; }
};

enum class ArrivalProcess { poisson, closed };
inline constexpr auto kArrivalNames =
    enum_names<ArrivalProcess>({{ArrivalProcess::poisson, "poisson"}, {ArrivalProcess::closed, "closed"}});

struct ServeSpec {
  explicit ServeSpec(ScenarioSpec b) : base(std::move(b)), model_field(base.root) {}
  ScenarioSpec base;  // system, nodes, GPUs, catalog, energy, cost, prices, overrides
  std::string model_ref;
  Field model_field;
  EngineProfile engine;  // the profile with the scenario's replacements applied
  int tp = 1, pp = 1, replicas = 0;  // replicas 0: every GPU taking part, tp x pp each
  WeightPrecision weights = WeightPrecision::bf16;
  KvPrecision kv = KvPrecision::bf16;
  LengthSpec prompt, output;
  ArrivalProcess arrival = ArrivalProcess::poisson;
  double rate_per_s = 0;
  long long concurrency = 0;
  long long requests = 1000;
  std::uint64_t seed = 0;
  long long max_model_len = 0;  // 0: the model file's seq_len
};

const KeyTable& serve_scenario_keys();
// Loads a serving scenario with `--set` overrides ("serve.arrival.rate=12"). ScenarioError on
// bad input (file:line:col, the key, what was expected).
ServeSpec load_serve_scenario(const std::string& path, const std::vector<std::string>& overrides);

}  // namespace simtrain::serve
