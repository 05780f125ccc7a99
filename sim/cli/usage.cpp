#include "cli/usage.hpp"

#include <iostream>
#include <regex>

#include "scenario/error.hpp"
#include "scenario/files.hpp"

namespace simtrain::cli {

const char* const kExitStatusHelp =
    "Exit status:\n"
    "  0  success\n"
    "  2  bad input: a usage error (unknown command or flag, bad flag value), an input file's error "
    "(file:line:col), or an impossible request\n"
    "  3  internal error\n"
    "  4  --fail-on-oom: the scenario does not fit in GPU memory (or its offloaded state in host memory)\n"
    "  5  validate --strict: a case lies outside its tolerance\n"
    "  6  validate --check-bands: the bands file differs from the bands the model gives now\n"
    "  7  --max-seconds: the simulation stopped at its time limit (no figures)\n"
    "  8  --max-total-seconds: the search's time limit left points not run (the points done are ranked)";

namespace {

// Every spelling of every option of `cmd`: --long and -s.
std::vector<std::string> option_names(const CLI::App& cmd) {
  std::vector<std::string> out;
  for (const CLI::Option* o : cmd.get_options()) {
    for (const std::string& l : o->get_lnames()) out.push_back("--" + l);
    for (const std::string& s : o->get_snames()) out.push_back("-" + s);
  }
  return out;
}

// The first argument that looks like a flag `cmd` does not take, with a near name when there
// is one; "" when every flag is known (the extra argument is a value or a positional).
std::string unknown_flag(const CLI::App& cmd, const std::vector<std::string>& args) {
  static const std::regex number(R"(^-[0-9.].*)");
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") break;
    if (a.size() < 2 || a[0] != '-' || std::regex_match(a, number)) continue;
    const std::string name = a[1] == '-' ? a.substr(0, a.find('=')) : a.substr(0, 2);
    if (cmd.get_option_no_throw(name) != nullptr) continue;
    std::string near = did_you_mean(name, option_names(cmd));
    // A former spelling (flag_checks.hpp add_hidden_alias) is suggested as today's.
    static const std::regex former(R"(^ \(did you mean '(.*)'\?\)$)");
    std::smatch m;
    if (std::regex_match(near, m, former))
      if (const CLI::Option* o = cmd.get_option_no_throw(m[1].str()); o && o->get_group().empty())
        near = " (did you mean '" + o->get_description().substr(o->get_description().rfind(' ') + 1) + "'?)";
    return "'" + printable(name) + "': simtrain " + cmd.get_name() + " has no such flag" + near +
           "; its flags: simtrain " + cmd.get_name() + " --help";
  }
  return {};
}

}  // namespace

std::string unknown_command(const std::string& arg, const std::vector<std::string>& commands) {
  if (arg.empty() || arg[0] == '-' || arg.find_first_of("./") != std::string::npos || exists_quietly(arg)) return {};
  const std::string near = did_you_mean(arg, commands);
  if (near.empty()) return {};
  return "simtrain: error: unknown command '" + printable(arg) + "'" + near + "; the commands: " + join_names(commands) +
         " (a scenario file runs as simtrain FILE.yaml)";
}

int report_parse_error(CLI::App& app, const CLI::ParseError& e, const std::vector<std::string>& args) {
  if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
  std::string message = e.what();
  const CLI::App* cmd = nullptr;
  const CLI::App& top = app;
  for (const CLI::App* c : top.get_subcommands([](const CLI::App*) { return true; }))
    if (!args.empty() && c->get_name() == args[0]) cmd = c;
  if (cmd != nullptr && dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    const std::string flag = unknown_flag(*cmd, args);
    if (!flag.empty()) message = flag;
  }
  // CLI11 names a hidden option (a former spelling, flag_checks.hpp) "": name the one given.
  if (cmd != nullptr)
    for (const CLI::Option* o : cmd->get_options())
      if (o->get_group().empty() && o->count() > 0 && !o->get_lnames().empty()) {
        const std::string name = "--" + o->get_lnames().front();
        if (message.rfind(": ", 0) == 0 || message.rfind(" excludes ", 0) == 0) message = name + message;
        if (message.size() > 9 && message.compare(message.size() - 9, 9, "excludes ") == 0) message += name;
      }
  // CLI11's "--gpus: expected ..." in the form of the other flag errors: "'--gpus': expected ...".
  static const std::regex flag_first(R"(^(-{1,2}[A-Za-z][\w-]*): )");
  message = std::regex_replace(message, flag_first, "'$1': ", std::regex_constants::format_first_only);
  // A flag's bad value says what was expected, as a command's own check does; other usage
  // errors (a missing argument, an extra one) point at --help.
  const bool value = dynamic_cast<const CLI::ValidationError*>(&e) != nullptr;
  std::cerr << "simtrain: error: " << message << (value ? "\n" : "\nRun with --help for more information.\n");
  return kExitUsage;
}

}  // namespace simtrain::cli
