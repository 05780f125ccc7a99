// simtrain's command line: parses arguments, calls the library, maps errors to exit codes.
//   0  success
//   2  bad input: a usage error (CLI11's or a command's own check: one code), a ScenarioError
//      (file:line:col) or an impossible request (out of memory included)
//   3  internal error
//   4  the scenario does not fit in GPU memory (or its offloaded state in host memory) and --fail-on-oom was given
//   5  `validate --strict`: a case lies outside its tolerance
//   6  `validate --check-bands FILE`: FILE differs from the error bands the model gives now
//   7  --max-seconds: the simulation stopped at the time limit (no figures)
//   8  --max-total-seconds (sweep, advise): the search's time limit left points not run; the
//      points done are ranked, the rest listed as not run
// (1 is not used: CLI11's usage errors gave it before they joined 2. cli/usage.hpp's
// kExitStatusHelp prints this table in --help; docs/cli.md keeps it too.)
#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/output_file.hpp"
#include "cli/search_cli.hpp"
#include "cli/usage.hpp"
#include "cli/version.hpp"
#include "drive/run.hpp"
#include "engine/executor.hpp"
#include "scenario/data_path.hpp"
#include "scenario/error.hpp"
#include "scenario/limits.hpp"

namespace {

using namespace simtrain;

// The subcommands, in the order `simtrain --help` lists them (cli/commands.hpp).
constexpr cli::Subcommand (*kSubcommands[])(CLI::App&) = {
    cli::add_run_command,      cli::add_serve_command,    cli::add_replay_command, cli::add_memory_command, cli::add_compare_command,
    cli::add_calibrate_command, cli::add_plan_command,    cli::add_sweep_command,  cli::add_merge_command,
    cli::add_advise_command,   cli::add_describe_command, cli::add_collective_command, cli::add_topo_command,
    cli::add_validate_command};

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

}  // namespace

int run_main(int argc, char** argv, cli::Dist& dist) {
  CLI::App app{"simtrain: a discrete-event simulator of deep-learning training on GPU clusters\n"
               "  simtrain SCENARIO.yaml [--set key.path=value]... [--json] [--trace out.json] [--html out.html] [--steps N]"};
  app.name("simtrain");
  app.require_subcommand(1);
  app.set_version_flag("--version", cli::version_line());
  std::vector<cli::Subcommand> commands;
  std::vector<std::string> names;
  for (auto add : kSubcommands) {
    commands.push_back(add(app));
    names.push_back(commands.back().app->get_name());
  }
  app.footer(cli::kExitStatusHelp);  // after the subcommands: theirs would inherit it

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
  const bool named = !args.empty() && std::find(names.begin(), names.end(), args[0]) != names.end();
  if (!args.empty() && args[0].rfind("-", 0) != 0 && !named) {
    const std::string near = cli::unknown_command(args[0], names);
    if (!near.empty()) {
      std::cerr << near << "\n";
      return cli::kExitUsage;
    }
    args.insert(args.begin(), "run");
  }
  try {
    app.parse(std::vector<std::string>(args.rbegin(), args.rend()));  // CLI11 takes a reversed vector
  } catch (const CLI::ParseError& e) {
    return cli::report_parse_error(app, e, args);
  }

  const std::string version = cli::journal_version();  // what journals store (cli/version.hpp)
  cli::Context ctx{dist, version};
  try {
    for (const cli::Subcommand& c : commands) {
      if (!*c.app) continue;
      // The searches under a launcher: an MPI job, or a refusal (cli/search_cli.hpp).
      if (c.search) dist.start(&argc, &argv);
      return c.run(ctx);
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
