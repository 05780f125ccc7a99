#include "work/cost.hpp"
#include "scenario/data_path.hpp"
#include "scenario/files.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <stdexcept>

namespace simtrain::work {

const char* precision_name(Precision p) { return kPrecisionNames.c_str(p); }
bool parse_precision(const std::string& s, Precision& out) { return kPrecisionNames.parse(s, out); }

double activation_bytes(Precision p) {
  switch (p) {
    case Precision::fp32:
    case Precision::tf32: return 4;
    default: return 2;  // fp8 too: TransformerEngine / torchao keep activations in bf16
  }
}

double weight_bytes(Precision p) { return activation_bytes(p); }

double grad_bytes(Precision p) {
  // Mixed precision keeps fp32 parameters, so gradients (and DDP buckets) are fp32; pure
  // half-precision training keeps them in half.
  switch (p) {
    case Precision::bf16:
    case Precision::fp16: return 2;
    default: return 4;
  }
}

const char* tensor_precision_key(Precision p) {
  switch (p) {
    case Precision::fp32: return "fp32";
    case Precision::tf32: return "tf32";
    case Precision::amp_fp16:
    case Precision::fp16: return "fp16";
    case Precision::amp_bf16:
    case Precision::bf16: return "bf16";
    case Precision::fp8:
    case Precision::mxfp8: return "fp8";
    case Precision::nvfp4: return "fp4";
  }
  return "fp32";
}

bool quantized_linears(Precision p) {
  return p == Precision::fp8 || p == Precision::mxfp8 || p == Precision::nvfp4;
}

bool supports_precision(const topo::GpuModel& gpu, Precision p) {
  if (p != Precision::mxfp8 && p != Precision::nvfp4) return true;
  // Block-scaled MMA (PTX tcgen05.mma .kind::mxf8f6f4 / .kind::mxf4nvf4 on sm_100 and sm_103;
  // mma.sync with block scales on sm_120): Blackwell and later. "sm_N" only: AMD's gfx targets
  // are not NVIDIA architectures (CDNA3 has no MX formats; TransformerEngine's MXFP8 and NVFP4
  // recipes on CDNA4 are not modelled).
  const std::string& a = gpu.arch;
  if (a.rfind("sm_", 0) != 0 || a.size() < 4 || a.find_first_not_of("0123456789", 3) != std::string::npos) return false;
  return std::stoi(a.substr(3)) >= 100;
}

bool parse_optimizer(const std::string& s, Optimizer& out) { return kOptimizerNames.parse(s, out); }
const char* optimizer_name(Optimizer o) { return kOptimizerNames.c_str(o); }

std::string default_calibration_path(const std::string& catalog_path) {
  return data_path::catalog_file("compute.yaml", catalog_path);
}

namespace {

// "1024x10240x5120" -> three positive numbers.
void read_shape(const Field& f, KindCurve& c) {
  const std::string s = f.as_string();
  double v[3] = {0, 0, 0};
  std::size_t pos = 0;
  for (int i = 0; i < 3; ++i) {
    std::size_t used = 0;
    try {
      v[i] = std::stod(s.substr(pos), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    pos += used;
    const bool sep_ok = i == 2 ? pos == s.size() : (pos < s.size() && (s[pos] == 'x' || s[pos] == 'X'));
    if (used == 0 || v[i] < 1 || !sep_ok) throw f.error("expected a GEMM shape MxNxK, e.g. 1024x10240x5120");
    ++pos;
  }
  c.at_m = v[0];
  c.at_n = v[1];
  c.at_k = v[2];
}

void read_curve(const Field& f, KindCurve& c, bool gemm) {
  if (gemm) f.check_keys({"max", "half_size", "at"});
  else f.check_keys({"max", "half_size", "backward", "causal", "causal_backward"});
  if (auto m = f.get("max")) {
    c.max = m->as_number_in(0, 1);
    c.backward = c.causal = c.causal_backward = 0;  // a new forward figure: the others follow it unless given
  }
  if (!gemm) {
    if (auto b = f.get("backward")) c.backward = b->as_number_in(0, 1);
    if (auto b = f.get("causal")) c.causal = b->as_number_in(0, 1);
    if (auto b = f.get("causal_backward")) c.causal_backward = b->as_number_in(0, 1);
  }
  auto h = f.get("half_size");
  auto at = f.get("at");
  if (h && at) throw at->key_error("give either at (the shape `max` was measured at) or half_size (a FLOP-size curve), not both");
  if (at) {
    read_shape(*at, c);
    c.half_flops = 0;
  }
  if (h) {
    std::string s = h->as_string();
    // "0.5 GFLOP": a FLOP count; reuse the compute-rate parser by reading "X GFLOPS".
    try {
      std::string unit = s;
      if (!unit.empty() && unit.back() == 'P') unit += "S";
      c.half_flops = parse_quantity(unit, Dimension::flops);
    } catch (const UnitError&) {
      throw h->error("expected a kernel size in FLOP, e.g. 0.5 GFLOP or 2 TFLOP");
    }
  }
}

}  // namespace

const char* attention_kernel_name(AttentionKernel k) { return kAttentionKernelNames.c_str(k); }
const char* conv_layout_name(ConvLayout l) { return kConvLayoutNames.c_str(l); }
bool parse_attention_kernel(const std::string& s, AttentionKernel& out) { return kAttentionKernelNames.parse(s, out); }
bool parse_conv_layout(const std::string& s, ConvLayout& out) { return kConvLayoutNames.parse(s, out); }

double KindCurve::peak_share(bool bwd, bool is_causal) const {
  const double fwd_nc = max;
  const double bwd_nc = backward > 0 ? backward : max;
  if (!is_causal) return bwd ? bwd_nc : fwd_nc;
  if (bwd) return causal_backward > 0 ? causal_backward : bwd_nc;
  return causal > 0 ? causal : fwd_nc;
}

void read_compute_block(const Field& f, ComputeCalibration& cal) {
  f.check_keys({"gemm", "gemm_by_precision", "conv", "attention", "flash_attention", "flash_attention_3",
                "cudnn_attention", "vector", "memory", "launch", "cuda_context", "allocator_slack", "sustained"});
  if (auto s = f.get("sustained")) {
    cal.sustained = s->as_number_in(0, 1);
    if (cal.sustained <= 0) throw s->error("expected a share of the burst rate in (0, 1]");
  }
  if (auto g = f.get("gemm")) read_curve(*g, cal.gemm, true);
  if (auto g = f.get("gemm_by_precision")) {
    if (!g->is_map()) throw g->error("expected a mapping of precisions (fp32, tf32, fp16, bf16, fp8, fp4) to curves");
    g->check_keys({"fp32", "tf32", "fp16", "bf16", "fp8", "fp4"});
    for (const Field& e : g->entries()) {
      const std::string key = e.key().substr(e.key().rfind('.') + 1);
      KindCurve c = cal.gemm;
      read_curve(e, c, true);
      cal.gemm_by_precision[key] = c;
    }
  }
  if (auto g = f.get("conv")) {
    g->check_keys({"vs_gemm"});
    cal.conv_vs_gemm = g->at("vs_gemm").as_number_in(0, 1);
  }
  if (auto g = f.get("attention")) read_curve(*g, cal.attention, false);
  if (auto g = f.get("flash_attention")) read_curve(*g, cal.flash_attention, false);
  if (auto g = f.get("flash_attention_3")) read_curve(*g, cal.flash_attention_3, false);
  if (auto g = f.get("cudnn_attention")) read_curve(*g, cal.cudnn_attention, false);
  if (auto v = f.get("vector")) {
    v->check_keys({"max"});
    cal.vector_max = v->at("max").as_number_in(0, 1);
  }
  if (auto m = f.get("memory")) cal.memory = m->as_number_in(0, 1);
  if (auto l = f.get("launch")) cal.launch_ps = seconds_to_ps(l->as_quantity(Dimension::time));
  if (auto c = f.get("cuda_context")) cal.context_bytes = c->as_quantity(Dimension::bytes);
  if (auto a = f.get("allocator_slack")) cal.allocator_slack = a->as_number_in(0, 1);
}

ComputeCalibration load_calibration(const std::string& path, const std::string& gpu_key) {
  auto doc = YamlDoc::load_shared(path);
  Field root = root_field(doc);
  root.check_keys({"defaults", "gpus"});
  ComputeCalibration cal;  // flash_attention_3 stays off unless a GPU's entry names it
  read_compute_block(root.at("defaults"), cal);
  if (auto gpus = root.get("gpus")) {
    if (auto g = gpus->get(gpu_key)) read_compute_block(*g, cal);
  }
  return cal;
}

namespace {

struct TileShape {
  double m, n;
};
// Tensor-op tiles: CUTLASS's default 128x256 (default_gemm_configuration.h, sm_70..sm_80), its
// transpose, and the smaller shapes cuBLAS/CUTLASS kernels ship for narrow problems; listed
// largest first, so a tie keeps the larger tile.
constexpr TileShape kTensorTiles[] = {{128, 256}, {256, 128}, {128, 128}, {256, 64}, {64, 256}, {128, 64}, {64, 128}};
constexpr TileShape kSimtTiles[] = {{128, 128}, {128, 64}, {64, 128}, {64, 64}};  // CUTLASS SIMT default 128x128x8 and smaller
constexpr int kSplits[] = {1, 2, 4, 8, 16, 32};
constexpr double kPrologueEpilogueSteps = 2;  // K0 = 2 k-steps (assumption, cost.hpp)
constexpr double kFlashBlock = 128;           // FlashAttention's key/query block (causal skipping)

}  // namespace

CostModel::QuantRecipe CostModel::quant_recipe(Precision p) {
  QuantRecipe q;
  switch (p) {
    case Precision::fp8:  // per-tensor scaling: cast-transpose, 1 B each way; weights cast every forward
      q = {true, 1.0, 2 + 1 + 1, 1, true};
      break;
    case Precision::mxfp8:  // E4M3 + E8M0 per 32; rowwise and columnwise from bf16; parameters kept in MXFP8
      q = {true, 1 + 1.0 / 32, 2 + 2 * (1 + 1.0 / 32), 1, false};
      break;
    case Precision::nvfp4:  // E2M1 + E4M3 per 16 (+ fp32 per tensor); amax pass, then both usages
      q = {true, 0.5 + 1.0 / 16, 2 + 2 + 2 * (0.5 + 1.0 / 16), 2, true};
      break;
    default: break;
  }
  return q;
}

CostModel::GemmKernel CostModel::make_gemm_kernel(double peak, const KindCurve& anchor, bool simt, double in_b,
                                                  double out_b) const {
  GemmKernel g;
  g.peak = peak;
  g.simt = simt;
  g.in_bytes = in_b;
  g.out_bytes = out_b;
  // k-step: 8 for SIMT; sm_70/75 32 (16-bit); sm_80+ 64 (16-bit), i.e. 64 or 128 bytes of k.
  // gfx942 (MI300X/MI325X): hipBLASLt's Tensile kernels for 16-bit GEMMs are named
  // MT<m>x<n>x64 (macro tile depth 64 elements, e.g. Cijk_..._BBS_BH_..._MT256x256x64_MI16x16x1
  // in public rocprof kernel tables), i.e. 128 bytes of k, as sm_80+. Assumption: the output tile
  // candidates above (CUTLASS's) stand in for hipBLASLt's macro tiles (256x256 down to 64x64),
  // not a per-arch list.
  const bool volta_turing = gpu_.arch == "sm_70" || gpu_.arch == "sm_75";
  g.tk = simt ? 8 : (volta_turing ? 64 : 128) / in_b;
  g.curve = anchor;
  if (anchor.size_curve()) {
    g.clock = cal_.sustained;
    return g;
  }
  // e_main so that the model's efficiency at the measured shape is the measured one.
  g.e_main = 1;
  const double t1 = gemm_compute_s(g, anchor.at_m, anchor.at_n, anchor.at_k, 1.0, {});
  const double ideal = 2 * anchor.at_m * anchor.at_n * anchor.at_k / peak;
  g.e_main = std::min(1.0, anchor.max / (ideal / t1));
  g.clock = cal_.sustained;
  return g;
}

CostModel::CostModel(const topo::GpuModel& gpu, ComputeCalibration cal, Precision precision, KernelChoices kernels)
    : gpu_(gpu), cal_(cal), precision_(precision), kernels_(kernels) {
  auto peak_of = [&](const char* key) {
    auto p = gpu.peak_flops.find(key);
    if (p == gpu.peak_flops.end()) {
      throw std::invalid_argument(std::string(gpu.name) + " has no " + key + " rate (precision " +
                                  precision_name(precision) + ")");
    }
    return p->second;
  };
  if (!supports_precision(gpu, precision)) {
    throw std::invalid_argument(std::string("precision ") + precision_name(precision) +
                                " needs block-scaled tensor cores (NVIDIA Blackwell, sm_100 or later); " + gpu.name +
                                " is " + gpu.arch + ": use fp8 (per-tensor scaling) or amp_bf16");
  }
  tensor_peak_ = peak_of(tensor_precision_key(precision));
  quant_ = quant_recipe(precision);
  matmul_peak_ = quant_.on ? peak_of("bf16") : tensor_peak_;
  auto vec = gpu.peak_flops.find("fp32");
  vector_peak_ = vec != gpu.peak_flops.end() ? vec->second : tensor_peak_;
  const bool simt = precision == Precision::fp32;
  const double ab = activation_bytes(precision);
  auto anchor_for = [&](const std::string& key) {
    auto m = cal_.gemm_by_precision.find(key);
    if (m == cal_.gemm_by_precision.end() && key == "fp4") m = cal_.gemm_by_precision.find("fp8");  // header: assumption
    return m != cal_.gemm_by_precision.end() ? m->second : cal_.gemm;
  };
  // The k-step follows the element width (fp4: 256 elements, CUTLASS's sm_100 NVFP4 tiles); the
  // operand bytes with their block scales are what the roofline reads (forward/backward).
  const double elem_bytes = precision == Precision::nvfp4 ? 0.5 : quant_.on ? 1.0 : ab;
  linear_ = make_gemm_kernel(tensor_peak_, anchor_for(tensor_precision_key(precision)), simt, elem_bytes, ab);
  conv_ = quant_.on ? make_gemm_kernel(matmul_peak_, anchor_for("bf16"), false, 2, 2) : linear_;
}

double CostModel::free_sm_share(const Contention& c) const {
  if (gpu_.sms <= 0 || c.sms_held <= 0) return 1.0;
  return std::max(1.0, static_cast<double>(gpu_.sms - c.sms_held)) / gpu_.sms;
}

double CostModel::free_hbm_bytes_per_s(const Contention& c) const {
  const double w = gpu_.memory_bandwidth_bytes_per_s * cal_.memory;
  return std::max(0.1 * w, w - c.hbm_bytes_per_s);
}

double CostModel::gemm_compute_s(const GemmKernel& g, double m, double n, double k, double scale,
                                 const Contention& c, double groups) const {
  if (m <= 0 || n <= 0 || k <= 0) return 0;
  if (g.curve.size_curve()) {  // a measured FLOP-size curve, at one group's size
    const double f = 2 * m * n * k;
    return groups * f / (g.peak * g.clock * scale * g.curve.max * f / (f + g.curve.half_flops)) / free_sm_share(c);
  }
  const double sms = gpu_.sms > 0 ? gpu_.sms : 1;
  const double free_sms = std::max(1.0, sms - std::max(0, c.sms_held));
  const double rate_sm = g.e_main * g.clock * scale * g.peak / sms;  // one SM's main-loop FLOP/s
  const double k0 = kPrologueEpilogueSteps * g.tk;
  const double bw = free_hbm_bytes_per_s(c);
  // The kernel cuBLAS would pick on the whole GPU, then its waves over the SMs left.
  double best_full = std::numeric_limits<double>::infinity(), best_now = best_full;
  auto consider = [&](const TileShape& t) {
    const double tiles = groups * std::ceil(m / t.m) * std::ceil(n / t.n);  // every group's tiles share the waves
    for (int s : kSplits) {
      if (s > 1 && (k / s < 4 * g.tk || tiles * (s / 2) >= sms)) break;
      const double kk = std::ceil(k / s);
      const double t_tile = 2 * t.m * t.n * (kk + k0) / rate_sm;
      const double reduce = s > 1 ? 8 * groups * m * n * s : 0;
      const double full = std::ceil(tiles * s / sms) * t_tile + reduce / (gpu_.memory_bandwidth_bytes_per_s * cal_.memory);
      if (full < best_full) {
        best_full = full;
        best_now = std::ceil(tiles * s / free_sms) * t_tile + reduce / bw;
      }
    }
  };
  if (g.simt)
    for (const TileShape& t : kSimtTiles) consider(t);
  else
    for (const TileShape& t : kTensorTiles) consider(t);
  return best_now;
}

TimePs CostModel::finish(double t_compute, double bytes, const Contention& c, int kernels) const {
  const double t_memory = bytes / free_hbm_bytes_per_s(c);
  return seconds_to_ps(std::max(t_compute, t_memory)) + kernels * cal_.launch_ps;
}

const CostModel::GemmKernel& CostModel::kernel_for(const Op& op) const {
  return op.kind == OpKind::conv ? conv_ : linear_;
}

double CostModel::matmul_s(const Op& op, const GemmKernel& g, double m, double n, double k, const Contention& c) const {
  const double scale = op.kind == OpKind::conv ? cal_.conv_vs_gemm : 1.0;
  if (m > 0 && n > 0 && k > 0) return gemm_compute_s(g, m, n, k, scale, c, op.gemm_groups);
  return 0;
}

double CostModel::attention_s(const Op& op, double flops, bool backward, const Contention& c) const {
  const KindCurve* curve = &cal_.attention;
  if (op.flash) {
    curve = &cal_.flash_attention;
    if (kernels_.attention == AttentionKernel::fa3 && cal_.flash_attention_3.max > 0 && gpu_.arch == "sm_90")
      curve = &cal_.flash_attention_3;
    if (kernels_.attention == AttentionKernel::cudnn && cal_.cudnn_attention.max > 0) curve = &cal_.cudnn_attention;
    if (op.causal && op.gemm_n > 0) {  // blocks above the diagonal are skipped
      const double nb = std::ceil(op.gemm_n / kFlashBlock);
      flops *= (nb + 1) / (2 * nb);
    }
  }
  const double share = curve->peak_share(backward, op.flash && op.causal);
  const double eff = share * cal_.sustained * flops / (flops + curve->half_flops);
  return flops > 0 && eff > 0 ? flops / (matmul_peak_ * eff) / free_sm_share(c) : 0.0;
}

// TE's quantization of `elems` bf16 values as the recipe runs it (header): fp8's cast-transpose
// (read 2 B, write the fp8 copy and its transpose), MXFP8's rowwise + columnwise kernel, NVFP4's
// amax pass and quantization.
double CostModel::quantize_s(double elems, const Contention& c) const {
  return elems * quant_.quant_traffic_bytes / free_hbm_bytes_per_s(c);
}

// cuDNN's NCHW <-> NHWC transposes around a tensor-core conv: input and output read + written once more.
double CostModel::conv_transpose_s(const Op& op, double batch, const Contention& c) const {
  if (op.kind != OpKind::conv || kernels_.conv == ConvLayout::nhwc || activation_bytes(precision_) != 2) return 0;
  return 2 * op.fwd_elems_moved * batch * activation_bytes(precision_) / free_hbm_bytes_per_s(c);
}

TimePs CostModel::forward(const Op& op, double batch, const Contention& c) const {
  double bytes = op.fwd_elems_moved * batch * activation_bytes(precision_) +
                 static_cast<double>(op.params) * weight_bytes(precision_);
  const double flops = op.fwd_flops * batch;
  switch (op.kind) {
    case OpKind::gemm:
    case OpKind::conv: {
      const GemmKernel& g = kernel_for(op);
      const double m = op.gemm_m * batch;
      double t = op.gemm_m > 0 ? matmul_s(op, g, m, op.gemm_n, op.gemm_k, c)
                               : flops / (g.peak * g.e_main * g.clock) / free_sm_share(c);
      if (op.kind == OpKind::gemm && quant_.on && op.gemm_m > 0) {
        // Quantized inputs, bf16 output; then the quantization of the input and (unless the
        // recipe keeps the parameters quantized) of the weight.
        const double groups = op.gemm_groups;
        bytes = groups * ((m * op.gemm_k + op.gemm_k * op.gemm_n) * quant_.operand_bytes + m * op.gemm_n * 2.0);
        const double weight = quant_.weight_per_forward ? groups * op.gemm_k * op.gemm_n : 0.0;
        const int kernels = quant_.quant_kernels * (weight > 0 ? 2 : 1);
        return finish(t, bytes, c, 1) + seconds_to_ps(quantize_s(groups * m * op.gemm_k + weight, c)) +
               kernels * cal_.launch_ps;
      }
      const double tr = conv_transpose_s(op, batch, c);
      return finish(t, bytes, c, 1) + (tr > 0 ? seconds_to_ps(tr) + 2 * cal_.launch_ps : 0);
    }
    case OpKind::attention: return finish(attention_s(op, flops, false, c), bytes, c, 1);
    default: {
      const double t = flops > 0 ? flops / (vector_peak_ * cal_.vector_max * cal_.sustained) / free_sm_share(c) : 0.0;
      return finish(t, bytes, c, 1);
    }
  }
}

TimePs CostModel::backward(const Op& op, double batch, const Contention& c) const {
  if (!op.runs_backward()) return 0;  // fine-tuning: nothing below needs a gradient (finetune.hpp)
  // Reads the output gradient and the saved input, writes the input gradient (2x forward
  // traffic), reads the weights and writes their gradient. A frozen linear, or one whose input
  // needs no gradient, runs one of its two GEMMs: 1x forward traffic.
  const bool dgrad = op.input_grad, wgrad = op.trainable_params() > 0, full = !op.frozen && dgrad;
  const bool linear = op.kind == OpKind::gemm || op.kind == OpKind::conv;
  const double p = static_cast<double>(op.params), pt = static_cast<double>(op.trainable_params());
  const double bytes = (linear && !full ? 1.0 : 2.0) * op.fwd_elems_moved * batch * activation_bytes(precision_) +
                       (full ? p * (weight_bytes(precision_) + grad_bytes(precision_))
                             : p * weight_bytes(precision_) + pt * grad_bytes(precision_));
  const double flops = op.fwd_flops * batch;
  switch (op.kind) {
    case OpKind::gemm:
    case OpKind::conv: {
      const GemmKernel& g = kernel_for(op);
      const double m = op.gemm_m * batch, n = op.gemm_n, k = op.gemm_k;
      double t = 0;
      if (op.gemm_m > 0) {
        if (dgrad) t = matmul_s(op, g, m, k, n, c);      // dX = dY W^T
        if (wgrad) t += matmul_s(op, g, k, n, m, c);     // dW = X^T dY
      } else {
        const double gemms = full ? 2.0 : (dgrad ? 1.0 : 0.0) + (wgrad ? 1.0 : 0.0);
        t = gemms * flops / (g.peak * g.e_main * g.clock) / free_sm_share(c);
      }
      const int kernels = (dgrad ? 1 : 0) + (wgrad ? 1 : 0);
      if (op.kind == OpKind::gemm && quant_.on && op.gemm_m > 0) {
        // dY quantized (rowwise for dgrad, columnwise for wgrad) before both GEMMs.
        return finish(t, bytes, c, kernels) + seconds_to_ps(quantize_s(op.gemm_groups * m * n, c)) +
               quant_.quant_kernels * cal_.launch_ps;
      }
      const double tr = conv_transpose_s(op, batch, c);
      return finish(t, bytes, c, kernels) + (tr > 0 ? seconds_to_ps(tr) + 2 * cal_.launch_ps : 0);
    }
    case OpKind::attention:
      // FlashAttention's backward recomputes Q K^T: 5 GEMMs against the forward's 2 (its
      // benchmarks count backward as 2.5x forward FLOPs); eager attention's is 2x.
      return finish(attention_s(op, (op.flash ? 2.5 : 2.0) * flops, true, c), bytes, c, 1);
    default: {
      const double t = flops > 0 ? flops / (vector_peak_ * cal_.vector_max * cal_.sustained) / free_sm_share(c) : 0.0;
      return finish(t, bytes, c, 1);
    }
  }
}

TimePs CostModel::gemm_time(double m, double n, double k, const Contention& c, bool in_run) const {
  GemmKernel g = linear_;
  if (!in_run) g.clock = 1;  // a benchmark's burst
  const double t = gemm_compute_s(g, m, n, k, 1.0, c);
  const double bytes = (m * k + k * n) * linear_.in_bytes + m * n * linear_.out_bytes;
  return finish(t, bytes, c, 1);
}

double CostModel::gemm_compute_seconds(double m, double n, double k) const {
  return m > 0 && n > 0 && k > 0 ? gemm_compute_s(linear_, m, n, k, 1.0, {}) : 0.0;
}

TimePs CostModel::memory_pass(double bytes, int kernels, const Contention& c) const {
  return bytes > 0 ? finish(0.0, bytes, c, kernels) : 0;
}

double CostModel::gemm_efficiency(double m, double n, double k, bool in_run) const {
  const double t = ps_to_seconds(gemm_time(m, n, k, {}, in_run) - cal_.launch_ps);
  return t > 0 ? 2 * m * n * k / t / tensor_peak_ : 0.0;
}

TimePs CostModel::optimizer_step(std::int64_t params, Optimizer opt, const Contention& c) const {
  const double per_param = (opt == Optimizer::sgd ? 5.0 : 7.0) * 4.0 +
                           (activation_bytes(precision_) < 4 && grad_bytes(precision_) == 4 ? 2.0 : 0.0);
  const double bytes = static_cast<double>(params) * per_param;
  // Fused multi-tensor kernels: a handful of launches.
  return seconds_to_ps(bytes / free_hbm_bytes_per_s(c)) + 4 * cal_.launch_ps;
}

}  // namespace simtrain::work
