#include "topo/cluster.hpp"

#include <algorithm>
#include <deque>
#include <functional>
#include <limits>
#include <stdexcept>

namespace simtrain::topo {

std::string local_name(const std::string& device_name) {
  const auto p = device_name.find('/');
  return p == std::string::npos ? device_name : device_name.substr(p + 1);
}
namespace {

// splitmix64: a fixed, portable hash so ECMP choices are the same on every machine.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

const char* device_type_name(DeviceType t) { return kDeviceTypeNames.c_str(t); }

Cluster::Cluster(std::shared_ptr<const Catalog> catalog, std::string name, std::string source)
    : catalog_(std::move(catalog)), name_(std::move(name)), source_(std::move(source)) {}

Vertex Cluster::add_device(Device d) {
  Vertex v = boost::add_vertex(d, g_);
  if (d.type == DeviceType::gpu) gpus_.push_back(v);
  if (d.type == DeviceType::nic) nics_.push_back(v);
  cpu_ordinal_.push_back(-1);
  if (d.type == DeviceType::cpu) {
    const CpuModel& m = catalog_->cpus().at(d.model);
    Link l;
    l.kind = "cpu_transit";
    l.cls = LinkClass::cpu;
    l.count = 1;
    l.peak_bytes_per_s = l.capacity_bytes_per_s = m.p2p_bandwidth_bytes_per_s;
    l.latency_ps = 0;  // the CPU vertex's own latency is the traversal cost
    l.index = cpus_.size();
    l.a = v;
    cpu_ordinal_[v] = static_cast<int>(cpus_.size());
    cpus_.push_back(v);
    transits_.push_back(l);
  }
  // Transit ids and cached routes depend on the final graph.
  clear_route_caches();
  return v;
}

void Cluster::add_link(Vertex a, Vertex b, const LinkKind& kind, int count) {
  Link l;
  l.kind = kind.key;
  l.cls = kind.cls;
  l.count = count;
  l.peak_bytes_per_s = kind.bandwidth_bytes_per_s * count;
  l.capacity_bytes_per_s = l.peak_bytes_per_s * kind.efficiency;
  l.latency_ps = kind.latency_ps;
  l.index = edges_.size();
  l.a = a;
  auto [e, ok] = boost::add_edge(a, b, l, g_);
  (void)ok;
  edges_.push_back(e);
  // Transit ids (2*E + ordinal) move with E: drop routes computed on the smaller graph.
  clear_route_caches();
}

int Cluster::set_kind_efficiency(const std::string& kind, double efficiency) {
  int changed = 0;
  for (const auto& e : edges_) {
    Link& l = g_[e];
    if (l.kind != kind) continue;
    l.capacity_bytes_per_s = l.peak_bytes_per_s * efficiency;
    ++changed;
  }
  if (changed > 0) clear_route_caches();
  return changed;
}

void Cluster::clear_route_caches() {
  cache_.clear();
  nearest_nic_.clear();
  fabric_index_.clear();
  fabric_switches_.clear();
  fabric_twin_.clear();
  fabric_tables_.clear();
}

void Cluster::finish_node_template(int nodes) {
  nodes_ = nodes;
  verts_per_node_ = boost::num_vertices(g_) / static_cast<std::size_t>(nodes);
  edges_per_node_ = edges_.size() / static_cast<std::size_t>(nodes);
  cpus_per_node_ = cpus_.size() / static_cast<std::size_t>(nodes);
}

void Cluster::set_box(BoxSpec box) {
  const int gpn = gpus_per_node();
  if (box.gpus < 1 || gpn % box.gpus != 0)
    throw std::invalid_argument("a box of " + std::to_string(box.gpus) + " GPUs does not divide the node's " +
                                std::to_string(gpn) + " GPUs");
  const int boxes = gpn / box.gpus;
  const auto cpn = static_cast<int>(cpus_per_node_);
  if (cpn % boxes != 0)
    throw std::invalid_argument("the node's " + std::to_string(cpn) + " CPUs do not divide among its " +
                                std::to_string(boxes) + " boxes (every box holds the same CPUs, listed box by box)");
  box_ = std::move(box);
  clear_route_caches();  // GPUs forward between boxes (compute_route)
}

int Cluster::box_of_cpu(Vertex cpu) const {
  const int per_box = static_cast<int>(cpus_per_node_) / boxes_per_node();
  return per_box > 0 ? g_[cpu].local / per_box : 0;
}

int Cluster::cores_per_box() const {
  int cores = 0;
  for (Vertex v : cpus_)
    if (g_[v].node == 0 && box_of_cpu(v) == 0) cores += catalog_->cpus().at(g_[v].model).cores;
  return cores;
}

const GpuModel& Cluster::gpu_model(int global) const {
  return catalog_->gpus().at(g_[gpus_[global]].model);
}

std::vector<double> Cluster::link_capacities() const {
  std::vector<double> caps(directed_link_count());
  for (std::size_t i = 0; i < edges_.size(); ++i) {
    caps[2 * i] = caps[2 * i + 1] = g_[edges_[i]].capacity_bytes_per_s;
  }
  for (std::size_t i = 0; i < transits_.size(); ++i)
    caps[2 * edges_.size() + i] = transits_[i].capacity_bytes_per_s;
  return caps;
}

const Link& Cluster::link(net::LinkId id) const {
  if (is_transit(id)) return transits_.at(id - 2 * edges_.size());
  return g_[edges_[id / 2]];
}

net::LinkId Cluster::transit_link(Vertex cpu) const {
  const int i = cpu_ordinal_.at(cpu);
  if (i < 0) throw std::invalid_argument("transit_link: " + g_[cpu].name + " is not a CPU");
  return static_cast<net::LinkId>(2 * edges_.size() + static_cast<std::size_t>(i));
}

std::pair<Vertex, Vertex> Cluster::endpoints(net::LinkId id) const {
  const Link& l = link(id);
  if (is_transit(id)) return {l.a, l.a};
  const Vertex a = l.a;
  const Vertex s = boost::source(edges_[id / 2], g_), t = boost::target(edges_[id / 2], g_);
  const Vertex other = s == a ? t : s;
  return id % 2 == 0 ? std::make_pair(a, other) : std::make_pair(other, a);
}

Vertex Cluster::link_from(net::LinkId id) const { return endpoints(id).first; }
Vertex Cluster::link_to(net::LinkId id) const { return endpoints(id).second; }

std::string Cluster::link_name(net::LinkId id) const {
  if (is_transit(id)) return g_[link(id).a].name + " (root complex transit)";
  const Link& l = link(id);
  std::string kind = l.kind;
  if (l.count > 1) kind += " x" + std::to_string(l.count);
  return g_[link_from(id)].name + " -> " + g_[link_to(id)].name + " (" + kind + ")";
}

net::LinkId Cluster::directed(const Graph::edge_descriptor& e, Vertex from) const {
  const Link& l = g_[e];
  return static_cast<net::LinkId>(2 * l.index + (l.a == from ? 0 : 1));
}

// BFS from the destination over vertices that may forward traffic, then a widest-path pass
// over the shortest-path DAG, then a walk from the source breaking remaining ties by hash.
// The walk adds a CPU's transit link after the edge that enters it when the CPU is passed
// through (not an endpoint). The widest pass ignores transit capacity (every path through a
// CPU pays the same), but the route's bottleneck includes it.
Route Cluster::compute_route(Vertex src, Vertex dst, bool node_local, bool fabric_only) const {
  const std::size_t n = boost::num_vertices(g_);
  const int node = g_[src].node;
  // A GPU forwards only between the boxes of a node (has_boxes): a box's NICs and CPUs are
  // reached from another box only over NVLink to a GPU of that box, as NCCL's PXN sends (since
  // 2.12: NVLink to the GPU beside the NIC, which the NIC reads by GPUDirect RDMA).
  const bool pxn = has_boxes();
  auto allowed = [&](Vertex v) {
    if (v == src || v == dst) return true;
    const Device& d = g_[v];
    if (d.type == DeviceType::storage || (d.type == DeviceType::gpu && !pxn)) return false;
    if (node_local && d.node != node) return false;
    if (fabric_only && !(d.node == -1)) return false;
    return true;
  };
  std::vector<int> dist(n, -1);
  std::vector<Vertex> order;
  std::deque<Vertex> q;
  dist[dst] = 0;
  q.push_back(dst);
  while (!q.empty()) {
    Vertex v = q.front();
    q.pop_front();
    order.push_back(v);
    if (v == src) break;
    if (v != dst && !allowed(v)) continue;
    for (auto [e, end] = boost::out_edges(v, g_); e != end; ++e) {
      Vertex u = boost::target(*e, g_);
      if (dist[u] >= 0 || !allowed(u)) continue;
      // A vertex that cannot forward is only useful as the source.
      dist[u] = dist[v] + 1;
      q.push_back(u);
    }
  }
  if (dist[src] < 0) return Route{};
  // Widest bottleneck from each vertex to dst along shortest paths.
  std::vector<double> widest(n, -1.0);
  widest[dst] = std::numeric_limits<double>::infinity();
  for (Vertex v : order) {
    if (v == dst) continue;
    double best = -1;
    for (auto [e, end] = boost::out_edges(v, g_); e != end; ++e) {
      Vertex u = boost::target(*e, g_);
      if (dist[u] != dist[v] - 1 || widest[u] < 0) continue;
      best = std::max(best, std::min(g_[*e].capacity_bytes_per_s, widest[u]));
    }
    widest[v] = best;
  }
  Route r;
  r.bottleneck_bytes_per_s = widest[src];
  std::uint64_t h = mix((static_cast<std::uint64_t>(src) << 32) ^ dst);
  Vertex v = src;
  while (v != dst) {
    std::vector<Graph::edge_descriptor> best;
    for (auto [e, end] = boost::out_edges(v, g_); e != end; ++e) {
      Vertex u = boost::target(*e, g_);
      if (dist[u] != dist[v] - 1 || widest[u] < 0) continue;
      if (std::min(g_[*e].capacity_bytes_per_s, widest[u]) >= widest[v]) best.push_back(*e);
    }
    std::sort(best.begin(), best.end(), [&](const auto& a, const auto& b) {
      return g_[a].index < g_[b].index;
    });
    // Equal paths: toward a NIC, pick by the destination's NIC ordinal modulo the choices
    // (destination-mod-k, as InfiniBand's fat-tree routing engines assign spines), so a
    // shift pattern such as a ring spreads over the spines without collisions; otherwise a
    // fixed hash of (source, destination).
    std::size_t pick = 0;
    if (best.size() > 1) {
      if (g_[dst].type == DeviceType::nic && g_[dst].node >= 0)
        pick = static_cast<std::size_t>(g_[dst].node * nics_per_node() + g_[dst].local) % best.size();
      else
        pick = (h = mix(h)) % best.size();
    }
    const auto& e = best[pick];
    Vertex u = boost::target(e, g_);
    r.links.push_back(directed(e, v));
    r.latency_ps += g_[e].latency_ps;
    if (u != dst) {
      r.latency_ps += g_[u].latency_ps;
      if (g_[u].type == DeviceType::cpu) {
        const net::LinkId t = transit_link(u);
        r.links.push_back(t);
        ++r.transits;
        r.bottleneck_bytes_per_s = std::min(r.bottleneck_bytes_per_s, link(t).capacity_bytes_per_s);
      }
    }
    v = u;
  }
  return r;
}

// Node 0's route moved to node `node`: edge links by that many nodes' edges, transit links
// (ids 2*E + ordinal, node-major) by that many nodes' CPUs.
Route Cluster::shift_route(const Route& r, int node) const {
  Route out = r;
  const auto k = static_cast<std::size_t>(node);
  const auto edge_shift = static_cast<net::LinkId>(2 * edges_per_node_ * k);
  const auto transit_shift = static_cast<net::LinkId>(cpus_per_node_ * k);
  for (auto& l : out.links) l += is_transit(l) ? transit_shift : edge_shift;
  return out;
}

// The search's BFS from a NIC behind `leaf` reaches `leaf` at distance 1 and then only fabric
// switches (NICs and node vertices may not forward under fabric_only, storage never), so its
// distances and widest bottlenecks at the switches are this BFS over the switches alone,
// seeded with leaf = (1, capacity of the NIC's link). The search stops once it pops the
// source; every switch nearer than the source is popped by then, so the values the walk reads
// are the same. `leaf` here is a twin class's representative (fabric_twins()).
const Cluster::FabricTable& Cluster::fabric_table(Vertex leaf, double last_bytes_per_s) const {
  const auto key = std::make_pair(leaf, last_bytes_per_s);
  if (auto it = fabric_tables_.find(key); it != fabric_tables_.end()) return it->second;
  const std::size_t m = fabric_switches_.size();
  FabricTable t;
  t.dist.assign(m, -1);
  t.widest.assign(m, -1.0);
  std::vector<int> order;
  order.reserve(m);
  const int l0 = fabric_index_[leaf];
  t.dist[static_cast<std::size_t>(l0)] = 1;
  t.widest[static_cast<std::size_t>(l0)] = last_bytes_per_s;
  order.push_back(l0);
  for (std::size_t head = 0; head < order.size(); ++head) {
    const Vertex v = fabric_switches_[static_cast<std::size_t>(order[head])];
    const int dv = t.dist[static_cast<std::size_t>(order[head])];
    for (auto [e, end] = boost::out_edges(v, g_); e != end; ++e) {
      const int u = fabric_index_[boost::target(*e, g_)];
      if (u < 0 || t.dist[static_cast<std::size_t>(u)] >= 0) continue;
      t.dist[static_cast<std::size_t>(u)] = dv + 1;
      order.push_back(u);
    }
  }
  for (std::size_t i = 1; i < order.size(); ++i) {
    const auto vi = static_cast<std::size_t>(order[i]);
    const Vertex v = fabric_switches_[vi];
    double best = -1;
    for (auto [e, end] = boost::out_edges(v, g_); e != end; ++e) {
      const int u = fabric_index_[boost::target(*e, g_)];
      if (u < 0) continue;
      const auto ui = static_cast<std::size_t>(u);
      if (t.dist[ui] != t.dist[vi] - 1 || t.widest[ui] < 0) continue;
      best = std::max(best, std::min(g_[*e].capacity_bytes_per_s, t.widest[ui]));
    }
    t.widest[vi] = best;
  }
  return fabric_tables_.emplace(key, std::move(t)).first->second;
}

// Fabric switches, and for each its twin class: switches whose fabric-switch neighbours, with
// the capacities of the links to them, are the same set (every leaf of a leaf-spine fabric
// that reaches every spine alike). Swapping two such twins maps the fabric's switch graph
// onto itself, so the table toward a leaf is its class representative's table with the two
// swapped: one table per class instead of one per leaf (each table costs the whole fabric,
// so per leaf they grew as N^2).
void Cluster::index_fabric() const {
  if (!fabric_index_.empty()) return;
  fabric_index_.assign(boost::num_vertices(g_), -1);
  for (Vertex v = 0; v < boost::num_vertices(g_); ++v)
    if (g_[v].node == -1 && g_[v].type == DeviceType::switch_) {
      fabric_index_[v] = static_cast<int>(fabric_switches_.size());
      fabric_switches_.push_back(v);
    }
  std::map<std::vector<std::pair<int, double>>, int> classes;
  fabric_twin_.resize(fabric_switches_.size());
  for (std::size_t i = 0; i < fabric_switches_.size(); ++i) {
    std::vector<std::pair<int, double>> sig;
    for (auto [e, end] = boost::out_edges(fabric_switches_[i], g_); e != end; ++e) {
      const int u = fabric_index_[boost::target(*e, g_)];
      if (u >= 0) sig.emplace_back(u, g_[*e].capacity_bytes_per_s);
    }
    std::sort(sig.begin(), sig.end());
    sig.erase(std::unique(sig.begin(), sig.end()), sig.end());
    fabric_twin_[i] = classes.emplace(std::move(sig), static_cast<int>(i)).first->second;
  }
}

// The walk's choices at v (distance dv, widest wv toward dst): the links to a neighbour one
// hop nearer whose bottleneck keeps wv, in edge order. Only dst is at distance 0 and only the
// leaf at 1, so there the links are found from whichever end has fewer (a spine's own list
// grows with the leaves, a single switch's with the NICs).
void Cluster::fabric_choices(Vertex v, int dv, double wv, Vertex leaf, Vertex dst,
                             const std::function<int(Vertex)>& dist_of,
                             const std::function<double(Vertex)>& widest_of,
                             std::vector<Graph::edge_descriptor>& best) const {
  best.clear();
  const Vertex near = dv == 1 ? dst : dv == 2 ? leaf : v;
  if (near != v && boost::out_degree(near, g_) < boost::out_degree(v, g_)) {
    const double w = widest_of(near);
    if (w >= 0)
      for (auto [e, end] = boost::out_edges(near, g_); e != end; ++e)
        if (boost::target(*e, g_) == v && std::min(g_[*e].capacity_bytes_per_s, w) >= wv) best.push_back(*e);
  } else {
    for (auto [e, end] = boost::out_edges(v, g_); e != end; ++e) {
      const Vertex u = boost::target(*e, g_);
      if (dist_of(u) != dv - 1 || widest_of(u) < 0) continue;
      if (std::min(g_[*e].capacity_bytes_per_s, widest_of(u)) >= wv) best.push_back(*e);
    }
  }
  std::sort(best.begin(), best.end(), [&](const auto& a, const auto& b) { return g_[a].index < g_[b].index; });
}

std::optional<Route> Cluster::fabric_route(Vertex src, Vertex dst) const {
  index_fabric();
  // The destination hangs off exactly one fabric switch (parallel links to it: the widest
  // counts); the source is not linked to it directly.
  Vertex leaf = src;
  double last = -1;
  for (auto [e, end] = boost::out_edges(dst, g_); e != end; ++e) {
    const Vertex u = boost::target(*e, g_);
    if (u == src) return std::nullopt;
    if (fabric_index_[u] < 0) continue;
    if (leaf != src && leaf != u) return std::nullopt;
    leaf = u;
    last = std::max(last, g_[*e].capacity_bytes_per_s);
  }
  if (leaf == src) return Route{};  // the NIC is on no fabric switch: no route
  // The representative's table, read through the swap of leaf and representative.
  const int li = fabric_index_[leaf];
  const int ri = fabric_twin_[static_cast<std::size_t>(li)];
  const FabricTable& t = fabric_table(fabric_switches_[static_cast<std::size_t>(ri)], last);
  auto slot = [&](Vertex u) {
    const int i = fabric_index_[u];
    return static_cast<std::size_t>(i == li ? ri : i == ri ? li : i);
  };
  const std::function<int(Vertex)> dist_of = [&](Vertex u) {
    return u == dst ? 0 : fabric_index_[u] < 0 ? -1 : t.dist[slot(u)];
  };
  const std::function<double(Vertex)> widest_of = [&](Vertex u) {
    return u == dst ? std::numeric_limits<double>::infinity() : fabric_index_[u] < 0 ? -1.0 : t.widest[slot(u)];
  };
  // The source: one hop more than its nearest fabric switch, its widest over those.
  int dsrc = -1;
  for (auto [e, end] = boost::out_edges(src, g_); e != end; ++e) {
    const int d = dist_of(boost::target(*e, g_));
    if (d > 0 && (dsrc < 0 || d + 1 < dsrc)) dsrc = d + 1;
  }
  if (dsrc < 0) return Route{};
  double wsrc = -1;
  for (auto [e, end] = boost::out_edges(src, g_); e != end; ++e) {
    const Vertex u = boost::target(*e, g_);
    if (dist_of(u) != dsrc - 1 || widest_of(u) < 0) continue;
    wsrc = std::max(wsrc, std::min(g_[*e].capacity_bytes_per_s, widest_of(u)));
  }
  // The search's walk, its tie-break toward a NIC: destination-mod-k in edge order.
  const std::size_t ordinal = static_cast<std::size_t>(g_[dst].node * nics_per_node() + g_[dst].local);
  Route r;
  r.bottleneck_bytes_per_s = wsrc;
  Vertex v = src;
  int dv = dsrc;
  double wv = wsrc;
  std::vector<Graph::edge_descriptor> best;
  while (v != dst) {
    fabric_choices(v, dv, wv, leaf, dst, dist_of, widest_of, best);
    const auto& e = best[best.size() > 1 ? ordinal % best.size() : 0];
    const Vertex u = boost::source(e, g_) == v ? boost::target(e, g_) : boost::source(e, g_);
    r.links.push_back(directed(e, v));
    r.latency_ps += g_[e].latency_ps;
    if (u != dst) r.latency_ps += g_[u].latency_ps;  // fabric switches: never a CPU's transit
    v = u;
    dv = dist_of(u);
    wv = widest_of(u);
  }
  return r;
}

Route Cluster::search_route(Vertex src, Vertex dst) const {
  const Device& s = g_[src];
  const Device& d = g_[dst];
  if (src == dst) {
    Route r;
    r.bottleneck_bytes_per_s = std::numeric_limits<double>::infinity();
    return r;
  }
  if (s.node >= 0 && s.node == d.node) return compute_route(src, dst, true, false);
  if (s.type == DeviceType::nic && d.type == DeviceType::nic) return compute_route(src, dst, false, true);
  if (s.node >= 0 && d.node >= 0) {
    const int sn = s.type == DeviceType::nic ? s.local : nearest_nic(src);
    const int dn = d.type == DeviceType::nic ? d.local : nearest_nic(dst);
    if (sn < 0 || dn < 0) return Route{};
    const Vertex na = nic(s.node, sn), nb = nic(d.node, dn);
    Route a = search_route(src, na), b = search_route(na, nb), c = search_route(nb, dst);
    if ((src != na && a.links.empty()) || (na != nb && b.links.empty()) || (nb != dst && c.links.empty()))
      return Route{};
    Route out;
    out.bottleneck_bytes_per_s = std::numeric_limits<double>::infinity();
    for (const Route* p : {&a, &b, &c}) {
      out.links.insert(out.links.end(), p->links.begin(), p->links.end());
      out.transits += p->transits;
      out.latency_ps += p->latency_ps;
      out.bottleneck_bytes_per_s = std::min(out.bottleneck_bytes_per_s, p->bottleneck_bytes_per_s);
    }
    return out;
  }
  return compute_route(src, dst, false, false);
}

const Route& Cluster::route(Vertex src, Vertex dst) const {
  const std::uint64_t key = (static_cast<std::uint64_t>(src) << 32) | dst;
  if (auto it = cache_.find(key); it != cache_.end()) return it->second;
  const Device& s = g_[src];
  const Device& d = g_[dst];
  Route r;
  if (src == dst) {
    r.bottleneck_bytes_per_s = std::numeric_limits<double>::infinity();
  } else if (s.node >= 0 && s.node == d.node) {
    if (s.node == 0) {
      r = compute_route(src, dst, true, false);
    } else {
      // Same shape as node 0: compute there (cached) and shift.
      const auto off = verts_per_node_ * static_cast<std::size_t>(s.node);
      r = shift_route(route(src - off, dst - off), s.node);
    }
  } else if (s.type == DeviceType::nic && d.type == DeviceType::nic) {
    // Across the fabric only (fabric_only excludes node vertices; the endpoints are NICs):
    // from the destination leaf's table, or the search where the structure does not fit.
    std::optional<Route> fast = fabric_route(src, dst);
    r = fast ? std::move(*fast) : compute_route(src, dst, false, true);
  } else if (s.node >= 0 && d.node >= 0) {
    const int sn = s.type == DeviceType::nic ? s.local : nearest_nic(src);
    const int dn = d.type == DeviceType::nic ? d.local : nearest_nic(dst);
    if (sn >= 0 && dn >= 0) r = route_via(src, nic(s.node, sn), nic(d.node, dn), dst);
  } else {
    r = compute_route(src, dst, false, false);
  }
  return cache_.emplace(key, std::move(r)).first->second;
}

Route Cluster::route_via(Vertex src, Vertex src_nic, Vertex dst_nic, Vertex dst) const {
  Route out;
  out.bottleneck_bytes_per_s = std::numeric_limits<double>::infinity();
  auto append = [&](const Route& r) {
    out.links.insert(out.links.end(), r.links.begin(), r.links.end());
    out.transits += r.transits;
    out.latency_ps += r.latency_ps;
    out.bottleneck_bytes_per_s = std::min(out.bottleneck_bytes_per_s, r.bottleneck_bytes_per_s);
  };
  const Route& a = route(src, src_nic);
  const Route& b = route(src_nic, dst_nic);
  const Route& c = route(dst_nic, dst);
  if ((src != src_nic && a.links.empty()) || (src_nic != dst_nic && b.links.empty()) ||
      (dst_nic != dst && c.links.empty()))
    return Route{};
  append(a);
  append(b);
  append(c);
  // Switch latencies at the NICs' far ends are already in the parts; the NICs themselves
  // add nothing beyond their links.
  return out;
}

int Cluster::nearest_nic(Vertex gpu_vertex) const {
  const Device& d = g_[gpu_vertex];
  if (nics_per_node() == 0) return -1;
  const std::size_t local_v = gpu_vertex - verts_per_node_ * static_cast<std::size_t>(d.node);
  if (nearest_nic_.empty()) nearest_nic_.assign(verts_per_node_, -2);
  int& slot = nearest_nic_[local_v];
  if (slot != -2) return slot;
  int best = -1;
  int best_hops = std::numeric_limits<int>::max();
  double best_bw = -1;
  for (int i = 0; i < nics_per_node(); ++i) {
    const Route& r = route(static_cast<Vertex>(local_v), nic(0, i));
    if (r.links.empty()) continue;
    if (r.hops() < best_hops || (r.hops() == best_hops && r.bottleneck_bytes_per_s > best_bw)) {
      best = i;
      best_hops = r.hops();
      best_bw = r.bottleneck_bytes_per_s;
    }
  }
  slot = best;
  return best;
}

std::vector<Vertex> Cluster::storage_devices() const {
  std::vector<Vertex> out;
  for (Vertex v = 0; v < boost::num_vertices(g_); ++v)
    if (g_[v].type == DeviceType::storage) out.push_back(v);
  return out;
}

Vertex Cluster::nearest_cpu(Vertex v) const {
  const int node = g_[v].node;
  Vertex best = v;
  int best_hops = std::numeric_limits<int>::max();
  for (Vertex c : cpus_) {
    if (g_[c].node != node) continue;
    const Route& r = route(v, c);
    if (r.links.empty() && v != c) continue;
    if (r.hops() < best_hops) {
      best = c;
      best_hops = r.hops();
    }
  }
  return best;
}

}  // namespace simtrain::topo
