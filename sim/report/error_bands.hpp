// Error bands: how far to trust a headline figure, from how far `simtrain validate` was off on
// public runs of the same kind.
//
// The bands (validation/error_bands.yaml) are derived from the validation results by
// compute_bands and written by `simtrain validate --bands`; a test regenerates them and fails
// when the committed file differs, so they follow the model. Running validate for every
// `simtrain run` would be far too slow: a run looks its band up in the file (lookup_band).
//
// The rule. A case counts as in summarize() (bounds and calibration anchors left out). Its
// error e = (simulated - measured) / measured; its optimism is e x s, where s = +1 for a
// figure where more is better (rates: GB/s, TFLOP/s, img/s, tokens/s/GPU; the largest batch)
// and s = -1 where less is (times: s/step; memory: GiB), so optimism > 0 always means the
// model promised more than the hardware gave. Cases are grouped by
//   category    validation category (cnn_1gpu, transformer_1gpu, ddp, fsdp, parallel_3d, memory,
//               collective, gemm);
//   generation  the GPU's generation from the catalog's arch (sm_70 Volta, sm_75 Turing,
//               sm_8x Ampere, sm_89 Ada, sm_90 Hopper, sm_10x/sm_12x Blackwell), or "all";
//   collectives also by size class (small < 1 MiB, latency-bound; medium 1 MiB to < 64 MiB;
//               large >= 64 MiB, bandwidth-bound) and scope (intra_node, multi_node).
// Each group holds n, the median |e|, the worst |e| and the mean optimism.
//
// A run's kind: one GPU -> cnn_1gpu (an image model: no sequence) or transformer_1gpu; more
// GPUs -> ddp, fsdp (fsdp, zero1..3) or parallel_3d (megatron); its peak memory -> memory; a
// collective -> collective of its size class and scope. The band is the group of that kind on
// the run's generation; when no public run of the kind was on that generation, the kind over
// all GPUs, said so (fallback); when none at all, no figures, said so.
// Step time and throughput share one band (one is the other's inverse: to first order the same
// relative error); the whole run's wall clock takes the step time's.
#pragma once

#include <string>
#include <vector>

#include "report/collective_report.hpp"
#include "report/validation_report.hpp"
#include "train/error_band.hpp"
#include "train/run_result.hpp"

namespace simtrain::report {

// +1 when a positive error is optimistic (a rate, the largest batch), -1 when a negative one
// is (a time, memory). Throws std::invalid_argument for a unit not in known_units().
int optimism_sign(const std::string& unit);
const std::vector<std::string>& known_units();
// "sm_80" -> "Ampere"; an arch it does not know is returned as given.
std::string gpu_generation(const std::string& arch);
// "NVIDIA A100-SXM4-80GB" -> "A100-SXM4-80GB" (vendor and brand words dropped).
std::string short_gpu_name(const std::string& name);
// "small" (< 1 MiB), "medium" or "large" (>= 64 MiB), and how a report names it.
std::string collective_size_class(double bytes);
std::string size_class_label(const std::string& size_class);

struct BandGroup {
  std::string category;
  std::string size_class, scope;  // collectives' finer groups; "" = all sizes / scopes
  std::string generation;         // "all" = every GPU
  std::vector<std::string> gpus;  // short names, sorted
  std::string what;               // "multi-GPU DDP runs"
  int cases = 0;
  double median_abs_error = 0, worst_abs_error = 0, mean_optimism = 0;
  int line = 0;  // where it starts in the file (0 when computed)
};

struct ErrorBands {
  std::string path;
  std::vector<BandGroup> groups;
};

// The groups of the results (see the rule above), categories in validation_categories() order,
// "all" before each generation, generations in arch order; groups without a counted case left out.
std::vector<BandGroup> compute_bands(const std::vector<ValidationResult>& results);
// The YAML of validation/error_bands.yaml, byte for byte deterministic.
std::string format_bands_yaml(const std::vector<BandGroup>& groups);
// Reads a bands file; YAML and schema errors are ScenarioErrors with file:line:col.
ErrorBands load_error_bands(const std::string& path);
ErrorBands parse_error_bands(const std::string& text, const std::string& name);
std::string default_error_bands_path();

// What a figure is, for the lookup: "" fields match the groups' "" (all sizes / scopes).
struct RunKind {
  std::string category;  // "" = a kind no category covers
  std::string size_class, scope;
  std::string generation;
};
// The kind of a run's step time (memory = false) or of its peak memory (memory = true).
RunKind run_kind(const train::RunResult& r, bool memory);
train::ErrorBand lookup_band(const ErrorBands& bands, const RunKind& kind, const std::string& figure);
// step_time, throughput (the same band) and peak_memory, and run_time (the step time's) when the
// run gives a whole run (run:).
std::vector<train::ErrorBand> bands_for_run(const ErrorBands& bands, const train::RunResult& r);
// One band per size class in the table's rows (figure = the size class).
std::vector<train::ErrorBand> bands_for_collective(const ErrorBands& bands, const SweepResult& r,
                                                   const std::string& generation, bool multi_node);

// "+-12%: median error of 12 public FSDP/ZeRO runs on Ampere (A100-SXM4-80GB); worst 43%, model
// tends optimistic (+5% on average)", or the sentence saying there is no band.
std::string band_text(const train::ErrorBand& b);
// The band as the run report's JSON shows it.
nlohmann::json band_to_json(const train::ErrorBand& b);

}  // namespace simtrain::report
