#include "drive/sweep.hpp"
#include "drive/search_budget.hpp"

#include <algorithm>
#include <exception>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "drive/run.hpp"
#include "engine/executor.hpp"
#include "report/headroom.hpp"
#include "report/search_record.hpp"
#include "scenario/error.hpp"
#include "scenario/scenario.hpp"
#include "topo/cluster.hpp"
#include "train/strategy.hpp"

namespace simtrain::drive {

using report::RankBy;
using report::SweepAxis;
using report::SweepPoint;

namespace {

constexpr std::size_t kMaxPoints = 10000;

// "--sweep batch_per_gpu=64,128,256"
SweepAxis parse_cli_sweep(const std::string& arg) {
  const auto eq = arg.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ScenarioError("--sweep", 0, 0, arg, "expected key.path=v1,v2,... (e.g. batch_per_gpu=64,128)");
  SweepAxis a;
  a.key = arg.substr(0, eq);
  a.origin = "--sweep " + arg;
  if (!train::scenario_keys().has(price_key_pattern(a.key)) && !is_hardware_key(a.key))
    throw ScenarioError("--sweep", 0, 0, a.key,
                        "unknown scenario key" + did_you_mean(a.key, train::scenario_keys().names()) +
                            "; `simtrain describe` lists them all (system.<path> and catalog.<path> reach the system "
                            "file's and the catalog's values)");
  std::stringstream ss(arg.substr(eq + 1));
  std::string v;
  while (std::getline(ss, v, ',')) {
    if (v.empty()) throw ScenarioError("--sweep", 0, 0, a.key, "empty value in '" + arg + "'");
    a.values.push_back(v);
    a.at.emplace_back();
  }
  if (a.values.empty()) throw ScenarioError("--sweep", 0, 0, a.key, "expected at least one value after '='");
  return a;
}

// The values of point `index` (mixed radix, the first axis slowest).
std::vector<std::size_t> digits(std::size_t index, const std::vector<SweepAxis>& axes) {
  std::vector<std::size_t> d(axes.size());
  for (std::size_t i = axes.size(); i-- > 0;) {
    d[i] = index % axes[i].values.size();
    index /= axes[i].values.size();
  }
  return d;
}

// An error about a swept value, at the value: its line in `sweep:`, or the --sweep flag.
ScenarioError at_value(const SweepAxis& axis, std::size_t value, const ScenarioError& e) {
  const std::string msg = "value '" + axis.values[value] + "' of " + axis.key + ": " + e.message();
  if (axis.at[value]) return axis.at[value]->error(msg);
  return ScenarioError("--sweep " + axis.key + "=" + axis.values[value], 0, 0, e.key(), e.message());
}

// Maps an error naming a point's override ("--set key=value") to the swept value.
ScenarioError locate(const ScenarioError& e, const std::vector<SweepAxis>& axes, const std::vector<std::size_t>& d) {
  for (std::size_t i = 0; i < axes.size(); ++i)
    if (e.file() == "--set " + axes[i].key + "=" + axes[i].values[d[i]]) return at_value(axes[i], d[i], e);
  return e;
}

// 0 fits (with the memory margin), 1 OOM or over the margin, 2 not simulated.
int tier(const SweepPoint& p) { return !p.result ? 2 : p.fits() ? 0 : 1; }

}  // namespace

std::vector<SweepAxis> sweep_axes(const std::string& scenario, const std::vector<std::string>& base_sets,
                                  const std::vector<std::string>& cli_sweeps) {
  const ScenarioSpec spec = load_scenario(scenario, base_sets);
  std::vector<SweepAxis> axes;
  if (spec.sweep_field) {
    for (const Field& e : spec.sweep_field->entries()) {
      SweepAxis a;
      a.key = e.key().substr(std::string("sweep.").size());
      a.origin = "sweep:";
      for (const Field& v : e.items()) {
        a.values.push_back(v.as_string());
        a.at.emplace_back(v);
      }
      axes.push_back(std::move(a));
    }
  }
  for (const std::string& s : cli_sweeps) {
    SweepAxis a = parse_cli_sweep(s);
    for (const SweepAxis& b : axes)
      if (b.key == a.key)
        throw ScenarioError("--sweep", 0, 0, a.key, "is swept twice (" + b.origin + " and " + a.origin + ")");
    axes.push_back(std::move(a));
  }
  if (axes.empty())
    throw ScenarioError(scenario, 0, 0, "sweep",
                        "nothing to sweep: add a `sweep:` block (key paths to lists of values) or --sweep key=v1,v2");
  for (const std::string& s : base_sets) {
    const std::string key = s.substr(0, s.find('='));
    for (const SweepAxis& a : axes)
      if (a.key == key)
        throw ScenarioError("--set " + s, 0, 0, key, "is also swept (" + a.origin + "); set it or sweep it, not both");
  }
  std::size_t n = 1;
  for (const SweepAxis& a : axes) {
    n *= a.values.size();
    if (n > kMaxPoints)
      throw ScenarioError(scenario, 0, 0, "sweep",
                          "more than " + std::to_string(kMaxPoints) + " points; sweep fewer values at a time");
  }
  return axes;
}

std::optional<std::vector<SweepPoint>> run_sweep_search(const std::string& scenario,
                                                        const std::vector<std::string>& base_sets,
                                                        const std::vector<SweepAxis>& axes,
                                                        const ScenarioSweepOptions& opt, const SearchExecution& ex) {
  std::size_t n = 1;
  for (const SweepAxis& a : axes) n *= a.values.size();

  // Every point's scenario first: a bad value stops the sweep before anything runs (a merge
  // runs nothing: its parts were checked when they ran).
  std::vector<ScenarioSpec> specs;
  std::vector<SweepPoint> points(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::vector<std::size_t> d = digits(i, axes);
    std::vector<std::string> sets = base_sets;
    points[i].index = i;
    for (std::size_t k = 0; k < axes.size(); ++k) {
      sets.push_back(axes[k].key + "=" + axes[k].values[d[k]]);
      points[i].values.push_back(axes[k].values[d[k]]);
    }
    if (!ex.parts.empty()) continue;
    try {
      specs.push_back(load_scenario(scenario, sets));
      // A system or catalog value is read where the system loads: one node of it checks them now.
      if (!specs.back().hardware.empty()) topo::load_scenario_system(specs.back(), 1);
    } catch (const ScenarioError& e) {
      throw locate(e, axes, d);
    }
  }

  // The search's size before it runs (drive/search_budget.hpp): a point over the run-size
  // budget is a row; the whole past the search budget is refused unless a time limit bounds it.
  std::vector<RunEstimate> estimates(n);
  if (ex.parts.empty()) {
    SearchEstimate total;
    for (std::size_t i = 0; i < n; ++i) {
      if (!ex.share.owns(i)) continue;
      estimates[i] = estimate_run(specs[i], opt.steps_override);
      total.add(estimates[i].tasks, !estimates[i].over_budget.empty());
    }
    check_search_size(total, "sweep", "points", ex.max_total_seconds);
  }

  // Then the runs (drive/search.hpp), each to its record. Input errors found while building a
  // point (an unknown model or system given as a value) stop the sweep after the runs; a point
  // the simulator cannot build (std::invalid_argument) is a row with its reason; anything else
  // stops it after the runs too, the point of the lowest index first (exit 3).
  const RunPoint run_point = [&](std::size_t i) {
    RunOptions ro;
    ro.steps_override = opt.steps_override;
    ro.error_bands = opt.error_bands;
    ro.max_seconds = opt.max_seconds;
    return point_outcome(i, [&] {
      if (!estimates[i].over_budget.empty())
        throw std::invalid_argument("over the run-size budget, not run: " + estimates[i].over_budget);
      try {
        return report::sweep_result_to_json(run_scenario(specs[i], ro));
      } catch (const engine::DeadlineExceeded& e) {
        throw std::invalid_argument(time_limit_reason(e));  // a row with the reason, as other failures
      }
    });
  };
  // A record as the ranking reads it; records read back from a journal or part are checked so
  // before the search goes on (drive/search.hpp), an error at their file and line.
  const auto read_point = [](const nlohmann::json& r, SweepPoint& p, std::optional<ScenarioError>& input_error) {
    if (r.contains("internal_error")) throw std::runtime_error(r.at("internal_error").get<std::string>());
    if (r.contains("input_error")) input_error = report::scenario_error_from_json(r.at("input_error"));
    else if (r.contains("error")) p.error = report::stored_error(r);
    else p.result = report::result_from_record(r, report::sweep_result_from_json);
  };
  const CheckRecord check = [&](std::size_t, const nlohmann::json& r) {
    SweepPoint p;
    std::optional<ScenarioError> input_error;
    read_point(r, p, input_error);
  };
  const std::optional<std::vector<nlohmann::json>> records = execute_search(n, run_point, ex, check);
  if (!records) return std::nullopt;
  std::vector<std::optional<ScenarioError>> input_errors(n);
  for (std::size_t i = 0; i < n; ++i) {
    try {
      read_point((*records)[i], points[i], input_errors[i]);
    } catch (const nlohmann::json::exception& e) {
      throw std::invalid_argument("the record of point " + std::to_string(i) + " is malformed: " + e.what());
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("the record of point " + std::to_string(i) + " is malformed: " + e.what());
    }
  }
  for (std::size_t i = 0; i < n; ++i)
    if (input_errors[i]) throw locate(*input_errors[i], axes, digits(i, axes));
  for (SweepPoint& p : points) {
    if (!p.result) continue;
    p.memory_margin = report::memory_margin(opt.memory_margin, p.result->error_bands).fraction;
    p.over_margin = !p.result->oom && !report::fits_with_margin(p.result->memory_peak_bytes,
                                                                 p.result->memory_capacity_bytes, p.memory_margin);
  }

  if (opt.rank_by == RankBy::cost) {
    const bool priced = std::any_of(points.begin(), points.end(),
                                    [](const SweepPoint& p) { return p.result && p.result->priced; });
    if (!priced)
      throw ScenarioError(scenario, 0, 0, "--rank-by cost",
                          "no point has a price for its cost.basis: set cost.gpu_hour (rent) or cost.purchase (own), "
                          "or give the GPU prices in topologies/prices.yaml, to rank by cost");
  }
  for (SweepPoint& p : points) {
    if (!p.result) continue;
    const train::RunResult& r = *p.result;
    // The point's global batch, as the run counted it (a megatron layout's replicas are GPUs /
    // (tp pp cp), not its GPUs).
    const double samples = r.samples_per_s * r.step_time_s;
    p.per_sample_s = r.step_time_s / samples;
    p.cost_per_million = r.cost_per_step / samples * 1e6;
    p.joules_per_sample = r.joules_per_step / samples;
    const double tokens = r.tokens_per_s * r.step_time_s;  // per step; 0 for models without tokens
    auto per_million = [](const std::optional<double>& cost, double units) -> std::optional<double> {
      if (!cost || !(units > 0)) return std::nullopt;
      return *cost / units * 1e6;
    };
    p.rent_per_million_samples = per_million(r.step_cost.rent, samples);
    p.own_per_million_samples = per_million(r.step_cost.own, samples);
    p.rent_per_million_tokens = per_million(r.step_cost.rent, tokens);
    p.own_per_million_tokens = per_million(r.step_cost.own, tokens);
  }
  std::stable_sort(points.begin(), points.end(), [&](const SweepPoint& a, const SweepPoint& b) {
    if (tier(a) != tier(b)) return tier(a) < tier(b);
    if (tier(a) == 2) return false;
    return report::rank_value(a, opt.rank_by) < report::rank_value(b, opt.rank_by);
  });
  return points;
}

std::vector<SweepPoint> run_sweep(const std::string& scenario, const std::vector<std::string>& base_sets,
                                  const std::vector<SweepAxis>& axes, const ScenarioSweepOptions& opt) {
  SearchExecution ex;
  ex.jobs = opt.jobs;
  ex.progress = opt.progress;
  return *run_sweep_search(scenario, base_sets, axes, opt, ex);
}

}  // namespace simtrain::drive
