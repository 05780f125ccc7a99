#include "drive/plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <optional>
#include <new>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "drive/run.hpp"
#include "drive/setup.hpp"
#include "engine/executor.hpp"
#include "report/headroom.hpp"
#include "report/search_record.hpp"
#include "scenario/error.hpp"
#include "scenario/limits.hpp"
#include "train/megatron.hpp"
#include "train/strategy.hpp"

namespace simtrain::train {

std::vector<std::string> PlanLayout::sets() const {
  return {"strategy=megatron",
          "parallel.tp=" + std::to_string(tp),
          "parallel.pp=" + std::to_string(pp),
          "parallel.cp=" + std::to_string(cp),
          "parallel.ep=" + std::to_string(ep),
          "parallel.dp=" + std::to_string(dp),
          "parallel.sequence_parallel=" + std::string(tp > 1 ? "true" : "false"),
          "parallel.schedule=" + std::string(v > 1 ? "interleaved" : "1f1b"),
          "parallel.virtual_stages=" + std::to_string(v),
          "parallel.recompute=" + recompute,
          "parallel.distributed_optimizer=true",
          "parallel.overlap_grad_reduce=true",
          "parallel.fsdp=" + fsdp,
          "batch_per_gpu=" + std::to_string(mb),
          "grad_accumulation=" + std::to_string(m)};
}

std::string PlanLayout::name() const {
  return "tp" + std::to_string(tp) + (cp > 1 ? " cp" + std::to_string(cp) : "") + " pp" + std::to_string(pp) + " dp" +
         std::to_string(dp) + (ep > 1 ? " ep" + std::to_string(ep) : "") + " mb" +
         std::to_string(mb) + (m > 0 ? " m" + std::to_string(m) : "") + (v > 1 ? " v" + std::to_string(v) : "") + " " +
         recompute + (fsdp != "none" ? " " + fsdp : "");
}

}  // namespace simtrain::train

namespace simtrain::drive {

namespace {

std::vector<int> divisors(int n) {
  std::vector<int> out;
  for (int d = 1; d <= n; ++d)
    if (n % d == 0) out.push_back(d);
  return out;
}

// What the search holds fixed: the cluster, the model's shape, the global batch.
struct SearchSpace {
  int gpus = 1, gpus_per_node = 1;  // the job's GPUs per node: the NVLink domain TP stays in
  int gpus_per_box = 1;             // a box of the node (topo/cluster.hpp BoxSpec)
  std::string box_name;             // "" when a node is one box
  int layers = 0;             // repeated blocks (the pipeline splits them)
  int experts = 0;            // routed experts per MoE layer (0: dense)
  long long global_batch = 1;  // samples per step
  std::vector<int> cps;       // context-parallel degrees tried
  std::vector<int> micro_batches;  // 1, 2, 4, 8 and the scenario's own
};

// Context parallelism for long sequences: powers of two leaving every rank at least 2048
// tokens (NeMo's recipes: CP 2 at 8k-16k, CP 8-16 at 128k), the sequence splitting into 2 cp
// chunks (Megatron-Core's load-balanced causal split: seq a multiple of 2 cp, stricter than
// the builder's seq a multiple of cp).
std::vector<int> cp_degrees(const work::Model& model) {
  std::vector<int> cps = {1};
  for (long long cp = 2; model.seq_len / cp >= 2048 && model.seq_len % (2 * cp) == 0; cp *= 2)
    cps.push_back(static_cast<int>(cp));
  return cps;
}

// Expert parallelism for MoE models: powers of two dividing the experts and dp.
std::vector<int> ep_degrees(int experts, int dp) {
  std::vector<int> eps = {1};
  for (int e = 2; experts > 0 && e <= std::min(dp, experts); e *= 2)
    if (dp % e == 0 && experts % e == 0) eps.push_back(e);
  return eps;
}

// Every (tp, cp, pp, dp, ep, mb, v, recompute) the search considers, in a fixed order; m is
// filled by shape_rejection.
std::vector<PlanLayout> candidate_layouts(const SearchSpace& sp) {
  std::vector<PlanLayout> out;
  const int G = sp.gpus;
  for (int tp : divisors(G)) {
    if ((tp & (tp - 1)) != 0) continue;  // powers of two, as TP degrees are in practice
    for (int cp : sp.cps) {
      if ((G / tp) % cp != 0) continue;
      for (int pp : divisors(G / (tp * cp))) {
        const int dp = G / (tp * cp * pp);
        for (int ep : ep_degrees(sp.experts, dp))
          for (int mb : sp.micro_batches)
            for (int v : {1, 2, 4}) {
              if (v > 1 && pp == 1) continue;  // not a layout: virtual stages need stages
              for (const char* rc : {"none", "selective", "full"})
                for (const char* fsdp : {"none", "shard_grad_op", "full_shard"}) {
                  if (dp * cp == 1 && std::string(fsdp) != "none") continue;  // nothing to shard over
                  out.push_back(PlanLayout{tp, pp, dp, mb, 0, v, cp, ep, rc, fsdp});
                }
            }
      }
    }
  }
  return out;
}

// Where a layout's TP and EP groups run (train/layout.hpp group_span). A group's span depends
// on its degrees and the block it spreads over, not on the rest of the layout (pp, mb,
// recompute ...), so each is computed once per (tp, cp, ep).
class Spans {
 public:
  explicit Spans(const SearchSpace& sp) : sp_(sp) {}
  train::GroupSpan tp(const PlanLayout& l) { return get(l, train::Dim::tp, {l.tp, 0, 0}); }
  train::GroupSpan ep(const PlanLayout& l) { return get(l, train::Dim::ep, {l.tp, l.cp, l.ep}); }

