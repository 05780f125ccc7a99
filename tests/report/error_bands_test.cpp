// Error bands (report/error_bands.hpp): the grouping of validation results into bands, the
// optimistic/pessimistic sign per unit, the lookup for each kind of run with its fallback, the
// bands file's round trip and its errors, and the committed file in step with the lookup.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "report/error_bands.hpp"
#include "scenario/error.hpp"

using namespace simtrain;
using report::BandGroup;
using report::ValidationResult;

namespace {

ValidationResult result(const std::string& category, const std::string& unit, double error, const std::string& arch,
                        const std::string& gpu) {
  ValidationResult r;
  r.c.id = category + std::to_string(error);
  r.c.category = category;
  r.c.unit = unit;
  r.c.measured = 100;
  r.simulated = 100 * (1 + error);
  r.error = error;
  r.gpu = gpu;
  r.gpu_arch = arch;
  return r;
}

ValidationResult collective(double size_bytes, int nodes, double error, const std::string& arch, const std::string& gpu) {
  ValidationResult r = result("collective", "GB/s", error, arch, gpu);
  r.c.collective = report::CollectiveCase{};
  r.c.collective->size_bytes = size_bytes;
  r.c.collective->nodes = nodes;
  return r;
}

const BandGroup* group(const std::vector<BandGroup>& gs, const std::string& cat, const std::string& gen,
                       const std::string& size = "", const std::string& scope = "") {
  for (const BandGroup& g : gs)
    if (g.category == cat && g.generation == gen && g.size_class == size && g.scope == scope) return &g;
  return nullptr;
}

ScenarioError error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError");
  throw std::logic_error("unreachable");
}

train::RunResult run_of(int gpus, const std::string& strategy, long long seq_len, const std::string& arch) {
  train::RunResult r;
  r.gpus = gpus;
  r.strategy = strategy;
  r.seq_len = seq_len;
  r.gpu_arch = arch;
  return r;
}

}  // namespace

TEST_CASE("optimism sign per unit", "[bands]") {
  SECTION("a rate is optimistic when simulated above measured: busbw, TFLOP/s, img/s, tokens/s/GPU") {
    for (const char* u : {"GB/s", "TFLOP/s", "TFLOP/s/GPU", "img/s", "seq/s", "tokens/s/GPU"})
      CHECK(report::optimism_sign(u) == 1);
  }
  SECTION("the largest batch is optimistic when simulated above measured (it promises a batch that fails)") {
    CHECK(report::optimism_sign("samples/GPU") == 1);
  }
  SECTION("a time or memory is optimistic when simulated below measured: s/step, s/iteration, GiB") {
    for (const char* u : {"s/step", "s/iteration", "s", "GiB"}) CHECK(report::optimism_sign(u) == -1);
  }
  SECTION("an unknown unit is refused rather than given a guessed direction") {
    CHECK_THROWS_AS(report::optimism_sign("furlongs"), std::invalid_argument);
  }
}

TEST_CASE("GPU generation from the catalog's arch", "[bands]") {
  SECTION("sm_70 Volta, sm_80 and sm_86 Ampere, sm_89 Ada, sm_90 Hopper; an unknown arch stays as given") {
    CHECK(report::gpu_generation("sm_70") == "Volta");
    CHECK(report::gpu_generation("sm_80") == "Ampere");
    CHECK(report::gpu_generation("sm_86") == "Ampere");
    CHECK(report::gpu_generation("sm_89") == "Ada");
    CHECK(report::gpu_generation("sm_90") == "Hopper");
    CHECK(report::gpu_generation("gfx942") == "gfx942");
  }
  SECTION("names drop the vendor words: NVIDIA A100-SXM4-80GB -> A100-SXM4-80GB, Tesla V100 -> V100") {
    CHECK(report::short_gpu_name("NVIDIA A100-SXM4-80GB") == "A100-SXM4-80GB");
    CHECK(report::short_gpu_name("Tesla V100-SXM2-32GB") == "V100-SXM2-32GB");
    CHECK(report::short_gpu_name("NVIDIA GeForce RTX 4090") == "RTX 4090");
  }
}

