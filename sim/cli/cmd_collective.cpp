// `simtrain collective`: one collective over a system's GPUs as nccl-tests' *_perf measures it,
// over a range of sizes (drive/collective.hpp), or held against a measured log (--compare).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/version.hpp"
#include "cli/flag_checks.hpp"
#include "cli/hardware_sets.hpp"
#include "coll/nccl_params.hpp"
#include "drive/collective.hpp"
#include "drive/net_fit.hpp"
#include "drive/sweep.hpp"
#include "engine/executor.hpp"
#include "report/collective_report.hpp"
#include "report/error_bands.hpp"
#include "scenario/error.hpp"
#include "scenario/limits.hpp"
#include "scenario/nccl_tests_log.hpp"
#include "scenario/units.hpp"
#include "topo/cluster.hpp"
#include "work/calibration.hpp"

namespace simtrain::cli {

coll::Op parse_op(const std::string& s) {
  const std::optional<coll::Op> op = coll::kOpNames.parse(s);
  if (op && *op != coll::Op::all_to_all) return *op;
  throw ScenarioError("", 0, 0, "--op", "unknown collective '" + s + "'");  // op_flag_check let it through
}

CLI::Validator op_flag_check() {
  std::vector<std::string> aliases;
  for (const EnumName<coll::Op>& e : coll::kOpNames.entries)
    if (e.use == NameUse::kAlias && e.value != coll::Op::all_to_all) aliases.emplace_back(e.name);
  return one_of("collective", coll::training_op_names(), aliases);
}

CLI::Validator solver_flag_check() { return one_of("solver", {"incremental", "full"}); }

namespace {

// -f: a whole number text (not "4abc" read as 4), > 1, giving at most kMaxSweepSizes sizes from
// -b to -e (a factor of 1.0000001 made 200 million).
constexpr double kMaxSweepSizes = 1024;
// --channels: NCCL runs tens of channels at most; a million made the plan unbounded.
constexpr int kMaxChannels = 64;
double parse_step_factor(const std::string& s, double min_bytes, double max_bytes) {
  double f = 0;
  std::size_t used = 0;
  try {
    f = std::stod(s, &used);
  } catch (...) {
    used = 0;
  }
  if (used == 0 || used != s.size() || !(f > 1) || !std::isfinite(f))
    throw ScenarioError("", 0, 0, "-f", "expected a number > 1, got '" + s + "'");
  if (max_bytes > min_bytes && std::log(max_bytes / min_bytes) / std::log(f) + 1 > kMaxSweepSizes)
    throw ScenarioError("", 0, 0, "-f",
                        fmt::format("a factor of {} gives more than {:.0f} sizes from -b to -e; use a larger one", s,
                                    kMaxSweepSizes));
  return f;
}

// The `collective --calibration` rows it calibrates: the range of the fit of the run's scope
// (one node, or several), or an empty range when the file fits no log of that scope.
std::pair<double, double> calibrated_range(const std::vector<work::NetworkCalibration>& fits, bool multi_node) {
  for (const work::NetworkCalibration& f : fits)
    if (f.multi_node() == multi_node) return {f.min_bytes, f.max_bytes};
  return {1.0, 0.0};
}

// A collective forced with --algo that the system cannot run: the planner's reason, blamed on
// the flag and naming the system ("'--algo': nvls needs ... (dgx_a100, 1 node)").
template <typename F>
auto with_algo_context(const std::string& algo, const topo::Cluster& c, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::invalid_argument& e) {
    if (algo == "auto") throw;
    throw ScenarioError("", 0, 0, "--algo",
                        fmt::format("{}; this is {} on {} node{}", e.what(), c.name(), c.nodes(), c.nodes() == 1 ? "" : "s"));
  }
}

double parse_size_flag(const std::string& flag, const std::string& s) {
  try {
    return parse_cli_size(s);
  } catch (const UnitError& e) {
    throw ScenarioError("", 0, 0, flag, e.what());
  }
}

struct CollectiveFlags {
  std::string system, op = "all_reduce", algo = "auto", order = "auto", dtype = "float", min = "8", max = "1G",
                      factor = "2", proto, solver = "incremental", fabric, compare, calibration;
  int nodes = 1, gpus = 0, channels = 0;
  bool json = false, force_device = false;
  std::vector<std::string> set;
  double max_seconds = 0;
  CLI::Option *gpus_alias = nullptr, *op_opt = nullptr, *min_opt = nullptr, *max_opt = nullptr, *factor_opt = nullptr, *dtype_opt = nullptr;
};

// A collective's size estimated on kCollectiveSampleNodes nodes before the whole cluster is built
// (drive/collective.hpp): refused at --nodes past the budget. Small clusters build in
// milliseconds; their flag errors come from the full build as before.
void refuse_oversized_collective(const CollectiveFlags& f) {
  if (f.nodes <= drive::kCollectiveSampleNodes) return;
  const auto sample = topo::load_system(resolve_system(f.system), drive::kCollectiveSampleNodes, "", f.fabric, {},
                                        hardware_sets(f.set));
  const int gpn = sample->gpus_per_node();
  std::size_t sizes = 0;
  if (!f.compare.empty()) {
    sizes = read_nccl_tests_log(f.compare).rows.size();
  } else {
    const double lo = parse_size_flag("-b", f.min), hi = parse_size_flag("-e", f.max);
    sizes = drive::sweep_size_count(lo, hi, parse_step_factor(f.factor, lo, hi));
  }
  const auto e = drive::estimate_collective(*sample, f.nodes, f.gpus > 0 ? std::min(f.gpus, gpn) : gpn,
                                            std::max<std::size_t>(1, sizes));
  drive::check_collective_size(e, sample->name());
}

// --ring-order: auto, given, or an explicit order of GPU indices (global), e.g. 0,2,4,6,1,3,5,7,
// naming each of the request's ranks once.
void apply_ring_order(const std::string& text, coll::Request& req) {
  if (text == "auto") {
    req.ring_order_auto = true;
    return;
  }
  req.ring_order_auto = false;
  if (text == "given") return;
  std::vector<int> order;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    std::size_t used = 0;
    try {
      order.push_back(std::stoi(item, &used));
    } catch (...) {
      used = 0;
    }
    if (used == 0 || used != item.size())  // "7x" is not 7
      throw ScenarioError("", 0, 0, "--ring-order", "expected auto, given, or a comma-separated list of GPU indices; got '" +
                                                        item + "' in '" + text + "'");
  }
  std::vector<int> sorted = order, expect = req.ranks;
  std::sort(sorted.begin(), sorted.end());
  if (sorted != expect)
    throw ScenarioError("", 0, 0, "--ring-order", "the list must name each taking-part GPU exactly once (" +
                                                      std::to_string(expect.size()) + " GPUs)");
  req.ranks = order;
}

