// The software stack a run models (docs/model/software.md): what the training code runs
// beside the model's arithmetic, as a profile of topologies/software.yaml that a scenario
// names with `software:`.
//
// Host dispatch. Every kernel is issued by its rank's CPU thread before the GPU can run it:
//     host time of a GPU segment = kernels(segment) x dispatch   (forward / backward rates)
// and the GPU may start a segment only once the host has issued it (sim/train/host.hpp). A
// GPU whose kernels are shorter than their dispatch waits for the host: the step becomes
// host-bound. CUDA graphs issue the captured step with one launch (dispatch 0).
// Kernels per op, eager PyTorch (counted from the ATen ops each module calls):
//     linear / conv: 1 forward (addmm, cudnn conv), 2 backward (input and weight grads; +1 for a
//                    bias's reduction);
//     attention:     eager 5 forward (bmm, scale, mask, softmax, bmm; +1 dropout), 8 backward;
//                    fused (FlashAttention / SDPA) 1 forward, 2 backward (dq/dk/dv, + preprocess);
//     norm 1 / 2, elementwise 1 / 1, embedding 1 / 2, pool 1 / 1, loss 2 / 2 (log_softmax + nll);
//     autocast: +1 forward cast kernel per weighted op (its weight re-cast to half precision);
//     optimizer: foreach kernels, ~4 (SGD) or ~10 (Adam) per op that owns parameters (the
//                multi-tensor apply chunks launched per tensor list), or a handful when fused.
// Per step: `dispatch_per_param_tensor` x parameter tensors (Python loops over parameters),
// `step_overhead` (the loop, next(loader)), and the host synchronisations the profile names.
// Every figure is in topologies/software.yaml with its source (or "assumption").
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/time.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"

namespace simtrain {
class Field;
}

namespace simtrain::work {


// How the stack runs an op variant (model.hpp OpVariant) against one fused kernel: HBM traffic
// as a multiple of the fused kernel's (one read of the inputs, one write of the output),
// kernels launched, and the activations autograd keeps for the backward as a multiple of what
// the fused kernel keeps (its inputs). Fused stacks (torch.compile, TransformerEngine, NVIDIA's
// code): 1, 1 and 1.
struct EagerOp {
  double traffic = 1;
  double kernels = 1;
  double saved = 1;
};

struct SoftwareProfile {
  std::string key, name, source;
  TimePs dispatch_forward_ps = 0, dispatch_backward_ps = 0;
  TimePs dispatch_per_param_tensor_ps = 0;
  TimePs step_overhead_ps = 0;
  TimePs graph_launch_ps = 0;
  bool cuda_graphs = false;
  bool sync_per_step = false;
  bool sync_before_optimizer = false;
  bool fused_optimizer = false;
  bool autocast_casts = false;
  std::optional<TimePs> kernel_gap_ps;
  KernelChoices kernels;  // conv layout and fused attention kernel (work/cost.hpp)
  EagerOp rmsnorm, swiglu, rope;  // by OpVariant
  // Unfused (non-flash) attention: passes over the s x s score matrix beyond the fused
  // softmax the model counts (scores written, softmax read and write, P V read, dropout),
  // and the kernels they take: eager code scales and masks the scores in kernels of their own.
  double attention_extra_passes = 0, attention_extra_kernels = 0;
};

// topologies/software.yaml next to the catalog, or in the source tree.
std::string default_software_path(const std::string& catalog_path);
// Loads profile `key`; an unknown key is an error at `where` (the scenario's `software:`),
// listing the profiles.
SoftwareProfile load_software(const std::string& path, const std::string& key, const Field* where = nullptr);
std::vector<std::string> software_profiles(const std::string& path);

// The model as this stack runs it: RMSNorm, SwiGLU and RoPE ops move `traffic` times the
// bytes of one fused kernel and launch `kernels` kernels (Op::kernels); other ops unchanged.
std::shared_ptr<const Model> apply_software(const std::shared_ptr<const Model>& m, const SoftwareProfile& sw);

// Kernels an op launches per micro-batch (eager counts, see the header comment).
// `autocast`: the run uses torch.autocast (amp_fp16 / amp_bf16 under DDP), whose weight casts
// are extra kernels where the profile has them.
double kernels_forward(const Op& op, const SoftwareProfile& sw, bool autocast);
double kernels_backward(const Op& op);
// Kernels of one optimizer step over the model's parameters, and its parameter tensors
// (weight, plus bias where an op's parameters are not a whole number of its GEMM's weight); trained
// ones only (fine-tuning leaves the frozen ones out, work/finetune.hpp).
double optimizer_kernels(const Model& m, bool adam, const SoftwareProfile& sw);
double param_tensors(const Model& m);

}  // namespace simtrain::work
