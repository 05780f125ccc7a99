#include "report/collective_report.hpp"

#include <fmt/format.h>

#include "report/error_bands.hpp"

namespace simtrain::report {

std::string format_table(const SweepResult& r) {
  std::string out;
  out += fmt::format("# simtrain collective: {} on {} ({} node{}, {} ranks), simulated\n", r.op, r.system,
                     r.nodes, r.nodes > 1 ? "s" : "", r.ranks);
  out += "# columns as nccl-tests (out-of-place; in-place is identical in the model)\n#\n";
  out += fmt::format("#{:>11}  {:>12}  {:>8}  {:>6}  {:>6}  {:>9}  {:>7}  {:>7}  {:>12}  {:>6}\n", "size",
                     "count", "type", "redop", "root", "time", "algbw", "busbw", "algo", "proto");
  out += fmt::format("#{:>11}  {:>12}  {:>8}  {:>6}  {:>6}  {:>9}  {:>7}  {:>7}\n", "(B)", "(elements)", "", "",
                     "", "(us)", "(GB/s)", "(GB/s)");
  double sum_busbw = 0;
  for (const auto& row : r.rows) {
    out += fmt::format("{:>12.0f}  {:>12}  {:>8}  {:>6}  {:>6}  {:>9.2f}  {:>7.2f}  {:>7.2f}  {:>12}  {:>6}\n",
                       row.size_bytes, row.count, r.dtype, r.redop, r.root, row.time_us, row.algbw_gbps,
                       row.busbw_gbps, row.algo, row.protocol);
    sum_busbw += row.busbw_gbps;
  }
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
  }
  return arr;
}

}  // namespace simtrain::report
