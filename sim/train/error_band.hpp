// How far to trust one headline figure: the error `simtrain validate` found on public runs
// of the same kind, judged out of source (report/error_bands.hpp derives the bands from the
// validation results, writes validation/error_bands.yaml and looks a figure's band up in it).
// A plain data type, here so that the run result and the collective table carry it without
// report/ types.
#pragma once

#include <string>

namespace simtrain::train {

struct ErrorBand {
  std::string figure;  // step_time | throughput | peak_memory | run_time, or a collective's size class
  std::string kind;    // what the figure was taken for: "multi-GPU FSDP runs", "collectives of >= 64 MiB ..."
  bool found = false;  // some public run of this kind was validated (else no figures below)
  int cases = 0;       // public runs counted (bounds and calibration anchors left out)
  int sources = 0;     // independent sources (publications) behind them
  // |simulated - measured| / measured: half of the public runs of the band's domain lie within
  // the median, nine in ten within the 90th percentile (each source weighing the same).
  double median_abs_error = 0, p90_abs_error = 0, worst_abs_error = 0;
  // Mean signed error seen from the user: > 0 the model is optimistic on average (faster,
  // more throughput, less memory than measured), < 0 pessimistic.
  double mean_optimism = 0;
  std::string category;    // validation category (cnn_1gpu, fsdp, collective ...)
  std::string generation;  // the run's GPU generation (Ampere)
  std::string gpus;        // the GPUs of the group's cases: "A100-SXM4-80GB, V100-SXM2-32GB"
  bool fallback = false;   // the band is a wider domain's than the run's own (domain says which)
  std::string domain;      // the band's domain in words: "FSDP/ZeRO runs on Hopper, 2-64 nodes"
  // false: the run lies outside every validated domain (a larger scale than any validated run,
  // a generation the kind was never validated on, an oversubscribed fabric where only
  // non-blocking ones were); the band is then the nearest domain's and not_validated says why.
  bool validated = true;
  std::string not_validated;
  // Cross-validation of the kind on this generation (else on all GPUs): how many of its public
  // runs fell inside the band the other sources gave them (0 cases: not cross-validated).
  int coverage_cases = 0;
  double inside_median = 0, inside_p90 = 0;
  std::string description;  // "median error of 12 public FSDP runs from 4 sources on Ampere (A100-SXM4-80GB)"
};

}  // namespace simtrain::train
