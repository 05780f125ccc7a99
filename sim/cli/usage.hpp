// Usage errors, said the way every other input error is (exit 2, "simtrain: error: 'FLAG': ..."),
// with "did you mean" for a misspelt command or flag (ninja's SpellcheckNode; the scenario's
// keys do the same through did_you_mean). CLI11 finds the error; this only words it.
//
//   simtrain colective dgx_a100    -> simtrain: error: unknown command 'colective' (did you mean 'collective'?) ...
//   simtrain collective x --gpu 4  -> simtrain: error: '--gpu': simtrain collective has no such flag (did you mean '--gpus-per-node'?)
//   simtrain collective x --gpus a -> simtrain: error: '--gpus': expected a whole number from 1 to 4096, got 'a'
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace simtrain::cli {

// The exit statuses (docs/cli.md has the same table); --help's footer.
inline constexpr int kExitUsage = 2;  // as any bad input: one code for "fix the command or the file"
extern const char* const kExitStatusHelp;

// The error for a first argument that is no command and no file but close to a command's
// name ("colective"); "" when it may be a scenario (`simtrain SCENARIO.yaml` runs it).
std::string unknown_command(const std::string& arg, const std::vector<std::string>& commands);

// Prints a CLI11 parse error (help and --version as CLI11 prints them) and returns its exit
// status. `args`: the command line in order, the subcommand first.
int report_parse_error(CLI::App& app, const CLI::ParseError& e, const std::vector<std::string>& args);

}  // namespace simtrain::cli
