// Calibration files: what the calibration program (calibrate/, simtrain-calibrate) measured
// on a real card, and the compute-model block fitted from it. A scenario names one with
// `calibration: FILE`; its `compute:` block then replaces topologies/compute.yaml's figures
// for that GPU (DESIGN §6: "a calibration file from calibrate/ on the real card replaces them").
//
// The file (YAML; unknown keys are errors, every error is file:line:col):
//   gpu: NVIDIA A100-SXM4-80GB        the device name the driver reported
//   catalog_key: a100_sxm4_80gb       the topologies/devices.yaml GPU it describes; a scenario
//                                     whose GPU has another key is an error
//   measured: {date, tool, cuda_runtime, cuda_driver, sm_count, sm_clock_mhz, memory_clock_mhz,
//              memory_bus_bits, note}   provenance, all optional strings/numbers
//   compute: {...}                    compute.yaml's per-GPU block: gemm, gemm_by_precision,
//                                     conv, attention, flash_attention, vector, memory, launch,
//                                     cuda_context, allocator_slack (any subset)
//   points: {...}                     the raw measurements the block was fitted from:
//     gemm_<precision>: [[flops, seconds], ...]   one timed GEMM per row (2 m n k FLOPs; the
//                                                 median of the repeats), precision in fp32 |
//                                                 tf32 | fp16 | bf16 | fp8
//     memory_copy: [[bytes, seconds], ...]        device-to-device copies (read + write = 2x bytes)
//     launch_s: x                                 back-to-back empty-kernel period
//     h2d_bytes_per_s: x, d2h_bytes_per_s: x      pinned host copies
//
// The GEMM curve is eff(f) = max * f / (f + half_size); for its precision it replaces the tile
// model of topologies/compute.yaml (work/cost.hpp: a measurement on the card beats the model's
// shape arithmetic, which the sweep's square shapes could not pin down). It is fitted by
// least squares to the measured efficiencies (FLOPs over the GEMM's time less the launch
// period, which the cost model adds on its own, over the catalog's peak for the precision): for a given half_size the best max is closed-form, and half_size is searched on
// a log scale (1 MFLOP .. 100 TFLOP) and refined by golden section. Deterministic.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "work/cost.hpp"

namespace simtrain::work {

// Least-squares fit of eff(f) = max * f / (f + half) to (flops, efficiency) points.
// Needs at least two points with flops > 0; max is capped at 1.
KindCurve fit_efficiency_curve(const std::vector<std::pair<double, double>>& flops_eff);

// What the calibration program writes: provenance, fitted figures and the raw points.
struct CalibrationData {
  std::string gpu_name, catalog_key;
  std::vector<std::pair<std::string, std::string>> measured;  // provenance, in order; values as YAML scalars
  std::map<std::string, KindCurve> gemm_by_precision;          // fitted, per precision key ("bf16")
  double memory_efficiency = 0;                                // 0: not measured
  double launch_s = 0;                                         // 0: not measured
  std::map<std::string, std::vector<std::pair<double, double>>> gemm_points;  // precision -> [flops, seconds]
  std::vector<std::pair<double, double>> memory_copy_points;                  // [bytes, seconds]
  double h2d_bytes_per_s = 0, d2h_bytes_per_s = 0;
};

// The YAML text of a calibration file (loadable by load_calibration_file).
std::string calibration_to_yaml(const CalibrationData& d);

// Applies a calibration file's `compute:` block on top of `base` (compute.yaml's figures for
// the GPU). `gpu_key` is the scenario GPU's catalog key: a file measured on another GPU is a
// ScenarioError at its catalog_key. `described` receives a one-line summary for reports
// ("NVIDIA A100-SXM4-80GB, measured 2026-12-02").
ComputeCalibration apply_calibration_file(const std::string& path, const std::string& gpu_key, ComputeCalibration base,
                                          std::string* described = nullptr);

}  // namespace simtrain::work
