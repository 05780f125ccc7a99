#include "report/search_record.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace simtrain::report {

using nlohmann::json;

namespace {

// The value as the record holds it, for an error: at most 40 bytes of its JSON text.
std::string shown(const json& v) {
  std::string s = v.dump();
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

const json& field(const json& j, const char* key) {
  if (!j.is_object()) throw RecordError("", "expected an object, got " + shown(j));
  if (!j.contains(key)) throw RecordError(key, "missing (simtrain writes it in every such record)");
  return j.at(key);
}

// Text a report prints: control bytes (an escape sequence in an edited file) shown as '?'.
std::string text(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_string()) throw RecordError(key, "expected a string, got " + shown(v));
  return printable(v.get<std::string>(), true);
}

bool flag(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_boolean()) throw RecordError(key, "expected true or false, got " + shown(v));
  return v.get<bool>();
}

// A whole number from `lo` to `hi`, written as one (1e3 and 2.0 are not).
long long whole(const json& j, const char* key, long long lo, long long hi = std::numeric_limits<int>::max()) {
  const json& v = field(j, key);
  const bool in_range = v.is_number_unsigned() ? v.get<unsigned long long>() <= static_cast<unsigned long long>(hi) &&
                                                     (lo <= 0 || v.get<unsigned long long>() >= static_cast<unsigned long long>(lo))
                        : v.is_number_integer() ? v.get<long long>() >= lo && v.get<long long>() <= hi
                                                : false;
  if (!in_range)
    throw RecordError(key, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                               ", got " + shown(v));
  return v.get<long long>();
}
int count(const json& j, const char* key, int lo) { return static_cast<int>(whole(j, key, lo)); }

// What a figure may be: its range, and whether +infinity is a value the simulator writes.
struct Range {
  const char* expected;  // "a positive number of seconds"
  double lo;
  bool lo_open;
  double hi;
  bool inf_ok;  // a whole-run time or cost of a run that never finishes
};
constexpr double kBig = std::numeric_limits<double>::max();
constexpr Range kSeconds{"a positive number of seconds", 0, true, kBig, false};
constexpr Range kSecondsOrZero{"a number of seconds >= 0", 0, false, kBig, false};
constexpr Range kRunSeconds{"a number of seconds >= 0 (or \"inf\": never finishes)", 0, false, kBig, true};
constexpr Range kPositive{"a positive number", 0, true, kBig, false};
constexpr Range kNonNegative{"a number >= 0", 0, false, kBig, false};
constexpr Range kRunTotal{"a number >= 0 (or \"inf\": never finishes)", 0, false, kBig, true};
constexpr Range kFraction{"a fraction from 0 to 1", 0, false, 1, false};
constexpr Range kFinite{"a finite number", -kBig, false, kBig, false};
constexpr Range kRelativeError{"a relative error > -1 (simulated / measured - 1)", -1, true, kBig, false};

double number(const json& j, const char* key, const Range& r) {
  const json& v = field(j, key);
  double x = 0;
  try {
    x = number_from_json(v, key);
  } catch (const std::invalid_argument&) {
    throw RecordError(key, std::string("expected ") + r.expected + ", got " + shown(v));
  }
  const bool ok = std::isfinite(x) ? (r.lo_open ? x > r.lo : x >= r.lo) && x <= r.hi : r.inf_ok && x > 0;
  if (!ok) throw RecordError(key, std::string("expected ") + r.expected + ", got " + shown(v));
  return x;
}

json optional_number(const std::optional<double>& v) { return v ? number_to_json(*v) : json(); }

std::optional<double> optional_number_from(const json& j, const char* key, const Range& r) {
  if (field(j, key).is_null()) return std::nullopt;
  return number(j, key, r);
}

// The error bands of a result, each read as a record of its own; errors name the band.
std::vector<train::ErrorBand> bands_from_record(const json& j);

