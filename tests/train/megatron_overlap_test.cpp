// Megatron-Core's overlaps (train/megatron_overlap.hpp): gradient buckets, the parameter
// all-gather before the forwards, TransformerEngine's userbuffers TP overlap.
#include <catch2/catch.hpp>

#include <algorithm>

#include "drive/plan.hpp"
#include "drive/run.hpp"
#include "train/megatron.hpp"
#include "train/megatron_overlap.hpp"
#include "topo/catalog.hpp"
#include "work/calibration.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"

using namespace simtrain;
using namespace simtrain::train;
using simtrain::drive::run_scenario;

namespace {
const std::string k7b = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_llama2_7b_fsdp.yaml";
// Llama-2-7B as Megatron-Core trains it: TP 8 with SP inside a DGX A100, one 4096-token
// sequence per micro-batch, the distributed optimizer; extra settings after.
RunResult orun(std::vector<std::string> sets) {
  sets.insert(sets.begin(), {"strategy=megatron", "steps=2", "warmup_steps=1", "software=megatron_te",
                             "flash_attention=true", "fsdp.activation_checkpointing=false", "parallel.tp=8",
                             "parallel.sequence_parallel=true", "parallel.distributed_optimizer=true"});
  return run_scenario(load_scenario(k7b, sets), {});
}
}  // namespace

TEST_CASE("Megatron overlap: gradient buckets, whole blocks in backward order, closed at the first boundary past the size",
          "[megatron][overlap]") {
  // Blocks 1..5 of 30M parameters, 40M a bucket: (5, 4), (3, 2), (1): 60M, 60M, 30M.
  const std::map<int, double> prm{{1, 30e6}, {2, 30e6}, {3, 30e6}, {4, 30e6}, {5, 30e6}};
  const auto b = grad_buckets({1, 2, 3, 4, 5}, prm, {}, 40e6);
  REQUIRE(b.size() == 3);
  CHECK(b[0].blocks == std::vector<int>{5, 4});
  CHECK(b[0].dense == Approx(60e6));
  CHECK(b[2].blocks == std::vector<int>{1});
  // Megatron-Core's default: 40M parameters, or 1M per data-parallel rank beyond 40.
  CHECK(default_bucket_params(8, megatron_core_figures()) == Approx(40e6));
  CHECK(default_bucket_params(96, megatron_core_figures()) == Approx(96e6));
}

TEST_CASE("Megatron overlap: userbuffers, a pipelined collective in 4 chunks runs 3 beside its GEMM and one after; bulk all beside",
          "[megatron][overlap]") {
  CommCalls beside, tail;
  add_overlapped(beside, tail, {2, 400.0}, UbOverlap{UbMethod::pipeline, 24, 4}, 8);
  CHECK(beside.at({2, 100.0}) == 3);
  CHECK(tail.at({2, 100.0}) == 1);
  CommCalls b2, t2;
  add_overlapped(b2, t2, {1, 400.0}, UbOverlap{UbMethod::bulk, 4, 0}, 8);
  CHECK(b2.at({1, 400.0}) == 1);
  CHECK(t2.empty());
  // A ring exchange over tp 4: its first 3 steps as one ring beside, the last chunk after.
  CommCalls b3, t3;
  add_overlapped(b3, t3, {1, 400.0}, UbOverlap{UbMethod::ring_exchange, 1, 0}, 4);
  CHECK(b3.at({1, 300.0}) == 1);
  CHECK(t3.at({1, 100.0}) == 1);
  // The H100 config: proj's forward reduce-scatter is a 4-way pipeline holding 24 SMs, qkv's
  // all-gather a ring exchange of tp chunks.
  const MegatronCoreFigures& f = megatron_core_figures();
  const UbOverlap& proj = ub_overlap(f, UbLayer::proj, false, work::CollectiveKind::reduce_scatter);
  CHECK(ub_chunks(proj, 8) == 4);
  CHECK(proj.sms == 24);
  CHECK(ub_chunks(ub_overlap(f, UbLayer::qkv, false, work::CollectiveKind::all_gather), 8) == 8);
  CHECK(ub_chunks(ub_overlap(f, UbLayer::qkv, true, work::CollectiveKind::reduce_scatter), 8) == 0);
}

TEST_CASE("Megatron overlap: userbuffers, each decoder block's TP GEMMs are qkv, proj, fc1, fc2 in order", "[megatron][overlap]") {
  const work::Model m = *work::load_model("llama2_7b");
  const std::vector<UbLayer> l = ub_layers(m, m.ops.back().block);
  int qkv = 0, proj = 0, fc1 = 0, fc2 = 0;
  for (std::size_t i = 0; i < m.ops.size(); ++i) {
    if (m.ops[i].block != 1) continue;
    qkv += l[i] == UbLayer::qkv;
    proj += l[i] == UbLayer::proj;
    fc1 += l[i] == UbLayer::fc1;
    fc2 += l[i] == UbLayer::fc2;
  }
  CHECK(qkv >= 1);
  CHECK(proj == 1);
  CHECK(fc1 >= 1);
  CHECK(fc2 == 1);
  for (std::size_t i = 0; i < m.ops.size(); ++i)  // the embedding and the head are not overlapped
    if (m.ops[i].block == 0 || m.ops[i].block == m.ops.back().block) CHECK(l[i] == UbLayer::none);
}

