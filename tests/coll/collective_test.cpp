#include <catch2/catch.hpp>

#include <random>

#include "coll/ring_order.hpp"
#include "drive/collective.hpp"
#include "engine/executor.hpp"
#include "report/collective_report.hpp"

using namespace simtrain;
using namespace simtrain::coll;

namespace {

const std::string kTopo = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/";
const double kGiB = 1073741824.0;

struct Fixture {
  std::unique_ptr<topo::Cluster> cluster;
  std::unique_ptr<Planner> planner;
  explicit Fixture(const std::string& path, int nodes = 1)
      : cluster(topo::load_system(path, nodes)),
        planner(std::make_unique<Planner>(*cluster, NcclParams::load_default(cluster->catalog().path()))) {}
  report::SweepRow run(Request r) { return drive::simulate_one(*cluster, *planner, r, false); }
};

Request all_reduce(double bytes, Algo algo = Algo::automatic) {
  Request r;
  r.bytes = bytes;
  r.algo = algo;
  return r;
}

// Runs a plan on a network whose capacities are scaled by `scale`; returns the makespan and
// the bytes carried per link class.
struct Outcome {
  TimePs time_ps = 0;
  std::map<topo::LinkClass, double> bytes;
};
Outcome run_scaled(const topo::Cluster& c, const Plan& plan, double scale) {
  engine::TaskGraph g;
  emit(plan, g, {}, "x");
  std::vector<double> caps = c.link_capacities();
  for (double& x : caps) x *= scale;
  net::FlowNetwork n(caps);
  engine::Executor ex(n);
  Outcome o;
  o.time_ps = ex.run(g).makespan_ps;
  for (net::LinkId l = 0; l < n.link_count(); ++l) o.bytes[c.link(l).cls] += n.link_bytes(l);
  return o;
}

}  // namespace

TEST_CASE("ring on a uniform ring topology: 2(n-1)/n * S/B + latency, within 1%", "[coll]") {
  Fixture f(std::string(SIMTRAIN_TEST_DATA) + "/ring4.yaml");
  const topo::Cluster& c = *f.cluster;
  const topo::Route& edge = c.route(c.gpu(0), c.gpu(1));
  REQUIRE(edge.hops() == 1);
  const double B = c.link(edge.links[0]).capacity_bytes_per_s;  // 4 NVLink3 x efficiency
  for (double S : {16.0 * 1048576, 256.0 * 1048576, kGiB}) {
    Request r = all_reduce(S, Algo::ring);
    r.protocol = Protocol::simple;
    r.channels = 1;  // one ring (auto would add the reverse ring over the other link directions)
    Plan plan = f.planner->plan(r);
    REQUIRE(plan.phases.size() == 1);
    const double expected = 2.0 * 3 / 4 * S / B + ps_to_seconds(plan.phases[0].latency_ps);
    const double got = ps_to_seconds(run_scaled(c, plan, 1.0).time_ps);
    INFO("S = " << S);
    CHECK(got == Approx(expected).epsilon(0.01));
  }
}

TEST_CASE("auto channels: a second, reverse ring uses the other direction of a ring of links", "[coll]") {
  Fixture f(std::string(SIMTRAIN_TEST_DATA) + "/ring4.yaml");
  Request one = all_reduce(kGiB, Algo::ring);
  one.protocol = Protocol::simple;
  one.channels = 1;
  Request many = one;
  many.channels = 0;
  const double t1 = f.run(one).time_us, t2 = f.run(many).time_us;
  // Full duplex: twice the bandwidth (to 5%: NCCL lays more channels on the two rings, and
  // each channel's pipeline fill is longer at its smaller share of the rate).
  CHECK(t2 == Approx(t1 / 2).epsilon(0.05));
}

TEST_CASE("DGX A100: 1 GiB all_reduce near NCCL's measured busbw, small sizes latency-bound", "[coll][validation]") {
  Fixture f(kTopo + "dgx_a100.yaml");
  // nccl-ar-a100-8gpu-curve-stas00: 229.04 GB/s busbw at 1 GiB on 8x A100 NVSwitch; the
  // model's pipeline fill (13 steps of one 512 KiB FIFO slot per channel) costs ~7% there.
  report::SweepRow big = f.run(all_reduce(kGiB));
  CHECK(big.busbw_gbps == Approx(229.04).epsilon(0.08));
  // nccl-tests' small-message floor is tens of microseconds.
  report::SweepRow small = f.run(all_reduce(32768));
  CHECK(small.time_us > 10);
  CHECK(small.time_us < 100);
}

TEST_CASE("pcie_switch_8gpu: a naive ring order is clearly slower than auto", "[coll]") {
  Fixture f(kTopo + "pcie_switch_8gpu.yaml");
  Request good = all_reduce(kGiB, Algo::ring);
  Request naive = good;
  naive.ranks = {0, 2, 4, 6, 1, 3, 5, 7};
  naive.ring_order_auto = false;
  report::SweepRow a = f.run(good), b = f.run(naive);
  CHECK(a.time_us * 1.5 < b.time_us);
}

