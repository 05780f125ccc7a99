// The report of `simtrain SCENARIO.yaml`: a one-screen text summary, the JSON object of the
// contract (DESIGN §10), and a Chrome / Perfetto trace (one track per GPU stream and one for
// the collectives' communication stream).
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "train/run_result.hpp"

namespace simtrain::report {

std::string format_run(const train::RunResult& r);
nlohmann::json run_to_json(const train::RunResult& r);
// `simtrain memory`: the breakdown at the peak and the largest batch per strategy.
std::string format_memory(const train::RunResult& r);
// A whole number with thousands separators: 16,180.
std::string thousands(double v);
// A count in words of its size: 50.0 B, 1.2 M, 45,000.
std::string count_text(double n);
nlohmann::json memory_to_json(const train::RunResult& r);
// The trace as a string (the CLI writes it atomically).
std::string chrome_trace(const train::RunResult& r);

}  // namespace simtrain::report
