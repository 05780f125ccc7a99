#include <catch2/catch.hpp>

#include "drive/run.hpp"
#include "train/memory.hpp"

using namespace simtrain;
using namespace simtrain::drive;
using namespace simtrain::train;

namespace {
const std::string kScen = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/";
const std::string k7b = kScen + "8xA100_llama2_7b_fsdp.yaml";

RunResult run(const std::string& path, std::vector<std::string> sets) {
  sets.push_back("steps=1");
  return run_scenario(load_scenario(path, sets), {});
}
double static_model_state(const RunResult& r) {
  double s = 0;
  for (const auto& [k, v] : r.memory_breakdown)
    if (k == "parameters" || k == "gradients" || k == "optimizer_state" || k == "weights") s += v;
  return s;
}
}  // namespace

TEST_CASE("ZeRO closed forms (Rajbhandari et al. 2020, Figure 1: 7.5B params, 64 GPUs, K=12)", "[memory]") {
  const double psi = 7.5e9;
  // The paper's Figure 1: baseline 120 GB, P_os 31.4 GB, P_os+g 16.6 GB, P_os+g+p 1.9 GB.
  CHECK(zero_model_state_bytes(ZeroStage::none, psi, 64) == Approx(120e9));
  CHECK(zero_model_state_bytes(ZeroStage::os, psi, 64) == Approx(31.40625e9));
  CHECK(zero_model_state_bytes(ZeroStage::os_g, psi, 64) == Approx(16.640625e9));
  CHECK(zero_model_state_bytes(ZeroStage::os_g_p, psi, 64) == Approx(1.875e9));
}

TEST_CASE("DeepSpeed's model-state estimators", "[memory]") {
  // 13B parameters, largest layer 325M, 8 GPUs (DeepSpeed docs' example sizes).
  CHECK(deepspeed_zero3_estimate(13e9, 325e6, 8, false, false) == Approx(4 * 325e6 + 18 * 13e9 / 8));
  CHECK(deepspeed_zero3_estimate(13e9, 325e6, 8, true, false) == Approx(4 * 325e6 + 2 * 13e9 / 8));
  CHECK(deepspeed_zero3_estimate(13e9, 325e6, 8, true, true) == Approx(4 * 325e6));
  CHECK(deepspeed_zero2_estimate(13e9, 8, false) == Approx(4 * 13e9 + 16 * 13e9 / 8));
  CHECK(deepspeed_zero2_estimate(13e9, 8, true) == Approx(2 * 13e9));
}

TEST_CASE("the simulated model state equals the ZeRO closed form for every stage", "[memory]") {
  const double psi = 6738415616.0;  // Llama-2-7B
  struct Case {
    std::vector<std::string> sets;
    ZeroStage stage;
  } cases[] = {{{"strategy=zero1"}, ZeroStage::os},
               {{"strategy=zero2"}, ZeroStage::os_g},
               {{"strategy=zero3"}, ZeroStage::os_g_p},
               {{"fsdp.sharding=no_shard"}, ZeroStage::none},
               {{"fsdp.sharding=shard_grad_op"}, ZeroStage::os_g},
               {{"fsdp.sharding=full_shard"}, ZeroStage::os_g_p}};
  for (const Case& c : cases) {
    INFO(c.sets[0]);
    RunResult r = run(k7b, c.sets);
    CHECK(static_model_state(r) == Approx(zero_model_state_bytes(c.stage, psi, 8)).epsilon(1e-12));
  }
}

TEST_CASE("sharding sanity: FULL_SHARD <= SHARD_GRAD_OP <= NO_SHARD, 1/N model state", "[memory]") {
  const double full = run(k7b, {"fsdp.sharding=full_shard"}).memory_peak_bytes;
  const double grad_op = run(k7b, {"fsdp.sharding=shard_grad_op"}).memory_peak_bytes;
  const double none = run(k7b, {"fsdp.sharding=no_shard"}).memory_peak_bytes;
  CHECK(full <= grad_op);
  CHECK(grad_op <= none);
  // Model state per GPU falls as 1/N with the shard group: 4 GPUs hold twice what 8 hold.
  const double s8 = static_model_state(run(k7b, {"fsdp.sharding=full_shard"}));
  const double s4 = static_model_state(run(k7b, {"fsdp.sharding=full_shard", "gpus_per_node=4"}));
  CHECK(s4 == Approx(2 * s8));
}

