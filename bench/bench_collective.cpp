// Speed of the simulator itself: a 1 GiB ring all_reduce on 8, 64, 512 and 1024 A100s
// (DGX A100 nodes, 8 HDR NICs each, joined by a two-level fat tree), from loading the
// system to the simulated result; and a 1 GiB all_to_all on 8 .. 256 (n(n-1) flows). Prints wall time (median of repeats), events per second
// and peak resident memory. Figures go in the README; nothing here asserts a time.
#include "bench_clock.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "coll/collective.hpp"
#include "coll/nccl_params.hpp"
#include "engine/executor.hpp"
#include "topo/cluster.hpp"

using namespace simtrain;
using bench::cpu_s;
using bench::peak_rss_kib;

namespace {

struct Result {
  double load_s = 0, plan_s = 0, sim_s = 0;
  std::uint64_t events = 0, flows = 0, solves = 0;
  double busbw = 0;
};

Result once(int nodes, coll::Algo algo, coll::Op op = coll::Op::all_reduce, const std::string& system = "dgx_a100",
            const std::string& fabric = "fat_tree") {
  using clock = std::chrono::steady_clock;
  Result r;
  auto t0 = clock::now();
  auto cluster = topo::load_system(std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/" + system + ".yaml", nodes, "",
                                   fabric);
  auto t1 = clock::now();
  coll::Planner planner(*cluster, coll::NcclParams::load_default(cluster->catalog().path()));
  coll::Request req;
  req.op = op;
  req.bytes = 1073741824.0;
  req.algo = algo;
  coll::Plan plan = planner.plan(req);
  engine::TaskGraph g;
  coll::emit(plan, g, {}, coll::op_name(op));
  auto t2 = clock::now();
  net::FlowNetwork network(cluster->link_capacities());
  engine::Executor ex(network);
  engine::RunStats st = ex.run(g);
  auto t3 = clock::now();
  r.load_s = std::chrono::duration<double>(t1 - t0).count();
  r.plan_s = std::chrono::duration<double>(t2 - t1).count();
  r.sim_s = std::chrono::duration<double>(t3 - t2).count();
  r.events = st.events;
  r.flows = st.flows;
  r.solves = st.solves;
  const double t = ps_to_seconds(st.makespan_ps);
  r.busbw = req.bytes / t * coll::busbw_factor(req.op, cluster->gpu_count()) / 1e9;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 3;
  std::printf("# simtrain bench: 1 GiB all_reduce (ring, auto) and all_to_all, DGX A100 nodes on a fat tree (median of %d)\n",
              repeats);
  std::printf("# %5s  %-12s  %9s  %9s  %9s  %9s  %7s  %7s  %10s  %9s  %9s\n", "gpus", "algo", "load_s", "plan_s",
              "sim_s", "total_s", "events", "flows", "events/s", "busbw", "rss_MiB");
  struct Row {
    coll::Op op;
    coll::Algo algo;
    std::vector<int> gpus;
  };
  for (const Row& row : {Row{coll::Op::all_reduce, coll::Algo::ring, {8, 64, 512, 1024}},
                         Row{coll::Op::all_reduce, coll::Algo::automatic, {8, 64, 512, 1024}},
                         Row{coll::Op::all_to_all, coll::Algo::automatic, {8, 64, 256}}}) {
    const coll::Algo algo = row.algo;
    for (int gpus : row.gpus) {
      std::vector<Result> rs;
      for (int i = 0; i < repeats; ++i) rs.push_back(once(gpus / 8, algo, row.op));
      std::sort(rs.begin(), rs.end(), [](const Result& a, const Result& b) {
        return a.load_s + a.plan_s + a.sim_s < b.load_s + b.plan_s + b.sim_s;
      });
      const Result& m = rs[rs.size() / 2];
      const double total = m.load_s + m.plan_s + m.sim_s;
      std::printf("  %5d  %-12s  %9.4f  %9.4f  %9.4f  %9.4f  %7llu  %7llu  %10.0f  %9.2f  %9.1f\n", gpus,
                  row.op == coll::Op::all_reduce ? coll::algo_name(algo) : coll::op_name(row.op), m.load_s, m.plan_s, m.sim_s, total,
                  static_cast<unsigned long long>(m.events), static_cast<unsigned long long>(m.flows),
                  m.sim_s > 0 ? static_cast<double>(m.events) / m.sim_s : 0.0, m.busbw,
                  static_cast<double>(peak_rss_kib()) / 1024.0);
    }
  }
  // The current hardware, each on its own fabric: NCCL's Blackwell choices on an
  // 8x B200 box, NVLS across one GB200 NVL72 rack (72 GPUs) and over two racks' InfiniBand,
  // RCCL's rings on the 8x MI300X xGMI mesh and across 16 such nodes.
  std::printf("# simtrain bench: 1 GiB all_reduce (auto), current systems on their own fabrics (median of %d)\n", repeats);
  std::printf("# %-12s %5s  %9s  %9s  %9s  %9s  %7s  %7s  %9s\n", "system", "gpus", "load_s", "plan_s", "sim_s", "total_s",
              "events", "flows", "busbw");
  struct Sys {
    std::string system;
    int nodes, gpus;
  };
  for (const Sys& c : {Sys{"dgx_b200", 1, 8}, Sys{"dgx_b200", 16, 128}, Sys{"gb200_nvl72", 1, 72},
                       Sys{"gb200_nvl72", 2, 144}, Sys{"mi300x_8gpu", 1, 8}, Sys{"mi300x_8gpu", 16, 128}}) {
    std::vector<Result> rs;
    for (int i = 0; i < repeats; ++i) rs.push_back(once(c.nodes, coll::Algo::automatic, coll::Op::all_reduce, c.system, ""));
    std::sort(rs.begin(), rs.end(), [](const Result& a, const Result& b) {
      return a.load_s + a.plan_s + a.sim_s < b.load_s + b.plan_s + b.sim_s;
    });
    const Result& m = rs[rs.size() / 2];
    std::printf("  %-12s %5d  %9.4f  %9.4f  %9.4f  %9.4f  %7llu  %7llu  %9.2f\n", c.system.c_str(), c.gpus, m.load_s,
                m.plan_s, m.sim_s, m.load_s + m.plan_s + m.sim_s, static_cast<unsigned long long>(m.events),
                static_cast<unsigned long long>(m.flows), m.busbw);
  }
  return 0;
}
