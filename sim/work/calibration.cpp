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

namespace {

// Bounds of the network section's values: outside them no fit lands (drive/net_fit.hpp searches
// efficiencies from 0.02 and latency factors from 0.05 to 20), and a near-zero capacity or a huge
// latency would overflow the picosecond clock.
constexpr double kMinShare = 0.01, kMaxLatencyScale = 100;

// The sizes of a log's range as YAML holds them (bytes, exactly).
std::string bytes_text(double b) { return fmt::format("{:.0f}", b); }

// One fit of the network section (`f`: the section, or one item of its list).
NetworkCalibration read_network_fit(const Field& root, const Field& f, const std::string& path) {
  NetworkCalibration n;
  n.path = path;
  n.gpu_name = root.at("gpu").as_string();
  if (auto k = root.get("catalog_key")) {
    n.catalog_key = k->as_string();
    n.catalog_key_field = *k;
  }
  if (!f.is_map())
    throw f.error("a network fit is a mapping: system, log, link_efficiency, nvls_bandwidth_share, "
                  "step_latency_scale, ll_max_busbw");
  f.check_keys({"system", "log", "link_efficiency", "nvls_bandwidth_share", "step_latency_scale", "ll_max_busbw"});
  if (!root.has("catalog_key"))
    throw root.error("a calibration file with a network section names the GPU it was fitted on (catalog_key)");
  n.system_field = f.at("system");
  n.system = n.system_field->as_string();
  const Field log = f.at("log");
  n.log_field = log;
  log.check_keys({"file", "op", "ranks", "nodes", "gpus_per_node", "min_size", "max_size"});
  n.log_file = log.at("file").as_string();
  n.op = log.at("op").as_choice({"all_reduce", "reduce_scatter", "all_gather", "broadcast"});
  n.ranks = static_cast<int>(log.at("ranks").as_int_in(1, 1 << 20));
  n.nodes = static_cast<int>(log.at("nodes").as_int_in(1, 1 << 20));
  n.gpus_per_node = static_cast<int>(log.at("gpus_per_node").as_int_in(1, 1 << 20));
  if (static_cast<long long>(n.nodes) * n.gpus_per_node != n.ranks)
    throw log.at("ranks").error("ranks must be nodes x gpus_per_node (" + std::to_string(n.nodes) + " x " +
                                std::to_string(n.gpus_per_node) + ")");
  n.min_bytes = log.at("min_size").as_quantity(Dimension::bytes);
  n.max_bytes = log.at("max_size").as_quantity(Dimension::bytes);
  // The log's own sizes: an nccl-tests row of at most 15 digits (scenario/nccl_tests_log.cpp),
  // so whole bytes below 10^15 (a larger figure could not have come from a fit, and would not
  // fit the whole-byte counts the reports print).
  constexpr double kMaxLogBytes = 1e15;
  if (!(n.min_bytes >= 1 && n.min_bytes < kMaxLogBytes))
    throw log.at("min_size").error("expected a size from 1 B to below 10^15 B (an nccl-tests row's size)");
  if (!(n.max_bytes < kMaxLogBytes))
    throw log.at("max_size").error("expected a size below 10^15 B (an nccl-tests row's size)");
  if (!(n.max_bytes >= n.min_bytes)) throw log.at("max_size").error("max_size must not be below min_size");
  if (auto le = f.get("link_efficiency")) {
    if (!le->is_map()) throw le->error("expected a mapping of link kinds to efficiencies, e.g. {nvlink3: 0.84}");
    for (const Field& e : le->entries()) {
      const std::string kind = e.key().substr(e.key().rfind('.') + 1);
      const double v = e.as_number_in(0, 1);
      if (!(v >= kMinShare)) throw e.error("an efficiency below 0.01 is no measured link: expected 0.01 to 1");
      n.link_efficiency[kind] = v;
      n.link_fields.emplace(kind, e);
    }
  }
  if (auto s = f.get("nvls_bandwidth_share")) {
    const double v = s->as_number_in(0, 1);
    if (!(v >= kMinShare)) throw s->error("an NVLS share below 0.01 is no measured kernel: expected 0.01 to 1");
    n.nvls_bandwidth_share = v;
  }
  if (auto sl = f.get("step_latency_scale")) {
    if (!sl->is_map()) throw sl->error("expected a mapping of hardware classes to factors, e.g. {nvlink: 1.5}");
    sl->check_keys({"nvlink", "pcie", "network"});
    auto factor = [](const Field& e) {
      const double v = e.as_number_in(0, kMaxLatencyScale);
      if (!(v >= 1 / kMaxLatencyScale)) throw e.error("expected a latency factor from 0.01 to 100");
      return v;
    };
    for (const Field& e : sl->entries()) {
      NetworkCalibration::ProtocolScales& scales = n.step_latency_scale[e.key().substr(e.key().rfind('.') + 1)];
      if (e.is_map()) {
        e.check_keys({"ll", "ll128", "simple"});
        const char* names[3] = {"ll", "ll128", "simple"};
        for (std::size_t i = 0; i < 3; ++i)
          if (auto p = e.get(names[i])) scales[i] = factor(*p);
      } else {
        scales.fill(factor(e));
      }
    }
  }
  if (auto b = f.get("ll_max_busbw")) {
    const double v = b->as_quantity(Dimension::bandwidth);
    if (!(v >= 1e8 && v <= 1e14)) throw b->error("expected a bus bandwidth from 0.1 GB/s to 100 TB/s");
    n.ll_max_busbw = v;
  }
  return n;
}

// The network section: one fit (a mapping) or a list of fits of one system, at most one per
// scope (a one-node log, a multi-node log).
std::vector<NetworkCalibration> read_network_block(const Field& root, const std::string& path) {
  const Field f = root.at("network");
  std::vector<NetworkCalibration> fits;
  if (!f.is_sequence()) {
    fits.push_back(read_network_fit(root, f, path));
    return fits;
  }
  const std::vector<Field> items = f.items();
  if (items.empty() || items.size() > 2)
    throw f.error("expected one or two fits: one of a one-node log and one of a multi-node log");
  for (const Field& item : items) {
    NetworkCalibration n = read_network_fit(root, item, path);
    for (const NetworkCalibration& other : fits) {
      if (n.system != other.system)
        throw n.system_field->error("every fit of a file is of one system; the first is of '" + other.system + "'");
      if (n.multi_node() == other.multi_node())
        throw n.log_field->error(std::string("this file already fits a ") + (n.multi_node() ? "multi-node" : "one-node") +
                                 " log (" + other.log_file + "): one fit per scope, one-node and multi-node");
    }
    fits.push_back(std::move(n));
  }
  return fits;
}

struct ReadFile {
  std::vector<NetworkCalibration> network;
  std::string gpu, date;
};

// Checks every section of a calibration file; applies its compute block (if any) onto `base`.
ReadFile read_calibration(const std::shared_ptr<const YamlDoc>& doc, const std::string* gpu_key, ComputeCalibration* base) {
  const std::string& path = doc->path();
  const Field root = root_field(doc);
  if (!root.is_map()) throw root.error("a calibration file is a mapping: gpu, catalog_key, measured, compute, points, network");
  root.check_keys({"gpu", "catalog_key", "measured", "compute", "points", "network"});
  ReadFile out;
  out.gpu = root.at("gpu").as_string();
  if (auto k = root.get("catalog_key")) {
    if (gpu_key && k->as_string() != *gpu_key)
      throw k->error(std::string(root.has("compute") ? "this file was measured on '" : "this file's network section was fitted on '") +
                     k->as_string() + "' (" + out.gpu + "), but the scenario's GPU is '" + *gpu_key + "'");
  }
  if (auto m = root.get("measured")) {
    m->check_keys({"date", "tool", "cuda_runtime", "cuda_driver", "sm_count", "sm_clock_mhz", "memory_clock_mhz",
                   "memory_bus_bits", "note"});
    for (const Field& e : m->entries())
      if (!e.is_scalar()) throw e.error("expected a single value");
    if (auto d = m->get("date")) out.date = d->as_string();
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
  if (!root.has("compute") && !root.has("network"))
    throw root.error("a calibration file holds a compute section (simtrain-calibrate, calibrate --profile), a network "
                     "section (calibrate --nccl-tests), or both: this one has neither");
  if (root.has("network")) out.network = read_network_block(root, path);
  if (auto c = root.get("compute")) {
    ComputeCalibration scratch;
    read_compute_block(*c, base ? *base : scratch);
  }
  return out;
}

}  // namespace

std::vector<NetworkCalibration> load_network_calibration(const std::string& path) {
  return network_calibration(YamlDoc::load_shared(path));
}

std::vector<NetworkCalibration> network_calibration(const std::shared_ptr<const YamlDoc>& doc) {
  return read_calibration(doc, nullptr, nullptr).network;
}

namespace {

// One fit's keys, each line starting with `indent` (the first with `first` instead).
std::string network_fit_yaml(const NetworkCalibration& n, const std::string& first, const std::string& indent) {
  std::string o;
  o += first + "system: " + quoted(n.system) + "\n";
  o += fmt::format("{}log: {{file: {}, op: {}, ranks: {}, nodes: {}, gpus_per_node: {}, min_size: {} B, max_size: {} B}}\n",
                   indent, quoted(n.log_file), n.op, n.ranks, n.nodes, n.gpus_per_node, bytes_text(n.min_bytes),
                   bytes_text(n.max_bytes));
  if (!n.link_efficiency.empty()) {
    o += indent + "link_efficiency:\n";
    for (const auto& [k, v] : n.link_efficiency) o += fmt::format("{}  {}: {:.4f}\n", indent, k, v);
  }
  if (n.nvls_bandwidth_share) o += fmt::format("{}nvls_bandwidth_share: {:.4f}\n", indent, *n.nvls_bandwidth_share);
  if (!n.step_latency_scale.empty()) {
    o += indent + "step_latency_scale:\n";
    const char* names[3] = {"ll", "ll128", "simple"};
    for (const auto& [k, scales] : n.step_latency_scale) {
      std::string parts;
      for (std::size_t i = 0; i < 3; ++i)
        if (scales[i]) parts += fmt::format("{}{}: {:.4f}", parts.empty() ? "" : ", ", names[i], *scales[i]);
      o += fmt::format("{}  {}: {{{}}}\n", indent, k, parts);
    }
  }
  if (n.ll_max_busbw) o += fmt::format("{}ll_max_busbw: {:.2f} GB/s\n", indent, *n.ll_max_busbw / 1e9);
  return o;
}

}  // namespace

std::string network_calibration_to_yaml(const std::vector<NetworkCalibration>& fits) {
  const NetworkCalibration& n = fits.front();
  std::string o;
  o += "# simtrain calibration file: the network model fitted to an nccl-tests log by\n";
  o += "# `simtrain calibrate --nccl-tests`. `simtrain collective SYSTEM --calibration THIS_FILE` and a\n";
  o += "# scenario's `calibration: THIS_FILE` apply it. Format: sim/work/calibration.hpp.\n";
  o += "gpu: " + quoted(n.gpu_name) + "\n";
  o += "catalog_key: " + n.catalog_key + "\n";
  for (const NetworkCalibration& f : fits)
    for (const std::string& c : f.comments) o += "# " + c + "\n";
  o += "network:\n";
  if (fits.size() == 1) return o + network_fit_yaml(n, "  ", "  ");
  for (const NetworkCalibration& f : fits) o += network_fit_yaml(f, "  - ", "    ");
  return o;
}

ComputeCalibration apply_calibration_file(const std::string& path, const std::string& gpu_key, ComputeCalibration base,
                                          std::string* described) {
  return apply_calibration(YamlDoc::load_shared(path), gpu_key, std::move(base), described);
}

ComputeCalibration apply_calibration(const std::shared_ptr<const YamlDoc>& doc, const std::string& gpu_key,
                                     ComputeCalibration base, std::string* described) {
  const bool has_compute = root_field(doc).is_map() && root_field(doc).has("compute");
  const ReadFile f = read_calibration(doc, &gpu_key, &base);
  if (described)
    *described = has_compute ? f.gpu + (f.date.empty() ? "" : ", measured " + f.date) + " (" + doc->path() + ")" : "";
  return base;
}

}  // namespace simtrain::work