 private:
  train::GroupSpan get(const PlanLayout& l, train::Dim d, std::array<int, 3> key) {
    auto& slot = (d == train::Dim::tp ? tp_ : ep_)[key];
    if (!slot)
      slot = train::group_span(train::Mesh{l.tp, l.cp, l.dp, l.pp, l.ep}, d, sp_.gpus_per_node, sp_.gpus_per_box);
    return *slot;
  }
  const SearchSpace& sp_;
  std::map<std::array<int, 3>, std::optional<train::GroupSpan>> tp_, ep_;
};

// Why a layout cannot run before any estimate (the batch does not divide, TP leaves the node,
// too few layers, ...), or "" when it can; fills its micro-batch count m.
//
// TP stays in the NVLink domain, and the node is that domain: Megatron places TP there (its
// all-reduces or reduce-scatters sit on every layer's critical path), and a node of several
// boxes (a GB200 NVL72 rack of 18 compute trays) is still one domain, so TP may span boxes but
// not nodes. A TP group is tp consecutive ranks, so it stays in a node when tp divides the
// job's GPUs per node (or the job is one node). CP and EP groups may cross nodes: Llama 3 405B
// ran CP 16 over 8-GPU nodes (Dubey et al. 2024, arXiv:2407.21783, section 3.3.2), and
// Megatron-Core allows expert parallelism across nodes; the report says where they run.
std::string shape_rejection(PlanLayout& l, const SearchSpace& sp, const train::GroupSpan& tp_span) {
  const long long B = sp.global_batch;
  if (B % (static_cast<long long>(l.dp) * l.mb) != 0)
    return "the global batch of " + std::to_string(B) + " does not divide into dp x micro-batch = " + std::to_string(l.dp * l.mb);
  const long long m = B / (static_cast<long long>(l.dp) * l.mb);
  l.m = static_cast<int>(std::min<long long>(m, 1 << 30));
  const std::string domain = sp.box_name.empty() ? std::string()
                                                  : fmt::format(", the NVLink domain of {} {}s", sp.gpus_per_node / sp.gpus_per_box,
                                                                sp.box_name);
  if (l.tp > sp.gpus_per_node)
    return "TP crosses nodes (tp " + std::to_string(l.tp) + " > " + std::to_string(sp.gpus_per_node) + " GPUs per node" +
           domain + ")";
  if (tp_span.nodes > 1)
    return "TP crosses nodes (tp " + std::to_string(l.tp) + " does not divide the " + std::to_string(sp.gpus_per_node) +
           " GPUs per node" + domain + ")";
  if (l.pp * l.v > sp.layers)
    return "pp x v = " + std::to_string(l.pp * l.v) + " exceeds the " + std::to_string(sp.layers) + " layers";
  if (l.v > 1 && m % l.pp != 0)
    return "interleaving needs the micro-batches (" + std::to_string(m) + ") to be a multiple of pp";
  if (m > 4096) return std::to_string(m) + " micro-batches per step (more than 4096 is not searched)";
  return "";
}

// The layout as the megatron strategy's options (Megatron-LM's recommended settings: sequence
// parallelism with TP, the distributed optimizer, overlapped gradient reduction; or FSDP over
// the data x context ranks, which implies both).
train::MegatronOptions options_for(const PlanLayout& l, const train::MegatronOptions& scenario, work::Optimizer optim,
                                   const work::SoftwareProfile* sw) {
  train::MegatronOptions o;
  // What the layout does not set stays the scenario's (the gradients' dtype, MoE routing skew).
  o.grad_dtype = scenario.grad_dtype;
  o.expert_imbalance = scenario.expert_imbalance;
  // Megatron-Core's overlaps as the scenario sets them (TP overlap where the layout has TP, with SP).
  o.overlap_param_gather = scenario.overlap_param_gather;
  o.tp_comm_overlap = scenario.tp_comm_overlap;
  o.bucket_params = scenario.bucket_params;
  o.mesh = train::Mesh{l.tp, l.cp, l.dp, l.pp, l.ep};
  o.sequence_parallel = l.tp > 1;
  o.schedule = l.v > 1 ? train::PipeSchedule::interleaved : train::PipeSchedule::one_f_one_b;
  o.virtual_stages = l.v;
  train::parse_recompute(l.recompute, o.recompute);
  train::parse_data_sharding(l.fsdp, o.fsdp);
  o.distributed_optimizer = true;
  o.overlap_grad_reduce = true;
  o.grad_accumulation = l.m;
  o.batch_per_gpu = l.mb;
  o.optimizer = optim;
  o.software = sw;
  return o;
}

// Judges a row by the closed forms: its estimated step and fullest stage, feasible unless the
// stage does not fit (or the builder refuses the layout: the reason is kept).
void estimate_row(PlanRow& row, const Built& b, const train::MegatronOptions& scenario, work::Optimizer optim,
                  double margin) {
  try {
    const train::MegatronEstimate e = train::estimate_megatron(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks,
                                                               options_for(row.layout, scenario, optim, &b.software));
    const auto fullest = std::max_element(e.stage_peak_bytes.begin(), e.stage_peak_bytes.end());
    row.estimate_peak_bytes = *fullest;
    row.estimate_fullest_stage = static_cast<int>(fullest - e.stage_peak_bytes.begin());
    row.estimate_step_s = e.step_s;
    if (*fullest > b.gpu->memory_bytes) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "OOM on stage %d (%.1f GiB of %.1f GiB, closed form)", row.estimate_fullest_stage,
                    *fullest / 1073741824.0, b.gpu->memory_bytes / 1073741824.0);
      row.reason = buf;
      return;
    }
    if (!report::fits_with_margin(*fullest, b.gpu->memory_bytes, margin)) {
      char buf[200];
      std::snprintf(buf, sizeof buf, "over the memory margin on stage %d (%.1f GiB + %.0f%% of %.1f GiB, closed form)",
                    row.estimate_fullest_stage, *fullest / 1073741824.0, 100 * margin, b.gpu->memory_bytes / 1073741824.0);
      row.reason = buf;
      return;
    }
    row.feasible = true;
  } catch (const std::invalid_argument& e) {
    row.reason = e.what();
  }
}