TEST_CASE("pcie_switch_8gpu: hierarchical moves fewer bytes over socket links and wins for large messages", "[coll]") {
  Fixture f(kTopo + "pcie_switch_8gpu.yaml");
  const topo::Cluster& c = *f.cluster;
  Plan ring = f.planner->plan(all_reduce(kGiB, Algo::ring));
  Plan hier = f.planner->plan(all_reduce(kGiB, Algo::hierarchical));
  Outcome r = run_scaled(c, ring, 1.0), h = run_scaled(c, hier, 1.0);
  CHECK(h.bytes[topo::LinkClass::cpu] < r.bytes[topo::LinkClass::cpu]);
  CHECK(h.time_ps < r.time_ps);
  // ... and pays for its extra phases on small messages.
  Plan ring_s = f.planner->plan(all_reduce(4096, Algo::ring));
  Plan hier_s = f.planner->plan(all_reduce(4096, Algo::hierarchical));
  CHECK(run_scaled(c, hier_s, 1.0).time_ps > run_scaled(c, ring_s, 1.0).time_ps);
}

TEST_CASE("two DGX A100 nodes over 8x HDR: ring at the NIC limit, tree moves half the network bytes", "[coll][validation]") {
  Fixture f(kTopo + "dgx_a100.yaml", 2);
  report::SweepRow ring = f.run(all_reduce(kGiB, Algo::ring));
  report::SweepRow tree = f.run(all_reduce(kGiB, Algo::tree));
  report::SweepRow hier = f.run(all_reduce(kGiB, Algo::hierarchical));
  // nccl-ar-dgxa100-multinode-192-maintainer: 192 GB/s busbw with 8x 200 Gb/s per node.
  CHECK(ring.busbw_gbps == Approx(192).epsilon(0.08));
  // Ring: 2(n-1)/n * S per node and direction; tree and hierarchical: S.
  CHECK(tree.network_bytes / ring.network_bytes == Approx(16.0 / 30.0).epsilon(0.02));
  CHECK(hier.network_bytes / ring.network_bytes == Approx(16.0 / 30.0).epsilon(0.02));
  // NCCL's pipelined tree reports busbw above the NIC limit on 2 nodes; the unpipelined
  // hierarchical scheme does not get that speed-up.
  CHECK(tree.busbw_gbps > ring.busbw_gbps);
  CHECK(hier.time_us > tree.time_us);
}

TEST_CASE("doubling every link's bandwidth never makes anything slower", "[coll]") {
  for (const char* sys : {"dgx_a100", "pcie_switch_8gpu", "workstation_4x4090", "hgx_a100_4gpu"}) {
    Fixture f(kTopo + sys + ".yaml");
    for (Algo a : {Algo::ring, Algo::tree, Algo::hierarchical}) {
      for (double S : {4096.0, 8.0 * 1048576, kGiB}) {
        Plan p;
        try {
          p = f.planner->plan(all_reduce(S, a));
        } catch (const std::invalid_argument&) {
          continue;  // e.g. no hierarchy on an NVSwitch box
        }
        INFO(sys << " " << algo_name(a) << " " << S);
        CHECK(run_scaled(*f.cluster, p, 2.0).time_ps <= run_scaled(*f.cluster, p, 1.0).time_ps);
      }
    }
  }
}

TEST_CASE("same input, same output, byte for byte, full and incremental solvers agree", "[coll]") {
  Fixture f(kTopo + "dgx_a100.yaml", 2);
  drive::SweepOptions opt;
  opt.min_bytes = 1024;
  opt.max_bytes = 64.0 * 1048576;
  opt.factor = 8;
  std::string a = report::format_table(drive::run_sweep(*f.cluster, *f.planner, opt));
  std::string b = report::format_table(drive::run_sweep(*f.cluster, *f.planner, opt));
  opt.full_solve = true;
  std::string full = report::format_table(drive::run_sweep(*f.cluster, *f.planner, opt));
  CHECK(a == b);
  CHECK(a == full);
}

TEST_CASE("busbw factors are nccl-tests'", "[coll]") {
  CHECK(busbw_factor(Op::all_reduce, 8) == Approx(1.75));
  CHECK(busbw_factor(Op::all_gather, 8) == Approx(0.875));
  CHECK(busbw_factor(Op::reduce_scatter, 4) == Approx(0.75));
  CHECK(busbw_factor(Op::broadcast, 8) == 1.0);
}