// The network calibration a run applies (--calibration), with its text for the report.
struct NetCalibration {
  std::vector<work::NetworkCalibration> fits;
  std::string text;
};

// --compare: each size of a measured log against the same collective simulated.
int compare_log(const CollectiveFlags& f, const topo::Cluster& cluster, coll::Planner& planner,
                const drive::SweepOptions& opt, const NetCalibration& cal, int per_node) {
  for (const CLI::Option* o : {f.min_opt, f.max_opt, f.factor_opt, f.dtype_opt})
    if (o->count() > 0)
      throw ScenarioError("", 0, 0, o->get_name(), "--compare takes the sizes and the type from the log: drop this flag");
  const NcclTestsLog log = read_nccl_tests_log(f.compare);
  drive::CompareOptions co;
  co.request = opt.request;
  co.full_solve = opt.full_solve;
  if (f.op_opt->count() > 0) co.asked_op = opt.request.op;
  drive::log_operation(log, co.asked_op);  // the operation first: a log of another collective is the clearer error
  drive::check_log_ranks(log, cluster.nodes(), per_node, cluster.gpus_per_node());
  const std::string forced = drive::check_log_device(log, cluster.gpu_model(0).name, cluster.name(), f.force_device);
  report::CompareResult r = with_algo_context(f.algo, cluster, [&] { return drive::compare_with_log(cluster, planner, log, co); });
  r.forced_device = forced;
  if (!cal.fits.empty()) {
    r.network_calibration = cal.text;
    r.calibrated_range = calibrated_range(cal.fits, cluster.nodes() > 1);
  }
  if (f.json) print_json(std::cout, report::compare_to_json(r));
  else std::cout << report::format_compare(r);
  return 0;
}

// The sizes from -b to -e, each simulated.
int size_sweep(const CollectiveFlags& f, const topo::Cluster& cluster, coll::Planner& planner,
               drive::SweepOptions& opt, const NetCalibration& cal) {
  opt.min_bytes = parse_size_flag("-b", f.min);
  opt.max_bytes = parse_size_flag("-e", f.max);
  opt.factor = parse_step_factor(f.factor, opt.min_bytes, opt.max_bytes);
  opt.dtype = f.dtype;
  const report::ErrorBands bands = report::load_error_bands(report::default_error_bands_path());
  opt.error_bands = &bands;
  report::SweepResult r = with_algo_context(f.algo, cluster, [&] { return drive::run_sweep(cluster, planner, opt); });
  r.overrides = f.set;
  if (!cal.fits.empty()) {
    r.network_calibration = cal.text;
    r.calibrated_range = calibrated_range(cal.fits, cluster.nodes() > 1);
  }
  if (f.json) print_json(std::cout, report::to_json(r));
  else std::cout << report::format_table(r);
  return 0;
}

