// Compute cost: how long a kernel runs on a GPU (docs/model/README.md, "Compute"). Only this
// part decides it.
//
// Every kernel is a roofline, max(compute time, memory time) + launch, where the memory time is
// B / (W x e_mem - HBM bandwidth drawn by NCCL) (B the bytes it moves: activations in the
// activation dtype plus its weights; W the HBM bandwidth). The compute time depends on the kind:
//
// GEMMs (OpKind::gemm; OpKind::conv as implicit GEMMs) by shape, tiles and waves. A GEMM
// M x N x K (M = gemm_m x batch) is cut into output tiles tm x tn; the tile shapes are CUTLASS's
// defaults per architecture (include/cutlass/gemm/device/default_gemm_configuration.h:
// sm_70/sm_75 tensor ops 128x256x32, 2 stages; sm_80 128x256x64, 3 stages; SIMT fp32
// 128x128x8) and the shapes cuBLAS/CUTLASS kernels also ship (256x128, 128x128, 256x64,
// 64x256, 128x64, 64x128; SIMT 128x64, 64x128, 64x64); Hopper's wgmma kernels use the same tile sizes (CUTLASS 3 examples:
// 128x128x64, 128x256x64; k 128 for fp8). Assumption: every candidate runs its main loop at
// the same e_main (no per-tile measurement). For each candidate tile and split-K factor s
// (1, 2, 4, ..., 32; K/s >= 4 k-steps; only while the tiles do not fill the GPU):
//   tiles   = ceil(M/tm) x ceil(N/tn) x s
//   waves   = ceil(tiles / SMs_free)            (SMs_free = SMs - SMs held by NCCL kernels)
//   t_tile  = 2 tm tn (ceil(K/s) + K0) / (e_main x P / SMs)
//   t_gemm  = waves x t_tile + (s > 1: the fp32 partial sums written and read, 8 M N s bytes, at
//             the HBM bandwidth left)
// where P is the dense tensor peak of the precision (P / SMs: one SM's rate), K0 = 2 tk the
// per-tile prologue and epilogue in k-steps (assumption: one k-step of pipeline fill before the
// first MMA, one of epilogue writing the tile; small K cannot fill the pipeline), and e_main
// the main loop's share of peak. The kernel is the candidate with the least time on the WHOLE
// GPU (cuBLAS's heuristics pick by shape and know nothing of NCCL); under contention that same
// kernel runs its waves over the SMs left: a GEMM of 132 tiles is one wave on an H100 alone and
// two when an all-gather holds 24 SMs (NVIDIA developer forum, "Compute-Communication Overlap
// Causes Severe GEMM Performance Degradation because of Tail Effect").
// e_main is not a free constant: it is derived so that the model reproduces the measured
// Maximum Achievable Matmul FLOPS at the shape it was measured (compute.yaml `gemm: {max, at}`,
// gemm-mamf-bf16-fp8: A100 SXM 0.869 at 1024x10240x5120, A100 PCIe 0.811 at 2048x5120x6144,
// H100 SXM 0.803 at 2048x2048x13312, fp8 0.709 / 0.734), e_main = max / (the model's
// efficiency at `at` with e_main = 1). It holds what the shape factors do not: the sustained
// clock under the power limit (dense GEMMs on a 700 W H100 run below boost), issue overheads.
// Efficiency therefore falls for small M or N (few tiles: a partial wave, tile quantization),
// small K (K0 and the memory bound) and in the last partial wave (tail effect).
// A calibration file's measured FLOP-size curve (gemm_by_precision: {max, half_size}) replaces
// the tile model for its precision: eff(F) = max F / (F + half_size), F = 2 M N K.
// Convs: cuDNN implicit GEMM, M = output pixels x batch, N = out channels, K = in channels /
// groups x kernel^2, at `conv.vs_gemm` x e_main (assumption, no conv microbenchmark).
// Layout: PyTorch's default NCHW makes cuDNN transpose the input to NHWC before a tensor-core
// conv and the output back after (NVIDIA's channels-last diagram, as MosaicML's Composer docs
// reproduce it; channels-last "accelerates ResNet-50 by about 30% on V100 and A100"): under
// ConvLayout::nchw every 16-bit conv (fp16, bf16; fp8 runs convs in bf16) pays two memory-bound
// transpose kernels (read + write its input and its output once more; backward: the output
// gradient and the input gradient). ConvLayout::nhwc (channels_last) pays none. fp32 and tf32
// convs pay none either way (assumption: PyTorch's docs scope the channels-last speedup to
// "fp16 data on CUDA devices with compute capability >= 7.0"; cuDNN runs 32-bit NCHW natively).
// Grouped GEMMs (Op::gemm_groups = G > 1: a MoE layer's routed experts, Megatron-Core's
// --moe-grouped-gemm / TransformerEngine's GroupedLinear, CUTLASS grouped GEMM): G GEMMs of
// the same M x N x K (M = one expert's rows: tokens x top_k / E per sample, x batch) in one
// persistent kernel whose tiles of every group share the waves:
//   tiles = G x ceil(M/tm) x ceil(N/tn) x s,  waves = ceil(tiles / SMs_free),  reduce 8 G M N s,
// one launch, the same tile candidates; a measured FLOP-size curve applies at one group's size,
// G times. So what a MoE layer loses is per expert: few rows each (DeepSeek-V3 at 4096 tokens:
// 256 experts of 128 rows) mean tiles cut by M (tile quantization, the smaller tile shapes),
// while the many GEMMs together still fill the waves of one kernel (separate cuBLAS calls,
// Megatron's SequentialMLP, would pay a partial wave and a launch each: not modelled). Bytes: the
// op's activations plus every expert's weights (Op::params counts them all), so small batches
// are bound by reading the weights; fp8 casts G x the input and the weights.
// Backward of a GEMM / conv: two GEMMs, dX = dY W^T (M x K x N) and dW = X^T dY (K x N x M),
// each through the tile model (so the weight gradient of a conv with few channels and many
// pixels splits K), and 2x the forward bytes plus the weight and its gradient.
// Fine-tuning (work/finetune.hpp): a frozen weight (Op::frozen) gets no dW GEMM and no gradient
// write; an op whose input needs no gradient (Op::input_grad false) no dX; a linear running one
// of the two moves 1x the forward bytes. An op running neither (and any other op whose input
// needs no gradient) has no backward at all: 0.
//
// Attention (OpKind::attention): a fused FlashAttention kernel (flash) at a measured share of
// the 16-bit peak, eff(F) = e F / (F + half_size): FA2 (flash_attention) or FA3 on Hopper
// (flash_attention_3) or cuDNN's fused attention (cudnn_attention: what TransformerEngine's
// DotProductAttention runs on Blackwell, where FA3 does not run and FA2's sm80 code reaches 0.16
// of peak) as KernelChoices::attention says. e is measured per direction and
// causality (compute.yaml: max = forward, backward, causal, causal_backward; absent = max):
// FlashAttention's backward is a different kernel (it recomputes Q K^T, runs 5 GEMMs against
// the forward's 2 and accumulates dQ with atomics), so it runs at a lower share of peak than
// the forward (H100 hdim 128, seq 8k: FA2 0.37 forward / 0.29 backward, FA3 0.67 / 0.56,
// Dao-AILab/flash-attention#1791's benchmark_attn.py); causal kernels lose more on the
// diagonal blocks (H100 FA2 forward 0.29 causal against 0.37). Causal
// (decoder) attention skips the masked blocks: it executes (nb + 1) / (2 nb) of the full s^2
// work, nb = ceil(kv / 128) key blocks of FlashAttention's 128-row tiles (the diagonal blocks
// are computed in full). Eager attention (flash false) materializes all s^2 scores and masks
// them afterwards: full work, its own curve (attention). Model FLOPs (Op::fwd_flops, MFU) keep
// the full s^2 count, as Megatron-LM's MFU does (Narayanan et al. 2021, eq. 3; Korthikanti et
// al. 2022): only the executed time halves. Under contention attention's rate scales with the
// SMs left (many waves of (batch x heads x s/128) tiles).
//
// Other ops (elementwise, norm, embedding, pool, loss): the fp32 vector peak x vector_max, rate
// scaled by the SMs left, and their bytes (usually memory-bound).
//
// Sustained clock (compute.yaml `sustained`, per GPU). The GEMM and attention figures above are
// burst measurements: a benchmark times a few hundred iterations of one kernel, short enough
// that the GPU still runs at (or near) its boost clock. A training step keeps every SM busy for
// minutes and the board settles at its power limit, at a lower clock. Every SM-bound rate
// (tensor-core GEMMs and attention, CUDA-core vector work) is multiplied by
//   sustained = the power-saturated rate / the burst rate of the same GEMM
// (stas00 mamf-finder's MSMF against MAMF: H200 bf16 with all 8 GPUs busy, 698.6 / 823.9 =
// 0.848, at ~1405-1527 MHz against 1980 MHz boost; H100 SXM is the same die and 700 W). HBM
// bandwidth is not scaled (the memory clock does not follow the SM clock). Default 1: a GPU
// without a sustained measurement runs at its burst figures.
//
// Precision as the stack applies it. fp8 (TransformerEngine, torchao float8) runs only the
// linear layers (OpKind::gemm) in fp8 at the fp8 peak -- forward (E4M3) and both backward GEMMs
// (E5M2 gradients, TE's HYBRID recipe) -- and everything else in bf16: attention, convs,
// elementwise ops; activations between ops and saved for backward stay bf16 (activation_bytes
// (fp8) = 2). Each fp8 GEMM adds TE's fused cast-transpose(-amax) kernels, memory-bound: forward
// casts its input (read 2 B, write 1 B x 2: the fp8 copy and its transpose for the weight
// gradient) and its weight (same), backward casts the output gradient (same); the amax
// reduction is fused into them. So fp8 is never 2x bf16 end to end.
//
// The microscaling recipes (TransformerEngine 2.x, transformer_engine/common/recipe/__init__.py
// @000b637e: MXFP8BlockScaling, NVFP4BlockScaling; docs/model/precision.md) have the same scope
// -- the linear layers (OpKind::gemm), every one of their three GEMMs (fprop, dgrad, wgrad), and
// nothing else: attention, norms, elementwise ops and the saved activations stay bf16 -- but other
// operands, rates and quantization kernels:
//   mxfp8  E4M3 elements, one E8M0 (power-of-two) scale per 32 consecutive elements, at the fp8
//          tensor rate: Blackwell's block-scaled MMA applies the scales inside the tensor core
//          (PTX tcgen05.mma .kind::mxf8f6f4, sm_100+). A block scale needs no tensor-wide amax,
//          so one fused kernel quantizes an operand rowwise and columnwise from its bf16 source
//          (the two are not transposes of each other): read 2 B, write 2 x (1 + 1/32) B per
//          element. Weights: Megatron-Bridge's bf16_with_mxfp8_mixed sets fp8_param_gather, so
//          the parameters are kept in MXFP8 (written by the optimizer in place of the bf16 copy):
//          no weight quantization in the forward. Inputs and output gradients are quantized
//          per GEMM as under fp8.
//   nvfp4  E2M1 elements, one E4M3 scale per 16 elements and an fp32 scale per tensor, at the fp4
//          tensor rate (devices.yaml `fp4`; .kind::mxf4nvf4). The per-tensor scale needs the
//          tensor's amax before any element is quantized: an amax pass (read 2 B) then the
//          rowwise + columnwise quantization (read 2 B, write 2 x (0.5 + 1/16) B), two kernels.
//          The recipe's 16x16 random Hadamard transform of the wgrad operands and its stochastic
//          rounding of gradients run inside the quantization kernel (memory-bound either way:
//          no time of their own). Weights: bf16_with_nvfp4_mixed keeps them bf16
//          (fp8_param_gather off), so each forward quantizes its weight as fp8 does (2D 16x16
//          blocks; TE caches it across a step's micro-batches when Megatron passes
//          is_first_microbatch: not modelled, an upper bound on that cost, as for fp8).
// Both need block-scaled tensor cores: NVIDIA sm_100 or later. Any other GPU (Hopper and older,
// AMD Instinct) refuses them. GEMM efficiency: the GPU's measured fp8 anchor for mxfp8; for nvfp4
// compute.yaml's `fp4` anchor when measured, else the fp8 one (assumption: the same share of
// its peak). Memory: the saved activations and the bf16 weights as under fp8 (TE's quantized
// copies of the saved linear inputs, smaller, and NVFP4's cached weight, 1.125 B a parameter,
// are not counted); MXFP8's parameters (2 x 1.03 B) stand in for the bf16 copy they replace.
//
// Backward of other ops: the same FLOPs, 2x the bytes. The optimizer step is memory-bound: per
// parameter it reads and writes the fp32 master weight, the gradient and its states (SGD with
// momentum: 5 x 4 bytes; Adam/AdamW: 7 x 4 bytes; plus the half-precision copy under mixed
// precision).
// Constants: topologies/compute.yaml (defaults and per-GPU values, with sources).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/enum_names.hpp"
#include "base/time.hpp"
#include "topo/catalog.hpp"
#include "work/model.hpp"

