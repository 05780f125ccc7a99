#include "work/cost.hpp"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace simtrain::work {

const char* precision_name(Precision p) {
  switch (p) {
    case Precision::fp32: return "fp32";
    case Precision::tf32: return "tf32";
    case Precision::amp_fp16: return "amp_fp16";
    case Precision::amp_bf16: return "amp_bf16";
    case Precision::bf16: return "bf16";
    case Precision::fp16: return "fp16";
    case Precision::fp8: return "fp8";
  }
  return "?";
}

bool parse_precision(const std::string& s, Precision& out) {
  static const std::map<std::string, Precision> names = {
      {"fp32", Precision::fp32},         {"tf32", Precision::tf32},       {"amp_fp16", Precision::amp_fp16},
      {"fp16_mixed", Precision::amp_fp16}, {"mixed", Precision::amp_fp16}, {"amp", Precision::amp_fp16},
      {"amp_bf16", Precision::amp_bf16}, {"bf16_mixed", Precision::amp_bf16}, {"bf16", Precision::bf16},
      {"fp16", Precision::fp16},         {"fp8", Precision::fp8}};
  auto it = names.find(s);
  if (it == names.end()) return false;
  out = it->second;
  return true;
}

double activation_bytes(Precision p) {
  switch (p) {
    case Precision::fp32:
    case Precision::tf32: return 4;
    case Precision::fp8: return 1;
    default: return 2;
  }
}

double weight_bytes(Precision p) { return activation_bytes(p) == 1 ? 1 : activation_bytes(p); }

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
    case Precision::fp8: return "fp8";
  }
  return "fp32";
}

bool parse_optimizer(const std::string& s, Optimizer& out) {
  if (s == "sgd") out = Optimizer::sgd;
  else if (s == "adam") out = Optimizer::adam;
  else if (s == "adamw") out = Optimizer::adamw;
  else return false;
  return true;
}

const char* optimizer_name(Optimizer o) {
  switch (o) {
    case Optimizer::sgd: return "sgd";
    case Optimizer::adam: return "adam";
    case Optimizer::adamw: return "adamw";
  }
  return "?";
}

std::string default_calibration_path(const std::string& catalog_path) {
  namespace fs = std::filesystem;
  fs::path here = fs::path(catalog_path).parent_path() / "compute.yaml";
  if (fs::exists(here)) return here.string();
  return std::string(SIMTRAIN_SOURCE_DIR) + "/topologies/compute.yaml";
}