int run_collective(const CollectiveFlags& f) {
  const engine::Deadline limit(f.max_seconds);
  refuse_oversized_collective(f);
  auto cluster = topo::load_system(resolve_system(f.system), f.nodes, "", f.fabric, {}, hardware_sets(f.set));
  coll::NcclParams nccl_params = coll::NcclParams::load_default(cluster->catalog().path());
  drive::SweepOptions opt;
  opt.request.op = parse_op(f.op);
  opt.request.algo = *coll::kAlgoNames.parse(f.algo);  // the flag's check took only its names
  const int gpn = cluster->gpus_per_node();
  const int per_node = f.gpus > 0 ? f.gpus : gpn;
  if (per_node > gpn)
    throw ScenarioError("", 0, 0, f.gpus_alias->count() > 0 ? "--gpus" : "--gpus-per-node", "the system has " + std::to_string(gpn) + " GPUs per node, not " +
                                                std::to_string(per_node));
  opt.request.ranks = cluster->first_gpus_of_each_node(per_node);
  NetCalibration cal;
  if (!f.calibration.empty()) {
    cal.fits = work::load_network_calibration(f.calibration);
    if (cal.fits.empty())
      throw ScenarioError(f.calibration, 0, 0, "--calibration",
                          "this calibration file has no network section (fit one with simtrain calibrate --nccl-tests)");
    cal.text = drive::apply_network_calibration(cal.fits, *cluster, nccl_params, opt.request.ranks);
  }
  coll::Planner planner(*cluster, nccl_params);
  apply_ring_order(f.order, opt.request);
  if (f.channels > kMaxChannels)
    throw ScenarioError("", 0, 0, "--channels", fmt::format("expected 1 to {} channels, got {}", kMaxChannels, f.channels));
  opt.request.channels = f.channels;
  if (!f.proto.empty()) opt.request.protocol = *coll::kProtocolNames.parse(f.proto);  // the flag's check took it
  opt.full_solve = f.solver == "full";
  if (!f.compare.empty()) return compare_log(f, *cluster, planner, opt, cal, per_node);
  return size_sweep(f, *cluster, planner, opt, cal);
}

}  // namespace

Subcommand add_collective_command(CLI::App& app) {
  auto f = std::make_shared<CollectiveFlags>();
  auto* cmd = app.add_subcommand("collective", "Simulate a collective as nccl-tests' *_perf would measure it");
  cmd->add_option("system", f->system, "System file (topologies/*.yaml) or a shipped system's name")->required();
  cmd->add_option("--nodes", f->nodes, "Number of nodes joined by the system's fabric")->check(whole_number(1, limits::max_nodes));
  cmd->add_option("--fabric", f->fabric, "Override the system's fabric: single_switch | fat_tree | rail_optimized");
  auto* gpn = cmd->add_option("--gpus-per-node", f->gpus, "GPUs per node taking part (default: all)")
                  ->check(whole_number(1, limits::max_gpus_per_node));
  f->gpus_alias = add_hidden_alias(cmd, "--gpus", f->gpus, gpn)->check(whole_number(1, limits::max_gpus_per_node));
  f->op_opt = cmd->add_option("--op", f->op, "all_reduce | reduce_scatter | all_gather | broadcast (with --compare: confirms the log's)")
                  ->check(op_flag_check());
  cmd->add_option("--algo", f->algo, coll::kAlgoNames.choices(" | ", " | "))
      ->check(one_of("algorithm", coll::kAlgoNames.names()));
  cmd->add_option("--ring-order", f->order, "auto (NCCL-like search) | given (rank order) | a list such as 0,2,4,6,1,3,5,7");
  f->min_opt = cmd->add_option("-b,--minbytes", f->min, "Smallest size (8, 64K, 1M, 1G: binary as nccl-tests)");
  f->max_opt = cmd->add_option("-e,--maxbytes", f->max, "Largest size");
  f->factor_opt = cmd->add_option("-f,--stepfactor", f->factor, "Multiply the size by this each step");
  f->dtype_opt = cmd->add_option("-d,--dtype", f->dtype, "float | half | bfloat16 | double | int8 | int32 | ...");
  cmd->add_option("--compare", f->compare,
                  "Hold each size of a measured nccl-tests log (all_reduce_perf ... output) against the same "
                  "collective simulated: the log gives the operation, sizes and type");
  cmd->add_flag("--force-device", f->force_device,
                "With --compare: compare a log whose GPU (its device lines) is not the system's (said in the output)");
  cmd->add_option("--channels", f->channels, "Channels (default: 1 in a node, NICs per node across nodes)")->check(whole_number(1, 2147483647));
  cmd->add_option("--protocol", f->proto, "Force " + coll::kProtocolNames.choices() + " (default: chosen per size)")
      ->check(one_of("protocol", coll::kProtocolNames));
  cmd->add_option("--solver", f->solver, "incremental (default) | full: re-solve every flow on every change")
      ->check(solver_flag_check());
  cmd->add_flag("--json", f->json, "Print one JSON object (its rows under \"rows\") instead of the table");
  cmd->add_option("--set", f->set, "Override a value of the system file or the catalog: system.<path>=value | "
                                   "catalog.<section>.<entry>.<key>=value (repeatable; see `simtrain describe`)");
  cmd->add_option("--max-seconds", f->max_seconds, "Stop simulating after this many seconds of wall clock (exit 7, no figures)")->check(positive_number());
  cmd->add_option("--calibration", f->calibration,
                  "A calibration file with a network section (simtrain calibrate --nccl-tests): its fitted link "
                  "efficiencies and latencies replace the catalog's");
  return {cmd, [f](Context&) { return run_collective(*f); }};
}

}  // namespace simtrain::cli
