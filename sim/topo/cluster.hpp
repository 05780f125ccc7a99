// The cluster graph: devices and full-duplex links, on Boost.Graph.
//
// Vertices are devices (GPU, CPU socket / root complex, PCIe switch, NVSwitch, NIC, network
// switch, storage); edges are links of a kind from the catalog, `count` of them bonded.
// Every edge is two directed network links (net::LinkId 2i for a->b, 2i+1 for b->a), each
// with capacity count x bandwidth x efficiency, so traffic in one direction never slows the
// other. Nodes of one type are instantiated identically (node k's vertices and edges are
// node 0's shifted by k times the per-node counts), then a fabric joins their NICs.
//
// CPU root-complex transit: each CPU vertex also owns one network link that is not a graph
// edge, its "transit" link, with capacity = the CPU model's p2p_bandwidth. Every route that
// passes THROUGH a CPU (enters it on one edge and leaves on another: GPU P2P between root
// ports or across sockets, NIC<->GPU through the CPU) also crosses that CPU's transit link;
// a route that starts or ends at the CPU does not. It is one capacity for both directions,
// so the sum of all forwarded traffic obeys
//     sum over flows through cpu c of rate  <=  p2p_bandwidth(c)
// while each PCIe edge still limits its own direction. Transit ids follow all the directed
// edge links: 2*E + i for the i-th CPU in node-major order (E = all edges, fabric included),
// so they are valid only once the graph is final; adding an edge clears the route caches.
//
// Routing: shortest path by hop count, then the widest bottleneck, then a
// deterministic ECMP hash of (source, destination) among paths still tied. Storage never
// forwards traffic, nor do GPUs, except in a node of several boxes (BoxSpec below): there a
// box's CPUs and NICs are reached from another box only over NVLink to one of its GPUs, which
// forwards (NCCL's PXN; being longer, such a path is never taken within a box). A route between nodes leaves through a NIC: the NIC nearest the
// source (by the same order), across the fabric, into the NIC nearest the destination;
// collectives that pin NICs (one per channel, as NCCL does) use route_via().
//
// Cost of routing at scale. A search over the whole graph is O(V) per pair, and a ring or
// tree over N nodes asks for O(N) NIC-to-NIC routes, so searching each one grows as N^2 (a
// 16k-GPU step spent most of its time there). Routes are therefore never searched per pair
// where structure gives them:
//   inside a node: node 0's route, shifted to node k (nodes are identical copies);
//   NIC to NIC across the fabric: the search's distances and widest bottlenecks toward a
//     destination NIC depend only on the fabric switch it hangs off (its leaf) and the
//     capacity of that last link, so they are computed per (leaf, capacity) over the
//     fabric's switches alone -- once per twin class of leaves (leaves with the same switch
//     neighbours and link capacities, as every leaf of a leaf-spine fabric: swapping two maps
//     the fabric onto itself, so one table serves the class, read through the swap), else
//     the tables alone would grow as N^2; each route is then only the walk from the source
//     NIC (its last two hops found from the side with fewer links), with
//     the same tie-breaks (edge order, destination-mod-k among equal spines). The routes are
//     identical to the search's (tests compare them on the shipped systems); a NIC with
//     other than one fabric link, or linked straight to another NIC, falls back to the search.
#pragma once

#include <boost/graph/adjacency_list.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/enum_names.hpp"
#include "base/time.hpp"
#include "net/flow_network.hpp"
#include "topo/catalog.hpp"

namespace simtrain {
struct ScenarioSpec;  // scenario/scenario.hpp
}

