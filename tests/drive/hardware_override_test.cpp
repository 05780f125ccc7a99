// What-ifs on the hardware (scenario/file_override.hpp): `--set system.*` and `--set catalog.*`
// change the loaded cluster by exactly the value given and nothing else, move bus bandwidth
// and step time the way the physics says (more bandwidth: faster; more oversubscription:
// slower), name the --set in their errors, and keep searches told apart.
#include <catch2/catch.hpp>

#include "coll/nccl_params.hpp"
#include "drive/collective.hpp"
#include "drive/run.hpp"
#include "drive/search.hpp"
#include "scenario/error.hpp"
#include "scenario/file_override.hpp"
#include "topo/cluster.hpp"
#include "train/strategy.hpp"

using namespace simtrain;

namespace {
const std::string kSrc = SIMTRAIN_TEST_SOURCE_DIR;
const std::string kDgx = kSrc + "/topologies/dgx_a100.yaml";
const std::string kGpt2x4 = kSrc + "/scenarios/4xdgx_a100_gpt2_1.5b.yaml";
const std::string kGpt2x16 = kSrc + "/tests/data/hardware_whatif/gpt2_16x_dgx_oversubscription.yaml";

HardwareOverrides sets(const std::vector<std::pair<std::string, std::string>>& kv) {
  HardwareOverrides hw;
  for (const auto& [k, v] : kv) {
    const FileOverride o = *parse_hardware_override(k, v);
    (o.file == OverrideFile::system ? hw.system : hw.catalog).push_back(o);
  }
  return hw;
}

// busbw (GB/s) of a 1 GiB all-reduce over every GPU of the cluster.
double busbw_1gib(const topo::Cluster& c, coll::Algo algo) {
  coll::Planner planner(c, coll::NcclParams::load_default(c.catalog().path()));
  drive::SweepOptions opt;
  opt.request.algo = algo;
  opt.request.ranks = c.first_gpus_of_each_node(c.gpus_per_node());
  opt.min_bytes = opt.max_bytes = 1073741824.0;
  return drive::run_sweep(c, planner, opt).rows.at(0).busbw_gbps;
}

double step_time_s(const std::string& scenario, const std::vector<std::string>& set) {
  drive::RunOptions ro;
  return drive::run_scenario(load_scenario(scenario, set), ro).step_time_s;
}
}  // namespace

TEST_CASE("a catalog override scales every link of its kind by exactly its factor", "[hwset]") {
  // ib_hdr is 200 Gb/s in topologies/devices.yaml; 400 Gb/s doubles the peak and (at the kind's
  // unchanged efficiency) the capacity of every NIC port and fabric link of that kind, and
  // leaves NVLink, PCIe and the CPUs' links as they were.
  const auto base = topo::load_system(kDgx, 2);
  const auto fast = topo::load_system(kDgx, 2, "", "", {}, sets({{"catalog.link_kinds.ib_hdr.bandwidth", "400 Gb/s"}}));
  REQUIRE(base->directed_link_count() == fast->directed_link_count());
  int ib = 0;
  for (net::LinkId id = 0; id < base->directed_link_count(); ++id) {
    const topo::Link& a = base->link(id);
    const topo::Link& b = fast->link(id);
    REQUIRE(a.kind == b.kind);
    if (a.kind == "ib_hdr") {
      ++ib;
      CHECK(b.capacity_bytes_per_s == 2 * a.capacity_bytes_per_s);
      CHECK(b.peak_bytes_per_s == 400e9 / 8 * a.count);
    } else {
      CHECK(b.capacity_bytes_per_s == a.capacity_bytes_per_s);
    }
  }
  // Both directions of: 2 nodes x 8 NICs to their rail leaves, and the 8 rail leaves' uplinks
  // to the 20 spines a 40-port QM8700 leaf has at 1:1.
  CHECK(ib == 2 * (2 * 8 + 8 * 20));
}

TEST_CASE("a system override changes the loaded cluster as the file would", "[hwset]") {
  SECTION("links[1] is gpu0's 12 NVLink3 links to the NVSwitch: count 6 halves that link's capacity, no other") {
    const auto base = topo::load_system(kDgx, 1);
    const auto half = topo::load_system(kDgx, 1, "", "", {}, sets({{"system.links[1].count", "6"}}));
    int changed = 0;
    for (net::LinkId id = 0; id < base->directed_link_count(); ++id) {
      if (base->link(id).capacity_bytes_per_s == half->link(id).capacity_bytes_per_s) continue;
      ++changed;
      CHECK(half->link(id).capacity_bytes_per_s == base->link(id).capacity_bytes_per_s / 2);
      CHECK(half->link(id).kind == "nvlink3");
    }
    CHECK(changed == 2);  // both directions of the one edge
  }
  SECTION("a 40-port leaf at 4:1 gives 32 ports to NICs and 8 to spines (20 and 20 at 1:1)") {
    auto spines = [](const topo::Cluster& c) {
      int n = 0;
      for (auto [v, end] = boost::vertices(c.graph()); v != end; ++v) n += c.device(*v).name.rfind("spine", 0) == 0;
      return n;
    };
    const auto one = topo::load_system(kDgx, 16, "", "fat_tree");
    const auto four = topo::load_system(kDgx, 16, "", "fat_tree", {}, sets({{"system.fabric.oversubscription", "4"}}));
    CHECK(one->fabric().oversubscription == 1);
    CHECK(four->fabric().oversubscription == 4);
    CHECK(spines(*one) == 20);
    CHECK(spines(*four) == 8);
  }
}

