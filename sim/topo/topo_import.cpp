#include "topo/topo_import.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <numeric>
#include <regex>
#include <set>
#include <sstream>

#include "scenario/data_path.hpp"
#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"
#include "topo/catalog.hpp"
#include "topo/cluster.hpp"
#include "topo/topo_matrix.hpp"

namespace simtrain::topo {

namespace {

struct Dev {
  std::string name;  // GPU0, NIC0 (or mlx5_0 in older nvidia-smi headers)
  bool gpu = false;
  int numa = -1;     // from the row's NUMA Affinity column (GPUs), -1 if N/A
  std::string label; // NIC legend name
};

struct Matrix {
  std::vector<Dev> devs;
  std::vector<std::vector<std::string>> rel;  // rel[i][j]
};

std::vector<std::string> split_ws(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  std::string t;
  while (in >> t) out.push_back(t);
  return out;
}

bool is_relation(const std::string& r) {
  // NV# is a count of NVLinks (18 on an H100): four digits at most, so stoi cannot overflow.
  static const std::regex nv("NV[0-9]{1,4}");
  return r == "X" || r == "SYS" || r == "NODE" || r == "PHB" || r == "PXB" || r == "PIX" || std::regex_match(r, nv);
}

Matrix parse(const std::string& text, const std::string& source) {
  Matrix m;
  std::istringstream in(text);
  std::string line;
  int lineno = 0, header_line = 0;
  std::map<std::string, int> index;
  std::map<std::string, std::string> legend;
  bool in_rows = false, done = false;
  auto fail = [&](int ln, const std::string& msg) { return ScenarioError(source, ln, 0, "topo -m", msg); };
  while (std::getline(in, line)) {
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // On a terminal nvidia-smi underlines the header (ESC[4m ... ESC[0m); captures keep it.
    static const std::regex ansi("\x1b\\[[0-9;]*m");
    line = std::regex_replace(line, ansi, "");
    std::vector<std::string> t = split_ws(line);
    if (!header_line) {
      if (!t.empty() && t[0] == "GPU0") {
        header_line = lineno;
        for (const std::string& name : t) {
          if (name == "CPU") break;
          index[name] = static_cast<int>(m.devs.size());
          Dev d;
          d.name = name;
          d.gpu = name.rfind("GPU", 0) == 0;
          m.devs.push_back(d);
        }
        m.rel.assign(m.devs.size(), std::vector<std::string>(m.devs.size()));
        in_rows = true;
      }
      continue;
    }
    if (in_rows && !done) {
      if (t.empty() || t[0] == "Legend:") {
        done = true;
        continue;
      }
      auto it = index.find(t[0]);
      if (it == index.end()) throw fail(lineno, "a row for '" + t[0] + "', which the header does not name");
      const std::size_t n = m.devs.size(), r = static_cast<std::size_t>(it->second);
      if (t.size() < n + 1)
        throw fail(lineno, fmt::format("row {} has {} relations, the header names {} devices", t[0], t.size() - 1, n));
      for (std::size_t k = 0; k < n; ++k) {
        if (!is_relation(t[k + 1]))
          throw fail(lineno, "'" + t[k + 1] + "' is not a relation (X, NV#, PIX, PXB, PHB, NODE, SYS)");
        m.rel[r][k] = t[k + 1];
      }
      // GPU rows go on: CPU Affinity, NUMA Affinity, GPU NUMA ID.
      if (m.devs[r].gpu && t.size() >= n + 3) {
        const std::string& numa = t[n + 2];
        // A NUMA id of at most six digits (stoi would throw past INT_MAX): longer is not one.
        if (!numa.empty() && numa.size() <= 6 && std::all_of(numa.begin(), numa.end(), ::isdigit))
          m.devs[r].numa = std::stoi(numa);
      }
      continue;
    }
    // NIC legend: "  NIC0: mlx5_0"
    if (t.size() == 2 && t[0].size() > 1 && t[0].back() == ':') legend[t[0].substr(0, t[0].size() - 1)] = t[1];
  }
  if (!header_line) throw fail(0, "no matrix found: expected the output of `nvidia-smi topo -m` (a header line starting with GPU0)");
  for (std::size_t i = 0; i < m.devs.size(); ++i)
    if (m.rel[i][0].empty()) throw fail(header_line, "no row for " + m.devs[i].name);
  for (std::size_t i = 0; i < m.devs.size(); ++i) {
    for (std::size_t k = 0; k < m.devs.size(); ++k) {
      if ((i == k) != (m.rel[i][k] == "X")) throw fail(header_line, m.devs[i].name + " vs " + m.devs[k].name + ": X only on the diagonal");
      if (m.rel[i][k] != m.rel[k][i])
        throw fail(header_line, fmt::format("{}-{} is {} but {}-{} is {}: the matrix is not symmetric", m.devs[i].name,
                                            m.devs[k].name, m.rel[i][k], m.devs[k].name, m.devs[i].name, m.rel[k][i]));
    }
    if (!m.devs[i].gpu) {
      auto l = legend.find(m.devs[i].name);
      m.devs[i].label = l != legend.end() ? l->second : m.devs[i].name;
    }
  }
  if (std::none_of(m.devs.begin(), m.devs.end(), [](const Dev& d) { return d.gpu; }))
    throw fail(header_line, "the matrix names no GPU");
  return m;
}

struct UnionFind {
  std::vector<int> p;
  explicit UnionFind(std::size_t n) : p(n) { std::iota(p.begin(), p.end(), 0); }
  int find(int x) { return p[x] == x ? x : p[x] = find(p[x]); }
  void join(int a, int b) {
    a = find(a);
    b = find(b);
    if (a != b) p[std::max(a, b)] = std::min(a, b);  // the smallest index leads: deterministic
  }
};

}  // namespace

std::string pcie_switch_model(const std::string& pcie_kind) {
  if (pcie_kind.rfind("pcie3", 0) == 0) return "pcie3_switch";
  if (pcie_kind.rfind("pcie5", 0) == 0) return "pcie5_switch";
  return "pcie4_switch";
}

std::string nvswitch_model(const Catalog& catalog, const std::string& nvlink_kind) {
  const std::string m = nvlink_kind == "nvlink3"   ? "nvswitch_gen2"
                        : nvlink_kind == "nvlink4" ? "nvswitch_gen3"
                        : nvlink_kind == "nvlink5" ? "nvswitch_gen4"
                                                   : "";
  return !m.empty() && catalog.switches().count(m) ? m : "";
}

SocketLink socket_link(const std::string& cpu_model) {
  const bool amd = cpu_model.rfind("amd", 0) == 0;
  return amd ? SocketLink{"xgmi", 4} : SocketLink{"upi", 3};
}

namespace {

// The matrix's NUMA nodes and the sockets they sit on.
struct NumaLayout {
  std::vector<int> group;         // each device's NUMA group (its root: the group's first device)
  std::vector<int> roots;         // the groups, in order of their first device
  std::map<int, int> group_numa;  // group root -> NUMA id
  std::vector<int> socket;        // each device's socket
  int sockets = 1;
};

// Decides the NUMA nodes: devices joined by anything but SYS (and NVLink, which says nothing of
// PCIe), numbered by the rows' NUMA affinity (N/A: after the known ones); and the sockets:
// --sockets, else two when any pair is SYS, the NUMA nodes shared out among them in order.
NumaLayout numa_layout(const Matrix& m, int sockets_asked) {
  const int n = static_cast<int>(m.devs.size());
  UnionFind numa_uf(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k) {
      const std::string& r = m.rel[i][k];
      if (r == "PIX" || r == "PXB" || r == "PHB" || r == "NODE") numa_uf.join(i, k);
    }
  NumaLayout l;
  int max_numa = -1;
  for (int i = 0; i < n; ++i)
    if (m.devs[i].numa >= 0) {
      const int g = numa_uf.find(i);
      if (!l.group_numa.count(g)) l.group_numa[g] = m.devs[i].numa;
      max_numa = std::max(max_numa, m.devs[i].numa);
    }
  for (int i = 0; i < n; ++i)
    if (numa_uf.find(i) == i) l.roots.push_back(i);
  for (int g : l.roots)
    if (!l.group_numa.count(g)) l.group_numa[g] = ++max_numa;  // N/A: numbered after the known ones
  bool any_sys = false;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k) any_sys = any_sys || m.rel[i][k] == "SYS";
  l.sockets = sockets_asked > 0 ? sockets_asked : (any_sys ? 2 : 1);
  int numa_total = max_numa + 1;
  if (numa_total % l.sockets) numa_total += l.sockets - numa_total % l.sockets;
  const int per_socket = std::max(1, numa_total / l.sockets);
  for (int i = 0; i < n; ++i) {
    l.group.push_back(numa_uf.find(i));
    l.socket.push_back(std::min(l.sockets - 1, l.group_numa.at(l.group.back()) / per_socket));
  }
  return l;
}

// The GPUs' NVLinks: the NV# pairs, and whether they meet at an NVSwitch.
struct NvlinkLayout {
  std::vector<int> gpus;
  std::map<std::pair<int, int>, int> nv;  // (a, b), a < b -> links
  bool nvswitch = false;
  std::string nvs_model;  // the catalog's NVSwitch for the GPU's NVLink kind
};

// Decides the NVLink layout: an NVSwitch when every GPU pair is NV# and the pairs need more
// links than a GPU has, else the pairs' own links.
NvlinkLayout nvlink_layout(const Matrix& m, const Catalog& catalog, const GpuModel& gpu, const std::string& gpu_key,
                           const std::string& source) {
  const int n = static_cast<int>(m.devs.size());
  NvlinkLayout l;
  for (int i = 0; i < n; ++i)
    if (m.devs[i].gpu) l.gpus.push_back(i);
  for (int a : l.gpus)
    for (int b : l.gpus)
      if (a < b && m.rel[a][b].rfind("NV", 0) == 0) l.nv[{a, b}] = std::stoi(m.rel[a][b].substr(2));
  const int gpu_links = gpu.has_nvlink() ? gpu.scale_up->links : 0;
  if (!l.nv.empty() && !gpu.has_nvlink())
    throw ScenarioError(source, 0, 0, "--gpu", "the matrix shows NVLink, but the catalog's " + gpu_key + " has none");
  const std::size_t pairs = l.gpus.size() * (l.gpus.size() - 1) / 2;
  if (l.gpus.size() >= 3 && l.nv.size() == pairs) {
    for (int a : l.gpus) {
      int total = 0;
      for (const auto& [p, c] : l.nv)
        if (p.first == a || p.second == a) total += c;
      l.nvswitch = l.nvswitch || total > gpu_links;
    }
  }
  if (l.nvswitch) {
    const std::string& kind = gpu.scale_up->kind;
    l.nvs_model = nvswitch_model(catalog, kind);
    if (l.nvs_model.empty())
      throw ScenarioError(source, 0, 0, "--gpu", "the matrix shows an NVSwitch, and the catalog has no NVSwitch model for " + kind);
  }
  return l;
}

// The system file's PCIe switches and links.
struct PcieTrees {
  std::vector<std::string> switch_lines, link_lines;
};

// Decides the PCIe trees, per NUMA group (in order of their first device): a lone device on a
// root port, one switch for devices that are PIX to each other, two levels where they are PXB.
PcieTrees pcie_trees(const Matrix& m, const NumaLayout& numa, const std::vector<std::string>& vname,
                     const std::string& gpu_pcie, const std::string& nic_host) {
  const int n = static_cast<int>(m.devs.size());
  auto host_kind = [&](int dev) { return m.devs[dev].gpu ? gpu_pcie : nic_host; };
  const std::string sw_model = pcie_switch_model(gpu_pcie);
  PcieTrees out;
  std::vector<std::string>& link_lines = out.link_lines;
  std::vector<std::string>& switch_lines = out.switch_lines;
  int next_switch = 0;
  for (int root : numa.roots) {
    std::vector<int> members;
    for (int i = 0; i < n; ++i)
      if (numa.group[static_cast<std::size_t>(i)] == root) members.push_back(i);
    const std::string cpu = "cpu" + std::to_string(numa.socket[static_cast<std::size_t>(root)]);
    UnionFind pix(static_cast<std::size_t>(n)), pxb(static_cast<std::size_t>(n));
    for (int a : members)
      for (int b : members) {
        if (m.rel[a][b] == "PIX") pix.join(a, b), pxb.join(a, b);
        if (m.rel[a][b] == "PXB") pxb.join(a, b);
      }
    std::vector<int> pxb_roots;
    for (int a : members)
      if (pxb.find(a) == a) pxb_roots.push_back(a);
    for (int pr : pxb_roots) {
      std::vector<int> pix_roots;
      for (int a : members)
        if (pxb.find(a) == pr && pix.find(a) == a) pix_roots.push_back(a);
      auto devices_of = [&](int pixr) {
        std::vector<int> d;
        for (int a : members)
          if (pix.find(a) == pixr) d.push_back(a);
        return d;
      };
      const std::string numa_note = fmt::format("NUMA {}", numa.group_numa.at(root));
      if (pix_roots.size() == 1) {
        const std::vector<int> d = devices_of(pix_roots[0]);
        if (d.size() == 1) {  // a lone device on a root port
          link_lines.push_back(fmt::format("  - {{a: {}, b: {}, kind: {}}}", vname[d[0]], cpu, host_kind(d[0])));
          continue;
        }
        const std::string sw = "sw" + std::to_string(next_switch++);
        switch_lines.push_back(fmt::format("  {}: {{type: switch, model: {}}}   # {}: PIX", sw, sw_model, numa_note));
        link_lines.push_back(fmt::format("  - {{a: {}, b: {}, kind: {}}}", sw, cpu, gpu_pcie));
        for (int a : d) link_lines.push_back(fmt::format("  - {{a: {}, b: {}, kind: {}}}", vname[a], sw, host_kind(a)));
        continue;
      }
      const std::string top = "sw" + std::to_string(next_switch++);
      switch_lines.push_back(fmt::format("  {}: {{type: switch, model: {}}}   # {}: level 1 (PXB below)", top, sw_model, numa_note));
      link_lines.push_back(fmt::format("  - {{a: {}, b: {}, kind: {}}}", top, cpu, gpu_pcie));
      for (int pixr : pix_roots) {
        const std::string sw = "sw" + std::to_string(next_switch++);
        switch_lines.push_back(fmt::format("  {}: {{type: switch, model: {}}}   # {}: level 2 under {}", sw, sw_model, numa_note, top));
        link_lines.push_back(fmt::format("  - {{a: {}, b: {}, kind: {}}}", sw, top, gpu_pcie));
        for (int a : devices_of(pixr))
          link_lines.push_back(fmt::format("  - {{a: {}, b: {}, kind: {}}}", vname[a], sw, host_kind(a)));
      }
    }
  }
  return out;
}

// Writes the system file: what it assumes, the devices (sockets, NVSwitch, PCIe switches, GPUs
// and NICs) and the links (sockets, NVLink, PCIe).
std::string system_yaml(const Matrix& m, const std::string& source, const TopoImportOptions& opt, const GpuModel& gpu,
                        bool has_nic, int sockets, const NvlinkLayout& nvl, const PcieTrees& trees,
                        const std::vector<std::string>& vname) {
  const int n = static_cast<int>(m.devs.size());
  const std::string sw_model = pcie_switch_model(gpu.pcie);
  const SocketLink sockets_link = socket_link(opt.cpu_model);
  const std::string& socket_kind = sockets_link.kind;
  const int socket_count = sockets_link.count;
  std::string name = opt.name;
  if (name.empty()) name = std::filesystem::path(source).stem().string() + " (imported)";
  std::string y;
  y += "# Imported by `simtrain topo --import` from " + source + " (nvidia-smi topo -m).\n";
  y += "# Known: how each pair of GPUs and NICs connects (the matrix), NUMA affinity of the GPUs.\n";
  y += "# Assumptions (the matrix does not name parts): the smallest graph giving the same relations\n";
  y += "# (sim/topo/topo_import.hpp); models as given: GPU " + opt.gpu_model + ", CPU " + opt.cpu_model +
       (has_nic ? ", NIC " + opt.nic_model : "") + ";\n";
  y += fmt::format("# PCIe switches {} with {} uplinks; {} sockets joined by {} {} links; no storage, no fabric\n",
                   sw_model, gpu.pcie, sockets, socket_count, socket_kind);
  y += "# (add a `fabric:` block to join several nodes).\n";
  y += "name: " + name + "\n";
  y += "source: \"nvidia-smi topo -m output " + source + ", imported by simtrain topo --import\"\n";
  y += "devices:\n";
  for (int s = 0; s < sockets; ++s) y += fmt::format("  cpu{}: {{type: cpu, model: {}}}\n", s, opt.cpu_model);
  if (nvl.nvswitch) y += "  nvswitch: {type: switch, model: " + nvl.nvs_model + "}\n";
  for (const std::string& l : trees.switch_lines) y += l + "\n";
  for (int i = 0; i < n; ++i) {
    if (m.devs[i].gpu) y += fmt::format("  {}: {{type: gpu, model: {}}}\n", vname[i], opt.gpu_model);
    else y += fmt::format("  {}: {{type: nic, model: {}, label: {}}}\n", vname[i], opt.nic_model, m.devs[i].label);
  }
  y += "links:\n";
  for (int s = 1; s < sockets; ++s)
    y += fmt::format("  - {{a: cpu{}, b: cpu{}, kind: {}, count: {}}}\n", s - 1, s, socket_kind, socket_count);
  if (nvl.nvswitch) {
    for (int a : nvl.gpus) {
      int k = 0;
      for (const auto& [p, c] : nvl.nv)
        if (p.first == a || p.second == a) k = std::max(k, c);
      y += fmt::format("  - {{a: {}, b: nvswitch, kind: {}, count: {}}}\n", vname[a], gpu.scale_up->kind, k);
    }
  } else {
    for (const auto& [p, c] : nvl.nv)
      y += fmt::format("  - {{a: {}, b: {}, kind: {}, count: {}}}\n", vname[p.first], vname[p.second], gpu.scale_up->kind, c);
  }
  for (const std::string& l : trees.link_lines) y += l + "\n";
  return y;
}

// Decides how well the file reproduces the matrix: loaded back, each pair's relation against
// the matrix's (NODE shown as PHB, and SYS as PHB within a socket, counted apart).
void compare_back(const Matrix& m, const NumaLayout& numa, const std::string& source, const std::string& catalog_path,
                  TopoImportResult& res) {
  const int n = static_cast<int>(m.devs.size());
  auto doc = YamlDoc::parse(res.yaml, source + " (imported)");
  auto cluster = load_system_from(root_field(doc), catalog_path, 1, catalog_path);
  std::vector<Vertex> verts;
  {
    int g = 0, k = 0;
    for (int i = 0; i < n; ++i) verts.push_back(m.devs[i].gpu ? cluster->gpu(0, g++) : cluster->nic(0, k++));
  }
  auto socket_of = [&](int dev) { return numa.socket[static_cast<std::size_t>(dev)]; };
  for (int i = 0; i < n; ++i)
    for (int k = i + 1; k < n; ++k) {
      ++res.relations;
      const std::string want = m.rel[i][k], got = relation(*cluster, verts[static_cast<std::size_t>(i)], verts[static_cast<std::size_t>(k)]);
      if (want == got) ++res.reproduced;
      else if (want == "NODE" && got == "PHB") ++res.node_as_phb;
      else if (want == "SYS" && got == "PHB" && socket_of(i) == socket_of(k)) ++res.sys_as_phb;
      else res.mismatches.push_back(m.devs[i].name + "-" + m.devs[k].name + ": " + want + " -> " + got);
    }
}

}  // namespace

