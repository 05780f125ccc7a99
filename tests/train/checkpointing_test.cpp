// Activation checkpointing as an option of every strategy (train/ddp.hpp Checkpointing).
#include <catch2/catch.hpp>

#include "drive/run.hpp"
#include "train/strategy.hpp"

using namespace simtrain;
using namespace simtrain::drive;
using namespace simtrain::train;

namespace {
const std::string kScen = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/";
const std::string k7b = kScen + "8xA100_llama2_7b_fsdp.yaml";       // fsdp: activation_checkpointing: true
const std::string kGpt2 = kScen + "4xdgx_a100_gpt2_1.5b.yaml";      // ddp, no checkpointing

RunResult run(const std::string& path, std::vector<std::string> sets) {
  sets.push_back("steps=1");
  return run_scenario(load_scenario(path, sets), {});
}
double part(const RunResult& r, const std::string& name) {
  for (const auto& [k, v] : r.memory_breakdown)
    if (k == name) return v;
  return 0;
}
}  // namespace

TEST_CASE("DDP with activation checkpointing recomputes the forward and keeps only block inputs", "[checkpointing][ddp]") {
  // One GPU (no communication), GPT-2 1.5B, 4 sequences of 1024.
  const std::vector<std::string> base = {"gpus_per_node=1", "nodes=1", "batch_per_gpu=4"};
  auto with = [&](const char* ck) {
    std::vector<std::string> s = base;
    s.push_back(std::string("activation_checkpointing=") + ck);
    return run(kGpt2, s);
  };
  const RunResult off = with("false"), on = with("true");
  REQUIRE(on.checkpointed_blocks == 48);  // the 48 transformer blocks; not the embeddings, not the head
  REQUIRE(off.checkpointed_blocks == 0);
  // The recompute is one more forward of the repeated blocks: a GEMM's backward is two GEMMs of
  // its forward's FLOPs, so the forward is about a third of forward + backward and the step
  // grows by about that (a little less: the embeddings, head and optimizer are not recomputed).
  const double extra = (on.step_time_s - off.step_time_s) / off.step_time_s;
  CHECK(extra > 0.20);
  CHECK(extra < 0.40);
  // Each block keeps its input, s x h x 2 bytes a sequence: 48 x 4 x 1024 x 1600 x 2 = 0.63 GB,
  // against every saved activation without checkpointing (tens of GB).
  CHECK(part(on, "activations") < part(off, "activations") / 20);
  CHECK(on.memory_peak_bytes < off.memory_peak_bytes);
}

TEST_CASE("a strategy=ddp override keeps the file's checkpointing instead of dropping it", "[checkpointing]") {
  // The FSDP file checkpoints in its fsdp: block; the DDP what-if checkpoints the same blocks.
  const RunResult ddp = run(k7b, {"strategy=ddp", "model=gpt2_1.5b"});
  CHECK(ddp.checkpointed_blocks == 48);
  const RunResult fsdp = run(k7b, {"model=gpt2_1.5b"});
  CHECK(fsdp.checkpointed_blocks == 48);
  CHECK(strategy_config(load_scenario(k7b, {"strategy=ddp"})).checkpointing.on);
}

TEST_CASE("megatron takes activation_checkpointing as full recompute", "[checkpointing][parallel]") {
  const std::vector<std::string> base = {"strategy=megatron", "parallel.tp=2", "model=gpt2_124m", "fsdp.activation_checkpointing=false"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> s = base;
    s.insert(s.end(), extra.begin(), extra.end());
    return run(k7b, s);
  };
  const RunResult general = with({"activation_checkpointing=true", "fsdp.activation_checkpointing=true"});
  const RunResult full = with({"parallel.recompute=full"});
  CHECK(general.step_time_s == Approx(full.step_time_s));
  CHECK(general.memory_peak_bytes == Approx(full.memory_peak_bytes));
  // A fraction: Megatron's block method, that share of the blocks recomputed (train/megatron.hpp):
  // between none and full in time and in memory.
  const RunResult none = with({});
  const RunResult half = with({"activation_checkpointing=0.5", "fsdp.activation_checkpointing=0.5"});
  CHECK(half.step_time_s > none.step_time_s);
  CHECK(half.step_time_s < full.step_time_s);
  CHECK(half.memory_peak_bytes < none.memory_peak_bytes);
  CHECK(half.memory_peak_bytes > full.memory_peak_bytes);
}

TEST_CASE("checkpointing keys: errors at the key that gave them", "[checkpointing][errors]") {
  // Two spellings that disagree.
  CHECK_THROWS_WITH(load_scenario(k7b, {"activation_checkpointing=false"}), Catch::Contains("disagrees with"));
  // Offload is modelled under FSDP only.
  CHECK_THROWS_WITH(run(k7b, {"strategy=ddp", "model=gpt2_124m", "fsdp.activation_offload=true"}),
                    Catch::Contains("under ddp it is not"));
  // Offload needs checkpointing.
  CHECK_THROWS_WITH(load_scenario(kGpt2, {"activation_offload=true"}), Catch::Contains("needs activation_checkpointing"));
}

TEST_CASE("CPU offload's state is checked against the node's host memory", "[memory][fsdp]") {
  // Llama-2-70B, FULL_SHARD over 8 GPUs with CPU offload and AdamW: each rank keeps its fp32
  // parameter and gradient shards (4 + 4 bytes a parameter) and the optimizer's states and
  // master weights (8 + 4) on the host, so a node holds 20 bytes for every parameter: 1.38 TB.
  const std::vector<std::string> sets = {"model=llama2_70b", "fsdp.cpu_offload=true"};
  std::vector<std::string> dgx40 = sets, dgx80 = sets;
  dgx40.push_back("system=dgx_a100");  // 1 TiB of host memory (DGX A100 User Guide)
  const RunResult small = run(k7b, dgx40), big = run(k7b, dgx80);  // the file's DGX A100 640GB: 2 TiB
  CHECK(small.host_offload_bytes_per_node == Approx(20.0 * static_cast<double>(small.params)));
  CHECK(small.host_memory_bytes == Approx(1024.0 * 1073741824.0));
  CHECK(small.host_oom);
  CHECK_FALSE(big.host_oom);
  // `simtrain memory`'s search flags the same verdict beside the GPU's largest batch (the
  // offloaded state does not grow with the batch): on the 1 TiB node, not on the 2 TiB one.
  const RunResult::FitRow own = largest_batches(load_scenario(k7b, dgx40), true).front();
  CHECK(own.largest_batch > 0);
  CHECK(own.host_oom);
  CHECK_FALSE(largest_batches(load_scenario(k7b, dgx80), true).front().host_oom);
  // Without offload nothing is on the host.
  CHECK(run(k7b, {"model=gpt2_1.5b"}).host_offload_bytes_per_node == 0);
}