// The run-size estimate of simulating a layout (drive/run.hpp run_size): one step after one
// warm-up step of m micro-batches on every GPU, as simulate_row runs it.
RunSize layout_size(const PlanLayout& l, const Built& b) {
  RunShape shape;
  shape.megatron = true;
  shape.virtual_stages = l.v;
  train::DataSharding fsdp = train::DataSharding::none;
  train::parse_data_sharding(l.fsdp, fsdp);
  shape.fsdp_blocks = l.dp * l.cp > 1 ? megatron_fsdp_blocks(*b.model, fsdp, l.pp) : 0;
  shape.gpus = static_cast<double>(b.ranks.size());
  shape.passes = 2.0 * l.m;
  shape.batch_per_gpu = l.mb;
  return run_size(shape, *b.model, *b.gpu);
}

// Chooses the rows to simulate (rows sorted by estimate, feasible first): the best feasible
// ones, up to `opt.simulate`, each within the run's budget (a layout over it is a rejected row
// with the estimate) and all within the plan's (limits::max_plan_estimated_events: a layout
// that would pass it stays fit by the closed forms, not simulated, with the reason). Moves the
// chosen rows first, in order, and returns how many; `out` says what they cost.
std::size_t choose_simulated(std::vector<PlanRow>& rows, const Built& b, const PlanOptions& opt, PlanResult& out) {
  const std::size_t want = static_cast<std::size_t>(std::max(0, opt.simulate));
  const double budget = limits::max_plan_estimated_events;
  std::size_t chosen = 0, skipped = 0;
  double total = 0;
  std::vector<char> is_chosen(rows.size(), 0);
  for (std::size_t i = 0; i < rows.size() && rows[i].feasible && chosen < want; ++i) {
    PlanRow& r = rows[i];
    const RunSize size = layout_size(r.layout, b);
    if (const std::string over = size.over_budget(); !over.empty()) {
      r.feasible = false;
      r.reason = over;
    } else if (total + size.tasks > budget) {
      ++skipped;
      r.reason = total > 0 ? fmt::format("not simulated: about {:.3g} M engine tasks, more than the {:.3g} M left of the "
                                         "plan's {:.0f} M-task budget", size.tasks / 1e6, (budget - total) / 1e6, budget / 1e6)
                           : fmt::format("not simulated: about {:.3g} M engine tasks, more than the plan's {:.0f} M-task "
                                         "budget", size.tasks / 1e6, budget / 1e6);
    } else {
      total += size.tasks;
      is_chosen[i] = 1;
      ++chosen;
    }
  }
  if (skipped > 0 && opt.simulate_given)
    throw ScenarioError("", 0, 0, "--simulate",
                        fmt::format("the {} best layouts would take more than the {:.0f} M engine tasks a plan may "
                                    "simulate: {} of the best fit within it; give --simulate {}",
                                    want, budget / 1e6, chosen, chosen));
  out.simulated_tasks = total;
  out.task_budget = budget;
  if (skipped > 0)
    out.stopped = fmt::format("{} layout{} among the {} best by the closed forms would pass the plan's {:.0f} M-task "
                              "budget (listed as not simulated)", skipped, skipped == 1 ? "" : "s", chosen + skipped,
                              budget / 1e6);
  // The chosen first, in order; the rest of the feasible (skipped ones with their reason), then
  // the rejected (those over the run budget now among them).
  std::vector<PlanRow> sorted;
  sorted.reserve(rows.size());
  for (int pass = 0; pass < 3; ++pass)
    for (std::size_t i = 0; i < rows.size(); ++i)
      if ((pass == 0 && is_chosen[i]) || (pass == 1 && !is_chosen[i] && rows[i].feasible) ||
          (pass == 2 && !rows[i].feasible))
        sorted.push_back(std::move(rows[i]));
  rows = std::move(sorted);
  return chosen;
}

