// `simtrain serve`: a serving scenario from its file to its figures. Loads the system, the
// model and the engine profile; lays the replicas out (tp x pp GPUs each, TP inside a node, the
// GPUs taken in order); plans each GPU's memory (serve/kv_memory.hpp) and refuses, with the
// figures, a replica that cannot hold its weights or one request; draws the requests
// (serve/requests.hpp) and simulates them (serve/scheduler.hpp) with each replica's iteration
// cost (serve/iteration_cost.hpp); then the percentiles (linear interpolation between order
// statistics, as numpy.percentile and vLLM's benchmark_serving), energy and cost
// (train/cost_of_run.hpp: GPU power between idle and TDP by the share of time busy).
// --slo: the largest Poisson arrival rate whose latencies meet every target, by bisection on the
// rate: the scenario's rate, doubled (or halved) until the targets fail (or hold), then
// geometric bisection until the two rates are within 1% (same seed at every rate: the same
// requests, their arrival gaps scaled). Halving stops when requests are served alone (about one
// sequence per iteration): a target a lone request misses is missed at every rate (the L4 in
// bf16 reads 16 GB of weights per token, 67 ms at its 300 GB/s, so TPOT 50 ms is out of reach).
#pragma once

#include <string>
#include <vector>

#include "serve/serve_result.hpp"

namespace simtrain::serve {

// The longest span of arrivals a run simulates (requests / rate): 10^6 s, 11.6 days, well inside
// the picosecond clock's 106 days. A scenario past it is refused at serve.arrival.rate; an SLO
// search does not lower the rate past it.
inline constexpr double kMaxArrivalSpanS = 1e6;

// Parses --slo's "ttft_p99=1s,tpot_p99=50ms" (metrics ttft, tpot, e2e; percentiles 50, 90, 99;
// times with units). ScenarioError naming --slo on bad text.
std::vector<SloTarget> parse_slo(const std::string& text);

struct ServeOptions {
  std::vector<SloTarget> slo;  // empty: no search
};

// Throws ScenarioError for bad input (file:line:col), std::invalid_argument for a layout or
// model the serving model does not take (with the reason).
ServeResult run_serve(const ServeSpec& spec, const ServeOptions& options = {});

}  // namespace simtrain::serve
