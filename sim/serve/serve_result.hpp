// What a serving run produced, for the report (report/serve_report.hpp) and any reader of its
// JSON (a validation case reads throughput, TTFT and TPOT percentiles by their field names).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "serve/kv_memory.hpp"
#include "serve/serve_spec.hpp"
#include "train/cost_of_run.hpp"

namespace simtrain::serve {

struct Percentiles {
  double p50 = 0, p90 = 0, p99 = 0, mean = 0;
};

// One target of --slo: a latency's percentile at most `limit_s`.
struct SloTarget {
  std::string metric;  // ttft | tpot | e2e
  int percentile = 99; // 50 | 90 | 99
  double limit_s = 0;
  std::string text;    // as given ("ttft_p99=1s")
};

struct ServeFigures {
  double rate_per_s = 0;           // the arrival rate simulated (poisson), 0 for a closed loop
  long long requests = 0;
  double duration_s = 0;           // first arrival to last token
  double output_tokens_per_s = 0, requests_per_s = 0, total_tokens_per_s = 0;
  long long prompt_tokens = 0, output_tokens = 0, recomputed_tokens = 0;
  Percentiles ttft_s, tpot_s, e2e_s;
  double kv_peak = 0, kv_mean = 0;  // shares of the cache's blocks
  long long preemptions = 0, preempted_requests = 0;
  double gpu_busy = 0;              // share of the run each replica is running an iteration
  double mfu = 0;                   // executed FLOP/s per GPU over its dense 16-bit (or fp8) peak
  double comm_share = 0;            // share of busy time in TP collectives and stage sends
  double mean_batch = 0, mean_decode_batch = 0;
  unsigned long long iterations = 0, events = 0;
  double gpu_power_w = 0;
  train::CostInputs cost_inputs;
  train::CostFigures cost;          // over the run's duration
  double joules_per_mtok = 0;       // per 1M output tokens
  std::optional<double> rent_per_mtok, own_per_mtok;  // USD per 1M output tokens
};

struct SloResult {
  std::vector<SloTarget> targets;
  bool found = false;
  double rate_per_s = 0;            // the largest rate found meeting every target
  double failing_rate_per_s = 0;    // the smallest rate found missing one
  int runs = 0;
  std::string binding;              // the target that fails first above the rate
  ServeFigures at_rate;             // the figures at rate_per_s
};

struct ServeResult {
  std::string scenario, model, system, gpu, engine;
  int gpus = 0, tp = 1, pp = 1, replicas = 1;
  std::string weights, kv_cache;
  std::vector<std::string> overrides;
  std::string traffic;              // the request mix in words
  MemoryPlan memory;
  std::vector<std::string> notes;   // assumptions the run leans on (pp > 1, weight-only kernels ...)
  std::optional<ServeFigures> figures;  // absent when the model does not fit
  std::optional<SloResult> slo;
  std::string cost_basis = "rent";
};

}  // namespace simtrain::serve