// The plan's --max-seconds: its start and limit (0: none).
struct PlanClock {
  double max_seconds = 0;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  double seconds_left() const {
    return max_seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  bool passed() const { return max_seconds > 0 && !(seconds_left() > 0); }
};

// Why a layout was not simulated when the plan's --max-seconds passed.
std::string time_limit_text(double max_seconds) {
  return fmt::format("not simulated: the plan's time limit (--max-seconds {:g}) passed", max_seconds);
}

// The record of simulating row `row` (report/search_record.hpp): its figures, or why it failed.
// With a time limit the run gets the time left of the plan's; past it the row is not simulated.
nlohmann::json simulate_row(std::size_t point, const PlanRow& row, const ScenarioSpec& spec,
                            const std::vector<std::string>& overrides, const PlanClock& clock) {
  return point_outcome(point, [&] {
    std::vector<std::string> sets = overrides;
    for (const std::string& s : row.layout.sets()) sets.push_back(s);
    // The layout's parallel.recompute decides what is recomputed, as in its closed form: a
    // checkpointing key of the scenario's own strategy (fsdp.activation_checkpointing: true)
    // would disagree with `selective` (every simulated layout failed) and turn `none` into `full`.
    if (const std::string key = train::strategy_config(spec).checkpointing_key; !key.empty())
      sets.push_back(key + "=false");
    sets.push_back("steps=1");
    sets.push_back("warmup_steps=1");
    RunOptions ro;
    if (clock.max_seconds > 0) {
      ro.max_seconds = clock.seconds_left();
      if (!(ro.max_seconds > 0)) throw std::invalid_argument(time_limit_text(clock.max_seconds));
    }
    try {
      return report::plan_result_to_json(run_scenario(load_scenario(spec.path, sets), ro));
    } catch (const engine::DeadlineExceeded&) {
      throw std::invalid_argument(time_limit_text(clock.max_seconds));  // the row says so; the plan goes on
    } catch (const std::bad_alloc&) {
      throw std::invalid_argument("not simulated: out of memory while simulating (lower nodes or the budget's "
                                  "estimate; the row's closed forms stand)");
    }
  });
}

// Row `r` as its record says it simulated; a row that does not fit when simulated is
// rejected with both peaks. A failed point throws as the run did.
// A layout that a merge with --allow-missing found in no part keeps its closed-form row, marked
// as not run.
void apply_record(PlanRow& r, const nlohmann::json& rec, double capacity, double margin) {
  if (rec.value("not_run", false)) {
    r.reason = kNotRun;
    return;
  }
  try {
    rethrow_point_failure(rec);
    r.result = report::result_from_record(rec, report::plan_result_from_json);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error("the record of layout " + r.layout.name() + " is malformed: " + e.what());
  } catch (const std::invalid_argument& e) {
    // A reason the row shows: the time limit (the layout still fits by the closed forms), or
    // why the simulation refused the layout.
    r.reason = e.what();
    if (r.reason.rfind("not simulated:", 0) != 0) r.feasible = false;
    return;
  }
  r.simulated = true;
  if (r.result.oom) {
    r.feasible = false;
    char buf[200];
    std::snprintf(buf, sizeof buf, "OOM when simulated (%.1f GiB at %s; closed form %.1f GiB)",
                  r.result.memory_peak_bytes / 1073741824.0, r.result.memory_peak_at.c_str(),
                  r.estimate_peak_bytes / 1073741824.0);
    r.reason = buf;
  } else if (!report::fits_with_margin(r.result.memory_peak_bytes, capacity, margin)) {
    r.feasible = false;
    char buf[200];
    std::snprintf(buf, sizeof buf, "over the memory margin when simulated (%.1f GiB + %.0f%% of %.1f GiB at %s)",
                  r.result.memory_peak_bytes / 1073741824.0, 100 * margin, capacity / 1073741824.0,
                  r.result.memory_peak_at.c_str());
    r.reason = buf;
  }
}

}  // namespace

