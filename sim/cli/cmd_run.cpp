// `simtrain run` (the default command), `replay` and `memory`: one scenario's step simulated,
// a Chakra trace replayed, a scenario's peak memory.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.hpp"
#include "cli/flag_checks.hpp"
#include "cli/output_file.hpp"
#include "cli/version.hpp"
#include "drive/chakra_export.hpp"
#include "drive/replay.hpp"
#include "drive/run.hpp"
#include "engine/executor.hpp"
#include "report/error_bands.hpp"
#include "report/html_report.hpp"
#include "report/replay_report.hpp"
#include "report/run_report.hpp"
#include "scenario/data_path.hpp"
#include "scenario/error.hpp"
#include "scenario/files.hpp"
#include "scenario/limits.hpp"
#include "scenario/scenario.hpp"
#include "train/strategy.hpp"

namespace simtrain::cli {

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

namespace {

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
    check_output_path("--chakra", (fs::path(dir) / "comm_group.json").string());
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

struct RunFlags {
  std::string scenario, trace, html, solver = "incremental", chakra;
  std::vector<std::string> set;
  long long steps = 0;
  bool json = false, fail_oom = false;
  double max_seconds = 0;
};

int run_run(const RunFlags& f) {
  if (!f.trace.empty()) check_output_path("--trace", f.trace);
  if (!f.html.empty()) check_output_path("--html", f.html);
  if (!f.chakra.empty()) check_chakra_dir(f.chakra);
  ScenarioSpec spec = load_scenario(f.scenario, f.set);
  drive::RunOptions ro;
  ro.steps_override = f.steps;
  ro.full_solve = f.solver == "full";
  ro.keep_trace = !f.trace.empty() || !f.html.empty() || !f.chakra.empty();
  ro.chrome_trace = !f.trace.empty();
  ro.chakra = !f.chakra.empty();
  ro.data_ceiling = true;
  ro.max_seconds = f.max_seconds;
  const report::ErrorBands bands = report::load_error_bands(report::default_error_bands_path());
  ro.error_bands = &bands;
  train::RunResult res = drive::run_scenario(spec, ro);
  // The trace files are made first: a step Chakra cannot carry is refused before anything is written.
  std::optional<drive::ChakraExport> chakra;
  if (!f.chakra.empty()) chakra.emplace(*res.graph);
  if (!f.trace.empty()) {
    OutputFile out("--trace", f.trace);
    report::write_chrome_trace(res, out.stream());  // streamed: never the whole document in memory
    out.commit();
  }
  if (!f.html.empty()) write_file_atomic(f.html, report::run_to_html(res));
  if (chakra) write_chakra(f.chakra, *chakra, res);
  if (f.json) print_json(std::cout, report::run_to_json(res));
  else std::cout << report::format_run(res);
  return f.fail_oom && res.out_of_memory() ? 4 : 0;
}

struct ReplayFlags {
  std::string dir, system, precision = "amp_bf16", solver = "incremental";
  int nodes = 1, gpus_per_node = 0;
  bool json = false, drop_deps = false;
};

int run_replay(const ReplayFlags& f) {
  drive::ReplayOptions o;
  o.dir = f.dir;
  o.system_path = resolve_system(f.system);
  o.nodes = f.nodes;
  o.gpus_per_node = f.gpus_per_node;
  o.precision = f.precision;
  o.full_solve = f.solver == "full";
  o.drop_missing_deps = f.drop_deps;
  const chakra::ReplayResult r = drive::replay_trace(o);
  if (f.json) print_json(std::cout, report::replay_to_json(r));
  else std::cout << report::format_replay(r);
  return 0;
}

struct MemoryFlags {
  std::string scenario;
  std::vector<std::string> set;
  bool json = false, fail_oom = false;
  double max_seconds = 0;
};

int run_memory(const MemoryFlags& f) {
  ScenarioSpec spec = load_scenario(f.scenario, f.set);
  const engine::Deadline limit(f.max_seconds);  // the step and the search together
  drive::RunOptions ro;
  ro.steps_override = 1;
  const report::ErrorBands bands = report::load_error_bands(report::default_error_bands_path());
  ro.error_bands = &bands;  // the peak's band, printed as the run report does, and its margin
  train::RunResult res = drive::run_scenario(spec, ro);
  res.fits = drive::largest_batches(spec);
  if (f.json) print_json(std::cout, report::memory_to_json(res));
  else std::cout << report::format_memory(res);
  return f.fail_oom && res.out_of_memory() ? 4 : 0;
}

}  // namespace

Subcommand add_run_command(CLI::App& app) {
  auto f = std::make_shared<RunFlags>();
  auto* cmd = app.add_subcommand("run", "Simulate training steps of a scenario (the default command)");
  cmd->add_option("scenario", f->scenario, "Scenario file (scenarios/*.yaml)")->required();
  cmd->add_option("--set", f->set, "Override a scenario value: key.path=value (repeatable)");
  cmd->add_option("--steps", f->steps, "Steps to simulate and average (overrides `steps`)")->check(whole_number(1, 10000));
  cmd->add_option("--trace", f->trace, "Write a Chrome/Perfetto trace (JSON) to this file");
  cmd->add_option("--html", f->html, "Write a self-contained HTML page (step split, per-GPU timeline, links, memory) to this file");
  cmd->add_option("--solver", f->solver, "incremental (default) | full")->check(solver_flag_check());
  cmd->add_flag("--json", f->json, "Print one JSON object instead of the report");
  cmd->add_option("--max-seconds", f->max_seconds, "Stop simulating after this many seconds of wall clock (exit 7, no figures)")->check(positive_number());
  cmd->add_flag("--fail-on-oom", f->fail_oom, "Exit with status 4 when the peak memory exceeds the GPU's, or the offloaded state the node's host memory");
  cmd->add_option("--chakra", f->chakra, "Write the simulated step graph as per-rank Chakra ET files (schema 0.0.4) into this directory");
  return {cmd, [f](Context&) { return run_run(*f); }};
}

// A directory of Chakra execution traces on a cluster (drive/replay.hpp).
Subcommand add_replay_command(CLI::App& app) {
  auto f = std::make_shared<ReplayFlags>();
  auto* cmd = app.add_subcommand("replay", "Replay per-rank Chakra execution traces (<prefix>.<rank>.et) on a system's cluster");
  cmd->add_option("dir", f->dir, "Directory of Chakra ET files, one per rank (and comm_group.json)")->required();
  cmd->add_option("--system", f->system, "System file (topologies/*.yaml) or a shipped system's name")->required();
  cmd->add_option("--nodes", f->nodes, "Number of nodes joined by the system's fabric")->check(whole_number(1, limits::max_nodes));
  cmd->add_option("--gpus-per-node", f->gpus_per_node, "GPUs of each node the ranks take (default: all)")->check(whole_number(1, limits::max_gpus_per_node));
  cmd->add_option("--precision", f->precision, "Peak used for nodes timed from num_ops: fp32 | tf32 | amp_fp16 | amp_bf16 | fp8");
  cmd->add_option("--solver", f->solver, "incremental (default) | full")->check(solver_flag_check());
  cmd->add_flag("--json", f->json, "Print one JSON object instead of the report");
  cmd->add_flag("--ignore-missing-deps", f->drop_deps,
                "Drop (and count) dependencies on node ids a file does not hold, and on a node itself, instead of refusing the file");
  return {cmd, [f](Context&) { return run_replay(*f); }};
}

Subcommand add_memory_command(CLI::App& app) {
  auto f = std::make_shared<MemoryFlags>();
  auto* cmd = app.add_subcommand("memory", "Peak memory breakdown and the largest batch per strategy");
  cmd->add_option("scenario", f->scenario, "Scenario file")->required();
  cmd->add_option("--set", f->set, "Override a scenario value: key.path=value (repeatable)");
  cmd->add_flag("--json", f->json, "Print one JSON object");
  cmd->add_flag("--fail-on-oom", f->fail_oom, "Exit with status 4 when the scenario does not fit");
  cmd->add_option("--max-seconds", f->max_seconds,
                  "Stop after this many seconds of wall clock: during the scenario's step, exit 7 (no figures); "
                  "during the largest-batch search, the rows say what was found and what was not searched")
      ->check(positive_number());
  return {cmd, [f](Context&) { return run_memory(*f); }};
}

}  // namespace simtrain::cli
