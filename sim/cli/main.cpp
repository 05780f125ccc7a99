// simtrain's command line: parses arguments, calls the library, maps errors to exit codes.
//   0  success
//   1  usage error (bad flags), from CLI11
//   2  bad input: a ScenarioError (file:line:col) or an impossible request (out of memory included)
//   3  internal error
//   4  the scenario does not fit in GPU memory (or its offloaded state in host memory) and --fail-on-oom was given
//   5  `validate --strict`: a case lies outside its tolerance
//   6  `validate --check-bands FILE`: FILE differs from the error bands the model gives now
//   7  --max-seconds: the simulation stopped at the time limit (no figures)
//   8  --max-total-seconds (sweep, advise): the search's time limit left points not run; the
//      points done are ranked, the rest listed as not run
#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <numeric>
#include <optional>
#include <sstream>

#include <sys/stat.h>
#include <unistd.h>

#include "cli/flag_checks.hpp"
#include "cli/hardware_sets.hpp"
#include "cli/output_file.hpp"
#include "cli/search_cli.hpp"
#include "cli/version.hpp"
#include "coll/collective.hpp"
#include "coll/nccl_params.hpp"
#include "drive/advise.hpp"
#include "engine/executor.hpp"
#include "drive/collective.hpp"
#include "drive/chakra_export.hpp"
#include "drive/replay.hpp"
#include "report/replay_report.hpp"
#include "drive/plan.hpp"
#include "drive/run.hpp"
#include "train/strategy.hpp"
#include "drive/sweep.hpp"
#include "drive/validate.hpp"
#include "report/advise_report.hpp"
#include "report/collective_report.hpp"
#include "report/error_bands.hpp"
#include "report/html_report.hpp"
#include "report/plan_report.hpp"
#include "report/run_report.hpp"
#include "report/sweep_report.hpp"
#include "report/validation_report.hpp"
#include "scenario/limits.hpp"
#include "scenario/scenario.hpp"
#include "scenario/error.hpp"
#include "topo/nccl_xml.hpp"
#include "drive/profile_fit.hpp"
#include "drive/net_fit.hpp"
#include "report/net_fit_report.hpp"
#include "work/calibration.hpp"
#include "report/profile_report.hpp"
#include "topo/topo_import.hpp"
#include "topo/topo_matrix.hpp"
#include "scenario/command_files.hpp"
#include "scenario/data_path.hpp"
#include "scenario/files.hpp"
#include "scenario/nccl_tests_log.hpp"

namespace {

using namespace simtrain;
using cli::write_file_atomic;

// The `collective --calibration` rows it calibrates: the range of the fit of the run's scope
// (one node, or several), or an empty range when the file fits no log of that scope.
std::pair<double, double> calibrated_range(const std::vector<work::NetworkCalibration>& fits, bool multi_node) {
  for (const work::NetworkCalibration& f : fits)
    if (f.multi_node() == multi_node) return {f.min_bytes, f.max_bytes};
  return {1.0, 0.0};
}

// A system given by path, or by name from topologies/ on the data path ("dgx_a100"); a name
// found nowhere is an error naming the folders searched and the nearest system.
std::string resolve_system(const std::string& arg) {
  namespace fs = std::filesystem;
  if (exists_quietly(arg)) return arg;
  if (fs::path(arg).filename() != fs::path(arg)) return arg;  // a path: load_system reports the missing file
  const std::string found = data_path::find_named(data_path::Kind::system, arg);
  if (found.empty()) throw ScenarioError("", 0, 0, "system", data_path::not_found(data_path::Kind::system, arg, ""));
  return found;
}

// --data-dir DIR (or --data-dir=DIR), anywhere on the line and for every subcommand: taken out
// of the arguments before CLI11 sees them and given to the data path (scenario/data_path.hpp).
std::vector<std::string> take_data_dirs(std::vector<std::string>& args) {
  std::vector<std::string> dirs, rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--data-dir") {
      if (i + 1 == args.size()) throw ScenarioError("", 0, 0, "--data-dir", "expected a folder after --data-dir");
      dirs.push_back(args[++i]);
    } else if (args[i].rfind("--data-dir=", 0) == 0) {
      dirs.push_back(args[i].substr(11));
    } else {
      rest.push_back(args[i]);
    }
  }
  for (const std::string& d : dirs)
    if (d.empty()) throw ScenarioError("", 0, 0, "--data-dir", "expected a folder, got an empty value");
  args = rest;
  return dirs;
}

// --chakra DIR: a directory (made if absent, its parent must exist) that holds no trace
// files of another job; checked before the run, so a bad folder costs no simulation.
void check_chakra_dir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(dir, ec)) {
    if (!fs::is_directory(dir, ec)) throw ScenarioError("", 0, 0, "--chakra", "'" + dir + "' exists and is not a directory");
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      const std::string name = e.path().filename().string();
      if (name.size() > 3 && name.substr(name.size() - 3) == ".et" && name.rfind("simtrain.", 0) != 0)
        throw ScenarioError("", 0, 0, "--chakra", "'" + dir + "' holds another trace's file " + name +
                                                      "; a replay reads every .et file of a directory: give an empty one");
    }
    cli::check_output_path("--chakra", (fs::path(dir) / "comm_group.json").string());
  } else {
    const fs::path parent = fs::path(dir).has_parent_path() ? fs::path(dir).parent_path() : fs::path(".");
    if (!fs::is_directory(parent, ec)) throw ScenarioError("", 0, 0, "--chakra", "'" + parent.string() + "' is not a directory");
  }
}

// Writes the files (each atomically, one rank's in memory at a time) after removing
// simtrain.*.et files of ranks this run does not have (a larger earlier run's), so the
// directory holds one job.
void write_chakra(const std::string& dir, const drive::ChakraExport& ex, const train::RunResult& res) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directory(dir, ec);
  if (ec) throw ScenarioError("", 0, 0, "--chakra", "cannot make directory '" + dir + "': " + ec.message());
  std::vector<std::string> written;
  const drive::ChakraSummary s = ex.write(res.records, res.gpu_name, [&](const std::string& name, const std::string& bytes) {
    write_file_atomic((fs::path(dir) / name).string(), bytes);
    written.push_back(name);
  });
  write_file_atomic((fs::path(dir) / "comm_group.json").string(), s.comm_group_json);
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("simtrain.", 0) == 0 && name.size() > 3 && name.substr(name.size() - 3) == ".et" &&
        std::find(written.begin(), written.end(), name) == written.end())
      fs::remove(e.path(), ec);
  }
}

