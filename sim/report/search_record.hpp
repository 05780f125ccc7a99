// The serialized form of one point of a search (drive/search.hpp): what a point's run leaves
// for the ranking, as one JSON object, so that a point run on another thread, another MPI rank,
// another Slurm array task or before an interruption ranks and prints byte for byte as if it
// had run here. Every search's results go through this form, one process included, so the
// golden outputs test it.
//
// Format (record version 1): a JSON object; "point" is the index in the search's order, then
// one of
//   "result": {...}        the figures the search's report reads (below), nothing else
//   "error": "reason"      the point could not be simulated (a row with the reason)
//   "input_error": {file, line, col, key, message, context}
//                          a ScenarioError the point met (the search stops with it)
//   "internal_error": "what"   anything else (the search stops with exit 3, as before)
// Numbers are JSON numbers written with the shortest text that reads back to the same double
// (nlohmann's Grisu2); +-infinity and NaN, which JSON lacks, are the strings "inf", "-inf",
// "nan". Absent optional figures are null.
//
// Read back, a record is input like any other (it may come from another machine's part file,
// edited or damaged): every field is type-checked and every figure range-checked as the
// simulator writes it, and the first field out of place is a RecordError naming it
// ("step_time_s": expected a positive number of seconds, got -1). The ranges: times per step
// > 0; bubble and exposed communication >= 0; rates, bytes, energies and prices >= 0 and
// finite (a whole run's time, cost and energy may be "inf": a run that never finishes);
// samples/s and memory capacity > 0; MFU and the bands' coverage fractions in [0, 1]; GPU,
// node, batch and accumulation counts whole and >= 1; a validation error > -1 (simulated > 0).
// NaN is refused everywhere. Text fields read back with control bytes shown as '?'
// (scenario/error.hpp printable()): a report prints them.
//
// A sweep point's "result" carries the RunResult fields report/sweep_report.hpp and the sweep
// page of report/html_report.hpp read: scenario, gpus, step_time_s, samples_per_s,
// tokens_per_s, tflops_per_gpu, mfu, memory_peak_bytes, memory_capacity_bytes, oom,
// bottleneck, priced, cost_basis, batch_per_gpu, grad_accumulation, cost_per_step,
// joules_per_step, rent and own per step, error_bands. A report that starts reading another
// field must add it here (the byte-for-byte tests of tests/cli/dist_*.sh fail otherwise).
//
// An advise configuration's record also carries "sets" (the overrides that reproduce it, the
// layout's included), "layout" and "skipped"; its "result" the fields report/advise_report.hpp
// reads: gpus, step_time_s, samples_per_s, tokens_per_s, memory_peak_bytes,
// memory_capacity_bytes, oom, host_oom,
// bottleneck, data_limiter_detail, priced, run_hours, run_cost, run_energy_kwh, run_rent,
// run_own, cost_gpus, cost_nodes, gpu_purchase, node_price, whole_run_enabled, finishes,
// work_s, wall_s, error_bands.
//
// A plan layout's record (drive/plan.hpp: a point is one of the layouts simulated in full)
// carries in "result" what report/plan_report.hpp and the search read: gpus, step_time_s,
// samples_per_s, tokens_per_s, mfu, bubble_s, comm_exposed_s, memory_peak_bytes,
// memory_peak_at, oom.
//
// A validation case's record (drive/validate.hpp: a point is one case) carries in "result"
// simulated, error, within, detail, gpu, gpu_arch: the case itself is the cases file's.
//
// In plan and validate a point that fails stops the command, as when run one by one: its
// record is "input_error" (a ScenarioError, exit 2), "error" (std::invalid_argument: the
// simulator refused the point, exit 2) or "internal_error" (exit 3), and the failure of the
// lowest point is the one reported.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "scenario/error.hpp"
#include "report/validation_report.hpp"
#include "train/run_result.hpp"

namespace simtrain::report {

// A field of a record read back that is not what the simulator writes. `key` is its path in
// the record ("step_time_s", "error_bands[0].cases"; "" the record itself), `message` what was
// expected and what it held. what() is "field 'KEY': MESSAGE".
class RecordError : public std::invalid_argument {
 public:
  RecordError(std::string key, std::string message);
  const std::string& key() const { return key_; }
  const std::string& message() const { return message_; }
  // The same error with its key under `prefix` ("result" + "step_time_s": "result.step_time_s").
  RecordError within(const std::string& prefix) const;

 private:
  std::string key_, message_;
};

// read(record["result"]) with a RecordError's key under "result" ("result": missing when the
// record has none).
template <class Read>
auto result_from_record(const nlohmann::json& record, Read read) -> decltype(read(record)) {
  if (!record.is_object() || !record.contains("result")) throw RecordError("result", "missing");
  try {
    return read(record.at("result"));
  } catch (const RecordError& e) {
    throw e.within("result");
  }
}

// A record's stored "error" text, shown as printed (control bytes as '?').
std::string stored_error(const nlohmann::json& record);

// A double as JSON (non-finite as a string) and back; `what` names the field in errors.
nlohmann::json number_to_json(double v);
double number_from_json(const nlohmann::json& j, const char* what);

nlohmann::json scenario_error_to_json(const ScenarioError& e);
ScenarioError scenario_error_from_json(const nlohmann::json& j);

// A sweep point's figures (the fields listed above) and back: the RunResult read back holds
// those fields and defaults elsewhere. The readers throw RecordError on a malformed record.
nlohmann::json sweep_result_to_json(const train::RunResult& r);
train::RunResult sweep_result_from_json(const nlohmann::json& j);

// An advise configuration's figures (the fields listed above) and back.
nlohmann::json advise_result_to_json(const train::RunResult& r);
train::RunResult advise_result_from_json(const nlohmann::json& j);

// An advise record's "sets", "layout" and "skipped", read back (type-checked, text escaped).
struct AdviseRecordText {
  std::vector<std::string> sets;
  std::string layout, skipped;
};
AdviseRecordText advise_text_from_record(const nlohmann::json& record);

// A plan layout's simulated figures (the fields listed above) and back.
nlohmann::json plan_result_to_json(const train::RunResult& r);
train::RunResult plan_result_from_json(const nlohmann::json& j);

// A validation case's outcome (the fields listed above) and back: `c` is the case it is of.
nlohmann::json validation_result_to_json(const ValidationResult& r);
ValidationResult validation_result_from_json(const nlohmann::json& j, const ValidationCase& c);

}  // namespace simtrain::report