TEST_CASE("within one algorithm and protocol, a bigger message never has a lower busbw", "[coll]") {
  struct Sys {
    const char* name;
    int nodes;
  };
  for (Sys sys : {Sys{"dgx_a100", 1}, Sys{"dgx_h200", 1}, Sys{"pcie_switch_8gpu", 1}, Sys{"workstation_4x4090", 1},
                  Sys{"dgx_a100", 2}, Sys{"node_1gpu_eth100g_tcp", 2}, Sys{"dgx_h100", 2}}) {
    Fixture f(kTopo + sys.name + ".yaml", sys.nodes);
    for (Algo a : {Algo::ring, Algo::tree, Algo::nvls, Algo::nvls_tree}) {
      for (Protocol p : {Protocol::ll, Protocol::ll128, Protocol::simple}) {
        double prev = 0;
        for (double S = 4096; S <= kGiB; S *= 4) {
          Request r = all_reduce(S, a);
          r.protocol = p;
          report::SweepRow row;
          try {
            row = f.run(r);
          } catch (const std::invalid_argument&) {
            break;  // e.g. NVLS on a box without NVLink SHARP, LL128 on NVLS
          }
          INFO(sys.name << " x" << sys.nodes << " " << algo_name(a) << " " << protocol_name(p) << " " << S);
          CHECK(row.busbw_gbps >= prev * (1 - 1e-9));
          prev = row.busbw_gbps;
        }
      }
    }
  }
}

TEST_CASE("mid-size all_reduce comes down toward nccl-tests: the channel ramp and the pipeline fill", "[coll][validation]") {
  SECTION("8x A100 NVSwitch: 8 MiB and 128 MiB within 20% of nccl-ar-a100-8gpu-curve-stas00 (109.93, 176.92 GB/s)") {
    Fixture f(kTopo + "dgx_a100.yaml");
    CHECK(f.run(all_reduce(8.0 * 1048576)).busbw_gbps == Approx(109.93).epsilon(0.20));
    CHECK(f.run(all_reduce(128.0 * 1048576)).busbw_gbps == Approx(176.92).epsilon(0.20));
  }
  SECTION("8x H200: ring LL sits on its latency floor up to 512 KiB, as the H200 curve does (39-40 us, nccl-ar-h200-8gpu-curve-stas00)") {
    Fixture f(kTopo + "dgx_h200.yaml");
    report::SweepRow a = f.run(all_reduce(32768)), b = f.run(all_reduce(524288));
    CHECK(a.algo == std::string("ring"));
    CHECK(a.protocol == std::string("LL"));
    CHECK(a.time_us == Approx(39.8).epsilon(0.15));
    CHECK(b.time_us == Approx(38.3).epsilon(0.15));
  }
}

TEST_CASE("NVLS: the NVSwitch reduces on H100/H200, busbw above the ring's wire limit", "[coll][validation]") {
  SECTION("8x H200, 1 GiB: NVLS at 463.58 GB/s within 5% (nccl-ar-h200-8gpu-curve-stas00); ring with NVLS off 367.61 at 16 GiB") {
    Fixture f(kTopo + "dgx_h200.yaml");
    report::SweepRow big = f.run(all_reduce(kGiB));
    CHECK(big.algo == std::string("nvls"));
    CHECK(big.busbw_gbps == Approx(463.58).epsilon(0.05));
    CHECK(f.run(all_reduce(16 * kGiB, Algo::ring)).busbw_gbps == Approx(367.61).epsilon(0.05));
  }
  SECTION("8x H200: NCCL switches from ring LL to NVLS at 2 MiB (the curve's NCCL_DEBUG note)") {
    Fixture f(kTopo + "dgx_h200.yaml");
    CHECK(f.run(all_reduce(1048576)).algo == std::string("ring"));
    CHECK(f.run(all_reduce(2097152)).algo == std::string("nvls"));
  }
  SECTION("2x DGX H100: NVLSTree for large sizes, busbw above the ring's NIC limit as NCCL's trees report on two nodes (nccl-ar-dgxa100-multinode-192-maintainer notes)") {
    Fixture f(kTopo + "dgx_h100.yaml", 2);
    report::SweepRow big = f.run(all_reduce(4 * kGiB));
    CHECK(big.algo == std::string("nvls_tree"));
    CHECK(big.busbw_gbps > f.run(all_reduce(4 * kGiB, Algo::ring)).busbw_gbps);
    CHECK(f.planner->plan(all_reduce(4 * kGiB)).sms_per_rank == 16);
  }
  SECTION("DGX A100 (NVSwitch gen2, sm_80): no NVLS; asking for it is an error") {
    Fixture f(kTopo + "dgx_a100.yaml");
    CHECK(f.run(all_reduce(kGiB)).algo != std::string("nvls"));
    CHECK_THROWS_AS(f.planner->plan(all_reduce(kGiB, Algo::nvls)), std::invalid_argument);
  }
}