coll::Op parse_op(const std::string& s) {
  if (s == "all_reduce" || s == "allreduce") return coll::Op::all_reduce;
  if (s == "reduce_scatter") return coll::Op::reduce_scatter;
  if (s == "all_gather" || s == "allgather") return coll::Op::all_gather;
  if (s == "broadcast") return coll::Op::broadcast;
  throw ScenarioError("", 0, 0, "--op", "unknown collective '" + s + "'" +
                      did_you_mean(s, {"all_reduce", "reduce_scatter", "all_gather", "broadcast"}) +
                      "; expected all_reduce, reduce_scatter, all_gather or broadcast");
}

coll::Algo parse_algo(const std::string& s) {
  if (s == "auto") return coll::Algo::automatic;
  if (s == "ring") return coll::Algo::ring;
  if (s == "tree") return coll::Algo::tree;
  if (s == "hierarchical") return coll::Algo::hierarchical;
  if (s == "nvls") return coll::Algo::nvls;
  if (s == "nvls_tree") return coll::Algo::nvls_tree;
  throw ScenarioError("", 0, 0, "--algo", "unknown algorithm '" + s + "'" +
                      did_you_mean(s, {"auto", "ring", "tree", "hierarchical", "nvls", "nvls_tree"}) +
                      "; expected auto, ring, tree, hierarchical, nvls or nvls_tree");
}

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

// Standard input read whole (topo --import -); a regular file redirected there is one of the
// command's inputs like a named one (`-o t.xml < t.xml` is refused).
std::string read_stdin() {
  struct stat st {};
  if (::fstat(0, &st) == 0 && S_ISREG(st.st_mode)) command_files::note_input("stdin", st.st_dev, st.st_ino);
  std::ostringstream ss;
  ss << std::cin.rdbuf();
  return ss.str();
}

double parse_size_flag(const std::string& flag, const std::string& s) {
  try {
    return parse_cli_size(s);
  } catch (const UnitError& e) {
    throw ScenarioError("", 0, 0, flag, e.what());
  }
}

// A collective's size estimated on kCollectiveSampleNodes nodes before the whole cluster is built
// (drive/collective.hpp): refused at --nodes past the budget. Small clusters build in
// milliseconds; their flag errors come from the full build as before.
void refuse_oversized_collective(const std::string& system, int nodes, const std::string& fabric,
                           const std::vector<std::string>& sets, int gpus, const std::string& compare,
                           const std::string& min, const std::string& max, const std::string& factor) {
  if (nodes <= drive::kCollectiveSampleNodes) return;
  const auto sample = topo::load_system(resolve_system(system), drive::kCollectiveSampleNodes, "", fabric, {},
                                        cli::hardware_sets(sets));
  const int gpn = sample->gpus_per_node();
  std::size_t sizes = 0;
  if (!compare.empty()) {
    sizes = read_nccl_tests_log(compare).rows.size();
  } else {
    const double lo = parse_size_flag("-b", min), hi = parse_size_flag("-e", max);
    sizes = drive::sweep_size_count(lo, hi, parse_step_factor(factor, lo, hi));
  }
  const auto e = drive::estimate_collective(*sample, nodes, gpus > 0 ? std::min(gpus, gpn) : gpn, std::max<std::size_t>(1, sizes));
  drive::check_collective_size(e, sample->name());
}

}  // namespace