TEST_CASE("activation checkpointing lowers peak memory and raises step time", "[memory]") {
  RunResult on = run(k7b, {"fsdp.activation_checkpointing=true", "model=gpt2_1.5b", "batch_per_gpu=4"});
  RunResult off = run(k7b, {"fsdp.activation_checkpointing=false", "model=gpt2_1.5b", "batch_per_gpu=4"});
  CHECK(on.memory_peak_bytes < off.memory_peak_bytes);
  CHECK(on.step_time_s > off.step_time_s);
}

TEST_CASE("more prefetch never lowers peak memory", "[memory]") {
  auto peak = [&](std::vector<std::string> sets) { return run(k7b, sets).memory_peak_bytes; };
  const double pre = peak({"fsdp.backward_prefetch=pre"});
  const double post = peak({"fsdp.backward_prefetch=post"});
  const double none = peak({"fsdp.backward_prefetch=none"});
  CHECK(pre >= post);
  CHECK(post >= none);
  CHECK(peak({"fsdp.limit_all_gathers=false", "fsdp.forward_prefetch=true"}) >= peak({"fsdp.limit_all_gathers=true"}));
}

TEST_CASE("Llama-2-7B: DDP does not fit an 80 GB A100, FSDP full shard does, OOM still reports", "[memory]") {
  RunResult ddp = run(k7b, {"strategy=ddp"});
  RunResult fsdp = run(k7b, {});
  CHECK(ddp.oom);
  CHECK(ddp.step_time_s > 0);  // an answer, not an error
  CHECK_FALSE(fsdp.oom);
  std::vector<RunResult::FitRow> fits = largest_batches(load_scenario(k7b, {"strategy=ddp"}));
  bool ddp_zero = false, sharded_fits = false;
  for (const auto& f : fits) {
    if (f.strategy == "ddp") ddp_zero = f.largest_batch == 0;
    if (f.strategy.find("full_shard") != std::string::npos) sharded_fits = sharded_fits || f.largest_batch >= 1;
  }
  CHECK(ddp_zero);
  CHECK(sharded_fits);
}

TEST_CASE("FSDP steps wait for the data pipeline as DDP steps do", "[memory][data]") {
  const std::string s = kScen + "8xA100_imagenet_resnet50.yaml";
  RunResult fsdp = run_scenario(load_scenario(s, {"strategy=fsdp", "data.loader.num_workers=4"}), {});
  RunResult ddp = run_scenario(load_scenario(s, {"data.loader.num_workers=4"}), {});
  CHECK(fsdp.data_stall_s > 0.3 * fsdp.step_time_s);
  CHECK(fsdp.bottleneck == "data");
  CHECK(ddp.bottleneck == "data");
}

namespace {
const std::string k175b = kScen + "128xA100_gpt175b_fsdp.yaml";
// Part `name` of the breakdown at the peak.
double part(const RunResult& r, const std::string& name) {
  for (const auto& [k, v] : r.memory_breakdown)
    if (k == name) return v;
  return 0;
}
// Tasks of one step whose label starts with `prefix`.
std::size_t count_tasks(const RunResult& r, const std::string& prefix) {
  std::size_t n = 0;
  for (const auto& t : r.graph->graph.tasks())
    if (t.label.rfind(prefix, 0) == 0) ++n;
  return n;
}
}  // namespace

TEST_CASE("wrap: per_linear makes every linear layer a unit and gathers less at a time", "[memory][fsdp]") {
  // Llama blocks have five linear layers (qkv, out, gate, up, down), GPT-2 blocks four (qkv,
  // out, up, down); the embeddings and the head are a unit each.
  RunResult llama = run(k7b, {"fsdp.wrap=per_linear"});
  CHECK(llama.strategy_detail.find(std::to_string(32 * 5 + 2) + " units") != std::string::npos);
  RunResult gpt2 = run(k7b, {"fsdp.wrap=per_linear", "model=gpt2_1.5b"});
  CHECK(gpt2.strategy_detail.find(std::to_string(48 * 4 + 2) + " units") != std::string::npos);
  // The same model state; the largest unit gathered is an FFN matrix (h x f), not a block.
  RunResult block = run(k7b, {});
  CHECK(static_model_state(llama) == Approx(static_model_state(block)).epsilon(1e-12));
  CHECK(part(llama, "gathered_parameters") < part(block, "gathered_parameters"));
  CHECK(part(llama, "gathered_parameters") <= 2 * 2.0 * 4096 * 11008 * (1 + 1e-9));  // two bf16 FFN matrices
}

