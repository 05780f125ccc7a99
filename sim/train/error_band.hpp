// How far to trust one headline figure: the error `simtrain validate` found on public runs
// of the same kind (report/error_bands.hpp derives the bands from the validation results,
// writes validation/error_bands.yaml and looks a figure's band up in it). A plain data type,
// here so that the run result and the collective table carry it without report/ types.
#pragma once

#include <string>

namespace simtrain::train {

struct ErrorBand {
  std::string figure;  // step_time | throughput | peak_memory | run_time, or a collective's size class
  std::string kind;    // what the figure was taken for: "multi-GPU FSDP runs", "collectives of >= 64 MiB ..."
  bool found = false;  // some public run of this kind was validated (else no figures below)
  int cases = 0;       // public runs counted (bounds and calibration anchors left out)
  double median_abs_error = 0, worst_abs_error = 0;
  // Mean signed error seen from the user: > 0 the model is optimistic on average (faster,
  // more throughput, less memory than measured), < 0 pessimistic.
  double mean_optimism = 0;
  std::string category;    // validation category (cnn_1gpu, fsdp, collective ...)
  std::string generation;  // the run's GPU generation (Ampere); the group's is "all" on a fallback
  std::string gpus;        // the GPUs of the group's cases: "A100-SXM4-80GB, V100-SXM2-32GB"
  bool fallback = false;   // no public run of this kind on this generation: the kind on all GPUs
  std::string description;  // "median error of 12 public FSDP runs on Ampere (A100-SXM4-80GB)"
};

}  // namespace simtrain::train