namespace simtrain::topo {

enum class DeviceType { gpu, cpu, switch_, nic, storage };
// As a system file writes it (devices.*.type).
inline constexpr auto kDeviceTypeNames = enum_names<DeviceType>({{DeviceType::gpu, "gpu"},
                                                                 {DeviceType::cpu, "cpu"},
                                                                 {DeviceType::switch_, "switch"},
                                                                 {DeviceType::nic, "nic"},
                                                                 {DeviceType::storage, "storage"}});
const char* device_type_name(DeviceType t);

struct Device {
  std::string name;   // "gpu3" on one node, "node2/gpu3" on several; fabric: "leaf0", "spine1"
  DeviceType type = DeviceType::switch_;
  std::string model;  // catalog key
  std::string label;  // NIC legend name (mlx5_0), optional
  SwitchClass switch_class = SwitchClass::pcie;
  int node = -1;      // -1 for fabric switches
  int local = -1;     // index among devices of its type within its node (GPU i, NIC i, CPU i)
  TimePs latency_ps = 0;  // traversal latency of a switch
};

struct Link {
  std::string kind;
  LinkClass cls = LinkClass::pcie;
  int count = 1;
  double peak_bytes_per_s = 0;  // per direction, all bonded links together
  double capacity_bytes_per_s = 0;  // peak x efficiency
  TimePs latency_ps = 0;
  std::size_t index = 0;        // edge index; directed ids 2*index (from a) and 2*index+1
                                // (a CPU transit link: the CPU's ordinal, id 2*E + index)
  std::size_t a = 0;            // the vertex the forward direction leaves (transit: the CPU)
};

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, Device, Link>;
using Vertex = Graph::vertex_descriptor;

struct Route {
  std::vector<net::LinkId> links;
  TimePs latency_ps = 0;
  double bottleneck_bytes_per_s = 0;
  int transits = 0;  // CPU transit links among `links` (not graph edges, not hops)
  int hops() const { return static_cast<int>(links.size()) - transits; }
};

// A storage system on the fabric (a network filesystem's servers): one vertex joined to the
// fabric's top switch tier by `count` links of kind `link`, so every node's reads share both
// its front-end ports and the device's own read bandwidth.
struct FabricStorage {
  std::string name, model, link;
  int count = 1;
};

struct FabricSpec {
  std::string topology;  // single_switch | fat_tree | rail_optimized
  std::string switch_model;
  std::string link;
  double oversubscription = 1;
  std::vector<FabricStorage> storage;
  // static: one spine per (source, destination) by the deterministic hash; adaptive: a flow
  // spreads evenly over every spine (collectives split it, sim/coll).
  std::string routing = "static";
};

// What one node costs beyond its GPUs (the system file's `node_overhead:` block): the power
// its CPUs, NICs, NVSwitches, fans and drives draw while it trains, and its purchase price
// without the GPUs (chassis, CPUs, memory, NICs, a share of the fabric). Each figure names its
// source; either may be missing (a system that gives none: the run says so).
struct NodeOverhead {
  std::optional<double> power_w;
  std::string power_source;
  std::optional<double> price_usd;
  std::string price_date, price_source;
};

// How a node's GPUs sit in boxes (the system file's `box:` key). A node is the simulator's unit
// of identical devices joined by the fabric, and the NVLink domain: NCCL (since 2.21, multi-node
// NVLink) fuses every GPU of an NVLink clique into one topology, so a GB200 NVL72 rack is one
// node of 72 GPUs. A box is the chassis that holds a host (its CPUs, DRAM, NICs, drives): the
// rack's 18 compute trays of 4 GPUs. GPU i of a node (file order) is in box i / gpus; CPU j in
// box j / (CPUs per node / boxes). Without the key a node is one box: every per-box figure is
// the node's.
//
// What is per box and what per node (docs/reference/systems.md says the same for users):
//   per box  host_memory (a host's DRAM: what a tray's data sheet gives; the node has boxes x),
//            the DataLoader's CPU cores and page cache (a host's own: they come from the boxes
//            the job's GPUs occupy), a node's local drives (each box lists its own devices);
//   per node node_overhead power and price (what the whole NVLink domain costs beyond its GPUs:
//            a rack's published figures), failure and preemption rates per node-hour (the unit
//            the scheduler drains), the fabric's NICs, TP groups (the NVLink domain).
struct BoxSpec {
  std::string name;  // "compute tray"; empty when the system file has no `box:` (one box per node)
  int gpus = 0;      // GPUs per box; 0 until the loader sets it (then the node's GPUs without the key)
};

// A device's name within its node: "node3/nvme0" -> "nvme0" (fabric devices have no node part).
std::string local_name(const std::string& device_name);

class Cluster {
 public:
  Cluster(std::shared_ptr<const Catalog> catalog, std::string name, std::string source);

