// LoRA fine-tuning under strategy megatron with tp = 1 (train/megatron.hpp, "Fine-tuning"), as
// MLPerf's llama2_70b_lora runs on several MI300X nodes with context parallelism, and full
// recomputation of a share of the blocks (Megatron's --recompute-method block).
#include <catch2/catch.hpp>

#include "drive/run.hpp"
#include "drive/setup.hpp"
#include "engine/executor.hpp"
#include "net/flow_network.hpp"
#include "scenario/error.hpp"
#include "train/megatron.hpp"
#include "work/finetune.hpp"

using namespace simtrain;
using namespace simtrain::train;

namespace {

const std::string k7b = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_llama2_7b_fsdp.yaml";

// Llama-2-7B on one DGX A100 (8 GPUs) under megatron, LoRA r16 on the attention projections.
drive::Built setup(std::vector<std::string> extra = {}) {
  std::vector<std::string> sets = {"strategy=megatron",     "flash_attention=true",   "finetune.method=lora",
                                   "finetune.rank=16",      "finetune.targets=[attention]"};
  sets.insert(sets.end(), extra.begin(), extra.end());
  return drive::build_setup(load_scenario(k7b, sets));
}

MegatronOptions options(const drive::Built& b, Mesh mesh) {
  MegatronOptions o;
  o.mesh = mesh;
  o.grad_accumulation = 1;
  o.batch_per_gpu = 1;
  o.optimizer = work::Optimizer::adamw;
  o.software = &b.software;
  return o;
}

double static_part(const MemoryPlan& mp, const std::string& name) {
  for (const auto& [k, v] : mp.static_parts)
    if (k == name) return v;
  return -1;
}

double step_seconds(drive::Built& b, const MegatronOptions& o) {
  StepGraph sg = build_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks, o);
  net::FlowNetwork network(b.cluster->link_capacities());
  engine::Executor ex(network);
  ex.run(sg.graph);
  return ps_to_seconds(ex.records()[sg.step_end.back()].end);
}

// Llama-2-7B: 32 blocks x (qkv 4096 x 16 + 16 x 12288, out 4096 x 16 + 16 x 4096) adapter parameters.
constexpr double kAdapters = 32.0 * (4096 * 16 + 16 * 12288 + 4096 * 16 + 16 * 4096);

}  // namespace

TEST_CASE("megatron LoRA, DP 4 x CP 2: frozen weights held whole, gradients, their reduction and the optimizer "
          "state cover the adapters only",
          "[megatron][finetune]") {
  drive::Built b = setup();
  REQUIRE(static_cast<double>(b.model->trainable_params()) == kAdapters);
  MegatronOptions o = options(b, Mesh{.cp = 2, .dp = 4});
  SECTION("plain DDP: bf16 weights (2 B) for every parameter, fp32 main gradients (4 B) and 12 B of AdamW state "
          "(fp32 master, m, v) for the adapters, one all-reduce of their fp32 gradients over the 8 DP x CP ranks") {
    const StepGraph sg = build_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks, o);
    CHECK(static_part(sg.memory, "weights") == Approx(2.0 * static_cast<double>(b.model->params())));
    CHECK(static_part(sg.memory, "gradients") == Approx(4.0 * kAdapters));
    CHECK(static_part(sg.memory, "optimizer_state") == Approx(12.0 * kAdapters));
    double ar = 0;
    for (const CommRecord& c : sg.comm_calls)
      if (c.call.op == coll::Op::all_reduce) ar += c.call.bytes * c.call.calls;
    CHECK(ar == Approx(4.0 * kAdapters));
  }
  SECTION("the distributed optimizer shards the adapters' state over the 8 ranks and all-gathers the updated "
          "adapters (2 B each), not the frozen model") {
    o.distributed_optimizer = true;
    const StepGraph sg = build_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks, o);
    CHECK(static_part(sg.memory, "optimizer_state") == Approx(12.0 * kAdapters / 8));
    // Over the DP x CP group of 8 (CP's KV exchange is all-gathers and reduce-scatters over pairs).
    double rs = 0, ag = 0;
    for (const CommRecord& c : sg.comm_calls) {
      if (c.call.groups.empty() || c.call.groups.front().size() != 8) continue;
      if (c.call.op == coll::Op::reduce_scatter) rs += c.call.bytes * c.call.calls;
      if (c.call.op == coll::Op::all_gather) ag += c.call.bytes * c.call.calls;
    }
    CHECK(rs == Approx(4.0 * kAdapters));
    CHECK(ag == Approx(2.0 * kAdapters));
  }
}

TEST_CASE("megatron LoRA refusals: tp > 1 (adapters split across TP ranks), parallel.fsdp, MoE models",
          "[megatron][finetune]") {
  auto fails_with = [](std::vector<std::string> sets, const std::string& text) {
    sets.insert(sets.end(), {"strategy=megatron", "finetune.method=lora", "finetune.targets=[attention]", "steps=1"});
    try {
      drive::run_scenario(load_scenario(k7b, sets), {});
      FAIL("no error");
    } catch (const ScenarioError& e) {
      INFO(e.what());
      CHECK(std::string(e.what()).find(text) != std::string::npos);
    }
  };
  fails_with({"parallel.tp=2"}, "modelled with tp = 1");
  fails_with({"parallel.fsdp=full_shard"}, "not modelled with parallel.fsdp");
}

TEST_CASE("megatron recompute of a share of the blocks (activation_checkpointing: 0.25 of 32 blocks = the first 8): "
          "the step's extra time is a quarter of full recomputation's, the activations between none and full",
          "[megatron]") {
  // Full training (no LoRA) on 8 GPUs, DP 8: every rank runs the same single stage.
  drive::Built b = drive::build_setup(load_scenario(k7b, {"strategy=megatron", "flash_attention=true"}));
  MegatronOptions o;
  o.mesh = Mesh{.dp = 8};
  o.grad_accumulation = 1;
  o.batch_per_gpu = 1;
  o.optimizer = work::Optimizer::adamw;
  o.software = &b.software;
  const MegatronEstimate none = estimate_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks, o);
  o.recompute = Recompute::full;
  const MegatronEstimate full = estimate_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks, o);
  o.recompute_fraction = 0.25;
  const MegatronEstimate quarter = estimate_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks, o);
  // Each repeated block's forward is the same: 8 of the 32 recompute it.
  CHECK(quarter.step_s - none.step_s == Approx((full.step_s - none.step_s) / 4).epsilon(1e-6));
  CHECK(quarter.stage_peak_bytes[0] < none.stage_peak_bytes[0]);
  CHECK(quarter.stage_peak_bytes[0] > full.stage_peak_bytes[0]);
  SECTION("the simulated step agrees: a quarter of full recomputation's extra time") {
    o.recompute_fraction = 1;
    const double t_full = step_seconds(b, o);
    o.recompute_fraction = 0.25;
    const double t_quarter = step_seconds(b, o);
    o.recompute = Recompute::none;
    const double t_none = step_seconds(b, o);
    CHECK(t_quarter - t_none == Approx((t_full - t_none) / 4).epsilon(0.02));
  }
}
