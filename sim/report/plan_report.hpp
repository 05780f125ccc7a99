// `simtrain plan`: the layout search's table (text) and its JSON (drive/plan.hpp finds them).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "train/plan_result.hpp"

namespace simtrain::report {

// The simulated layouts ranked by time per token, the next ones by their closed-form estimate,
// and the rejected ones counted by reason with an example of each.
std::string format_plan(const train::PlanResult& p, int show_estimated = 10);
nlohmann::json plan_to_json(const train::PlanResult& p);

}  // namespace simtrain::report