json band_to_record(const train::ErrorBand& b) {
  return {{"figure", b.figure},          {"kind", b.kind},
          {"found", b.found},            {"cases", b.cases},
          {"sources", b.sources},
          {"median_abs_error", number_to_json(b.median_abs_error)},
          {"p90_abs_error", number_to_json(b.p90_abs_error)},
          {"worst_abs_error", number_to_json(b.worst_abs_error)},
          {"mean_optimism", number_to_json(b.mean_optimism)},
          {"category", b.category},      {"generation", b.generation},
          {"gpus", b.gpus},              {"fallback", b.fallback},
          {"domain", b.domain},          {"validated", b.validated},
          {"not_validated", b.not_validated},
          {"coverage_cases", b.coverage_cases},
          {"inside_median", number_to_json(b.inside_median)},
          {"inside_p90", number_to_json(b.inside_p90)},
          {"description", b.description}};
}

train::ErrorBand band_from_record(const json& j) {
  train::ErrorBand b;
  b.figure = text(j, "figure");
  b.kind = text(j, "kind");
  b.found = flag(j, "found");
  b.cases = count(j, "cases", 0);
  b.sources = count(j, "sources", 0);
  b.median_abs_error = number(j, "median_abs_error", kNonNegative);
  b.p90_abs_error = number(j, "p90_abs_error", kNonNegative);
  b.worst_abs_error = number(j, "worst_abs_error", kNonNegative);
  b.mean_optimism = number(j, "mean_optimism", kFinite);
  b.category = text(j, "category");
  b.generation = text(j, "generation");
  b.gpus = text(j, "gpus");
  b.fallback = flag(j, "fallback");
  b.domain = text(j, "domain");
  b.validated = flag(j, "validated");
  b.not_validated = text(j, "not_validated");
  b.coverage_cases = count(j, "coverage_cases", 0);
  b.inside_median = number(j, "inside_median", kFraction);
  b.inside_p90 = number(j, "inside_p90", kFraction);
  b.description = text(j, "description");
  return b;
}

std::vector<train::ErrorBand> bands_from_record(const json& j) {
  const json& bands = field(j, "error_bands");
  if (!bands.is_array()) throw RecordError("error_bands", "expected a list, got " + shown(bands));
  std::vector<train::ErrorBand> out;
  for (std::size_t i = 0; i < bands.size(); ++i) {
    try {
      out.push_back(band_from_record(bands[i]));
    } catch (const RecordError& e) {
      throw e.within("error_bands[" + std::to_string(i) + "]");
    }
  }
  return out;
}

}  // namespace

json number_to_json(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

RecordError::RecordError(std::string key, std::string message)
    : std::invalid_argument(key.empty() ? message : "field '" + key + "': " + message),
      key_(std::move(key)),
      message_(std::move(message)) {}

RecordError RecordError::within(const std::string& prefix) const {
  if (key_.empty()) return RecordError(prefix, message_);
  return RecordError(key_.front() == '[' ? prefix + key_ : prefix + "." + key_, message_);
}

std::string stored_error(const json& record) { return text(record, "error"); }

double number_from_json(const json& j, const char* what) {
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
  }
  throw std::invalid_argument(std::string("field '") + what + "': expected a number");
}

json scenario_error_to_json(const ScenarioError& e) {
  return {{"file", e.file()}, {"line", e.line()},         {"col", e.col()},
          {"key", e.key()},   {"message", e.message()}, {"context", e.context()}};
}

ScenarioError scenario_error_from_json(const json& j) {
  return ScenarioError(text(j, "file"), count(j, "line", 0), count(j, "col", 0), text(j, "key"),
                       text(j, "message"), text(j, "context"));
}

json sweep_result_to_json(const train::RunResult& r) {
  json bands = json::array();
  for (const train::ErrorBand& b : r.error_bands) bands.push_back(band_to_record(b));
  return {{"scenario", r.scenario},
          {"gpus", r.gpus},
          {"step_time_s", number_to_json(r.step_time_s)},
          {"samples_per_s", number_to_json(r.samples_per_s)},
          {"tokens_per_s", number_to_json(r.tokens_per_s)},
          {"tflops_per_gpu", number_to_json(r.tflops_per_gpu)},
          {"mfu", number_to_json(r.mfu)},
          {"memory_peak_bytes", number_to_json(r.memory_peak_bytes)},
          {"memory_capacity_bytes", number_to_json(r.memory_capacity_bytes)},
          {"oom", r.oom},
          {"bottleneck", r.bottleneck},
          {"priced", r.priced},
          {"cost_basis", r.cost_inputs.basis},
          {"batch_per_gpu", r.batch_per_gpu},
          {"grad_accumulation", r.grad_accumulation},
          {"cost_per_step", number_to_json(r.cost_per_step)},
          {"joules_per_step", number_to_json(r.joules_per_step)},
          {"rent_per_step", optional_number(r.step_cost.rent)},
          {"own_per_step", optional_number(r.step_cost.own)},
          {"error_bands", bands}};
}