int run_main(int argc, char** argv, cli::Dist& dist) {
  CLI::App app{"simtrain: a discrete-event simulator of deep-learning training on GPU clusters\n"
               "  simtrain SCENARIO.yaml [--set key.path=value]... [--json] [--trace out.json] [--html out.html] [--steps N]"};
  app.name("simtrain");
  app.require_subcommand(1);
  app.set_version_flag("--version", cli::version_line());

  // `simtrain SCENARIO.yaml ...` is `simtrain run SCENARIO.yaml ...`.
  std::vector<std::string> args(argv + 1, argv + argc);
  std::vector<std::string> data_dirs;  // listed for --help; take_data_dirs reads the flag
  app.add_option("--data-dir", data_dirs, "Look for shipped data (topologies/, models/, scenarios/, validation/) in DIR first; "
                               "repeatable, valid with every command (`simtrain describe data-path` shows the order)")
      ->type_name("DIR");
  try {
    data_path::set_data_dirs(take_data_dirs(args));
  } catch (const ScenarioError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  static const std::vector<std::string> subcommands = {"run", "collective", "topo", "describe", "memory", "validate", "sweep", "plan", "advise", "compare", "calibrate", "merge", "replay"};
  if (!args.empty() && args[0].rfind("-", 0) != 0 &&
      std::find(subcommands.begin(), subcommands.end(), args[0]) == subcommands.end())
    args.insert(args.begin(), "run");
  std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector

  // --- run ---
  auto* run_cmd = app.add_subcommand("run", "Simulate training steps of a scenario (the default command)");
  std::string r_scenario, r_trace, r_html, r_solver = "incremental";
  std::vector<std::string> r_set;
  long long r_steps = 0;
  bool r_json = false;
  run_cmd->add_option("scenario", r_scenario, "Scenario file (scenarios/*.yaml)")->required();
  run_cmd->add_option("--set", r_set, "Override a scenario value: key.path=value (repeatable)");
  run_cmd->add_option("--steps", r_steps, "Steps to simulate and average (overrides `steps`)")->check(cli::whole_number(1, 10000));
  run_cmd->add_option("--trace", r_trace, "Write a Chrome/Perfetto trace (JSON) to this file");
  run_cmd->add_option("--html", r_html, "Write a self-contained HTML page (step split, per-GPU timeline, links, memory) to this file");
  run_cmd->add_option("--solver", r_solver, "incremental (default) | full");
  run_cmd->add_flag("--json", r_json, "Print one JSON object instead of the report");
  double r_max_seconds = 0;
  run_cmd->add_option("--max-seconds", r_max_seconds, "Stop simulating after this many seconds of wall clock (exit 7, no figures)")->check(cli::positive_number());
  bool r_fail_oom = false;
  run_cmd->add_flag("--fail-on-oom", r_fail_oom, "Exit with status 4 when the peak memory exceeds the GPU's, or the offloaded state the node's host memory");
  std::string r_chakra;
  run_cmd->add_option("--chakra", r_chakra, "Write the simulated step graph as per-rank Chakra ET files (schema 0.0.4) into this directory");

  // --- replay: a directory of Chakra execution traces on a cluster (drive/replay.hpp) ---
  auto* rp_cmd = app.add_subcommand("replay", "Replay per-rank Chakra execution traces (<prefix>.<rank>.et) on a system's cluster");
  std::string rp_dir, rp_system, rp_precision = "amp_bf16", rp_solver = "incremental";
  int rp_nodes = 1, rp_gpn = 0;
  bool rp_json = false;
  rp_cmd->add_option("dir", rp_dir, "Directory of Chakra ET files, one per rank (and comm_group.json)")->required();
  rp_cmd->add_option("--system", rp_system, "System file (topologies/*.yaml) or a shipped system's name")->required();
  rp_cmd->add_option("--nodes", rp_nodes, "Number of nodes joined by the system's fabric")->check(cli::whole_number(1, limits::max_nodes));
  rp_cmd->add_option("--gpus-per-node", rp_gpn, "GPUs of each node the ranks take (default: all)")->check(cli::whole_number(1, limits::max_gpus_per_node));
  rp_cmd->add_option("--precision", rp_precision, "Peak used for nodes timed from num_ops: fp32 | tf32 | amp_fp16 | amp_bf16 | fp8");
  rp_cmd->add_option("--solver", rp_solver, "incremental (default) | full");
  rp_cmd->add_flag("--json", rp_json, "Print one JSON object instead of the report");
  bool rp_drop_deps = false;
  rp_cmd->add_flag("--ignore-missing-deps", rp_drop_deps,
                   "Drop (and count) dependencies on node ids a file does not hold, and on a node itself, instead of refusing the file");

  // --- memory ---
  auto* mem_cmd = app.add_subcommand("memory", "Peak memory breakdown and the largest batch per strategy");
  std::string m_scenario;
  std::vector<std::string> m_set;
  bool m_json = false, m_fail_oom = false;
  mem_cmd->add_option("scenario", m_scenario, "Scenario file")->required();
  mem_cmd->add_option("--set", m_set, "Override a scenario value: key.path=value (repeatable)");
  mem_cmd->add_flag("--json", m_json, "Print one JSON object");
  mem_cmd->add_flag("--fail-on-oom", m_fail_oom, "Exit with status 4 when the scenario does not fit");
  double m_max_seconds = 0;
  mem_cmd->add_option("--max-seconds", m_max_seconds,
                      "Stop after this many seconds of wall clock: during the scenario's step, exit 7 (no figures); "
                      "during the largest-batch search, the rows say what was found and what was not searched")
      ->check(cli::positive_number());

  // --- compare, calibrate: a user's profiler trace against the scenario (drive/profile_fit.hpp) ---
  auto* cmp_cmd = app.add_subcommand("compare", "A PyTorch profiler trace of real steps beside the simulated step: compute, exposed communication, idle, kernels by kind");
  std::string cp_profile, cp_scenario;
  std::vector<std::string> cp_set;
  int cp_device = -1;
  bool cp_json = false;
  cmp_cmd->add_option("--profile", cp_profile, "torch.profiler trace (Chrome/Kineto JSON) of training steps")->required();
  cmp_cmd->add_option("scenario", cp_scenario, "The scenario that describes the traced run")->required();
  cmp_cmd->add_option("--set", cp_set, "Override a scenario value: key.path=value (repeatable)");
  cmp_cmd->add_option("--device", cp_device, "The traced GPU to compare (default: the lowest device with kernels)")->check(cli::whole_number(0, 4095));
  cmp_cmd->add_flag("--json", cp_json, "Print one JSON object");
  bool cp_force_device = false;
  cmp_cmd->add_flag("--force-device", cp_force_device,
                    "Compare a trace whose GPU (its deviceProperties) is not the scenario's (said in the output)");
  auto* cal_cmd = app.add_subcommand("calibrate", "Fit the compute model to a PyTorch profiler trace of the scenario's run (--profile), "
                                                  "or the network model to an nccl-tests log (--nccl-tests), into a calibration file");
  std::string ca_profile, ca_scenario, ca_out, ca_nccl, ca_system, ca_op, ca_base;
  std::vector<std::string> ca_set;
  int ca_device = -1, ca_nodes = 1, ca_gpus = 0;
  cal_cmd->add_option("--profile", ca_profile, "torch.profiler trace (Chrome/Kineto JSON) of training steps");
  cal_cmd->add_option("--scenario", ca_scenario, "The scenario that describes the traced run (with --profile)");
  cal_cmd->add_option("--set", ca_set, "Override a scenario value: key.path=value (repeatable)");
  cal_cmd->add_option("--device", ca_device, "The traced GPU to fit (default: the lowest device with kernels)")->check(cli::whole_number(0, 4095));
  cal_cmd->add_option("--nccl-tests", ca_nccl, "A measured nccl-tests log (all_reduce_perf ... output): fit the network model to it");
  cal_cmd->add_option("--system", ca_system, "The system the log ran on (with --nccl-tests): a file or a shipped system's name");
  auto* ca_nodes_opt = cal_cmd->add_option("--nodes", ca_nodes, "Nodes the log ran on (with --nccl-tests)")->check(cli::whole_number(1, limits::max_nodes));
  auto* ca_gpus_opt = cal_cmd->add_option("--gpus", ca_gpus, "GPUs per node the log ran on (default: all)")->check(cli::whole_number(1, limits::max_gpus_per_node));
  auto* ca_op_opt = cal_cmd->add_option("--op", ca_op, "all_reduce | reduce_scatter | all_gather | broadcast: confirms the log's");
  auto* ca_base_opt = cal_cmd->add_option("--base", ca_base,
                                          "A network calibration of the other scope (a one-node fit under a multi-node log, or the reverse): "
                                          "its figures hold during the fit and the written file holds both fits");
  bool ca_force_device = false;
  cal_cmd->add_flag("--force-device", ca_force_device,
                    "Fit an nccl-tests log (its device lines) or a profiler trace (its deviceProperties) of another GPU "
                    "than the system's or the scenario's (said in the report)");
  cal_cmd->add_option("-o,--output", ca_out, "The calibration file to write (a scenario names it with `calibration:`)")->required();

  // --- plan ---
  auto* plan_cmd = app.add_subcommand("plan", "Search tensor/pipeline/data-parallel layouts for the scenario's model and cluster, ranked by time per token, with why the rest fail");
  std::string p_scenario;
  std::vector<std::string> p_set;
  int p_simulate = 8;
  bool p_json = false;
  plan_cmd->add_option("scenario", p_scenario, "Scenario file (its model, cluster, precision and global batch)")->required();
  plan_cmd->add_option("--set", p_set, "Override a scenario value: key.path=value (repeatable)");
  auto* p_simulate_opt = plan_cmd->add_option("--simulate", p_simulate, "Best layouts by the closed forms to simulate in full (within the plan's task budget)")->check(cli::whole_number(0, 64));
  double p_max_seconds = 0;
  plan_cmd->add_option("--max-seconds", p_max_seconds,
                       "Stop after this many seconds of wall clock: the layouts simulated by then are ranked, the rest "
                       "marked not simulated (the layout running then included)")
      ->check(cli::positive_number());
  plan_cmd->add_flag("--json", p_json, "Print one JSON object");
  std::string p_margin;
  plan_cmd->add_option("--memory-margin", p_margin, "Memory headroom: rank a configuration as fitting only when its peak plus this share fits the GPU (15%, 0.15; 0: the simulated peak alone; default: the peak-memory band's median error)");
  cli::SearchFlags p_flags;  // the simulated layouts are a search's points (cli/search_cli.hpp)
  cli::add_search_flags(plan_cmd, p_flags);

  // --- sweep ---
  auto* sweep_cmd = app.add_subcommand("sweep", "Run a scenario over lists of values (its sweep: block, --sweep) and rank them");
  std::string s_scenario, s_rank = "time", s_csv, s_html;
  std::vector<std::string> s_set, s_sweep;
  long long s_steps = 0;
  unsigned s_jobs = 0;
  bool s_json = false;
  sweep_cmd->add_option("scenario", s_scenario, "Scenario file (with a sweep: block, or use --sweep)")->required();
  sweep_cmd->add_option("--set", s_set, "Override a scenario value for every point: key.path=value (repeatable)");
  sweep_cmd->add_option("--sweep", s_sweep, "Sweep a key over values: key.path=v1,v2,... (repeatable; adds to sweep:)");
  sweep_cmd->add_option("--rank-by", s_rank, "time | cost | energy (per sample of the global batch)");
  sweep_cmd->add_option("--csv", s_csv, "Also write the ranked table as CSV to this file");
  sweep_cmd->add_option("--html", s_html, "Also write a self-contained HTML page (time vs cost, Pareto front, table) to this file");
  sweep_cmd->add_option("--jobs", s_jobs, "Worker threads (default: the machine's cores)")->check(cli::whole_number(1, 1024));
  sweep_cmd->add_option("--steps", s_steps, "Steps to simulate per point (overrides `steps`)")->check(cli::whole_number(1, 10000));
  sweep_cmd->add_flag("--json", s_json, "Print one JSON object (its rows under \"rows\") instead of the table");
  std::string s_margin;
  sweep_cmd->add_option("--memory-margin", s_margin, "Memory headroom: rank a configuration as fitting only when its peak plus this share fits the GPU (15%, 0.15; 0: the simulated peak alone; default: the peak-memory band's median error)");
  double s_max_seconds = 0;
  sweep_cmd->add_option("--max-seconds", s_max_seconds, "Stop a point after this many seconds of simulating (the row says so); --max-total-seconds bounds the whole sweep")->check(cli::positive_number());
  double s_max_total_seconds = 0;
  cli::add_total_limit_flag(sweep_cmd, s_max_total_seconds);
  cli::SearchFlags s_flags;  // --shard, --journal, --resume, --progress (cli/search_cli.hpp)
  cli::add_search_flags(sweep_cmd, s_flags);

  // --- merge: the part files of a sharded search, ranked as the whole search (cli/search_cli.hpp) ---
  auto* merge_cmd = app.add_subcommand("merge", "Rank the part files of `sweep` or `advise --shard K/N` runs as the whole search would: same table, JSON, CSV, HTML");
  cli::MergeArgs mg;
  merge_cmd->add_option("parts", mg.parts, "Part files (sweep --shard K/N --journal PART), one per share")->required();
  merge_cmd->add_flag("--json", mg.json, "Print one JSON object (its rows under \"rows\") instead of the table");
  merge_cmd->add_option("--csv", mg.csv, "Also write the ranked table as CSV to this file");
  merge_cmd->add_option("--html", mg.html, "Also write the sweep's HTML page to this file");
  merge_cmd->add_flag("--allow-missing", mg.allow_missing, "Rank points that no part holds last, as not run, instead of refusing");

  // --- advise ---
  auto* adv_cmd = app.add_subcommand("advise", "Which systems, node counts and strategies train the scenario's run (run.tokens | epochs | steps) "
                                                "soonest and cheapest: the Pareto front of days against cost, and the cheapest that meets a deadline");
  std::string a_scenario, a_html, a_systems, a_nodes, a_strategies, a_deadline, a_budget;
  std::vector<std::string> a_set;
  unsigned a_jobs = 0;
  bool a_json = false;
  adv_cmd->add_option("scenario", a_scenario, "Scenario file (model, batch per GPU, precision, run:, and optionally advise:)")->required();
  adv_cmd->add_option("--set", a_set, "Override a scenario value for every configuration: key.path=value (repeatable)");
  adv_cmd->add_option("--systems", a_systems, "Systems to search, comma-separated (default: advise.systems, else every shipped system)");
  adv_cmd->add_option("--nodes", a_nodes, "Node counts, comma-separated (default: advise.nodes, else 1,2,4,8)");
  adv_cmd->add_option("--strategies", a_strategies, "Strategies, comma-separated (default: advise.strategies, else all)");
  adv_cmd->add_option("--deadline", a_deadline, "The run must end within this time: '14 days', '336 h' (default: advise.deadline)");
  adv_cmd->add_option("--budget", a_budget, "The run must cost at most this, on cost.basis: '$60000' (default: advise.budget)");
  adv_cmd->add_option("--html", a_html, "Also write a self-contained HTML page (days vs cost, Pareto front, table) to this file");
  adv_cmd->add_option("--jobs", a_jobs, "Worker threads (default: the machine's cores)")->check(cli::whole_number(1, 1024));
  adv_cmd->add_flag("--json", a_json, "Print one JSON object instead of the report");
  std::string a_margin;
  adv_cmd->add_option("--memory-margin", a_margin, "Memory headroom: rank a configuration as fitting only when its peak plus this share fits the GPU (15%, 0.15; 0: the simulated peak alone; default: the peak-memory band's median error)");
  double a_max_seconds = 0;
  adv_cmd->add_option("--max-seconds", a_max_seconds, "Stop a configuration after this many seconds of simulating (listed as not run, with the reason); --max-total-seconds bounds the whole search")->check(cli::positive_number());
  double a_max_total_seconds = 0;
  cli::add_total_limit_flag(adv_cmd, a_max_total_seconds);
  cli::SearchFlags a_flags;  // --shard, --journal, --resume, --progress (cli/search_cli.hpp)
  cli::add_search_flags(adv_cmd, a_flags);

  // --- describe ---
  auto* desc_cmd = app.add_subcommand("describe", "List every scenario key: meaning, unit, default (`describe data-path`: "
                                                  "where shipped data is looked up)");
  std::string d_topic;
  desc_cmd->add_option("topic", d_topic, "data-path: the folders shipped data is looked up in, in order");

  // --- collective ---
  auto* coll_cmd = app.add_subcommand("collective", "Simulate a collective as nccl-tests' *_perf would measure it");
  std::string c_system, c_op = "all_reduce", c_algo = "auto", c_order = "auto", c_dtype = "float",
              c_min = "8", c_max = "1G", c_factor = "2", c_proto, c_solver = "incremental";
  int c_nodes = 1, c_gpus = 0, c_channels = 0;
  std::string c_fabric;
  bool c_json = false;
  coll_cmd->add_option("system", c_system, "System file (topologies/*.yaml) or a shipped system's name")->required();
  coll_cmd->add_option("--nodes", c_nodes, "Number of nodes joined by the system's fabric")->check(cli::whole_number(1, limits::max_nodes));
  coll_cmd->add_option("--fabric", c_fabric, "Override the system's fabric: single_switch | fat_tree | rail_optimized");
  coll_cmd->add_option("--gpus", c_gpus, "GPUs per node taking part (default: all)")->check(cli::whole_number(1, limits::max_gpus_per_node));
  auto* c_op_opt = coll_cmd->add_option("--op", c_op, "all_reduce | reduce_scatter | all_gather | broadcast (with --compare: confirms the log's)");
  coll_cmd->add_option("--algo", c_algo, "auto | ring | tree | hierarchical | nvls | nvls_tree");
  coll_cmd->add_option("--ring-order", c_order, "auto (NCCL-like search) | given (rank order) | a list such as 0,2,4,6,1,3,5,7");
  auto* c_min_opt = coll_cmd->add_option("-b,--minbytes", c_min, "Smallest size (8, 64K, 1M, 1G: binary as nccl-tests)");
  auto* c_max_opt = coll_cmd->add_option("-e,--maxbytes", c_max, "Largest size");
  auto* c_factor_opt = coll_cmd->add_option("-f,--stepfactor", c_factor, "Multiply the size by this each step");
  auto* c_dtype_opt = coll_cmd->add_option("-d,--dtype", c_dtype, "float | half | bfloat16 | double | int8 | int32 | ...");
  std::string c_compare;
  coll_cmd->add_option("--compare", c_compare,
                       "Hold each size of a measured nccl-tests log (all_reduce_perf ... output) against the same "
                       "collective simulated: the log gives the operation, sizes and type");
  bool c_force_device = false;
  coll_cmd->add_flag("--force-device", c_force_device,
                     "With --compare: compare a log whose GPU (its device lines) is not the system's (said in the output)");
  coll_cmd->add_option("--channels", c_channels, "Channels (default: 1 in a node, NICs per node across nodes)")->check(cli::whole_number(1, 2147483647));
  coll_cmd->add_option("--protocol", c_proto, "Force LL, LL128 or Simple (default: chosen per size)");
  coll_cmd->add_option("--solver", c_solver, "incremental (default) | full: re-solve every flow on every change");
  coll_cmd->add_flag("--json", c_json, "Print one JSON object (its rows under \"rows\") instead of the table");
  std::vector<std::string> c_set;
  coll_cmd->add_option("--set", c_set, "Override a value of the system file or the catalog: system.<path>=value | "
                                       "catalog.<section>.<entry>.<key>=value (repeatable; see `simtrain describe`)");
  double c_max_seconds = 0;
  coll_cmd->add_option("--max-seconds", c_max_seconds, "Stop simulating after this many seconds of wall clock (exit 7, no figures)")->check(cli::positive_number());
  std::string c_calibration;
  coll_cmd->add_option("--calibration", c_calibration,
                       "A calibration file with a network section (simtrain calibrate --nccl-tests): its fitted link "
                       "efficiencies and latencies replace the catalog's");

  // --- topo ---
  auto* topo_cmd = app.add_subcommand("topo", "Print the GPU/NIC matrix as nvidia-smi topo -m does");
  std::string t_system, t_dot, t_import, t_out, t_import_xml, t_export_xml;
  int t_nodes = 1;
  topo::TopoImportOptions t_imp;
  topo_cmd->add_option("system", t_system, "System file or a shipped system's name");
  topo_cmd->add_option("--nodes", t_nodes, "Number of nodes (for --dot)")->check(cli::whole_number(1, limits::max_nodes));
  topo_cmd->add_option("--dot", t_dot, "Write Graphviz DOT of the whole graph to this file ('-' for stdout)");
  topo_cmd->add_option("--import", t_import, "Build a system file from a real `nvidia-smi topo -m` output (this file; '-' for stdin)");
  topo_cmd->add_option("--import-nccl-xml", t_import_xml, "Build a system file from NCCL's topology dump (NCCL_TOPO_DUMP_FILE; '-' for stdin): the PCIe tree, link widths, NVLink counts, NICs");
  topo_cmd->add_option("--export-nccl-xml", t_export_xml, "Write the system's node as NCCL's topology XML to this file ('-' for stdout)");
  topo_cmd->add_option("--gpu", t_imp.gpu_model, "--import: the catalog's GPU model (topologies/devices.yaml key)");
  topo_cmd->add_option("--cpu", t_imp.cpu_model, "--import: the catalog's CPU model");
  topo_cmd->add_option("--nic", t_imp.nic_model, "--import: the catalog's NIC model (when the matrix has NICs)");
  topo_cmd->add_option("--sockets", t_imp.sockets, "--import: CPU sockets (default: 2 when the matrix shows SYS, else 1)")->check(cli::whole_number(1, 8));
  topo_cmd->add_option("--name", t_imp.name, "--import: the system's name");
  topo_cmd->add_option("-o,--output", t_out, "--import: write the system file here (default: stdout)");

  // --- validate ---
  auto* val_cmd = app.add_subcommand("validate", "The simulator against public measurements, case by case, with the error of each");
  std::string v_cases;
  std::vector<std::string> v_only;
  bool v_json = false, v_strict = false, v_bands = false, v_cross = false;
  std::string v_check_bands;
  val_cmd->add_option("--cases", v_cases, "Cases file (default: the project's validation/cases.yaml)");
  val_cmd->add_option("--only", v_only, "Run only these cases (an id, or id/case)")->expected(1, -1);
  val_cmd->add_flag("--json", v_json, "Print one JSON object (its rows under \"rows\") instead of the table");
  val_cmd->add_flag("--strict", v_strict, "Exit with status 5 when a case lies outside its tolerance");
  val_cmd->add_flag("--bands", v_bands, "Print the error bands (YAML of validation/error_bands.yaml) instead of the table");
  val_cmd->add_flag("--cross-validate", v_cross,
                    "After the table, leave each source out in turn and print how many of its cases the other "
                    "sources' bands cover (per category and GPU generation)");
  val_cmd->add_option("--check-bands", v_check_bands,
                      "After the table, check this bands file against the results; exit with status 6 when it differs");
  cli::SearchFlags v_flags;  // the cases are a search's points (cli/search_cli.hpp)
  cli::add_search_flags(val_cmd, v_flags);

  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 1;
  }

  try {
    // The searches under a launcher: an MPI job, or a refusal (cli/search_cli.hpp).
    if (*sweep_cmd || *merge_cmd || *adv_cmd || *plan_cmd || *val_cmd) dist.start(&argc, &argv);
    if (*merge_cmd) return cli::merge_command(mg, dist, cli::journal_version());
    if (*run_cmd) {
      if (r_solver != "incremental" && r_solver != "full")
        throw ScenarioError("", 0, 0, "--solver", "expected incremental or full, got '" + r_solver + "'");
      if (!r_trace.empty()) cli::check_output_path("--trace", r_trace);
      if (!r_html.empty()) cli::check_output_path("--html", r_html);
      if (!r_chakra.empty()) check_chakra_dir(r_chakra);
      ScenarioSpec spec = load_scenario(r_scenario, r_set);
      drive::RunOptions ro;
      ro.steps_override = r_steps;
      ro.full_solve = r_solver == "full";
      ro.keep_trace = !r_trace.empty() || !r_html.empty() || !r_chakra.empty();
      ro.chrome_trace = !r_trace.empty();
      ro.chakra = !r_chakra.empty();
      ro.data_ceiling = true;
      ro.max_seconds = r_max_seconds;
      const report::ErrorBands bands = report::load_error_bands(report::default_error_bands_path());
      ro.error_bands = &bands;
      train::RunResult res = drive::run_scenario(spec, ro);
      // The trace files are made first: a step Chakra cannot carry is refused before anything is written.
      std::optional<drive::ChakraExport> chakra;
      if (!r_chakra.empty()) chakra.emplace(*res.graph);
      if (!r_trace.empty()) {
        cli::OutputFile f("--trace", r_trace);
        report::write_chrome_trace(res, f.stream());  // streamed: never the whole document in memory
        f.commit();
      }
      if (!r_html.empty()) write_file_atomic(r_html, report::run_to_html(res));
      if (chakra) write_chakra(r_chakra, *chakra, res);
      if (r_json) cli::print_json(std::cout, report::run_to_json(res));
      else std::cout << report::format_run(res);
      return r_fail_oom && res.out_of_memory() ? 4 : 0;
    }
    if (*rp_cmd) {
      if (rp_solver != "incremental" && rp_solver != "full")
        throw ScenarioError("", 0, 0, "--solver", "expected incremental or full, got '" + rp_solver + "'");
      drive::ReplayOptions o;
      o.dir = rp_dir;
      o.system_path = resolve_system(rp_system);
      o.nodes = rp_nodes;
      o.gpus_per_node = rp_gpn;
      o.precision = rp_precision;
      o.full_solve = rp_solver == "full";
      o.drop_missing_deps = rp_drop_deps;
      const chakra::ReplayResult r = drive::replay_trace(o);
      if (rp_json) cli::print_json(std::cout, report::replay_to_json(r));
      else std::cout << report::format_replay(r);
      return 0;
    }
    if (*cmp_cmd) {
      ScenarioSpec spec = load_scenario(cp_scenario, cp_set);
      const drive::ProfileTrace trace = drive::load_profile_trace(cp_profile);
      const drive::ProfileComparison c = drive::compare_profile(spec, trace, {cp_device, cp_force_device});
      if (cp_json) cli::print_json(std::cout, report::to_json(c));
      else std::cout << report::format_comparison(c);
      return 0;
    }
    if (*cal_cmd && !ca_nccl.empty()) {
      if (!ca_profile.empty())
        throw ScenarioError("", 0, 0, "--nccl-tests", "give one of --profile (the compute model) and --nccl-tests (the network model)");
      if (!ca_scenario.empty() || !ca_set.empty() || ca_device >= 0)
        throw ScenarioError("", 0, 0, "--nccl-tests", "fits the network model of a system: give --system, not --scenario, --set or --device");
      if (ca_system.empty()) throw ScenarioError("", 0, 0, "--system", "required with --nccl-tests: the system the log ran on");
      cli::check_output_path("-o", ca_out);
      const NcclTestsLog log = read_nccl_tests_log(ca_nccl);
      drive::NetFitOptions no;
      no.system_path = resolve_system(ca_system);
      no.nodes = ca_nodes;
      no.gpus_per_node = ca_gpus;
      no.force_device = ca_force_device;
      if (ca_op_opt->count() > 0) no.asked_op = parse_op(ca_op);
      if (!ca_base.empty()) {
        no.base = work::load_network_calibration(ca_base);
        if (no.base.empty())
          throw ScenarioError(ca_base, 0, 0, "--base", "this calibration file has no network section (fit one with simtrain calibrate --nccl-tests)");
      }
      drive::NetFit fit = drive::fit_network(log, no);
      write_file_atomic(ca_out, fit.yaml);
      fit.report.output_path = ca_out;
      std::cout << report::format_net_fit(fit.report);
      return 0;
    }
    if (*cal_cmd) {
      if (ca_profile.empty()) throw ScenarioError("", 0, 0, "--profile", "calibrate needs --profile TRACE --scenario FILE (the compute model) or --nccl-tests LOG --system SYSTEM (the network model)");
      if (ca_scenario.empty()) throw ScenarioError("", 0, 0, "--scenario", "required with --profile: the scenario that describes the traced run");
      if (!ca_system.empty() || ca_nodes_opt->count() > 0 || ca_gpus_opt->count() > 0 || ca_op_opt->count() > 0 ||
          ca_base_opt->count() > 0)
        throw ScenarioError("", 0, 0, "--profile", "--system, --nodes, --gpus and --op go with --nccl-tests");
      cli::check_output_path("-o", ca_out);
      ScenarioSpec spec = load_scenario(ca_scenario, ca_set);
      const drive::ProfileTrace trace = drive::load_profile_trace(ca_profile);
      const drive::ProfileFit fit = drive::fit_profile(spec, trace, {ca_device, ca_force_device});
      write_file_atomic(ca_out, fit.yaml);
      std::cerr << report::format_fit(fit);
      return 0;
    }
    if (*mem_cmd) {
      ScenarioSpec spec = load_scenario(m_scenario, m_set);
      const engine::Deadline limit(m_max_seconds);  // the step and the search together
      drive::RunOptions ro;
      ro.steps_override = 1;
      const report::ErrorBands bands = report::load_error_bands(report::default_error_bands_path());
      ro.error_bands = &bands;  // the peak's band, printed as the run report does, and its margin
      train::RunResult res = drive::run_scenario(spec, ro);
      res.fits = drive::largest_batches(spec);
      if (m_json) cli::print_json(std::cout, report::memory_to_json(res));
      else std::cout << report::format_memory(res);
      return m_fail_oom && res.out_of_memory() ? 4 : 0;
    }
    if (*plan_cmd) {
      cli::PlanArgs pa;
      pa.scenario = p_scenario;
      pa.set = p_set;
      pa.simulate = p_simulate;
      pa.simulate_given = p_simulate_opt->count() > 0;
      pa.max_seconds = p_max_seconds;
      pa.memory_margin = p_margin;
      pa.json = p_json;
      return cli::plan_command(pa, p_flags, dist, cli::journal_version());
    }
    if (*val_cmd) {
      cli::ValidateArgs va;
      va.cases = v_cases;
      va.only = v_only;
      va.json = v_json;
      va.strict = v_strict;
      va.bands = v_bands;
      va.check_bands = v_check_bands;
      va.cross_validate = v_cross;
      return cli::validate_command(va, v_flags, dist, cli::journal_version());
    }
    if (*sweep_cmd) {
      cli::SweepArgs sa;
      sa.scenario = s_scenario;
      sa.set = s_set;
      sa.sweep = s_sweep;
      sa.rank_by = s_rank;
      sa.steps = s_steps;
      sa.max_seconds = s_max_seconds;
      sa.max_total_seconds = s_max_total_seconds;
      sa.memory_margin = s_margin;
      sa.jobs = s_jobs;
      sa.json = s_json;
      sa.csv = s_csv;
      sa.html = s_html;
      return cli::sweep_command(sa, s_flags, dist, cli::journal_version());
    }
    if (*adv_cmd) {
      cli::AdviseArgs aa;
      aa.scenario = a_scenario;
      aa.set = a_set;
      aa.systems = a_systems;
      aa.nodes = a_nodes;
      aa.strategies = a_strategies;
      aa.deadline = a_deadline;
      aa.budget = a_budget;
      aa.jobs = a_jobs;
      aa.max_seconds = a_max_seconds;
      aa.max_total_seconds = a_max_total_seconds;
      aa.memory_margin = a_margin;
      aa.json = a_json;
      aa.html = a_html;
      return cli::advise_command(aa, a_flags, dist, cli::journal_version());
    }
    if (*desc_cmd) {
      if (d_topic == "data-path") {
        std::cout << data_path::describe();
        return 0;
      }
      if (!d_topic.empty())
        throw ScenarioError("", 0, 0, "describe", "unknown topic '" + d_topic + "'" + did_you_mean(d_topic, {"data-path"}) +
                                                      "; give none (every scenario key) or data-path");
      std::cout << "Scenario keys (YAML, or --set key.path=value):\n\n";
      for (const auto& k : train::scenario_keys().keys) {
        std::cout << "  " << k.path << (k.unit.empty() ? "" : " [" + k.unit + "]") << "\n      " << k.meaning
                  << "\n      default: " << k.default_value << "\n";
      }
      std::cout << "  sweep\n      for `simtrain sweep`: any key path above with a list of values, e.g. "
                   "sweep: {nodes: [1, 2, 4], fsdp.sharding: [full_shard, hybrid_shard]}; a run ignores it\n"
                   "      default: none\n";
      cli::describe_hardware_keys(std::cout);
      return 0;
    }
    if (*coll_cmd) {
      const engine::Deadline limit(c_max_seconds);
      refuse_oversized_collective(c_system, c_nodes, c_fabric, c_set, c_gpus, c_compare, c_min, c_max, c_factor);
      auto cluster = topo::load_system(resolve_system(c_system), c_nodes, "", c_fabric, {}, cli::hardware_sets(c_set));
      coll::NcclParams nccl_params = coll::NcclParams::load_default(cluster->catalog().path());
      drive::SweepOptions opt;
      opt.request.op = parse_op(c_op);
      opt.request.algo = parse_algo(c_algo);
      const int gpn = cluster->gpus_per_node();
      const int per_node = c_gpus > 0 ? c_gpus : gpn;
      if (per_node > gpn)
        throw ScenarioError("", 0, 0, "--gpus", "the system has " + std::to_string(gpn) + " GPUs per node, not " +
                                                    std::to_string(per_node));
      opt.request.ranks = cluster->first_gpus_of_each_node(per_node);
      std::vector<work::NetworkCalibration> net_cal;
      std::string net_cal_text;
      if (!c_calibration.empty()) {
        net_cal = work::load_network_calibration(c_calibration);
        if (net_cal.empty())
          throw ScenarioError(c_calibration, 0, 0, "--calibration",
                              "this calibration file has no network section (fit one with simtrain calibrate --nccl-tests)");
        net_cal_text = drive::apply_network_calibration(net_cal, *cluster, nccl_params, opt.request.ranks);
      }
      coll::Planner planner(*cluster, nccl_params);
      if (c_order == "auto") {
        opt.request.ring_order_auto = true;
      } else if (c_order == "given") {
        opt.request.ring_order_auto = false;
      } else {
        // An explicit order of GPU indices (global), e.g. 0,2,4,6,1,3,5,7.
        std::vector<int> order;
        std::stringstream ss(c_order);
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
                                                              item + "' in '" + c_order + "'");
        }
        std::vector<int> sorted = order, expect = opt.request.ranks;
        std::sort(sorted.begin(), sorted.end());
        if (sorted != expect)
          throw ScenarioError("", 0, 0, "--ring-order", "the list must name each taking-part GPU exactly once (" +
                                                            std::to_string(expect.size()) + " GPUs)");
        opt.request.ranks = order;
        opt.request.ring_order_auto = false;
      }
      if (c_channels > kMaxChannels)
        throw ScenarioError("", 0, 0, "--channels", fmt::format("expected 1 to {} channels, got {}", kMaxChannels, c_channels));
      opt.request.channels = c_channels;
      if (!c_proto.empty()) {
        if (c_proto == "LL" || c_proto == "ll") opt.request.protocol = coll::Protocol::ll;
        else if (c_proto == "LL128" || c_proto == "ll128") opt.request.protocol = coll::Protocol::ll128;
        else if (c_proto == "Simple" || c_proto == "simple") opt.request.protocol = coll::Protocol::simple;
        else throw ScenarioError("", 0, 0, "--protocol", "expected LL, LL128 or Simple, got '" + c_proto + "'");
      }
      if (c_solver != "incremental" && c_solver != "full")
        throw ScenarioError("", 0, 0, "--solver", "expected incremental or full, got '" + c_solver + "'");
      opt.full_solve = c_solver == "full";
      if (!c_compare.empty()) {
        for (const CLI::Option* o : {c_min_opt, c_max_opt, c_factor_opt, c_dtype_opt})
          if (o->count() > 0)
            throw ScenarioError("", 0, 0, o->get_name(), "--compare takes the sizes and the type from the log: drop this flag");
        const NcclTestsLog log = read_nccl_tests_log(c_compare);
        drive::CompareOptions co;
        co.request = opt.request;
        co.full_solve = opt.full_solve;
        if (c_op_opt->count() > 0) co.asked_op = opt.request.op;
        drive::log_operation(log, co.asked_op);  // the operation first: a log of another collective is the clearer error
        drive::check_log_ranks(log, cluster->nodes(), per_node, gpn);
        const std::string forced = drive::check_log_device(log, cluster->gpu_model(0).name, cluster->name(), c_force_device);
        report::CompareResult r = with_algo_context(c_algo, *cluster, [&] { return drive::compare_with_log(*cluster, planner, log, co); });
        r.forced_device = forced;
        if (!net_cal.empty()) {
          r.network_calibration = net_cal_text;
          r.calibrated_range = calibrated_range(net_cal, cluster->nodes() > 1);
        }
        if (c_json) cli::print_json(std::cout, report::compare_to_json(r));
        else std::cout << report::format_compare(r);
        return 0;
      }
      opt.min_bytes = parse_size_flag("-b", c_min);
      opt.max_bytes = parse_size_flag("-e", c_max);
      opt.factor = parse_step_factor(c_factor, opt.min_bytes, opt.max_bytes);
      opt.dtype = c_dtype;
      const report::ErrorBands bands = report::load_error_bands(report::default_error_bands_path());
      opt.error_bands = &bands;
      report::SweepResult r = with_algo_context(c_algo, *cluster, [&] { return drive::run_sweep(*cluster, planner, opt); });
      r.overrides = c_set;
      if (!net_cal.empty()) {
        r.network_calibration = net_cal_text;
        r.calibrated_range = calibrated_range(net_cal, cluster->nodes() > 1);
      }
      if (c_json) cli::print_json(std::cout, report::to_json(r));
      else std::cout << report::format_table(r);
      return 0;
    }
    if (*topo_cmd) {
      if (!t_import.empty() && !t_import_xml.empty())
        throw ScenarioError("", 0, 0, "--import-nccl-xml", "give one of --import (nvidia-smi topo -m) and --import-nccl-xml");
      auto read_import = [](const std::string& file) {
        return file != "-" ? read_input_file(file) : read_stdin();
      };
      if (!t_import_xml.empty()) {
        if (!t_system.empty() || !t_dot.empty() || !t_export_xml.empty())
          throw ScenarioError("", 0, 0, "--import-nccl-xml", "reads NCCL's XML and writes a system file: give no system, --dot or --export-nccl-xml with it");
        if (t_imp.sockets > 0) throw ScenarioError("", 0, 0, "--sockets", "goes with --import; NCCL's XML names its CPUs");
        if (!t_out.empty()) cli::check_output_path("-o", t_out);
        const std::string text = read_import(t_import_xml);
        const topo::NcclXmlImportResult res =
            topo::import_nccl_xml(text, t_import_xml == "-" ? std::string("stdin") : t_import_xml, t_imp);
        if (t_out.empty()) std::cout << res.yaml << std::flush;  // before the summary on stderr
        else write_file_atomic(t_out, res.yaml);
        std::cerr << "simtrain topo --import-nccl-xml: " << res.gpus << " GPUs, " << res.nics << " NICs, " << res.cpus
                  << " CPUs (NUMA nodes), " << res.switches << " PCIe bridges as switches\n";
        for (const std::string& n : res.notes) std::cerr << "  note: " << printable(n) << "\n";
        return 0;
      }
      if (!t_import.empty()) {
        if (!t_system.empty() || !t_dot.empty())
          throw ScenarioError("", 0, 0, "--import", "reads a matrix and writes a system file: give no system and no --dot with it");
        if (!t_out.empty()) cli::check_output_path("-o", t_out);
        std::string text;
        text = t_import == "-" ? read_stdin() : read_input_file(t_import);
        const topo::TopoImportResult res =
            topo::import_topo_matrix(text, t_import == "-" ? std::string("stdin") : t_import, t_imp);
        if (t_out.empty()) std::cout << res.yaml << std::flush;  // before the summary on stderr
        else write_file_atomic(t_out, res.yaml);
        std::cerr << "simtrain topo --import: " << res.reproduced << " of " << res.relations
                  << " relations reproduced exactly";
        if (res.node_as_phb > 0) std::cerr << ", " << res.node_as_phb << " NODE shown as PHB";
        if (res.sys_as_phb > 0) std::cerr << ", " << res.sys_as_phb << " SYS within a socket shown as PHB";
        std::cerr << (res.node_as_phb + res.sys_as_phb > 0 ? " (one CPU vertex per socket)" : "") << "\n";
        for (const std::string& mm : res.mismatches) std::cerr << "  warning: not reproduced: " << mm << "\n";
        return 0;
      }
      if (t_system.empty()) throw ScenarioError("", 0, 0, "system", "required: a system file or a shipped system's name (or --import, --import-nccl-xml)");
      for (const auto* flag : {&t_imp.gpu_model, &t_imp.cpu_model, &t_imp.nic_model, &t_imp.name, &t_out})
        if (!flag->empty()) throw ScenarioError("", 0, 0, "--import", "--gpu, --cpu, --nic, --name and -o go with --import");
      if (!t_dot.empty() && t_dot != "-") cli::check_output_path("--dot", t_dot);
      if (!t_export_xml.empty() && t_export_xml != "-") cli::check_output_path("--export-nccl-xml", t_export_xml);
      auto cluster = topo::load_system(resolve_system(t_system), t_nodes);
      if (!t_export_xml.empty()) {
        if (!t_dot.empty()) throw ScenarioError("", 0, 0, "--export-nccl-xml", "give one of --dot and --export-nccl-xml");
        const std::string xml = topo::export_nccl_xml(*cluster);
        if (t_export_xml == "-") std::cout << xml;
        else write_file_atomic(t_export_xml, xml);
        return 0;
      }
      if (!t_dot.empty()) {
        std::ostringstream dot;
        topo::write_dot(*cluster, dot);
        if (t_dot == "-") std::cout << dot.str();
        else write_file_atomic(t_dot, dot.str());
        if (t_dot == "-") return 0;
      }
      std::cout << topo::topo_matrix(*cluster, 0);
      return 0;
    }
  } catch (const engine::DeadlineExceeded& e) {
    std::cerr << "simtrain: " << drive::time_limit_reason(e) << "; no figures (simulate fewer steps or GPUs, or give "
              << "more time)\n";
    return 7;
  } catch (const ScenarioError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    // Out of memory is the machine's limit, not a fault of simtrain: the up-front estimates
    // (limits.hpp) passed the request but this process may not hold it. Exit 2, an impossible request.
    std::cerr << "simtrain: error: out of memory: the request passed the up-front size estimates (at most "
              << fmt::format("{:.0f}", limits::max_estimated_events / 1e6) << " M engine tasks a run) but needs more memory "
              << "than this process may take; lower nodes, steps, grad_accumulation or batch_per_gpu, or raise the limit "
                 "(ulimit -v)\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << "simtrain: error: " << printable(e.what(), true) << "\n";
    return 2;
  } catch (const std::exception& e) {
    // A failure's text may come from a file (a journal record's stored error): no escapes.
    std::cerr << "simtrain: internal error: " << printable(e.what(), true) << "\n";
    return 3;
  }
  return 0;
}

int main(int argc, char** argv) {
  cli::remove_temporaries_on_signals();  // a killed run leaves no hidden temporary (cli/output_file.hpp)
  cli::Dist dist;  // one process, or a rank of an MPI job for the searches
  const int rc = run_main(argc, argv, dist);
  return dist.finish(rc);
}