TEST_CASE("SMs held per rank are the channels NCCL launches (one CTA each)", "[coll]") {
  SECTION("DGX A100, 1 GiB ring: 24 channels (NCCL's search over 12 NVLinks x 20 GB/s: 6 rings at 40 GB/s, doubled twice)") {
    Fixture f(kTopo + "dgx_a100.yaml");
    Plan p = f.planner->plan(all_reduce(kGiB, Algo::ring));
    CHECK(p.nccl_channels == 24);
    CHECK(p.sms_per_rank == 24);
  }
  SECTION("8x H200, 16 GiB ring: 24 channels (18 NVLinks x 20.6 GB/s: 6 rings at 60 GB/s, doubled twice)") {
    Fixture f(kTopo + "dgx_h200.yaml");
    CHECK(f.planner->plan(all_reduce(16 * kGiB, Algo::ring)).sms_per_rank == 24);
  }
  SECTION("DGX A100, 32 KiB ring LL: the ramp keeps 1 channel (32 KiB < 2 x 512 threads x 8 B x 8 ranks)") {
    Fixture f(kTopo + "dgx_a100.yaml");
    Request r = all_reduce(32768, Algo::ring);
    r.protocol = Protocol::ll;
    CHECK(f.planner->plan(r).sms_per_rank == 1);
  }
  SECTION("8x H200 NVLS: 16 channels (nvls.cc NVLS_NCHANNELS_SM90)") {
    Fixture f(kTopo + "dgx_h200.yaml");
    CHECK(f.planner->plan(all_reduce(kGiB, Algo::nvls)).sms_per_rank == 16);
  }
  SECTION("PCIe box (pcie_switch_8gpu): 2 channels (one ring at 20 GB/s, doubled by the postset)") {
    Fixture f(kTopo + "pcie_switch_8gpu.yaml");
    CHECK(f.planner->plan(all_reduce(kGiB, Algo::ring)).sms_per_rank == 2);
  }
  SECTION("2x DGX A100 with 8 HDR NICs: 16 channels (8 at 24 GB/s per NIC, doubled by the postset)") {
    Fixture f(kTopo + "dgx_a100.yaml", 2);
    CHECK(f.planner->plan(all_reduce(kGiB, Algo::ring)).sms_per_rank == 16);
  }
}

TEST_CASE("Transports: SHM through host memory without P2P, TCP sockets, IB", "[coll][validation]") {
  SECTION("4x RTX 4090 (p2p: false): every hop is staged in DRAM; the CPU is the bottleneck, below the P2P-patched 24.58 GB/s (nccl-ar-rtx4090-6gpu-p2p-patched)") {
    Fixture f(kTopo + "workstation_4x4090.yaml");
    const topo::Cluster& c = *f.cluster;
    Plan p = f.planner->plan(all_reduce(kGiB, Algo::ring));
    bool transit = false;
    for (const auto& fl : p.phases[0].flows)
      for (const auto& u : *fl.shared_path) transit = transit || c.is_transit(u.link);
    CHECK(transit);
    report::SweepRow row = f.run(all_reduce(32.0 * 1048576));
    CHECK(row.busbw_gbps <= 24.58);
    // DRAM: 4 hops x (write + read) at busbw = 2 x 4 x rate <= 204.8 GB/s.
    CHECK(f.run(all_reduce(kGiB)).busbw_gbps <= 204.8 / 8 * 1.001);
  }
  SECTION("2 nodes over 100GbE TCP sockets: NVIDIA's 10 GB/s (nccl-ar-nvidia-gtc24-s62129-expected), within 10%") {
    Fixture f(kTopo + "node_1gpu_eth100g_tcp.yaml", 2);
    CHECK(f.run(all_reduce(kGiB)).busbw_gbps == Approx(10).epsilon(0.10));
  }
  SECTION("the socket transport pays more per network step than IB: 2 nodes, 64 KiB") {
    Fixture tcp(kTopo + "node_1gpu_eth100g_tcp.yaml", 2), ib(kTopo + "node_1gpu_hdr.yaml", 2);
    CHECK(tcp.run(all_reduce(65536)).time_us > ib.run(all_reduce(65536)).time_us + 10);
  }
}

TEST_CASE("Fabric routing: adaptive spreads flows over the spines, static hashes them", "[coll]") {
  SECTION("8 DGX A100 on 2 leaves joined by 5 spines: the ring's 8 rails hash unevenly onto 5 spines (static), adaptive spreads them: ring at least 10% faster, tree never slower") {
    Fixture st(std::string(SIMTRAIN_TEST_DATA) + "/dgx_a100_fat_tree_static.yaml", 8);
    Fixture ad(std::string(SIMTRAIN_TEST_DATA) + "/dgx_a100_fat_tree_adaptive.yaml", 8);
    const double rs = st.run(all_reduce(kGiB, Algo::ring)).busbw_gbps, ra = ad.run(all_reduce(kGiB, Algo::ring)).busbw_gbps;
    CHECK(ra > rs * 1.10);
    CHECK(st.run(all_reduce(kGiB, Algo::tree)).busbw_gbps <= ad.run(all_reduce(kGiB, Algo::tree)).busbw_gbps * 1.001);
  }
}