namespace simtrain {
class Field;
}

namespace simtrain::work {

// Training precision, as a scenario names it.
enum class Precision { fp32, tf32, amp_fp16, amp_bf16, bf16, fp16, fp8, mxfp8, nvfp4 };
// A scenario's names (base/enum_names.hpp); --precision also takes the older spellings
// fp16_mixed, mixed, amp (amp_fp16) and bf16_mixed (amp_bf16).
inline constexpr auto kPrecisionNames = enum_names<Precision>({{Precision::fp32, "fp32"},
                                                               {Precision::tf32, "tf32"},
                                                               {Precision::amp_fp16, "amp_fp16"},
                                                               {Precision::amp_bf16, "amp_bf16"},
                                                               {Precision::bf16, "bf16"},
                                                               {Precision::fp16, "fp16"},
                                                               {Precision::fp8, "fp8"},
                                                               {Precision::mxfp8, "mxfp8"},
                                                               {Precision::nvfp4, "nvfp4"},
                                                               {Precision::amp_fp16, "fp16_mixed", NameUse::kAlias},
                                                               {Precision::amp_fp16, "mixed", NameUse::kAlias},
                                                               {Precision::amp_fp16, "amp", NameUse::kAlias},
                                                               {Precision::amp_bf16, "bf16_mixed", NameUse::kAlias}});
const char* precision_name(Precision p);
bool parse_precision(const std::string& s, Precision& out);  // a name or an alias of kPrecisionNames
// Bytes of one activation element, of one parameter as stored for compute, of one gradient.
// fp8 keeps activations and the compute copy of the weights in bf16 (only GEMM inputs are cast).
double activation_bytes(Precision p);
double weight_bytes(Precision p);
double grad_bytes(Precision p);
// The catalog key of the peak used by tensor-core ops ("fp16", "tf32", ...). Under fp8, mxfp8
// and nvfp4 only linear layers use it ("fp8", "fp8", "fp4"); attention and convs use bf16's.
const char* tensor_precision_key(Precision p);
// Whether the linear layers run quantized (TransformerEngine's recipes: fp8, mxfp8, nvfp4).
bool quantized_linears(Precision p);
// Whether the GPU runs the precision's GEMMs in hardware: mxfp8 and nvfp4 need block-scaled
// tensor cores (NVIDIA sm_100 or later); every other precision is checked by its catalog peak.
bool supports_precision(const topo::GpuModel& gpu, Precision p);

enum class Optimizer { sgd, adam, adamw };
inline constexpr auto kOptimizerNames =
    enum_names<Optimizer>({{Optimizer::sgd, "sgd"}, {Optimizer::adam, "adam"}, {Optimizer::adamw, "adamw"}});
bool parse_optimizer(const std::string& s, Optimizer& out);
const char* optimizer_name(Optimizer o);

// An efficiency: for attention a FLOP-size curve eff(F) = max F / (F + half_flops); for GEMMs
// the measured efficiency `max` at the shape at_m x at_n x at_k that anchors the tile model,
// or, when half_flops > 0 (a calibration file's fit), a FLOP-size curve that replaces it.
struct KindCurve {
  double max = 1;
  double half_flops = 0;
  double at_m = 8192, at_n = 8192, at_k = 8192;
  // Attention curves only: the backward's, the causal forward's and the causal backward's
  // share of peak (0: as `max`, the forward, or as `backward` for causal_backward).
  double backward = 0, causal = 0, causal_backward = 0;
  bool size_curve() const { return half_flops > 0; }
  // The share of peak of one direction: max, backward, causal or causal_backward.
  double peak_share(bool bwd, bool is_causal) const;
};

struct ComputeCalibration {
  KindCurve gemm;
  KindCurve attention;          // eager Q K^T / softmax / P V kernels
  KindCurve flash_attention;    // FlashAttention-2
  KindCurve flash_attention_3{0.0};  // FlashAttention-3 (Hopper only; max 0: not measured, FA2 runs)
  KindCurve cudnn_attention{0.0};    // cuDNN fused attention (max 0: not measured, FA2 runs)
  // Per precision ("fp32", "tf32", "fp16", "bf16", "fp8", "fp4"): replaces `gemm` for that precision
  // (compute.yaml: a measurement at another precision; a calibration file: a measured curve).
  std::map<std::string, KindCurve> gemm_by_precision;
  double conv_vs_gemm = 0.875;  // implicit-GEMM convs' main loop against a GEMM's
  double vector_max = 0.5;
  // The power-limited clock's rate against the burst rate the figures above were measured at
  // (MSMF / MAMF); scales every SM-bound rate, not HBM (see the header's "Sustained clock").
  double sustained = 1.0;
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
// flash_attention, flash_attention_3, vector, memory, launch, cuda_context, allocator_slack)
// onto `cal`. A curve is {max, at: MxNxK} (tile model anchor) or {max, half_size} (a fitted
// FLOP-size curve); attention curves take {max, half_size}; conv takes {vs_gemm}.
void read_compute_block(const Field& f, ComputeCalibration& cal);
std::string default_calibration_path(const std::string& catalog_path);

// What else holds the GPU while a kernel runs (docs/model/software.md):
// NCCL kernels hold whole SMs (one CTA per channel, never shared with compute) and stream
// their bytes through HBM. A compute kernel gets the SMs and the HBM bandwidth left.
struct Contention {
  int sms_held = 0;              // SMs taken by communication kernels
  double hbm_bytes_per_s = 0;    // HBM bandwidth their traffic draws
  bool operator==(const Contention&) const = default;
};

// Which kernels the software stack runs (a software profile picks them).
// FlashAttention-2 (PyTorch SDPA, flash-attn 2) | -3 (Hopper) | cuDNN's fused attention
// (TransformerEngine's FusedAttention backend, cudnn-frontend SDPA).
enum class AttentionKernel { fa2, fa3, cudnn };
enum class ConvLayout { nchw, nhwc };     // PyTorch's default contiguous format | channels_last
inline constexpr auto kAttentionKernelNames =
    enum_names<AttentionKernel>({{AttentionKernel::fa2, "fa2"}, {AttentionKernel::fa3, "fa3"}, {AttentionKernel::cudnn, "cudnn"}});
inline constexpr auto kConvLayoutNames = enum_names<ConvLayout>(
    {{ConvLayout::nchw, "nchw"}, {ConvLayout::nhwc, "nhwc"}, {ConvLayout::nhwc, "channels_last", NameUse::kAlias}});
const char* attention_kernel_name(AttentionKernel k);
const char* conv_layout_name(ConvLayout l);
bool parse_attention_kernel(const std::string& s, AttentionKernel& out);
bool parse_conv_layout(const std::string& s, ConvLayout& out);

struct KernelChoices {
  // Flash attention ops (Op::flash) run FA2, FA3 or cuDNN's; FA3 only on sm_90 where the GPU's
  // compute.yaml entry has flash_attention_3, cuDNN where it has cudnn_attention, else FA2 (FA3
  // is a Hopper kernel; cuDNN's is measured per GPU). Default FA2: what PyTorch's SDPA runs.
  AttentionKernel attention = AttentionKernel::fa2;
  // Convs in NCHW pay cuDNN's transposes; NHWC (model.to(memory_format=torch.channels_last))
  // does not. Default NCHW: PyTorch eager's default memory format.
  ConvLayout conv = ConvLayout::nchw;
  bool operator==(const KernelChoices&) const = default;
};

class CostModel {
 public:
  // Throws std::invalid_argument when the GPU lacks the precision.
  CostModel(const topo::GpuModel& gpu, ComputeCalibration cal, Precision precision, KernelChoices kernels = {});

