#include "report/run_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

#include "engine/task_graph.hpp"
#include "report/error_bands.hpp"
#include "report/headroom.hpp"

namespace simtrain::report {
namespace {

// A rate with the digits it needs: thousands separated from 100 up, three significant digits
// below (a 405B model's 0.73 samples/s is not "0").
std::string rate(double v) {
  if (!(std::fabs(v) < 100)) return thousands(v);
  if (std::fabs(v) >= 10) return fmt::format("{:.1f}", v);
  if (std::fabs(v) >= 1) return fmt::format("{:.2f}", v);
  return fmt::format("{:.3g}", v);
}

std::string ms(double s) { return fmt::format("{:9.2f} ms", s * 1e3); }
std::string pct(double x) { return fmt::format("{:5.1f}%", 100.0 * x); }
std::string gib(double b) { return fmt::format("{:.1f} GiB", b / 1073741824.0); }
}  // namespace

std::string count_text(double n) {
  if (n >= 1e12) return fmt::format("{:.1f} T", n / 1e12);
  if (n >= 1e9) return fmt::format("{:.1f} B", n / 1e9);
  if (n >= 1e6) return fmt::format("{:.1f} M", n / 1e6);
  return thousands(n);
}

std::string thousands(double v) {
  std::string s = fmt::format("{:.0f}", v);
  std::string out;
  int n = 0;
  for (auto it = s.rbegin(); it != s.rend(); ++it) {
    if (n && n % 3 == 0 && *it != '-') out.insert(out.begin(), ',');
    out.insert(out.begin(), *it);
    ++n;
  }
  return out;
}

namespace {
// Within 10% of the card the run fits on paper, but PyTorch's caching allocator starts
// freeing its cache and retrying cudaMalloc, which the model does not time: the GPT 1T FSDP
// run (measurements.yaml fsdp-blog-2022-gpt175b-gpt1t) reached 84 TFLOP/s per GPU there, the
// 175B run 159 with headroom.
std::string near_limit_note(const train::RunResult& r) {
  if (r.oom || r.memory_capacity_bytes <= 0) return "";
  std::string o;
  // Headroom (report/headroom.hpp): the searches rank this as not fitting.
  const MemoryMargin m = memory_margin(std::nullopt, r.error_bands);
  if (m.fraction > 0 && !fits_with_margin(r.memory_peak_bytes, r.memory_capacity_bytes, m.fraction))
    o += fmt::format("; the peak plus its memory band's {} margin is {} of {}: likely out of memory on the machine "
                     "(plan, advise and sweep rank it as not fitting)",
                     margin_text(m.fraction), gib(r.memory_peak_bytes * (1 + m.fraction)), gib(r.memory_capacity_bytes));
  if (r.memory_peak_bytes >= 0.9 * r.memory_capacity_bytes)
    o += fmt::format("; memory at {:.0f}% of the card: expect the caching allocator to stall on cudaMalloc retries "
                     "(not timed here)",
                     100 * r.memory_peak_bytes / r.memory_capacity_bytes);
  return o;
}
// The --set overrides, each on a line, a strategy change followed by what it carried across
// and what the new strategy does not read.
std::string override_lines(const train::RunResult& r) {
  std::string o;
  for (const auto& s : r.overrides) {
    o += fmt::format("  --set {}\n", s);
    if (s.rfind("strategy=", 0) == 0)
      for (const auto& n : r.strategy_change) o += fmt::format("    {}\n", n);
  }
  return o;
}
// Offloaded state against the node's host memory (run and memory reports), when there is any.
std::string host_memory_line(const train::RunResult& r) {
  if (r.host_offload_bytes_per_node <= 0) return "";
  return fmt::format("Host memory  {} of offloaded state per node, of {}{}\n", gib(r.host_offload_bytes_per_node),
                     r.host_memory_bytes > 0 ? gib(r.host_memory_bytes) : std::string("(host_memory not given in the system file)"),
                     r.host_oom ? "  OUT OF HOST MEMORY" : "");
}
// Dollars with at least three significant figures: a step's share of a purchase is a few
// millionths of a dollar, which "$0.0000" would hide.
std::string usd(double v) {
  if (v >= 100) return fmt::format("${}", thousands(v));  // (not "$" + ...: GCC 12 warns falsely, -Wrestrict)
  if (v >= 1) return fmt::format("${:.2f}", v);
  int decimals = 4;
  while (decimals < 12 && v > 0 && v < std::pow(10.0, 2 - decimals)) ++decimals;
  return fmt::format("${:.{}f}", v, decimals);
}

// A price as given (an input, not a result): $4.096, $0.0806, $12,500.
std::string price(double v) { return v >= 1000 ? fmt::format("${}", thousands(v)) : fmt::format("${}", v); }

// "(catalog, 2024-Q2)", "(scenario)", "(system)", "(scenario quote for system dgx_h100, 2025-06)".
std::string origin(const train::CostInput& c) {
  // (fmt, not "(" + ...: GCC 12 warns falsely, -Wrestrict)
  return fmt::format("({}{}{}{}{})", train::origin_name(c.origin), c.quote.empty() ? "" : " ", c.quote,
                     c.date.empty() ? "" : ", ", c.date);
}

// "$4.096/GPU-h on demand (catalog, 2024-Q2)"; a derived rate with its base and discount.
std::string rate_text(const train::CostInputs& in) {
  const char* kind = in.rate == RateKind::spot ? "spot" : in.rate == RateKind::reserved ? "reserved" : "on demand";
  if (in.gpu_hour.origin != train::Origin::derived)
    return fmt::format("{}/GPU-h {} {}", price(*in.gpu_hour.value), kind, origin(in.gpu_hour));
  return fmt::format("${:.4g}/GPU-h {} (derived: {}/GPU-h on demand {} less {:.0f}%, topologies/prices.yaml defaults.{}, {})",
                     *in.gpu_hour.value, kind, price(*in.on_demand_gpu_hour.value), origin(in.on_demand_gpu_hour),
                     100 * in.discount, rate_kind_name(in.rate), in.discount_date);
}

// Rent vs own (train/cost_of_run.hpp): the utilisation at which owning costs what renting does.
std::string break_even_line(const train::CostInputs& in) {
  const std::optional<train::BreakEven> b = train::break_even(in);
  if (!b) return "";
  const std::string parts = fmt::format("capex {}/h of a {:g}-year life vs rent {}/h less power {}/h", usd(b->capex_per_hour()),
                                        b->life_hours / train::kHoursPerYear, usd(b->rent_per_hour), usd(b->power_per_hour));
  if (!std::isfinite(b->utilisation))
    return fmt::format("  rent/own   no break-even: renting costs less however busy the machine ({})\n", parts);
  if (b->utilisation > 1)
    return fmt::format("  rent/own   break-even at {:.0f}% utilisation: owning costs more than renting even busy around the "
                       "clock ({})\n",
                       100 * b->utilisation, parts);
  return fmt::format("  rent/own   break-even at {:.1f}% utilisation: owning costs less if the machine is busy more than that "
                     "share of its life ({})\n",
                     100 * b->utilisation, parts);
}

// The energy line, then rent and own side by side with the figures they rest on
// (docs/model/cost.md, train/cost_of_run.hpp). Without a price a cost is not $0: it is
// unknown, and said so.
std::string format_money(const train::RunResult& r) {
  const train::CostInputs& in = r.cost_inputs;
  const train::CostFigures& f = r.step_cost;
  std::string o;
  const std::string node =
      in.node_overhead_w.value
          ? fmt::format("{} node{} x {} W overhead {}", in.nodes, in.nodes == 1 ? "" : "s",
                        thousands(*in.node_overhead_w.value), origin(in.node_overhead_w))
          : std::string("node overhead not given (0 W: energy.node_overhead, or the system's node_overhead.power)");
  o += fmt::format("Energy       {:.0f} W, {:.1f} kJ/step: {} GPU{} x {:.0f} W + {}, PUE {:.2f}\n", r.power_w,
                   r.joules_per_step / 1e3, in.gpus, in.gpus == 1 ? "" : "s", in.gpu_power_w, node, in.pue);
  const std::string rent = f.rent ? usd(*f.rent) + "/step" : std::string("no price given");
  const std::string own = f.own ? usd(*f.own) + "/step" : std::string("no price given");
  o += fmt::format("Cost         rent {}, own {}; headline {} (cost.basis)\n", rent, own, in.basis);
  if (f.rent)
    o += fmt::format("  rent       {} GPU{} x {}\n", in.gpus, in.gpus == 1 ? "" : "s", rate_text(in));
  else
    o += "  rent       no price given (prices:, cost.gpu_hour, or the GPU's cloud_gpu_hour in topologies/prices.yaml)\n";
  if (f.own) {
    const std::string node_price =
        in.node_price.value ? fmt::format("{} node{} x {} {}", in.nodes, in.nodes == 1 ? "" : "s",
                                          price(*in.node_price.value), origin(in.node_price))
                            : std::string("node price not given ($0: cost.node_price, or the system's node_overhead.price)");
    o += fmt::format("  own        capex {}/step: ({} GPU{} x {} {} + {}) over {:g} years {}; power {}/step at {}/kWh {}\n",
                     usd(*f.capex), in.gpus, in.gpus == 1 ? "" : "s", price(*in.gpu_purchase.value), origin(in.gpu_purchase), node_price,
                     *in.life_years.value, origin(in.life_years), usd(*f.energy), price(*in.electricity_per_kwh.value),
                     origin(in.electricity_per_kwh));
  } else {
    std::string missing;
    if (!in.gpu_purchase.value) missing += "prices:, cost.purchase, or the GPU's purchase in topologies/prices.yaml";
    if (!in.electricity_per_kwh.value) missing += std::string(missing.empty() ? "" : "; ") + "energy.electricity";
    if (!in.life_years.value) missing += std::string(missing.empty() ? "" : "; ") + "cost.life_years";
    o += fmt::format("  own        no price given ({})\n", missing);
  }
  return o + break_even_line(in);
}

}  // namespace

// The whole run (train/goodput.hpp): its length, the expected wall clock and what checkpoints
// and failures take of it, its energy and money. A block of its own, after Energy and Cost
// (which are per step).
namespace {
std::string span(double s) {
  if (!std::isfinite(s)) return "never";
  if (s < 10) return fmt::format("{:.1f} s", s);
  if (s < 120) return fmt::format("{:.0f} s", s);
  if (s < 7200) return fmt::format("{:.0f} min", s / 60);
  if (s < 48 * 3600) return fmt::format("{:.1f} h", s / 3600);
  return fmt::format("{:.1f} days", s / 86400);
}
std::string decimal_bytes(double b) {
  return b >= 1e12 ? fmt::format("{:.2f} TB", b / 1e12) : fmt::format("{:.1f} GB", b / 1e9);
}

// "  sequences  mean 256 of 512 tokens, binned by 64: ..." (work/sequences.hpp).
std::string sequences_line(const train::RunResult& r) {
  const double rows = static_cast<double>(r.seq_len);
  std::string o = fmt::format("  sequences  mean {:g} of {} tokens, {}", r.tokens_per_sample, r.max_seq_len, r.batching);
  if (r.batching == "binned") o += fmt::format(" by {}", r.bin_width);
  if (r.batching == "packed")
    o += fmt::format(": {:.2f} samples a row of {:g} tokens", r.samples_per_row, rows);
  else
    o += fmt::format(": rows of {:g} tokens executed", rows);
  if (r.padding_share > 0)
    o += fmt::format(", {:.1f}% of them padding (FLOPs and MFU count it)", 100.0 * r.padding_share);
  else
    o += ", no padding";
  return o + "\n";
}

std::string format_whole_run(const train::RunResult& r) {
  const train::WholeRun& w = r.whole_run;
  if (!w.enabled) return "";
  const train::Goodput& e = w.expected;
  std::string o = "Run          ";
  if (w.length == "tokens")
    o += fmt::format("{} tokens = {} steps of {} tokens", count_text(w.tokens), thousands(static_cast<double>(w.steps)),
                     thousands(w.tokens_per_step));
  else if (w.length == "samples")
    o += fmt::format("{} samples = {} steps of {} samples", count_text(w.samples), thousands(static_cast<double>(w.steps)),
                     thousands(w.samples_per_step));
  else if (w.length == "epochs")
    o += fmt::format("{:g} epoch{} of {} samples ({}) = {} steps of {} samples", w.epochs, w.epochs == 1 ? "" : "s",
                     thousands(static_cast<double>(w.dataset_samples)), w.dataset_from,
                     thousands(static_cast<double>(w.steps)), thousands(w.samples_per_step));
  else
    o += fmt::format("{} steps", thousands(static_cast<double>(w.steps)));
  o += fmt::format(": {} of work", span(e.work_s));
  if (!e.finishes) {
    o += fmt::format("; does NOT finish: a failure every {} (MTBF) costs more than that ({} restart + {} lost work)\n",
                     span(w.mtbf_s), span(w.restart_s), span(e.lost_per_failure_s));
    return o;
  }
  o += fmt::format("; expected {} wall clock, goodput {}\n", span(e.wall_s), pct(e.goodput()));
  if (e.checkpoints > 0)
    o += fmt::format("  checkpoints {}   {} every {} ({}), {} each at {:.1f} GB/s to {}\n", pct(e.checkpoint_s / e.wall_s),
                     decimal_bytes(w.checkpoint_bytes), span(w.interval_s), w.interval_auto ? "Young" : "run.checkpoint.interval",
                     span(w.write_s), w.write_bytes_per_s / 1e9,
                     w.storage + (w.storage_from == "run.checkpoint.storage" ? std::string() : " (default: " + w.storage_from + ")"));
  else
    o += "  checkpoints   none   (no failures to recover from)\n";
  if (std::isfinite(w.mtbf_s)) {
    std::string rates = fmt::format("{:.3g}/GPU-h x {} GPU{}", w.failures_per_gpu_hour, r.gpus, r.gpus == 1 ? "" : "s");
    if (w.failures_per_node_hour > 0)
      rates += fmt::format(" + {:.3g}/node-h x {} node{}", w.failures_per_node_hour, r.nodes, r.nodes == 1 ? "" : "s");
    auto count = [](double n) { return n < 10 ? fmt::format("{:.2f}", n) : thousands(n); };
    std::string expected = count(e.failures) + " expected";
    if (w.preemption_share > 0) {
      expected += fmt::format(" ({} of them spot preemptions)", count(e.failures * w.preemption_share));
      std::string pre;
      if (w.preemptions_per_gpu_hour > 0)
        pre = fmt::format("{:.3g}/GPU-h x {} GPU{}", w.preemptions_per_gpu_hour, r.gpus, r.gpus == 1 ? "" : "s");
      if (w.preemptions_per_node_hour > 0)
        pre += fmt::format("{}{:.3g}/node-h x {} node{}", pre.empty() ? "" : " + ", w.preemptions_per_node_hour, r.nodes,
                           r.nodes == 1 ? "" : "s");
      rates += fmt::format("; {}; spot preemptions {}, cost.spot_preemption", w.failure_source, pre);
    } else {
      rates += fmt::format("; {}", w.failure_source);
    }
    o += fmt::format("  failures    {}   {}, MTBF {} ({}); each loses {} of work + {} restart", pct(e.failure_s / e.wall_s),
                     expected, span(w.mtbf_s), rates, span(e.lost_per_failure_s), span(w.restart_s));
    if (!w.restart_given) o += fmt::format(" ({} relaunch + {} load)", span(w.relaunch_s), span(w.load_s));
    o += "\n";
    if (w.preemption_share > 0)
      o += fmt::format("  spot        preemptions make it {} where the same run without them (on demand) takes {}\n",
                       span(e.wall_s), span(w.wall_without_preemptions_s));
  } else {
    o += "  failures      none   (failure rates 0)\n";
  }
  // Energy and money over the expected wall clock (train/cost_of_run.hpp): the one place the
  // report gives the whole run's; without a price a cost is not $0 but unknown, said so.
  auto figure = [](double v) { return v < 1000 ? fmt::format("{:.2f}", v) : thousands(v); };
  const train::CostFigures& f = w.cost_figures;
  o += fmt::format("  energy      {} kWh (training power over the work and the redone work, idle while checkpointing and "
                   "restarting)\n",
                   figure(w.energy_kwh));
  o += fmt::format("  cost        over the {} wall clock: rent {}, own {}; headline {} (cost.basis)\n", span(e.wall_s),
                   f.rent ? usd(*f.rent) : std::string("no price given"), f.own ? usd(*f.own) : std::string("no price given"),
                   r.cost_inputs.basis);
  return o;
}

nlohmann::json whole_run_json(const train::RunResult& r) {
  const train::WholeRun& w = r.whole_run;
  const train::Goodput& e = w.expected;
  auto num = [](double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(); };
  return {
      {"length", w.length},
      {"tokens", w.length == "tokens" ? nlohmann::json(w.tokens) : nlohmann::json()},
      {"samples", w.length == "samples" ? nlohmann::json(w.samples) : nlohmann::json()},
      {"epochs", w.length == "epochs" ? nlohmann::json(w.epochs) : nlohmann::json()},
      {"dataset_samples", w.length == "epochs" ? nlohmann::json(w.dataset_samples) : nlohmann::json()},
      {"steps", w.steps},
      {"samples_per_step", w.samples_per_step},
      {"tokens_per_step", w.tokens_per_step},
      {"work_s", e.work_s},
      {"finishes", e.finishes},
      {"wall_clock_s", num(e.wall_s)},
      {"goodput", e.finishes ? nlohmann::json(e.goodput()) : nlohmann::json()},
      {"checkpoint",
       {{"bytes", w.checkpoint_bytes},
        {"storage", w.storage},
        {"storage_from", w.storage_from},
        {"write_bytes_per_s", w.write_bytes_per_s},
        {"read_bytes_per_s", w.read_bytes_per_s},
        {"write_s", w.write_s},
        {"load_s", w.load_s},
        {"interval_s", num(w.interval_s)},
        {"interval_auto", w.interval_auto},
        {"count", e.checkpoints},
        {"time_s", e.checkpoint_s},
        {"share", e.finishes && e.wall_s > 0 ? nlohmann::json(e.checkpoint_s / e.wall_s) : nlohmann::json()}}},
      {"failures",
       {{"per_gpu_hour", w.failures_per_gpu_hour},
        {"per_node_hour", w.failures_per_node_hour},
        {"source", w.failure_source},
        {"mtbf_s", num(w.mtbf_s)},
        {"expected", e.failures},
        {"lost_work_s_each", num(e.lost_per_failure_s)},
        {"restart_s", w.restart_s},
        {"relaunch_s", w.restart_given ? nlohmann::json() : nlohmann::json(w.relaunch_s)},
        {"time_s", e.failure_s},
        {"share", e.finishes && e.wall_s > 0 ? nlohmann::json(e.failure_s / e.wall_s) : nlohmann::json()},
        {"spot_preemptions",
         {{"per_gpu_hour", w.preemptions_per_gpu_hour},
          {"per_node_hour", w.preemptions_per_node_hour},
          {"share_of_expected", w.preemption_share},
          {"wall_clock_without_s", w.preemption_share > 0 ? num(w.wall_without_preemptions_s) : nlohmann::json()}}}}},
      {"energy_kwh", e.finishes ? nlohmann::json(w.energy_kwh) : nlohmann::json()},
      {"cost", r.priced && e.finishes ? nlohmann::json(w.cost) : nlohmann::json()},
      {"rent", e.finishes && w.cost_figures.rent ? nlohmann::json(*w.cost_figures.rent) : nlohmann::json()},
      {"own", e.finishes && w.cost_figures.own ? nlohmann::json(*w.cost_figures.own) : nlohmann::json()},
      {"priced", r.priced},
  };
}
}  // namespace

namespace {
// How far to trust the headline figures: the error bands the run carries (report/error_bands.hpp).
std::string format_trust(const train::RunResult& r) {
  if (r.error_bands.empty()) return "";
  std::string o = "Trust        how far the figures above may be off: simtrain validate on public runs of the same "
                  "kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)\n";
  for (const train::ErrorBand& b : r.error_bands) {
    if (b.figure == "step_time") o += "  step time, throughput  " + band_text(b) + "\n";
    else if (b.figure == "peak_memory") o += "  peak memory            " + band_text(b) + "\n";
    else if (b.figure == "run_time")
      o += "  whole run              the step time's band; checkpoints, failures and restarts are not validated\n";
  }
  return o;
}
}  // namespace

std::string format_run(const train::RunResult& r) {
  std::string o;
  o += fmt::format("simtrain: {}\n", r.scenario);
  o += fmt::format("  {} {} on {} x {} ({}, {} node{})\n", r.model,
                   r.strategy == "ddp" ? std::string("DDP") : r.strategy == "fsdp" ? std::string("FSDP") : r.strategy, r.gpus,
                   r.gpu_name, r.system, r.nodes, r.nodes > 1 ? "s" : "");
  // Parameters as people say them: 25.6 M, 6.74 B, 1.01 T.
  auto count_text = [](double n) {
    return n >= 1e12 ? fmt::format("{:.3g} T", n / 1e12)
           : n >= 1e9 ? fmt::format("{:.3g} B", n / 1e9)
                      : fmt::format("{:.3g} M", n / 1e6);
  };
  std::string params_text = count_text(static_cast<double>(r.params));
  if (r.trainable_params != r.params)  // fine-tuning: the frozen rest gets no gradient
    params_text += " (" + count_text(static_cast<double>(r.trainable_params)) + " trained)";
  o += fmt::format("  batch {}/GPU x {} micro-batch{}, {}, {}, {} params", r.batch_per_gpu, r.grad_accumulation,
                   r.grad_accumulation > 1 ? "es" : "", r.precision, r.optimizer, params_text);
  if (r.strategy == "ddp" && r.gpus > 1) o += fmt::format(", {} buckets, all-reduce {}", r.buckets, r.bucket_algo);
  else if (r.strategy != "ddp") o += fmt::format(", {}", r.strategy_detail);
  o += "\n";
  if (r.checkpointed_blocks > 0)
    o += fmt::format("  activation checkpointing: {} of {} blocks recomputed in backward\n", r.checkpointed_blocks, r.blocks);
  if (!r.calibration.empty()) o += fmt::format("  compute calibrated on {}\n", r.calibration);
  if (!r.network_calibration.empty()) o += fmt::format("  network calibrated: {}\n", r.network_calibration);
  if (!r.software.empty()) o += fmt::format("  software {}: {}\n", r.software, r.software_name);
  o += override_lines(r);
  o += "\n";
  const double st = r.step_time_s;
  o += fmt::format("Step time    {}   (mean of {} steps after {} warm-up{})\n", ms(st), r.steps, r.warmup_steps,
                   !r.sought_steady_state ? ""
                   : r.steady_state       ? "; the data loader's steady state: both halves within 1%, its queue not draining"
                                          : "; the data loader did NOT settle within 1% in the steps simulated");
  o += fmt::format("  compute    {}  {}   GEMM/conv/attention {} of it", ms(r.compute_s), pct(r.compute_s / st),
                   pct(r.gemm_share));
  if (r.compute_shared_s > 0)
    o += fmt::format("; {:.2f} ms lost to NCCL kernels on the SMs/HBM", r.compute_shared_s * 1e3);
  o += "\n";
  // Two characters narrower than the other rows' figures: the label is two wider.
  o += fmt::format("  exposed comm {:7.2f} ms  {}   (communication {}, {} hidden under compute)\n", r.comm_exposed_s * 1e3,
                   pct(r.comm_exposed_s / st), fmt::format("{:.2f} ms", r.comm_total_s * 1e3),
                   r.comm_total_s > 0 ? pct(1.0 - r.comm_exposed_s / r.comm_total_s) : std::string("  n/a"));
  o += fmt::format("  data stall {}  {}\n", ms(r.data_stall_s), pct(r.data_stall_s / st));
  if (r.pipeline_stages > 1)
    o += fmt::format("  bubble     {}  {}   (pipeline: waiting for other stages; {} with uniform stages)\n",
                     ms(r.bubble_s), pct(r.bubble_s / st), pct(r.bubble_closed_form));
  else
    o += fmt::format("  idle       {}  {}{}\n", ms(r.idle_s), pct(r.idle_s / st),
                     r.software.empty() || r.idle_s <= 0 ? "" : "   (waiting for the host to issue kernels)");
  if (r.data.enabled) {
    const auto& d = r.data;
    o += fmt::format("Data         {} worker{}/GPU x prefetch {}, {}memory; {} on {}\n", d.num_workers,
                     d.num_workers == 1 ? "" : "s", d.prefetch_factor, d.pin_memory ? "pinned " : "pageable ", d.format,
                     d.storage);
    if (!d.stall_s_per_gpu.empty()) {
      const auto [mn, mx] = std::minmax_element(d.stall_s_per_gpu.begin(), d.stall_s_per_gpu.end());
      o += fmt::format("  stall/GPU  {:.2f} .. {:.2f} ms per step over {} GPUs", *mn * 1e3, *mx * 1e3,
                       d.stall_s_per_gpu.size());
      if (d.epoch1_stall_s >= 0) o += fmt::format("; first epoch (cold cache) {:.2f} ms", d.epoch1_stall_s * 1e3);
      o += "\n";
    }
    o += fmt::format("  page cache {} hit rate ({} epoch{})\n", pct(d.hit_rate), d.epochs, d.epochs == 1 ? "" : "s, a later one shown");
    o += fmt::format("  storage    needs {:.2f} GB/s for no stall, has {:.2f} GB/s; read {:.2f} GB/s, device {} busy\n",
                     d.read_needed_bytes_per_s / 1e9, d.read_available_bytes_per_s / 1e9,
                     d.read_achieved_bytes_per_s / 1e9, pct(d.storage_utilization));
    o += fmt::format("  CPU        {:.1f} of {} loader cores busy per node ({} cores, one per training process); "
                     "{:.1f} needed\n",
                     d.cores_busy, d.cores_available, d.cores_total, d.cores_needed);
    o += fmt::format("  workers    {} per GPU needed for no stall{}\n", d.workers_needed_per_gpu,
                     d.limiter == "none" ? "" : "; bound by " + (d.limiter_detail.empty() ? d.limiter : d.limiter_detail));
    if (r.no_stall_step_s > 0)
      o += fmt::format("  keeping up {:.2f} ms per step with a loader that keeps up (no data: block): {:.2f}x the "
                       "throughput, the most fixing the pipeline can buy\n",
                       r.no_stall_step_s * 1e3, r.step_time_s / r.no_stall_step_s);
  }
  o += fmt::format("Throughput   {} samples/s", rate(r.samples_per_s));
  if (r.tokens_per_s > 0) o += fmt::format(", {} tokens/s", rate(r.tokens_per_s));
  o += "\n";
  if (!r.batching.empty()) o += sequences_line(r);
  o += fmt::format("  per GPU    {:.1f} TFLOP/s achieved, MFU {}\n", r.tflops_per_gpu, pct(r.mfu));
  if (r.gpus > 1)
    o += fmt::format("Scaling      {} of {} x one GPU (one GPU: {:.2f} ms/step)\n", pct(r.scaling_efficiency), r.gpus,
                     r.single_gpu_step_s * 1e3);
  o += fmt::format("Memory/GPU   {} of {}{}, peak in \"{}\"\n", gib(r.memory_peak_bytes), gib(r.memory_capacity_bytes),
                   r.oom ? "  OUT OF MEMORY" : "", r.memory_peak_at);
  {
    std::string parts;
    for (const auto& [k, v] : r.memory_breakdown) {
      if (v <= 0) continue;
      if (!parts.empty()) parts += ", ";
      parts += fmt::format("{} {:.1f}", k, v / 1073741824.0);
    }
    o += "  " + parts + " (GiB)\n";
  }
  o += host_memory_line(r);
  if (!r.links.empty()) {
    o += "Busiest links\n";
    for (const auto& l : r.links) o += fmt::format("  {}  {}\n", pct(l.utilization), l.name);
  }
  o += format_money(r);
  o += format_whole_run(r);  // the whole run's time, energy and money, when run: gives one
  o += format_trust(r);
  // The verdict names the bound and the next-largest share.
  std::string detail;
  if (r.bottleneck == "compute")
    detail = fmt::format("GPUs compute {} of each step; exposed communication {}, data stall {}",
                         pct(r.compute_s / st), pct(r.comm_exposed_s / st), pct(r.data_stall_s / st));
  else if (r.bottleneck == "communication")
    detail = fmt::format("exposed communication is {} of each step against {} compute; busiest link: {}",
                         pct(r.comm_exposed_s / st), pct(r.compute_s / st), r.links.empty() ? "-" : r.links[0].name);
  else if (r.bottleneck == "pipeline")
    detail = fmt::format("rank 0 waits for the other pipeline stages {} of each step (busy {}); more micro-batches, "
                         "interleaved stages or fewer stages shrink the bubble",
                         pct(r.bubble_s / st), pct(r.compute_s / st));
  else if (r.bottleneck == "host")
    detail = fmt::format("GPUs wait for their host to issue kernels {} of each step (busy {}); software {}: fewer, "
                         "larger kernels (batch), torch.compile or CUDA graphs cut the dispatch",
                         pct(r.idle_s / st), pct(r.compute_s / st), r.software);
  else
    detail = fmt::format("GPUs wait for data {} of each step (busy {}){}", pct(r.data_stall_s / st),
                         pct(r.compute_s / st),
                         r.data.limiter_detail.empty() ? std::string() : "; bound by " + r.data.limiter_detail);
  o += fmt::format("Verdict      {}-bound: {}{}\n", r.bottleneck, detail,
                   r.oom ? "; and it does NOT fit in GPU memory" : near_limit_note(r));
  if (r.host_oom) o += "             and its offloaded state does NOT fit in the node's host memory\n";
  if (r.sought_steady_state && !r.steady_state)
    o += fmt::format("             NOT CONVERGED: {}; the stall above is a lower bound (give more --steps)\n",
                     r.data.unsettled.empty() ? "the step times still drifted by more than 1%"
                                              : "the loader's prefetch queue was still draining, " + r.data.unsettled);
  return o;
}

namespace {

nlohmann::json opt(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

nlohmann::json input_json(const train::CostInput& c) {
  return {{"value", opt(c.value)}, {"from", train::origin_name(c.origin)},
          {"quote", c.quote.empty() ? nlohmann::json() : nlohmann::json(c.quote)},
          {"date", c.date.empty() ? nlohmann::json() : nlohmann::json(c.date)},
          {"source", c.source.empty() ? nlohmann::json() : nlohmann::json(c.source)}};
}

// Rent and own side by side, with their inputs and where each came from (added beside the
// contract's keys, which keep their names and meaning).
void add_money_json(nlohmann::json& j, const train::RunResult& r) {
  const train::CostInputs& in = r.cost_inputs;
  j["energy"]["gpu_power_w"] = in.gpu_power_w;
  j["energy"]["node_overhead_w"] = input_json(in.node_overhead_w);
  j["energy"]["pue"] = in.pue;
  nlohmann::json& c = j["cost"];
  c["basis"] = in.basis;
  c["rent_per_step"] = opt(r.step_cost.rent);
  c["own_per_step"] = opt(r.step_cost.own);
  c["own_capex_per_step"] = opt(r.step_cost.capex);
  c["own_energy_per_step"] = opt(r.step_cost.energy);
  const bool run = r.run_steps > 0;  // the whole run's expected wall clock (run:), when it finishes
  c["run_rent"] = run ? opt(r.run_cost_figures.rent) : nlohmann::json();
  c["run_own"] = run ? opt(r.run_cost_figures.own) : nlohmann::json();
  c["rate"] = rate_kind_name(in.rate);
  const std::optional<train::BreakEven> be = train::break_even(in);
  c["break_even_utilisation"] = be && std::isfinite(be->utilisation) ? nlohmann::json(be->utilisation) : nlohmann::json();
  if (in.gpu_hour.origin == train::Origin::derived)
    c["rate_derived"] = {{"on_demand_gpu_hour_usd", input_json(in.on_demand_gpu_hour)},
                         {"discount", in.discount},
                         {"date", in.discount_date},
                         {"source", in.discount_source}};
  c["inputs"] = {{"gpu_hour_usd", input_json(in.gpu_hour)},
                 {"gpu_purchase_usd", input_json(in.gpu_purchase)},
                 {"node_price_usd", input_json(in.node_price)},
                 {"electricity_usd_per_kwh", input_json(in.electricity_per_kwh)},
                 {"life_years", input_json(in.life_years)}};
}

}  // namespace

nlohmann::json run_to_json(const train::RunResult& r) {
  nlohmann::json links = nlohmann::json::array();
  for (const auto& l : r.links) links.push_back({{"name", l.name}, {"utilization", l.utilization}});
  nlohmann::json breakdown = nlohmann::json::object();
  for (const auto& [k, v] : r.memory_breakdown) breakdown[k] = v;
  nlohmann::json j = {
      {"scenario", r.scenario},
      {"system", r.system},
      {"model", r.model},
      {"gpu", r.gpu_name},
      {"calibration", r.calibration.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.calibration)},
      {"software", r.software},
      {"gpus", r.gpus},
      {"nodes", r.nodes},
      {"overrides", r.overrides},
      {"step",
       {{"time_s", r.step_time_s},
        {"compute_s", r.compute_s},
        {"comm_exposed_s", r.comm_exposed_s},
        {"comm_total_s", r.comm_total_s},
        {"data_stall_s", r.data_stall_s},
        {"idle_s", r.idle_s},
        {"bubble_s", r.bubble_s},
        {"compute_shared_s", r.compute_shared_s},
        {"measured_steps", r.steps},
        {"warmup_steps", r.warmup_steps},
        {"steady_state", r.sought_steady_state ? nlohmann::json(r.steady_state) : nlohmann::json()}}},
      {"throughput",
       {{"samples_per_s", r.samples_per_s},
        {"tokens_per_s", r.tokens_per_s},
        {"tflops_per_gpu", r.tflops_per_gpu},
        {"mfu", r.mfu}}},
      {"scaling_efficiency", r.scaling_efficiency},
      {"single_gpu_step_s", r.single_gpu_step_s},
      {"memory",
       {{"peak_bytes_per_gpu", r.memory_peak_bytes},
        {"capacity_bytes", r.memory_capacity_bytes},
        {"oom", r.oom},
        {"host_offload_bytes_per_node", r.host_offload_bytes_per_node},
        {"host_memory_bytes", r.host_memory_bytes},
        {"host_oom", r.host_oom},
        {"peak_at", r.memory_peak_at},
        {"breakdown", breakdown}}},
      {"strategy", r.strategy},
      {"activation_checkpointing", {{"blocks_recomputed", r.checkpointed_blocks}, {"blocks", r.blocks}}},
      {"bottleneck", r.bottleneck},
      {"links", links},
      {"energy", {{"joules_per_step", r.joules_per_step}, {"power_w", r.power_w}, {"run_kwh", r.run_energy_kwh}}},
      {"cost", {{"per_step", r.priced ? nlohmann::json(r.cost_per_step) : nlohmann::json()},
                {"run", r.priced && r.run_steps > 0 ? nlohmann::json(r.run_cost) : nlohmann::json()},
                {"run_hours", r.run_hours},
                {"priced", r.priced}}},
  };
  if (!r.network_calibration.empty()) j["network_calibration"] = r.network_calibration;
  add_money_json(j, r);
  if (r.data.enabled) {
    const auto& d = r.data;
    j["data"] = {{"stall_s_per_gpu", d.stall_s_per_gpu},
                 {"stall_share", r.step_time_s > 0 ? r.data_stall_s / r.step_time_s : 0.0},
                 {"first_epoch_stall_s", d.epoch1_stall_s >= 0 ? nlohmann::json(d.epoch1_stall_s) : nlohmann::json()},
                 {"page_cache_hit_rate", d.hit_rate},
                 {"read_needed_bytes_per_s", d.read_needed_bytes_per_s},
                 {"read_available_bytes_per_s", d.read_available_bytes_per_s},
                 {"read_achieved_bytes_per_s", d.read_achieved_bytes_per_s},
                 {"storage_utilization", d.storage_utilization},
                 {"cpu_cores_busy", d.cores_busy},
                 {"cpu_cores_available", d.cores_available},
                 {"cpu_cores_needed", d.cores_needed},
                 {"workers_per_gpu", d.num_workers},
                 {"workers_needed_per_gpu", d.workers_needed_per_gpu},
                 {"h2d_utilization", d.h2d_utilization},
                 {"limiter", d.limiter},
                 {"limiter_detail", d.limiter_detail},
                 {"unsettled", d.unsettled.empty() ? nlohmann::json() : nlohmann::json(d.unsettled)},
                 {"no_stall_step_time_s", r.no_stall_step_s > 0 ? nlohmann::json(r.no_stall_step_s) : nlohmann::json()}};
  }
  if (r.whole_run.enabled) j["run"] = whole_run_json(r);
  if (!r.strategy_change.empty()) j["strategy_change"] = r.strategy_change;
  if (!r.batching.empty())
    j["sequences"] = {{"batching", r.batching},
                      {"seq_len", r.max_seq_len},
                      {"executed_len", r.seq_len},
                      {"bin_width", r.bin_width},
                      {"tokens_per_sample", r.tokens_per_sample},
                      {"samples_per_row", r.samples_per_row},
                      {"padding_share", r.padding_share}};
  if (!r.error_bands.empty()) {
    nlohmann::json& b = j["error_bands"];
    b = nlohmann::json::object();
    for (const train::ErrorBand& e : r.error_bands) b[e.figure] = band_to_json(e);
  }
  return j;
}

std::string format_memory(const train::RunResult& r) {
  std::string o;
  o += fmt::format("simtrain memory: {}\n", r.scenario);
  o += fmt::format("  {} {} on {} x {}, batch {}/GPU, {}, {}\n", r.model, r.strategy, r.gpus, r.gpu_name, r.batch_per_gpu,
                   r.precision, r.optimizer);
  o += override_lines(r);
  o += fmt::format("\nPeak {} of {} ({}), during \"{}\"{}\n", gib(r.memory_peak_bytes), gib(r.memory_capacity_bytes),
                   pct(r.memory_peak_bytes / r.memory_capacity_bytes), r.memory_peak_at,
                   r.oom ? "  -> OUT OF MEMORY" : "");
  for (const train::ErrorBand& b : r.error_bands)
    if (b.figure == "peak_memory") o += "  trust: peak memory " + band_text(b) + "\n";
  for (const auto& [k, v] : r.memory_breakdown)
    o += fmt::format("  {:<26} {:>10}  {}\n", k, gib(v), pct(v / r.memory_peak_bytes));
  if (!r.stage_peaks.empty()) {
    o += "\nPeak by pipeline stage (its first rank):\n";
    for (std::size_t s = 0; s < r.stage_peaks.size(); ++s)
      o += fmt::format("  stage {:<3} {:>10}  {}  during \"{}\"{}\n", s, gib(r.stage_peaks[s].first),
                       pct(r.stage_peaks[s].first / r.memory_capacity_bytes), r.stage_peaks[s].second,
                       r.stage_peaks[s].first > r.memory_capacity_bytes ? "  -> OUT OF MEMORY" : "");
  }
  o += host_memory_line(r);
  if (!r.fits.empty()) {
    o += "\nLargest per-GPU batch that fits, by strategy:\n";
    for (const auto& f : r.fits) {
      const char* host = f.host_oom ? "; offloaded state does NOT fit in host memory" : "";
      if (!f.not_searched.empty()) o += fmt::format("  {:<32} not searched: {}\n", f.strategy, f.not_searched);
      else if (f.largest_batch == 0) o += fmt::format("  {:<32} does not fit at batch 1{}\n", f.strategy, host);
      else o += fmt::format("  {:<32} {:>6}{}  (peak {}{})\n", f.strategy, f.largest_batch, f.stopped.empty() ? " " : "+",
                            gib(f.peak_bytes_at_batch), host);
      if (!f.stopped.empty()) o += fmt::format("  {:<32} (at least: {})\n", "", f.stopped);
    }
  }
  std::string verdict = "fits" + near_limit_note(r);
  if (r.oom) verdict = "does NOT fit: see the batch each strategy allows";
  else if (r.host_oom)
    verdict = fmt::format("does NOT fit: its offloaded state needs {} of the node's {} host memory", gib(r.host_offload_bytes_per_node),
                          gib(r.host_memory_bytes));
  o += fmt::format("Verdict      {}\n", verdict);
  return o;
}

nlohmann::json memory_to_json(const train::RunResult& r) {
  nlohmann::json j = run_to_json(r)["memory"];
  j["scenario"] = r.scenario;
  j["strategy"] = r.strategy;
  nlohmann::json fits = nlohmann::json::array();
  for (const auto& f : r.fits) {
    fits.push_back({{"strategy", f.strategy},
                    {"largest_batch_per_gpu", f.largest_batch},
                    {"peak_bytes", f.peak_bytes_at_batch},
                    {"host_oom", f.host_oom}});
    // A row that is no figure (not searched) or a lower bound (stopped) says so.
    if (!f.not_searched.empty()) fits.back()["not_searched"] = f.not_searched;
    if (!f.stopped.empty()) fits.back()["stopped"] = f.stopped;
  }
  j["largest_batch"] = fits;
  nlohmann::json stages = nlohmann::json::array();
  for (const auto& [bytes, at] : r.stage_peaks) stages.push_back({{"peak_bytes", bytes}, {"at", at}});
  if (!r.stage_peaks.empty()) j["stages"] = stages;
  return j;
}

namespace {

const char* const kTraceCategories[] = {"", "forward", "backward", "optimizer", "communication", "data", "host"};
const char* trace_category(const engine::Task& task) {
  return task.category < 7 ? kTraceCategories[task.category] : "other";
}

// The track a task's slice is drawn on, or -1 when the trace leaves it out (joins, and tasks
// on no stream that are neither loader nor host work). `host_track` is the host timeline's.
std::int64_t trace_track(const train::StepGraph& sg, engine::TaskId t, std::int64_t host_track) {
  const engine::TaskGraph& g = sg.graph;
  const engine::Task& task = g.task(t);
  const auto* feed = sg.data.get();
  const std::int32_t tr = feed && t < feed->track.size() ? feed->track[t] : -1;
  if (task.kind == engine::TaskKind::join) return -1;
  if (task.server == engine::kNoServer && task.category == train::kHost) return host_track;
  if (tr >= 0) return static_cast<std::int64_t>(g.servers().size()) + tr;
  if (task.server == engine::kNoServer) return -1;
  return static_cast<std::int64_t>(task.server);
}

std::int64_t host_track_of(const train::StepGraph& sg) {
  const auto* feed = sg.data.get();
  return static_cast<std::int64_t>(sg.graph.servers().size() + (feed ? feed->track_names.size() : 0));
}

// Writes the events one by one, each as nlohmann dumps it, separated as in an array.
class EventWriter {
 public:
  explicit EventWriter(std::ostream& out) : out_(out) {}
  void operator()(const nlohmann::json& e) {
    if (!first_) out_.put(',');
    first_ = false;
    out_ << e.dump();
  }