train::RunResult sweep_result_from_json(const json& j) {
  train::RunResult r;
  r.scenario = text(j, "scenario");
  r.gpus = count(j, "gpus", 1);
  r.step_time_s = number(j, "step_time_s", kSeconds);
  r.samples_per_s = number(j, "samples_per_s", kPositive);
  r.tokens_per_s = number(j, "tokens_per_s", kNonNegative);
  r.tflops_per_gpu = number(j, "tflops_per_gpu", kNonNegative);
  r.mfu = number(j, "mfu", kFraction);
  r.memory_peak_bytes = number(j, "memory_peak_bytes", kNonNegative);
  r.memory_capacity_bytes = number(j, "memory_capacity_bytes", kPositive);
  r.oom = flag(j, "oom");
  r.bottleneck = text(j, "bottleneck");
  r.priced = flag(j, "priced");
  r.cost_inputs.basis = text(j, "cost_basis");
  r.batch_per_gpu = whole(j, "batch_per_gpu", 1, std::numeric_limits<long long>::max());
  r.grad_accumulation = whole(j, "grad_accumulation", 1, std::numeric_limits<long long>::max());
  r.cost_per_step = number(j, "cost_per_step", kNonNegative);
  r.joules_per_step = number(j, "joules_per_step", kNonNegative);
  r.step_cost.rent = optional_number_from(j, "rent_per_step", kNonNegative);
  r.step_cost.own = optional_number_from(j, "own_per_step", kNonNegative);
  r.error_bands = bands_from_record(j);
  return r;
}

json advise_result_to_json(const train::RunResult& r) {
  json bands = json::array();
  for (const train::ErrorBand& b : r.error_bands) bands.push_back(band_to_record(b));
  return {{"gpus", r.gpus},
          {"step_time_s", number_to_json(r.step_time_s)},
          {"samples_per_s", number_to_json(r.samples_per_s)},
          {"tokens_per_s", number_to_json(r.tokens_per_s)},
          {"memory_peak_bytes", number_to_json(r.memory_peak_bytes)},
          {"memory_capacity_bytes", number_to_json(r.memory_capacity_bytes)},
          {"oom", r.oom},
          {"host_oom", r.host_oom},
          {"bottleneck", r.bottleneck},
          {"data_limiter_detail", r.data.limiter_detail},
          {"priced", r.priced},
          {"run_hours", number_to_json(r.run_hours)},
          {"run_cost", number_to_json(r.run_cost)},
          {"run_energy_kwh", number_to_json(r.run_energy_kwh)},
          {"run_rent", optional_number(r.run_cost_figures.rent)},
          {"run_own", optional_number(r.run_cost_figures.own)},
          {"cost_gpus", r.cost_inputs.gpus},
          {"cost_nodes", r.cost_inputs.nodes},
          {"gpu_purchase", optional_number(r.cost_inputs.gpu_purchase.value)},
          {"node_price", optional_number(r.cost_inputs.node_price.value)},
          {"whole_run_enabled", r.whole_run.enabled},
          {"finishes", r.whole_run.expected.finishes},
          {"work_s", number_to_json(r.whole_run.expected.work_s)},
          {"wall_s", number_to_json(r.whole_run.expected.wall_s)},
          {"error_bands", bands}};
}

