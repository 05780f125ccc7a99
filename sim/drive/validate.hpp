// `simtrain validate`: the simulator against public measurements, case by case
// (report/validation_report.hpp defines the cases and formats the results).
//
// The cases live in the project (`validation/cases.yaml`). Every case is run with the
// library in this process: a collective on a fresh cluster, a GEMM on the cost model, a
// scenario through run_scenario (and the memory search) with the field read from the
// report's JSON.
#pragma once

#include <string>
#include <vector>

#include "report/validation_report.hpp"

namespace simtrain::drive {

// Reads a cases file; YAML and schema errors are ScenarioErrors with file:line:col.
std::vector<report::ValidationCase> load_cases(const std::string& path);
// The project's own cases file.
std::string default_cases_path();

// Runs one case with the library (no processes).
report::ValidationResult run_case(const report::ValidationCase& c);
// Runs the cases whose key or id is in `only` (all when empty); an unknown name is an error.
std::vector<report::ValidationResult> run_validation(const std::vector<report::ValidationCase>& cases,
                                                     const std::vector<std::string>& only);

}  // namespace simtrain::drive
