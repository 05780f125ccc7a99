// A user's profiler trace against the simulated step: `simtrain compare --profile`
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
// kind is within 1% or 8 rounds pass. An efficiency the ratio would push to 1.0 or past it
// (within a relative 1e-6) is held at that bound and a warning says so, in the report and in
// the written file: the value is the bound, not a measurement (the trace's kernels ran faster
// than the model's peak: another GPU, clock or precision than the scenario's). Not fitted: host dispatch and per-step costs (the software
// profile), communication (the network section, from nccl-tests logs), idle -- the residual
// step error says what they leave.
//
// The device: both commands first hold the trace's GPU (its deviceProperties entry
// for the compared device, drive/profile_trace.hpp) against the scenario's, by family
// (scenario/device_match.hpp). Another family is refused at that entry's "name" in the trace
// (exit 2): a comparison would put one GPU's kernel times beside another's model, and a fit
// would write them into a calibration file keyed to the scenario's GPU. --force-device goes on
// and the output says so (the written file too). A trace without deviceProperties is compared
// as before, and the output says the device could not be checked.
#pragma once

#include <string>
#include <vector>

#include "drive/profile_trace.hpp"
#include "report/profile_result.hpp"
#include "scenario/scenario.hpp"

namespace simtrain::drive {

// The results (report/profile_result.hpp, where report/ formats them).
using report::ProfileComparison;
using report::ProfileFit;
using report::SimulatedSplit;

struct ProfileOptions {
  int device = -1;            // --device: the traced GPU (-1: the lowest device with kernels)
  bool force_device = false;  // --force-device: go on when the trace ran on another GPU family
};

ProfileComparison compare_profile(const ScenarioSpec& spec, const ProfileTrace& trace, const ProfileOptions& opt = {});

// Fits. Each round's calibration is a document in memory that the round's run reads
// (ScenarioSpec::calibration_doc): no scratch file, so nothing at a predictable name in a
// shared temp folder ($TMPDIR/simtrain-fit-<pid>.yaml once followed a planted symlink).
ProfileFit fit_profile(const ScenarioSpec& spec, const ProfileTrace& trace, const ProfileOptions& opt);

}  // namespace simtrain::drive
