// `simtrain describe`: every scenario key (meaning, unit, default) and the hardware keys --set
// reaches, from the tables that validate them (train::scenario_keys, cli/hardware_sets.hpp).
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "cli/hardware_sets.hpp"
#include "scenario/data_path.hpp"
#include "scenario/error.hpp"
#include "scenario/files.hpp"
#include "serve/serve_spec.hpp"
#include "train/strategy.hpp"

namespace simtrain::cli {

namespace {

int run_describe(const std::string& topic) {
  if (topic == "data-path") {
    std::cout << data_path::describe();
    return 0;
  }
  if (topic == "serve") {
    std::cout << "Serving scenario keys (`simtrain serve`; YAML, or --set key.path=value):\n\n";
    for (const auto& k : serve::serve_scenario_keys().keys)
      std::cout << "  " << k.path << (k.unit.empty() ? "" : " [" + k.unit + "]") << "\n      " << k.meaning
                << "\n      default: " << k.default_value << "\n";
    return 0;
  }
  if (!topic.empty())
    throw ScenarioError("", 0, 0, "describe", "unknown topic '" + topic + "'" + did_you_mean(topic, {"data-path", "serve"}) +
                                                  "; give none (every scenario key), serve (a serving scenario's keys) or data-path");
  std::cout << "Scenario keys (YAML, or --set key.path=value):\n\n";
  for (const auto& k : train::scenario_keys().keys) {
    std::cout << "  " << k.path << (k.unit.empty() ? "" : " [" + k.unit + "]") << "\n      " << k.meaning
              << "\n      default: " << k.default_value << "\n";
  }
  std::cout << "  sweep\n      for `simtrain sweep`: any key path above with a list of values, e.g. "
               "sweep: {nodes: [1, 2, 4], fsdp.sharding: [full_shard, hybrid_shard]}; a run ignores it\n"
               "      default: none\n";
  describe_hardware_keys(std::cout);
  return 0;
}

}  // namespace

Subcommand add_describe_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("describe", "List every scenario key: meaning, unit, default (`describe data-path`: "
                                             "where shipped data is looked up)");
  auto topic = std::make_shared<std::string>();
  cmd->add_option("topic", *topic, "data-path: the folders shipped data is looked up in, in order; serve: a serving scenario's keys");
  return {cmd, [topic](Context&) { return run_describe(*topic); }};
}

}  // namespace simtrain::cli