TEST_CASE("bands group validation results", "[bands]") {
  // FSDP: three A100 throughput cases (+10%, -20%, +30%) and one H100 step-time case (-40%).
  std::vector<ValidationResult> rs = {
      result("fsdp", "tokens/s/GPU", 0.10, "sm_80", "NVIDIA A100-SXM4-80GB"),
      result("fsdp", "tokens/s/GPU", -0.20, "sm_80", "NVIDIA A100-SXM4-80GB"),
      result("fsdp", "tokens/s/GPU", 0.30, "sm_80", "NVIDIA A100-SXM4-40GB"),
      result("fsdp", "s/step", -0.40, "sm_90", "NVIDIA H100 80GB HBM3"),
  };
  ValidationResult bound = result("fsdp", "samples/GPU", 5.0, "sm_80", "NVIDIA A100-SXM4-80GB");
  bound.c.bound = "at_least";
  ValidationResult anchor = result("fsdp", "tokens/s/GPU", 3.0, "sm_80", "NVIDIA A100-SXM4-80GB");
  anchor.c.anchor = true;
  rs.push_back(bound);
  rs.push_back(anchor);
  const auto gs = report::compute_bands(rs);

  SECTION("all GPUs: |errors| 0.1 0.2 0.3 0.4 -> n 4, median 0.25, worst 0.4; bound and anchor left out") {
    const BandGroup* g = group(gs, "fsdp", "all");
    REQUIRE(g);
    CHECK(g->cases == 4);
    CHECK(g->median_abs_error == Approx(0.25));
    CHECK(g->worst_abs_error == Approx(0.4));
  }
  SECTION("optimism: +0.1 -0.2 +0.3 as rates, and the step time 40% short is +0.4 -> mean +0.15") {
    CHECK(group(gs, "fsdp", "all")->mean_optimism == Approx(0.15));
  }
  SECTION("Ampere: 0.1 0.2 0.3 -> n 3, median 0.2, worst 0.3, both A100 names listed") {
    const BandGroup* g = group(gs, "fsdp", "Ampere");
    REQUIRE(g);
    CHECK(g->cases == 3);
    CHECK(g->median_abs_error == Approx(0.2));
    CHECK(g->worst_abs_error == Approx(0.3));
    CHECK(g->gpus == std::vector<std::string>{"A100-SXM4-40GB", "A100-SXM4-80GB"});
  }
  SECTION("Hopper: the one step-time case -> n 1, median 0.4, optimistic +0.4") {
    const BandGroup* g = group(gs, "fsdp", "Hopper");
    REQUIRE(g);
    CHECK(g->cases == 1);
    CHECK(g->median_abs_error == Approx(0.4));
    CHECK(g->mean_optimism == Approx(0.4));
  }
  SECTION("order: all first, then generations by arch (Ampere sm_80 before Hopper sm_90)") {
    REQUIRE(gs.size() == 3);
    CHECK(gs[0].generation == "all");
    CHECK(gs[1].generation == "Ampere");
    CHECK(gs[2].generation == "Hopper");
  }
  SECTION("a category with only bounds or anchors has no band (no figure to give)") {
    CHECK(report::compute_bands({bound, anchor}).empty());
  }
}

TEST_CASE("collective bands by size class and scope", "[bands]") {
  const double mib = 1024.0 * 1024.0;
  const std::vector<ValidationResult> rs = {
      collective(32 * 1024, 1, 0.05, "sm_90", "NVIDIA H200"),         // small, intra-node
      collective(8 * mib, 1, -0.10, "sm_90", "NVIDIA H200"),          // medium, intra-node
      collective(1024 * mib, 1, 0.02, "sm_80", "NVIDIA A100-SXM4-80GB"),  // large, intra-node
      collective(8192 * mib, 2, -0.04, "sm_80", "NVIDIA A100-SXM4-80GB"),  // large, multi-node
  };
  const auto gs = report::compute_bands(rs);
  SECTION("1 MiB and 64 MiB bound the classes: 32 KiB small, 8 MiB medium, 64 MiB large") {
    CHECK(report::collective_size_class(32 * 1024) == "small");
    CHECK(report::collective_size_class(1 * mib) == "medium");
    CHECK(report::collective_size_class(64 * mib - 1) == "medium");
    CHECK(report::collective_size_class(64 * mib) == "large");
  }
  SECTION("the whole category counts all four; each class and scope its own") {
    CHECK(group(gs, "collective", "all")->cases == 4);
    CHECK(group(gs, "collective", "all", "small", "intra_node")->cases == 1);
    CHECK(group(gs, "collective", "all", "large", "intra_node")->cases == 1);
    CHECK(group(gs, "collective", "all", "large", "multi_node")->median_abs_error == Approx(0.04));
    CHECK(group(gs, "collective", "Ampere", "large", "multi_node")->cases == 1);
    CHECK(group(gs, "collective", "all", "small", "multi_node") == nullptr);
  }
}