 private:
  std::ostream& out_;
  bool first_ = true;
};

// The data pipeline's loader tracks (one per worker: its reads and decodes) and storage tracks
// (every read in flight on the device, as async slices that may overlap).
void write_data_events(const train::RunResult& r, EventWriter& emit) {
  const engine::TaskGraph& g = r.graph->graph;
  const auto* feed = r.graph->data.get();
  if (!feed) return;
  const std::size_t track0 = g.servers().size();
  for (std::size_t i = 0; i < feed->track_names.size(); ++i)
    emit({{"name", "thread_name"}, {"ph", "M"}, {"pid", 0}, {"tid", track0 + i}, {"args", {{"name", feed->track_names[i]}}}});
  for (std::size_t rank = 0; rank < feed->batches.size(); ++rank)
    for (const auto& b : feed->batches[rank]) {
      if (b.read < 0) continue;
      const auto t = static_cast<engine::TaskId>(b.read);
      for (std::int32_t st : feed->storage_tracks[rank]) {
        const nlohmann::json base = {{"name", g.task(t).label}, {"cat", "storage"}, {"id", t}, {"pid", 0},
                                     {"tid", track0 + static_cast<std::size_t>(st)}};
        nlohmann::json bgn = base, end = base;
        bgn["ph"] = "b";
        bgn["ts"] = static_cast<double>(r.records[t].start) * 1e-6;
        end["ph"] = "e";
        end["ts"] = static_cast<double>(r.records[t].end) * 1e-6;
        emit(bgn);
        emit(end);
      }
    }
}

}  // namespace

void write_chrome_trace(const train::RunResult& r, std::ostream& out) {
  if (!r.graph) {
    out << "{}";
    return;
  }
  // The text nlohmann would dump for {"traceEvents": [...], "displayTimeUnit": "ms"} (keys
  // sorted), written event by event: a run of millions of tasks is never one JSON document.
  out << R"({"displayTimeUnit":"ms","traceEvents":[)";
  EventWriter emit(out);
  const engine::TaskGraph& g = r.graph->graph;
  for (std::size_t s = 0; s < g.servers().size(); ++s)
    emit({{"name", "thread_name"}, {"ph", "M"}, {"pid", 0}, {"tid", s}, {"args", {{"name", g.servers()[s].name}}}});
  emit({{"name", "process_name"}, {"ph", "M"}, {"pid", 0}, {"args", {{"name", r.scenario}}}});
  write_data_events(r, emit);
  // The host timeline (train/host.hpp): the rank threads issuing kernels, one track.
  const std::int64_t host_track = host_track_of(*r.graph);
  bool host_named = false;
  for (engine::TaskId t = 0; t < g.size(); ++t) {
    const std::int64_t track = trace_track(*r.graph, t, host_track);
    if (track < 0) continue;
    const engine::Task& task = g.task(t);
    if (track == host_track && !host_named) {
      emit({{"name", "thread_name"}, {"ph", "M"}, {"pid", 0}, {"tid", host_track},
            {"args", {{"name", "host: kernel issue (every rank)"}}}});
      host_named = true;
    }
    const auto& rec = r.records[t];
    emit({{"name", task.label},
          {"cat", trace_category(task)},
          {"ph", "X"},
          {"pid", 0},
          {"tid", track},
          {"ts", static_cast<double>(rec.start) * 1e-6},
          {"dur", static_cast<double>(rec.end - rec.start) * 1e-6}});
  }
  out << "]}";
}

std::string chrome_trace(const train::RunResult& r) {
  std::ostringstream out;
  write_chrome_trace(r, out);
  return out.str();
}

double chrome_trace_bytes(const train::StepGraph& sg) {
  const engine::TaskGraph& g = sg.graph;
  const std::int64_t host_track = host_track_of(sg);
  // {"cat":"","dur":,"name":"","ph":"X","pid":0,"tid":,"ts":} and its comma: 58 bytes, then
  // the category, the label, the track's digits and the two times (microseconds to the
  // picosecond: up to 17 significant digits and a point each, as nlohmann prints a double).
  constexpr double kEventSyntaxBytes = 58, kTimeBytes = 18;
  double bytes = 0;
  for (engine::TaskId t = 0; t < g.size(); ++t) {
    const std::int64_t track = trace_track(sg, t, host_track);
    if (track < 0) continue;
    const engine::Task& task = g.task(t);
    bytes += kEventSyntaxBytes + static_cast<double>(std::strlen(trace_category(task)) + task.label.size() +
                                                     std::to_string(track).size()) + 2 * kTimeBytes;
  }
  // A storage read is two events (begin, end) on each track it is drawn on, of about a slice's size.
  if (const auto* feed = sg.data.get())
    for (std::size_t rank = 0; rank < feed->batches.size(); ++rank)
      for (const auto& b : feed->batches[rank])
        if (b.read >= 0)
          bytes += 2.0 * static_cast<double>(feed->storage_tracks[rank].size()) *
                   (kEventSyntaxBytes + static_cast<double>(g.task(static_cast<engine::TaskId>(b.read)).label.size()) + 2 * kTimeBytes);
  return bytes;
}

}  // namespace simtrain::report
