#include "topo/topo_matrix.hpp"

#include <deque>
#include <sstream>

namespace simtrain::topo {
namespace {

// Shortest PCIe path (pcie and cpu-class links, through PCIe switches and CPUs) from a to b:
// returns the vertices strictly between them, or nullopt.
std::optional<std::vector<Vertex>> pcie_path(const Cluster& c, Vertex a, Vertex b) {
  const Graph& g = c.graph();
  const std::size_t n = boost::num_vertices(g);
  std::vector<long> prev(n, -2);
  std::deque<Vertex> q;
  prev[a] = -1;
  q.push_back(a);
  while (!q.empty()) {
    Vertex v = q.front();
    q.pop_front();
    if (v == b) break;
    if (v != a) {
      const Device& d = g[v];
      bool forwards = d.type == DeviceType::cpu ||
                      (d.type == DeviceType::switch_ && d.switch_class == SwitchClass::pcie);
      if (!forwards) continue;
    }
    for (auto [e, end] = boost::out_edges(v, g); e != end; ++e) {
      const Link& l = g[*e];
      if (l.cls != LinkClass::pcie && l.cls != LinkClass::cpu) continue;
      Vertex u = boost::target(*e, g);
      if (prev[u] != -2) continue;
      prev[u] = static_cast<long>(v);
      q.push_back(u);
    }
  }
  if (prev[b] == -2) return std::nullopt;
  std::vector<Vertex> mid;
  for (long v = prev[b]; v != -1 && static_cast<Vertex>(v) != a; v = prev[static_cast<std::size_t>(v)])
    mid.push_back(static_cast<Vertex>(v));
  return mid;
}

// The CPU sockets of node `node`.
int numa_cpus(const Cluster& c, int node) {
  int n = 0;
  for (auto [it, end] = boost::vertices(c.graph()); it != end; ++it)
    if (c.graph()[*it].type == DeviceType::cpu && c.graph()[*it].node == node) ++n;
  return n;
}

// Which GPUs each box holds (systems with `box:`): nvidia-smi runs on one box's host, the
// matrix above is the whole NVLink domain.
std::string boxes_legend(const Cluster& c) {
  const int per = c.gpus_per_box();
  std::string o = "\nBoxes (" + std::to_string(c.boxes_per_node()) + " " + c.box_name() + "s of " + std::to_string(per) +
                  " GPUs in one NVLink domain; CPU Affinity and NUMA as each " + c.box_name() + "'s host numbers them):\n\n";
  for (int b = 0; b < c.boxes_per_node(); ++b)
    o += "  " + c.box_name() + " " + std::to_string(b) + ": GPU" + std::to_string(b * per) +
         (per > 1 ? "-GPU" + std::to_string(b * per + per - 1) : std::string()) + "\n";
  return o;
}

}  // namespace

std::string relation(const Cluster& c, Vertex a, Vertex b) {
  if (a == b) return "X";
  const Graph& g = c.graph();
  if (g[a].type == DeviceType::gpu && g[b].type == DeviceType::gpu) {
    int direct = 0;
    for (auto [e, end] = boost::out_edges(a, g); e != end; ++e) {
      if (g[*e].cls != LinkClass::nvlink) continue;
      Vertex u = boost::target(*e, g);
      if (u == b) direct += g[*e].count;
    }
    if (direct > 0) return "NV" + std::to_string(direct);
    // AMD Infinity Fabric between the pair: rocm-smi --showtopotype's "XGMI".
    for (auto [e, end] = boost::out_edges(a, g); e != end; ++e)
      if (g[*e].cls == LinkClass::infinity_fabric && boost::target(*e, g) == b) return "XGMI";
    for (auto [e, end] = boost::out_edges(a, g); e != end; ++e) {
      if (g[*e].cls != LinkClass::nvlink) continue;
      Vertex sw = boost::target(*e, g);
      if (g[sw].type != DeviceType::switch_ || g[sw].switch_class != SwitchClass::nvswitch) continue;
      for (auto [f, fend] = boost::out_edges(sw, g); f != fend; ++f)
        if (boost::target(*f, g) == b) return "NV" + std::to_string(g[*e].count);
    }
  }
  auto mid = pcie_path(c, a, b);
  if (!mid) return "SYS";
  int cpus = 0, switches = 0;
  for (Vertex v : *mid) {
    if (g[v].type == DeviceType::cpu) ++cpus;
    else ++switches;
  }
  if (cpus >= 2) return "SYS";
  if (cpus == 1) return "PHB";
  return switches <= 1 ? "PIX" : "PXB";
}

int numa_node(const Cluster& c, Vertex v) {
  const Graph& g = c.graph();
  int best = -1;
  std::size_t best_len = SIZE_MAX;
  for (auto [it, end] = boost::vertices(g); it != end; ++it) {
    if (g[*it].type != DeviceType::cpu || g[*it].node != g[v].node) continue;
    auto mid = pcie_path(c, v, *it);
    if (mid && mid->size() < best_len) {
      best_len = mid->size();
      best = g[*it].local;
    }
  }
  return best;
}

std::string topo_matrix(const Cluster& c, int node) {
  const Graph& g = c.graph();
  std::vector<Vertex> cols;
  std::vector<std::string> names;
  for (int i = 0; i < c.gpus_per_node(); ++i) {
    cols.push_back(c.gpu(node, i));
    names.push_back("GPU" + std::to_string(i));
  }
  for (int i = 0; i < c.nics_per_node(); ++i) {
    cols.push_back(c.nic(node, i));
    names.push_back("NIC" + std::to_string(i));
  }
  std::ostringstream out;
  out << "\t";
  for (const auto& n : names) out << n << "\t";
  out << "CPU Affinity\tNUMA Affinity\tGPU NUMA ID\n";
  for (std::size_t r = 0; r < cols.size(); ++r) {
    out << names[r];
    for (std::size_t k = 0; k < cols.size(); ++k) {
      std::string rel = relation(c, cols[r], cols[k]);
      out << "\t" << (rel == "X" ? " X " : rel);
    }
    if (g[cols[r]].type == DeviceType::gpu) {
      int numa = numa_node(c, cols[r]);
      std::string affinity = "N/A";
      // A box is a host of its own: its sockets and cores are numbered from 0, as nvidia-smi
      // on that host prints them.
      const int cpus_per_box = c.has_boxes() ? numa_cpus(c, node) / c.boxes_per_node() : 0;
      const int box_first_cpu = c.has_boxes() && numa >= 0 ? numa / cpus_per_box * cpus_per_box : 0;
      if (numa >= 0) {
        // Cores of socket `numa`, numbered socket by socket as Linux does without SMT.
        int first = 0, cores = 0;
        for (auto [it, end] = boost::vertices(g); it != end; ++it) {
          const Device& d = g[*it];
          if (d.type != DeviceType::cpu || d.node != node || d.local < box_first_cpu) continue;
          int k = c.catalog().cpus().at(d.model).cores;
          if (d.local < numa) first += k;
          if (d.local == numa) cores = k;
        }
        affinity = std::to_string(first) + "-" + std::to_string(first + cores - 1);
      }
      out << "\t" << affinity << "\t" << (numa >= 0 ? std::to_string(numa - box_first_cpu) : "N/A") << "\t\tN/A";
    }
    out << "\n";
  }
  out << "\nLegend:\n\n"
         "  X    = Self\n"
         "  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)\n"
         "  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node\n"
         "  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)\n"
         "  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)\n"
         "  PIX  = Connection traversing at most a single PCIe bridge\n"
         "  NV#  = Connection traversing a bonded set of # NVLinks\n";
  if (c.gpu_count() > 0 && c.gpu_model(0).has_infinity_fabric())
    out << "  XGMI = Connection traversing an AMD Infinity Fabric (xGMI) GPU link (rocm-smi's XGMI)\n";
  if (c.nics_per_node() > 0) {
    out << "\nNIC Legend:\n\n";
    for (int i = 0; i < c.nics_per_node(); ++i) {
      const Device& d = g[c.nic(node, i)];
      out << "  NIC" << i << ": " << (d.label.empty() ? "mlx5_" + std::to_string(i) : d.label) << "\n";
    }
  }
  if (c.has_boxes()) out << boxes_legend(c);
  return out.str();
}

}  // namespace simtrain::topo
