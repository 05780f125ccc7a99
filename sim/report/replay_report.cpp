#include "report/replay_report.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "report/run_report.hpp"

namespace simtrain::report {

namespace {

std::string ms(double s) { return fmt::format("{:.3f} ms", s * 1e3); }

std::string bytes_text(double b) {
  if (b >= 1e9) return fmt::format("{:.2f} GB", b / 1e9);
  if (b >= 1e6) return fmt::format("{:.2f} MB", b / 1e6);
  if (b >= 1e3) return fmt::format("{:.2f} kB", b / 1e3);
  return fmt::format("{:.0f} B", b);
}

// Whose compute times these are (drive/replay.hpp): as traced, never rescaled.
std::string compute_times_text(const chakra::ReplayResult& r) {
  if (r.timed_nodes == 0) return "none given by the trace";
  const std::string as_traced = fmt::format("as traced ({} node{} with a duration)", r.timed_nodes, r.timed_nodes == 1 ? "" : "s");
  if (r.traced_gpu.empty())
    return as_traced + ", GPU not recorded in the trace: not rescaled to this system's " + r.gpu_model;
  if (!r.traced_gpu_differs) return as_traced + " on " + r.traced_gpu + " (the trace's simtrain_gpu): this system's GPU family";
  return as_traced + " on " + r.traced_gpu + " (the trace's simtrain_gpu), NOT rescaled to this system's " + r.gpu_model +
         " (simtrain has no rule that carries a kernel's time to another GPU): the iteration time mixes the traced "
         "GPU's compute with this system's communication";
}

}  // namespace

std::string format_replay(const chakra::ReplayResult& r) {
  std::string o;
  o += fmt::format("Chakra trace {} ({} ranks, schema version {}) on {} x {} node(s), {}\n", r.dir, r.ranks, r.versions,
                   r.system, r.nodes, r.gpu_model);
  if (r.nodes_asked > r.nodes)
    o += fmt::format("  nodes built      {} of the {} given (--nodes): the {} rank{} take{} {} node{}; the others would carry "
                     "none of the trace's traffic\n",
                     r.nodes, thousands(static_cast<double>(r.nodes_asked)), r.ranks, r.ranks == 1 ? "" : "s",
                     r.ranks == 1 ? "s" : "", r.nodes, r.nodes == 1 ? "" : "s");
  o += "  compute times    " + compute_times_text(r) + "\n";
  o += fmt::format("  nodes read       {} ({} GPU compute, {} CPU ops, {} timed from num_ops by the cost model)\n", r.nodes_read,
                   r.compute_nodes, r.cpu_nodes, r.costed_nodes);
  o += fmt::format("  iteration time   {}\n", ms(r.time_s));
  if (r.steps > 1) o += fmt::format("  per step         {} (the trace holds {} steps)\n", ms(r.time_s / static_cast<double>(r.steps)), r.steps);
  o += "\n  rank  gpu                      end         gpu busy    cpu busy    comm        exposed comm\n";
  const std::size_t shown = std::min<std::size_t>(r.per_rank.size(), 16);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& f = r.per_rank[i];
    o += fmt::format("  {:<5} {:<24} {:<11} {:<11} {:<11} {:<11} {}\n", f.rank, f.gpu, ms(f.end_s), ms(f.gpu_s), ms(f.cpu_s),
                     ms(f.comm_s), ms(f.exposed_comm_s));
  }
  if (shown < r.per_rank.size()) o += fmt::format("  ... {} more ranks (--json lists all)\n", r.per_rank.size() - shown);
  if (!r.comm.empty()) {
    o += "\n  communication    calls   bytes (per call, summed)   busy\n";
    for (const auto& c : r.comm)
      o += fmt::format("  {:<16} {:<7} {:<26} {}\n", c.type, c.calls, bytes_text(c.bytes), ms(c.busy_s));
  }
  if (!r.critical_path.empty()) {
    o += fmt::format("\n  critical path ({} nodes; the last {} shown, end time, where, node)\n", r.critical_path_nodes,
                     r.critical_path.size());
    for (const auto& s : r.critical_path) o += "    " + s + "\n";
  }
  o += "\n  not simulated:\n";
  o += fmt::format("    nodes of zero time (METADATA/INVALID nodes, compute without duration or num_ops): {}\n", r.zero_time_nodes);
  if (r.retuned_plans)
    o += fmt::format("    collective shapes whose recorded algorithm (simtrain_algo) cannot run on this cluster, "
                     "planned by NCCL's tuner instead: {}\n", r.retuned_plans);
  if (r.dropped_deps) o += fmt::format("    dependencies on nodes not in their file or on the node itself, dropped (--ignore-missing-deps): {}\n", r.dropped_deps);
  if (r.ignored_attrs.empty()) o += "    attributes: none\n";
  else {
    o += "    attributes and fields read but not used (name: nodes):";
    std::size_t k = 0;
    for (const auto& [name, n] : r.ignored_attrs) o += (k++ % 4 == 0 ? "\n      " : ", ") + fmt::format("{}: {}", name, n);
    o += "\n";
  }
  o += fmt::format("  engine: {} tasks, {} events\n", r.tasks, r.events);
  return o;
}

nlohmann::ordered_json replay_to_json(const chakra::ReplayResult& r) {
  nlohmann::ordered_json j;
  j["trace"] = r.dir;
  j["schema_versions"] = r.versions;
  j["system"] = r.system;
  j["nodes"] = r.nodes;
  if (r.nodes_asked > r.nodes) j["nodes_given"] = r.nodes_asked;  // --nodes; "nodes" are those the ranks take
  j["gpu"] = r.gpu_model;
  j["compute_times"] = {{"as_traced", true},
                        {"rescaled", false},
                        {"timed_nodes", r.timed_nodes},
                        {"traced_gpu", r.traced_gpu.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(r.traced_gpu)},
                        {"traced_gpu_differs", r.traced_gpu_differs}};
  j["ranks"] = r.ranks;
  j["time_s"] = r.time_s;
  j["steps"] = r.steps;
  j["nodes_read"] = {{"total", r.nodes_read}, {"gpu_compute", r.compute_nodes}, {"cpu_ops", r.cpu_nodes},
                     {"timed_from_num_ops", r.costed_nodes}, {"zero_time", r.zero_time_nodes}};
  auto& pr = j["per_rank"] = nlohmann::ordered_json::array();
  for (const auto& f : r.per_rank)
    pr.push_back({{"rank", f.rank}, {"gpu", f.gpu}, {"end_s", f.end_s}, {"gpu_busy_s", f.gpu_s}, {"cpu_busy_s", f.cpu_s},
                  {"comm_s", f.comm_s}, {"comm_exposed_s", f.exposed_comm_s}});
  auto& cm = j["communication"] = nlohmann::ordered_json::array();
  for (const auto& c : r.comm) cm.push_back({{"type", c.type}, {"calls", c.calls}, {"bytes", c.bytes}, {"busy_s", c.busy_s}});
  j["critical_path"] = {{"nodes", r.critical_path_nodes}, {"last", r.critical_path}};
  j["not_simulated"] = {{"ignored_attributes", r.ignored_attrs}, {"zero_time_nodes", r.zero_time_nodes},
                        {"dropped_dependencies", r.dropped_deps}, {"retuned_collective_shapes", r.retuned_plans}};
  j["engine"] = {{"tasks", r.tasks}, {"events", r.events}};
  return j;
}

}  // namespace simtrain::report
