// The data pipeline (sim/data): sanity of the DataLoader, storage, page cache and H2D model.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "drive/run.hpp"

using namespace simtrain;

namespace {
const std::string kRoot = SIMTRAIN_TEST_SOURCE_DIR;
const std::string kScen = kRoot + "/scenarios/";

train::RunResult run(const std::string& path, std::vector<std::string> sets = {}) {
  ScenarioSpec s = load_scenario(path, sets);
  return drive::run_scenario(s, {});
}

std::string slurp(const std::string& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string write_temp(const std::string& name, const std::string& text) {
  const auto dir = std::filesystem::temp_directory_path() / "simtrain_data_test";
  std::filesystem::create_directories(dir);
  const auto p = dir / name;
  std::ofstream(p) << text;
  return p.string();
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

ScenarioError error_of(const std::string& path, std::vector<std::string> sets = {}) {
  try {
    run(path, sets);
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError");
  throw std::logic_error("unreachable");
}
}  // namespace

TEST_CASE("the video scenario is data-bound on its drive and the LMDB fix is not", "[data]") {
  train::RunResult v = run(kScen + "8xA100_video_nvme.yaml");
  train::RunResult l = run(kScen + "8xA100_video_lmdb.yaml");
  INFO("GPU busy: video " << v.compute_s / v.step_time_s << ", lmdb " << l.compute_s / l.step_time_s);
  CHECK(v.compute_s / v.step_time_s < 0.5);
  CHECK(l.compute_s / l.step_time_s > 0.85);
  CHECK(v.bottleneck == "data");
  CHECK(v.data.limiter.rfind("storage nvme0", 0) == 0);
  CHECK(l.bottleneck == "compute");
}

TEST_CASE("more workers never increase the stall until cores run out", "[data]") {
  // ImageNet on a DGX A100: 120 loader cores for 8 GPUs, so up to 15 workers per GPU fit.
  double last = 1e9;
  for (int w : {1, 2, 4, 8, 12, 15}) {
    train::RunResult r = run(kScen + "8xA100_imagenet_resnet50.yaml", {"data.loader.num_workers=" + std::to_string(w)});
    INFO(w << " workers: stall " << r.data_stall_s);
    CHECK(r.data_stall_s <= last + 1e-6);
    last = r.data_stall_s;
  }
  CHECK(last < 1e-3);
  // One worker per GPU starves the GPUs, and the report says the workers are too few.
  train::RunResult one = run(kScen + "8xA100_imagenet_resnet50.yaml", {"data.loader.num_workers=1"});
  CHECK(one.bottleneck == "data");
  CHECK(one.data.limiter == "workers");
}

TEST_CASE("a faster drive never slows anything", "[data]") {
  // The same server with a Gen5 drive (14.5 GB/s) in place of the Gen4 U.2 (7 GB/s).
  const std::string sys = slurp(kRoot + "/topologies/pcie_switch_8gpu.yaml");
  const std::string fast = write_temp("fast_drive_system.yaml",
                                      replace(replace(sys, "model: samsung_pm1733", "model: solidigm_d7_ps1010"),
                                              "{a: nvme0, b: cpu0, kind: pcie4x4}", "{a: nvme0, b: cpu0, kind: pcie5x4}"));
  const std::string scen = slurp(kScen + "8xA100_video_nvme.yaml");
  const std::string fast_scen = write_temp("fast_drive.yaml", replace(scen, "system: pcie_switch_8gpu", "system: " + fast));
  train::RunResult slow_r = run(kScen + "8xA100_video_nvme.yaml");
  train::RunResult fast_r = run(fast_scen);
  CHECK(fast_r.step_time_s <= slow_r.step_time_s);
  CHECK(fast_r.data_stall_s <= slow_r.data_stall_s);
  // And a RAID0 of more drives on a DGX A100 never slows the first epoch of ImageNet.
  double last = 1e9;
  for (std::string devs : {"[nvme0]", "[nvme0, nvme1]", "[nvme0, nvme1, nvme2, nvme3]"}) {
    const std::string s = write_temp("raid.yaml", replace(slurp(kScen + "8xA100_imagenet_resnet50.yaml"),
                                                          "devices: [nvme0, nvme1, nvme2, nvme3]", "devices: " + devs));
    train::RunResult r = run(s, {"data.dataset.bytes_per_sample=2 MB"});
    INFO(devs << ": step " << r.step_time_s);
    CHECK(r.step_time_s <= last + 1e-9);
    last = r.step_time_s;
  }
}

TEST_CASE("a dataset that fits in RAM stalls less from epoch 2 on", "[data]") {
  // 5,000 clips x 24 MB = 120 GB: fits the 256 GiB page cache left on the node.
  train::RunResult r = run(kScen + "8xA100_video_nvme.yaml", {"data.dataset.samples=5000", "data.epochs=2"});
  CHECK(r.data.hit_rate == Approx(1.0));
  REQUIRE(r.data.epoch1_stall_s >= 0);
  INFO("epoch 1 stall " << r.data.epoch1_stall_s << ", later " << r.data_stall_s);
  CHECK(r.data_stall_s < r.data.epoch1_stall_s);
  CHECK(r.data_stall_s < 1e-3);
  // One that does not fit hits only cache / dataset of the time.
  train::RunResult big = run(kScen + "8xA100_video_nvme.yaml", {"data.epochs=2"});
  CHECK(big.data.hit_rate < 0.1);
}

TEST_CASE("H2D copies visibly slow P2P traffic that shares their PCIe switch", "[data]") {
  // ResNet-50 on the PCIe-switch server; an in-RAM dataset whose 4 MB-per-sample batches
  // (1 GiB per GPU per step) cross the same switch uplinks as the all-reduce.
  const std::string h = kScen + "8xA100_pcie_switch.yaml";
  train::RunResult base = run(h);
  train::RunResult fed = run(h, {"data.dataset.samples=100000", "data.dataset.bytes_per_sample=4 MB",
                                 "data.dataset.tensor_bytes_per_sample=4 MB", "data.dataset.format=ram",
                                 "data.loader.num_workers=2"});
  INFO("communication " << base.comm_total_s << " s -> " << fed.comm_total_s << " s");
  CHECK(fed.comm_total_s > base.comm_total_s * 1.05);
}

TEST_CASE("the input batch on the GPU is the loader's copy when that is more than the model reads", "[data][memory]") {
  auto input_batch = [](const train::RunResult& r) {
    for (const auto& [k, v] : r.memory_breakdown)
      if (k == "input_batch") return v;
    return -1.0;
  };
  drive::RunOptions once;
  once.steps_override = 1;
  const std::string v = kScen + "8xA100_video_nvme.yaml";
  // 8 samples a GPU of 600 MB each (a clip of frames copied whole): 4.8 GB held all step.
  const train::RunResult clip = drive::run_scenario(load_scenario(v, {"data.dataset.tensor_bytes_per_sample=600 MB"}), once);
  CHECK(input_batch(clip) == Approx(8 * 600e6));
  // The file's 3 x 512 x 512 uint8 crop (786,432 B) is less than the float32 image DeepLabV3
  // reads (3 x 512^2 x 4 = 3,145,728 B): the float copy is what the step holds.
  const train::RunResult crop = drive::run_scenario(load_scenario(v, {}), once);
  CHECK(input_batch(crop) == Approx(8 * 3.0 * 512 * 512 * 4));
}

TEST_CASE("bad data input names the file, line and column", "[data]") {
  const std::string base = slurp(kScen + "8xA100_imagenet_resnet50.yaml");
  SECTION("a dataset of 0 samples") {
    ScenarioError e = error_of(write_temp("zero.yaml", replace(base, "samples: 1281167", "samples: 0")));
    CHECK(e.line() > 0);
    CHECK(e.col() > 0);
    CHECK(std::string(e.what()).find("at least one sample") != std::string::npos);
  }
  SECTION("an unknown format") {
    ScenarioError e = error_of(write_temp("fmt.yaml", replace(base, "format: files", "format: tfrecords")));
    CHECK(e.line() > 0);
    CHECK(std::string(e.what()).find("shards") != std::string::npos);
  }
  SECTION("an unknown storage kind") {
    ScenarioError e = error_of(write_temp("kind.yaml", replace(base, "kind: nvme", "kind: s3")));
    CHECK(e.line() > 0);
    CHECK(std::string(e.what()).find("nfs") != std::string::npos);
  }
  SECTION("an unknown storage device") {
    ScenarioError e = error_of(write_temp("dev.yaml", replace(base, "nvme3]", "nvme9]")));
    CHECK(e.line() > 0);
    CHECK(std::string(e.what()).find("nvme0") != std::string::npos);
  }
  SECTION("a loader with 0 cores available") {
    ScenarioError e = error_of(write_temp("cores.yaml", replace(base, "    pin_memory: true\n", "    pin_memory: true\n    cpu_cores: 8\n")));
    CHECK(e.line() > 0);
    CHECK(std::string(e.what()).find("0 CPU cores available") != std::string::npos);
  }
}

TEST_CASE("a data-bound run measures the loader's steady state, not its transient", "[data]") {
  // The video scenario's NVMe drive is the bottleneck: its queue and the workers' waves take
  // tens of steps to settle. The default run must land where a long run does (512 steps after
  // the same warm-up), within the 1% its convergence test allows plus the wave rounding.
  const std::string path = kScen + "8xA100_video_nvme.yaml";
  const train::RunResult auto_steps = run(path);
  CHECK(auto_steps.sought_steady_state);
  CHECK(auto_steps.steady_state);
  drive::RunOptions long_run;
  long_run.steps_override = 512;
  const train::RunResult longer = drive::run_scenario(load_scenario(path, {}), long_run);
  CHECK_FALSE(longer.sought_steady_state);  // --steps: the steps the user asked for
  CHECK(auto_steps.step_time_s == Approx(longer.step_time_s).epsilon(0.02));
  CHECK(auto_steps.data_stall_s / auto_steps.step_time_s == Approx(longer.data_stall_s / longer.step_time_s).epsilon(0.03));
}

TEST_CASE("near the storage limit the run goes on until the loader's prefetch queue has drained", "[data]") {
  // 13 MB a sample: at the GPUs' own pace (94.6 ms a step, 676 samples/s) the loader must read
  // 8.79 GB/s from a 7.00 GB/s drive. The queue the workers fill during the warm-up hides that
  // for tens of steps (equal halves, no stall); once it has drained, each step waits for its
  // share of the drive: the stall is 1 - supply / demand = 1 - 7.00 / 8.79 = 20% of the step.
  const std::string path = kScen + "8xA100_video_nvme.yaml";
  const train::RunResult r = run(path, {"data.dataset.bytes_per_sample=13 MB"});
  CHECK(r.steady_state);
  CHECK(r.bottleneck == "data");
  CHECK(r.data_stall_s / r.step_time_s == Approx(1 - 7.00 / 8.79).margin(0.02));
  CHECK(r.data.unsettled.empty());
  // A long run agrees (300 steps, most of them after the queue has drained).
  drive::RunOptions long_run;
  long_run.steps_override = 300;
  const train::RunResult longer = drive::run_scenario(load_scenario(path, {"data.dataset.bytes_per_sample=13 MB"}), long_run);
  CHECK(r.step_time_s == Approx(longer.step_time_s).epsilon(0.02));
}