train::RunResult advise_result_from_json(const json& j) {
  train::RunResult r;
  r.gpus = count(j, "gpus", 1);
  r.step_time_s = number(j, "step_time_s", kSeconds);
  r.samples_per_s = number(j, "samples_per_s", kPositive);
  r.tokens_per_s = number(j, "tokens_per_s", kNonNegative);
  r.memory_peak_bytes = number(j, "memory_peak_bytes", kNonNegative);
  r.memory_capacity_bytes = number(j, "memory_capacity_bytes", kPositive);
  r.oom = flag(j, "oom");
  r.host_oom = flag(j, "host_oom");
  r.bottleneck = text(j, "bottleneck");
  r.data.limiter_detail = text(j, "data_limiter_detail");
  r.priced = flag(j, "priced");
  r.run_hours = number(j, "run_hours", kRunTotal);
  r.run_cost = number(j, "run_cost", kRunTotal);
  r.run_energy_kwh = number(j, "run_energy_kwh", kRunTotal);
  r.run_cost_figures.rent = optional_number_from(j, "run_rent", kRunTotal);
  r.run_cost_figures.own = optional_number_from(j, "run_own", kRunTotal);
  r.cost_inputs.gpus = count(j, "cost_gpus", 0);
  r.cost_inputs.nodes = count(j, "cost_nodes", 0);
  r.cost_inputs.gpu_purchase.value = optional_number_from(j, "gpu_purchase", kNonNegative);
  r.cost_inputs.node_price.value = optional_number_from(j, "node_price", kNonNegative);
  r.whole_run.enabled = flag(j, "whole_run_enabled");
  r.whole_run.expected.finishes = flag(j, "finishes");
  r.whole_run.expected.work_s = number(j, "work_s", kRunSeconds);
  r.whole_run.expected.wall_s = number(j, "wall_s", kRunSeconds);
  r.error_bands = bands_from_record(j);
  return r;
}

AdviseRecordText advise_text_from_record(const json& record) {
  AdviseRecordText t;
  const json& sets = field(record, "sets");
  if (!sets.is_array()) throw RecordError("sets", "expected a list of overrides, got " + shown(sets));
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (!sets[i].is_string()) throw RecordError("sets[" + std::to_string(i) + "]", "expected a string, got " + shown(sets[i]));
    t.sets.push_back(printable(sets[i].get<std::string>()));
  }
  t.layout = text(record, "layout");
  t.skipped = text(record, "skipped");
  return t;
}

json plan_result_to_json(const train::RunResult& r) {
  return {{"gpus", r.gpus},
          {"step_time_s", number_to_json(r.step_time_s)},
          {"samples_per_s", number_to_json(r.samples_per_s)},
          {"tokens_per_s", number_to_json(r.tokens_per_s)},
          {"mfu", number_to_json(r.mfu)},
          {"bubble_s", number_to_json(r.bubble_s)},
          {"comm_exposed_s", number_to_json(r.comm_exposed_s)},
          {"memory_peak_bytes", number_to_json(r.memory_peak_bytes)},
          {"memory_peak_at", r.memory_peak_at},
          {"oom", r.oom}};
}

train::RunResult plan_result_from_json(const json& j) {
  train::RunResult r;
  r.gpus = count(j, "gpus", 1);
  r.step_time_s = number(j, "step_time_s", kSeconds);
  r.samples_per_s = number(j, "samples_per_s", kPositive);
  r.tokens_per_s = number(j, "tokens_per_s", kNonNegative);
  r.mfu = number(j, "mfu", kFraction);
  r.bubble_s = number(j, "bubble_s", kSecondsOrZero);
  r.comm_exposed_s = number(j, "comm_exposed_s", kSecondsOrZero);
  r.memory_peak_bytes = number(j, "memory_peak_bytes", kNonNegative);
  r.memory_peak_at = text(j, "memory_peak_at");
  r.oom = flag(j, "oom");
  return r;
}

json validation_result_to_json(const ValidationResult& r) {
  return {{"simulated", number_to_json(r.simulated)},
          {"error", number_to_json(r.error)},
          {"within", r.within},
          {"detail", r.detail},
          {"gpu", r.gpu},
          {"gpu_arch", r.gpu_arch},
          {"gpus", r.gpus},
          {"nodes", r.nodes},
          {"software", r.software},
          {"oversubscription", number_to_json(r.oversubscription)}};
}

ValidationResult validation_result_from_json(const json& j, const ValidationCase& c) {
  ValidationResult r;
  r.c = c;
  r.simulated = number(j, "simulated", kPositive);
  r.error = number(j, "error", kRelativeError);
  r.within = flag(j, "within");
  r.detail = text(j, "detail");
  r.gpu = text(j, "gpu");
  r.gpu_arch = text(j, "gpu_arch");
  r.gpus = count(j, "gpus", 1);
  r.nodes = count(j, "nodes", 1);
  r.software = text(j, "software");
  r.oversubscription = number(j, "oversubscription", kPositive);
  return r;
}

}  // namespace simtrain::report