  // --- construction (system_loader, fabric) ---
  Vertex add_device(Device d);
  void add_link(Vertex a, Vertex b, const LinkKind& kind, int count);
  void finish_node_template(int nodes);  // records per-node vertex/edge counts
  void set_fabric(FabricSpec spec) { fabric_ = std::move(spec); }
  // A calibrated efficiency for every link of catalog kind `kind` (a network calibration,
  // work/calibration.hpp): capacity = peak x efficiency. Returns the links changed; routes
  // (which break ties by bottleneck bandwidth) are recomputed on their next use.
  int set_kind_efficiency(const std::string& kind, double efficiency);

  // --- queries ---
  const Graph& graph() const { return g_; }
  const Catalog& catalog() const { return *catalog_; }
  const std::string& name() const { return name_; }
  const std::string& source() const { return source_; }
  // Host RAM of one box (the system file's `host_memory`; 0 when not given), and of the node
  // (boxes x that).
  double host_memory_per_box_bytes() const { return host_memory_bytes_; }
  double host_memory_bytes() const { return host_memory_bytes_ * boxes_per_node(); }
  void set_host_memory_per_box_bytes(double b) { host_memory_bytes_ = b; }
  // The boxes of a node (BoxSpec above). set_box checks that box.gpus divides the node's GPUs
  // and the boxes its CPUs (std::invalid_argument saying which does not); call it once the
  // node template is finished.
  void set_box(BoxSpec box);
  const BoxSpec& box() const { return box_; }
  bool has_boxes() const { return !box_.name.empty(); }
  // "compute tray", or "node" for a system without boxes.
  std::string box_name() const { return has_boxes() ? box_.name : std::string("node"); }
  int gpus_per_box() const { return box_.gpus > 0 ? box_.gpus : gpus_per_node(); }
  int boxes_per_node() const { return gpus_per_node() / std::max(1, gpus_per_box()); }
  int node_of_gpu(int global) const { return global / gpus_per_node(); }
  // The box (within its node) of a GPU by its global index, and of a CPU vertex.
  int box_of(int global_gpu) const { return (global_gpu % gpus_per_node()) / gpus_per_box(); }
  int box_of_cpu(Vertex cpu) const;
  // A job of `per_node` GPUs on each node takes the first per_node (whole boxes, then part of
  // one): its fullest box holds min(per_node, gpus per box) of them. Per-box resources (host
  // memory, the loader's cores) are judged on that box; `fullest_box_share` is how many such
  // boxes the node's ranks amount to (per_node / that), so a per-node sum of a per-box figure
  // x share holds exactly when the fullest box's does (1 on a system without boxes).
  int ranks_in_fullest_box(int per_node) const { return std::max(1, std::min(per_node, gpus_per_box())); }
  double fullest_box_share(int per_node) const { return static_cast<double>(per_node) / ranks_in_fullest_box(per_node); }
  // CPU cores of one box (the node's on a system without boxes).
  int cores_per_box() const;
  const NodeOverhead& node_overhead() const { return node_overhead_; }
  void set_node_overhead(NodeOverhead o) { node_overhead_ = std::move(o); }
  // Storage devices by name ("nvme0" on one node or every node's own; "nfs0" on the fabric).
  std::vector<Vertex> storage_devices() const;
  // The CPU socket nearest a device of a node (fewest hops, then lowest index).
  Vertex nearest_cpu(Vertex v) const;
  const FabricSpec& fabric() const { return fabric_; }
  int nodes() const { return nodes_; }
  int gpus_per_node() const { return static_cast<int>(gpus_.size()) / nodes_; }
  // The GPUs a job of `per_node` GPUs on every node takes (the first per_node of each node, in
  // node order), the ranks of `run`, `collective`, `replay` and validate's collective cases.
  // per_node must be 1..gpus_per_node() (callers check it against their own flag or key).
  std::vector<int> first_gpus_of_each_node(int per_node) const {
    std::vector<int> out;
    for (int k = 0; k < nodes(); ++k)
      for (int j = 0; j < per_node; ++j) out.push_back(k * gpus_per_node() + j);
    return out;
  }
  int nics_per_node() const { return static_cast<int>(nics_.size()) / nodes_; }
  int gpu_count() const { return static_cast<int>(gpus_.size()); }
  Vertex gpu(int global) const { return gpus_[global]; }
  Vertex gpu(int node, int local) const { return gpus_[node * gpus_per_node() + local]; }
  Vertex nic(int node, int local) const { return nics_[node * nics_per_node() + local]; }
  const std::vector<Vertex>& gpus() const { return gpus_; }
  const std::vector<Vertex>& nics() const { return nics_; }
  const Device& device(Vertex v) const { return g_[v]; }
  const GpuModel& gpu_model(int global) const;