ImportCatalog open_import_catalog(const TopoImportOptions& opt) {
  ImportCatalog c;
  c.path = opt.catalog.empty() ? data_path::require("topologies/devices.yaml") : opt.catalog;
  c.catalog = Catalog::load(c.path);
  require_model("--gpu", opt.gpu_model, c.catalog->gpus(), "GPU");
  require_model("--cpu", opt.cpu_model, c.catalog->cpus(), "CPU");
  return c;
}

TopoImportResult import_topo_matrix(const std::string& text, const std::string& source, const TopoImportOptions& opt) {
  const auto [catalog_path, catalog] = open_import_catalog(opt);
  const GpuModel& gpu = catalog->gpus().at(opt.gpu_model);

  const Matrix m = parse(text, source);
  const int n = static_cast<int>(m.devs.size());
  const bool has_nic = std::any_of(m.devs.begin(), m.devs.end(), [](const Dev& d) { return !d.gpu; });
  if (has_nic) require_model("--nic", opt.nic_model, catalog->nics(), "NIC");
  const NumaLayout numa = numa_layout(m, opt.sockets);
  const NvlinkLayout nvl = nvlink_layout(m, *catalog, gpu, opt.gpu_model, source);

  // Names in the system file.
  std::vector<std::string> vname(static_cast<std::size_t>(n));
  {
    int g = 0, k = 0;
    for (int i = 0; i < n; ++i) vname[static_cast<std::size_t>(i)] = m.devs[i].gpu ? "gpu" + std::to_string(g++) : "nic" + std::to_string(k++);
  }
  const std::string nic_host = has_nic ? catalog->nics().at(opt.nic_model).host : "";
  const PcieTrees trees = pcie_trees(m, numa, vname, gpu.pcie, nic_host);

  // The file, then loaded back and the matrices compared.
  TopoImportResult res;
  res.yaml = system_yaml(m, source, opt, gpu, has_nic, numa.sockets, nvl, trees, vname);
  compare_back(m, numa, source, catalog_path, res);
  return res;
}

}  // namespace simtrain::topo