TEST_CASE("At scale: NCCL's tuner terms in the choice, NVLSTree on hundreds of SuperPOD nodes", "[coll][validation]") {
  SECTION("248 DGX H200 nodes (1,984 GPUs), 512 MiB: a Simple-protocol NVLSTree, within 25% of nccl-tests#283's ~350 GB/s") {
    Fixture f(kTopo + "dgx_h200.yaml", 248);
    report::SweepRow r = f.run(all_reduce(512.0 * 1048576));
    CHECK(r.algo == std::string("nvls_tree"));
    CHECK(r.protocol == std::string("Simple"));
    CHECK(r.busbw_gbps == Approx(350).epsilon(0.25));
  }
  SECTION("2 DGX A100 nodes (AMD hosts), tree LL at 32 MiB: the choice adds 2 S at llMaxBw 22.5 GB/s less the links' time; the estimate (the time) is the mechanism's alone") {
    Fixture f(kTopo + "dgx_a100.yaml", 2);
    Request r = all_reduce(32.0 * 1048576, Algo::tree);
    r.protocol = Protocol::ll;
    const Plan ll = f.planner->plan(r);
    const double extra_s = ps_to_seconds(ll.choice_ps - ll.estimate_ps);
    CHECK(extra_s > 0);
    CHECK(extra_s < 2 * r.bytes / 22.5e9);
    r.protocol = Protocol::simple;
    const Plan simple = f.planner->plan(r);
    CHECK(simple.choice_ps == simple.estimate_ps);  // a tree: no ring plateau, not LL
    CHECK(f.planner->plan(all_reduce(r.bytes, Algo::tree)).protocol != Protocol::ll);
  }
  SECTION("ring Simple all_reduce: NCCL's x1.4 plateau on its latency across nodes, nothing inside one node") {
    Fixture two(kTopo + "dgx_h100.yaml", 2), one(kTopo + "dgx_h100.yaml");
    Request r = all_reduce(kGiB, Algo::ring);
    r.protocol = Protocol::simple;
    const Plan across = two.planner->plan(r), inside = one.planner->plan(r);
    CHECK(across.choice_ps > across.estimate_ps);
    CHECK(inside.choice_ps == inside.estimate_ps);
  }
}

TEST_CASE("a fabric routing that does not exist is an error at its line and column", "[coll]") {
  SECTION("bad_routing.yaml: `routing: sideways` names the valid choices at 13:12") {
    try {
      topo::load_system(std::string(SIMTRAIN_TEST_DATA) + "/bad_routing.yaml", 2);
      FAIL("expected a ScenarioError");
    } catch (const ScenarioError& e) {
      CHECK(e.line() == 13);
      CHECK(e.col() == 12);
      CHECK_THAT(e.what(), Catch::Contains("adaptive"));
    }
  }
}

namespace {

// Runs a plan alone on the cluster's network: makespan, and the bytes each directed link carried.
struct Carried {
  double time_s = 0;
  std::vector<double> link_bytes;
};
Carried run_plan(const topo::Cluster& c, const Plan& plan) {
  engine::TaskGraph g;
  emit(plan, g, {}, "x");
  net::FlowNetwork n(c.link_capacities());
  engine::Executor ex(n);
  Carried out;
  out.time_s = ps_to_seconds(ex.run(g).makespan_ps);
  for (net::LinkId l = 0; l < n.link_count(); ++l) out.link_bytes.push_back(n.link_bytes(l));
  return out;
}

// The directed link out of `from` toward `to` on their route's first hop.
net::LinkId first_link(const topo::Cluster& c, topo::Vertex from, topo::Vertex to) { return c.route(from, to).links.front(); }

Request all_to_all(double bytes) {
  Request r;
  r.op = Op::all_to_all;
  r.bytes = bytes;
  return r;
}

}  // namespace

