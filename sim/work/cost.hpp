// Compute cost: how long a kernel runs on a GPU (DESIGN §6). Only this part decides it.
//
// Roofline with calibrated, size-dependent efficiency:
//   t = max(F / (P[prec] * eff(kind, F)), B / (W * e_mem)) + launch
//   eff(kind, F) = e_max(kind) * F / (F + F_half(kind))
// where F is the kernel's FLOPs, P the GPU's dense peak for the precision it runs in (tensor
// cores for gemm / conv / attention; the fp32 vector rate for everything else), B the bytes
// it moves (activations in the activation dtype, plus its weights), W the HBM bandwidth.
// Backward: gemm, conv and attention cost 2x forward FLOPs (input and weight gradients) and
// 2x the bytes; other ops 2x the bytes. The optimizer step is memory-bound: per parameter it
// reads and writes the fp32 master weight, the gradient and its states (SGD with momentum:
// 5 x 4 bytes; Adam/AdamW: 7 x 4 bytes; plus the half-precision copy under mixed precision).
// Constants: topologies/compute.yaml (defaults and per-GPU values, with sources).
#pragma once

#include <map>
#include <string>

#include "engine/time.hpp"
#include "topo/catalog.hpp"
#include "work/model.hpp"

namespace simtrain {
class Field;
}

namespace simtrain::work {

// Training precision, as a scenario names it.
enum class Precision { fp32, tf32, amp_fp16, amp_bf16, bf16, fp16, fp8 };
const char* precision_name(Precision p);
// Parses "fp32", "tf32", "amp_fp16" (alias "fp16_mixed", "mixed"), "amp_bf16", "bf16", "fp16", "fp8".
bool parse_precision(const std::string& s, Precision& out);
// Bytes of one activation element, of one parameter as stored for compute, of one gradient.
double activation_bytes(Precision p);
double weight_bytes(Precision p);
double grad_bytes(Precision p);
// The catalog key of the peak used by tensor-core ops ("fp16", "tf32", ...).
const char* tensor_precision_key(Precision p);

enum class Optimizer { sgd, adam, adamw };
bool parse_optimizer(const std::string& s, Optimizer& out);
const char* optimizer_name(Optimizer o);

struct KindCurve {
  double max = 1;
  double half_flops = 0;
};

struct ComputeCalibration {
  KindCurve gemm, conv, attention, flash_attention;  // attention: eager Q K^T / softmax / P V kernels
  // Measured per precision (a calibration file): replaces `gemm` for that precision's peak.
  std::map<std::string, KindCurve> gemm_by_precision;  // key: "fp32", "tf32", "fp16", "bf16", "fp8"
  double vector_max = 0.5;
  double memory = 0.8;
  TimePs launch_ps = 0;
  // Memory the step never frees (the CUDA context and the cuBLAS/cuDNN workspaces) and the
  // allocator's slack on top of live tensors (a share); see topologies/compute.yaml.
  double context_bytes = 0.75 * 1073741824.0;
  double allocator_slack = 0.05;
};

// Loads topologies/compute.yaml: defaults merged with the GPU's entry.
ComputeCalibration load_calibration(const std::string& path, const std::string& gpu_key);
// Reads one block of compute.yaml's keys (gemm, gemm_by_precision, conv, attention,
// flash_attention, vector, memory, launch, cuda_context, allocator_slack) onto `cal`.
void read_compute_block(const Field& f, ComputeCalibration& cal);
std::string default_calibration_path(const std::string& catalog_path);

// What else holds the GPU while a kernel runs (DESIGN §5, "The GPU as shared resources"):
// NCCL kernels hold whole SMs (one CTA per channel, never shared with compute) and stream
// their bytes through HBM. A compute kernel gets the SMs and the HBM bandwidth left.
struct Contention {
  int sms_held = 0;              // SMs taken by communication kernels
  double hbm_bytes_per_s = 0;    // HBM bandwidth their traffic draws
  bool operator==(const Contention&) const = default;
};

class CostModel {
 public:
  // Throws ScenarioError-free std::invalid_argument when the GPU lacks the precision.
  CostModel(const topo::GpuModel& gpu, ComputeCalibration cal, Precision precision);

  // Kernel times with the GPU to themselves, or sharing it as `c` says (never faster).
  TimePs forward(const Op& op, double batch, const Contention& c = {}) const;
  TimePs backward(const Op& op, double batch, const Contention& c = {}) const;
  TimePs optimizer_step(std::int64_t params, Optimizer opt, const Contention& c = {}) const;
  double tensor_peak_flops() const { return tensor_peak_; }
  const topo::GpuModel& gpu() const { return gpu_; }
  Precision precision() const { return precision_; }
  const ComputeCalibration& calibration() const { return cal_; }

 private:
  TimePs kernel(const Op& op, double flops, double bytes, const Contention& c) const;
  double free_sm_share(const Contention& c) const;
  double free_hbm_bytes_per_s(const Contention& c) const;
  const topo::GpuModel& gpu_;
  ComputeCalibration cal_;
  Precision precision_;
  double tensor_peak_ = 0, vector_peak_ = 0;
};

}  // namespace simtrain::work
