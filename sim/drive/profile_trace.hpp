// A user's PyTorch profiler trace: what one GPU measurably did in a training step,
// to hold beside the simulated step (`simtrain compare --profile`) and to fit the compute
// model to (`simtrain calibrate --profile`).
//
// Read: the Chrome-trace JSON that torch.profiler writes (Kineto; `prof.export_chrome_trace`
// or the tensorboard handler), PyTorch 1.10-2.x: {"traceEvents": [...]} or a bare array. Used:
//   "ph": "X" events of cat "kernel" (name, ts and dur in us, args.device, args.stream,
//   args.correlation), "gpu_memcpy" and "gpu_memset" (GPU busy, counted as other work),
//   "ProfilerStep#N" ranges: cat "gpu_user_annotation" (on the GPU's clock) when present, else
//   cat "user_annotation" / "cpu_op" on the CPU, whose kernels are found by the "correlation"
//   of their cudaLaunchKernel ("cuda_runtime" events).
// Kernels by name (case-insensitive substrings, checked in this order):
//   nccl       "nccl"                                     (ncclKernel_*, ncclDevKernel_*)
//   attention  "flash", "fmha", "attention", "sdpa"       (FlashAttention, cuDNN fMHA, SDPA)
//   gemm       "gemm", "xmma", "cutlass", "nvjet", "conv", "cudnn", "wgrad", "dgrad"
//              (cuBLAS/cuBLASLt incl. Hopper's nvjet kernels, CUTLASS, cuDNN convolutions)
//   other      everything else (elementwise, norms, softmax, reductions, optimizer, copies)
// Per step on one device (window: the step's GPU range; without step ranges, first kernel to
// last as one step):
//   compute       union of the non-NCCL kernels' intervals (memcpy/memset included)
//   comm          union of the NCCL kernels' intervals; exposed comm = comm outside compute
//   idle          window minus the union of everything
//   per kind      summed kernel durations (overlapping kernels of one kind add up)
// The device: Kineto writes a top-level "deviceProperties" array, one object per
// GPU the process saw ({"id", "name", "totalGlobalMem", "computeMajor", "computeMinor",
// "numSms", ...}, libkineto's DeviceProperties.cpp); the entry whose id is the traced device's
// is what the trace ran on, checked against the scenario's GPU (scenario/device_match.hpp).
// Each entry keeps the line and column of its "name" in the file, for the error.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "report/profile_result.hpp"
#include "scenario/device_match.hpp"

namespace simtrain::drive {

using report::KernelKind;  // report/profile_result.hpp
const char* kernel_kind_name(KernelKind k);
KernelKind classify_kernel(const std::string& name);

struct TraceKernel {
  std::string name;
  double start_us = 0, dur_us = 0;
  int device = 0;
  KernelKind kind = KernelKind::other;
  long long correlation = -1;
};

struct StepWindow {
  double start_us = 0, end_us = 0;
  std::string name;  // "ProfilerStep#3"
};

// One entry of the trace's deviceProperties.
struct TraceDevice {
  long long id = -1;           // "id" (absent: its index in the array)
  std::string name;            // "" when absent
  int compute_major = -1, compute_minor = -1;
  int sms = 0;                 // "numSms"
  double memory_bytes = 0;     // "totalGlobalMem"
  int line = 0, col = 0;       // of its "name" key, else of the entry
  std::string context;         // that line of the file
};

struct ProfileTrace {
  std::string path;
  bool has_device_properties = false;  // the file has a deviceProperties array (maybe empty)
  std::vector<TraceDevice> devices;
  std::vector<TraceKernel> kernels;  // kernels, memcpys and memsets, by start time
  std::map<int, std::vector<StepWindow>> gpu_steps_by_device;  // gpu_user_annotation ranges
  std::vector<StepWindow> cpu_steps;                 // user_annotation ranges
  std::map<long long, double> launch_us;             // correlation -> cudaLaunchKernel start (CPU)
};

// Reads a trace. Not JSON, no traceEvents, no GPU kernel: ScenarioError naming the file (and
// the line and column of a syntax error).
ProfileTrace load_profile_trace(const std::string& path);

using report::TraceSplit;  // report/profile_result.hpp

// The GPU `device` ran on, from deviceProperties; nullopt when the trace does not say.
std::optional<MeasuredDevice> traced_device(const ProfileTrace& t, int device);

// The split of `device` (-1: the lowest device with kernels). Throws ScenarioError when the
// device has no kernels.
TraceSplit split_trace(const ProfileTrace& t, int device = -1);

}  // namespace simtrain::drive
