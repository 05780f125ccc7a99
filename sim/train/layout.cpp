#include "train/layout.hpp"

#include <algorithm>

namespace simtrain::train {

const char* dim_name(Dim d) { return kDimLabels.c_str(d); }

Layout::Layout(const Mesh& mesh, std::vector<int> gpus, int gpus_per_node)
    : mesh_(mesh), gpus_(std::move(gpus)), gpus_per_node_(std::max(1, gpus_per_node)) {
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

Coord Layout::coord(int r) const {
  Coord c;
  c.tp = r % mesh_.tp;
  c.cp = (r / mesh_.tp) % mesh_.cp;
  c.dp = (r / (mesh_.tp * mesh_.cp)) % mesh_.dp;
  c.pp = r / (mesh_.tp * mesh_.cp * mesh_.dp);
  c.ep = c.dp % mesh_.ep;
  c.edp = c.dp / mesh_.ep;
  return c;
}

int Layout::degree(Dim d) const {
  switch (d) {
    case Dim::tp: return mesh_.tp;
    case Dim::cp: return mesh_.cp;
    case Dim::dp: return mesh_.dp;
    case Dim::pp: return mesh_.pp;
    case Dim::ep: return mesh_.ep;
    case Dim::edp: return mesh_.cp * mesh_.dp / mesh_.ep;
    case Dim::dp_cp: return mesh_.dp * mesh_.cp;
  }
  return 1;
}

int Layout::position(const Coord& c) const {
  return c.tp + mesh_.tp * (c.cp + mesh_.cp * (c.dp + mesh_.dp * c.pp));
}

std::vector<int> Layout::group(Dim d, int r) const {
  const Coord base = coord(r);
  std::vector<int> out;
  const int n = degree(d);
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    Coord c = base;
    switch (d) {
      case Dim::tp: c.tp = i; break;
      case Dim::cp: c.cp = i; break;
      case Dim::dp: c.dp = i; break;
      case Dim::pp: c.pp = i; break;
      case Dim::ep: c.dp = base.edp * mesh_.ep + i; break;
      case Dim::edp:  // every cp coordinate, then the dp ranks of this ep index
        c.cp = i % mesh_.cp;
        c.dp = (i / mesh_.cp) * mesh_.ep + base.ep;
        break;
      case Dim::dp_cp:
        c.cp = i % mesh_.cp;
        c.dp = i / mesh_.cp;
        break;
    }
    out.push_back(position(c));
  }
  return out;
}

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
