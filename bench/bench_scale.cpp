// How simtrain's cost grows: routing and the data-parallel step from 1k to 16k GPUs,
// with the log-log slope of each (1 = linear, 2 = quadratic), and one 10,000-point sweep on two
// worker threads. Prints wall and CPU seconds; nothing here asserts a time.
//
//   bench_scale            everything (a few minutes on 2 cores)
//   bench_scale --quick    1k..4k GPUs and a 400-point sweep
//   bench_scale [--quick] --growth | --sweep    only the one part
//
// Routing: a fresh cluster of N DGX A100 nodes on its shipped fabric, then the route from GPU j
// of node k to GPU j of node k+1 for every k and j (the cross-node hops of every rail's ring:
// 8N routes, each GPU -> NIC -> fabric -> NIC -> GPU), timed apart from building the cluster.
// DDP step: GPT-2 1.5B DDP on N DGX A100, one step without warm-up, load to figures.
#include "bench_clock.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "drive/run.hpp"
#include "drive/sweep.hpp"
#include "topo/cluster.hpp"

using namespace simtrain;
using bench::cpu_s;
using bench::peak_rss_kib;

namespace {

struct Timing {
  double wall_s = 0, cpu_s = 0;
};
template <class F>
Timing timed(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = cpu_s();
  f();
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), cpu_s() - c0};
}

// Least-squares slope of log(y) against log(x).
double loglog_slope(const std::vector<double>& x, const std::vector<double>& y) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double n = static_cast<double>(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double lx = std::log(x[i]), ly = std::log(y[i]);
    sx += lx;
    sy += ly;
    sxx += lx * lx;
    sxy += lx * ly;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

std::string joined(int from, int to) {
  std::string s;
  for (int i = from; i <= to; ++i) {
    if (i > from) s.push_back(',');
    s.append(std::to_string(i));
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false, growth = true, sweep = true;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) quick = true;
    else if (std::strcmp(argv[i], "--growth") == 0) sweep = false;
    else if (std::strcmp(argv[i], "--sweep") == 0) growth = false;
  }
  const std::string src = SIMTRAIN_TEST_SOURCE_DIR;
  std::vector<int> node_counts = {128, 256, 512, 1024, 2048};
  if (quick) node_counts = {128, 256, 512};

  if (growth) {
    std::printf("# simtrain bench: growth with GPU count (DGX A100 nodes, shipped fabric)\n");
    std::printf("# %6s  %8s  %12s  %12s  %12s  %12s\n", "GPUs", "routes", "route_cpu_s", "route_us_per", "ddp_wall_s",
                "ddp_cpu_s");
    std::vector<double> gpus, route_s, ddp_s;
    for (int nodes : node_counts) {
      auto cluster = topo::load_system(src + "/topologies/dgx_a100.yaml", nodes);
      const topo::Cluster& c = *cluster;
      const int gpn = c.gpus_per_node();
      std::size_t links = 0;
      const Timing r = timed([&] {
        for (int k = 0; k < nodes; ++k)
          for (int j = 0; j < gpn; ++j) links += c.route(c.gpu(k, j), c.gpu((k + 1) % nodes, j)).links.size();
      });
      const int routes = nodes * gpn;
      train::RunResult last;
      const Timing d = timed([&] {
        last = drive::run_scenario(load_scenario(src + "/scenarios/4xdgx_a100_gpt2_1.5b.yaml",
                                                 {"nodes=" + std::to_string(nodes), "steps=1", "warmup_steps=0"}),
                                   {});
      });
      std::printf("  %6d  %8d  %12.3f  %12.2f  %12.3f  %12.3f\n", nodes * gpn, routes, r.cpu_s,
                  r.cpu_s / routes * 1e6, d.wall_s, d.cpu_s);
      if (links == 0) std::printf("  (no routes found)\n");
      gpus.push_back(nodes * gpn);
      route_s.push_back(std::max(r.cpu_s, 1e-6));
      ddp_s.push_back(d.cpu_s);
    }
    std::printf("  log-log slope vs GPUs: routing %.2f, DDP step %.2f (1 = linear, 2 = quadratic)\n",
                loglog_slope(gpus, route_s), loglog_slope(gpus, ddp_s));
  }
  if (!sweep) return 0;

  // The sweep: the headline ResNet-50 scenario over batch x GPUs per node x system x precision.
  const int batches = quick ? 5 : 125;
  std::vector<std::string> axes_flags = {"batch_per_gpu=" + joined(1, batches), "gpus_per_node=1,2,3,4,5,6,7,8",
                                         "system=pcie_switch_8gpu,dgx_a100",
                                         "precision=amp_fp16,amp_bf16,fp32,tf32,bf16"};
  const std::string scenario = src + "/scenarios/8xA100_pcie_switch.yaml";
  const auto axes = drive::sweep_axes(scenario, {}, axes_flags);
  drive::ScenarioSweepOptions o;
  o.jobs = 2;
  std::size_t points = 0, ran = 0;
  const Timing s = timed([&] {
    const auto rows = drive::run_sweep(scenario, {}, axes, o);
    points = rows.size();
    for (const auto& p : rows) ran += p.result ? 1 : 0;
  });
  std::printf("# simtrain bench: sweep, 2 threads\n");
  std::printf("  %zu points (%zu simulated): %.1f s wall, %.1f s CPU, %.2f ms CPU per point\n", points, ran, s.wall_s,
              s.cpu_s, s.cpu_s / static_cast<double>(points) * 1e3);
  return 0;
}