TEST_CASE("bands file round trip and errors", "[bands]") {
  const std::vector<ValidationResult> rs = {
      result("ddp", "img/s", -0.10, "sm_80", "NVIDIA A100-SXM4-40GB"),
      result("ddp", "img/s", 0.20, "sm_70", "Tesla V100-SXM2-32GB"),
      result("memory", "GiB", 0.05, "sm_80", "NVIDIA A100-SXM4-80GB"),
  };
  const auto gs = report::compute_bands(rs);
  const std::string yaml = report::format_bands_yaml(gs);

  SECTION("what is written is read back: same groups, figures to four decimals") {
    const report::ErrorBands b = report::parse_error_bands(yaml, "bands.yaml");
    REQUIRE(b.groups.size() == gs.size());
    for (std::size_t i = 0; i < gs.size(); ++i) {
      CHECK(b.groups[i].category == gs[i].category);
      CHECK(b.groups[i].generation == gs[i].generation);
      CHECK(b.groups[i].cases == gs[i].cases);
      CHECK(b.groups[i].median_abs_error == Approx(gs[i].median_abs_error).margin(5e-5));
      CHECK(b.groups[i].gpus == gs[i].gpus);
    }
  }
  SECTION("the same results give the same bytes") { CHECK(report::format_bands_yaml(report::compute_bands(rs)) == yaml); }
  SECTION("an unknown category is an error at its line and column, with the valid names") {
    const ScenarioError e = error_of([] {
      report::parse_error_bands(
          "bands:\n  - category: dpp\n    generation: all\n    gpus: []\n    what: x\n    cases: 1\n"
          "    median_abs_error: 0.1\n    worst_abs_error: 0.2\n    mean_optimism: 0\n",
          "bands.yaml");
    });
    CHECK(e.line() == 2);
    CHECK(e.col() == 15);
    CHECK_THAT(e.what(), Catch::Contains("ddp"));
  }
  SECTION("a missing figure names the band's place") {
    const ScenarioError e = error_of([] {
      report::parse_error_bands("bands:\n  - category: ddp\n    generation: all\n    gpus: []\n    what: x\n    cases: 1\n",
                                "bands.yaml");
    });
    CHECK(e.line() == 2);
    CHECK_THAT(e.what(), Catch::Contains("median_abs_error"));
  }
  SECTION("a missing file is a ScenarioError naming it, not a crash") {
    const ScenarioError e = error_of([] { report::load_error_bands("/nonexistent/error_bands.yaml"); });
    CHECK_THAT(e.what(), Catch::Contains("/nonexistent/error_bands.yaml"));
  }
}

