// The report of `simtrain replay` (drive/replay.hpp): the iteration time of a Chakra trace on
// a simtrain cluster, its split per rank (GPU compute, communication, communication not hidden
// by compute), the collectives by type, the critical path's last nodes, and what of the trace
// was not simulated (attributes by name, zero-time nodes). Text, or one JSON object.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "chakra/replay_result.hpp"

namespace simtrain::report {

std::string format_replay(const chakra::ReplayResult& r);
nlohmann::ordered_json replay_to_json(const chakra::ReplayResult& r);

}  // namespace simtrain::report