namespace {

void read_curve(const Field& f, KindCurve& c) {
  f.check_keys({"max", "half_size"});
  if (auto m = f.get("max")) c.max = m->as_number_in(0, 1);
  if (auto h = f.get("half_size")) {
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

void read_compute_block(const Field& f, ComputeCalibration& cal) {
  f.check_keys({"gemm", "gemm_by_precision", "conv", "attention", "flash_attention", "vector", "memory", "launch",
                "cuda_context", "allocator_slack"});
  if (auto g = f.get("gemm")) read_curve(*g, cal.gemm);
  if (auto g = f.get("gemm_by_precision")) {
    if (!g->is_map()) throw g->error("expected a mapping of precisions (fp32, tf32, fp16, bf16, fp8) to curves");
    g->check_keys({"fp32", "tf32", "fp16", "bf16", "fp8"});
    for (const Field& e : g->entries()) {
      const std::string key = e.key().substr(e.key().rfind('.') + 1);
      KindCurve c = cal.gemm;
      read_curve(e, c);
      cal.gemm_by_precision[key] = c;
    }
  }
  if (auto g = f.get("conv")) read_curve(*g, cal.conv);
  if (auto g = f.get("attention")) read_curve(*g, cal.attention);
  if (auto g = f.get("flash_attention")) read_curve(*g, cal.flash_attention);
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
  auto doc = YamlDoc::load(path);
  Field root = root_field(doc);
  root.check_keys({"defaults", "gpus"});
  ComputeCalibration cal;
  read_compute_block(root.at("defaults"), cal);
  if (auto gpus = root.get("gpus")) {
    if (auto g = gpus->get(gpu_key)) read_compute_block(*g, cal);
  }
  return cal;
}

CostModel::CostModel(const topo::GpuModel& gpu, ComputeCalibration cal, Precision precision)
    : gpu_(gpu), cal_(cal), precision_(precision) {
  auto peak = gpu.peak_flops.find(tensor_precision_key(precision));
  if (peak == gpu.peak_flops.end()) {
    throw std::invalid_argument(std::string(gpu.name) + " has no " + tensor_precision_key(precision) +
                                " rate (precision " + precision_name(precision) + ")");
  }
  tensor_peak_ = peak->second;
  auto vec = gpu.peak_flops.find("fp32");
  vector_peak_ = vec != gpu.peak_flops.end() ? vec->second : tensor_peak_;
}

double CostModel::free_sm_share(const Contention& c) const {
  if (gpu_.sms <= 0 || c.sms_held <= 0) return 1.0;
  return std::max(1.0, static_cast<double>(gpu_.sms - c.sms_held)) / gpu_.sms;
}

double CostModel::free_hbm_bytes_per_s(const Contention& c) const {
  const double w = gpu_.memory_bandwidth_bytes_per_s * cal_.memory;
  return std::max(0.1 * w, w - c.hbm_bytes_per_s);
}

TimePs CostModel::kernel(const Op& op, double flops, double bytes, const Contention& c) const {
  double rate = 0;
  auto curve = [&](const KindCurve& c) { return c.max * flops / (flops + c.half_flops); };
  switch (op.kind) {
    case OpKind::gemm: {
      auto measured = cal_.gemm_by_precision.find(tensor_precision_key(precision_));
      rate = tensor_peak_ * curve(measured != cal_.gemm_by_precision.end() ? measured->second : cal_.gemm);
      break;
    }
    case OpKind::conv: rate = tensor_peak_ * curve(cal_.conv); break;
    case OpKind::attention: rate = tensor_peak_ * curve(op.flash ? cal_.flash_attention : cal_.attention); break;
    default: rate = vector_peak_ * cal_.vector_max; break;
  }
  rate *= free_sm_share(c);
  const double t_compute = flops > 0 && rate > 0 ? flops / rate : 0.0;
  const double t_memory = bytes / free_hbm_bytes_per_s(c);
  return seconds_to_ps(std::max(t_compute, t_memory)) + cal_.launch_ps;
}

TimePs CostModel::forward(const Op& op, double batch, const Contention& c) const {
  const double bytes = op.fwd_elems_moved * batch * activation_bytes(precision_) +
                       static_cast<double>(op.params) * weight_bytes(precision_);
  return kernel(op, op.fwd_flops * batch, bytes, c);
}

TimePs CostModel::backward(const Op& op, double batch, const Contention& c) const {
  const bool matmul = op.kind == OpKind::gemm || op.kind == OpKind::conv || op.kind == OpKind::attention;
  const double flops = (matmul ? 2.0 : 1.0) * op.fwd_flops * batch;
  // Reads the output gradient and the saved input, writes the input gradient (2x forward
  // traffic), reads the weights and writes their gradient.
  const double bytes = 2.0 * op.fwd_elems_moved * batch * activation_bytes(precision_) +
                       static_cast<double>(op.params) * (weight_bytes(precision_) + grad_bytes(precision_));
  TimePs t = kernel(op, flops, bytes, c);
  // Two kernels (input and weight gradient) for ops with weights.
  if (matmul && op.params > 0) t += cal_.launch_ps;
  return t;
}

TimePs CostModel::optimizer_step(std::int64_t params, Optimizer opt, const Contention& c) const {
  const double per_param = (opt == Optimizer::sgd ? 5.0 : 7.0) * 4.0 +
                           (activation_bytes(precision_) < 4 && grad_bytes(precision_) == 4 ? 2.0 : 0.0);
  const double bytes = static_cast<double>(params) * per_param;
  // Fused multi-tensor kernels: a handful of launches.
  return seconds_to_ps(bytes / free_hbm_bytes_per_s(c)) + 4 * cal_.launch_ps;
}

}  // namespace simtrain::work
