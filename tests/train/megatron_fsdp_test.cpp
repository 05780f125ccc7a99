// FSDP composed with tensor, pipeline and context parallelism (train/megatron.hpp, `fsdp`):
// the simulated step's memory plan against the closed form, FSDP's model state per rank, and
// the two sharding modes against each other. No scenario key reaches the option yet: the tests
// build MegatronOptions on a scenario's cluster, model and cost model, and run the step.
#include <catch2/catch.hpp>

#include <algorithm>

#include "drive/run.hpp"
#include "drive/setup.hpp"
#include "engine/executor.hpp"
#include "net/flow_network.hpp"
#include "train/megatron.hpp"

using namespace simtrain;
using namespace simtrain::train;

namespace {

const std::string k7b = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_llama2_7b_fsdp.yaml";

// Llama-2-7B (flash attention, bf16, AdamW) on `nodes` DGX A100s.
drive::Built setup(int nodes, const std::string& model = "llama2_7b") {
  return drive::build_setup(load_scenario(
      k7b, {"strategy=megatron", "flash_attention=true", "nodes=" + std::to_string(nodes), "model=" + model}));
}

MegatronOptions options(const drive::Built& b, Mesh mesh, int micro_batches, DataSharding fsdp) {
  MegatronOptions o;
  o.mesh = mesh;
  o.sequence_parallel = mesh.tp > 1;
  o.grad_accumulation = micro_batches;
  o.batch_per_gpu = 1;
  o.optimizer = work::Optimizer::adamw;
  o.software = &b.software;
  o.fsdp = fsdp;
  return o;
}

struct Simulated {
  double step_s = 0;
  std::vector<MemoryPeak> stages;
  std::string detail;
};

// Builds and runs one step; its time and each stage's memory peak.
Simulated simulate(drive::Built& b, const MegatronOptions& o) {
  StepGraph sg = build_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks, o);
  net::FlowNetwork network(b.cluster->link_capacities());
  engine::Executor ex(network);
  ex.run(sg.graph);
  Simulated out;
  out.step_s = ps_to_seconds(ex.records()[sg.step_end.back()].end);
  for (const MemoryPlan& mp : sg.stage_memory) out.stages.push_back(find_peak(mp, sg.graph, ex.records()));
  out.detail = sg.strategy_detail;
  return out;
}

double part(const MemoryPeak& p, const std::string& name) {
  for (const auto& [k, v] : p.breakdown)
    if (k == name) return v;
  return 0;
}

double model_state(const MemoryPlan& mp) {
  double s = 0;
  for (const auto& [k, v] : mp.static_parts)
    if (k == "weights" || k == "gradients" || k == "optimizer_state") s += v;
  return s;
}

}  // namespace

TEST_CASE("FSDP option names: parse and print", "[parallel][megatron][fsdp]") {
  for (DataSharding d : {DataSharding::none, DataSharding::shard_grad_op, DataSharding::full_shard}) {
    DataSharding back = DataSharding::none;
    CHECK(parse_data_sharding(data_sharding_name(d), back));
    CHECK(back == d);
  }
  DataSharding d = DataSharding::full_shard;
  CHECK_FALSE(parse_data_sharding("hybrid_shard", d));
  CHECK(d == DataSharding::full_shard);
}

