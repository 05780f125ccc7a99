#include "serve/serve_run.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "coll/collective.hpp"
#include "coll/nccl_params.hpp"
#include "scenario/error.hpp"
#include "scenario/units.hpp"
#include "serve/iteration_cost.hpp"
#include "serve/requests.hpp"
#include "serve/scheduler.hpp"
#include "topo/cluster.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"

namespace simtrain::serve {

namespace {

// Everything a run at one rate needs, built once (an SLO search runs many rates). Not movable:
// the iteration costs refer to its serving model.
struct Setup {
  Setup() = default;
  Setup(const Setup&) = delete;
  Setup& operator=(const Setup&) = delete;
  std::unique_ptr<topo::Cluster> cluster;
  const topo::GpuModel* gpu = nullptr;
  std::shared_ptr<const work::Model> model;
  ServingModel sm;
  std::unique_ptr<work::CostModel> cost;
  std::unique_ptr<coll::Planner> planner;
  std::vector<std::unique_ptr<IterationCost>> replicas;
  MemoryPlan memory;
  int gpus = 0, per_node = 0, replica_count = 0;
};

Field serve_field(const ServeSpec& spec, const char* key) {
  const Field sv = spec.base.root.at("serve");
  return sv.has(key) ? sv.at(key) : sv;
}

work::Precision compute_precision(const ServeSpec& spec, const topo::GpuModel& g) {
  if (spec.weights == WeightPrecision::fp8 && g.peak_flops.count("fp8")) return work::Precision::fp8;
  if (spec.weights == WeightPrecision::fp16 || !g.peak_flops.count("bf16")) return work::Precision::fp16;
  return work::Precision::bf16;
}

void check_lengths(const ServeSpec& spec, const work::Model& m) {
  const long long max_len = spec.max_model_len > 0 ? spec.max_model_len : m.seq_len;
  const long long longest = spec.prompt.largest() + spec.output.largest();
  if (longest > max_len)
    throw serve_field(spec, "output").error(fmt::format(
        "requests reach {} tokens (prompt up to {} + output up to {}), more than max_model_len {} ({}); an engine "
        "refuses them: shorten the lengths or raise serve.max_model_len",
        longest, spec.prompt.largest(), spec.output.largest(), max_len,
        spec.max_model_len > 0 ? "serve.max_model_len" : "the model file's seq_len"));
  if (!spec.engine.chunked_prefill && spec.prompt.largest() > spec.engine.max_batched_tokens)
    throw serve_field(spec, "prompt").error(fmt::format(
        "prompts reach {} tokens, more than max_batched_tokens {}: without chunked prefill a prompt runs whole in one "
        "iteration (turn serve.chunked_prefill on, or raise serve.max_batched_tokens)",
        spec.prompt.largest(), spec.engine.max_batched_tokens));
}

// tp x pp GPUs per replica, in order; TP groups inside a node.
std::vector<std::vector<std::vector<int>>> lay_out(const ServeSpec& spec, Setup& s, const std::vector<int>& ranks) {
  const int per_replica = spec.tp * spec.pp;
  s.replica_count = spec.replicas > 0 ? spec.replicas : s.gpus / per_replica;
  if (s.replica_count == 0 || s.replica_count * per_replica > s.gpus)
    throw serve_field(spec, spec.replicas > 0 ? "replicas" : "tp")
        .error(fmt::format("{} replica(s) of tp {} x pp {} need {} GPUs; the scenario has {} ({} node(s) x {})",
                           std::max(1, s.replica_count), spec.tp, spec.pp, std::max(1, s.replica_count) * per_replica, s.gpus,
                           spec.base.nodes, s.per_node));
  if (s.per_node % spec.tp != 0)
    throw serve_field(spec, "tp").error(fmt::format("tp {} must divide the {} GPUs of a node (a TP group stays inside a node)",
                                                    spec.tp, s.per_node));
  std::vector<std::vector<std::vector<int>>> out;
  std::size_t next = 0;
  for (int r = 0; r < s.replica_count; ++r) {
    std::vector<std::vector<int>> stages;
    for (int st = 0; st < spec.pp; ++st) {
      std::vector<int> group(ranks.begin() + static_cast<long>(next), ranks.begin() + static_cast<long>(next) + spec.tp);
      next += static_cast<std::size_t>(spec.tp);
      stages.push_back(group);
    }
    out.push_back(stages);
  }
  return out;
}

void build_cost(const ServeSpec& spec, Setup& s, TimePs& launch_ps) {
  work::ComputeCalibration cal = work::load_calibration(work::default_calibration_path(s.cluster->catalog().path()), s.gpu->key);
  launch_ps = cal.launch_ps;
  cal.launch_ps = 0;  // the gaps are the iteration's (eager or CUDA graphs): iteration_cost.hpp
  s.cost = std::make_unique<work::CostModel>(*s.gpu, cal, compute_precision(spec, *s.gpu));
}

// Builds in place: the iteration costs keep references to the serving model and the cost model.
void build(const ServeSpec& spec, Setup& s) {
  s.cluster = topo::load_scenario_system(spec.base, spec.base.nodes);
  const topo::Cluster& c = *s.cluster;
  s.per_node = spec.base.gpus_per_node > 0 ? spec.base.gpus_per_node : c.gpus_per_node();
  if (s.per_node > c.gpus_per_node())
    throw spec.base.root.at("gpus_per_node").error("the system has " + std::to_string(c.gpus_per_node()) + " GPUs per node");
  const std::vector<int> ranks = c.first_gpus_of_each_node(s.per_node);
  s.gpus = static_cast<int>(ranks.size());
  s.gpu = &c.gpu_model(ranks[0]);
  for (int r : ranks)
    if (c.gpu_model(r).key != s.gpu->key)
      throw spec.base.system_field.error("the system's GPUs are of different models; serving models one GPU kind per scenario");
  s.model = work::load_model(spec.model_ref, &spec.model_field);
  check_lengths(spec, *s.model);
  try {
    s.sm = serving_model(*s.model, spec.tp);
  } catch (const std::invalid_argument& e) {
    throw (spec.tp > 1 ? serve_field(spec, "tp") : spec.model_field).error(e.what());
  }
  const auto layout = lay_out(spec, s, ranks);
  TimePs launch_ps = 0;
  build_cost(spec, s, launch_ps);
  if (spec.tp > 1 || spec.pp > 1) s.planner = std::make_unique<coll::Planner>(c, coll::NcclParams::load_default(c.catalog().path()));
  const ServingData& data = shipped_serving_data();
  for (const auto& stages : layout) {
    ReplicaComm comm{s.planner.get(), stages};
    s.replicas.push_back(std::make_unique<IterationCost>(s.sm, *s.cost, spec, data.kernels, launch_ps, comm));
  }
  s.memory = plan_memory(s.sm, spec, data.kernels, s.gpu->memory_bytes, s.cost->calibration().context_bytes,
                         s.replicas.front()->stage_layers().front());
}

double percentile(std::vector<double>& v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double pos = q / 100 * static_cast<double>(v.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
}

Percentiles summarize(std::vector<double> v) {
  Percentiles p;
  if (v.empty()) return p;
  double sum = 0;
  for (double x : v) sum += x;
  p.mean = sum / static_cast<double>(v.size());
  p.p50 = percentile(v, 50);
  p.p90 = percentile(v, 90);
  p.p99 = percentile(v, 99);
  return p;
}

void latencies(const SimStats& st, const std::vector<Request>& reqs, ServeFigures& f) {
  std::vector<double> ttft, tpot, e2e;
  for (std::size_t i = 0; i < st.outcomes.size(); ++i) {
    const RequestOutcome& o = st.outcomes[i];
    ttft.push_back(ps_to_seconds(o.first_token_ps - o.arrival_ps));
    e2e.push_back(ps_to_seconds(o.finish_ps - o.arrival_ps));
    if (reqs[i].output > 1) tpot.push_back(ps_to_seconds(o.finish_ps - o.first_token_ps) / static_cast<double>(reqs[i].output - 1));
    if (o.preemptions > 0) f.preempted_requests += 1;
  }
  f.ttft_s = summarize(std::move(ttft));
  f.tpot_s = summarize(std::move(tpot));
  f.e2e_s = summarize(std::move(e2e));
}

void energy_and_cost(const ServeSpec& spec, const Setup& s, ServeFigures& f) {
  const topo::GpuModel& g = *s.gpu;
  f.gpu_power_w = g.idle_power_w + (g.tdp_w - g.idle_power_w) * f.gpu_busy;
  const int used = s.replica_count * spec.tp * spec.pp;
  const int nodes = (used + s.per_node - 1) / s.per_node;
  f.cost_inputs = train::resolve_cost_inputs(spec.base, *s.cluster, g, used, nodes, f.gpu_power_w);
  f.cost = train::cost_of(f.cost_inputs, f.duration_s);
  const double mtok = static_cast<double>(f.output_tokens) / 1e6;
  if (mtok <= 0) return;
  f.joules_per_mtok = f.cost.joules / mtok;
  if (f.cost.rent) f.rent_per_mtok = *f.cost.rent / mtok;
  if (f.cost.own) f.own_per_mtok = *f.cost.own / mtok;
}

ServeFigures run_at(const ServeSpec& spec, Setup& s, double rate) {
  std::vector<Request> reqs = draw_requests(spec, rate);
  SchedulerSetup ss;
  ss.engine = &spec.engine;
  for (auto& r : s.replicas) ss.replicas.push_back(r.get());
  ss.kv_blocks = s.memory.kv_blocks;
  ss.block_tokens = s.memory.block_tokens;
  ss.arrival = spec.arrival;
  ss.concurrency = spec.concurrency;
  const SimStats st = simulate(ss, reqs);
  ServeFigures f;
  f.rate_per_s = spec.arrival == ArrivalProcess::poisson ? rate : 0;
  f.requests = static_cast<long long>(reqs.size());
  f.duration_s = ps_to_seconds(st.makespan_ps);
  f.prompt_tokens = st.prompt_tokens;
  f.output_tokens = st.output_tokens;
  f.recomputed_tokens = st.recomputed_tokens;
  if (f.duration_s > 0) {
    f.output_tokens_per_s = static_cast<double>(f.output_tokens) / f.duration_s;
    f.requests_per_s = static_cast<double>(f.requests) / f.duration_s;
    f.total_tokens_per_s = static_cast<double>(f.output_tokens + f.prompt_tokens) / f.duration_s;
  }
  // Closed loop: the request objects hold the arrival times the simulation gave them.
  for (std::size_t i = 0; i < reqs.size(); ++i) reqs[i].arrival_ps = st.outcomes[i].arrival_ps;
  latencies(st, reqs, f);
  const double span = static_cast<double>(st.makespan_ps) * s.replica_count;
  f.preemptions = st.preemptions;
  f.kv_peak = s.memory.kv_blocks > 0 ? static_cast<double>(st.kv_peak_blocks) / static_cast<double>(s.memory.kv_blocks) : 0;
  f.kv_mean = span > 0 ? st.kv_block_ps / (span * static_cast<double>(s.memory.kv_blocks)) : 0;
  f.gpu_busy = span > 0 ? st.busy_ps / span : 0;
  f.comm_share = st.busy_ps > 0 ? st.comm_ps / st.busy_ps : 0;
  f.mfu = span > 0 ? st.flops / (ps_to_seconds(static_cast<TimePs>(span)) * s.cost->tensor_peak_flops()) : 0;
  f.mean_batch = st.mean_batch;
  f.mean_decode_batch = st.mean_decode_batch;
  f.iterations = st.iterations;
  f.events = st.events;
  energy_and_cost(spec, s, f);
  return f;
}

std::string traffic_words(const ServeSpec& spec) {
  auto len = [](const LengthSpec& l) {
    switch (l.dist) {
      case LengthDist::fixed: return fmt::format("{}", l.tokens);
      case LengthDist::uniform: return fmt::format("uniform {}-{}", l.min, l.max);
      case LengthDist::lognormal: return fmt::format("lognormal mean {:g} sigma {:g} in {}-{}", l.mean, l.sigma, l.min, l.max);
    }
    return std::string();
  };
  const std::string arrival = spec.arrival == ArrivalProcess::poisson ? fmt::format("Poisson at {:g} req/s", spec.rate_per_s)
                                                                      : fmt::format("closed loop, {} in flight", spec.concurrency);
  return fmt::format("{} requests, prompt {} tokens, output {} tokens, {}, seed {}", spec.requests, len(spec.prompt),
                     len(spec.output), arrival, spec.seed);
}

std::vector<std::string> notes(const ServeSpec& spec, const Setup& s) {
  std::vector<std::string> n;
  if (spec.pp > 1)
    n.push_back("pp > 1: one batch in flight per replica, the stages working in turn (a lower bound on a pipelined engine's throughput)");
  if (spec.weights == WeightPrecision::fp8 && !s.gpu->peak_flops.count("fp8"))
    n.push_back(s.gpu->name + " has no fp8 tensor rate: fp8 weights run weight-only (dequantized to 16 bits, as vLLM's FP8 Marlin)");
  if (spec.weights == WeightPrecision::int8 || spec.weights == WeightPrecision::int4)
    n.push_back(std::string(kWeightPrecisionNames.c_str(spec.weights)) +
                " weights are weight-only: read at their width, multiplied at the 16-bit rate (dequantization assumed free)");
  return n;
}

}  // namespace

std::vector<SloTarget> parse_slo(const std::string& text) {
  std::vector<SloTarget> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::size_t eq = item.find('='), us = item.find("_p");
    SloTarget t;
    t.text = item;
    bool ok = eq != std::string::npos && us != std::string::npos && us < eq;
    if (ok) {
      t.metric = item.substr(0, us);
      const std::string pct = item.substr(us + 2, eq - us - 2);
      ok = (t.metric == "ttft" || t.metric == "tpot" || t.metric == "e2e") && (pct == "50" || pct == "90" || pct == "99");
      if (ok) t.percentile = std::stoi(pct);
      try {
        if (ok) t.limit_s = parse_quantity(item.substr(eq + 1), Dimension::time);
      } catch (const UnitError&) {
        ok = false;
      }
      ok = ok && t.limit_s > 0;
    }
    if (!ok)
      throw ScenarioError("--slo", 0, 0, "--slo",
                          "expected targets such as ttft_p99=1s,tpot_p99=50ms (metrics ttft, tpot, e2e; percentiles p50, "
                          "p90, p99; a time with its unit), got '" + item + "'");
    out.push_back(t);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

namespace {

double metric_of(const ServeFigures& f, const SloTarget& t) {
  const Percentiles& p = t.metric == "ttft" ? f.ttft_s : t.metric == "tpot" ? f.tpot_s : f.e2e_s;
  return t.percentile == 50 ? p.p50 : t.percentile == 90 ? p.p90 : p.p99;
}

// The first target `f` misses ("" when it meets them all).
std::string missed(const ServeFigures& f, const std::vector<SloTarget>& targets) {
  for (const SloTarget& t : targets)
    if (metric_of(f, t) > t.limit_s) return t.text;
  return "";
}

SloResult search_slo(const ServeSpec& spec, Setup& s, const std::vector<SloTarget>& targets) {
  SloResult r;
  r.targets = targets;
  ServeFigures last;
  auto meets = [&](double rate, ServeFigures* keep) {
    last = run_at(spec, s, rate);
    ++r.runs;
    const std::string m = missed(last, targets);
    if (m.empty() && keep) *keep = last;
    if (!m.empty()) r.binding = m;
    return m.empty();
  };
  // Below this many sequences per iteration requests are served alone: a lower rate changes
  // nothing, so a target missed there is missed at every rate (the latency floor).
  constexpr double kAlone = 1.05;
  double lo = 0, hi = 0;
  ServeFigures best;
  constexpr int kSteps = 40;  // 2^40: up to 1e12 x the scenario's rate
  if (meets(spec.rate_per_s, &best)) {
    lo = spec.rate_per_s;
    for (int i = 0; i < kSteps && hi == 0; ++i)
      if (!meets(lo * 2, &best)) hi = lo * 2;
      else lo *= 2;
  } else {
    hi = spec.rate_per_s;
    while (lo == 0 && last.mean_batch > kAlone && static_cast<double>(spec.requests) / (hi / 2) <= kMaxArrivalSpanS)
      if (meets(hi / 2, &best)) lo = hi / 2;
      else hi /= 2;
  }
  if (lo == 0 || hi == 0) {
    r.found = false;
    r.failing_rate_per_s = hi;
    return r;
  }
  std::string binding = r.binding;
  while (hi / lo > 1.01) {
    const double mid = std::sqrt(lo * hi);
    if (meets(mid, &best)) lo = mid;
    else {
      hi = mid;
      binding = r.binding;
    }
  }
  r.found = true;
  r.rate_per_s = lo;
  r.failing_rate_per_s = hi;
  r.binding = binding;
  r.at_rate = best.rate_per_s == lo ? best : run_at(spec, s, lo);
  return r;
}

}  // namespace

ServeResult run_serve(const ServeSpec& spec, const ServeOptions& options) {
  Setup s;
  try {
    build(spec, s);
  } catch (const ScenarioError& e) {
    throw attribute_to_override(spec.base.path, spec.base.overrides_applied, e);
  }
  ServeResult r;
  r.scenario = spec.base.name;
  r.model = s.model->name;
  r.system = s.cluster->name();
  r.gpu = s.gpu->name;
  r.engine = spec.engine.name;
  r.gpus = s.replica_count * spec.tp * spec.pp;
  r.tp = spec.tp;
  r.pp = spec.pp;
  r.replicas = s.replica_count;
  r.weights = kWeightPrecisionNames.c_str(spec.weights);
  r.kv_cache = kKvPrecisionNames.c_str(spec.kv);
  r.overrides = spec.base.overrides_applied;
  r.traffic = traffic_words(spec);
  r.memory = s.memory;
  r.notes = notes(spec, s);
  r.cost_basis = spec.base.cost_basis;
  if (!s.memory.fits) return r;
  if (!options.slo.empty()) {
    if (spec.arrival != ArrivalProcess::poisson)
      throw ScenarioError("--slo", 0, 0, "--slo", "an SLO search varies the Poisson arrival rate: the scenario's serve.arrival.process must be poisson");
    r.slo = search_slo(spec, s, options.slo);
  }
  r.figures = run_at(spec, s, spec.rate_per_s);
  return r;
}

}  // namespace simtrain::serve
