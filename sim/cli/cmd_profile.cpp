// `simtrain compare` and `calibrate`: a user's measurements against the model. compare holds
// a PyTorch profiler trace beside the simulated step (drive/profile_fit.hpp); calibrate fits
// the compute model to such a trace, or the network model to an nccl-tests log
// (drive/net_fit.hpp), into a calibration file.
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/version.hpp"
#include "cli/flag_checks.hpp"
#include "cli/output_file.hpp"
#include "drive/net_fit.hpp"
#include "drive/profile_fit.hpp"
#include "report/net_fit_report.hpp"
#include "report/profile_report.hpp"
#include "scenario/error.hpp"
#include "scenario/limits.hpp"
#include "scenario/nccl_tests_log.hpp"
#include "scenario/scenario.hpp"
#include "train/strategy.hpp"
#include "work/calibration.hpp"

namespace simtrain::cli {

namespace {

struct CompareFlags {
  std::string profile, scenario;
  std::vector<std::string> set;
  int device = -1;
  bool json = false, force_device = false;
};

int run_compare(const CompareFlags& f) {
  ScenarioSpec spec = load_scenario(f.scenario, f.set);
  const drive::ProfileTrace trace = drive::load_profile_trace(f.profile);
  const drive::ProfileComparison c = drive::compare_profile(spec, trace, {f.device, f.force_device});
  if (f.json) print_json(std::cout, report::to_json(c));
  else std::cout << report::format_comparison(c);
  return 0;
}

struct CalibrateFlags {
  std::string profile, scenario, out, nccl, system, op, base;
  std::vector<std::string> set;
  int device = -1, nodes = 1, gpus = 0;
  bool force_device = false;
  CLI::Option *nodes_opt = nullptr, *gpus_opt = nullptr, *gpus_alias = nullptr, *op_opt = nullptr, *base_opt = nullptr;
};

// calibrate --nccl-tests: the network model fitted to a measured log.
int calibrate_network(const CalibrateFlags& f) {
  if (!f.profile.empty())
    throw ScenarioError("", 0, 0, "--nccl-tests", "give one of --profile (the compute model) and --nccl-tests (the network model)");
  if (!f.scenario.empty() || !f.set.empty() || f.device >= 0)
    throw ScenarioError("", 0, 0, "--nccl-tests", "fits the network model of a system: give --system, not a scenario, --set or --device");
  if (f.system.empty()) throw ScenarioError("", 0, 0, "--system", "required with --nccl-tests: the system the log ran on");
  check_output_path("-o", f.out);
  const NcclTestsLog log = read_nccl_tests_log(f.nccl);
  drive::NetFitOptions no;
  no.system_path = resolve_system(f.system);
  no.nodes = f.nodes;
  no.gpus_per_node = f.gpus;
  no.force_device = f.force_device;
  if (f.op_opt->count() > 0) no.asked_op = parse_op(f.op);
  if (!f.base.empty()) {
    no.base = work::load_network_calibration(f.base);
    if (no.base.empty())
      throw ScenarioError(f.base, 0, 0, "--base", "this calibration file has no network section (fit one with simtrain calibrate --nccl-tests)");
  }
  drive::NetFit fit = drive::fit_network(log, no);
  write_file_atomic(f.out, fit.yaml);
  fit.report.output_path = f.out;
  std::cout << report::format_net_fit(fit.report);
  return 0;
}

// calibrate --profile: the compute model fitted to a profiler trace of the scenario's run.
int calibrate_compute(const CalibrateFlags& f) {
  if (f.profile.empty()) throw ScenarioError("", 0, 0, "--profile", "calibrate needs --profile TRACE SCENARIO (the compute model) or --nccl-tests LOG --system SYSTEM (the network model)");
  if (f.scenario.empty()) throw ScenarioError("", 0, 0, "scenario", "required with --profile: the scenario file that describes the traced run");
  if (!f.system.empty() || f.nodes_opt->count() > 0 || f.gpus_opt->count() + f.gpus_alias->count() > 0 || f.op_opt->count() > 0 ||
      f.base_opt->count() > 0)
    throw ScenarioError("", 0, 0, "--profile", "--system, --nodes, --gpus-per-node and --op go with --nccl-tests");
  check_output_path("-o", f.out);
  ScenarioSpec spec = load_scenario(f.scenario, f.set);
  const drive::ProfileTrace trace = drive::load_profile_trace(f.profile);
  const drive::ProfileFit fit = drive::fit_profile(spec, trace, {f.device, f.force_device});
  write_file_atomic(f.out, fit.yaml);
  std::cerr << report::format_fit(fit);
  return 0;
}

}  // namespace

Subcommand add_compare_command(CLI::App& app) {
  auto f = std::make_shared<CompareFlags>();
  auto* cmd = app.add_subcommand("compare", "A PyTorch profiler trace of real steps beside the simulated step: compute, exposed communication, idle, kernels by kind");
  cmd->add_option("--profile", f->profile, "torch.profiler trace (Chrome/Kineto JSON) of training steps")->required();
  cmd->add_option("scenario", f->scenario, "The scenario that describes the traced run")->required();
  cmd->add_option("--set", f->set, "Override a scenario value: key.path=value (repeatable)");
  cmd->add_option("--device", f->device, "The traced GPU to compare (default: the lowest device with kernels)")->check(whole_number(0, 4095));
  cmd->add_flag("--json", f->json, "Print one JSON object");
  cmd->add_flag("--force-device", f->force_device,
                "Compare a trace whose GPU (its deviceProperties) is not the scenario's (said in the output)");
  return {cmd, [f](Context&) { return run_compare(*f); }};
}

Subcommand add_calibrate_command(CLI::App& app) {
  auto f = std::make_shared<CalibrateFlags>();
  auto* cmd = app.add_subcommand("calibrate", "Fit the compute model to a PyTorch profiler trace of the scenario's run (--profile), "
                                              "or the network model to an nccl-tests log (--nccl-tests), into a calibration file");
  cmd->add_option("--profile", f->profile, "torch.profiler trace (Chrome/Kineto JSON) of training steps");
  auto* scenario = cmd->add_option("scenario", f->scenario, "The scenario that describes the traced run (with --profile)");
  add_hidden_alias(cmd, "--scenario", f->scenario, scenario);
  cmd->add_option("--set", f->set, "Override a scenario value: key.path=value (repeatable)");
  cmd->add_option("--device", f->device, "The traced GPU to fit (default: the lowest device with kernels)")->check(whole_number(0, 4095));
  cmd->add_option("--nccl-tests", f->nccl, "A measured nccl-tests log (all_reduce_perf ... output): fit the network model to it");
  cmd->add_option("--system", f->system, "The system the log ran on (with --nccl-tests): a file or a shipped system's name");
  f->nodes_opt = cmd->add_option("--nodes", f->nodes, "Nodes the log ran on (with --nccl-tests)")->check(whole_number(1, limits::max_nodes));
  f->gpus_opt = cmd->add_option("--gpus-per-node", f->gpus, "GPUs per node the log ran on (default: all)")
                    ->check(whole_number(1, limits::max_gpus_per_node));
  f->gpus_alias = add_hidden_alias(cmd, "--gpus", f->gpus, f->gpus_opt)->check(whole_number(1, limits::max_gpus_per_node));
  f->op_opt = cmd->add_option("--op", f->op, "all_reduce | reduce_scatter | all_gather | broadcast: confirms the log's")
                  ->check(op_flag_check());
  f->base_opt = cmd->add_option("--base", f->base,
                                "A network calibration of the other scope (a one-node fit under a multi-node log, or the reverse): "
                                "its figures hold during the fit and the written file holds both fits");
  cmd->add_flag("--force-device", f->force_device,
                "Fit an nccl-tests log (its device lines) or a profiler trace (its deviceProperties) of another GPU "
                "than the system's or the scenario's (said in the report)");
  cmd->add_option("-o,--output", f->out, "The calibration file to write (a scenario names it with `calibration:`)")->required();
  return {cmd, [f](Context&) { return f->nccl.empty() ? calibrate_compute(*f) : calibrate_network(*f); }};
}

}  // namespace simtrain::cli
