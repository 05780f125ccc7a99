#include "work/calibration.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "scenario/yaml_doc.hpp"

namespace simtrain::work {

namespace {

// Sum of squared residuals and the best max for a given half size.
std::pair<double, double> best_max(const std::vector<std::pair<double, double>>& pts, double half) {
  double eg = 0, gg = 0;
  for (const auto& [f, e] : pts) {
    const double g = f / (f + half);
    eg += e * g;
    gg += g * g;
  }
  const double mx = std::min(1.0, gg > 0 ? eg / gg : 0.0);
  double sse = 0;
  for (const auto& [f, e] : pts) {
    const double r = e - mx * f / (f + half);
    sse += r * r;
  }
  return {sse, mx};
}

// A number as YAML holds it, exactly enough to round-trip.
std::string num(double v) { return fmt::format("{:.9g}", v); }

// A scalar that YAML reads back as the same string.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string curve_yaml(const KindCurve& c) {
  return fmt::format("{{max: {}, half_size: {} GFLOP}}", fmt::format("{:.4f}", c.max), fmt::format("{:.4g}", c.half_flops / 1e9));
}

}  // namespace

KindCurve fit_efficiency_curve(const std::vector<std::pair<double, double>>& flops_eff) {
  std::vector<std::pair<double, double>> pts;
  for (const auto& p : flops_eff)
    if (p.first > 0 && std::isfinite(p.second)) pts.push_back(p);
  if (pts.size() < 2) throw std::invalid_argument("fitting an efficiency curve needs at least two measured sizes");
  // Coarse: 10 steps per decade from 1 MFLOP to 100 TFLOP; then golden section in log space.
  double best_log = 6, best_sse = std::numeric_limits<double>::infinity();
  for (int i = 0; i <= 80; ++i) {
    const double lg = 6 + i * 0.1;
    const double sse = best_max(pts, std::pow(10.0, lg)).first;
    if (sse < best_sse) {
      best_sse = sse;
      best_log = lg;
    }
  }
  double a = best_log - 0.1, b = best_log + 0.1;
  const double phi = (std::sqrt(5.0) - 1) / 2;
  for (int it = 0; it < 60; ++it) {
    const double c = b - phi * (b - a), d = a + phi * (b - a);
    if (best_max(pts, std::pow(10.0, c)).first <= best_max(pts, std::pow(10.0, d)).first) b = d;
    else a = c;
  }
  const double half = std::pow(10.0, (a + b) / 2);
  KindCurve k;
  k.half_flops = half;
  k.max = best_max(pts, half).second;
  return k;
}

std::string calibration_to_yaml(const CalibrationData& d) {
  std::string o;
  o += "# simtrain calibration file: measured on a real GPU by simtrain-calibrate (calibrate/).\n";
  o += "# A scenario uses it with `calibration: THIS_FILE`; its compute block replaces\n";
  o += "# topologies/compute.yaml's figures for this GPU. Format: sim/work/calibration.hpp.\n";
  o += "gpu: " + quoted(d.gpu_name) + "\n";
  if (!d.catalog_key.empty()) o += "catalog_key: " + d.catalog_key + "\n";
  if (!d.measured.empty()) {
    o += "measured:\n";
    for (const auto& [k, v] : d.measured) o += "  " + k + ": " + quoted(v) + "\n";
  }
  o += "compute:\n";
  if (!d.gemm_by_precision.empty()) {
    o += "  gemm_by_precision:\n";
    for (const auto& [p, c] : d.gemm_by_precision) o += "    " + p + ": " + curve_yaml(c) + "\n";
  }
  if (d.memory_efficiency > 0) o += fmt::format("  memory: {:.4f}\n", d.memory_efficiency);
  if (d.launch_s > 0) o += fmt::format("  launch: {:.3f} us\n", d.launch_s * 1e6);
  const bool any_points = !d.gemm_points.empty() || !d.memory_copy_points.empty() || d.launch_s > 0 ||
                          d.h2d_bytes_per_s > 0 || d.d2h_bytes_per_s > 0;
  if (any_points) o += "points:\n";
  for (const auto& [p, pts] : d.gemm_points) {
    o += "  gemm_" + p + ":\n";
    for (const auto& [f, s] : pts) o += "    - [" + num(f) + ", " + num(s) + "]\n";
  }
  if (!d.memory_copy_points.empty()) {
    o += "  memory_copy:\n";
    for (const auto& [b, s] : d.memory_copy_points) o += "    - [" + num(b) + ", " + num(s) + "]\n";
  }
  if (d.launch_s > 0) o += "  launch_s: " + num(d.launch_s) + "\n";
  if (d.h2d_bytes_per_s > 0) o += "  h2d_bytes_per_s: " + num(d.h2d_bytes_per_s) + "\n";
  if (d.d2h_bytes_per_s > 0) o += "  d2h_bytes_per_s: " + num(d.d2h_bytes_per_s) + "\n";
  return o;
}

ComputeCalibration apply_calibration_file(const std::string& path, const std::string& gpu_key, ComputeCalibration base,
                                          std::string* described) {
  auto doc = YamlDoc::load_shared(path);
  const Field root = root_field(doc);
  if (!root.is_map()) throw root.error("a calibration file is a mapping: gpu, catalog_key, measured, compute, points");
  root.check_keys({"gpu", "catalog_key", "measured", "compute", "points"});
  const std::string gpu = root.at("gpu").as_string();
  if (auto k = root.get("catalog_key")) {
    if (k->as_string() != gpu_key)
      throw k->error("this file was measured on '" + k->as_string() + "' (" + gpu + "), but the scenario's GPU is '" +
                     gpu_key + "'");
  }
  std::string date;
  if (auto m = root.get("measured")) {
    m->check_keys({"date", "tool", "cuda_runtime", "cuda_driver", "sm_count", "sm_clock_mhz", "memory_clock_mhz",
                   "memory_bus_bits", "note"});
    for (const Field& e : m->entries())
      if (!e.is_scalar()) throw e.error("expected a single value");
    if (auto d = m->get("date")) date = d->as_string();
  }
  if (auto p = root.get("points")) {
    std::vector<std::string> keys = {"memory_copy", "launch_s", "h2d_bytes_per_s", "d2h_bytes_per_s"};
    for (const char* prec : {"fp32", "tf32", "fp16", "bf16", "fp8"}) keys.push_back(std::string("gemm_") + prec);
    p->check_keys(keys);
    for (const Field& e : p->entries()) {
      if (e.is_scalar()) {
        (void)e.as_number();
        continue;
      }
      if (!e.is_sequence()) throw e.error("expected a list of [x, seconds] pairs");
      for (const Field& row : e.items()) {
        if (!row.is_sequence() || row.items().size() != 2) throw row.error("expected a pair [x, seconds]");
        for (const Field& v : row.items()) (void)v.as_number();
      }
    }
  }
  read_compute_block(root.at("compute"), base);
  if (described) *described = gpu + (date.empty() ? "" : ", measured " + date) + " (" + path + ")";
  return base;
}

}  // namespace simtrain::work
