// The network fit (drive/net_fit.hpp): a log the model itself produced with known parameters
// is fitted back to them, and a fitted section is refused on another system.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "drive/collective.hpp"
#include "drive/net_fit.hpp"
#include "scenario/error.hpp"
#include "scenario/nccl_tests_log.hpp"

using namespace simtrain;
namespace fs = std::filesystem;

namespace {

const std::string kPair = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/tests/data/netcal/h100_pcie_nvlink_pair.yaml";

// An all_reduce_perf log of `sizes` as the model runs them on `system` (all GPUs of `nodes`
// nodes; the pair by default) with the fits `truth` applied.
std::string model_log(const std::vector<work::NetworkCalibration>& truth, const std::vector<long long>& sizes,
                      const std::string& system = kPair, int nodes = 1) {
  auto cluster = topo::load_system(system, nodes);
  coll::NcclParams p = coll::NcclParams::load_default(cluster->catalog().path());
  const std::vector<int> ranks = cluster->first_gpus_of_each_node(cluster->gpus_per_node());
  drive::apply_network_calibration(truth, *cluster, p, ranks);
  coll::Planner planner(*cluster, p);
  std::string log =
      "# nccl-tests version 2.20.0\n# Collective test starting: all_reduce_perf\n"
      "# nThread 1 nGpus 1 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
      "#\n# Using devices\n";
  for (std::size_t i = 0; i < ranks.size(); ++i)
    log += fmt::format("#  Rank {:>2} Group  0 Pid {:>6} on {:>10} device {:>2} [0x00] {}\n", i, i,
                       "host" + std::to_string(cluster->device(cluster->gpu(ranks[i])).node),
                       ranks[i] % cluster->gpus_per_node(), cluster->gpu_model(ranks[i]).name);
  log +=
      "#\n#                                                              out-of-place                       in-place\n"
      "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
      "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n";
  for (long long s : sizes) {
    coll::Request req;
    req.ranks = ranks;
    req.bytes = static_cast<double>(s);
    const report::SweepRow r = drive::simulate_one(*cluster, planner, req, false);
    log += fmt::format("{:>12} {:>13} {:>9} {:>7} {:>7} {:>8.2f} {:>7.3f} {:>7.3f} {:>6}\n", s, s / 4, "float", "sum", -1,
                       r.time_us, r.algbw_gbps, r.busbw_gbps, "N/A");
  }
  return log + "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 1\n";
}

}  // namespace

TEST_CASE("a log the model made with NVLink efficiency 0.40, its own step latencies per protocol and an LL bound is fitted back to them") {
  work::NetworkCalibration truth;
  truth.link_efficiency["nvlink4"] = 0.40;
  truth.step_latency_scale["nvlink"] = {2.0, std::nullopt, 1.5};  // LL 2x, Simple 1.5x slower per step
  truth.ll_max_busbw = 12e9;
  std::vector<long long> sizes;
  for (long long s = 8192; s <= 4LL << 30; s *= 2) sizes.push_back(s);
  const NcclTestsLog log = parse_nccl_tests_log(model_log({truth}, sizes), "model.log");
  drive::NetFitOptions o;
  o.system_path = kPair;
  const drive::NetFit fit = drive::fit_network(log, o);
  // The plateau pins the bridge's efficiency; the sizes the model runs with LL, LL's step
  // latency and its bound; those it runs with Simple below the plateau, Simple's.
  REQUIRE(fit.calibration.link_efficiency.count("nvlink4") == 1);
  CHECK(fit.calibration.link_efficiency.at("nvlink4") == Approx(0.40).epsilon(0.01));
  REQUIRE(fit.calibration.step_latency_scale.count("nvlink") == 1);
  const auto& scales = fit.calibration.step_latency_scale.at("nvlink");
  REQUIRE(scales[0]);
  CHECK(*scales[0] == Approx(2.0).epsilon(0.05));
  REQUIRE(scales[2]);
  CHECK(*scales[2] == Approx(1.5).epsilon(0.05));
  REQUIRE(fit.calibration.ll_max_busbw);
  CHECK(*fit.calibration.ll_max_busbw == Approx(12e9).epsilon(0.05));
  // Every size of the log is then within 1% (the log prints times to 0.01 us).
  for (const auto& row : fit.report.after.rows) {
    REQUIRE(row.busbw_error);
    CHECK(std::abs(*row.busbw_error) < 0.01);
  }
  // A one-node log says nothing of the NICs, and the file says what it was fitted on.
  CHECK(fit.report.undetermined.front().find("NICs") != std::string::npos);
  CHECK(fit.calibration.min_bytes == 8192);
  CHECK(fit.yaml.find("nvlink4: 0.4") != std::string::npos);
}