TEST_CASE("checkpointing a block of several units recomputes it with a third all-gather per unit", "[memory][fsdp]") {
  // FULL_SHARD gathers each unit for its forward and its backward. With the checkpoint around
  // a block of several units (per_linear), the recompute runs the units' forward hooks again.
  RunOptions keep;
  keep.keep_trace = true;
  keep.steps_override = 1;
  auto gathers = [&](std::vector<std::string> sets) {
    sets.push_back("model=gpt2_1.5b");
    RunResult r = run_scenario(load_scenario(k7b, sets), keep);
    return count_tasks(r, "all_gather");
  };
  const std::size_t units = 48 * 4 + 2;
  // warm-up step + measured step
  CHECK(gathers({"fsdp.wrap=per_linear", "fsdp.activation_checkpointing=false"}) == 2 * 2 * units);
  CHECK(gathers({"fsdp.wrap=per_linear", "fsdp.activation_checkpointing=true"}) == 2 * (2 * units + 48 * 4));
  CHECK(gathers({"fsdp.activation_checkpointing=true"}) == 2 * 2 * (48 + 2));
}

TEST_CASE("cpu_offload keeps parameter, gradient and optimizer shards in host memory", "[memory][fsdp]") {
  // PyTorch's CPUOffload(offload_params=True) offloads the gradients too; the optimizer steps on the CPU.
  RunResult r = run(k175b, {});
  CHECK(part(r, "parameters") == 0);
  CHECK(part(r, "gradients") == 0);
  CHECK(part(r, "optimizer_state") == 0);
  RunResult on_gpu = run(k175b, {"fsdp.cpu_offload=false", "optimizer=sgd"});
  CHECK(part(on_gpu, "parameters") == Approx(2.0 * static_cast<double>(on_gpu.params) / 128));
}

TEST_CASE("activation_offload frees the checkpointed block inputs from the GPU", "[memory][fsdp]") {
  const double b = 20, s = 512, h = 12288;
  RunResult kept = run(k175b, {});
  RunResult off = run(k175b, {"fsdp.activation_offload=true"});
  // 96 block inputs of b*s*h fp16 values stay on the GPU without offload; with it at most a
  // couple are there at once. The allocator slack (5%) scales the difference.
  const double input = b * s * h * 2;
  CHECK(kept.memory_peak_bytes - off.memory_peak_bytes > 90 * input);
  CHECK(off.step_time_s >= kept.step_time_s);  // PCIe copies, never faster
}

TEST_CASE("selective checkpointing sits between none and every block", "[memory][fsdp]") {
  auto r = [&](const std::string& ck) {
    return run(k7b, {"model=gpt2_1.5b", "batch_per_gpu=4", "fsdp.activation_checkpointing=" + ck});
  };
  RunResult none = r("false"), half = r("0.5"), all = r("true");
  CHECK(all.memory_peak_bytes < half.memory_peak_bytes);
  CHECK(half.memory_peak_bytes < none.memory_peak_bytes);
  CHECK(none.step_time_s < half.step_time_s);
  CHECK(half.step_time_s < all.step_time_s);
}

TEST_CASE("FSDP options that contradict each other are errors at their line", "[memory][fsdp][errors]") {
  CHECK_THROWS_WITH(load_scenario(k7b, {"fsdp.activation_checkpointing=false", "fsdp.activation_offload=true"}),
                    Catch::Contains("needs activation_checkpointing"));
  CHECK_THROWS_WITH(load_scenario(k7b, {"fsdp.activation_checkpointing=1.5"}),
                    Catch::Contains("fraction of blocks"));
  CHECK_THROWS_WITH(load_scenario(k7b, {"fsdp.wrap=per_layer"}), Catch::Contains("per_linear"));
}

