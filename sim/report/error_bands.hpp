// Error bands: how far to trust a headline figure, from how far `simtrain validate` was off on
// public runs of the same kind, judged out of source.
//
// The bands (validation/error_bands.yaml) are derived from the validation results by
// compute_bands and written by `simtrain validate --bands`; a test regenerates them and fails
// when the committed file differs, so they follow the model. A run looks its band up in the
// file (lookup_band); running validate for every run would be far too slow.
//
// The rule. A case counts as in summarize() (bounds and calibration anchors left out). Its
// error e = (simulated - measured) / measured; its optimism is e x s, where s = +1 for a
// figure where more is better (rates: GB/s, TFLOP/s, img/s, tokens/s/GPU; the largest batch)
// and s = -1 where less is (times: s/step; memory: GiB), so optimism > 0 always means the
// model promised more than the hardware gave.
//
// Domains. A case, like a run, is of a kind:
//   category    validation category (cnn_1gpu, transformer_1gpu, ddp, fsdp, parallel_3d, memory,
//               collective, gemm); "training" stands for the five training categories together;
//   generation  the GPU's generation from the catalog's arch (sm_70 Volta, sm_75 Turing,
//               sm_8x Ampere, sm_89 Ada, sm_90 Hopper, sm_10x/sm_12x Blackwell);
//   scale       one_gpu, one_node, up_to_64_nodes (2 to 64 nodes), over_64_nodes;
//   software    the software profile (topologies/software.yaml) of training and memory runs;
//   size_class  collectives only: small < 1 MiB (latency-bound), medium 1 MiB to < 64 MiB,
//               large >= 64 MiB (bandwidth-bound).
// A domain keeps some of these and leaves the others open ("all"). The lookup walks from the
// run's own domain to wider ones (levels(), finest first) and takes the first whose cases come
// from at least kMinSources independent sources; when none has that many, the finest domain with
// a case (and the band says it rests on one source). The bands file holds a group for every
// domain some level asks for and some case falls in.
//
// Sources. One publication is one source however many cases it gives: a case's source is its
// url (a paper, a blog post, an issue, a docs page), else its repo. A group's statistics weigh
// each source equally (a case weighs 1 / the cases its source has in the group), so one table
// of twenty rows does not stand for twenty independent runs. Each group holds the cases, the
// sources, the weighted median and 90th percentile of |e| (linear between the cases' midpoint
// ranks), the worst |e|, the weighted mean optimism, the largest run (GPUs) and whether a case
// ran on an oversubscribed fabric.
//
// Not validated. A run outside every validated domain of its category says so, with the band
// of the nearest domain: no case of its category on its generation, more GPUs than the largest
// validated run of its category, or an oversubscribed fabric where every validated run of its
// category had a non-blocking one.
//
// Cross-validation (`simtrain validate --cross-validate`): nothing in the model is fitted to the
// validation cases (constants come from microbenchmarks and datasheets), so what is derived
// from them is the bands. For each source in turn, the bands are derived again without its
// cases, and each of its cases looks up its band as a run of its kind would: it is covered by
// the median band when |e| <= the band's median, by the 90% band when |e| <= its 90th
// percentile. The coverage is the share of left-out cases covered, per category x generation,
// per category and overall: 50% and 90% when the bands predict the error on new runs; lower
// when they promise more than they keep.
#pragma once

#include <nlohmann/json.hpp>

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

// "one_gpu", "one_node", "up_to_64_nodes" or "over_64_nodes", and how a report names it.
std::string scale_class(int gpus, int nodes);
std::string scale_label(const std::string& scale);
// The source a case counts under: its url without scheme, "www." and trailing "/", else its repo.
std::string source_key(const nlohmann::json& source);

// Independent sources a domain needs before its band stands for it (else a wider domain's).
constexpr int kMinSources = 2;
// The weight of the wider domain when a band's own sources are few: its quantiles count as
// this many sources beside the domain's own (see "Partial pooling" above).
constexpr double kPriorSources = 2;
// The coverage a band must show under cross-validation to be printed without a warning: what
// a median and a 90% band promise, less the sampling slack of a few dozen cases.
constexpr double kMinMedianCoverage = 0.40, kMinP90Coverage = 0.80;

struct BandGroup {
  std::string category;           // a validation category, or "training" (the five training ones)
  std::string generation = "all";  // "all" = every GPU
  std::string scale, software, size_class;  // "" = all
  std::vector<std::string> gpus;  // short names, sorted
  std::string what;               // "multi-GPU DDP runs"
  int cases = 0, sources = 0;
  double median_abs_error = 0, p90_abs_error = 0, worst_abs_error = 0, mean_optimism = 0;
  int largest_gpus = 0;          // the largest validated run of the group, in GPUs
  bool oversubscribed = false;   // some case ran on an oversubscribed fabric
  int line = 0;  // where it starts in the file (0 when computed)
};

