// `simtrain validate`: the simulator against public measurements, case by case
// (report/validation_report.hpp defines the cases and formats the results).
//
// The cases live in the project (`validation/cases.yaml`). Every case is run with the
// library in this process: a collective on a fresh cluster, a GEMM on the cost model, a
// scenario through run_scenario (and the memory search) with the field read from the
// report's JSON.
//
// The cases are the points of a search (drive/search.hpp): point i is the i-th case selected,
// in file order, run on this process, MPI ranks or a journal's resume, each to its record
// (report/search_record.hpp), so the table, JSON and bands are the same byte for byte
// whichever ran them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "drive/search.hpp"
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
// The indices (into `cases`) of the cases `only` selects, in file order; throws as above.
std::vector<std::size_t> selected_cases(const std::vector<report::ValidationCase>& cases,
                                        const std::vector<std::string>& only);
// The same run as `ex` says; nullopt on a process that does not hold every case's record (an
// MPI worker rank). A case that fails stops validate with its error (the first case's).
std::optional<std::vector<report::ValidationResult>> validation_search(const std::vector<report::ValidationCase>& cases,
                                                                       const std::vector<std::string>& only,
                                                                       const SearchExecution& ex);

}  // namespace simtrain::drive