  // 2 directed links per edge, then one transit link per CPU (valid once the graph is final).
  std::size_t directed_link_count() const { return 2 * edges_.size() + cpus_.size(); }
  std::vector<double> link_capacities() const;
  const Link& link(net::LinkId id) const;
  // (from, to) of a directed link; a CPU transit link starts and ends at its CPU.
  std::pair<Vertex, Vertex> endpoints(net::LinkId id) const;
  Vertex link_from(net::LinkId id) const;  // a transit link: its CPU (from and to)
  Vertex link_to(net::LinkId id) const;
  std::string link_name(net::LinkId id) const;  // "gpu0 -> plx0 (pcie4x16)", "cpu0 (root complex transit)"
  net::LinkId directed(const Graph::edge_descriptor& e, Vertex from) const;
  bool is_transit(net::LinkId id) const { return id >= 2 * edges_.size(); }
  net::LinkId transit_link(Vertex cpu) const;  // the CPU's transit link id

  // Routes are cached; the cache makes these non-const internally.
  const Route& route(Vertex src, Vertex dst) const;
  // The reference: the graph search over the whole cluster for this pair, uncached and
  // without the structural shortcuts route() takes (tests check route() against it).
  Route search_route(Vertex src, Vertex dst) const;
  Route route_via(Vertex src, Vertex src_nic, Vertex dst_nic, Vertex dst) const;
  // The NIC (local index) nearest to a GPU of its node: fewest hops, widest, lowest index.
  int nearest_nic(Vertex gpu_vertex) const;

 private:
  Route compute_route(Vertex src, Vertex dst, bool node_local, bool fabric_only) const;
  void clear_route_caches();
  Route shift_route(const Route& r, int node) const;
  // NIC -> NIC across the fabric from the per-leaf tables (see the header); nullopt where the
  // structure does not fit and the search must run.
  std::optional<Route> fabric_route(Vertex src, Vertex dst) const;
  // Distances (hops) and widest bottlenecks toward a NIC behind `leaf` whose link to it has
  // capacity `last_bytes_per_s`, for every fabric switch (by fabric_index_).
  struct FabricTable {
    std::vector<int> dist;
    std::vector<double> widest;
  };
  const FabricTable& fabric_table(Vertex leaf, double last_bytes_per_s) const;
  void index_fabric() const;  // fabric_index_, fabric_switches_, fabric_twin_
  void fabric_choices(Vertex v, int dv, double wv, Vertex leaf, Vertex dst,
                      const std::function<int(Vertex)>& dist_of, const std::function<double(Vertex)>& widest_of,
                      std::vector<Graph::edge_descriptor>& best) const;