// Cross-validation's verdict on one slice of the cases (see the rule above).
struct CoverageRow {
  std::string category = "all", generation = "all";  // "all": the slice spans them
  int cases = 0, sources = 0;
  double median_abs_error = 0;  // of the slice's cases (nothing is fitted: in and out of source alike)
  double band_median = 0, band_p90 = 0;  // the median of the bands the left-out cases were given
  double inside_median = 0, inside_p90 = 0;  // share of the left-out cases inside their band
  int without_band = 0;  // left-out cases no other source gave a band for (counted as outside)
  int line = 0;
};

struct ErrorBands {
  std::string path;
  std::vector<BandGroup> groups;
  std::vector<CoverageRow> coverage;
};

// What a figure is, for the lookup: "" fields are open (a kind the field does not apply to).
struct RunKind {
  std::string category;  // "" = a kind no category covers
  std::string generation;
  std::string scale, software, size_class;
  int gpus = 0;
  bool oversubscribed = false;
};

// The groups of the results (see the rule above), categories in validation_categories() order
// then "training", each by generation ("all" first, then arch order), scale, software and size
// class ("" first); groups without a counted case left out.
std::vector<BandGroup> compute_bands(const std::vector<ValidationResult>& results);
// Leave one source out (see the rule): per category x generation, per category, and overall last.
std::vector<CoverageRow> cross_validate(const std::vector<ValidationResult>& results);
// The YAML of validation/error_bands.yaml, byte for byte deterministic.
std::string format_bands_yaml(const std::vector<BandGroup>& groups, const std::vector<CoverageRow>& coverage);
// The table `simtrain validate --cross-validate` prints, and its JSON.
std::string format_cross_validation(const std::vector<CoverageRow>& rows);
nlohmann::json cross_validation_to_json(const std::vector<CoverageRow>& rows);
// Reads a bands file; YAML and schema errors are ScenarioErrors with file:line:col. A text
// exactly as format_bands_yaml writes it (the shipped file) is read without a YAML parser, with
// the same checks and the same result; any other text, and every error, through yaml-cpp.
ErrorBands load_error_bands(const std::string& path);
ErrorBands parse_error_bands(const std::string& text, const std::string& name);
// The same through yaml-cpp always (the tests hold the two readers against each other).
ErrorBands parse_error_bands_yaml(const std::string& text, const std::string& name);
std::string default_error_bands_path();

// The kind of a run's step time (memory = false) or of its peak memory (memory = true).
RunKind run_kind(const train::RunResult& r, bool memory);
// The same of a run described before it ran (the layout search's: one cluster, many layouts).
struct PlannedRun {
  std::string gpu_arch;  // the catalog's: sm_80
  int gpus = 1, nodes = 1;
  std::string software;  // the software profile
  double fabric_oversubscription = 1;
  std::string strategy;  // ddp | fsdp | zero1.. | megatron
  long long seq_len = 0;  // 0: no sequence (CNNs)
};
RunKind planned_kind(const PlannedRun& p, bool memory);
// The kind of a validation case, as a run of it would be.
RunKind case_kind(const ValidationResult& r);
train::ErrorBand lookup_band(const ErrorBands& bands, const RunKind& kind, const std::string& figure);
// step_time, throughput (the same band) and peak_memory, and run_time (the step time's) when the
// run gives a whole run (run:).
std::vector<train::ErrorBand> bands_for_run(const ErrorBands& bands, const train::RunResult& r);
// One band per size class in the table's rows (figure = the size class), for a collective over
// `gpus` GPUs on `nodes` nodes.
std::vector<train::ErrorBand> bands_for_collective(const ErrorBands& bands, const SweepResult& r,
                                                   const std::string& generation, int gpus, int nodes,
                                                   bool oversubscribed);

// "+-12% (90%: +-30%): median error of 12 public FSDP/ZeRO runs from 4 sources on Ampere
// (A100-SXM4-80GB); worst 43%, model tends optimistic (+5% on average)", "not validated for this
// kind of run (...); nearest: ..." outside every validated domain, or the sentence saying there
// is no band.
std::string band_text(const train::ErrorBand& b);
// The band as the run report's JSON shows it.
nlohmann::json band_to_json(const train::ErrorBand& b);

}  // namespace simtrain::report
