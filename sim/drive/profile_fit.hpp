// A user's profiler trace against the simulated step (issue 13): `simtrain compare --profile`
// puts the measured split beside the simulated one, and `simtrain calibrate --profile` fits
// the compute model so that the scenario reproduces the trace.
//
// Compared per step on one GPU (drive/profile_trace.hpp for the measured side): step time,
// compute, exposed communication, idle (the simulator's idle + data stall + pipeline bubble),
// and kernel time by kind: GEMMs and convs, attention, other kernels (measured: their summed
// durations; simulated: the cost model's time of those ops alone, "other" = compute minus the
// two, so it also holds what sharing the GPU with NCCL costs).
//
// The fit. What a trace determines is the time of each kind of kernel on this card with this
// software; the model's figures for them are efficiencies (work/cost.hpp). So the fit scales
// the scenario GPU's efficiencies by measured-to-simulated ratios, each against the kernels
// it governs:
//   GEMM main-loop efficiency (the tile model's anchor `max`, for the precision the linear
//     layers run in)                                              x (simulated GEMM / measured GEMM)
//   attention efficiency (FlashAttention and eager curves)        x (simulated / measured attention)
//   memory efficiency and the CUDA-core vector rate (the other, memory-bound kernels)
//                                                                 x (simulated / measured other)
// then re-simulates and repeats (the kinds interact through waves and contention) until each
// kind is within 1% or 8 rounds pass. An efficiency the ratio would push past 1.0 is capped
// and said so (the trace's kernels ran faster than the model's peak: another GPU, clock or
// precision than the scenario's). Not fitted: host dispatch and per-step costs (the software
// profile), communication (the network section, from nccl-tests logs), idle -- the residual
// step error says what they leave.
#pragma once

#include <string>
#include <vector>

#include "drive/profile_trace.hpp"
#include "scenario/scenario.hpp"

namespace simtrain::drive {

struct SimulatedSplit {
  double step_s = 0, compute_s = 0, comm_s = 0, exposed_comm_s = 0, idle_s = 0;
  double gemm_s = 0, attention_s = 0, other_s = 0;
};

struct ProfileComparison {
  std::string trace, scenario, gpu;
  TraceSplit measured;
  SimulatedSplit simulated;
};

ProfileComparison compare_profile(const ScenarioSpec& spec, const ProfileTrace& trace, int device = -1);

struct ProfileFit {
  std::string yaml;  // the calibration file (work/calibration.hpp's format)
  ProfileComparison before, after;
  double gemm_scale = 1, attention_scale = 1, memory_scale = 1;  // applied to the scenario GPU's figures
  int rounds = 0;
  std::vector<std::string> notes;
};

// Fits; `scratch` is a file the rounds' calibration is written to (removed at the end).
ProfileFit fit_profile(const ScenarioSpec& spec, const ProfileTrace& trace, int device, const std::string& scratch);

}  // namespace simtrain::drive