TEST_CASE("send_recv: one flow on the routed path at the path's rate, NCCL's p2p protocol and channels", "[coll][p2p]") {
  SECTION("ring4: 1 GiB over one NVLink edge (4 NVLink3) takes bytes / the edge's rate + latency, within 1% (8 channels, NCCL's 2 per NVLink, drive it)") {
    Fixture f(std::string(SIMTRAIN_TEST_DATA) + "/ring4.yaml");
    const topo::Cluster& c = *f.cluster;
    const double B = c.link(first_link(c, c.gpu(0), c.gpu(1))).capacity_bytes_per_s;
    Plan p = f.planner->send_recv(0, 1, kGiB);
    REQUIRE(p.phases.size() == 1);
    REQUIRE(p.phases[0].flows.size() == 1);
    CHECK(p.algo == Algo::p2p);
    CHECK(p.protocol == Protocol::simple);
    CHECK(p.sms_per_rank == 8);
    CHECK(run_plan(c, p).time_s == Approx(kGiB / B + ps_to_seconds(p.phases[0].latency_ps)).epsilon(0.01));
  }
  SECTION("two single-GPU nodes over HDR: 1 GiB takes bytes / the NIC's rate + latency, within 1% (the NIC, 200 Gb/s x 0.96, is below the GPU's PCIe Gen4 x16)") {
    Fixture f(kTopo + "node_1gpu_hdr.yaml", 2);
    const topo::Cluster& c = *f.cluster;
    const double nic = c.link(first_link(c, c.nic(0, 0), c.nic(1, 0))).capacity_bytes_per_s;
    Plan p = f.planner->send_recv(0, 1, kGiB);
    CHECK(p.protocol == Protocol::simple);
    CHECK(run_plan(c, p).time_s == Approx(kGiB / nic + ps_to_seconds(p.phases[0].latency_ps)).epsilon(0.01));
  }
  SECTION("2 DGX A100: a send to another node is never faster than the same bytes to a GPU of the sender's NVSwitch, 1 KiB .. 1 GiB") {
    Fixture f(kTopo + "dgx_a100.yaml", 2);
    for (double b = 1024; b <= kGiB; b *= 4) {
      INFO("bytes " << b);
      const double intra = run_plan(*f.cluster, f.planner->send_recv(0, 1, b)).time_s;
      const double cross = run_plan(*f.cluster, f.planner->send_recv(0, 9, b)).time_s;
      CHECK(cross >= intra);
    }
  }
  SECTION("NCCL's protocol rule on a DGX A100: LL inside the node up to 16 KiB x 32 channels per peer = 512 KiB, Simple above; across nodes Simple at any size (network p2p connections have no LL buffers)") {
    Fixture f(kTopo + "dgx_a100.yaml", 2);
    CHECK(f.planner->send_recv(0, 1, 512 * 1024).protocol == Protocol::ll);
    CHECK(f.planner->send_recv(0, 1, 512 * 1024 + 1).protocol == Protocol::simple);
    CHECK(f.planner->send_recv(0, 8, 1024).protocol == Protocol::simple);
  }
  SECTION("SMs on a DGX A100 pair: 24 ring channels give 32 p2p channels; 1 MiB runs on 16 (one per 64 KiB part), 1 GiB on all 32 (parts of at most 16 MiB)") {
    Fixture f(kTopo + "dgx_a100.yaml");
    CHECK(f.planner->send_recv(0, 1, 1048576).sms_per_rank == 16);
    Plan big = f.planner->send_recv(0, 1, kGiB);
    CHECK(big.nccl_channels == 32);
    CHECK(big.sms_per_rank == 32);
  }
  SECTION("fewer channels than NCCL provisions stretch a send: 16 MiB on 16 of the 24 an NVSwitch pair needs moves at most 16/24 of the link rate") {
    Fixture f(kTopo + "dgx_a100.yaml");
    const topo::Cluster& c = *f.cluster;
    const double B = c.link(first_link(c, c.gpu(0), c.gpu(1))).capacity_bytes_per_s;
    const double S = 16.0 * 1048576;
    Plan p = f.planner->send_recv(0, 1, S);
    CHECK(p.sms_per_rank == 16);
    const double fixed = ps_to_seconds(f.planner->send_recv(0, 1, kGiB).phases[0].latency_ps);  // no stretch at 1 GiB
    CHECK(run_plan(c, p).time_s == Approx(S / (B * 16 / 24) + fixed).epsilon(0.01));
  }
  SECTION("PXN: GPU 0 of node 0 to GPU 3 of node 1 crosses NVLink to GPU 3 of node 0 and leaves on its NIC, so the traffic stays on rail 3") {
    Fixture f(kTopo + "dgx_a100.yaml", 2);
    const topo::Cluster& c = *f.cluster;
    Carried out = run_plan(c, f.planner->send_recv(0, 8 + 3, 64.0 * 1048576));
    const net::LinkId rail3 = first_link(c, c.nic(0, 3), c.nic(1, 3));
    const net::LinkId rail0 = first_link(c, c.nic(0, 0), c.nic(1, 0));
    CHECK(out.link_bytes[rail3] == Approx(64.0 * 1048576));
    CHECK(out.link_bytes[rail0] == 0);
    CHECK(out.link_bytes[first_link(c, c.gpu(0, 0), c.gpu(0, 3))] == Approx(64.0 * 1048576));
  }
  SECTION("4x RTX 4090 without P2P: a send is staged in host memory (NCCL's SHM), across the CPU's transit") {
    Fixture f(kTopo + "workstation_4x4090.yaml");
    const topo::Cluster& c = *f.cluster;
    bool transit = false;
    for (const auto& u : *f.planner->send_recv(0, 1, kGiB).phases[0].flows[0].shared_path)
      transit = transit || c.is_transit(u.link);
    CHECK(transit);
  }
  SECTION("the same GPU, a GPU that does not exist, negative bytes and a send across NIC-less nodes are errors") {
    Fixture f(kTopo + "dgx_a100.yaml");
    CHECK_THROWS_AS(f.planner->send_recv(3, 3, 1024), std::invalid_argument);
    CHECK_THROWS_AS(f.planner->send_recv(0, 8, 1024), std::invalid_argument);
    CHECK_THROWS_AS(f.planner->send_recv(0, 1, -1), std::invalid_argument);
  }
}

