// The report of `simtrain SCENARIO.yaml`: a one-screen text summary, the JSON object of the
// contract (docs/json.md), and a Chrome / Perfetto trace (one track per GPU stream and one for
// the collectives' communication stream).
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
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
// The Chrome / Perfetto trace (JSON): written to `out` event by event (the CLI streams it into
// its output file, cli/output_file.hpp: memory stays that of one event however long the run),
// or returned whole for tests.
void write_chrome_trace(const train::RunResult& r, std::ostream& out);
std::string chrome_trace(const train::RunResult& r);
// The bytes write_chrome_trace writes for a run of this graph, estimated from its tasks before
// the simulation: per slice, the JSON syntax, category, label and track as they will be, and
// each of the two times at 18 characters (17 significant digits and a point, the most a
// microsecond figure with picoseconds takes). A one-step graph's estimate times the steps is
// the run's (drive/run.cpp refuses past limits::max_trace_bytes).
double chrome_trace_bytes(const train::StepGraph& sg);

}  // namespace simtrain::report
