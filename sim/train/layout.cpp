#include "train/layout.hpp"

#include <algorithm>
#include <numeric>

namespace simtrain::train {

const char* dim_name(Dim d) { return kDimLabels.c_str(d); }

namespace {

// Coordinates and groups from the degrees alone (Layout's and group_span's).
Coord coord_in(const Mesh& m, int r) {
  Coord c;
  c.tp = r % m.tp;
  c.cp = (r / m.tp) % m.cp;
  c.dp = (r / (m.tp * m.cp)) % m.dp;
  c.pp = r / (m.tp * m.cp * m.dp);
  c.ep = c.dp % m.ep;
  c.edp = c.dp / m.ep;
  return c;
}

int position_in(const Mesh& m, const Coord& c) { return c.tp + m.tp * (c.cp + m.cp * (c.dp + m.dp * c.pp)); }

int degree_in(const Mesh& m, Dim d) {
  switch (d) {
    case Dim::tp: return m.tp;
    case Dim::cp: return m.cp;
    case Dim::dp: return m.dp;
    case Dim::pp: return m.pp;
    case Dim::ep: return m.ep;
    case Dim::edp: return m.cp * m.dp / m.ep;
    case Dim::dp_cp: return m.dp * m.cp;
  }
  return 1;
}

std::vector<int> group_in(const Mesh& m, Dim d, int r) {
  const Coord base = coord_in(m, r);
  std::vector<int> out;
  const int n = degree_in(m, d);
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    Coord c = base;
    switch (d) {
      case Dim::tp: c.tp = i; break;
      case Dim::cp: c.cp = i; break;
      case Dim::dp: c.dp = i; break;
      case Dim::pp: c.pp = i; break;
      case Dim::ep: c.dp = base.edp * m.ep + i; break;
      case Dim::edp:  // every cp coordinate, then the dp ranks of this ep index
        c.cp = i % m.cp;
        c.dp = (i / m.cp) * m.ep + base.ep;
        break;
      case Dim::dp_cp:
        c.cp = i % m.cp;
        c.dp = i / m.cp;
        break;
    }
    out.push_back(position_in(m, c));
  }
  return out;
}

// The positions a group of `d` is spread over: its groups repeat every this many positions.
long long block_of(const Mesh& m, Dim d) {
  switch (d) {
    case Dim::tp: return m.tp;
    case Dim::cp: return static_cast<long long>(m.tp) * m.cp;
    case Dim::ep: return static_cast<long long>(m.tp) * m.cp * m.ep;
    case Dim::pp: return static_cast<long long>(m.size());
    case Dim::dp:
    case Dim::edp:
    case Dim::dp_cp: return static_cast<long long>(m.tp) * m.cp * m.dp;
  }
  return m.size();
}

// The nodes and boxes among a group's members, given where each member is.
template <class NodeOf, class BoxOf>
GroupSpan span_of(const std::vector<int>& members, NodeOf node_of, BoxOf box_of) {
  std::vector<long long> nodes, boxes;
  for (int x : members) {
    nodes.push_back(node_of(x));
    boxes.push_back(box_of(x));
  }
  std::sort(nodes.begin(), nodes.end());
  std::sort(boxes.begin(), boxes.end());
  GroupSpan s;
  s.nodes = static_cast<int>(std::unique(nodes.begin(), nodes.end()) - nodes.begin());
  s.boxes = static_cast<int>(std::unique(boxes.begin(), boxes.end()) - boxes.begin());
  return s;
}

void widen(GroupSpan& a, const GroupSpan& b) {
  a.nodes = std::max(a.nodes, b.nodes);
  a.boxes = std::max(a.boxes, b.boxes);
}

}  // namespace

GroupSpan group_span(const Mesh& mesh, Dim d, int ranks_per_node, int gpus_per_box) {
  const long long per_node = std::max(1, ranks_per_node), per_box = std::max(1, gpus_per_box);
  const long long size = mesh.size();
  const long long period = std::min(size, std::lcm(block_of(mesh, d), per_node));
  const auto node_of = [&](int r) { return r / per_node; };
  const auto box_of = [&](int r) { return r / per_node * per_node + r % per_node / per_box; };  // unique per node
  GroupSpan widest;
  for (int r = 0; r < period; ++r) {
    const std::vector<int> g = group_in(mesh, d, r);
    if (g.front() != r) continue;  // each group once, from its first member
    widen(widest, span_of(g, node_of, box_of));
  }
  return widest;
}

