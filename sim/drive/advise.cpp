#include "drive/advise.hpp"
#include "drive/search_budget.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <map>
#include <sstream>
#include <stdexcept>

#include "drive/plan.hpp"
#include "drive/run.hpp"
#include "engine/executor.hpp"
#include "report/headroom.hpp"
#include "report/run_report.hpp"
#include "report/search_record.hpp"
#include "scenario/data_path.hpp"
#include "scenario/error.hpp"
#include "scenario/limits.hpp"
#include "topo/cluster.hpp"
#include "train/strategy.hpp"

namespace simtrain::drive {

using report::AdviseCandidate;
using report::AdviseResult;

namespace {

// The layouts the layout search simulates in full per system and node count (its best by the
// closed forms): the closed forms rank layouts well but not exactly (plan_llama65b), so more
// than one.
constexpr int kPlanSimulate = 3;
// A bound on the configurations of one search (systems x nodes x strategies).
constexpr std::size_t kMaxConfigurations = 5000;

// A data-parallel strategy of the search: the keys that select it. `checkpointing`: activation
// checkpointing on every block (true) or none (false).
struct DataParallel {
  const char* name;
  const char* label;
  const char* strategy;
  const char* sharding;  // "" : none
  bool checkpointing;
  bool multi_node_only;  // hybrid sharding is full sharding on one node
};

// In search order (memory_candidates' strategies, train/strategy.hpp, with checkpointing where
// it is what lets a large model fit); `megatron` follows them.
constexpr DataParallel kDataParallel[] = {
    {"ddp", "ddp", "ddp", "", false, false},
    {"ddp_checkpointed", "ddp + checkpointing", "ddp", "", true, false},
    {"zero1", "zero1", "zero1", "", false, false},
    {"shard_grad_op", "fsdp shard_grad_op", "fsdp", "shard_grad_op", false, false},
    {"full_shard", "fsdp full_shard", "fsdp", "full_shard", false, false},
    {"full_shard_checkpointed", "fsdp full_shard + checkpointing", "fsdp", "full_shard", true, false},
    {"hybrid_shard", "fsdp hybrid_shard", "fsdp", "hybrid_shard", false, true},
    {"hybrid_shard_checkpointed", "fsdp hybrid_shard + checkpointing", "fsdp", "hybrid_shard", true, true},
};
constexpr const char* kMegatron = "megatron";

const std::vector<int> kDefaultNodes = {1, 2, 4, 8};

// A system of the search: as named, where its file is, and what it is.
struct SystemEntry {
  std::string name, path, title;
  bool has_fabric = false;
  int gpus_per_node = 0;  // the scenario's gpus_per_node, else the system's
  std::vector<int> nodes;  // its own node counts (`{system: S, nodes: [...]}`); empty: the search's
};

// The search as the block and the command line give it; errors at their place.
struct Search {
  std::vector<SystemEntry> systems;
  std::vector<int> nodes;
  std::vector<std::string> strategies;
  std::optional<double> deadline_s, budget;
  std::optional<GlobalBatch> global_batch;  // advise.global_batch: the recipe is searched
};

constexpr int kMaxNodes = 65536;
constexpr long long kMaxGlobalBatch = 1LL << 30;

void sort_unique(std::vector<int>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// A list of node counts in the block.
std::vector<int> node_list(const Field& f) {
  if (!f.is_sequence() || f.items().empty()) throw f.error("expected a non-empty list of node counts, e.g. [1, 2, 4]");
  std::vector<int> out;
  for (const Field& v : f.items()) {
    const long long n = v.as_int_at_least(1);
    if (n > kMaxNodes) throw v.error("expected at most " + std::to_string(kMaxNodes) + " nodes");
    out.push_back(static_cast<int>(n));
  }
  sort_unique(out);
  return out;
}

SystemEntry load_entry(const ScenarioSpec& spec, const std::string& name, const std::optional<Field>& at,
                       const std::string& flag) {
  SystemEntry s;
  s.name = name;
  s.path = data_path::find_named(data_path::Kind::system, name, spec.path);
  if (s.path.empty()) {
    const std::string msg = data_path::not_found(data_path::Kind::system, name, at ? "the scenario" : "");
    if (at) throw at->error(msg);
    throw ScenarioError(flag, 0, 0, flag, msg);
  }
  const auto cluster = topo::load_system(s.path, 1);
  s.title = cluster->name();
  s.has_fabric = !cluster->fabric().topology.empty();
  s.gpus_per_node = spec.gpus_per_node > 0 ? spec.gpus_per_node : cluster->gpus_per_node();
  return s;
}

// `advise.global_batch: {min: 256, max: 1024}`: samples per optimizer step.
GlobalBatch global_batch_bounds(const Field& f) {
  if (!f.is_map()) throw f.error("expected the global batch's bounds in samples, e.g. {min: 256, max: 1024}");
  f.check_keys({"min", "max"});
  GlobalBatch g;
  g.min = f.at("min").as_int_in(1, kMaxGlobalBatch);
  g.max = f.at("max").as_int_in(1, kMaxGlobalBatch);
  if (g.min > g.max) throw f.at("max").error("expected max >= min (" + std::to_string(g.min) + ")");
  return g;
}

Search read_search(const ScenarioSpec& spec, const AdviseOptions& opt) {
  Search s;
  std::optional<Field> block = spec.advise_field;
  auto get = [&](const char* key) -> std::optional<Field> { return block ? block->get(key) : std::nullopt; };
  if (block) block->check_keys({"systems", "nodes", "strategies", "deadline", "budget", "global_batch"});
  if (auto f = get("global_batch")) s.global_batch = global_batch_bounds(*f);

  // Systems.
  if (!opt.systems.empty()) {
    for (const std::string& n : opt.systems) s.systems.push_back(load_entry(spec, n, std::nullopt, "--systems"));
  } else if (auto f = get("systems")) {
    if (!f->is_sequence() || f->items().empty())
      throw f->error("expected a non-empty list of systems, e.g. [dgx_a100_80gb, {system: dgx_h100, nodes: [1, 2]}]");
    for (const Field& v : f->items()) {
      if (!v.is_map()) {
        s.systems.push_back(load_entry(spec, v.as_string(), v, ""));
        continue;
      }
      // {system: NAME, nodes: [...]}: a system at its own node counts.
      v.check_keys({"system", "nodes"});
      const Field name = v.at("system");
      SystemEntry e = load_entry(spec, name.as_string(), name, "");
      if (auto n = v.get("nodes")) e.nodes = node_list(*n);
      s.systems.push_back(std::move(e));
    }
  } else {
    for (const std::string& n : data_path::shipped_names(data_path::Kind::system)) s.systems.push_back(load_entry(spec, n, std::nullopt, "--systems"));
  }
  for (std::size_t i = 0; i < s.systems.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (s.systems[i].path == s.systems[j].path)
        throw ScenarioError(spec.path, 0, 0, "advise.systems", "system '" + s.systems[i].name + "' is listed twice");

  // Node counts.
  if (!opt.nodes.empty()) {
    s.nodes = opt.nodes;
  } else if (auto f = get("nodes")) {
    s.nodes = node_list(*f);
  } else {
    s.nodes = kDefaultNodes;
  }
  for (int n : s.nodes)
    if (n < 1 || n > kMaxNodes)
      throw ScenarioError("--nodes", 0, 0, "--nodes", "expected node counts from 1 to " + std::to_string(kMaxNodes));
  sort_unique(s.nodes);
  for (SystemEntry& e : s.systems)
    if (e.nodes.empty()) e.nodes = s.nodes;

  // Strategies.
  const std::vector<std::string>& known = advise_strategy_names();
  auto check_strategy = [&](const std::string& n, const std::optional<Field>& at) {
    if (std::find(known.begin(), known.end(), n) != known.end()) return;
    std::string list;
    for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
    const std::string msg = "unknown strategy '" + n + "'" + did_you_mean(n, known) + "; expected one of " + list;
    if (at) throw at->error(msg);
    throw ScenarioError("--strategies", 0, 0, "--strategies", msg);
  };
  if (!opt.strategies.empty()) {
    for (const std::string& n : opt.strategies) check_strategy(n, std::nullopt);
    s.strategies = opt.strategies;
  } else if (auto f = get("strategies")) {
    if (!f->is_sequence() || f->items().empty()) throw f->error("expected a non-empty list of strategies");
    for (const Field& v : f->items()) {
      check_strategy(v.as_string(), v);
      s.strategies.push_back(v.as_string());
    }
  } else {
    s.strategies = known;
  }
  // In search order, once each.
  std::vector<std::string> ordered;
  for (const std::string& k : known)
    if (std::find(s.strategies.begin(), s.strategies.end(), k) != s.strategies.end()) ordered.push_back(k);
  s.strategies = ordered;

  // The meeting's constraints.
  auto quantity = [&](const std::optional<std::string>& flag_value, const char* flag, const char* key, Dimension dim)
      -> std::optional<double> {
    double v = 0;
    if (flag_value) {
      try {
        v = parse_quantity(*flag_value, dim);
      } catch (const UnitError& e) {
        throw ScenarioError(flag, 0, 0, flag, e.what());
      }
    } else if (auto f = get(key)) {
      v = f->as_quantity(dim);
      if (!(v > 0)) throw f->error("expected a positive figure");
      return v;
    } else {
      return std::nullopt;
    }
    if (!(v > 0)) throw ScenarioError(flag, 0, 0, flag, "expected a positive figure");
    return v;
  };
  s.deadline_s = quantity(opt.deadline, "--deadline", "deadline", Dimension::time);
  s.budget = quantity(opt.budget, "--budget", "budget", Dimension::money);

  std::size_t n = 0;
  for (const SystemEntry& e : s.systems) n += e.nodes.size() * s.strategies.size();
  if (n > kMaxConfigurations)
    throw ScenarioError(spec.path, 0, 0, "advise",
                        std::to_string(n) + " configurations, more than " + std::to_string(kMaxConfigurations) +
                            "; search fewer systems, node counts or strategies at a time");
  return s;
}

// The checkpointing keys a configuration sets: the scenario's own spelling (its fsdp: block's
// older one, or the root's), so that the override replaces it instead of disagreeing with it.
// `fraction`: of the repeated blocks (0 none, 1 every one).
std::vector<std::string> checkpointing_sets(const ScenarioSpec& spec, double fraction) {
  const train::StrategyConfig& c = train::strategy_config(spec);
  std::vector<std::string> sets;
  const std::string value = fraction <= 0 ? "false" : fraction >= 1 ? "true" : fmt::format("{:g}", fraction);
  sets.push_back((c.checkpointing_key.empty() ? std::string("activation_checkpointing") : c.checkpointing_key) + "=" + value);
  if (!c.offload_key.empty()) sets.push_back(c.offload_key + "=false");
  return sets;
}

// The strategy keys of a data-parallel configuration, checkpointing apart.
void add_strategy_sets(AdviseCandidate& cand, const DataParallel& dp) {
  cand.sets.push_back(std::string("strategy=") + dp.strategy);
  if (*dp.sharding) cand.sets.push_back(std::string("fsdp.sharding=") + dp.sharding);
}

// Runs one configuration (not a megatron one) at the scenario's batch; a reason when it cannot
// be built.
void run_data_parallel(AdviseCandidate& cand, const DataParallel& dp, const ScenarioSpec& base,
                       const std::string& scenario, const std::vector<std::string>& base_sets, const RunOptions& ro) {
  add_strategy_sets(cand, dp);
  for (const std::string& s : checkpointing_sets(base, dp.checkpointing ? 1 : 0)) cand.sets.push_back(s);
  std::vector<std::string> sets = base_sets;
  sets.insert(sets.end(), cand.sets.begin(), cand.sets.end());
  cand.result = run_scenario(load_scenario(scenario, sets), ro);
}

// The recipe search (drive/advise.hpp): what one configuration's recipes share.
struct RecipeSearch {
  GlobalBatch bounds;
  double samples_per_row = 1;           // packed sequences carry several samples per row
  long long scenario_batch = 1;         // the scenario's batch_per_gpu
  std::optional<double> memory_margin;  // --memory-margin
};

// One recipe as run: its overrides and figures.
struct Recipe {
  long long mb = 1, m = 1;
  double checkpointing = 0;
  std::vector<std::string> sets;
  std::optional<train::RunResult> result;
  std::string text(long long replicas, double samples_per_row) const {
    std::string t = fmt::format("mb{} m{} = {}", mb, m,
                                report::thousands(static_cast<double>(replicas * mb * m) * samples_per_row));
    if (checkpointing > 0) t += checkpointing >= 1 ? ", ckpt all" : fmt::format(", ckpt {:g}%", 100 * checkpointing);
    return t;
  }
};

bool fits_with_headroom(const train::RunResult& r, const std::optional<double>& margin) {
  return !r.oom && !r.host_oom &&
         report::fits_with_margin(r.memory_peak_bytes, r.memory_capacity_bytes,
                                  report::memory_margin(margin, r.error_bands).fraction);
}

// The micro-batches within the bounds on `replicas`, ascending, each with the largest
// accumulation that keeps the global batch at most max (and at least min).
std::vector<std::pair<long long, long long>> recipe_batches(const RecipeSearch& rs, long long replicas) {
  const long long rows_max = static_cast<long long>(std::floor(static_cast<double>(rs.bounds.max) / rs.samples_per_row));
  const long long top = std::max<long long>(16, rs.scenario_batch);
  std::vector<std::pair<long long, long long>> out;
  for (long long mb = 1; mb <= top; mb *= 2) {
    const long long m = rows_max / (replicas * mb);
    if (m >= 1 && static_cast<double>(replicas * mb * m) * rs.samples_per_row >= static_cast<double>(rs.bounds.min))
      out.emplace_back(mb, m);
  }
  return out;
}

// Runs the data-parallel configuration's recipes (drive/advise.hpp) and keeps the fastest that
// fits with headroom; none fitting, the smallest micro-batch's run says why.
void run_data_parallel_recipes(AdviseCandidate& cand, const DataParallel& dp, const ScenarioSpec& base,
                               const std::string& scenario, const std::vector<std::string>& base_sets,
                               const RunOptions& ro, const RecipeSearch& rs, long long replicas) {
  add_strategy_sets(cand, dp);
  const std::vector<std::pair<long long, long long>> batches = recipe_batches(rs, replicas);
  if (batches.empty()) {
    cand.skipped = fmt::format("no micro-batch x accumulation on {} replicas gives a global batch of {} to {} samples",
                               replicas, rs.bounds.min, rs.bounds.max);
    return;
  }
  auto run = [&](std::size_t k, double fraction) {
    Recipe r;
    r.mb = batches[k].first;
    r.m = batches[k].second;
    r.checkpointing = fraction;
    r.sets = {"batch_per_gpu=" + std::to_string(r.mb), "grad_accumulation=" + std::to_string(r.m)};
    for (const std::string& s : checkpointing_sets(base, fraction)) r.sets.push_back(s);
    std::vector<std::string> sets = base_sets;
    sets.insert(sets.end(), cand.sets.begin(), cand.sets.end());
    sets.insert(sets.end(), r.sets.begin(), r.sets.end());
    r.result = run_scenario(load_scenario(scenario, sets), ro);
    return r;
  };
  std::optional<Recipe> best, smallest;
  const std::vector<double> fractions = dp.checkpointing ? std::vector<double>{0.5, 1.0} : std::vector<double>{0.0};
  for (double f : fractions) {
    // The largest micro-batch that fits, by bisection (peak memory grows with it).
    long long lo = 0, hi = static_cast<long long>(batches.size()) - 1;
    while (lo <= hi) {
      const long long mid = (lo + hi) / 2;
      Recipe r = run(static_cast<std::size_t>(mid), f);
      if (fits_with_headroom(*r.result, rs.memory_margin)) {
        if (!best || r.result->run_hours < best->result->run_hours) best = r;
        lo = mid + 1;
      } else {
        if (mid == 0) smallest = r;
        hi = mid - 1;
      }
    }
  }
  const Recipe& chosen = best ? *best : smallest ? *smallest : run(0, fractions.back());
  cand.sets.insert(cand.sets.end(), chosen.sets.begin(), chosen.sets.end());
  cand.layout = chosen.text(replicas, rs.samples_per_row);
  cand.result = chosen.result;
}

// The layout search's fastest simulated layout that fits, or the reason none does.
// With a bounded global batch, the largest one within the bounds that the configuration's
// data-parallel replicas divide, as mb 1 x m (the layout search chooses mb and m for it); false
// (and the reason) when none does.
bool megatron_batch(AdviseCandidate& cand, const ScenarioSpec& spec, const RecipeSearch& rs) {
  const double rows = scenario_samples_per_step(spec) / rs.samples_per_row;
  const long long replicas = std::max<long long>(
      1, std::llround(rows / static_cast<double>(spec.batch_per_gpu * spec.grad_accumulation)));
  const auto m = static_cast<long long>(std::floor(static_cast<double>(rs.bounds.max) / rs.samples_per_row)) / replicas;
  if (m < 1 || static_cast<double>(replicas * m) * rs.samples_per_row < static_cast<double>(rs.bounds.min)) {
    cand.skipped = fmt::format("no global batch of {} to {} samples is a multiple of the {} data-parallel replicas",
                               rs.bounds.min, rs.bounds.max, replicas);
    return false;
  }
  cand.sets.push_back("batch_per_gpu=1");
  cand.sets.push_back("grad_accumulation=" + std::to_string(m));
  return true;
}

void run_megatron(AdviseCandidate& cand, const std::string& scenario, const std::vector<std::string>& base_sets,
                  const RunOptions& ro, const std::optional<double>& memory_margin, const RecipeSearch* rs) {
  std::vector<std::string> sets = base_sets;
  sets.insert(sets.end(), cand.sets.begin(), cand.sets.end());
  if (rs) {
    if (!megatron_batch(cand, load_scenario(scenario, sets), *rs)) return;
    sets = base_sets;
    sets.insert(sets.end(), cand.sets.begin(), cand.sets.end());
  }
  const ScenarioSpec spec = load_scenario(scenario, sets);
  PlanOptions po;
  po.simulate = kPlanSimulate;
  po.memory_margin = memory_margin;
  po.error_bands = ro.error_bands;
  PlanResult plan = plan_layouts(spec, sets, po);
  // The layout's own batch keys replace the bounded global batch's (it trains that batch).
  if (rs) cand.sets.resize(cand.sets.size() - 2);
  for (PlanRow& row : plan.rows) {
    if (!(row.simulated && row.feasible)) continue;
    cand.layout = row.layout.name();
    for (const std::string& s : row.layout.sets()) cand.sets.push_back(s);
    // The layout search simulates one step; run it as the scenario runs (its steps, its run:).
    std::vector<std::string> all = base_sets;
    all.insert(all.end(), cand.sets.begin(), cand.sets.end());
    cand.result = run_scenario(load_scenario(scenario, all), ro);
    return;
  }
  // No layout fits: the most common reason, with the count.
  std::map<std::string, int> reasons;
  std::string example;
  for (const PlanRow& row : plan.rows) {
    if (row.reason.empty()) continue;
    std::string kind = row.reason.substr(0, row.reason.find(" ("));
    ++reasons[kind];
  }
  int best = 0;
  for (const auto& [k, n] : reasons)
    if (n > best) {
      best = n;
      example = k;
    }
  cand.skipped = "no tensor/pipeline layout fits" + (example.empty() ? std::string() : ": " + std::to_string(best) + " of " +
                                                                                        std::to_string(plan.rows.size()) +
                                                                                        " layouts " + example);
}

// The search's size before it runs (drive/search_budget.hpp). Each (system, nodes) is estimated
// once, as the scenario's own strategy would run there (drive/run.hpp estimate_run); a
// data-parallel configuration at the scenario's batch over the run-size budget is not run, with
// the reason. Counted per configuration: one run; a recipe search kRecipeRuns runs (bisection
// over the micro-batches of each checkpointing share); megatron the layout search's
// kPlanSimulate layouts and the chosen one's run. Refused past the search budget unless
// --max-total-seconds bounds it.
constexpr double kRecipeRuns = 8;
void mark_over_budget(AdviseResult& a, const std::vector<const DataParallel*>& kinds, bool recipe,
                      const std::string& scenario, const std::vector<std::string>& base_sets, const SearchExecution& ex) {
  std::map<std::pair<std::string, int>, RunEstimate> at;
  SearchEstimate total;
  for (std::size_t i = 0; i < a.candidates.size(); ++i) {
    AdviseCandidate& c = a.candidates[i];
    if (!c.skipped.empty() || !ex.share.owns(i)) continue;
    const auto key = std::make_pair(c.system, c.nodes);
    if (!at.count(key)) {
      std::vector<std::string> sets = base_sets;
      sets.insert(sets.end(), c.sets.begin(), c.sets.end());
      try {
        at[key] = estimate_run(load_scenario(scenario, sets), 0);
      } catch (const ScenarioError&) {
        at[key] = RunEstimate{};  // the configuration's run reports it
      }
    }
    const RunEstimate& e = at.at(key);
    if (!kinds[i]) {  // megatron: 8 tasks per model chunk per pass and GPU (drive/run.cpp)
      const double tasks = 8.0 * e.gpu_passes;
      const bool over = tasks > limits::max_estimated_events;
      if (over)
        c.skipped = fmt::format("over the run-size budget: a megatron run here would take about {:.3g} M engine tasks ({} "
                                "GPU-passes x 8), more than the {:.0f} M a run may take",
                                tasks / 1e6, report::thousands(e.gpu_passes), limits::max_estimated_events / 1e6);
      total.add(tasks * (kPlanSimulate + 1), over);
      continue;
    }
    const bool over = !recipe && !e.over_budget.empty();
    if (over) c.skipped = "over the run-size budget: " + e.over_budget;
    total.add(e.tasks * (recipe ? kRecipeRuns : 1), over);
  }
  check_search_size(total, "advise search", "configurations", ex.max_total_seconds);
}

}  // namespace

const std::vector<std::string>& advise_strategy_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const DataParallel& d : kDataParallel) v.push_back(d.name);
    v.push_back(kMegatron);
    return v;
  }();
  return names;
}