TEST_CASE("all_to_all: every ordered pair a flow of S/n, bounded by the per-GPU link inside a node and by the NICs across nodes", "[coll][p2p]") {
  SECTION("8 A100 on one NVSwitch: each GPU's link carries (n-1)/n S each way, so busbw = (n-1)/n S/t is the link's rate, within 1% at 1 GiB") {
    Fixture f(kTopo + "dgx_a100.yaml");
    const topo::Cluster& c = *f.cluster;
    Plan p = f.planner->plan(all_to_all(kGiB));
    CHECK(p.algo == Algo::p2p);
    CHECK(p.phases[0].flows.size() == 8 * 7);
    const double link = c.link(first_link(c, c.gpu(0), c.gpu(1))).capacity_bytes_per_s;
    report::SweepRow row = f.run(all_to_all(kGiB));
    CHECK(row.busbw_gbps * 1e9 == Approx(link).epsilon(0.01));
  }
  SECTION("2 DGX A100: the cross-node share (n-g)/n = 1/2 of S leaves every GPU's node on the NICs, one rail per local index (PXN): the NICs carry exactly 8 S, and t >= S/2 / NIC rate, within 5% of it at 1 GiB") {
    Fixture f(kTopo + "dgx_a100.yaml", 2);
    const topo::Cluster& c = *f.cluster;
    Carried out = run_plan(c, f.planner->plan(all_to_all(kGiB)));
    double nic_out = 0;
    for (int node = 0; node < 2; ++node)
      for (int k = 0; k < 8; ++k) {
        const net::LinkId up = first_link(c, c.nic(node, k), c.nic(1 - node, k));
        CHECK(out.link_bytes[up] == Approx(kGiB / 2));  // NIC k: every local GPU's S/16 to remote GPU k
        nic_out += out.link_bytes[up];
      }
    CHECK(nic_out == Approx(8 * kGiB));
    const double nic = c.link(first_link(c, c.nic(0, 0), c.nic(1, 0))).capacity_bytes_per_s;
    const double bound = kGiB / 2 / nic;
    CHECK(out.time_s >= bound);
    CHECK(out.time_s == Approx(bound).epsilon(0.05));
  }
  SECTION("bytes scale linearly with S: at 2 S every link carries exactly twice the bytes (2 DGX A100, 64 and 128 MiB, Simple both)") {
    Fixture f(kTopo + "dgx_a100.yaml", 2);
    Carried a = run_plan(*f.cluster, f.planner->plan(all_to_all(64.0 * 1048576)));
    Carried b = run_plan(*f.cluster, f.planner->plan(all_to_all(128.0 * 1048576)));
    double total = 0;
    for (std::size_t l = 0; l < a.link_bytes.size(); ++l) {
      CHECK(b.link_bytes[l] == Approx(2 * a.link_bytes[l]));
      total += a.link_bytes[l];
    }
    CHECK(total > 0);
  }
  SECTION("a statically hashed fabric is never faster than an adaptive one (8 DGX A100, 2 leaves under 5 spines)") {
    Fixture st(std::string(SIMTRAIN_TEST_DATA) + "/dgx_a100_fat_tree_static.yaml", 8);
    Fixture ad(std::string(SIMTRAIN_TEST_DATA) + "/dgx_a100_fat_tree_adaptive.yaml", 8);
    CHECK(st.run(all_to_all(256.0 * 1048576)).time_us >= ad.run(all_to_all(256.0 * 1048576)).time_us * 0.999);
  }
  SECTION("a subset of ranks (an expert-parallel group of 4): 4 x 3 flows, on those GPUs only") {
    Fixture f(kTopo + "dgx_a100.yaml");
    Request r = all_to_all(kGiB);
    r.ranks = {0, 2, 4, 6};
    Plan p = f.planner->plan(r);
    CHECK(p.ranks == 4);
    CHECK(p.phases[0].flows.size() == 12);
  }
  SECTION("names, busbw factor (n-1)/n as nccl-tests' alltoall_perf, and the algorithms it cannot take") {
    CHECK(std::string(op_name(Op::all_to_all)) == "all_to_all");
    CHECK(op_from_name("all_to_all") == Op::all_to_all);
    CHECK(op_from_name("alltoall") == Op::all_to_all);
    CHECK(op_from_name("allreduce") == Op::all_reduce);
    CHECK(!op_from_name("all2all"));
    CHECK(busbw_factor(Op::all_to_all, 8) == Approx(7.0 / 8));
    Fixture f(kTopo + "dgx_a100.yaml");
    Request ring = all_to_all(kGiB);
    ring.algo = Algo::ring;
    CHECK_THROWS_AS(f.planner->plan(ring), std::invalid_argument);
    CHECK_THROWS_AS(f.planner->plan(all_reduce(kGiB, Algo::p2p)), std::invalid_argument);
  }
}

