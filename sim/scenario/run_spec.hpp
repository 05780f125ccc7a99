// The `run:` block of a scenario: the whole training run that the per-run figures describe.
// Its length is given one way (run.tokens, run.samples, run.epochs with the dataset's size, or
// run.steps: an amount of training, or a count of steps at the scenario's own global batch);
// the rest is what the expected wall clock adds to the steps' time (train/goodput.hpp):
// checkpoints (run.checkpoint.interval, run.checkpoint.storage), failures
// (run.failures.per_gpu_hour, run.failures.per_node_hour) and the restart after one
// (run.restart). Figures not given come from topologies/reliability.yaml (failures, relaunch)
// or from the system (the storage a checkpoint goes to). Parsed once at the edge; every
// mistake is a ScenarioError at its key.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "scenario/yaml_doc.hpp"

namespace simtrain {

struct KeyTable;  // scenario/scenario.hpp

struct RunSpec {
  enum class Length { none, steps, tokens, samples, epochs };
  Length length = Length::none;
  long long steps = 0;   // run.steps
  double tokens = 0;     // run.tokens
  double samples = 0;    // run.samples
  double epochs = 0;     // run.epochs, over dataset_samples samples
  long long dataset_samples = 0;
  std::string dataset_from;            // "run.dataset_samples" | "data.dataset.samples"
  std::optional<Field> length_field;   // the key that gave the length
  double checkpoint_interval_s = 0;    // 0: auto, Young's optimum sqrt(2 x write time x MTBF)
  std::vector<std::string> checkpoint_storage;  // storage devices (striped); empty: the default
  std::optional<Field> storage_field;
  std::optional<Field> where;          // the run: block
  // Unset: topologies/reliability.yaml's.
  std::optional<double> failures_per_gpu_hour, failures_per_node_hour, restart_s;

  bool enabled() const { return length != Length::none; }
};

// Parses `run:` (checked against `table`'s run.* keys). `root` is the scenario (its data
// block gives an epoch's size); `overridden` the keys --set changed, in the order applied: a
// length given with --set replaces the file's (a what-if; of several, the last), two lengths
// in the file are an error.
RunSpec parse_run(const Field& run, const Field& root, const KeyTable& table, const std::vector<std::string>& overridden);

}  // namespace simtrain