TEST_CASE("review fixes: offload copies per gather, shard groups on one GPU, checkpointed blocks only", "[memory][fsdp]") {
  RunOptions keep;
  keep.keep_trace = true;
  keep.steps_override = 1;
  SECTION("CPU offload copies a unit's shard to the GPU before each of its all-gathers") {
    RunResult r = run_scenario(load_scenario(k7b, {"model=gpt2_124m", "fsdp.wrap=per_linear", "fsdp.cpu_offload=true",
                                                   "fsdp.activation_checkpointing=true"}),
                               keep);
    CHECK(count_tasks(r, "all_gather") > 0);
    std::size_t copies = 0;
    for (const auto& t : r.graph->graph.tasks())
      if (t.label.find(" h2d shard") != std::string::npos) ++copies;
    CHECK(copies == count_tasks(r, "all_gather"));
  }
  SECTION("an explicit shard group runs, and its one-GPU baseline too") {
    RunResult r = run(kScen + "4xdgx_a100_llama2_13b_hsdp.yaml", {"model=gpt2_124m", "fsdp.shard_group_size=2"});
    CHECK(r.strategy_detail.find("shard groups of 2") != std::string::npos);
    CHECK(r.scaling_efficiency > 0);
  }
  SECTION("the embeddings and the head are not checkpointed: their backward is the same either way") {
    auto head_bwd = [&](bool ckpt) {
      RunResult r = run_scenario(
          load_scenario(k7b, {"model=gpt2_124m", std::string("fsdp.activation_checkpointing=") + (ckpt ? "true" : "false")}),
          keep);
      const auto& tasks = r.graph->graph.tasks();
      for (std::size_t i = 0; i < tasks.size(); ++i)
        if (tasks[i].label == "bwd unit13") return r.records[i].end - r.records[i].start;  // 12 blocks + 2 ends
      return TimePs{-1};
    };
    CHECK(head_bwd(true) > 0);
    CHECK(head_bwd(true) == head_bwd(false));
  }
  SECTION("a fraction of blocks needs units of one block") {
    CHECK_THROWS_WITH(run(k7b, {"model=gpt2_124m", "fsdp.wrap=every_n_layers", "fsdp.every_n_layers=2",
                                "fsdp.activation_checkpointing=0.5"}),
                      Catch::Contains("units of one block at most"));
  }
}

TEST_CASE("CPU offload: the optimizer steps at the node's own socket bandwidth", "[fsdp]") {
  // DGX A100: two AMD EPYC 7742 (204.8 GB/s each, 8 x DDR4-3200), four GPUs per socket. The
  // offloaded optimizer streams its shard's states, fp32 master and gradient (SGD with
  // momentum under fp16: 4 + 4 master + 2 x 4) through DRAM, so rank 0 takes
  // params/128 x 16 B / (204.8 GB/s / 4). (It once took the slowest CPU in the catalog.)
  RunOptions keep;
  keep.keep_trace = true;
  keep.steps_override = 1;
  RunResult r = run_scenario(load_scenario(k175b, {"steps=1"}), keep);
  double opt_ps = 0;
  for (engine::TaskId t = 0; t < r.graph->graph.size(); ++t)
    if (r.graph->graph.task(t).label == "optimizer" && r.graph->graph.task(t).server == r.graph->compute[0])
      opt_ps = static_cast<double>(r.graph->graph.task(t).duration_ps);
  const double expect_s = static_cast<double>(r.params) / 128 * 16.0 / (204.8e9 / 4);
  CHECK(opt_ps * 1e-12 == Approx(expect_s).epsilon(1e-6));
}

TEST_CASE("Options the step builders reject are errors at their keys, not bare messages", "[fsdp][errors]") {
  // These once were std::invalid_argument without a file position.
  CHECK_THROWS_WITH(run(k7b, {"fsdp.sharding=hybrid_shard", "fsdp.shard_group_size=3"}),
                    Catch::StartsWith("--set fsdp.shard_group_size=3") && Catch::Contains("must divide"));
  CHECK_THROWS_WITH(run(kScen + "8xA100_pcie_switch.yaml", {"system=dgx_h100", "collective.algorithm=hierarchical"}),
                    Catch::StartsWith("--set collective.algorithm=hierarchical") && Catch::Contains("more than one level"));
}
