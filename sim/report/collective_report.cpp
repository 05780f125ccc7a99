#include "report/collective_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/error_bands.hpp"

namespace simtrain::report {

namespace {

// The footnote of the rows marked `*`.
std::string calibrated_range_note(const std::pair<double, double>& range) {
  if (range.first > range.second)
    return "# * not calibrated: the calibration file fits no log of this scope (inside one node, or across nodes)\n";
  return fmt::format("# * outside the measured range, not calibrated: the calibration's log measured {:.0f} to {:.0f} B\n",
                     range.first, range.second);
}

}  // namespace

std::string format_table(const SweepResult& r) {
  std::string out;
  out += fmt::format("# simtrain collective: {} on {} ({} node{}, {} ranks), simulated\n", r.op, r.system,
                     r.nodes, r.nodes > 1 ? "s" : "", r.ranks);
  out += "# columns as nccl-tests (out-of-place; in-place is identical in the model)\n";
  if (!r.library.empty())
    out += fmt::format("# collective library: {} (topologies/collectives.yaml rccl:, AMD GPUs)\n", r.library);
  for (const std::string& o : r.overrides) out += fmt::format("# --set {}\n", o);
  if (!r.network_calibration.empty()) out += fmt::format("# network calibrated: {}\n", r.network_calibration);
  out += "#\n";
  out += fmt::format("#{:>11}  {:>12}  {:>8}  {:>6}  {:>6}  {:>9}  {:>7}  {:>7}  {:>12}  {:>6}\n", "size",
                     "count", "type", "redop", "root", "time", "algbw", "busbw", "algo", "proto");
  out += fmt::format("#{:>11}  {:>12}  {:>8}  {:>6}  {:>6}  {:>9}  {:>7}  {:>7}\n", "(B)", "(elements)", "", "",
                     "", "(us)", "(GB/s)", "(GB/s)");
  double sum_busbw = 0;
  int outside = 0;
  for (const auto& row : r.rows) {
    const bool out_of_range = r.calibrated_range && (row.size_bytes < r.calibrated_range->first ||
                                                     row.size_bytes > r.calibrated_range->second);
    outside += out_of_range ? 1 : 0;
    out += fmt::format("{:>12.0f}  {:>12}  {:>8}  {:>6}  {:>6}  {:>9.2f}  {:>7.2f}  {:>7.2f}  {:>12}  {:>6}{}\n",
                       row.size_bytes, row.count, r.dtype, r.redop, r.root, row.time_us, row.algbw_gbps,
                       row.busbw_gbps, row.algo, row.protocol, out_of_range ? "  *" : "");
    sum_busbw += row.busbw_gbps;
  }
  if (outside > 0) out += calibrated_range_note(*r.calibrated_range);
  if (!r.rows.empty()) {
    out += fmt::format("# Avg bus bandwidth    : {:.4f}\n", sum_busbw / static_cast<double>(r.rows.size()));
    const SweepRow& last = r.rows.back();
    out += fmt::format("#\n# Busiest links at {:.0f} B ({} / {}):\n", last.size_bytes, last.algo, last.protocol);
    for (const auto& l : last.busiest)
      out += fmt::format("#   {:5.1f}%  {}\n", 100.0 * l.utilization, l.name);
    if (!last.busiest.empty())
      out += fmt::format("# Bottleneck: {}\n", last.busiest.front().name);
    if (last.network_bytes > 0)
      out += fmt::format("# Bytes over network links: {:.4g} ({:.3f} x the buffer)\n", last.network_bytes,
                         last.network_bytes / last.size_bytes);
  }
  if (!r.bands.empty()) {
    out += "#\n# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):\n";
    for (const auto& b : r.bands)
      out += fmt::format("#   {:<28} {}\n", size_class_label(b.figure), band_text(b));
  }
  return out;
}

nlohmann::json to_json(const SweepResult& r) {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& row : r.rows) {
    nlohmann::json links = nlohmann::json::array();
    for (const auto& l : row.busiest) links.push_back({{"name", l.name}, {"utilization", l.utilization}});
    arr.push_back({{"size_bytes", row.size_bytes},
                   {"count", row.count},
                   {"time_us", row.time_us},
                   {"algbw_gbps", row.algbw_gbps},
                   {"busbw_gbps", row.busbw_gbps},
                   {"algo", row.algo},
                   {"protocol", row.protocol},
                   {"network_bytes", row.network_bytes},
                   {"busiest_links", links}});
    for (const auto& b : r.bands)
      if (b.figure == collective_size_class(row.size_bytes)) arr.back()["error_band"] = band_to_json(b);
    if (r.calibrated_range)
      arr.back()["calibrated"] = row.size_bytes >= r.calibrated_range->first && row.size_bytes <= r.calibrated_range->second;
  }
  return arr;
}

}  // namespace simtrain::report

