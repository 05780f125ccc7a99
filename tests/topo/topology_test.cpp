#include <catch2/catch.hpp>

#include <fstream>

#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"
#include "topo/topo_import.hpp"
#include "topo/topo_matrix.hpp"

using namespace simtrain;
using namespace simtrain::topo;

namespace {
const std::string kTopo = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/";
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

namespace {
// The models a system file uses: the first gpu, cpu and nic of its devices.
std::string first_model(const std::string& system, const std::string& type) {
  auto doc = YamlDoc::load(kTopo + system + ".yaml");
  for (const Field& d : root_field(doc).at("devices").entries())
    if (d.at("type").as_string() == type) return d.at("model").as_string();
  return "";
}
}  // namespace

TEST_CASE("topo --import: every shipped system's matrix imports back to the same matrix", "[topo][import]") {
  // simtrain topo prints the matrix as nvidia-smi does; importing it must rebuild a system whose
  // matrix is the same, relation for relation (and the printed text, legend and affinity too).
  for (const char* s : {"dgx_a100", "dgx_h100", "hgx_a100_4gpu", "pcie_switch_8gpu", "workstation_4x4090",
                        "workstation_4xa100_pcie", "dgx1_v100"}) {
    INFO(s);
    auto original = load_system(kTopo + s + ".yaml");
    const std::string matrix = topo_matrix(*original, 0);
    TopoImportOptions opt;
    opt.gpu_model = first_model(s, "gpu");
    opt.cpu_model = first_model(s, "cpu");
    opt.nic_model = first_model(s, "nic");
    const TopoImportResult r = import_topo_matrix(matrix, std::string(s) + ".txt", opt);
    CHECK(r.mismatches.empty());
    CHECK(r.reproduced == r.relations);
    auto doc = YamlDoc::parse(r.yaml, "imported.yaml");
    auto rebuilt = load_system_from(root_field(doc), kTopo + "devices.yaml");
    CHECK(topo_matrix(*rebuilt, 0) == matrix);
    CHECK(rebuilt->gpu_count() == original->gpu_count());
  }
}

TEST_CASE("topo --import: a DGX A100 in NPS4 mode (four NUMA nodes with GPUs)", "[topo][import]") {
  // nvidia-smi on a DGX A100 (NVIDIA/nccl#1505): PXB inside each PCIe complex, SYS between
  // complexes even on one socket (NUMA 3, 1 | 7, 5), NV12 through the NVSwitch.
  std::ifstream in(std::string(SIMTRAIN_TEST_DATA) + "/topo_dgx_a100_nps4.txt");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  TopoImportOptions opt{"a100_sxm4_40gb", "amd_epyc_7742", "connectx6_hdr", "DGX A100", 0, ""};
  const TopoImportResult r = import_topo_matrix(text, "topo_dgx_a100_nps4.txt", opt);
  CHECK(r.relations == 16 * 15 / 2);
  CHECK(r.mismatches.empty());
  // GPU pairs, GPU-NIC and NIC-NIC pairs in other complexes of the same socket: 2 x (4 x 4 + ... )
  CHECK(r.sys_as_phb == 24);
  CHECK(r.reproduced == 120 - 24);
  CHECK(r.yaml.find("nvswitch: {type: switch, model: nvswitch_gen2}") != std::string::npos);
  CHECK(r.yaml.find("{a: cpu0, b: cpu1, kind: xgmi, count: 4}") != std::string::npos);
  auto doc = YamlDoc::parse(r.yaml, "imported.yaml");
  auto c = load_system_from(root_field(doc), kTopo + "devices.yaml");
  CHECK(relation(*c, c->gpu(0, 0), c->nic(0, 0)) == "PXB");
  CHECK(relation(*c, c->gpu(0, 0), c->gpu(0, 5)) == "NV12");
  CHECK(numa_node(*c, c->gpu(0, 4)) == 1);  // NUMA 7 is on the second socket
}

TEST_CASE("topo --import: unreadable input and unknown models are clear errors", "[topo][import][errors]") {
  TopoImportOptions opt{"a100_sxm4_40gb", "amd_epyc_7742", "connectx6_hdr", "", 0, ""};
  CHECK_THROWS_WITH(import_topo_matrix("no matrix here\n", "x.txt", opt), Catch::Contains("nvidia-smi topo -m"));
  CHECK_THROWS_WITH(import_topo_matrix("\tGPU0\tGPU1\nGPU0\t X \tNV4\nGPU1\tPIX\t X \n", "x.txt", opt),
                    Catch::Contains("not symmetric"));
  CHECK_THROWS_WITH(import_topo_matrix("\tGPU0\tGPU1\nGPU0\t X \tNV4\nGPU1\tNVL\t X \n", "x.txt", opt),
                    Catch::Contains("'NVL' is not a relation"));
  TopoImportOptions typo = opt;
  typo.gpu_model = "a100_sxm_40gb";
  CHECK_THROWS_WITH(import_topo_matrix("\tGPU0\tGPU1\nGPU0\t X \tPIX\nGPU1\tPIX\t X \n", "x.txt", typo),
                    Catch::Contains("did you mean 'a100_sxm4_40gb'"));
  // A header underlined by nvidia-smi on a terminal (ESC[4m ... ESC[0m) reads as plain.
  const TopoImportResult ansi = import_topo_matrix(
      "\t\x1b[4mGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\x1b[0m\nGPU0\t X \tPIX\t0-7\t0\t\tN/A\n"
      "GPU1\tPIX\t X \t0-7\t0\t\tN/A\n",
      "ansi.txt", opt);
  CHECK(ansi.reproduced == 1);
  TopoImportOptions no_cpu = opt;
  no_cpu.cpu_model.clear();
  CHECK_THROWS_WITH(import_topo_matrix("\tGPU0\tGPU1\nGPU0\t X \tPIX\nGPU1\tPIX\t X \n", "x.txt", no_cpu),
                    Catch::Contains("required"));
  try {
    import_topo_matrix("\tGPU0\tGPU1\nGPU0\t X \tPIX\n", "x.txt", opt);
    FAIL("expected an error");
  } catch (const ScenarioError& e) {
    CHECK(e.file() == "x.txt");
    CHECK(e.message().find("no row for GPU1") != std::string::npos);
  }
}

TEST_CASE("routes across the fabric from the per-leaf tables are the graph search's, link for link", "[topo][routing]") {
  // Routes between nodes come from tables per destination leaf instead of a search per pair
  // (the search is O(V) per pair, N^2 over a ring of N nodes). They must be the same routes:
  // the same links in order (so the same ECMP spine), latency, bottleneck and CPU transits.
  auto same = [](const Route& a, const Route& b) {
    return a.links == b.links && a.latency_ps == b.latency_ps && a.transits == b.transits &&
           a.bottleneck_bytes_per_s == b.bottleneck_bytes_per_s;
  };
  struct Sys {
    std::string path;
    int nodes;
  };
  // 40-50 nodes put several leaves under each rail (leaf radix 40 or 64) and several spines;
  // the test fabrics put 8 nodes on 2 leaves under 5 spines (hash collisions).
  std::vector<Sys> systems;
  for (const char* s : {"dgx_a100", "dgx_a100_80gb", "dgx_a100_nfs", "dgx_h100", "dgx_h200", "a100_80gb_400g",
                        "h100_800g", "hgx_a100_4gpu", "dgx1_v100", "pcie_switch_8gpu", "node_1gpu_hdr",
                        "node_1gpu_ndr", "node_1gpu_eth100g_tcp"})
    systems.push_back({kTopo + s + ".yaml", std::string(s).rfind("node_1gpu", 0) == 0 ? 150 : 41});
  systems.push_back({std::string(SIMTRAIN_TEST_DATA) + "/dgx_a100_fat_tree_static.yaml", 8});
  systems.push_back({std::string(SIMTRAIN_TEST_DATA) + "/dgx_a100_fat_tree_adaptive.yaml", 8});
  for (const Sys& s : systems) {
    for (const char* fabric : {"", "fat_tree", "rail_optimized", "single_switch"}) {
      auto c = load_system(s.path, s.nodes, "", fabric);
      const int nics = static_cast<int>(c->nics().size());
      const int gpus = c->gpu_count();
      REQUIRE(nics > 0);
      int checked = 0;
      // Every NIC to a spread of others (strides coprime to the counts), and GPU pairs.
      for (int i = 0; i < nics; i += 3) {
        for (int k : {1, 7, 37, nics / 2 + 1}) {
          const Vertex a = c->nics()[static_cast<std::size_t>(i)];
          const Vertex b = c->nics()[static_cast<std::size_t>((i + k) % nics)];
          if (c->device(a).node == c->device(b).node) continue;
          INFO(s.path << " fabric '" << fabric << "': " << c->device(a).name << " -> " << c->device(b).name);
          const Route& fast = c->route(a, b);
          CHECK(!fast.links.empty());
          CHECK(same(fast, c->search_route(a, b)));
          ++checked;
        }
      }
      for (int i = 0; i < gpus; i += 5) {
        const Vertex a = c->gpu(i), b = c->gpu((i * 13 + 11) % gpus);
        INFO(s.path << " fabric '" << fabric << "': " << c->device(a).name << " -> " << c->device(b).name);
        CHECK(same(c->route(a, b), c->search_route(a, b)));
      }
      CHECK(checked > 20);
    }
  }
}

TEST_CASE("box: a node of 16 GPUs in 4 compute trays; GPU i in tray i / 4, host memory per tray", "[topo][box]") {
  // tests/data/boxes/nvl16_4trays.yaml: one NVSwitch domain of 16 GPUs, `box: {name: compute
  // tray, gpus: 4}`, a Xeon 8480C (56 cores) and 1 TiB per tray.
  auto c = load_system(std::string(SIMTRAIN_TEST_DATA) + "/boxes/nvl16_4trays.yaml", 2);
  CHECK(c->has_boxes());
  CHECK(c->box_name() == "compute tray");
  CHECK(c->gpus_per_node() == 16);
  CHECK(c->gpus_per_box() == 4);
  CHECK(c->boxes_per_node() == 4);
  CHECK(c->box_of(5) == 1);        // node 0, tray 1
  CHECK(c->box_of(16 + 15) == 3);  // node 1, tray 3
  CHECK(c->node_of_gpu(16 + 15) == 1);
  CHECK(c->box_of_cpu(c->nearest_cpu(c->gpu(1, 9))) == 2);  // each GPU's socket is its tray's
  CHECK(c->host_memory_per_box_bytes() == 1024.0 * 1073741824.0);
  CHECK(c->host_memory_bytes() == 4 * 1024.0 * 1073741824.0);  // the node: 4 trays
  CHECK(c->cores_per_box() == 56);
  // A job of 6 GPUs per node fills tray 0 and half of tray 1: judged on tray 0 (4 ranks), the
  // node's 6 ranks amount to 1.5 such trays.
  CHECK(c->ranks_in_fullest_box(6) == 4);
  CHECK(c->fullest_box_share(6) == 1.5);
  CHECK(c->fullest_box_share(16) == 4);
  // Every GPU pair of the node is NV18 through the one switch, in one tray or two.
  CHECK(relation(*c, c->gpu(0), c->gpu(1)) == "NV18");
  CHECK(relation(*c, c->gpu(0), c->gpu(15)) == "NV18");
}

TEST_CASE("box: a system without the key is one box per node, every per-box figure the node's", "[topo][box]") {
  auto c = load_system(kTopo + "dgx_h100.yaml");
  CHECK_FALSE(c->has_boxes());
  CHECK(c->box_name() == "node");
  CHECK(c->gpus_per_box() == 8);
  CHECK(c->boxes_per_node() == 1);
  CHECK(c->box_of(7) == 0);
  CHECK(c->host_memory_bytes() == c->host_memory_per_box_bytes());
  CHECK(c->cores_per_box() == 112);  // both sockets
  CHECK(c->fullest_box_share(2) == 1);
  CHECK(topo_matrix(*c).find("Boxes") == std::string::npos);
}

TEST_CASE("box: a box that does not divide the node, and unknown keys, are errors at the key", "[topo][box][errors]") {
  const std::string path = std::string(SIMTRAIN_TEST_DATA) + "/boxes/nvl16_4trays.yaml";
  auto with = [&](const std::string& key, const std::string& value) {
    HardwareOverrides o;
    o.system.push_back(*parse_hardware_override(key, value));
    return load_system(path, 1, "", "", {}, o);
  };
  CHECK_THROWS_WITH(with("system.box.gpus", "3"), Catch::Contains("a box of 3 GPUs does not divide the node's 16 GPUs"));
  // 16 trays of one GPU would split 4 CPUs unevenly.
  CHECK_THROWS_WITH(with("system.box.gpus", "1"), Catch::Contains("4 CPUs do not divide among its 16 boxes"));
  CHECK_THROWS_WITH(with("system.box.name", "node"), Catch::Contains("what a box is called"));
  CHECK_THROWS_WITH(with("system.box.count", "4"), Catch::Contains("count"));
  CHECK_NOTHROW(with("system.box.gpus", "8"));  // 2 trays of 8, 2 CPUs each
}

TEST_CASE("box: topo lists each tray's GPUs, CPU affinity and NUMA as the tray's host numbers them", "[topo][box]") {
  auto c = load_system(std::string(SIMTRAIN_TEST_DATA) + "/boxes/nvl16_4trays.yaml");
  const std::string m = topo_matrix(*c);
  CHECK(m.find("Boxes (4 compute trays of 4 GPUs in one NVLink domain") != std::string::npos);
  CHECK(m.find("  compute tray 3: GPU12-GPU15\n") != std::string::npos);
  // GPU13 sits on tray 3's only socket: cores 0-55, NUMA 0 of its host (not 168-223, 3).
  const auto row = m.find("\nGPU13\t");
  REQUIRE(row != std::string::npos);
  const std::string line = m.substr(row + 1, m.find('\n', row + 1) - row - 1);
  CHECK(line.find("\t0-55\t0\t") != std::string::npos);
}
