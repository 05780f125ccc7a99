// Fabrics that join nodes' NICs.
//
//   single_switch   every NIC on one switch (an idealised non-blocking switch of any size).
//   fat_tree        two-level leaf-spine: a leaf of P ports gives d = floor(P * o / (o + 1))
//                   ports to NICs and P - d to spines (o = oversubscription, 1 = full
//                   bisection); whole nodes fill leaves in order; every leaf reaches every
//                   spine with an equal share of its uplinks (bonded links).
//   rail_optimized  NIC r of every node goes to a leaf of rail r (d nodes per rail leaf), so
//                   same-rail traffic crosses one switch; rails meet at the spines.
// Spines are modelled as director-class switches: only the leaf radix and the
// oversubscription shape the tree. There is one spine per leaf uplink, so every leaf reaches
// every spine over one link, and routes between leaves spread over the spines by a static
// ECMP hash of (source, destination): hash collisions cost bandwidth, as on a real fabric
// without adaptive routing (`routing: static`, the default). With `routing: adaptive` the
// graph and these routes are the same; collectives spread each flow over every spine
// (sim/coll), as adaptive routing does.
#include <algorithm>

#include "topo/cluster.hpp"

namespace simtrain::topo {

void build_fabric(Cluster& cluster, const FabricSpec& spec, const Field* where) {
  const Catalog& cat = cluster.catalog();
  const int nodes = cluster.nodes();
  const int rails = cluster.nics_per_node();
  auto it = cat.link_kinds().find(spec.link);
  const LinkKind& trunk = it->second;
  const SwitchModel& sw = cat.switches().at(spec.switch_model);

  auto make_switch = [&](const std::string& name) {
    Device d;
    d.name = name;
    d.type = DeviceType::switch_;
    d.model = sw.key;
    d.switch_class = SwitchClass::network;
    d.node = -1;
    d.latency_ps = sw.latency_ps;
    return cluster.add_device(d);
  };
  // The NIC's port, or the fabric's kind where the fabric says how an Ethernet NIC runs
  // (nic_link_on; the system loader has refused NICs that cannot run on it).
  auto nic_port = [&](Vertex nic) -> const LinkKind& {
    const LinkKind& port = cat.link_kinds().at(cat.nics().at(cluster.device(nic).model).port);
    const LinkKind* on = nic_link_on(port, trunk);
    return on ? *on : port;
  };

  // Network filesystems hang off the top tier: the single switch, the only leaf, or a storage
  // leaf joined to every spine (storage racks have their own leaves on real fabrics).
  auto attach_storage = [&](const std::vector<Vertex>& top, bool own_leaf) {
    if (spec.storage.empty()) return;
    Vertex at = top.front();
    if (own_leaf) {
      at = make_switch("storage_leaf");
      for (Vertex s : top) cluster.add_link(at, s, trunk, 1);
    }
    for (const FabricStorage& fs : spec.storage) {
      Device d;
      d.name = fs.name;
      d.type = DeviceType::storage;
      d.model = fs.model;
      d.node = -1;
      Vertex v = cluster.add_device(d);
      cluster.add_link(v, at, cat.link_kinds().at(fs.link), fs.count);
    }
  };
  if (spec.topology == "single_switch") {
    Vertex s = make_switch("switch0");
    for (Vertex nic : cluster.nics()) cluster.add_link(nic, s, nic_port(nic), 1);
    attach_storage({s}, false);
    return;
  }

  const double o = spec.oversubscription;
  const int ports = sw.ports;
  int down = static_cast<int>(ports * o / (o + 1.0));
  down = std::clamp(down, 1, ports - 1);
  const int up = ports - down;

  std::vector<Vertex> leaves;
  if (spec.topology == "fat_tree") {
    // Whole nodes per leaf where a node's NICs fit (as clusters are cabled), else NICs fill
    // leaves in order.
    const int total = nodes * rails;
    const int per_leaf = rails <= down ? (down / rails) * rails : down;
    const int nleaves = (total + per_leaf - 1) / per_leaf;
    for (int l = 0; l < nleaves; ++l) leaves.push_back(make_switch("leaf" + std::to_string(l)));
    for (int i = 0; i < total; ++i) {
      Vertex nic = cluster.nics()[static_cast<std::size_t>(i)];
      cluster.add_link(nic, leaves[static_cast<std::size_t>(i / per_leaf)], nic_port(nic), 1);
    }
  } else {  // rail_optimized
    const int groups = (nodes + down - 1) / down;
    for (int r = 0; r < rails; ++r)
      for (int g = 0; g < groups; ++g)
        leaves.push_back(make_switch("rail" + std::to_string(r) + "_leaf" + std::to_string(g)));
    for (int k = 0; k < nodes; ++k)
      for (int r = 0; r < rails; ++r) {
        Vertex nic = cluster.nic(k, r);
        cluster.add_link(nic, leaves[static_cast<std::size_t>(r * groups + k / down)], nic_port(nic), 1);
      }
  }
  if (leaves.size() <= 1) {
    attach_storage(leaves, false);
    return;
  }
  const int spines = up;
  std::vector<Vertex> spine_v;
  for (int s = 0; s < spines; ++s) spine_v.push_back(make_switch("spine" + std::to_string(s)));
  for (Vertex leaf : leaves) {
    for (int s = 0; s < spines; ++s) {
      int count = up / spines + (s < up % spines ? 1 : 0);
      cluster.add_link(leaf, spine_v[static_cast<std::size_t>(s)], trunk, count);
    }
  }
  attach_storage(spine_v, true);
  (void)where;
}

}  // namespace simtrain::topo
