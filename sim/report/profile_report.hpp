// `simtrain compare --profile` and `simtrain calibrate --profile`: the measured step beside
// the simulated one (report/profile_result.hpp; drive/profile_fit.hpp computes it), as text and JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "report/profile_result.hpp"

namespace simtrain::report {

std::string format_comparison(const ProfileComparison& c);
nlohmann::json to_json(const ProfileComparison& c);
// The fit's summary (before and after), for stderr beside the written file.
std::string format_fit(const ProfileFit& f);

}  // namespace simtrain::report
