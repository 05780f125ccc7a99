// The table and JSON of `simtrain validate` (drive/validate.hpp reads the cases and runs
// them), and the cases and results they are made of.
//
// A case is a public measurement (its figure, its source, copied from the public record so
// users need nothing outside the project) and how to reproduce it with simtrain: a
// collective (nccl-tests busbw), a GEMM (matmul TFLOP/s) or a scenario (one field of the run
// report's JSON, or of `simtrain memory --json` for peak memory and largest batches). Its
// result is the simulated figure, its signed relative error, and whether it lies within the
// case's tolerance (the accuracy the README states, with a margin: a regression shows as "no").
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace simtrain::report {

struct CollectiveCase {
  std::string system;  // a file or a shipped system's name
  int nodes = 1;
  int gpus = 0;  // per node; 0 = all
  std::string op = "all_reduce";
  std::string algo = "auto";
  std::string ring_order = "auto";  // auto | given
  std::string fabric;               // "" = the system's
  double size_bytes = 0;
};

struct ScenarioCase {
  std::string file;  // resolved path
  std::string file_as_written;
  std::vector<std::string> set;
  std::string report = "run";  // run | memory: which report's JSON `field` reads
  std::string field;     // dotted path into that JSON (numbers index lists: largest_batch.0.peak_bytes)
  // Where `field` was written (cases file, line, column, that line), for errors found when the
  // report is read (a path the report does not have).
  std::string field_path, field_context;
  int field_line = 0, field_col = 0;
  bool per_gpu = false;  // divide the field by `gpus`
  double divide_by = 1;  // units: 1073741824 turns bytes into GiB
};

// One GEMM on one GPU (a matmul microbenchmark): compares TFLOP/s = 2 m n k / time.
struct GemmCase {
  std::string gpu;        // catalog key (a100_sxm4_80gb)
  std::string precision;  // bf16 | fp16 | tf32 | fp32 | fp8
  double m = 0, n = 0, k = 0;
};

// The categories cases are reported by (the accuracy a user can expect for a kind of answer).
const std::vector<std::string>& validation_categories();

struct ValidationCase {
  std::string id;     // the measurement id (as in the public validation set)
  std::string label;  // distinguishes several cases of one measurement ("1GiB"); may be empty
  std::string what;
  double measured = 0;
  std::string unit;
  // A bound rather than a figure: "at_least" (a published run fitted batch 2, so the largest
  // batch that fits is at least 2) or "at_most"; the case holds when the simulated figure
  // satisfies it. Bound cases stay out of the median error.
  std::string bound;
  std::optional<double> tolerance;  // relative, on |error|
  std::string note;
  nlohmann::json source;  // as written: repo/path/commit or url, provenance, confidence
  std::string category;  // one of validation_categories()
  // A calibration anchor: the model's constants were read from this figure (e.g. a GEMM
  // microbenchmark the tile model is anchored to). Shown, but kept out of the median error.
  bool anchor = false;
  std::optional<CollectiveCase> collective;
  std::optional<ScenarioCase> scenario;
  std::optional<GemmCase> gemm;
  int line = 0;  // where the case starts in the file

  // id, or id/label: unique in a file; what --only and the table name.
  std::string key() const { return label.empty() ? id : id + "/" + label; }
};

struct ValidationResult {
  ValidationCase c;
  double simulated = 0;
  double error = 0;  // (simulated - measured) / measured
  bool within = true;  // |error| <= tolerance (true when the case has none)
  std::string detail;  // algo/protocol of a collective, or the scenario's overrides
  std::string gpu, gpu_arch;  // the GPU the case ran on (catalog name and arch): its error band's generation
  // The rest of the case's domain (report/error_bands.hpp): its size, its software profile
  // ("" for collectives and GEMMs) and its fabric's oversubscription (1 = non-blocking).
  int gpus = 1, nodes = 1;
  std::string software;
  double oversubscription = 1;
};

struct ValidationSummary {
  int cases = 0, with_tolerance = 0, within = 0;
  int counted = 0;  // cases in the median (no bounds, no anchors)
  double median_abs_error = 0, worst_abs_error = 0, mean_signed_error = 0;
};
ValidationSummary summarize(const std::vector<ValidationResult>& results);
// The same per category, in validation_categories() order (categories without cases left out).
std::vector<std::pair<std::string, ValidationSummary>> summarize_by_category(const std::vector<ValidationResult>& results);

// The table and its summary line; `cases_name` is how the file is shown.
// `width` > 0: the terminal's columns, when stdout is one (cli/terminal.hpp); a table wider
// puts each case's description on a line of its own. 0: the one-line table (files, pipes, goldens).
std::string format_validation(const std::vector<ValidationResult>& results, const std::string& cases_name,
                              std::size_t width = 0);
nlohmann::json validation_to_json(const std::vector<ValidationResult>& results);

}  // namespace simtrain::report