namespace simtrain::report {
namespace {

constexpr double kBandwidthBoundBytes = 64.0 * 1024 * 1024;  // 64 MiB

std::string signed_percent(double fraction) { return fmt::format("{:+.1f}%", 100.0 * fraction); }

std::string summary_line(const std::string& label, const CompareSummary& s) {
  if (s.compared == 0) return fmt::format("#   {:<30} no size of the log in this range\n", label);
  return fmt::format("#   {:<30} {:>3} size{} median |error| {:5.1f}%, worst {} at {} B\n", label, s.compared,
                     s.compared == 1 ? ": " : "s:", 100.0 * s.median_abs_error, signed_percent(s.worst_error),
                     s.worst_size_bytes);
}

}  // namespace

CompareSummary summarize_compare(const std::vector<CompareRow>& rows, double min_bytes, double max_bytes) {
  CompareSummary s;
  std::vector<double> abs_errors;
  for (const auto& row : rows) {
    const double size = static_cast<double>(row.size_bytes);
    if (!row.busbw_error || size < min_bytes || size >= max_bytes) continue;
    abs_errors.push_back(std::abs(*row.busbw_error));
    if (s.compared == 0 || std::abs(*row.busbw_error) > std::abs(s.worst_error)) {
      s.worst_error = *row.busbw_error;
      s.worst_size_bytes = row.size_bytes;
    }
    ++s.compared;
  }
  if (abs_errors.empty()) return s;
  std::sort(abs_errors.begin(), abs_errors.end());
  const std::size_t n = abs_errors.size();
  s.median_abs_error = n % 2 ? abs_errors[n / 2] : (abs_errors[n / 2 - 1] + abs_errors[n / 2]) / 2;
  return s;
}

std::string format_compare(const CompareResult& r) {
  std::string out;
  out += fmt::format("# simtrain collective --compare: {} on {} ({} node{}, {} ranks), simulated, against {}\n", r.op,
                     r.system, r.nodes, r.nodes > 1 ? "s" : "", r.ranks, r.log_path);
  out += fmt::format("# the log: {} ({}), {} ranks on {} host{}, {}, {} size{}{}\n", r.op, r.op_source, r.ranks,
                     r.log_hosts, r.log_hosts == 1 ? "" : "s", r.dtype, r.rows.size(), r.rows.size() == 1 ? "" : "s",
                     r.log_complete ? "" : "; no footer (# Avg bus bandwidth): the run may have been cut short");
  if (!r.forced_device.empty()) out += "# device mismatch: " + r.forced_device + "\n";
  out += "# error: busbw, (simulated - measured) / measured, against the log's out-of-place figure\n";
  if (!r.network_calibration.empty()) out += fmt::format("# network calibrated: {}\n", r.network_calibration);
  out += "#\n";
  std::string groups = fmt::format("#{:>11}  {:^21}  {:^19}  {:^41}", "", "measured out-of-place", "measured in-place",
                                   "simulated");
  groups.erase(groups.find_last_not_of(' ') + 1);
  out += groups + "\n";
  out += fmt::format("#{:>11}  {:>10}  {:>9}  {:>9}  {:>8}  {:>9}  {:>8}  {:>12}  {:>6}  {:>7}\n", "size", "time",
                     "busbw", "time", "busbw", "time", "busbw", "algo", "proto", "error");
  out += fmt::format("#{:>11}  {:>10}  {:>9}  {:>9}  {:>8}  {:>9}  {:>8}  {:>12}  {:>6}  {:>7}\n", "(B)", "(us)",
                     "(GB/s)", "(us)", "(GB/s)", "(us)", "(GB/s)", "", "", "(%)");
  int outside = 0;
  for (const auto& row : r.rows) {
    const std::string ip_time = row.in_place_time_us ? fmt::format("{:.2f}", *row.in_place_time_us) : "-";
    const std::string ip_bus = row.in_place_busbw_gbps ? fmt::format("{:.2f}", *row.in_place_busbw_gbps) : "-";
    const std::string err = row.busbw_error ? fmt::format("{:+.1f}", 100.0 * *row.busbw_error) : "-";
    const bool out_of_range = r.calibrated_range && (static_cast<double>(row.size_bytes) < r.calibrated_range->first ||
                                                     static_cast<double>(row.size_bytes) > r.calibrated_range->second);
    outside += out_of_range ? 1 : 0;
    out += fmt::format("{:>12}  {:>10.2f}  {:>9.2f}  {:>9}  {:>8}  {:>9.2f}  {:>8.2f}  {:>12}  {:>6}  {:>7}{}\n",
                       row.size_bytes, row.measured_time_us, row.measured_busbw_gbps, ip_time, ip_bus,
                       row.simulated.time_us, row.simulated.busbw_gbps, row.simulated.algo, row.simulated.protocol, err,
                       out_of_range ? "  *" : "");
  }
  if (outside > 0) out += calibrated_range_note(*r.calibrated_range);
  out += "#\n# busbw error by size (the log's out-of-place busbw):\n";
  out += summary_line("< 64 MiB (latency, mid-size)", summarize_compare(r.rows, 0, kBandwidthBoundBytes));
  out += summary_line(">= 64 MiB (bandwidth-bound)", summarize_compare(r.rows, kBandwidthBoundBytes, 1e300));
  out += summary_line("all sizes", summarize_compare(r.rows, 0, 1e300));
  int uncompared = 0;
  for (const auto& row : r.rows) uncompared += row.busbw_error ? 0 : 1;
  if (uncompared > 0)
    out += fmt::format("#   {} size{} with busbw 0.00 in the log (too small to print): shown, not in the error\n",
                       uncompared, uncompared == 1 ? "" : "s");
  int wrong = 0;
  for (const auto& row : r.rows) wrong += row.measured_wrong && *row.measured_wrong > 0 ? 1 : 0;
  if (wrong > 0)
    out += fmt::format("#   {} size{} with #wrong > 0 in the log: the measured collective gave wrong results there\n",
                       wrong, wrong == 1 ? "" : "s");
  if (!r.rows.empty())
    out += fmt::format("# Only the log's sizes are compared ({} to {} B): sizes outside its range are not.\n",
                       r.rows.front().size_bytes, r.rows.back().size_bytes);
  return out;
}

nlohmann::json compare_to_json(const CompareResult& r) {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& row : r.rows) {
    nlohmann::json in_place = nullptr;
    if (row.in_place_time_us || row.in_place_busbw_gbps)
      in_place = {{"time_us", row.in_place_time_us ? nlohmann::json(*row.in_place_time_us) : nlohmann::json()},
                  {"busbw_gbps", row.in_place_busbw_gbps ? nlohmann::json(*row.in_place_busbw_gbps) : nlohmann::json()}};
    arr.push_back({{"size_bytes", row.size_bytes},
                   {"count", row.count},
                   {"log_line", row.line},
                   {"size_class", static_cast<double>(row.size_bytes) < kBandwidthBoundBytes ? "below_64MiB" : "from_64MiB"},
                   {"measured",
                    {{"time_us", row.measured_time_us},
                     {"algbw_gbps", row.measured_algbw_gbps},
                     {"busbw_gbps", row.measured_busbw_gbps},
                     {"wrong", row.measured_wrong ? nlohmann::json(*row.measured_wrong) : nlohmann::json()}}},
                   {"measured_in_place", in_place},
                   {"simulated",
                    {{"time_us", row.simulated.time_us},
                     {"algbw_gbps", row.simulated.algbw_gbps},
                     {"busbw_gbps", row.simulated.busbw_gbps},
                     {"algo", row.simulated.algo},
                     {"protocol", row.simulated.protocol}}},
                   {"busbw_error", row.busbw_error ? nlohmann::json(*row.busbw_error) : nlohmann::json()}});
    if (r.calibrated_range) {
      const double b = static_cast<double>(row.size_bytes);
      arr.back()["calibrated"] = b >= r.calibrated_range->first && b <= r.calibrated_range->second;
    }
  }
  return arr;
}

}  // namespace simtrain::report
