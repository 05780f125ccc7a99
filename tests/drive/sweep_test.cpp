// `simtrain sweep`: each point is exactly the run with its overrides, the ranking follows the
// per-sample figure with points that do not fit after those that do, the table does not depend
// on the thread count, and a bad value is an error at its place in the `sweep:` block.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "drive/run.hpp"
#include "drive/sweep.hpp"
#include "scenario/error.hpp"
#include "scenario/scenario.hpp"

using namespace simtrain;

namespace {
const std::string kSweep = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/sweep_gpt2_1.5b_dgx.yaml";

// A copy of the shipped sweep scenario with one line replaced, in a temporary folder.
std::string variant(const std::string& from, const std::string& to) {
  std::ifstream in(kSweep);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  // The system by path, since the copy is not next to topologies/.
  text.replace(text.find("system: dgx_a100"), 16, "system: " + std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/dgx_a100.yaml");
  const auto path = std::filesystem::temp_directory_path() / "simtrain_sweep_variant.yaml";
  std::ofstream(path) << text;
  return path.string();
}
}  // namespace

TEST_CASE("sweep: every point is the run with its overrides", "[sweep]") {
  const auto axes = drive::sweep_axes(kSweep, {}, {});
  REQUIRE(axes.size() == 3);
  CHECK(axes[0].key == "strategy");
  drive::ScenarioSweepOptions opt;
  opt.jobs = 2;
  const auto points = drive::run_sweep(kSweep, {}, axes, opt);
  REQUIRE(points.size() == 2 * 3 * 2);
  for (const auto& p : points) {
    INFO(p.values[0] << " " << p.values[1] << " " << p.values[2]);
    REQUIRE(p.result);
    const train::RunResult alone = drive::run_scenario(
        load_scenario(kSweep, {"strategy=" + p.values[0], "nodes=" + p.values[1], "batch_per_gpu=" + p.values[2]}), {});
    CHECK(p.result->step_time_s == alone.step_time_s);
    CHECK(p.result->memory_peak_bytes == alone.memory_peak_bytes);
    CHECK(p.result->gpus == 8 * std::stoi(p.values[1]));
  }
}

TEST_CASE("sweep: ranked per sample, points that fit first, the same for any thread count", "[sweep]") {
  const auto axes = drive::sweep_axes(kSweep, {}, {});
  for (report::RankBy by : {report::RankBy::time, report::RankBy::cost, report::RankBy::energy}) {
    drive::ScenarioSweepOptions one, four;
    one.jobs = 1;
    four.jobs = 4;
    one.rank_by = four.rank_by = by;
    const auto a = drive::run_sweep(kSweep, {}, axes, one);
    const auto b = drive::run_sweep(kSweep, {}, axes, four);
    CHECK(report::sweep_to_json(a, axes, by).dump() == report::sweep_to_json(b, axes, by).dump());
    CHECK(report::format_sweep(a, axes, by) == report::format_sweep(b, axes, by));
    bool seen_oom = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      seen_oom = seen_oom || a[i].result->oom;
      CHECK((!seen_oom || a[i].result->oom));  // no fitting point after an OOM one
      if (i > 0 && a[i].result->oom == a[i - 1].result->oom) {
        auto v = [&](const report::SweepPoint& p) {
          return by == report::RankBy::time ? p.per_sample_s : by == report::RankBy::cost ? p.cost_per_million : p.joules_per_sample;
        };
        CHECK(v(a[i - 1]) <= v(a[i]));
      }
    }
  }
}

TEST_CASE("sweep: time per sample is the step over the global batch, DDP of GPT-2 1.5B does not fit 40 GB", "[sweep]") {
  const auto axes = drive::sweep_axes(kSweep, {}, {"optimizer=adamw"});
  const auto points = drive::run_sweep(kSweep, {}, axes, {});
  for (const auto& p : points) {
    const auto& r = *p.result;
    CHECK(p.per_sample_s == Approx(r.step_time_s / (r.batch_per_gpu * r.gpus)));
    // 16 bytes of model state per parameter (1.56 B) alone is 23 GiB; DDP adds buckets and
    // activations past 40 GiB (the README's GPT-2 1.5B DDP case: 54 GiB).
    if (p.values[0] == "ddp") CHECK(r.oom);
  }
  CHECK(points.front().values[0] == "fsdp");
}

TEST_CASE("sweep: bad values and keys are errors at their place, before anything runs", "[sweep][errors]") {
  const std::string bad = variant("batch_per_gpu: [4, 8]", "batch_per_gpu: [4, 0]");
  try {
    drive::run_sweep(bad, {}, drive::sweep_axes(bad, {}, {}), {});
    FAIL("expected an error");
  } catch (const ScenarioError& e) {
    CHECK(e.line() == 20);  // sweep_gpt2_1.5b_dgx.yaml: `batch_per_gpu: [4, 8]` is line 20
    CHECK(e.col() == 22);
    CHECK(e.message().find("value '0' of batch_per_gpu") != std::string::npos);
  }
  const std::string typo = variant("  nodes: [1, 2, 4]", "  node: [1, 2, 4]");
  CHECK_THROWS_WITH(drive::sweep_axes(typo, {}, {}), Catch::Contains("did you mean 'nodes'"));
  CHECK_THROWS_WITH(load_scenario(typo, {}), Catch::Contains("did you mean 'nodes'"));  // a plain run checks it too
  const std::string scalar = variant("nodes: [1, 2, 4]", "nodes: 4");
  CHECK_THROWS_WITH(drive::sweep_axes(scalar, {}, {}), Catch::Contains("non-empty list"));
  CHECK_THROWS_WITH(drive::sweep_axes(kSweep, {"nodes=2"}, {}), Catch::Contains("set it or sweep it"));
  CHECK_THROWS_WITH(drive::sweep_axes(kSweep, {}, {"nodes=8"}), Catch::Contains("swept twice"));
  CHECK_THROWS_WITH(drive::sweep_axes(kSweep, {}, {"modle=gpt2_124m"}), Catch::Contains("did you mean 'model'"));
  try {
    drive::run_sweep(kSweep, {}, drive::sweep_axes(kSweep, {}, {"model=gpt2_1.5b,gpt2_15b"}), {});
    FAIL("expected an error");
  } catch (const ScenarioError& e) {
    CHECK(e.file() == "--sweep model=gpt2_15b");
    CHECK(e.message().find("did you mean 'gpt2_1.5b'") != std::string::npos);
  }
  const std::string none = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_pcie_switch.yaml";
  CHECK_THROWS_WITH(drive::sweep_axes(none, {}, {}), Catch::Contains("nothing to sweep"));
  drive::ScenarioSweepOptions cost;
  cost.rank_by = report::RankBy::cost;
  const std::string unpriced = std::string(SIMTRAIN_TEST_DATA) + "/unpriced/scenario.yaml";  // no prices.yaml
  CHECK_THROWS_WITH(drive::run_sweep(unpriced, {}, drive::sweep_axes(unpriced, {}, {"batch_per_gpu=8,16"}), cost),
                    Catch::Contains("cost.gpu_hour"));
}
