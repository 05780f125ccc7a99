#include <catch2/catch.hpp>

#include "topo/topo_matrix.hpp"

using namespace simtrain;
using namespace simtrain::topo;

namespace {
const std::string kTopo = std::string(SIMTRAIN_SOURCE_DIR) + "/topologies/";
}

TEST_CASE("every shipped system loads", "[topo]") {
  for (const char* s : {"dgx_a100", "dgx_h100", "hgx_a100_4gpu", "pcie_switch_8gpu", "workstation_4x4090",
                        "workstation_4xa100_pcie", "dgx1_v100"}) {
    INFO(s);
    auto c = load_system(kTopo + s + ".yaml");
    CHECK(c->gpu_count() >= 4);
  }
}

TEST_CASE("pcie_switch_8gpu: NV12 bridged pairs, PIX in a switch, SYS across sockets", "[topo]") {
  auto c = load_system(kTopo + "pcie_switch_8gpu.yaml");
  CHECK(relation(*c, c->gpu(0), c->gpu(1)) == "NV12");
  CHECK(relation(*c, c->gpu(0), c->gpu(2)) == "PIX");
  CHECK(relation(*c, c->gpu(0), c->gpu(4)) == "SYS");
  CHECK(relation(*c, c->gpu(5), c->gpu(4)) == "NV12");
  CHECK(numa_node(*c, c->gpu(0)) == 0);
  CHECK(numa_node(*c, c->gpu(7)) == 1);
}

TEST_CASE("dgx_a100: NV12 through the NVSwitch, PXB to the nearest NICs", "[topo]") {
  auto c = load_system(kTopo + "dgx_a100.yaml");
  CHECK(relation(*c, c->gpu(0), c->gpu(7)) == "NV12");
  CHECK(relation(*c, c->gpu(0), c->nic(0, 0)) == "PXB");
  CHECK(relation(*c, c->gpu(0), c->nic(0, 7)) == "SYS");
  std::string m = topo_matrix(*c);
  CHECK_THAT(m, Catch::StartsWith("\tGPU0\tGPU1\t"));
  CHECK_THAT(m, Catch::Contains("NV#  = Connection traversing a bonded set of # NVLinks"));
}

TEST_CASE("routing: NVLink before PCIe, GPUs never forward", "[topo]") {
  auto c = load_system(kTopo + "pcie_switch_8gpu.yaml");
  const Route& pair = c->route(c->gpu(0), c->gpu(1));
  REQUIRE(pair.hops() == 1);
  CHECK(c->link(pair.links[0]).cls == LinkClass::nvlink);
  const Route& cross = c->route(c->gpu(0), c->gpu(5));
  for (auto l : cross.links) {
    CHECK((c->device(c->link_to(l)).type != DeviceType::gpu || c->link_to(l) == c->gpu(5)));
  }
  // The same route, asked twice, is the same object (cached) and deterministic.
  CHECK(&c->route(c->gpu(0), c->gpu(5)) == &cross);
}

TEST_CASE("multi-node: fabric joins nodes, routes leave through NICs", "[topo]") {
  auto c = load_system(kTopo + "dgx_a100.yaml", 4);
  CHECK(c->gpu_count() == 32);
  CHECK(c->nics_per_node() == 8);
  const Route& r = c->route(c->gpu(0, 3), c->gpu(2, 3));
  bool network = false;
  for (auto l : r.links) network = network || c->link(l).cls == LinkClass::network;
  CHECK(network);
  // Routes inside node 3 have the same shape as node 0's.
  CHECK(c->route(c->gpu(3, 0), c->gpu(3, 5)).hops() == c->route(c->gpu(0, 0), c->gpu(0, 5)).hops());
}

TEST_CASE("nodes without a fabric is an error", "[topo][errors]") {
  CHECK_THROWS_AS(load_system(std::string(SIMTRAIN_TEST_DATA) + "/ring4.yaml", 2), ScenarioError);
}
