#include "train/host.hpp"

#include "train/ddp.hpp"

namespace simtrain::train {

engine::TaskId HostTimeline::add(TimePs duration, std::vector<engine::TaskId> deps, const std::string& label) {
  if (last_) deps.push_back(*last_);
  deps.insert(deps.end(), wait_.begin(), wait_.end());
  wait_.clear();
  last_ = g_.add_transfer({}, duration, deps, label, kHost);
  return *last_;
}

void HostTimeline::begin_step(std::span<const engine::TaskId> prev_end, const std::string& label) {
  if (!sw_) return;
  std::vector<engine::TaskId> deps;
  if (sw_->sync_per_step) deps.assign(prev_end.begin(), prev_end.end());
  add(sw_->step_overhead_ps + (sw_->cuda_graphs ? sw_->graph_launch_ps : 0), deps, label);
}

std::optional<engine::TaskId> HostTimeline::issue(double kernels, bool backward, TimePs extra_ps,
                                                  const std::string& label) {
  if (!sw_) return std::nullopt;
  const TimePs per = backward ? sw_->dispatch_backward_ps : sw_->dispatch_forward_ps;
  const TimePs d = static_cast<TimePs>(std::llround(kernels * static_cast<double>(per))) + extra_ps;
  if (d <= 0 && wait_.empty() && last_) return last_;  // CUDA graphs: issued with the launch
  return add(d, {}, label);
}

std::optional<engine::TaskId> HostTimeline::optimizer(const work::Model& model, bool adam, bool grad_scaler,
                                                      std::span<const engine::TaskId> grads) {
  if (!sw_) return std::nullopt;
  if (sw_->sync_before_optimizer || grad_scaler) sync(grads);
  const auto per_tensor =
      static_cast<TimePs>(std::llround(work::param_tensors(model) * static_cast<double>(sw_->dispatch_per_param_tensor_ps)));
  return issue(work::optimizer_kernels(model, adam, *sw_), false, per_tensor, "issue optimizer");
}

void HostTimeline::sync(std::span<const engine::TaskId> gpu) {
  if (!sw_) return;
  wait_.insert(wait_.end(), gpu.begin(), gpu.end());
}

}  // namespace simtrain::train
