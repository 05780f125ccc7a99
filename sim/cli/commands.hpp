// simtrain's subcommands, one small unit each: a subcommand declares its flags on CLI11 and
// hands back the action that runs it once parsing chose it. main.cpp's run_main builds the
// table (kSubcommands, in the order --help lists them), parses, dispatches to the chosen
// action and maps errors to exit codes; nothing else.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

#include "coll/collective.hpp"

namespace simtrain::cli {

class Dist;

// What every action may need from run_main.
struct Context {
  Dist& dist;                 // the MPI job a search runs in, or one process
  const std::string& version; // `simtrain --version`'s text, kept in searches' identities
};

// One parsed subcommand: its CLI11 app and its action (returns the exit status).
struct Subcommand {
  CLI::App* app = nullptr;
  std::function<int(Context&)> run;
  bool search = false;  // a search: it joins an MPI job when launched as one (cli/search_cli.hpp)
};

// Each adds one subcommand to `app`; its flags live with the action (cli/cmd_*.cpp).
Subcommand add_run_command(CLI::App& app);         // cmd_run.cpp
Subcommand add_replay_command(CLI::App& app);      // cmd_run.cpp
Subcommand add_memory_command(CLI::App& app);      // cmd_run.cpp
Subcommand add_compare_command(CLI::App& app);     // cmd_profile.cpp
Subcommand add_calibrate_command(CLI::App& app);   // cmd_profile.cpp
Subcommand add_plan_command(CLI::App& app);        // cmd_search.cpp
Subcommand add_sweep_command(CLI::App& app);       // cmd_search.cpp
Subcommand add_merge_command(CLI::App& app);       // cmd_search.cpp
Subcommand add_advise_command(CLI::App& app);      // cmd_search.cpp
Subcommand add_describe_command(CLI::App& app);    // cmd_describe.cpp
Subcommand add_collective_command(CLI::App& app);  // cmd_collective.cpp
Subcommand add_topo_command(CLI::App& app);        // cmd_topo.cpp
Subcommand add_validate_command(CLI::App& app);    // cmd_search.cpp
Subcommand add_serve_command(CLI::App& app);       // cmd_serve.cpp

// A system given by path, or by name from the shipped topologies/ ("dgx_a100").
std::string resolve_system(const std::string& arg);

// --op's collective ("all_reduce", "allreduce"; coll::kOpNames, all_to_all left out): collective
// and calibrate; op_flag_check() is the flag's CLI11 check, so parse_op sees only a name it takes.
coll::Op parse_op(const std::string& s);
CLI::Validator op_flag_check();
// --solver: incremental | full (run, replay, collective).
CLI::Validator solver_flag_check();

}  // namespace simtrain::cli