std::optional<AdviseResult> advise_search(const std::string& scenario, const std::vector<std::string>& base_sets,
                                          const AdviseOptions& opt, const SearchExecution& ex) {
  const ScenarioSpec spec = load_scenario(scenario, base_sets);
  if (!spec.run.enabled())
    throw ScenarioError(scenario, 0, 0, "run",
                        "advise needs the run's length to compare systems on: add run.tokens, run.epochs (with the "
                        "dataset's size) or run.steps");
  const Search search = read_search(spec, opt);

  AdviseResult a;
  a.scenario = spec.name;
  a.scenario_file = scenario;
  a.model = load_scenario_model(spec)->name;
  // Every configuration trains the same amount: a length in steps is held as samples.
  const EqualWork work = equal_work(spec);
  a.workload = work.text;
  a.basis = spec.cost_basis;
  a.deadline_s = search.deadline_s;
  a.budget = search.budget;
  a.memory_margin = opt.memory_margin;
  a.systems = search.systems.size();
  for (const SystemEntry& e : search.systems) a.clusters += e.nodes.size();
  a.strategies = search.strategies.size();

  // The configurations, in search order, with those that cannot apply marked; each one's
  // data-parallel strategy (nullptr: megatron).
  std::vector<const DataParallel*> kinds;
  std::vector<long long> gpus;  // each configuration's
  // The recipe search, with a bounded global batch.
  std::optional<RecipeSearch> recipe;
  if (search.global_batch) {
    recipe = RecipeSearch{*search.global_batch, load_scenario_model_shaped(spec).sequences.samples_per_row,
                          spec.batch_per_gpu, opt.memory_margin};
    a.global_batch_min = search.global_batch->min;
    a.global_batch_max = search.global_batch->max;
  }
  for (const SystemEntry& sys : search.systems)
    for (int n : sys.nodes)
      for (const std::string& st : search.strategies) {
        AdviseCandidate c;
        c.system = sys.name;
        c.system_name = sys.title;
        c.nodes = n;
        c.sets = {"system=" + sys.name, "nodes=" + std::to_string(n)};
        c.sets.insert(c.sets.end(), work.sets.begin(), work.sets.end());
        const DataParallel* dp = nullptr;
        for (const DataParallel& d : kDataParallel)
          if (st == d.name) dp = &d;
        c.strategy = dp ? dp->label : kMegatron;
        kinds.push_back(dp);
        gpus.push_back(static_cast<long long>(n) * sys.gpus_per_node);
        const bool one_gpu = n * sys.gpus_per_node == 1;
        if (n > 1 && !sys.has_fabric) c.skipped = "a single box: the system file has no fabric to join nodes";
        else if (dp && dp->multi_node_only && n == 1) c.skipped = "hybrid sharding needs more than one node";
        else if (one_gpu && (!dp || std::string(dp->strategy) != "ddp"))
          c.skipped = "one GPU: nothing to shard or split (ddp is the same run)";
        a.candidates.push_back(std::move(c));
      }

  if (ex.parts.empty()) mark_over_budget(a, kinds, recipe.has_value(), scenario, base_sets, ex);

  // Run them on worker threads. A configuration the simulator cannot build keeps the reason;
  // anything else is rethrown after the join.
  const std::size_t total = a.candidates.size();
  const std::size_t attempted = static_cast<std::size_t>(std::count_if(
      a.candidates.begin(), a.candidates.end(), [](const AdviseCandidate& c) { return c.skipped.empty(); }));
  // Each configuration to its record (drive/search.hpp, report/search_record.hpp): its
  // overrides and layout as the run left them, and its figures or why it has none.
  const RunPoint run_point = [&](std::size_t i) {
    AdviseCandidate c = a.candidates[i];
    nlohmann::json rec = point_record(i);
    if (c.skipped.empty()) {
      try {
        RunOptions ro;
        ro.error_bands = opt.error_bands;
        ro.max_seconds = opt.max_seconds;
        if (kinds[i] && recipe) run_data_parallel_recipes(c, *kinds[i], spec, scenario, base_sets, ro, *recipe, gpus[i]);
        else if (kinds[i]) run_data_parallel(c, *kinds[i], spec, scenario, base_sets, ro);
        else run_megatron(c, scenario, base_sets, ro, opt.memory_margin, recipe ? &*recipe : nullptr);
      } catch (const engine::DeadlineExceeded& e) {
        c.result.reset();
        c.skipped = time_limit_reason(e);
      } catch (const ScenarioError& e) {
        c.result.reset();
        c.skipped = e.message();
        rec["input_error"] = report::scenario_error_to_json(e);
      } catch (const std::invalid_argument& e) {
        c.result.reset();
        c.skipped = e.what();
      } catch (const std::exception& e) {
        rec["internal_error"] = e.what();
      }
    }
    rec["sets"] = c.sets;
    rec["layout"] = c.layout;
    rec["skipped"] = c.skipped;
    if (c.result) rec["result"] = report::advise_result_to_json(*c.result);
    return rec;
  };
  // A record as the ranking reads it; records read back from a journal or part are checked so
  // before the search goes on (drive/search.hpp), an error at their file and line.
  const auto read_candidate = [](const nlohmann::json& r, AdviseCandidate& c, std::optional<ScenarioError>& input_error) {
    if (r.contains("internal_error")) throw std::runtime_error(r.at("internal_error").get<std::string>());
    if (r.contains("error")) {  // a merge's point in no part
      c.skipped = report::stored_error(r);
      return;
    }
    if (r.contains("input_error")) input_error = report::scenario_error_from_json(r.at("input_error"));
    report::AdviseRecordText t = report::advise_text_from_record(r);
    c.sets = std::move(t.sets);
    c.layout = std::move(t.layout);
    c.skipped = std::move(t.skipped);
    if (r.contains("result")) c.result = report::result_from_record(r, report::advise_result_from_json);
  };
  const CheckRecord check = [&](std::size_t, const nlohmann::json& r) {
    AdviseCandidate c;
    std::optional<ScenarioError> input_error;
    read_candidate(r, c, input_error);
  };
  const std::optional<std::vector<nlohmann::json>> records = execute_search(total, run_point, ex, check);
  if (!records) return std::nullopt;
  std::vector<std::optional<ScenarioError>> input_errors(total);
  for (std::size_t i = 0; i < total; ++i) {
    AdviseCandidate& c = a.candidates[i];
    try {
      read_candidate((*records)[i], c, input_errors[i]);
      if (c.result) {
        const report::MemoryMargin m = report::memory_margin(opt.memory_margin, c.result->error_bands);
        c.memory_margin = m.fraction;
        c.margin_source = m.source;
      }
    } catch (const nlohmann::json::exception& e) {
      throw std::invalid_argument("the record of configuration " + std::to_string(i) + " is malformed: " + e.what());
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("the record of configuration " + std::to_string(i) + " is malformed: " + e.what());
    }
  }
  // An input error that every configuration meets is the scenario's, not a configuration's.
  const std::size_t errors = static_cast<std::size_t>(
      std::count_if(input_errors.begin(), input_errors.end(), [](const auto& e) { return e.has_value(); }));
  if (errors > 0 && errors == attempted)
    for (const auto& e : input_errors)
      if (e) throw *e;

  report::advise_summary(a);
  return a;
}

AdviseResult advise(const std::string& scenario, const std::vector<std::string>& base_sets, const AdviseOptions& opt) {
  SearchExecution ex;
  ex.jobs = opt.jobs;
  ex.progress = opt.progress;
  return *advise_search(scenario, base_sets, opt, ex);
}

}  // namespace simtrain::drive
