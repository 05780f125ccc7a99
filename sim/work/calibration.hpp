// Calibration files: what the calibration program (calibrate/, simtrain-calibrate) measured
// on a real card, and the compute-model block fitted from it. A scenario names one with
// `calibration: FILE`; its `compute:` block then replaces topologies/compute.yaml's figures
// for that GPU (docs/commands/calibrate.md: a calibration file from calibrate/ on the real
// card replaces them).
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
//   network: {...} or [{...}, {...}]  the network model fitted to an nccl-tests log by
//                                     `simtrain calibrate --nccl-tests` (drive/net_fit.hpp
//                                     states the physics and what each log shape pins down);
//                                     a list holds a fit of a one-node log and one of a
//                                     multi-node log of the same system (calibrate --base),
//                                     applied in order; each item has the keys below:
//     system: "DGX A100 (8x ...)"     the system (its `name:`) the log was fitted on; a
//                                     scenario or `collective --calibration` on another system,
//                                     or with another GPU than catalog_key, is an error
//     log: {file, op, ranks, nodes, gpus_per_node, min_size, max_size}
//                                     what the log measured (sizes in bytes): figures at sizes
//                                     outside [min_size, max_size] are not calibrated
//     link_efficiency: {KIND: e}      a link kind's efficiency [0.01, 1], replacing devices.yaml's
//                                     for every link of that kind in the cluster
//     nvls_bandwidth_share: s         replaces collectives.yaml nvls.bandwidth_share [0.01, 1]
//     step_latency_scale: {CLASS: x}  multiplies NCCL's ring and tree per-step latencies
//                                     (collectives.yaml step_latency and tree_step_latency) of the
//                                     hardware class nvlink | pcie | network, every protocol;
//                                     or {CLASS: {ll: x, ll128: y, simple: z}}, per protocol (an
//                                     absent one keeps 1; simple also scales the NVLS kernel's
//                                     latency, a Simple-protocol kernel); factors from 0.01 to 100
//     ll_max_busbw: 30 GB/s           the LL protocol's throughput bound on a ring, as bus
//                                     bandwidth (coll::ProtocolParams::max_busbw_bytes_per_s), for
//                                     rings of the log's scope: inside one node when log.nodes
//                                     is 1, across nodes otherwise; 0.1 GB/s to 100 TB/s
//   A file holds compute:, network: or both; at least one.
//
// The GEMM curve is eff(f) = max * f / (f + half_size); for its precision it replaces the tile
// model of topologies/compute.yaml (work/cost.hpp: a measurement on the card beats the model's
// shape arithmetic, which the sweep's square shapes could not pin down). It is fitted by
// least squares to the measured efficiencies (FLOPs over the GEMM's time less the launch
// period, which the cost model adds on its own, over the catalog's peak for the precision): for a given half_size the best max is closed-form, and half_size is searched on
// a log scale (1 MFLOP .. 100 TFLOP) and refined by golden section. Deterministic.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scenario/yaml_doc.hpp"
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
// ("NVIDIA A100-SXM4-80GB, measured 2026-12-02"), left empty when the file has no compute block
// (a network-only file: `base` comes back unchanged).
// A calibration file's `network:` section (see the format above), with where its values sit
// in the file so that a mismatch is an error at file:line:col.
struct NetworkCalibration {
  std::string path;                        // the file
  std::string gpu_name, catalog_key;       // the file's gpu and catalog_key
  std::string system;
  std::string log_file, op;
  int ranks = 0, nodes = 1, gpus_per_node = 0;
  double min_bytes = 0, max_bytes = 0;     // the log's size range
  std::map<std::string, double> link_efficiency;    // link kind -> efficiency
  std::optional<double> nvls_bandwidth_share;
  // nvlink | pcie | network -> factor per protocol, in coll::Protocol's order (LL, LL128,
  // Simple); nullopt: that protocol's latency is kept.
  using ProtocolScales = std::array<std::optional<double>, 3>;
  std::map<std::string, ProtocolScales> step_latency_scale;
  std::optional<double> ll_max_busbw;  // bytes/s
  // The fit's scope: a log across nodes (its network figures, its LL bound on rings across
  // nodes) or inside one node. A file holds at most one fit per scope.
  bool multi_node() const { return nodes > 1; }
  // Comment lines written above the section (what each value was fitted on); not read back.
  std::vector<std::string> comments;
  // Where the values are (for errors when the file is applied); empty for a file not read.
  std::optional<Field> system_field, catalog_key_field, log_field;
  std::map<std::string, Field> link_fields;
};

// Reads a calibration file and returns its network section's fits (one, or one per scope);
// empty when it has none. The whole file is checked as apply_calibration_file checks it.
// ScenarioError at file:line:col.
std::vector<NetworkCalibration> load_network_calibration(const std::string& path);
// The YAML text of a calibration file that holds only a network section: one fit as a
// mapping, several as a list (fits of one system and GPU, at most one per scope).
std::string network_calibration_to_yaml(const std::vector<NetworkCalibration>& fits);

ComputeCalibration apply_calibration_file(const std::string& path, const std::string& gpu_key, ComputeCalibration base,
                                          std::string* described = nullptr);
// The same two readers on a document already parsed: a calibration held in memory
// (calibrate --profile's rounds, drive/profile_fit.cpp), never written to a scratch file.
ComputeCalibration apply_calibration(const std::shared_ptr<const YamlDoc>& doc, const std::string& gpu_key,
                                     ComputeCalibration base, std::string* described = nullptr);
std::vector<NetworkCalibration> network_calibration(const std::shared_ptr<const YamlDoc>& doc);

}  // namespace simtrain::work