TEST_CASE("the band of each kind of run", "[bands]") {
  // DDP on Ampere and Volta, FSDP and 3-D on Ampere, CNN on one Ada GPU, memory on Ampere.
  const std::vector<ValidationResult> rs = {
      result("ddp", "img/s", -0.10, "sm_80", "NVIDIA A100-SXM4-40GB"),
      result("ddp", "img/s", -0.30, "sm_70", "Tesla V100-SXM2-32GB"),
      result("fsdp", "tokens/s/GPU", 0.20, "sm_80", "NVIDIA A100-SXM4-80GB"),
      result("parallel_3d", "s/iteration", -0.05, "sm_80", "NVIDIA A100-SXM4-80GB"),
      result("cnn_1gpu", "img/s", 0.15, "sm_89", "NVIDIA GeForce RTX 4090"),
      result("memory", "GiB", 0.08, "sm_80", "NVIDIA A100-SXM4-80GB"),
  };
  const report::ErrorBands bands = report::parse_error_bands(report::format_bands_yaml(report::compute_bands(rs)), "b.yaml");

  SECTION("one GPU, an image model (no sequence) -> cnn_1gpu; with a sequence -> transformer_1gpu") {
    CHECK(report::run_kind(run_of(1, "ddp", 0, "sm_89"), false).category == "cnn_1gpu");
    CHECK(report::run_kind(run_of(1, "ddp", 512, "sm_89"), false).category == "transformer_1gpu");
  }
  SECTION("more GPUs: ddp -> ddp, fsdp and zero1..3 -> fsdp, megatron -> parallel_3d; memory -> memory") {
    CHECK(report::run_kind(run_of(8, "ddp", 0, "sm_80"), false).category == "ddp");
    CHECK(report::run_kind(run_of(8, "fsdp", 4096, "sm_80"), false).category == "fsdp");
    CHECK(report::run_kind(run_of(8, "zero2", 4096, "sm_80"), false).category == "fsdp");
    CHECK(report::run_kind(run_of(64, "megatron", 2048, "sm_90"), false).category == "parallel_3d");
    CHECK(report::run_kind(run_of(64, "megatron", 2048, "sm_90"), true).category == "memory");
  }
  SECTION("DDP on Ampere: the one Ampere case, 10%, no fallback, the model pessimistic (throughput low)") {
    const auto b = report::lookup_band(bands, report::run_kind(run_of(8, "ddp", 0, "sm_80"), false), "step_time");
    CHECK(b.found);
    CHECK_FALSE(b.fallback);
    CHECK(b.cases == 1);
    CHECK(b.median_abs_error == Approx(0.10));
    CHECK(b.mean_optimism == Approx(-0.10));
    CHECK_THAT(b.description, Catch::Contains("median error of 1 public multi-GPU DDP runs on Ampere (A100-SXM4-40GB)"));
    CHECK_THAT(report::band_text(b), Catch::Contains("tends pessimistic"));
  }
  SECTION("DDP on Ada: no Ada case, so both DDP cases on all GPUs (median 20%), and it says so") {
    const auto b = report::lookup_band(bands, report::run_kind(run_of(4, "ddp", 0, "sm_89"), false), "step_time");
    CHECK(b.found);
    CHECK(b.fallback);
    CHECK(b.cases == 2);
    CHECK(b.median_abs_error == Approx(0.20));
    CHECK_THAT(b.description, Catch::Contains("no public multi-GPU DDP runs on Ada: median error of 2 on other GPUs"));
  }
  SECTION("a single-GPU transformer: no case of the kind at all, so no figure, and it says so") {
    const auto b = report::lookup_band(bands, report::run_kind(run_of(1, "ddp", 512, "sm_80"), false), "step_time");
    CHECK_FALSE(b.found);
    CHECK_THAT(report::band_text(b), Catch::StartsWith("no public run of this kind validated"));
  }
  SECTION("a 3-D step time 5% short on Ampere is optimistic: +5% on average") {
    const auto b = report::lookup_band(bands, report::run_kind(run_of(64, "megatron", 2048, "sm_80"), false), "step_time");
    CHECK(b.mean_optimism == Approx(0.05));
    CHECK_THAT(report::band_text(b), Catch::Contains("+-5.0%") && Catch::Contains("tends optimistic (+5.0% on average)"));
  }
  SECTION("peak memory 8% above measured is pessimistic; on Hopper it falls back to the Ampere case") {
    const auto b = report::lookup_band(bands, report::run_kind(run_of(8, "fsdp", 4096, "sm_90"), true), "peak_memory");
    CHECK(b.fallback);
    CHECK(b.mean_optimism == Approx(-0.08));
  }
  SECTION("a run gives step time, throughput (the same band) and peak memory; run time only with run:") {
    const auto r = run_of(8, "fsdp", 4096, "sm_80");
    const auto v = report::bands_for_run(bands, r);
    REQUIRE(v.size() == 3);
    CHECK(v[0].figure == "step_time");
    CHECK(v[1].figure == "throughput");
    CHECK(v[1].median_abs_error == v[0].median_abs_error);
    CHECK(v[2].figure == "peak_memory");
  }
}

TEST_CASE("the committed bands file loads and covers the categories validate reports", "[bands]") {
  // validation/error_bands.yaml is generated; cli.validate checks it against the model. Here:
  // it parses, and the kinds a headline run takes have an all-GPU band.
  const report::ErrorBands b = report::load_error_bands(report::default_error_bands_path());
  for (const char* cat : {"collective", "cnn_1gpu", "ddp", "fsdp", "parallel_3d", "memory"}) {
    report::RunKind k;
    k.category = cat;
    k.generation = "all";
    INFO(cat);
    CHECK(report::lookup_band(b, k, "step_time").found);
  }
}