PlanResult plan_layouts(const ScenarioSpec& spec, const std::vector<std::string>& overrides, const PlanOptions& opt) {
  SearchExecution one;
  one.jobs = 1;  // one layout at a time, as the search has always run in one process
  return *plan_search(spec, overrides, opt, one);
}

namespace {

// The plan's header figures: the cluster, the model, the memory margin and the bands.
PlanResult plan_header(const ScenarioSpec& spec, const Built& b, const PlanOptions& opt) {
  const topo::Cluster& c = *b.cluster;
  const int G = static_cast<int>(b.ranks.size());
  PlanResult out;
  out.scenario = spec.name;
  out.model = b.model->name;
  out.system = c.name();
  out.gpu_name = b.gpu->name;
  out.gpus = G;
  out.gpus_per_node = spec.gpus_per_node > 0 ? spec.gpus_per_node : c.gpus_per_node();
  if (c.has_boxes()) out.box_name = c.box_name();
  out.gpus_per_box = c.gpus_per_box();
  out.memory_capacity_bytes = b.gpu->memory_bytes;
  out.seq_len = b.model->seq_len;
  const report::PlannedRun kind{b.gpu->arch,           G, c.nodes(), b.software.key,
                                c.nodes() > 1 ? c.fabric().oversubscription : 1.0, "megatron", b.model->seq_len};
  const report::MemoryMargin margin = report::memory_margin(opt.memory_margin, opt.error_bands, report::planned_kind(kind, true));
  out.memory_margin = margin.fraction;
  out.margin_source = margin.source;
  if (opt.error_bands)
    out.error_bands = {report::lookup_band(*opt.error_bands, report::planned_kind(kind, false), "step_time"),
                       report::lookup_band(*opt.error_bands, report::planned_kind(kind, true), "peak_memory")};
  return out;
}

// What the search holds fixed for this scenario: the global batch it trains per step (kept for
// every layout), the layers the pipeline splits, the experts, CP degrees and micro-batches.
SearchSpace search_space(const ScenarioSpec& spec, const work::Model& model, const PlanResult& out) {
  const int G = out.gpus;
  long long dp0 = G;
  if (spec.strategy == "megatron") {
    const train::Mesh& mesh = train::strategy_config(spec).parallel.options.mesh;
    dp0 = std::max<long long>(1, G / (static_cast<long long>(mesh.tp) * mesh.pp * mesh.cp));
  }
  SearchSpace sp;
  sp.gpus = G;
  sp.gpus_per_node = out.gpus_per_node;
  sp.gpus_per_box = std::min(out.gpus_per_box, out.gpus_per_node);
  sp.box_name = out.box_name;
  sp.global_batch = dp0 * spec.batch_per_gpu * spec.grad_accumulation;
  const int blocks = model.ops.empty() ? 0 : model.ops.back().block + 1;
  sp.layers = std::max(0, blocks - 2);
  for (const work::Op& op : model.ops)
    if (work::is_expert(op.split)) sp.experts = std::max(sp.experts, op.gemm_groups);
  sp.cps = cp_degrees(model);
  // Micro-batches of 1-8 (LLM layouts), and the scenario's own (a CNN's 256 runs as one).
  sp.micro_batches = {1, 2, 4, 8};
  if (spec.batch_per_gpu > 8 && spec.batch_per_gpu <= 65536) sp.micro_batches.push_back(static_cast<int>(spec.batch_per_gpu));
  return sp;
}

// Every layout judged by the closed forms, feasible first by estimated step; past the time
// limit the rest are rejected as not estimated.
std::vector<PlanRow> estimate_rows(const ScenarioSpec& spec, const Built& b, const SearchSpace& sp, double margin,
                                   const PlanClock& clock) {
  work::Optimizer optim;
  work::parse_optimizer(spec.optimizer, optim);
  std::vector<PlanRow> rows;
  Spans spans(sp);
  for (const PlanLayout& l : candidate_layouts(sp)) {
    PlanRow row;
    row.layout = l;
    row.tp_span = spans.tp(l);
    if (l.ep > 1) row.ep_span = spans.ep(l);
    row.reason = shape_rejection(row.layout, sp, row.tp_span);
    if (row.reason.empty() && clock.passed())
      row.reason = fmt::format("not estimated: the plan's time limit (--max-seconds {:g}) passed", clock.max_seconds);
    if (row.reason.empty()) estimate_row(row, b, train::strategy_config(spec).parallel.options, optim, margin);
    rows.push_back(std::move(row));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const PlanRow& a, const PlanRow& x) {
    if (a.feasible != x.feasible) return a.feasible;
    return a.feasible && a.estimate_step_s < x.estimate_step_s;
  });
  return rows;
}

}  // namespace

