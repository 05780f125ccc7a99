#include "report/search_record.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace simtrain::report {

using nlohmann::json;

namespace {

const json& field(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) throw std::invalid_argument(std::string("missing field '") + key + "'");
  return j.at(key);
}

std::string text(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_string()) throw std::invalid_argument(std::string("field '") + key + "': expected a string");
  return v.get<std::string>();
}

bool flag(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_boolean()) throw std::invalid_argument(std::string("field '") + key + "': expected true or false");
  return v.get<bool>();
}

long long whole(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_number_integer()) throw std::invalid_argument(std::string("field '") + key + "': expected a whole number");
  return v.get<long long>();
}

int small_whole(const json& j, const char* key) {
  const long long v = whole(j, key);
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
    throw std::invalid_argument(std::string("field '") + key + "': out of range");
  return static_cast<int>(v);
}

double number(const json& j, const char* key) { return number_from_json(field(j, key), key); }

json optional_number(const std::optional<double>& v) { return v ? number_to_json(*v) : json(); }

std::optional<double> optional_number_from(const json& j, const char* key) {
  const json& v = field(j, key);
  if (v.is_null()) return std::nullopt;
  return number_from_json(v, key);
}

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
  b.cases = small_whole(j, "cases");
  b.sources = small_whole(j, "sources");
  b.median_abs_error = number(j, "median_abs_error");
  b.p90_abs_error = number(j, "p90_abs_error");
  b.worst_abs_error = number(j, "worst_abs_error");
  b.mean_optimism = number(j, "mean_optimism");
  b.category = text(j, "category");
  b.generation = text(j, "generation");
  b.gpus = text(j, "gpus");
  b.fallback = flag(j, "fallback");
  b.domain = text(j, "domain");
  b.validated = flag(j, "validated");
  b.not_validated = text(j, "not_validated");
  b.coverage_cases = small_whole(j, "coverage_cases");
  b.inside_median = number(j, "inside_median");
  b.inside_p90 = number(j, "inside_p90");
  b.description = text(j, "description");
  return b;
}

}  // namespace

json number_to_json(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

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
  return ScenarioError(text(j, "file"), small_whole(j, "line"), small_whole(j, "col"), text(j, "key"),
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
  r.gpus = small_whole(j, "gpus");
  r.step_time_s = number(j, "step_time_s");
  r.samples_per_s = number(j, "samples_per_s");
  r.tokens_per_s = number(j, "tokens_per_s");
  r.tflops_per_gpu = number(j, "tflops_per_gpu");
  r.mfu = number(j, "mfu");
  r.memory_peak_bytes = number(j, "memory_peak_bytes");
  r.memory_capacity_bytes = number(j, "memory_capacity_bytes");
  r.oom = flag(j, "oom");
  r.bottleneck = text(j, "bottleneck");
  r.priced = flag(j, "priced");
  r.cost_inputs.basis = text(j, "cost_basis");
  r.batch_per_gpu = whole(j, "batch_per_gpu");
  r.grad_accumulation = whole(j, "grad_accumulation");
  r.cost_per_step = number(j, "cost_per_step");
  r.joules_per_step = number(j, "joules_per_step");
  r.step_cost.rent = optional_number_from(j, "rent_per_step");
  r.step_cost.own = optional_number_from(j, "own_per_step");
  const json& bands = field(j, "error_bands");
  if (!bands.is_array()) throw std::invalid_argument("field 'error_bands': expected a list");
  for (const json& b : bands) r.error_bands.push_back(band_from_record(b));
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
  r.gpus = small_whole(j, "gpus");
  r.step_time_s = number(j, "step_time_s");
  r.samples_per_s = number(j, "samples_per_s");
  r.tokens_per_s = number(j, "tokens_per_s");
  r.memory_peak_bytes = number(j, "memory_peak_bytes");
  r.memory_capacity_bytes = number(j, "memory_capacity_bytes");
  r.oom = flag(j, "oom");
  r.host_oom = flag(j, "host_oom");
  r.bottleneck = text(j, "bottleneck");
  r.data.limiter_detail = text(j, "data_limiter_detail");
  r.priced = flag(j, "priced");
  r.run_hours = number(j, "run_hours");
  r.run_cost = number(j, "run_cost");
  r.run_energy_kwh = number(j, "run_energy_kwh");
  r.run_cost_figures.rent = optional_number_from(j, "run_rent");
  r.run_cost_figures.own = optional_number_from(j, "run_own");
  r.cost_inputs.gpus = small_whole(j, "cost_gpus");
  r.cost_inputs.nodes = small_whole(j, "cost_nodes");
  r.cost_inputs.gpu_purchase.value = optional_number_from(j, "gpu_purchase");
  r.cost_inputs.node_price.value = optional_number_from(j, "node_price");
  r.whole_run.enabled = flag(j, "whole_run_enabled");
  r.whole_run.expected.finishes = flag(j, "finishes");
  r.whole_run.expected.work_s = number(j, "work_s");
  r.whole_run.expected.wall_s = number(j, "wall_s");
  const json& bands = field(j, "error_bands");
  if (!bands.is_array()) throw std::invalid_argument("field 'error_bands': expected a list");
  for (const json& b : bands) r.error_bands.push_back(band_from_record(b));
  return r;
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
  r.gpus = small_whole(j, "gpus");
  r.step_time_s = number(j, "step_time_s");
  r.samples_per_s = number(j, "samples_per_s");
  r.tokens_per_s = number(j, "tokens_per_s");
  r.mfu = number(j, "mfu");
  r.bubble_s = number(j, "bubble_s");
  r.comm_exposed_s = number(j, "comm_exposed_s");
  r.memory_peak_bytes = number(j, "memory_peak_bytes");
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
  r.simulated = number(j, "simulated");
  r.error = number(j, "error");
  r.within = flag(j, "within");
  r.detail = text(j, "detail");
  r.gpu = text(j, "gpu");
  r.gpu_arch = text(j, "gpu_arch");
  r.gpus = small_whole(j, "gpus");
  r.nodes = small_whole(j, "nodes");
  r.software = text(j, "software");
  r.oversubscription = number(j, "oversubscription");
  if (r.gpus < 1 || r.nodes < 1 || !(r.oversubscription > 0))
    throw std::invalid_argument("fields 'gpus', 'nodes' and 'oversubscription': expected a positive figure");
  return r;
}

}  // namespace simtrain::report
