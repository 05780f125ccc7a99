// The command line's side of what-ifs on the hardware (scenario/file_override.hpp): `collective
// --set` (which has no scenario, so takes only system.* and catalog.* paths) and the lines of
// `simtrain describe` that say how to reach a system file's and the catalog's values.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "scenario/file_override.hpp"

namespace simtrain::cli {

// `--set system.<path>=v` / `--set catalog.<path>=v` of a command without a scenario; any other
// key, or one without '=', is a ScenarioError naming the --set.
HardwareOverrides hardware_sets(const std::vector<std::string>& sets);

// `simtrain describe`'s entries for system.<path> and catalog.<path>, with every key a path may end at.
void describe_hardware_keys(std::ostream& out);

}  // namespace simtrain::cli
