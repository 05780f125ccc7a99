#include "report/net_fit_report.hpp"

#include <fmt/format.h>

#include <cmath>

namespace simtrain::report {

namespace {

std::string sizes_text(const std::vector<long long>& s) {
  if (s.empty()) return "no size";
  if (s.size() == 1) return fmt::format("1 size, {} B", s.front());
  return fmt::format("{} sizes, {} to {} B", s.size(), s.front(), s.back());
}

std::string summary(const char* label, const std::vector<CompareRow>& before, const std::vector<CompareRow>& after,
                    const std::set<long long>* only) {
  std::vector<CompareRow> b, a;
  for (std::size_t i = 0; i < before.size() && i < after.size(); ++i) {
    if (only && !only->count(before[i].size_bytes)) continue;
    b.push_back(before[i]);
    a.push_back(after[i]);
  }
  const CompareSummary sb = summarize_compare(b, 0, 1e300), sa = summarize_compare(a, 0, 1e300);
  if (sb.compared == 0) return fmt::format("#   {:<26} no size\n", label);
  return fmt::format("#   {:<26} {:>3} size{} median |error| {:6.1f}% -> {:5.1f}%, worst {:+.1f}% at {} B -> {:+.1f}% at {} B\n",
                     label, sb.compared, sb.compared == 1 ? ": " : "s:", 100 * sb.median_abs_error,
                     100 * sa.median_abs_error, 100 * sb.worst_error, sb.worst_size_bytes, 100 * sa.worst_error,
                     sa.worst_size_bytes);
}

}  // namespace

std::string param_value_text(const NetFitParam& p, double v) {
  if (p.unit.empty()) return fmt::format("{:.4f}", v);
  if (v == 0) return "none";
  return fmt::format("{:.2f} {}", v, p.unit);
}

std::string fit_bound_warning(const std::string& param, const std::string& side, const std::string& bound) {
  return param + " fitted at its " + side + " bound " + bound +
         ": the data do not determine it; the value is the bound, not a measurement";
}

std::string bound_warning(const NetFitParam& p) {
  if (p.bound == FitBound::none) return "";
  const bool lower = p.bound == FitBound::lower;
  return fit_bound_warning(p.key, lower ? "lower" : "upper", param_value_text(p, lower ? p.lower : p.upper));
}

std::string format_net_fit(const NetFitResult& r) {
  std::string o;
  o += fmt::format("# simtrain calibrate --nccl-tests: {} ({}, {} ranks on {} host{}) fitted on {} ({} node{} x {} GPUs)\n",
                   r.log_path, r.before.op, r.before.ranks, r.before.log_hosts, r.before.log_hosts == 1 ? "" : "s",
                   r.system, r.nodes, r.nodes == 1 ? "" : "s", r.gpus_per_node);
  o += fmt::format("# the log's operation: {}\n", r.before.op_source);
  if (!r.before.forced_device.empty()) o += "# device mismatch: " + r.before.forced_device + "\n";
  o += "#\n# fitted (each by a 1-D search, simulating the log's sizes with the model):\n";
  if (r.params.empty()) o += "#   nothing: no parameter of the network model is determined by this log\n";
  for (const NetFitParam& p : r.params) {
    o += fmt::format("#   {:<30} {} -> {}   on {}\n", p.key, param_value_text(p, p.before), param_value_text(p, p.after),
                     sizes_text(p.sizes));
    o += fmt::format("#     {}\n", p.meaning);
    if (p.bound != FitBound::none) o += fmt::format("#     warning: {}\n", bound_warning(p));
    if (!p.note.empty()) o += fmt::format("#     note: {}\n", p.note);
  }
  o += "# not determined by this log (left as the catalog's):\n";
  if (r.undetermined.empty()) o += "#   -\n";
  for (const std::string& u : r.undetermined) o += fmt::format("#   - {}\n", u);
  o += "#\n# busbw error, (simulated - measured) / measured, before and after the fit:\n";
  o += fmt::format("#{:>11}  {:>9}  {:>9}  {:>8}  {:>12}  {:>9}  {:>8}  {:>12}  {}\n", "size", "measured", "before",
                   "error", "algo", "after", "error", "algo", "fitted on");
  o += fmt::format("#{:>11}  {:>9}  {:>9}  {:>8}  {:>12}  {:>9}  {:>8}\n", "(B)", "(GB/s)", "(GB/s)", "(%)", "",
                   "(GB/s)", "(%)");
  auto err = [](const CompareRow& row) {
    return row.busbw_error ? fmt::format("{:+.1f}", 100 * *row.busbw_error) : std::string("-");
  };
  for (std::size_t i = 0; i < r.before.rows.size() && i < r.after.rows.size(); ++i) {
    const CompareRow& b = r.before.rows[i];
    const CompareRow& a = r.after.rows[i];
    const std::string used = r.bandwidth_sizes.count(b.size_bytes) ? "bandwidth"
                             : r.latency_protocol.count(b.size_bytes) ? "latency " + r.latency_protocol.at(b.size_bytes)
                                                                      : "-";
    o += fmt::format("{:>12}  {:>9.2f}  {:>9.2f}  {:>8}  {:>12}  {:>9.2f}  {:>8}  {:>12}  {}\n", b.size_bytes,
                     b.measured_busbw_gbps, b.simulated.busbw_gbps, err(b), b.simulated.algo + "/" + b.simulated.protocol,
                     a.simulated.busbw_gbps, err(a), a.simulated.algo + "/" + a.simulated.protocol, used);
  }
  o += "#\n# busbw error, before -> after:\n";
  o += summary("sizes fitted (bandwidth)", r.before.rows, r.after.rows, &r.bandwidth_sizes);
  o += summary("sizes fitted (latency)", r.before.rows, r.after.rows, &r.latency_sizes);
  o += summary("all sizes of the log", r.before.rows, r.after.rows, nullptr);
  if (!r.before.rows.empty())
    o += fmt::format("# calibrated range: {} to {} B (the log's sizes); outside it the figures are not calibrated\n",
                     r.before.rows.front().size_bytes, r.before.rows.back().size_bytes);
  if (!r.output_path.empty()) o += fmt::format("# wrote {}\n", r.output_path);
  return o;
}

}  // namespace simtrain::report