TEST_CASE("Megatron overlap: TP overlap between max(compute, communication) and the step without it; never faster than the GEMMs",
          "[megatron][overlap]") {
  const RunResult off = orun({});
  const RunResult on = orun({"parallel.tp_comm_overlap=true"});
  CHECK(on.step_time_s < off.step_time_s);
  CHECK(on.step_time_s >= std::max(on.compute_s, on.comm_total_s) * (1 - 1e-9));
  CHECK(on.step_time_s >= on.gemm_s);
  CHECK(on.comm_exposed_s < off.comm_exposed_s);
  // The same bytes move either way, in more calls (each chunk pays its latency): no less time.
  CHECK(on.comm_total_s >= off.comm_total_s * 0.99);
  // The SMs userbuffers hold slow the GEMMs they overlap: more kernel time than without (the
  // run without overlap loses compute_shared_s to NCCL's TP kernels where they run beside it).
  CHECK(on.compute_s - on.compute_shared_s > off.compute_s - off.compute_shared_s);
  const work::Model m = *work::load_model("llama2_7b");
  const auto catalog = topo::Catalog::load(std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/devices.yaml");
  const work::CostModel cost(catalog->gpus().at("h100_sxm5"),
                             work::load_calibration(work::default_calibration_path(catalog->path()), "h100_sxm5"),
                             work::Precision::amp_bf16);
  for (const work::Op& op : m.ops)
    if (op.block == 1 && op.split == work::Split::row) {  // proj, fc2: 24 and 16 SMs held
      CHECK(ub_forward(cost, op, 1, {}, megatron_core_figures(), UbLayer::proj) > cost.forward(op, 1));
      CHECK(ub_backward(cost, op, 1, {}, megatron_core_figures(), UbLayer::proj) >= cost.backward(op, 1));
    }
}

TEST_CASE("Megatron overlap: DP overlaps, bucketed reduce-scatter and the parameter gather hide under compute, no faster than it",
          "[megatron][overlap]") {
  // Two DGX A100 nodes: TP 8 inside each, DP 2 over InfiniBand.
  const RunResult off = orun({"nodes=2", "grad_accumulation=2"});
  const RunResult grads = orun({"nodes=2", "grad_accumulation=2", "parallel.overlap_grad_reduce=true"});
  const RunResult both =
      orun({"nodes=2", "grad_accumulation=2", "parallel.overlap_grad_reduce=true", "parallel.overlap_param_gather=true"});
  CHECK(grads.step_time_s <= off.step_time_s);
  CHECK(both.step_time_s < grads.step_time_s);
  for (const RunResult* r : {&grads, &both})
    CHECK(r->step_time_s >= std::max(r->compute_s, r->comm_total_s) * (1 - 1e-9));
  // The plan's closed forms move the same way (its tp8 pp1 dp2 row, the scenario's overlaps).
  auto estimate = [](std::vector<std::string> sets) {
    sets.insert(sets.begin(), {"strategy=megatron", "software=megatron_te", "flash_attention=true",
                               "fsdp.activation_checkpointing=false", "nodes=2", "grad_accumulation=2", "parallel.tp=8",
                               "parallel.sequence_parallel=true", "parallel.distributed_optimizer=true"});
    drive::PlanOptions po;
    po.simulate = 0;
    const PlanResult p = drive::plan_layouts(load_scenario(k7b, sets), sets, po);
    for (const PlanRow& r : p.rows)
      if (r.layout.tp == 8 && r.layout.pp == 1 && r.layout.mb == 1 && r.layout.recompute == "none" && r.layout.fsdp == "none")
        return r.estimate_step_s;
    return 0.0;
  };
  const double e_off = estimate({}), e_on = estimate({"parallel.overlap_param_gather=true", "parallel.tp_comm_overlap=true"});
  CHECK(e_off > 0);
  CHECK(e_on < e_off);
  CHECK(e_on >= both.gemm_s);
}

TEST_CASE("Megatron overlap: settings Megatron-LM refuses are errors at their key", "[megatron][overlap][errors]") {
  CHECK_THROWS_WITH(orun({"parallel.sequence_parallel=false", "parallel.tp_comm_overlap=true"}),
                    Catch::Contains("parallel.tp_comm_overlap") && Catch::Contains("sequence_parallel: true"));
  CHECK_THROWS_WITH(orun({"parallel.distributed_optimizer=false", "parallel.overlap_param_gather=true"}),
                    Catch::Contains("parallel.overlap_param_gather") && Catch::Contains("distributed_optimizer: true"));
  CHECK_THROWS_WITH(orun({"parallel.bucket_size=12"}), Catch::Contains("parallel.bucket_size"));
  CHECK_THROWS_WITH(orun({"parallel.tp_comm_overlap=maybe"}), Catch::Contains("parallel.tp_comm_overlap"));
}
