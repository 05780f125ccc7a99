#include "report/serve_report.hpp"

#include <fmt/format.h>

#include "report/run_report.hpp"

namespace simtrain::report {

namespace {

double gib(double b) { return b / 1073741824.0; }

// A latency: milliseconds below a second, seconds above.
std::string ms(double s) { return s < 1 ? fmt::format("{:.1f} ms", s * 1e3) : fmt::format("{:.2f} s", s); }

std::string money(const std::optional<double>& v) { return v ? fmt::format("${:.3f}", *v) : std::string("no price given"); }

std::string memory_lines(const serve::ServeResult& r) {
  const serve::MemoryPlan& m = r.memory;
  std::string o = fmt::format("  memory     {:.2f} GiB per GPU: weights {:.2f} GiB, activations {:.2f} GiB, CUDA context {:.2f} GiB",
                              gib(m.capacity_bytes), gib(m.weights_bytes), gib(m.activation_bytes), gib(m.context_bytes));
  if (m.kv_budget_bytes > 0)
    o += fmt::format(", KV cache {:.2f} GiB", gib(m.kv_budget_bytes));
  o += "\n";
  if (m.kv_budget_bytes > 0)
    o += fmt::format("  KV cache   {} blocks of {} tokens = {} tokens per replica ({:.0f} KiB a token per GPU); longest request {} tokens\n",
                     thousands(static_cast<double>(m.kv_blocks)), m.block_tokens, thousands(static_cast<double>(m.kv_tokens())),
                     m.kv_bytes_per_token / 1024, m.longest_request);
  return o;
}

std::string figure_lines(const serve::ServeFigures& f, const std::string& basis) {
  std::string o;
  o += fmt::format("  throughput {:.1f} output tokens/s, {:.2f} requests/s ({:.1f} tokens/s with prompts) over {:.1f} s\n",
                   f.output_tokens_per_s, f.requests_per_s, f.total_tokens_per_s, f.duration_s);
  o += fmt::format("  TTFT       p50 {}  p90 {}  p99 {}  (mean {})\n", ms(f.ttft_s.p50), ms(f.ttft_s.p90), ms(f.ttft_s.p99), ms(f.ttft_s.mean));
  o += fmt::format("  TPOT       p50 {}  p90 {}  p99 {}  (mean {})\n", ms(f.tpot_s.p50), ms(f.tpot_s.p90), ms(f.tpot_s.p99), ms(f.tpot_s.mean));
  o += fmt::format("  latency    p50 {:.2f} s  p90 {:.2f} s  p99 {:.2f} s (end to end)\n", f.e2e_s.p50, f.e2e_s.p90, f.e2e_s.p99);
  o += fmt::format("  batch      {:.1f} sequences per iteration ({:.1f} decoding), {} iterations\n", f.mean_batch, f.mean_decode_batch,
                   thousands(static_cast<double>(f.iterations)));
  o += fmt::format("  KV cache   peak {:.0f}%, mean {:.0f}%; {} preemption(s) of {} request(s), {} tokens recomputed\n", f.kv_peak * 100,
                   f.kv_mean * 100, f.preemptions, f.preempted_requests, thousands(static_cast<double>(f.recomputed_tokens)));
  o += fmt::format("  GPUs       busy {:.0f}% of the time, MFU {:.1f}%, {:.0f}% of busy time in TP collectives and stage sends\n",
                   f.gpu_busy * 100, f.mfu * 100, f.comm_share * 100);
  o += fmt::format("  energy     {:.0f} W per GPU, {:.2f} kWh per 1M output tokens\n", f.gpu_power_w, f.joules_per_mtok / 3.6e6);
  o += fmt::format("  cost       per 1M output tokens: rent {}, own {} (headline: {})\n", money(f.rent_per_mtok), money(f.own_per_mtok), basis);
  return o;
}

std::string slo_lines(const serve::SloResult& s) {
  std::string targets;
  for (const auto& t : s.targets) targets += (targets.empty() ? "" : ", ") + t.text;
  if (!s.found)
    return fmt::format("  SLO        {}: no arrival rate meets it: {} is missed even at {:.3g} req/s, requests served one at a time\n",
                       targets, s.binding, s.failing_rate_per_s);
  return fmt::format("  SLO        {}: up to {:.2f} req/s ({:.1f} output tokens/s; TTFT p99 {}, TPOT p99 {}); at {:.2f} req/s {} "
                     "is missed ({} runs)\n",
                     targets, s.rate_per_s, s.at_rate.output_tokens_per_s, ms(s.at_rate.ttft_s.p99), ms(s.at_rate.tpot_s.p99),
                     s.failing_rate_per_s, s.binding, s.runs);
}

nlohmann::json percentiles(const serve::Percentiles& p) {
  return {{"p50", p.p50}, {"p90", p.p90}, {"p99", p.p99}, {"mean", p.mean}};
}

nlohmann::json figures_json(const serve::ServeFigures& f) {
  nlohmann::json j;
  j["rate_per_s"] = f.rate_per_s;
  j["requests"] = f.requests;
  j["duration_s"] = f.duration_s;
  j["throughput"] = {{"output_tokens_per_s", f.output_tokens_per_s},
                     {"requests_per_s", f.requests_per_s},
                     {"total_tokens_per_s", f.total_tokens_per_s}};
  j["tokens"] = {{"prompt", f.prompt_tokens}, {"output", f.output_tokens}, {"recomputed", f.recomputed_tokens}};
  j["ttft_s"] = percentiles(f.ttft_s);
  j["tpot_s"] = percentiles(f.tpot_s);
  j["e2e_s"] = percentiles(f.e2e_s);
  j["kv_cache"] = {{"peak", f.kv_peak}, {"mean", f.kv_mean}, {"preemptions", f.preemptions}, {"preempted_requests", f.preempted_requests}};
  j["gpu"] = {{"busy", f.gpu_busy}, {"mfu", f.mfu}, {"comm_share", f.comm_share}, {"power_w", f.gpu_power_w}};
  j["batch"] = {{"mean_sequences", f.mean_batch}, {"mean_decoding", f.mean_decode_batch}, {"iterations", f.iterations}};
  j["energy"] = {{"joules", f.cost.joules}, {"joules_per_1m_output_tokens", f.joules_per_mtok}};
  auto opt = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  j["cost"] = {{"rent", opt(f.cost.rent)}, {"own", opt(f.cost.own)},
               {"rent_per_1m_output_tokens", opt(f.rent_per_mtok)}, {"own_per_1m_output_tokens", opt(f.own_per_mtok)}};
  return j;
}

}  // namespace

std::string format_serve(const serve::ServeResult& r) {
  std::string o = fmt::format("{}: {} on {} x {} ({}), {} replica(s) of tp {} x pp {}\n", r.scenario, r.model, r.gpus, r.gpu, r.system,
                              r.replicas, r.tp, r.pp);
  for (const std::string& s : r.overrides) o += "  --set " + s + "\n";
  o += fmt::format("  engine     {}; weights {}, KV cache {}\n", r.engine, r.weights, r.kv_cache);
  o += "  traffic    " + r.traffic + "\n";
  o += memory_lines(r);
  if (!r.memory.fits) {
    o += "  verdict    " + r.memory.verdict + "\n";
    return o;
  }
  if (r.figures) o += figure_lines(*r.figures, r.cost_basis);
  if (r.slo) o += slo_lines(*r.slo);
  for (const std::string& n : r.notes) o += "  note       " + n + "\n";
  return o;
}

nlohmann::json serve_to_json(const serve::ServeResult& r) {
  nlohmann::json j;
  j["scenario"] = r.scenario;
  j["model"] = r.model;
  j["system"] = r.system;
  j["gpu"] = r.gpu;
  j["engine"] = r.engine;
  j["layout"] = {{"gpus", r.gpus}, {"tp", r.tp}, {"pp", r.pp}, {"replicas", r.replicas}};
  j["precision"] = {{"weights", r.weights}, {"kv_cache", r.kv_cache}};
  j["overrides"] = r.overrides;
  j["traffic"] = r.traffic;
  const serve::MemoryPlan& m = r.memory;
  j["memory"] = {{"capacity_bytes", m.capacity_bytes},   {"weights_bytes", m.weights_bytes},
                 {"activation_bytes", m.activation_bytes}, {"context_bytes", m.context_bytes},
                 {"kv_cache_bytes", std::max(0.0, m.kv_budget_bytes)}, {"kv_bytes_per_token", m.kv_bytes_per_token},
                 {"kv_blocks", m.kv_blocks},                {"block_tokens", m.block_tokens},
                 {"kv_tokens", m.kv_tokens()},              {"longest_request_tokens", m.longest_request},
                 {"fits", m.fits},                          {"verdict", m.verdict}};
  j["notes"] = r.notes;
  j["cost_basis"] = r.cost_basis;
  if (r.figures) j["figures"] = figures_json(*r.figures);
  if (r.slo) {
    nlohmann::json s;
    nlohmann::json targets = nlohmann::json::array();
    for (const auto& t : r.slo->targets)
      targets.push_back({{"metric", t.metric}, {"percentile", t.percentile}, {"limit_s", t.limit_s}});
    s["targets"] = targets;
    s["found"] = r.slo->found;
    s["rate_per_s"] = r.slo->rate_per_s;
    s["failing_rate_per_s"] = r.slo->failing_rate_per_s;
    s["binding"] = r.slo->binding;
    s["runs"] = r.slo->runs;
    if (r.slo->found) s["at_rate"] = figures_json(r.slo->at_rate);
    j["slo"] = s;
  }
  return j;
}

}  // namespace simtrain::report