  // Kernel times with the GPU to themselves, or sharing it as `c` says (never faster).
  TimePs forward(const Op& op, double batch, const Contention& c = {}) const;
  TimePs backward(const Op& op, double batch, const Contention& c = {}) const;
  TimePs optimizer_step(std::int64_t params, Optimizer opt, const Contention& c = {}) const;
  // One GEMM C[m x n] = A[m x k] B[k x n] in the model's precision (fp8: the fp8 kernel alone,
  // no casts), inputs and output in that precision's bytes: the tile model + the launch gap.
  // As a benchmark times it (a few hundred iterations: the burst clock the MAMF figures were
  // measured at), or with `in_run` at the sustained clock of a training run, as forward() and
  // backward() time every GEMM of a step.
  TimePs gemm_time(double m, double n, double k, const Contention& c = {}, bool in_run = false) const;
  // The compute part of one GEMM alone: the tile model at the sustained clock of a long run, no
  // memory bound, no launch gap, seconds. For callers that bound it by their own bytes (a serving
  // engine's quantized weights, serve/iteration_cost.hpp).
  double gemm_compute_seconds(double m, double n, double k) const;
  // Its efficiency alone on the GPU (2 m n k / time / tensor peak), without the launch gap.
  double gemm_efficiency(double m, double n, double k, bool in_run = false) const;
  // A memory-bound pass over `bytes` of HBM traffic (copies, casts, in-place scaling) in
  // `kernels` launches, at the HBM bandwidth the collectives leave.
  TimePs memory_pass(double bytes, int kernels, const Contention& c = {}) const;