std::string span_text(const std::string& label, int degree, const GroupSpan& span, const std::string& box_name) {
  const std::string head = label + " " + std::to_string(degree);
  if (span.nodes > 1) return head + " across " + std::to_string(span.nodes) + " nodes, over the fabric";
  if (span.boxes > 1) return head + " over " + std::to_string(span.boxes) + " " + box_name + "s, one NVLink domain";
  return "";
}

GroupSpan Layout::span(Dim d) const {
  GroupSpan widest;
  for (const auto& g : groups(d))
    widen(widest, span_of(g, [&](int r) { return node_of(r); }, [&](int r) { return box_of(r); }));
  return widest;
}

Layout::Layout(const Mesh& mesh, std::vector<int> gpus, int gpus_per_node, int gpus_per_box)
    : mesh_(mesh),
      gpus_(std::move(gpus)),
      gpus_per_node_(std::max(1, gpus_per_node)),
      gpus_per_box_(gpus_per_box > 0 && gpus_per_node % gpus_per_box == 0 ? gpus_per_box : std::max(1, gpus_per_node)) {
  const std::array<std::pair<const char*, int>, 5> degrees = {
      {{"tp", mesh.tp}, {"cp", mesh.cp}, {"dp", mesh.dp}, {"pp", mesh.pp}, {"ep", mesh.ep}}};
  for (const auto& [name, v] : degrees)
    if (v < 1) throw std::invalid_argument(std::string(name) + " must be at least 1, got " + std::to_string(v));
  const long long product = static_cast<long long>(mesh.tp) * mesh.cp * mesh.dp * mesh.pp;
  if (product != static_cast<long long>(gpus_.size()))
    throw std::invalid_argument("tp x cp x dp x pp = " + std::to_string(mesh.tp) + " x " + std::to_string(mesh.cp) +
                                " x " + std::to_string(mesh.dp) + " x " + std::to_string(mesh.pp) + " = " +
                                std::to_string(product) + " must equal the job's " + std::to_string(gpus_.size()) +
                                " GPUs");
  if (mesh.dp % mesh.ep != 0)
    throw std::invalid_argument("ep = " + std::to_string(mesh.ep) + " must divide dp = " + std::to_string(mesh.dp) +
                                " (expert parallelism splits the data-parallel ranks)");
  const int per = mesh.tp * mesh.cp * mesh.dp;
  for (int st = 0; st < mesh.pp; ++st) {
    stages_.emplace_back(static_cast<std::size_t>(per));
    for (int i = 0; i < per; ++i) stages_.back()[static_cast<std::size_t>(i)] = st * per + i;
  }
}

Coord Layout::coord(int r) const { return coord_in(mesh_, r); }

int Layout::degree(Dim d) const { return degree_in(mesh_, d); }

int Layout::position(const Coord& c) const { return position_in(mesh_, c); }

std::vector<int> Layout::group(Dim d, int r) const { return group_in(mesh_, d, r); }

std::vector<std::vector<int>> Layout::groups(Dim d) const {
  std::vector<std::vector<int>> out;
  std::vector<char> seen(gpus_.size(), 0);
  for (int r = 0; r < size(); ++r) {
    if (seen[static_cast<std::size_t>(r)]) continue;
    out.push_back(group(d, r));
    for (int x : out.back()) seen[static_cast<std::size_t>(x)] = 1;
  }
  return out;
}

std::vector<int> Layout::group_gpus(Dim d, int r) const {
  std::vector<int> g = group(d, r);
  for (int& x : g) x = gpu(x);
  return g;
}

bool Layout::within_node(Dim d) const {
  for (const auto& g : groups(d)) {
    const int n0 = node_of(g.front());
    for (int x : g)
      if (node_of(x) != n0) return false;
  }
  return true;
}

}  // namespace simtrain::train
