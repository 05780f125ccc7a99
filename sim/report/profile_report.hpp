// `simtrain compare --profile` and `simtrain calibrate --profile`: the measured step beside
// the simulated one (drive/profile_fit.hpp), as text and JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "drive/profile_fit.hpp"

namespace simtrain::report {

std::string format_comparison(const drive::ProfileComparison& c);
nlohmann::json to_json(const drive::ProfileComparison& c);
// The fit's summary (before and after), for stderr beside the written file.
std::string format_fit(const drive::ProfileFit& f);

}  // namespace simtrain::report