  double tensor_peak_flops() const { return tensor_peak_; }
  const topo::GpuModel& gpu() const { return gpu_; }
  Precision precision() const { return precision_; }
  const ComputeCalibration& calibration() const { return cal_; }
  const KernelChoices& kernels() const { return kernels_; }

 private:
  struct GemmKernel {  // the tile model for one tensor rate
    double peak = 0;      // FLOP/s of the whole GPU
    double e_main = 1;    // main-loop share of peak
    bool simt = false;    // fp32 on CUDA cores: CUTLASS's SIMT tile 128x128x8
    double tk = 64;       // the tile's k-step
    KindCurve curve;      // a measured FLOP-size curve, when curve.size_curve()
    double in_bytes = 2, out_bytes = 2;
    double clock = 1;     // sustained / burst (ComputeCalibration::sustained); 1 while e_main is derived
  };
  GemmKernel make_gemm_kernel(double peak, const KindCurve& anchor, bool simt, double in_b, double out_b) const;
  // Compute time of one GEMM (no memory roofline, no launch), seconds; `scale` the main-loop
  // factor (conv_vs_gemm for convs).
  // `groups` same-shape GEMMs in one grouped kernel (Op::gemm_groups).
  double gemm_compute_s(const GemmKernel& g, double m, double n, double k, double scale, const Contention& c,
                        double groups = 1) const;
  double matmul_s(const Op& op, const GemmKernel& g, double m, double n, double k, const Contention& c) const;
  TimePs finish(double t_compute, double bytes, const Contention& c, int kernels) const;
  double attention_s(const Op& op, double flops, bool backward, const Contention& c) const;
  double quantize_s(double elems, const Contention& c) const;
  double conv_transpose_s(const Op& op, double batch, const Contention& c) const;
  double free_sm_share(const Contention& c) const;
  double free_hbm_bytes_per_s(const Contention& c) const;
  const GemmKernel& kernel_for(const Op& op) const;

  const topo::GpuModel& gpu_;
  ComputeCalibration cal_;
  Precision precision_;
  KernelChoices kernels_;
  double tensor_peak_ = 0, matmul_peak_ = 0, vector_peak_ = 0;  // linear layers / attention+conv / CUDA cores
  GemmKernel linear_, conv_;  // linears in the precision (fp8/fp4 under the recipes); convs at matmul_peak_
  // TransformerEngine's recipe for the linear layers (header: fp8, mxfp8, nvfp4): bytes of one
  // quantized operand element as the GEMM reads it (scales included), HBM traffic and kernels of
  // quantizing one bf16 element, and whether each forward quantizes its weight.
  struct QuantRecipe {
    bool on = false;
    double operand_bytes = 2, quant_traffic_bytes = 0;
    int quant_kernels = 0;
    bool weight_per_forward = false;
  };
  QuantRecipe quant_;
  static QuantRecipe quant_recipe(Precision p);
};

}  // namespace simtrain::work
