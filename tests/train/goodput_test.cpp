// The whole run (train/goodput.hpp): Young's interval, the lost work per failure and the
// expected wall clock in closed form, then whole scenarios.
#include <catch2/catch.hpp>

#include <cmath>

#include "drive/run.hpp"
#include "scenario/error.hpp"
#include "train/goodput.hpp"
#include "train/strategy.hpp"

using namespace simtrain;


TEST_CASE("Young's interval is sqrt(2 x write time x MTBF)", "[goodput]") {
  SECTION("a 60 s checkpoint and a 10 h MTBF: sqrt(2 x 60 x 36,000) = 2,078.5 s") {
    CHECK(train::young_interval_s(60, 36000) == Approx(2078.46).epsilon(1e-5));
  }
  SECTION("four times the write time doubles the interval: sqrt(2 x 240 x 36,000) = 4,156.9 s") {
    CHECK(train::young_interval_s(240, 36000) == Approx(4156.92).epsilon(1e-5));
  }
  SECTION("no failures: no checkpoints are needed (an infinite interval)") {
    CHECK(std::isinf(train::young_interval_s(60, train::kForever)));
  }
}

TEST_CASE("the job's MTBF is 1 / (rate per GPU x GPUs + rate per node x nodes)", "[goodput]") {
  SECTION("Llama 3: 419 interruptions in 54 days on 16,384 GPUs is one every 54 x 24 / 419 = 3.093 h") {
    const double per_gpu_hour = 419.0 / (54 * 24 * 16384.0);
    CHECK(train::job_mtbf_s(per_gpu_hour, 0, 16384, 2048) == Approx(54 * 24 * 3600.0 / 419).epsilon(1e-12));
    CHECK(train::job_mtbf_s(per_gpu_hour, 0, 16384, 2048) / 3600 == Approx(3.093).epsilon(1e-3));
  }
  SECTION("1e-5 per GPU-hour x 8 GPUs + 1e-4 per node-hour x 1 node = 1.8e-4 per hour: 5,555.6 h") {
    CHECK(train::job_mtbf_s(1e-5, 1e-4, 8, 1) == Approx(3600 / 1.8e-4).epsilon(1e-12));
  }
  SECTION("no failures: an infinite MTBF") { CHECK(std::isinf(train::job_mtbf_s(0, 0, 8, 1))); }
}

TEST_CASE("a failure loses half a segment of work and writing on average", "[goodput]") {
  SECTION("every 2,000 s of work a 60 s checkpoint: (2,000 + 60) / 2 = 1,030 s lost per failure") {
    CHECK(train::lost_work_per_failure_s(2000, 60) == Approx(1030));
  }
}

TEST_CASE("the expected wall clock is W (1 + delta/tau) / (1 - (R + (tau + delta)/2) / M)", "[goodput]") {
  SECTION("100 h of work, 60 s checkpoints every hour, MTBF 10 h, 10 min restart") {
    // T = 360,000 x (1 + 60/3,600) / (1 - (600 + 1,830) / 36,000) = 366,000 / 0.9325 = 392,493.3 s.
    const train::Goodput g = train::expected_run({360000, 60, 3600, 36000, 600});
    REQUIRE(g.finishes);
    CHECK(g.wall_s == Approx(392493.3).epsilon(1e-6));
    CHECK(g.checkpoints == Approx(100));
    CHECK(g.checkpoint_s == Approx(6000));                 // 100 checkpoints x 60 s
    CHECK(g.failures == Approx(392493.3 / 36000).epsilon(1e-6));  // 10.90 failures
    CHECK(g.lost_per_failure_s == Approx(1830));
    // Each failure costs 600 s + 1,830 s: the failures' time is 10.90 x 2,430 = 26,493.3 s.
    CHECK(g.failure_s == Approx(26493.3).epsilon(1e-5));
    CHECK(g.work_s + g.checkpoint_s + g.failure_s == Approx(g.wall_s));
    CHECK(g.goodput() == Approx(360000 / 392493.3).epsilon(1e-6));  // 91.7%
    // Power: training over the work and the redone 1,800 s per failure, idle for the rest.
    CHECK(g.busy_s == Approx(360000 + g.failures * 1800));
    CHECK(g.busy_s + g.idle_s == Approx(g.wall_s));
  }
  SECTION("no failures and no checkpoints: the wall clock is the work") {
    const train::Goodput g = train::expected_run({360000, 60, train::kForever, train::kForever, 600});
    CHECK(g.wall_s == Approx(360000));
    CHECK(g.failures == 0);
    CHECK(g.checkpoints == 0);
  }
  SECTION("a restart longer than the MTBF: the run does not finish, and says so") {
    const train::Goodput g = train::expected_run({360000, 60, 3600, 36000, 36000});
    CHECK_FALSE(g.finishes);
    CHECK(std::isinf(g.wall_s));
  }
}

TEST_CASE("more GPUs lose a larger share of the run to failures", "[goodput]") {
  // 60 s checkpoints, 10 min restarts, Llama 3's rate, Young's interval at each scale: the
  // share lost to failures, (R + (tau + delta) / 2) / M, grows as M shrinks with the GPUs.
  const double per_gpu_hour = 419.0 / (54 * 24 * 16384.0);
  double last = -1;
  for (int gpus : {8, 64, 512, 4096, 16384, 65536}) {
    const double m = train::job_mtbf_s(per_gpu_hour, 0, gpus, gpus / 8);
    const double tau = train::young_interval_s(60, m);
    const train::Goodput g = train::expected_run({30 * 86400.0, 60, tau, m, 600});
    REQUIRE(g.finishes);
    const double share = g.failure_s / g.wall_s;
    INFO(gpus << " GPUs: failure share " << share);
    CHECK(share == Approx((600 + (tau + 60) / 2) / m).epsilon(1e-9));
    CHECK(share > last);
    last = share;
  }
}