TEST_CASE("more NIC bandwidth: more busbw and a shorter step; more oversubscription: less busbw, a longer step",
          "[hwset]") {
  SECTION("ib_hdr at 100, 200, 400 Gb/s on 4 DGX A100 nodes") {
    std::vector<double> bus, step;
    for (const char* bw : {"100 Gb/s", "200 Gb/s", "400 Gb/s"}) {
      const auto c = topo::load_system(kDgx, 4, "", "", {}, sets({{"catalog.link_kinds.ib_hdr.bandwidth", bw}}));
      bus.push_back(busbw_1gib(*c, coll::Algo::ring));
      step.push_back(step_time_s(kGpt2x4, {"strategy=fsdp", std::string("catalog.link_kinds.ib_hdr.bandwidth=") + bw}));
    }
    // The ring's inter-node step runs at the NIC's rate until another link (PCIe, NVLink)
    // binds: 100 -> 200 Gb/s nearly doubles busbw, 400 Gb/s adds less.
    CHECK(bus[1] > 1.9 * bus[0]);
    CHECK(bus[2] > bus[1]);
    CHECK(step[0] > step[1]);
    CHECK(step[1] > step[2]);
  }
  SECTION("a 16-node fat tree with adaptive routing at 1:1, 2:1, 4:1, tree all-reduce") {
    std::vector<double> bus, step;
    for (const char* o : {"1", "2", "4"}) {
      const auto c = topo::load_system(
          kDgx, 16, "", "fat_tree", {},
          sets({{"system.fabric.oversubscription", o}, {"system.fabric.routing", "adaptive"}}));
      bus.push_back(busbw_1gib(*c, coll::Algo::tree));
      step.push_back(step_time_s(kGpt2x16, {"system.fabric.topology=fat_tree", "system.fabric.routing=adaptive",
                                            std::string("system.fabric.oversubscription=") + o}));
    }
    CHECK(bus[0] > bus[1]);
    CHECK(bus[1] > bus[2]);
    CHECK(step[0] < step[1]);
    CHECK(step[1] < step[2]);
  }
}

TEST_CASE("hardware override errors name the --set", "[hwset]") {
  SECTION("an unknown key: what is there, and the near miss") {
    try {
      drive::RunOptions ro;
      drive::run_scenario(load_scenario(kGpt2x4, {"system.fabric.oversubscriptoin=2"}), ro);
      FAIL("expected an error");
    } catch (const ScenarioError& e) {
      CHECK(e.file() == "--set system.fabric.oversubscriptoin=2");
      CHECK_THAT(e.message(), Catch::Contains("did you mean 'oversubscription'"));
      CHECK_THAT(e.message(), Catch::Contains("topology, switch, link, oversubscription"));
    }
  }
  SECTION("a negative bandwidth is the catalog loader's error, at the --set") {
    try {
      topo::load_system(kDgx, 1, "", "", {}, sets({{"catalog.link_kinds.ib_hdr.bandwidth", "-100 Gb/s"}}));
      FAIL("expected an error");
    } catch (const ScenarioError& e) {
      CHECK(e.file() == "--set catalog.link_kinds.ib_hdr.bandwidth=-100 Gb/s");
      CHECK(e.line() == 0);
      CHECK_THAT(e.message(), Catch::Contains("negative"));
    }
  }
  SECTION("a value that is a block") {
    CHECK_THROWS_WITH(topo::load_system(kDgx, 1, "", "", {}, sets({{"system.fabric", "x"}})),
                      Catch::Contains("is a block, not a value"));
  }
}

TEST_CASE("a search's fingerprint tells hardware overrides apart", "[hwset]") {
  const nlohmann::json a = {{"command", "sweep"}, {"set", {"catalog.link_kinds.ib_hdr.bandwidth=200 Gb/s"}}};
  const nlohmann::json b = {{"command", "sweep"}, {"set", {"catalog.link_kinds.ib_hdr.bandwidth=400 Gb/s"}}};
  CHECK(drive::search_identity(a, kGpt2x4, "v").fingerprint != drive::search_identity(b, kGpt2x4, "v").fingerprint);
}

TEST_CASE("the figures a planner asks about are reachable: a GPU's memory and clock, a drive's bandwidth, routing",
          "[hwset]") {
  const auto c = topo::load_system(kDgx, 2, "", "", {},
                                   sets({{"catalog.gpus.a100_sxm4_40gb.memory", "80 GiB"},
                                         {"catalog.gpus.a100_sxm4_40gb.peak.bf16", "350 TFLOPS"},
                                         {"catalog.storage.samsung_pm1733.read_bandwidth", "14 GB/s"},
                                         {"system.fabric.routing", "adaptive"}}));
  CHECK(c->gpu_model(0).memory_bytes == 80.0 * 1024 * 1024 * 1024);
  CHECK(c->gpu_model(0).peak_flops.at("bf16") == 350e12);
  CHECK(c->gpu_model(0).peak_flops.at("fp16") == 312e12);  // the file's, untouched
  CHECK(c->catalog().storage_models().at("samsung_pm1733").read_bandwidth_bytes_per_s == 14e9);
  CHECK(c->fabric().routing == "adaptive");
  // A faster clock (bf16 peak 312 -> 350 TFLOPS) shortens a compute-bound step.
  CHECK(step_time_s(kGpt2x4, {"strategy=fsdp", "catalog.gpus.a100_sxm4_40gb.peak.bf16=350 TFLOPS"}) <
        step_time_s(kGpt2x4, {"strategy=fsdp"}));
}
