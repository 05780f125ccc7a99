// The host side of a training step (docs/model/software.md; work/software.hpp has the
// profile and the kernel counts).
//
// Each rank's CPU thread issues its kernels in order; the GPU may run a segment of kernels
// only once the host has issued it. Every rank runs the same script at the same pace, so one
// host timeline serves all ranks: a chain of delay tasks (transfers without flows, on no
// server), one per GPU segment, each as long as the host takes to issue it:
//     issue(segment) = kernels x dispatch (+ per-bucket / per-tensor host work)
// A GPU segment depends on its issue task. The host runs ahead of the GPU as far as it can;
// where the profile synchronises (loss.item() at the end of a step, GradScaler's or the
// grad-norm's .item() before the optimizer) the host waits for the GPU, so the next kernels
// are issued while the GPU idles. When the host is slower than the GPU the GPU waits at every
// segment: the step is host-bound. The error of issuing a segment as a whole is at most one
// segment's issue time (the GPU could start its first kernel earlier).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/task_graph.hpp"
#include "work/software.hpp"

namespace simtrain::train {

class HostTimeline {
 public:
  HostTimeline(engine::TaskGraph& g, const work::SoftwareProfile* sw) : g_(g), sw_(sw) {}

  bool active() const { return sw_ != nullptr; }
  // A new step begins: the fixed per-step host work (and the graph launch under CUDA graphs),
  // after the GPU's `prev_end` when the profile synchronises at every step.
  void begin_step(std::span<const engine::TaskId> prev_end, const std::string& label);
  // The host issues `kernels` forward or backward kernels (plus `extra_ps` of host work); the
  // returned task is what the GPU segment must wait for. Nothing without a profile.
  std::optional<engine::TaskId> issue(double kernels, bool backward, TimePs extra_ps, const std::string& label);
  // The host waits for the GPU tasks (a .item() on their results).
  void sync(std::span<const engine::TaskId> gpu);
  // The optimizer step: the host first waits for `grads` when the profile reads the gradients
  // (grad-norm clipping) or GradScaler checks them (`grad_scaler`: amp_fp16), then issues the
  // optimizer's kernels and its per-parameter-tensor Python work. Nothing without a profile.
  std::optional<engine::TaskId> optimizer(const work::Model& model, bool adam, bool grad_scaler,
                                          std::span<const engine::TaskId> grads);
  // The host's latest task: what a collective its hooks launch waits for (FSDP's all-gathers).
  std::optional<engine::TaskId> last() const { return sw_ ? last_ : std::nullopt; }

 private:
  engine::TaskId add(TimePs duration, std::vector<engine::TaskId> deps, const std::string& label);
  engine::TaskGraph& g_;
  const work::SoftwareProfile* sw_;
  std::optional<engine::TaskId> last_;
  std::vector<engine::TaskId> wait_;  // GPU tasks the next host task waits for
};

}  // namespace simtrain::train