TEST_CASE("topologies/reliability.yaml gives Llama 3's rate and a relaunch time", "[goodput]") {
  const train::Reliability r = train::load_reliability(std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/reliability.yaml");
  // 419 / (54 x 24 x 16,384) = 1.9733e-5 per GPU-hour.
  CHECK(r.failures_per_gpu_hour == Approx(1.9733e-5).epsilon(1e-4));
  CHECK(r.failures_per_node_hour == 0);
  CHECK(r.relaunch_s == Approx(600));  // assumption: 10 min
}

namespace {
const std::string kScen = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/";

train::RunResult run(const std::string& name, const std::vector<std::string>& sets) {
  return drive::run_scenario(load_scenario(kScen + name, sets), {});
}

ScenarioError run_error(const std::string& name, const std::vector<std::string>& sets) {
  try {
    run(name, sets);
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError");
  throw std::logic_error("unreachable");
}
}  // namespace

TEST_CASE("a run given in tokens: steps, checkpoint size and the share lost by scale", "[goodput][train]") {
  SECTION("Llama-2-7B on 8 A100s, 1 B tokens: 8 x 4,096 tokens a step, almost nothing lost to failures") {
    const train::RunResult r = run("8xA100_llama2_7b_fsdp.yaml", {"run.tokens=1e9"});
    const train::WholeRun& w = r.whole_run;
    REQUIRE(w.enabled);
    CHECK(w.tokens_per_step == 8 * 4096);
    CHECK(w.steps == 30518);  // ceil(1e9 / 32,768)
    // FSDP, bf16 parameters + Adam with fp32 master weights: 2 + 12 bytes per parameter.
    CHECK(w.checkpoint_bytes == Approx(static_cast<double>(r.params) * 14));
    // One node, nvme0 (Samsung PM1733, 3,800 MB/s written, devices.yaml).
    CHECK(w.write_bytes_per_s == Approx(3.8e9));
    CHECK(w.write_s == Approx(w.checkpoint_bytes / 3.8e9));
    CHECK(w.mtbf_s == Approx(3600 / (8 * 419.0 / (54 * 24 * 16384.0))));  // 6,335 h
    CHECK(w.interval_s == Approx(std::sqrt(2 * w.write_s * w.mtbf_s)));
    CHECK(w.expected.failure_s / w.expected.wall_s < 0.005);
    CHECK(w.expected.work_s == Approx(30518 * r.step_time_s));
    CHECK(r.run_hours == Approx(w.expected.wall_s / 3600));
    CHECK(r.priced);
    CHECK(w.cost > 0);
  }
  SECTION("Llama 3 405B on 16,384 H100s: a failure every 3.1 h takes several percent of the run") {
    const train::RunResult r = run("16384xH100_llama3_405b_tp8_pp16.yaml", {"run.tokens=15.6e12"});
    const train::WholeRun& w = r.whole_run;
    REQUIRE(w.expected.finishes);
    CHECK(w.mtbf_s / 3600 == Approx(3.093).epsilon(1e-3));
    // Megatron, bf16 weights + Adam states and fp32 master weights: 2 + 12 bytes per parameter.
    CHECK(w.checkpoint_bytes == Approx(static_cast<double>(r.params) * 14));
    // 2,048 nodes each writing its own nvme0 at 3,800 MB/s.
    CHECK(w.write_bytes_per_s == Approx(2048 * 3.8e9));
    const double share = w.expected.failure_s / w.expected.wall_s;
    CHECK(share == Approx((w.restart_s + (w.interval_s + w.write_s) / 2) / w.mtbf_s).epsilon(1e-9));
    CHECK(share > 0.03);
    CHECK(w.expected.goodput() < 0.97);
  }
}

TEST_CASE("a run given in epochs or steps", "[goodput][train]") {
  SECTION("ResNet-50 on 8 GPUs, 90 epochs of ImageNet-1k's 1,281,167 images at 2,048 a step: 56,302 steps") {
    const train::RunResult r = run("8xA100_pcie_switch.yaml", {"run.epochs=90", "run.dataset_samples=1281167"});
    CHECK(r.whole_run.steps == 56302);  // ceil(90 x 1,281,167 / 2,048)
    CHECK(r.run_steps == 56302);
  }
  SECTION("no failures: no checkpoints, the wall clock is steps x step time") {
    const train::RunResult r = run("8xA100_pcie_switch.yaml", {"run.failures.per_gpu_hour=0"});
    CHECK(r.whole_run.expected.checkpoints == 0);
    CHECK(r.whole_run.expected.wall_s == Approx(45000 * r.step_time_s));
  }
}

TEST_CASE("run: errors name the key", "[goodput][errors]") {
  SECTION("a token count for a model without tokens") {
    const ScenarioError e = run_error("8xA100_pcie_switch.yaml", {"run.tokens=1e9"});
    CHECK(e.key() == "run.tokens");
    CHECK(std::string(e.what()).find("no tokens") != std::string::npos);
  }
  SECTION("a checkpoint storage the system does not have") {
    const ScenarioError e = run_error("8xA100_pcie_switch.yaml", {"run.checkpoint.storage=nvme7"});
    CHECK(e.key() == "run.checkpoint.storage");
    CHECK(std::string(e.what()).find("nvme0") != std::string::npos);
  }
}