std::optional<PlanResult> plan_search(const ScenarioSpec& spec, const std::vector<std::string>& overrides,
                                      const PlanOptions& opt, const SearchExecution& ex) {
  // The search enumerates the layouts of every divisor of the GPUs and builds the cluster
  // first: past 65,536 GPUs (4x the largest shipped run) it would take minutes.
  constexpr long long kMaxPlanGpus = 65536;
  if (const long long gpus = scenario_gpus(spec); gpus > kMaxPlanGpus) {
    const Field f = spec.root.has("nodes") ? spec.root.at("nodes") : spec.root;
    throw f.error("plan searches layouts of at most " + std::to_string(kMaxPlanGpus) + " GPUs; this scenario has " +
                  std::to_string(gpus) + " (lower nodes)");
  }
  PlanClock clock;
  clock.max_seconds = opt.max_seconds;
  Built b = build_setup(spec);
  PlanResult out = plan_header(spec, b, opt);
  const SearchSpace sp = search_space(spec, *b.model, out);
  out.global_batch = static_cast<double>(sp.global_batch);
  std::vector<PlanRow> rows = estimate_rows(spec, b, sp, out.memory_margin, clock);
  out.closed_form_layouts = rows.size();
  // The best simulated in full: the search's points (drive/search.hpp), each to its record.
  const std::size_t n = choose_simulated(rows, b, opt, out);
  const RunPoint run_point = [&](std::size_t i) { return simulate_row(i, rows[i], spec, overrides, clock); };
  const std::optional<std::vector<nlohmann::json>> records = execute_search(
      n, run_point, ex, check_stopping_record([](std::size_t, const nlohmann::json& r) { report::plan_result_from_json(r); }));
  if (!records) return std::nullopt;
  std::size_t timed_out = 0, simulated = 0;
  for (std::size_t i = 0; i < n; ++i) {
    apply_record(rows[i], (*records)[i], out.memory_capacity_bytes, out.memory_margin);
    if (rows[i].simulated) ++simulated;
    else if (rows[i].feasible && rows[i].reason.rfind("not simulated:", 0) == 0) ++timed_out;
  }
  out.simulated_layouts = simulated;
  if (timed_out > 0)
    out.stopped = fmt::format("the --max-seconds limit ({:g} s) passed: {} of the {} layouts chosen were simulated",
                              opt.max_seconds, simulated, n);
  // Simulated and fitting first by simulated time per step (the batch is the same), then the
  // rest of the feasible by estimate, then the rejected.
  auto rank = [](const PlanRow& r) { return r.simulated && r.feasible ? 0 : r.feasible ? 1 : 2; };
  std::stable_sort(rows.begin(), rows.end(), [&](const PlanRow& a, const PlanRow& x) {
    if (rank(a) != rank(x)) return rank(a) < rank(x);
    if (rank(a) == 0) return a.result.step_time_s < x.result.step_time_s;
    return false;
  });
  out.rows = std::move(rows);
  return out;
}

}  // namespace simtrain::drive