TEST_CASE("FSDP + TP + PP: the closed-form peak of every stage is the simulated one", "[parallel][megatron][fsdp][memory]") {
  // Llama-2-7B on 2 DGX A100s, TP 2 (sequence parallel) x PP 2 x DP 4, 4 micro-batches: each
  // stage's peak is its shard of the model state, the activations its schedule holds, the gathered
  // blocks and the unsharded gradients, walked block by block in the closed form: equal here to
  // the byte.
  drive::Built b = setup(2);
  struct Case {
    const char* what;
    Mesh mesh;
    PipeSchedule sched;
    int v;
    Recompute rc;
  } cases[] = {{"1F1B", Mesh{2, 1, 4, 2, 1}, PipeSchedule::one_f_one_b, 1, Recompute::none},
               {"interleaved, 2 chunks", Mesh{2, 1, 4, 2, 1}, PipeSchedule::interleaved, 2, Recompute::selective},
               {"GPipe, full recompute", Mesh{2, 1, 4, 2, 1}, PipeSchedule::gpipe, 1, Recompute::full},
               {"TP 4 x CP 2 x PP 2", Mesh{4, 2, 1, 2, 1}, PipeSchedule::one_f_one_b, 1, Recompute::none}};
  for (const Case& c : cases)
    for (DataSharding mode : {DataSharding::full_shard, DataSharding::shard_grad_op}) {
      INFO(c.what << ", " << data_sharding_name(mode));
      MegatronOptions o = options(b, c.mesh, 4, mode);
      o.schedule = c.sched;
      o.virtual_stages = c.v;
      o.recompute = c.rc;
      const MegatronEstimate e = estimate_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks, o);
      const Simulated sim = simulate(b, o);
      REQUIRE(sim.stages.size() == 2);
      // The closed-form step leaves out what the gathers take from compute (SMs, HBM) and from the
      // TP and CP collectives (NVLink): 2-5 % short under shard_grad_op, 5-10 % under full_shard.
      CHECK(e.step_s < sim.step_s);
      CHECK(e.step_s == Approx(sim.step_s).epsilon(0.12));
      for (std::size_t s = 0; s < 2; ++s) {
        INFO("stage " << s);
        CHECK(e.stage_peak_bytes[s] == Approx(sim.stages[s].peak_bytes).epsilon(0.01));
        CHECK(part(sim.stages[s], "gathered_parameters") > 0);
        CHECK(part(sim.stages[s], "unsharded_gradients") > 0);
      }
    }
}

TEST_CASE("FSDP full_shard: model state per rank is (pbytes + gbytes + k) x P_stage / group", "[parallel][megatron][fsdp][memory]") {
  // bf16 with fp32 main gradients and AdamW: 2 + 4 + 12 = 18 bytes per parameter of the stage's
  // TP shard, divided by the 4 data-parallel ranks holding it (Megatron without FSDP: 18 x P_stage).
  drive::Built b = setup(2);
  const Mesh mesh{2, 1, 4, 2, 1};
  const StepGraph none = build_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks,
                                        options(b, mesh, 2, DataSharding::none));
  const StepGraph full = build_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks,
                                        options(b, mesh, 2, DataSharding::full_shard));
  for (std::size_t s = 0; s < 2; ++s) {
    const double P_stage = none.stage_memory[s].static_parts.front().second / 2;  // bf16 weights
    CHECK(model_state(none.stage_memory[s]) == Approx(18 * P_stage));
    CHECK(model_state(full.stage_memory[s]) == Approx(18 * P_stage / 4));
  }
  CHECK(full.strategy_detail.find(", FSDP full_shard") != std::string::npos);
  CHECK(full.strategy_detail.find("distributed optimizer") == std::string::npos);
}

TEST_CASE("FSDP: full_shard gathers twice as often as shard_grad_op, never faster, never fuller", "[parallel][megatron][fsdp]") {
  // Llama-2-7B, TP 2 x PP 2 x DP 4, 4 micro-batches. full_shard all-gathers every block before its
  // forward and its backward in every micro-batch (16 gathers per block and step); shard_grad_op
  // once per step, and holds the stage's whole parameters from its first forward to its last
  // backward instead of two blocks.
  drive::Built b = setup(2);
  const Mesh mesh{2, 1, 4, 2, 1};
  const Simulated full = simulate(b, options(b, mesh, 4, DataSharding::full_shard));
  const Simulated grad_op = simulate(b, options(b, mesh, 4, DataSharding::shard_grad_op));
  const Simulated none = simulate(b, options(b, mesh, 4, DataSharding::none));
  CHECK(full.step_s >= grad_op.step_s);
  for (std::size_t s = 0; s < 2; ++s) {
    INFO("stage " << s);
    CHECK(full.stages[s].peak_bytes <= grad_op.stages[s].peak_bytes);
    CHECK(part(full.stages[s], "gathered_parameters") < part(grad_op.stages[s], "gathered_parameters"));
    // Both hold far less than Megatron's 18 bytes per parameter without sharding.
    CHECK(grad_op.stages[s].peak_bytes < none.stages[s].peak_bytes);
  }
}