TEST_CASE("ring-order search: the shared cache answers as a fresh search does", "[coll]") {
  // Random groups (3 to 9 GPUs of one node, or of two nodes), rings and chains, pinned ends
  // and NIC entries, on systems of different shapes and capacities asked in turn, so an answer
  // cached for one system or node is offered wherever its key could collide.
  std::mt19937 rng(5);
  std::vector<std::unique_ptr<topo::Cluster>> clusters;
  for (const char* s : {"pcie_switch_8gpu", "dgx_a100", "dgx_a100_80gb", "dgx1_v100", "dgx_h100", "jean_zay_a100",
                        "workstation_4x4090_eth100g", "hgx_a100_4gpu"})
    clusters.push_back(topo::load_system(kTopo + std::string(s) + ".yaml", 2));
  for (int trial = 0; trial < 400; ++trial) {
    const topo::Cluster& c = *clusters[rng() % clusters.size()];
    std::vector<int> ranks(static_cast<std::size_t>(c.gpu_count()));
    for (std::size_t i = 0; i < ranks.size(); ++i) ranks[i] = static_cast<int>(i);
    std::shuffle(ranks.begin(), ranks.end(), rng);
    if (rng() % 2) {  // one node: its GPUs only
      const int node = static_cast<int>(rng() % 2);
      ranks.erase(std::remove_if(ranks.begin(), ranks.end(), [&](int r) { return r / c.gpus_per_node() != node; }),
                  ranks.end());
    }
    const std::size_t n = std::min<std::size_t>(ranks.size(), 3 + rng() % 7);
    std::vector<topo::Vertex> members;
    for (std::size_t i = 0; i < n; ++i) members.push_back(c.gpu(ranks[i]));
    const bool closed = rng() % 2;
    const int first = rng() % 3 == 0 ? static_cast<int>(rng() % n) : -1;
    const int last = !closed && rng() % 3 == 0 ? static_cast<int>(rng() % n) : -1;
    topo::Vertex entry = kNoVertex;
    if (!closed && c.nics_per_node() > 0 && rng() % 2) entry = c.nic(0, static_cast<int>(rng() % c.nics_per_node()));
    std::vector<int> prior;
    const bool with_prior = rng() % 3 == 0;
    if (with_prior) {
      prior.assign(c.directed_link_count(), 0);
      for (auto& p : prior) p = static_cast<int>(rng() % 3);
    }
    const std::vector<int>* pp = with_prior ? &prior : nullptr;
    const auto fresh = best_order_uncached(c, members, closed, first, last, entry, kNoVertex, pp);
    CHECK(best_order(c, members, closed, first, last, entry, kNoVertex, pp) == fresh);
    CHECK(best_order(c, members, closed, first, last, entry, kNoVertex, pp) == fresh);  // from the cache
  }
}

TEST_CASE("8x MI300X xGMI mesh under RCCL: rome_model_79's rings load all 56 link directions alike", "[coll][rccl]") {
  Fixture f(kTopo + "mi300x_8gpu.yaml");
  CHECK(f.planner->params().library == Library::rccl);
  // 14 rings crossing each directed GPU pair twice: every GPU's 7 links carry equal traffic,
  // so busbw -> 7 x one link's capacity (64 GB/s x 0.71); at 16 GiB within 3% (fill, latency).
  const topo::Cluster& c = *f.cluster;
  const double link = c.link(c.route(c.gpu(0), c.gpu(1)).links.front()).capacity_bytes_per_s;
  const report::SweepRow row = f.run(all_reduce(16 * kGiB));
  CHECK(row.algo == "ring");
  CHECK(row.protocol == "Simple");
  CHECK(row.busbw_gbps * 1e9 == Approx(7 * link).epsilon(0.03));
  // RCCL: 28 listed rings doubled by connect.cc's postset.
  CHECK(f.planner->plan(all_reduce(16 * kGiB)).nccl_channels == 56);
}

TEST_CASE("RCCL on gfx942 runs LL and Simple only: forcing LL128 is refused", "[coll][rccl]") {
  Fixture f(kTopo + "mi300x_8gpu.yaml");
  Request r = all_reduce(1 << 20);
  r.protocol = Protocol::ll128;
  CHECK_THROWS_AS(f.planner->plan(r), std::invalid_argument);
  r.protocol.reset();
  CHECK(f.planner->plan(r).protocol != Protocol::ll128);
}

TEST_CASE("2x 8 MI325X: RCCL's node paths share no xGMI link direction, so the ring is not xGMI-starved", "[coll][rccl]") {
  Fixture f(kTopo + "mi325x_8gpu.yaml", 2);
  Request r = all_reduce(16 * kGiB, Algo::ring);
  const report::SweepRow row = f.run(r);
  // Measured 350 GB/s (hisohara/ai-scripts, MI325X 2 nodes, Ring); a path set with a doubled
  // direction halves the bottleneck link's share (~180 GB/s).
  CHECK(row.busbw_gbps > 300);
}
