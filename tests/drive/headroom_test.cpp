// Searches compare equal work and keep memory headroom.
//   Equal work: a run given in steps trains steps x its own global batch samples; a search
//   holds that figure (run.samples) so a configuration of more GPUs runs fewer steps, exactly
//   samples / its global batch (arithmetic, no model).
//   Headroom: peak x (1 + margin) <= capacity (report/headroom.hpp); 77.4 GiB of an 80 GiB
//   GPU (the 13B answer advise once gave) does not fit with the 12 % memory band.
#include <catch2/catch.hpp>

#include <string>

#include "drive/run.hpp"
#include "report/headroom.hpp"
#include "scenario/error.hpp"

using namespace simtrain;

namespace {
std::string scenario(const char* name) { return std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/" + name; }
}  // namespace

TEST_CASE("a run given in steps is held as samples at the scenario's own global batch", "[headroom][equal_work]") {
  const ScenarioSpec spec = load_scenario(scenario("8xA100_pcie_switch.yaml"), {});
  // 8 GPUs x batch 256 x no accumulation.
  CHECK(drive::scenario_samples_per_step(spec) == Approx(2048));
  const drive::EqualWork w = drive::equal_work(spec);
  REQUIRE(w.sets.size() == 1);
  CHECK(w.sets[0] == "run.samples=92160000");  // 45,000 steps x 2,048
  // The same work on 64 H200s: 92,160,000 / (64 x 256) = 5,625 steps.
  drive::RunOptions o;
  o.steps_override = 1;
  const auto r = drive::run_scenario(
      load_scenario(scenario("8xA100_pcie_switch.yaml"), {"system=dgx_h200", "nodes=8", w.sets[0]}), o);
  CHECK(r.whole_run.steps == 5625);
}

TEST_CASE("a megatron scenario's global batch counts its data-parallel replicas, not its GPUs", "[headroom][equal_work]") {
  // 16 GPUs at tp 8 x pp 2: one replica x batch_per_gpu x grad_accumulation.
  const ScenarioSpec spec = load_scenario(scenario("16xA100_llama_65b_tp8_pp2.yaml"), {});
  CHECK(drive::scenario_samples_per_step(spec) == Approx(static_cast<double>(spec.batch_per_gpu * spec.grad_accumulation)));
}

TEST_CASE("memory headroom: the peak plus its margin must fit", "[headroom]") {
  constexpr double GiB = 1073741824.0;
  CHECK(report::fits_with_margin(77.4 * GiB, 80 * GiB, 0));
  CHECK_FALSE(report::fits_with_margin(77.4 * GiB, 80 * GiB, 0.12));  // 86.7 GiB
  CHECK(report::fits_with_margin(70.7 * GiB, 80 * GiB, 0.12));        // 79.2 GiB
  CHECK(*report::parse_memory_margin("15%") == Approx(0.15));
  CHECK(*report::parse_memory_margin("0.15") == Approx(0.15));
  CHECK(*report::parse_memory_margin("0") == 0);
  CHECK_FALSE(report::parse_memory_margin("auto").has_value());
  CHECK_THROWS_AS(report::parse_memory_margin("15"), ScenarioError);  // a share above 1: 15 % or 1500 %?
  CHECK_THROWS_AS(report::parse_memory_margin("-5%"), ScenarioError);
  // The band's median error is the default; --memory-margin replaces it.
  train::ErrorBand b;
  b.figure = "peak_memory";
  b.found = true;
  b.median_abs_error = 0.1232;
  CHECK(report::memory_margin(std::nullopt, {b}).fraction == Approx(0.1232));
  CHECK(report::memory_margin(0.0, {b}).fraction == 0);
  CHECK(report::memory_margin(std::nullopt, {}).fraction == 0);
}