TEST_CASE("a log of large sizes only fits the bandwidth, not the latency; small sizes only, the reverse") {
  work::NetworkCalibration truth;
  truth.link_efficiency["nvlink4"] = 0.5;
  drive::NetFitOptions o;
  o.system_path = kPair;
  const drive::NetFit large =
      drive::fit_network(parse_nccl_tests_log(model_log({truth}, {1LL << 30, 2LL << 30, 4LL << 30}), "large.log"), o);
  CHECK(large.calibration.link_efficiency.at("nvlink4") == Approx(0.5).epsilon(0.01));
  CHECK(large.calibration.step_latency_scale.empty());
  const drive::NetFit small = drive::fit_network(parse_nccl_tests_log(model_log({truth}, {8192, 16384, 32768}), "small.log"), o);
  CHECK(small.calibration.link_efficiency.empty());
  CHECK(small.calibration.step_latency_scale.count("nvlink") == 1);
}

TEST_CASE("a network section fitted on one system is refused on another, at its system line") {
  const fs::path file = fs::temp_directory_path() / ("simtrain_netcal_test_" + std::to_string(::getpid()) + ".yaml");
  {
    std::ofstream out(file);
    out << "gpu: \"NVIDIA H100 PCIe\"\ncatalog_key: h100_pcie\nnetwork:\n  system: \"2x H100 PCIe on an NVLink bridge\"\n"
           "  log: {file: x.log, op: all_reduce, ranks: 2, nodes: 1, gpus_per_node: 2, min_size: 1024 B, max_size: 4096 B}\n"
           "  link_efficiency: {nvlink4: 0.4}\n";
  }
  const auto cal = work::load_network_calibration(file.string());
  REQUIRE(cal.size() == 1);
  CHECK(cal.front().link_efficiency.at("nvlink4") == 0.4);
  auto pair = topo::load_system(kPair, 1);
  coll::NcclParams p = coll::NcclParams::load_default(pair->catalog().path());
  CHECK_NOTHROW(drive::apply_network_calibration(cal, *pair, p, {0, 1}));
  auto a100 = topo::load_system(std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/dgx_a100.yaml", 1);
  try {
    drive::apply_network_calibration(cal, *a100, p, {0, 1});
    FAIL("applied on another GPU");
  } catch (const ScenarioError& e) {
    CHECK(std::string(e.what()).find(":2:") != std::string::npos);  // catalog_key's line
  }
  fs::remove(file);
}

TEST_CASE("a step latency factor is one for every protocol, or given per protocol; an absent protocol keeps NCCL's") {
  const fs::path file = fs::temp_directory_path() / ("simtrain_netcal_proto_" + std::to_string(::getpid()) + ".yaml");
  {
    std::ofstream out(file);
    out << "gpu: \"NVIDIA H100 PCIe\"\ncatalog_key: h100_pcie\nnetwork:\n  system: \"2x H100 PCIe on an NVLink bridge\"\n"
           "  log: {file: x.log, op: all_reduce, ranks: 2, nodes: 1, gpus_per_node: 2, min_size: 1024 B, max_size: 4096 B}\n"
           "  step_latency_scale: {nvlink: 1.5, pcie: {ll: 2, simple: 0.5}}\n  ll_max_busbw: 20 GB/s\n";
  }
  const auto cals = work::load_network_calibration(file.string());
  fs::remove(file);
  REQUIRE(cals.size() == 1);
  const work::NetworkCalibration* cal = &cals.front();
  const auto& nvlink = cal->step_latency_scale.at("nvlink");
  const auto& pcie = cal->step_latency_scale.at("pcie");
  CHECK((nvlink[0] == 1.5 && nvlink[1] == 1.5 && nvlink[2] == 1.5));
  CHECK((pcie[0] == 2.0 && !pcie[1] && pcie[2] == 0.5));
  CHECK(cal->ll_max_busbw == 20e9);
  // Applied: NCCL's PCIe LL step doubles, its LL128 step stays, the LL bound is set.
  auto pair = topo::load_system(kPair, 1);
  const coll::NcclParams base = coll::NcclParams::load_default(pair->catalog().path());
  coll::NcclParams p = base;
  drive::apply_network_calibration(cals, *pair, p, {0, 1});
  CHECK(p.protocols[0].ring_step_ps[1] == 2 * base.protocols[0].ring_step_ps[1]);
  CHECK(p.protocols[1].ring_step_ps[1] == base.protocols[1].ring_step_ps[1]);
  CHECK(p.protocols[0].max_busbw_bytes_per_s[0] == 20e9);  // a one-node log's: rings inside a node
  CHECK(p.protocols[0].max_busbw_bytes_per_s[1] == 0);
  // And the text written for it reads back the same.
  work::NetworkCalibration written = *cal;
  written.path.clear();
  const fs::path again = fs::temp_directory_path() / ("simtrain_netcal_proto2_" + std::to_string(::getpid()) + ".yaml");
  { std::ofstream(again) << work::network_calibration_to_yaml({written}); }
  const auto backs = work::load_network_calibration(again.string());
  fs::remove(again);
  REQUIRE(backs.size() == 1);
  const work::NetworkCalibration* back = &backs.front();
  CHECK(back->step_latency_scale.at("pcie")[0] == 2.0);
  CHECK(!back->step_latency_scale.at("pcie")[1]);
  CHECK(back->ll_max_busbw == 20e9);
}

TEST_CASE("a multi-node log fitted on top of a one-node fit (--base) keeps the NVLink figures, fits the fabric, and writes both") {
  const std::string a100 = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/dgx_a100.yaml";
  work::NetworkCalibration node, fabric;
  node.nodes = 1;
  node.link_efficiency["nvlink3"] = 0.60;
  fabric.nodes = 2;
  fabric.link_efficiency["ib_hdr"] = 0.70;
  std::vector<long long> sizes;
  for (long long s = 1LL << 20; s <= 4LL << 30; s *= 4) sizes.push_back(s);
  drive::NetFitOptions o;
  o.system_path = a100;
  // The box first: its plateau pins NVLink.
  const drive::NetFit one = drive::fit_network(parse_nccl_tests_log(model_log({node}, sizes, a100, 1), "node.log"), o);
  REQUIRE(one.calibration.link_efficiency.count("nvlink3") == 1);
  CHECK(one.calibration.link_efficiency.at("nvlink3") == Approx(0.60).epsilon(0.01));
  // Then two boxes (their log made with the box's fit and the fabric's efficiency), with the
  // box's fit as the base: the plateau pins the HDR links.
  o.nodes = 2;
  o.base = {one.calibration};
  o.base.front().path = "node.yaml";
  const std::string two_log = model_log({one.calibration, fabric}, sizes, a100, 2);
  const drive::NetFit two = drive::fit_network(parse_nccl_tests_log(two_log, "two.log"), o);
  REQUIRE(two.calibration.link_efficiency.count("ib_hdr") == 1);
  CHECK(two.calibration.link_efficiency.at("ib_hdr") == Approx(0.70).epsilon(0.01));
  CHECK(two.calibration.link_efficiency.count("nvlink3") == 0);
  CHECK(two.report.undetermined.front().find("node.yaml") != std::string::npos);
  // The file holds both fits, the box's first, and reads back as such.
  const fs::path file = fs::temp_directory_path() / ("simtrain_netcal_two_" + std::to_string(::getpid()) + ".yaml");
  { std::ofstream(file) << two.yaml; }
  const auto fits = work::load_network_calibration(file.string());
  fs::remove(file);
  REQUIRE(fits.size() == 2);
  CHECK(fits[0].nodes == 1);
  CHECK(fits[0].link_efficiency.at("nvlink3") == Approx(0.60).epsilon(0.01));
  CHECK(fits[1].nodes == 2);
  CHECK(fits[1].link_efficiency.at("ib_hdr") == Approx(0.70).epsilon(0.01));
  // A base of the log's own scope is refused.
  o.base = {two.calibration};
  o.base.front().log_field = fits[1].log_field;
  CHECK_THROWS_AS(drive::fit_network(parse_nccl_tests_log(two_log, "two.log"), o), ScenarioError);
}
