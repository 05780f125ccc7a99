// What `simtrain compare --profile` and `simtrain calibrate --profile` produce: a profiler
// trace's measured step beside the simulated one, and the compute fit (drive/profile_fit.hpp
// computes them, drive/profile_trace.hpp reads the trace; report/profile_report.hpp formats
// them). Here, below both, so that report/ formats them without including drive/.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/enum_names.hpp"

namespace simtrain::report {

// A kernel's kind, by its name (drive::classify_kernel).
enum class KernelKind { gemm, attention, other, nccl };
inline constexpr auto kKernelKindNames = enum_names<KernelKind>(
    {{KernelKind::gemm, "gemm"}, {KernelKind::attention, "attention"}, {KernelKind::other, "other"}, {KernelKind::nccl, "nccl"}});

// One traced GPU's step, measured (drive::split_trace).
struct TraceSplit {
  int device = 0;
  int steps = 0;
  bool step_ranges = false;  // false: the whole trace taken as one step
  std::string step_source;   // "gpu_user_annotation" | "user_annotation via correlation" | "whole trace"
  double step_s = 0, compute_s = 0, comm_s = 0, exposed_comm_s = 0, idle_s = 0;  // per step
  std::map<KernelKind, double> by_kind_s;  // per step
  int kernels = 0;
};

struct SimulatedSplit {
  double step_s = 0, compute_s = 0, comm_s = 0, exposed_comm_s = 0, idle_s = 0;
  double gemm_s = 0, attention_s = 0, other_s = 0;
};

struct ProfileComparison {
  std::string trace, scenario, gpu;
  // The traced GPU against the scenario's, one sentence: "NVIDIA A100-SXM4-40GB (sm_80, 108
  // SMs, 40.0 GiB; the trace's deviceProperties): the scenario's GPU family (A100)", or
  // "not checked: ...".
  std::string device;
  std::string forced_device;  // "the trace ran on ... (--force-device)" when forced, else ""
  TraceSplit measured;
  SimulatedSplit simulated;
};

struct ProfileFit {
  std::string yaml;  // the calibration file (work/calibration.hpp's format)
  ProfileComparison before, after;
  double gemm_scale = 1, attention_scale = 1, memory_scale = 1;  // applied to the scenario GPU's figures
  int rounds = 0;
  std::vector<std::string> notes;
  // An efficiency that ends on its bound 1.0 (report::fit_bound_warning's sentence and why).
  std::vector<std::string> warnings;
};

}  // namespace simtrain::report
