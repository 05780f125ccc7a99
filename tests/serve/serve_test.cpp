// Serving (sim/serve): the physics of one iteration, the memory plan and the scheduler, each
// against what the roofline or the engines' behaviour says it must be.
#include <catch2/catch.hpp>

#include <memory>
#include <numeric>

#include "coll/collective.hpp"
#include "coll/nccl_params.hpp"
#include "serve/iteration_cost.hpp"
#include "serve/requests.hpp"
#include "serve/serve_run.hpp"
#include "serve/serving_model.hpp"
#include "topo/cluster.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"

using namespace simtrain;
using namespace simtrain::serve;

namespace {

std::string scenario(const std::string& name) { return std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/" + name; }

// One replica's iteration cost for a scenario, built as serve_run builds it.
struct Rig {
  ServeSpec spec;
  std::unique_ptr<topo::Cluster> cluster;
  std::shared_ptr<const work::Model> model;
  ServingModel sm;
  std::unique_ptr<work::CostModel> cost;
  std::unique_ptr<coll::Planner> planner;
  std::unique_ptr<IterationCost> it;
  explicit Rig(const std::string& file, const std::vector<std::string>& set = {})
      : spec(load_serve_scenario(scenario(file), set)) {
    cluster = topo::load_scenario_system(spec.base, 1);
    const topo::GpuModel& g = cluster->gpu_model(0);
    model = work::load_model(spec.model_ref);
    sm = serving_model(*model, spec.tp);
    work::ComputeCalibration cal = work::load_calibration(work::default_calibration_path(cluster->catalog().path()), g.key);
    const TimePs launch = cal.launch_ps;
    cal.launch_ps = 0;
    cost = std::make_unique<work::CostModel>(g, cal, work::Precision::bf16);
    ReplicaComm comm;
    std::vector<int> ranks(static_cast<std::size_t>(spec.tp));
    std::iota(ranks.begin(), ranks.end(), 0);
    comm.stage_ranks = {ranks};
    if (spec.tp > 1) {
      planner = std::make_unique<coll::Planner>(*cluster, coll::NcclParams::load_default(cluster->catalog().path()));
      comm.planner = planner.get();
    }
    it = std::make_unique<IterationCost>(sm, *cost, spec, shipped_serving_data().kernels, launch, comm);
  }
  double decode_s(long long seqs, long long context) {
    BatchMix m;
    m.decode_seqs = seqs;
    m.decode_context = seqs * context;
    m.sampled = seqs;
    return ps_to_seconds(it->time(m).total_ps);
  }
};

}  // namespace

TEST_CASE("serve: decode time per token grows with the context", "[serve]") {
  // Llama-3-8B on one H100, 32 sequences: each reads its whole KV cache every step (128 KiB a
  // token in bf16: 32 layers x 2 x 8 KV heads x 128 x 2 B), so 4096 tokens of context add
  // 32 x 4096 x 128 KiB = 16 GiB of reads to the 16 GB of weights: about twice the step.
  Rig r("serve_8b_1xh100.yaml");
  const double short_ctx = r.decode_s(32, 256), long_ctx = r.decode_s(32, 4096);
  CHECK(long_ctx > short_ctx);
  CHECK(long_ctx / short_ctx == Approx(2.0).margin(0.35));
  CHECK(r.decode_s(32, 1024) > short_ctx);
  CHECK(r.decode_s(32, 1024) < long_ctx);
}

TEST_CASE("serve: decode time per token shrinks with the batch until compute-bound", "[serve]") {
  // The weights are read once per step whatever the batch: per token the step's cost falls as
  // 1/D while the step is bound by that read, then levels off once the GEMMs' 2 x params FLOPs
  // a token exceed it (the roofline's ridge: H100 989 TFLOPS / (3.35 TB/s x 0.8) ~ 370 FLOP/B,
  // ~185 tokens of bf16 weights), never below params x 2 FLOPs / peak.
  Rig r("serve_8b_1xh100.yaml");
  double last = 1e9;
  for (long long d : {1, 4, 16, 64, 256}) {
    const double per_token = r.decode_s(d, 64) / static_cast<double>(d);
    CHECK(per_token < last);
    last = per_token;
  }
  // One sequence: the weights' read, 15 GB at 0.8 x 3.35 TB/s = 5.6 ms, plus kernel gaps.
  CHECK(r.decode_s(1, 64) == Approx(0.0056).epsilon(0.25));
  // Very large batches: compute-bound, so per token the step stops falling: 2048 vs 4096
  // sequences differ by under 15% a token, and each token costs at least its FLOPs at peak.
  const double a = r.decode_s(2048, 64) / 2048, b = r.decode_s(4096, 64) / 4096;
  CHECK(b == Approx(a).epsilon(0.15));
  CHECK(b > 2 * 7.0e9 / 989e12);
}

TEST_CASE("serve: TP 2 never halves decode latency exactly (the per-layer all-reduces)", "[serve]") {
  // Two H100s of a DGX H100 over NVLink: each GPU reads half the weights, but every layer adds
  // two all-reduces of batch x hidden x 2 B at NCCL's small-message latency (several us each,
  // 64 per step), so the step is longer than half of TP 1's.
  Rig one("serve_8b_1xh100.yaml");
  Rig two("serve_8b_1xh100.yaml", {"gpus_per_node=2", "serve.tp=2"});
  for (long long d : {1, 16, 64}) {
    const double t1 = one.decode_s(d, 512), t2 = two.decode_s(d, 512);
    CHECK(t2 > t1 / 2);
    CHECK(t2 < t1);
  }
}

TEST_CASE("serve: a model or a request the KV cache cannot hold is reported, never truncated", "[serve]") {
  SECTION("Llama-3-70B in bf16 on 1x A100-80GB: 141 GB of weights on an 80 GB card") {
    const ServeSpec spec = load_serve_scenario(scenario("serve_70b_4xa100_tp4.yaml"), {"gpus_per_node=1", "serve.tp=1"});
    const ServeResult r = run_serve(spec);
    CHECK_FALSE(r.memory.fits);
    CHECK_FALSE(r.figures.has_value());
    CHECK(r.memory.weights_bytes > 130e9);
    CHECK(r.memory.verdict.find("does not fit") != std::string::npos);
  }
  SECTION("the same in int4: 37 GB, it fits and serves") {
    const ServeSpec spec = load_serve_scenario(scenario("serve_70b_4xa100_tp4.yaml"),
                                               {"gpus_per_node=1", "serve.tp=1", "serve.weights=int4", "serve.requests.count=40"});
    const ServeResult r = run_serve(spec);
    CHECK(r.memory.fits);
    REQUIRE(r.figures.has_value());
    CHECK(r.figures->output_tokens > 0);
  }
  SECTION("a cache smaller than one request: refused with its size, not run") {
    // Llama-3-8B on an L4 at 70% of its 24 GiB: 16.7 GiB of weights, workspace and context leave
    // 0.06 GiB, fewer than the 1280 tokens x 128 KiB of the longest request.
    const ServeSpec spec = load_serve_scenario(scenario("serve_8b_1xl4.yaml"), {"serve.memory_fraction=0.70"});
    const ServeResult r = run_serve(spec);
    CHECK_FALSE(r.memory.fits);
    CHECK(r.memory.verdict.find("KV cache") != std::string::npos);
  }
}

TEST_CASE("serve: a full KV cache preempts and recomputes; every request still gets all its tokens", "[serve]") {
  // An L4 with a small cache under a burst: requests are admitted as blocks allow, running ones
  // are preempted when the cache fills, and each still produces exactly its output length.
  const ServeSpec spec = load_serve_scenario(
      scenario("serve_8b_1xl4.yaml"),
      {"serve.memory_fraction=0.76", "serve.arrival.rate=50", "serve.requests.count=60", "serve.output.min=200", "serve.output.max=256"});
  const ServeResult r = run_serve(spec);
  REQUIRE(r.memory.fits);
  REQUIRE(r.figures.has_value());
  const std::vector<Request> reqs = draw_requests(spec, spec.rate_per_s);
  long long out = 0;
  for (const Request& q : reqs) out += q.output;
  CHECK(r.figures->output_tokens == out);
  CHECK(r.figures->preemptions > 0);
  CHECK(r.figures->kv_peak <= 1.0);
  CHECK(r.figures->kv_peak > 0.9);
}

TEST_CASE("serve: the same scenario gives the same figures; the seed and the rate move only what they should", "[serve]") {
  const ServeSpec spec = load_serve_scenario(scenario("serve_8b_1xh100.yaml"), {"serve.requests.count=100"});
  const ServeResult a = run_serve(spec), b = run_serve(spec);
  REQUIRE(a.figures.has_value());
  CHECK(a.figures->ttft_s.p99 == b.figures->ttft_s.p99);
  CHECK(a.figures->output_tokens_per_s == b.figures->output_tokens_per_s);
  // Lengths come from their own stream: another rate draws the same lengths.
  const auto r1 = draw_requests(spec, 1.0), r2 = draw_requests(spec, 7.0);
  for (std::size_t i = 0; i < r1.size(); ++i) {
    CHECK(r1[i].prompt == r2[i].prompt);
    CHECK(r1[i].output == r2[i].output);
  }
}

TEST_CASE("serve: --slo finds a rate that meets the targets and one above it that does not", "[serve]") {
  const ServeSpec spec = load_serve_scenario(scenario("serve_8b_1xh100.yaml"), {"serve.requests.count=200"});
  ServeOptions opt;
  opt.slo = parse_slo("ttft_p99=500ms,tpot_p99=40ms");
  const ServeResult r = run_serve(spec, opt);
  REQUIRE(r.slo.has_value());
  REQUIRE(r.slo->found);
  CHECK(r.slo->at_rate.ttft_s.p99 <= 0.5);
  CHECK(r.slo->at_rate.tpot_s.p99 <= 0.04);
  CHECK(r.slo->failing_rate_per_s > r.slo->rate_per_s);
  CHECK(r.slo->failing_rate_per_s / r.slo->rate_per_s <= 1.0101);
  CHECK_THROWS_AS(parse_slo("ttft_p95=1s"), ScenarioError);
}

TEST_CASE("serve: --slo says so when no rate meets a target a lone request misses", "[serve]") {
  // Llama-3-8B in bf16 on an L4: every decode step reads 15 GiB of weights at 0.8 x 300 GB/s,
  // about 67 ms, so TPOT 50 ms is missed however few requests arrive.
  const ServeSpec spec = load_serve_scenario(scenario("serve_8b_1xl4.yaml"), {"serve.requests.count=50"});
  ServeOptions opt;
  opt.slo = parse_slo("tpot_p99=50ms");
  const ServeResult r = run_serve(spec, opt);
  REQUIRE(r.slo.has_value());
  CHECK_FALSE(r.slo->found);
  CHECK(r.slo->binding == "tpot_p99=50ms");
  REQUIRE(r.figures.has_value());
  CHECK(r.figures->tpot_s.p50 > 0.060);
}
