// How fast `simtrain serve` simulates: 10,000 requests on 8 GPUs (Llama-3-8B on a DGX H100, 8
// replicas of TP 1, vLLM-like, Poisson arrivals), the same 10,000 on 8 GPUs as 2 replicas of TP 4
// (whose iterations also price the TP all-reduces), and a saturating closed loop of 2,048
// clients (full batches, a full KV cache). Prints wall
// and CPU seconds, iterations and events per second; nothing here asserts a time.
//
//   bench_serve
#include "bench_clock.hpp"

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "serve/serve_run.hpp"
#include "serve/serve_spec.hpp"

using namespace simtrain;
using bench::cpu_s;
using bench::peak_rss_kib;

namespace {

void one(const char* label, const std::vector<std::string>& set) {
  const std::string file = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/serve_8b_1xh100.yaml";
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = cpu_s();
  const serve::ServeSpec spec = serve::load_serve_scenario(file, set);
  const serve::ServeResult r = serve::run_serve(spec);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), cpu = cpu_s() - c0;
  if (!r.figures) {
    std::printf("%-34s does not fit: %s\n", label, r.memory.verdict.c_str());
    return;
  }
  const serve::ServeFigures& f = *r.figures;
  std::printf("%-34s %6lld requests %2d GPUs  wall %6.2f s  cpu %6.2f s  %9llu iterations  %9llu events  %8.0f events/s  "
              "(simulated %.0f s, %.0f output tokens/s)\n",
              label, f.requests, r.gpus, wall, cpu, f.iterations, f.events, static_cast<double>(f.events) / wall, f.duration_s,
              f.output_tokens_per_s);
}

}  // namespace

int main() {
  one("8 replicas x TP 1, 10,000 requests", {"gpus_per_node=8", "serve.requests.count=10000", "serve.arrival.rate=150"});
  one("2 replicas x TP 4, 10,000 requests", {"gpus_per_node=8", "serve.tp=4", "serve.requests.count=10000", "serve.arrival.rate=150"});
  one("8 x TP 1, closed loop of 2,048", {"gpus_per_node=8", "serve.requests.count=10000", "serve.arrival.process=closed",
                                         "serve.arrival.concurrency=2048"});
  return 0;
}