  std::shared_ptr<const Catalog> catalog_;
  std::string name_, source_;
  double host_memory_bytes_ = 0;  // per box
  BoxSpec box_;
  NodeOverhead node_overhead_;
  Graph g_;
  std::vector<Graph::edge_descriptor> edges_;
  std::vector<Vertex> gpus_, nics_;
  std::vector<Link> transits_;     // one per CPU, node-major (add order); index = ordinal
  std::vector<Vertex> cpus_;       // same order
  std::vector<int> cpu_ordinal_;   // by vertex; -1 for non-CPU vertices
  FabricSpec fabric_;
  int nodes_ = 1;
  std::size_t verts_per_node_ = 0, edges_per_node_ = 0, cpus_per_node_ = 0;
  mutable std::unordered_map<std::uint64_t, Route> cache_;
  mutable std::vector<int> nearest_nic_;  // by local vertex index in node 0
  mutable std::vector<int> fabric_index_;  // by vertex: index among fabric switches, else -1
  mutable std::vector<Vertex> fabric_switches_;
  mutable std::vector<int> fabric_twin_;  // by fabric index: its twin class's representative
  mutable std::map<std::pair<Vertex, double>, FabricTable> fabric_tables_;
};

// Loads a system file (one node type), instantiates `nodes` copies (0 = 1) and joins them
// with the file's fabric. Unknown keys, unknown models, bad units and GPUs that no path
// connects are ScenarioErrors with file:line:col.
//
// The catalog: the base is `catalog_path` if given, else devices.yaml next to the system file,
// else the shipped topologies/devices.yaml. The system file's `catalog: FILE | [FILE, ...]`
// (relative to the system file) EXTENDS that base, as a scenario's `catalog:` does
// (`catalog_extensions`, already resolved, read after the system's own): new link kinds, GPUs,
// CPUs, NICs, switches and storage are added, a name the base already has is an error, and
// the base's path -- so prices.yaml, software.yaml, compute.yaml, collectives.yaml and
// reliability.yaml beside it -- stays the catalog's (topo/catalog.hpp). Once a
// system's `catalog:` replaced the whole catalog; no shipped or test file relied on that (a
// replacement catalog is still had by putting a devices.yaml beside the system file).
// `fabric_topology`, if given, replaces the file's fabric topology (single_switch, fat_tree,
// rail_optimized) for what-if studies. `overrides` (--set system.* and catalog.*,
// scenario/file_override.hpp) replace values of the system file and of the catalog before they
// are read, so each is checked as if written there; an error about one names its --set.
std::unique_ptr<Cluster> load_system(const std::string& path, int nodes = 1,
                                     const std::string& catalog_path = "",
                                     const std::string& fabric_topology = "",
                                     const std::vector<std::string>& catalog_extensions = {},
                                     const HardwareOverrides& overrides = {});

// The same from a mapping already parsed (a scenario's inline `system:`, its overrides already
// in it); `path` locates the base catalog (devices.yaml next to it, else the shipped one) and
// the files its `catalog:` names.
std::unique_ptr<Cluster> load_system_from(const Field& root, const std::string& path, int nodes = 1,
                                          const std::string& catalog_path = "",
                                          const std::string& fabric_topology = "",
                                          const std::vector<std::string>& catalog_extensions = {},
                                          const std::vector<FileOverride>& catalog_overrides = {});

// A scenario's system at `nodes`: its file or inline mapping, its catalog extensions, its
// system.* and catalog.* overrides.
std::unique_ptr<Cluster> load_scenario_system(const ScenarioSpec& spec, int nodes);

// The keys of a system file at each place (its loader checks them; --set system.* reaches them).
const FileSchema& system_file_schema();

// Joins the nodes' NICs (called by load_system when nodes > 1).
void build_fabric(Cluster& cluster, const FabricSpec& spec, const Field* where);

}  // namespace simtrain::topo