TEST_CASE("FSDP with one data-parallel rank: nothing to shard, the step is unchanged", "[parallel][megatron][fsdp]") {
  // TP 4 x PP 2 on one DGX A100: every weight has one holder.
  drive::Built b = setup(1);
  const Mesh mesh{4, 1, 1, 2, 1};
  const Simulated none = simulate(b, options(b, mesh, 4, DataSharding::none));
  for (DataSharding mode : {DataSharding::full_shard, DataSharding::shard_grad_op}) {
    const Simulated f = simulate(b, options(b, mesh, 4, mode));
    CHECK(f.step_s == none.step_s);
    for (std::size_t s = 0; s < 2; ++s) CHECK(f.stages[s].peak_bytes == none.stages[s].peak_bytes);
  }
}


TEST_CASE("FSDP + TP 8, OPT-175B-like on 992 A100 80GB: 14 GiB per GPU, 97 GiB without FSDP", "[parallel][megatron][fsdp][memory]") {
  // metaseq's OPT-175B (Zhang et al. 2022, §2.4): 992 A100 80GB, FSDP with Megatron TP 8 (124
  // data-parallel replicas), fp16 weights with fp32 Adam state. Here GPT-3 175B at 2048 tokens,
  // assumed 8 sequences per replica in one micro-batch, full recomputation. Model state is 20
  // bytes per parameter of a TP rank's 21.8 B divided by 124 (3.3 GiB); at the peak, in the last
  // layer's backward, two gathered layers (0.84 GiB) and two layers' unsharded fp16 gradients (the
  // one computing, the one being reduce-scattered: 0.84 GiB), the checkpointed layer inputs
  // (4.8 GiB), the last layer's recomputed activations while its backward runs (Korthikanti et
  // al. 2022 Table 2 with SP: s b h (34/t + 5 a s/(h t)) = 2.87 GB, less its kept input: 2.62
  // GiB), context and 5% slack: 13.82 GiB. Megatron's distributed optimizer alone keeps the fp16
  // weights and gradients unsharded (40.7 GiB each): 96.8 GiB, more than the GPU holds.
  drive::Built b = drive::build_setup(load_scenario(
      k7b, {"strategy=megatron", "nodes=124", "model=gpt3_175b", "precision=amp_fp16", "flash_attention=false"}));
  MegatronOptions o = options(b, Mesh{8, 1, 124, 1, 1}, 1, DataSharding::full_shard);
  o.batch_per_gpu = 8;
  o.recompute = Recompute::full;
  const Simulated sim = simulate(b, o);
  const double GiB = 1073741824.0;
  CHECK(sim.stages[0].peak_bytes / GiB == Approx(13.82).epsilon(0.01));
  CHECK(part(sim.stages[0], "gathered_parameters") / GiB == Approx(0.84).epsilon(0.01));
  const MegatronEstimate e = estimate_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks, o);
  CHECK(e.stage_peak_bytes[0] == Approx(sim.stages[0].peak_bytes).epsilon(0.01));
  o.fsdp = DataSharding::none;
  o.distributed_optimizer = true;
  o.overlap_grad_reduce = true;
  const double without = estimate_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks, o).stage_peak_bytes[0];
  CHECK(without / GiB == Approx(96.84).epsilon(0.01));
  CHECK(without > b.gpu->memory_bytes);
}
