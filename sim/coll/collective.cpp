#include "coll/collective.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <set>
#include <stdexcept>

#include "coll/ring_order.hpp"
#include "net/maxmin.hpp"

namespace simtrain::coll {

const char* op_name(Op op) { return kOpNames.c_str(op); }

const std::vector<std::string>& op_names() {
  static const std::vector<std::string> names = kOpNames.names();
  return names;
}

std::optional<Op> op_from_name(std::string_view name) { return kOpNames.parse(name); }

std::vector<std::string> training_op_names() {
  std::vector<std::string> names = kOpNames.names();
  names.erase(std::find(names.begin(), names.end(), op_name(Op::all_to_all)));
  return names;
}

const char* algo_name(Algo a) { return kAlgoNames.c_str(a); }

double busbw_factor(Op op, int n) {
  if (n <= 1) return 0.0;
  switch (op) {
    case Op::all_reduce: return 2.0 * (n - 1) / n;
    case Op::reduce_scatter:
    case Op::all_gather: return static_cast<double>(n - 1) / n;
    case Op::broadcast: return 1.0;
    case Op::all_to_all: return static_cast<double>(n - 1) / n;  // nccl-tests alltoall_perf
  }
  return 1.0;
}

// One flow of a phase: links crossed (merged) and bytes as a multiple of S.
struct ShapeVar {
  std::vector<net::LinkUse> uses;
  double bytes_factor = 0;
  std::shared_ptr<const std::vector<net::LinkUse>> shared;  // the same uses, shared with plans
};

struct ShapePhase {
  std::string name;
  std::vector<ShapeVar> vars;
  bool tree = false;
  int steps_intra = 0, steps_inter = 0;
  HwClass intra = HwClass::nvlink;
  TimePs path_latency_ps = 0;
  std::vector<double> isolated_rate;  // per var, filled by the planner
  bool nvls = false;
  // The chunked pipeline: steps the first granule crosses, and the ranks a channel's share
  // is cut among per chunk (a ring's n; 1 for chains and trees).
  int fill_steps = 0, fill_ranks = 1;
  // NVLSTree: the first `nvls_vars` vars are the GPUs' NVLS flows, the rest the trees' edges
  // (one per head and edge); `tree_heads` heads share the NVLS channels, and the first chunk
  // also crosses `net_fill_steps` network steps (see nvls_tree_fill_s).
  int nvls_vars = 0, tree_heads = 1, net_fill_steps = 0;
  // true: the vars are channels of one ring/tree (their rates add up to the per-link rate);
  // false: parallel groups or GPUs (each var is a whole collective of its own).
  bool channel_vars = true;
};

struct Planner::Shape {
  std::vector<ShapePhase> phases;
  bool all_nvlink = true;
  bool multi_node = false;
  int nodes = 1;
  Op op = Op::all_reduce;
  int min_arch = 0;  // the oldest GPU's CUDA architecture (80: sm_80)
  int channels = 0;  // NCCL's channels for this algorithm (set by the planner; 0: not yet)
};

class VarBuilder {
 public:
  void add(const topo::Route& r) {
    for (auto l : r.links) uses_.push_back(net::LinkUse{l, 1.0});
    latency_ = std::max(latency_, r.latency_ps);
  }
  void add_use(net::LinkId l, double coeff) { uses_.push_back(net::LinkUse{l, coeff}); }
  void add_latency(TimePs t) { latency_ = std::max(latency_, t); }
  ShapeVar build(double factor) {
    std::sort(uses_.begin(), uses_.end(), [](const auto& a, const auto& b) { return a.link < b.link; });
    ShapeVar v;
    for (const auto& u : uses_) {
      if (!v.uses.empty() && v.uses.back().link == u.link) v.uses.back().coeff += u.coeff;
      else v.uses.push_back(u);
    }
    v.bytes_factor = factor;
    uses_.clear();
    return v;
  }
  TimePs latency() const { return latency_; }

 private:
  std::vector<net::LinkUse> uses_;
  TimePs latency_ = 0;
};

namespace {

bool all_nvlink(const topo::Cluster& c, const topo::Route& r) {
  for (auto l : r.links)
    if (!topo::gpu_link(c.link(l).cls)) return false;
  return true;
}

int floor_log2(int n) {
  int k = 0;
  while ((2 << k) <= n) ++k;
  return std::max(1, k);
}

// The CUDA architecture's number, "sm_90" -> 90; 0 for an AMD GPU (gfx*), which none of
// NCCL's sm_N rules (NVLS, the sm90 speed arrays) concern.
int arch_number(const std::string& arch) {
  return arch.rfind("sm_", 0) == 0 ? std::atoi(arch.c_str() + 3) : 0;
}

// The compute capability the library's tuner reads (comm->minCompCap): CUDA's sm_N; on AMD,
// HIP's major.minor of the gfx target (gfx942 -> 9.4 -> 94), as RCCL reads it.
int compute_capability(const std::string& arch) {
  if (arch.rfind("gfx", 0) == 0 && arch.size() >= 5) return (arch[3] - '0') * 10 + (arch[4] - '0');
  return arch_number(arch);
}

// The collective library of these GPUs: RCCL for AMD GPUs, NCCL otherwise.
Library library_of(const topo::Cluster& c) {
  if (c.gpu_count() == 0) return Library::nccl;
  const bool amd = c.gpu_model(0).amd();
  for (int g = 1; g < c.gpu_count(); ++g)
    if (c.gpu_model(g).amd() != amd)
      throw std::invalid_argument("the system mixes AMD and NVIDIA GPUs: no collective library runs across both");
  return amd ? Library::rccl : Library::nccl;
}

// Paths through one node's GPUs (node-local indices), each from paths[k].front() to
// paths[k].back() through every GPU of `local`, no directed link crossed by two of them: a
// depth-first search over the channels and each path's next GPU (bounded; empty when it finds
// none, or when there are more paths than a GPU has links out). RCCL's multi-node rings on the
// 8x MI300X mesh (rome_model_81) are such a set.
std::vector<std::vector<int>> disjoint_node_paths(const topo::Cluster& c, const std::vector<int>& local,
                                                  const std::vector<std::vector<int>>& paths) {
  const std::size_t n = local.size();
  if (n < 3 || paths.size() > n) return {};
  std::vector<char> used(c.directed_link_count(), 0);
  std::vector<std::vector<int>> out(paths.size());
  long budget = 2000000;
  auto links = [&](int a, int b) -> const std::vector<net::LinkId>& { return c.route(c.gpu(0, a), c.gpu(0, b)).links; };
  auto free_hop = [&](int a, int b) {
    for (auto l : links(a, b))
      if (used[l]) return false;
    return true;
  };
  auto mark = [&](int a, int b, char v) {
    for (auto l : links(a, b)) used[l] = v;
  };
  // Extends channel k's path by one GPU (a fresh channel starts at its entry); true once every
  // channel's path is complete.
  std::function<bool(std::size_t)> place = [&](std::size_t k) -> bool {
    if (k == paths.size()) return true;
    if (--budget < 0) return false;
    std::vector<int>& p = out[k];
    const bool fresh = p.empty();
    if (fresh) p.push_back(paths[k].front());
    const int last = paths[k].back();
    bool done = false;
    if (p.size() == n - 1) {
      if (free_hop(p.back(), last)) {
        mark(p.back(), last, 1);
        p.push_back(last);
        done = place(k + 1);
        if (!done) {
          p.pop_back();
          mark(p.back(), last, 0);
        }
      }
    } else {
      for (int g : local) {
        if (g == last || std::find(p.begin(), p.end(), g) != p.end() || !free_hop(p.back(), g)) continue;
        mark(p.back(), g, 1);
        p.push_back(g);
        done = place(k);
        if (done) break;
        p.pop_back();
        mark(p.back(), g, 0);
        if (budget < 0) break;
      }
    }
    if (!done && fresh) p.clear();
    return done;
  };
  if (!place(0)) return {};
  return out;
}

int pow2_up(int x) {
  int p = 1;
  while (p < x) p *= 2;
  return p;
}

int pow2_down(int x) {
  int p = 1;
  while (2 * p <= x) p *= 2;
  return p;
}

// device.h ncclP2pChannelForPart: part k of an operation goes to channel
// (base + bit-reversed k) mod P, P a power of 2.
int p2p_channel_for_part(int p2p_channels, int base, int part) {
  int bits = 0;
  while ((1 << bits) < p2p_channels) ++bits;
  int rev = 0;
  for (int b = 0; b < bits; ++b)
    if (part & (1 << b)) rev |= 1 << (bits - 1 - b);
  return (base + rev) & (p2p_channels - 1);
}

}  // namespace

bool Planner::socket_transport() const {
  if (c_.nics_per_node() == 0) return false;
  const topo::Catalog& cat = c_.catalog();
  const std::string& port = cat.nics().at(c_.device(c_.nic(0, 0)).model).port;
  return cat.link_kinds().at(port).transport == topo::LinkKind::Transport::socket;
}

void Planner::add_host_staging(VarBuilder& vb, topo::Vertex cpu) {
  // A staged byte is written to DRAM and read back: 2 bytes of memory traffic. The CPU's one
  // shared capacity is its transit link (p2p_bandwidth); crossing it with coefficient
  // 2 * p2p / memory caps the staged rate at memory_bandwidth / 2 when DRAM is the limit.
  const topo::CpuModel& m = c_.catalog().cpus().at(c_.device(cpu).model);
  const double coeff = std::max(1.0, 2.0 * m.p2p_bandwidth_bytes_per_s / m.memory_bandwidth_bytes_per_s);
  vb.add_use(c_.transit_link(cpu), coeff);
}

void Planner::add_gpu_hop(VarBuilder& vb, topo::Vertex a, topo::Vertex b) {
  const topo::Route& direct = c_.route(a, b);
  const bool p2p = c_.catalog().gpus().at(c_.device(a).model).p2p && c_.catalog().gpus().at(c_.device(b).model).p2p;
  if (p2p || all_nvlink(c_, direct)) {
    vb.add(direct);
    return;
  }
  // NCCL's SHM transport: the sender writes into host memory next to it, the receiver reads.
  const topo::Vertex cpu = c_.nearest_cpu(a);
  vb.add(c_.route(a, cpu));
  add_host_staging(vb, cpu);
  vb.add(c_.route(cpu, b));
}

bool Planner::add_net_cross(VarBuilder& vb, topo::Vertex ga, int node_a, int nic_a, int node_b, int nic_b,
                            topo::Vertex gb) {
  const topo::Vertex na = c_.nic(node_a, nic_a), nb = c_.nic(node_b, nic_b);
  if (socket_transport()) {
    const topo::Vertex ca = c_.nearest_cpu(ga), cb = c_.nearest_cpu(gb);
    vb.add(c_.route(ga, ca));
    add_host_staging(vb, ca);
    vb.add(c_.route(ca, na));
    const topo::Route& wire = c_.route(na, nb);
    if (wire.links.empty()) throw std::invalid_argument("no network path between nodes");
    add_route(vb, wire);
    vb.add(c_.route(nb, cb));
    add_host_staging(vb, cb);
    vb.add(c_.route(cb, gb));
    return false;
  }
  const bool direct = c_.route(ga, na).transits == 0 && c_.route(nb, gb).transits == 0;
  topo::Route x = c_.route_via(ga, na, nb, gb);
  if (x.links.empty()) throw std::invalid_argument("no network path between nodes");
  add_route(vb, x);
  return direct;
}

void Planner::add_route(VarBuilder& vb, const topo::Route& r) {
  if (c_.fabric().routing != "adaptive" || r.links.size() < 2) {
    vb.add(r);
    return;
  }
  if (!spines_found_) {
    spines_found_ = true;
    for (auto [it, end] = boost::vertices(c_.graph()); it != end; ++it) {
      const topo::Device& d = c_.device(*it);
      if (d.node < 0 && d.type == topo::DeviceType::switch_ && d.name.rfind("spine", 0) == 0) spines_.push_back(*it);
    }
    std::sort(spines_.begin(), spines_.end());
  }
  vb.add_latency(r.latency_ps);
  const double k = static_cast<double>(spines_.size());
  for (std::size_t i = 0; i < r.links.size(); ++i) {
    const net::LinkId l = r.links[i];
    const topo::Vertex to = c_.is_transit(l) ? topo::Vertex(-1) : c_.link_to(l);
    const bool into_spine = to != topo::Vertex(-1) && std::find(spines_.begin(), spines_.end(), to) != spines_.end();
    if (!into_spine || i + 1 >= r.links.size() || k <= 1) {
      vb.add_use(l, 1.0);
      continue;
    }
    // leaf -> spine -> leaf: the same bytes spread evenly over every spine. Every leaf has one
    // (bonded) link to every spine (fabric.cpp), read off the leaves' edges: a route search per
    // (leaf, spine) pair would cost O(V) each, the most of a collective's time at 1,000 nodes.
    const topo::Vertex leaf_a = c_.link_from(l), leaf_b = c_.link_to(r.links[i + 1]);
    std::size_t up = 0, down = 0;
    for (auto [e, end] = boost::out_edges(leaf_a, c_.graph()); e != end; ++e)
      if (std::binary_search(spines_.begin(), spines_.end(), boost::target(*e, c_.graph()))) {
        vb.add_use(c_.directed(*e, leaf_a), 1.0 / k);
        ++up;
      }
    for (auto [e, end] = boost::out_edges(leaf_b, c_.graph()); e != end; ++e) {
      const topo::Vertex sp = boost::target(*e, c_.graph());
      if (std::binary_search(spines_.begin(), spines_.end(), sp)) {
        vb.add_use(c_.directed(*e, sp), 1.0 / k);
        ++down;
      }
    }
    if (up != spines_.size() || down != spines_.size())
      throw std::logic_error("adaptive routing: a leaf is not linked to every spine");
    ++i;
  }
}

int Planner::search_channels(const Shape& ring, bool multi_node, int arch, const std::vector<int>& ranks) const {
  const ChannelParams& cp = params_.channels;
  const bool sm90 = arch >= 90;
  const int max_channels = multi_node ? cp.max_multi_node : cp.max;
  // RCCL's rome-model rings: its ringBase rings, doubled by connect.cc's postset.
  if (const RingModel* m = multi_node ? nullptr : ring_model(ranks)) {
    const int listed = static_cast<int>(m->rings.size()) * m->copies;
    return listed <= max_channels / 2 ? 2 * listed : std::min(max_channels, listed);
  }
  const ShapePhase& ph = ring.phases.front();
  double total = 0, widest = 0;
  for (double r : ph.isolated_rate) {
    total += r;
    widest = std::max(widest, r);
  }
  // Inside an all-NVLink node NCCL counts its own bandwidth per NVLink (topo.h): the GPU's
  // links in total, and the links of its widest single hop.
  const topo::GpuModel& gm = c_.gpu_model(ranks.front());
  // RCCL counts its own figure per xGMI link (topo.h GFX94X_XGMI_WIDTH) the same way.
  const bool xgmi = gm.has_infinity_fabric();
  const std::map<std::string, double>& per_xgmi = params_.rccl.xgmi_bytes_per_s;
  std::optional<double> per_link_bw;
  if (xgmi && per_xgmi.count(gm.arch)) per_link_bw = per_xgmi.at(gm.arch);
  else if (const double* nv = xgmi ? nullptr : cp.nvlink_for(arch_number(gm.arch))) per_link_bw = *nv;
  if (!multi_node && ring.all_nvlink && gm.scale_up && per_link_bw && ranks.size() > 1) {
    int hop_links = 0;
    const topo::Vertex a = c_.gpu(ranks.front());
    for (std::size_t i = 1; i < ranks.size(); ++i) {
      const topo::Route& r = c_.route(a, c_.gpu(ranks[i]));
      if (!r.links.empty()) hop_links = std::max(hop_links, c_.link(r.links.front()).count);
    }
    total = gm.scale_up->links * *per_link_bw;
    widest = std::min(total, hop_links * *per_link_bw);
  }
  const std::vector<double>& speeds = cp.speeds(arch, multi_node);
  std::size_t i = 0;
  while (i + 1 < speeds.size() && (speeds[i] > widest || speeds[i] > total)) ++i;
  const double s = speeds[i];
  int n = std::max(1, static_cast<int>(std::floor(total / s + 1e-9)));
  double bw = s;
  // ncclTopoDupChannels (up to the ring graph's maxChannels, MAXCHANNELS/2).
  if (s >= cp.dup_min_bytes_per_s && !(sm90 && s < cp.dup_min_sm90_bytes_per_s && n > 4)) {
    const int dup = std::min(2 * n, max_channels / 2);
    bw /= (dup + n - 1) / n;
    n = dup;
  }
  n = std::min(max_channels, 2 * n);  // connect.cc: the postset duplicates every channel once more
  if (sm90 && multi_node && bw > 45e9 && n < 16) n = std::min(max_channels, 2 * n);
  return n;
}

Planner::Planner(const topo::Cluster& cluster, NcclParams params)
    : c_(cluster), params_(params.for_library(library_of(cluster))) {}

// RCCL's hard-coded rings (collectives.yaml rccl.ring_models) for these ranks: a model of as
// many GPUs as the ranks, all on one node, every pair joined by one direct scale-up link (one
// hop). nullptr where RCCL would search instead (and for NCCL).
const RingModel* Planner::ring_model(const std::vector<int>& ranks) const {
  if (params_.library != Library::rccl) return nullptr;
  for (const RingModel& m : params_.rccl.ring_models) {
    if (static_cast<int>(ranks.size()) != m.gpus) continue;
    bool mesh = true;
    for (int a : ranks)
      for (int b : ranks) {
        if (a == b || !mesh) continue;
        const topo::Route& r = c_.route(c_.gpu(a), c_.gpu(b));
        mesh = r.links.size() == 1 && topo::gpu_link(c_.link(r.links.front()).cls) && c_.link(r.links.front()).count == 1;
      }
    if (mesh) return &m;
  }
  return nullptr;
}

Planner::~Planner() = default;

std::vector<int> Planner::nics_near(const std::vector<int>& local) {
  std::vector<int> out;
  const int R = c_.nics_per_node();
  for (int l = 0; l < R; ++l)
    for (int g : local)
      if (c_.route(c_.gpu(0, g), c_.nic(0, l)).transits == 0) {
        out.push_back(l);
        break;
      }
  if (out.empty()) {
    for (int g : local) out.push_back(c_.nearest_nic(c_.gpu(0, g)));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }
  return out;
}

int Planner::balanced_nic(int local_gpu) {
  const int g = c_.gpus_per_node(), R = c_.nics_per_node();
  if (R == 0) return -1;
  if (nic_of_local_.empty()) {
    std::vector<int> load(static_cast<std::size_t>(R), 0);
    for (int j = 0; j < g; ++j) {
      int best = -1, best_hops = std::numeric_limits<int>::max();
      for (int r = 0; r < R; ++r) {
        const topo::Route& rt = c_.route(c_.gpu(0, j), c_.nic(0, r));
        if (rt.links.empty()) continue;
        if (rt.hops() < best_hops ||
            (rt.hops() == best_hops && load[static_cast<std::size_t>(r)] < load[static_cast<std::size_t>(best)])) {
          best = r;
          best_hops = rt.hops();
        }
      }
      if (best >= 0) ++load[static_cast<std::size_t>(best)];
      nic_of_local_.push_back(best);
    }
  }
  return nic_of_local_[static_cast<std::size_t>(local_gpu)];
}

std::vector<int> Planner::ring_order(const std::vector<int>& ranks, bool automatic) {
  if (!automatic || ranks.size() <= 2) return ranks;
  auto it = order_cache_.find(ranks);
  if (it != order_cache_.end()) return it->second;
  // Every node of a cluster is the system file's node: a group inside node k orders as the same
  // local GPUs of node 0 do (the TP groups of a large job ask thousands of times).
  const int gpn = c_.gpus_per_node();
  const int node = ranks.front() / gpn;
  if (node > 0 && std::all_of(ranks.begin(), ranks.end(), [&](int r) { return r / gpn == node; })) {
    std::vector<int> local = ranks;
    for (int& r : local) r -= node * gpn;
    std::vector<int> out = ring_order(local, automatic);
    for (int& r : out) r += node * gpn;
    order_cache_[ranks] = out;
    return out;
  }
  std::vector<topo::Vertex> members;
  for (int r : ranks) members.push_back(c_.gpu(r));
  std::vector<int> idx = best_order(c_, members, true);
  std::vector<int> out;
  for (int i : idx) out.push_back(ranks[static_cast<std::size_t>(i)]);
  order_cache_[ranks] = out;
  return out;
}

// Builds Planner::shape (the header states each algorithm's flows): one member per algorithm,
// and per topology level where an algorithm has several (inside a node, across nodes). It reads
// the ranks' layout once (by node, in rank order: N nodes of g GPUs each) and notes, while it
// lays paths, whether they are all NVLink and whether a NIC sits behind a CPU: the phases'
// latency class and, through Shape::all_nvlink, LL128's availability.
class Planner::ShapeBuilder {
 public:
  ShapeBuilder(Planner& pl, const Request& req, const std::vector<int>& ranks)
      : pl_(pl), c_(pl.c_), req_(req), ranks_(ranks), n_(static_cast<int>(ranks.size())), R_(c_.nics_per_node()),
        gpn_(c_.gpus_per_node()), socket_(pl.socket_transport()) {
    for (int r : ranks) by_node_[c_.device(c_.gpu(r)).node].push_back(r);
    N_ = static_cast<int>(by_node_.size());
    g_ = static_cast<int>(by_node_.begin()->second.size());
    for (const auto& [node, rs] : by_node_)
      if (static_cast<int>(rs.size()) != g_)
        throw std::invalid_argument("every node must take part with the same number of GPUs");
    for (const auto& [node, rs] : by_node_) node_ids_.push_back(node);
    s_.multi_node = N_ > 1;
    s_.nodes = N_;
    s_.op = req.op;
    s_.min_arch = std::numeric_limits<int>::max();
    for (int r : ranks) s_.min_arch = std::min(s_.min_arch, compute_capability(c_.gpu_model(r).arch));
  }

  // The algorithm's shape, or none where it cannot serve the request (tree, hierarchical and
  // the NVLS ones are all_reduce only; NVLS needs its switches; hierarchical several levels).
  std::optional<Shape> build(Algo algo) {
    std::optional<ShapePhase> ph;
    if (algo == Algo::ring) {
      ph = ring();
    } else if (req_.op != Op::all_reduce) {
      return std::nullopt;
    } else if (algo == Algo::nvls_tree) {
      ph = nvls_tree();
    } else if (algo == Algo::nvls) {
      ph = nvls();
    } else if (algo == Algo::tree) {
      ph = tree();
    } else {
      std::optional<std::vector<ShapePhase>> phases = hierarchical();
      if (!phases) return std::nullopt;
      s_.phases = std::move(*phases);
      return std::move(s_);
    }
    if (!ph) return std::nullopt;
    s_.phases.push_back(std::move(*ph));
    return std::move(s_);
  }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  topo::Vertex gpu_v(int node, int local) const { return c_.gpu(node, local); }
  int local_of(int rank) const { return rank % gpn_; }
  // The node-local indices taking part (every node's are the first node's), in rank order.
  std::vector<int> local_ranks() const {
    std::vector<int> local;
    for (int r : by_node_.begin()->second) local.push_back(local_of(r));
    return local;
  }
  void note_intra(const topo::Route& r) {
    if (!all_nvlink(c_, r)) s_.all_nvlink = false;
  }
  // tuning.cc enables LL128 only up to PXB between GPU and NIC (typeInter <= PATH_PXB on
  // sm_80): a NIC reached through a CPU (or host memory) turns it off.
  void note_nic(const topo::Route& r) {
    if (r.transits > 0) s_.all_nvlink = false;
  }
  void net_cross(VarBuilder& vb, topo::Vertex ga, int node_a, int nic_a, int node_b, int nic_b, topo::Vertex gb) {
    if (!pl_.add_net_cross(vb, ga, node_a, nic_a, node_b, nic_b, gb)) s_.all_nvlink = false;
  }

  // --- ring ---

  // The ring: bytes 2(n-1)/n S all_reduce, S broadcast (a chain), (n-1)/n S otherwise, over
  // 2(n-1) or n-1 steps; its channels laid inside one node or across nodes.
  ShapePhase ring() {
    ShapePhase ph;
    ph.name = "ring";
    const int n = n_;
    const double factor = req_.op == Op::all_reduce ? 2.0 * (n - 1) / n
                          : req_.op == Op::broadcast ? 1.0
                                                     : static_cast<double>(n - 1) / n;
    const int steps = req_.op == Op::all_reduce ? 2 * (n - 1) : n - 1;
    if (N_ == 1) ring_in_node(ph, factor, steps);
    else ring_across_nodes(ph, factor, steps);
    ph.intra = s_.all_nvlink ? HwClass::nvlink : HwClass::pcie;
    return ph;
  }

  bool closed_ring() const { return req_.op != Op::broadcast; }

  // One channel of a ring inside a node along `order` (a chain when not closed), carrying `share` of S.
  ShapeVar ring_var(const std::vector<int>& order, double share, VarBuilder& vb) {
    const int edges = closed_ring() ? n_ : n_ - 1;
    for (int i = 0; i < edges; ++i) {
      const topo::Vertex a = c_.gpu(order[at(i)]);
      const topo::Vertex b = c_.gpu(order[at((i + 1) % n_)]);
      note_intra(c_.route(a, b));
      pl_.add_gpu_hop(vb, a, b);
    }
    return vb.build(share);
  }

  // The rings of the node's channels: the searched (or given) order, then, where the ring order
  // is automatic and no channel count is given, more rings while they raise the throughput
  // c * min(rate) of an equal split by more than 1%. NCCL builds several rings over different
  // links where the topology has them (an NVLink mesh such as the DGX-1 cube-mesh); each is
  // searched against the links the earlier ones already use.
  std::vector<std::vector<int>> ring_orders() {
    if (const RingModel* m = req_.ring_order_auto && closed_ring() ? pl_.ring_model(ranks_) : nullptr) {
      std::vector<std::vector<int>> orders;
      for (const std::vector<int>& ring : m->rings) {
        std::vector<int> o;
        for (int i : ring) o.push_back(ranks_[at(i)]);
        orders.push_back(std::move(o));
      }
      return orders;
    }
    std::vector<std::vector<int>> orders{pl_.ring_order(ranks_, req_.ring_order_auto)};
    if (!(req_.ring_order_auto && req_.channels == 0 && closed_ring() && n_ > 2)) return orders;
    const int edges = n_;
    std::vector<topo::Vertex> members;
    for (int r : ranks_) members.push_back(c_.gpu(r));
    std::vector<int> prior(c_.directed_link_count(), 0);
    auto add_prior = [&](const std::vector<int>& order) {
      for (int i = 0; i < edges; ++i)
        for (auto l : c_.route(c_.gpu(order[at(i)]), c_.gpu(order[at((i + 1) % n_)])).links) ++prior[l];
    };
    auto throughput = [&](const std::vector<std::vector<int>>& os) {
      ShapePhase probe;
      for (const auto& o : os) {
        VarBuilder vb;
        probe.vars.push_back(ring_var(o, 1.0, vb));
      }
      pl_.compute_isolated_rates(probe);
      double mn = std::numeric_limits<double>::infinity();
      for (double x : probe.isolated_rate) mn = std::min(mn, x);
      return mn * static_cast<double>(os.size());
    };
    add_prior(orders[0]);
    double best = throughput(orders);
    for (int k = 1; k < 8; ++k) {
      std::vector<int> idx = best_order(c_, members, true, -1, -1, kNoVertex, kNoVertex, &prior);
      std::vector<int> next;
      for (int i : idx) next.push_back(ranks_[at(i)]);
      auto cand = orders;
      cand.push_back(next);
      const double t = throughput(cand);
      if (t <= best * 1.01) break;
      orders = std::move(cand);
      best = t;
      add_prior(next);
    }
    return orders;
  }

  // Inside a node: the channels (given, else one per ring found) cycle over the rings.
  void ring_in_node(ShapePhase& ph, double factor, int steps) {
    const std::vector<std::vector<int>> orders = ring_orders();
    const int ch = req_.channels > 0 ? req_.channels : static_cast<int>(orders.size());
    TimePs lat = 0;
    for (int k = 0; k < ch; ++k) {
      VarBuilder vb;
      ph.vars.push_back(ring_var(orders[static_cast<std::size_t>(k) % orders.size()], factor / ch, vb));
      lat = std::max(lat, vb.latency());
    }
    ph.steps_intra = steps;
    ph.path_latency_ps = lat;
    ph.fill_steps = steps;
    ph.fill_ranks = n_;
  }

  // Across nodes: channel k leaves and enters every node through NIC nics[k mod R], along the
  // same path of node-local GPUs in every node. Its network steps are 2(N-1) (all_reduce) or
  // N-1 of the ring's; only the GPU-to-GPU steps inside a node hand granules on one by one (the
  // network proxy posts its receives NCCL_STEPS ahead, net.cc), so the fill is a node's.
  void ring_across_nodes(ShapePhase& ph, double factor, int steps) {
    if (R_ == 0) throw std::invalid_argument("a ring across nodes needs NICs");
    const std::vector<int> local = local_ranks();
    const std::vector<int> nics = pl_.nics_near(local);
    const int Rn = static_cast<int>(nics.size());
    const int ch = req_.channels > 0 ? req_.channels : Rn;
    std::vector<int> entry_use(at(gpn_), 0), exit_use(at(gpn_), 0);
    // RCCL's rings through a node of a peer mesh (rome_model_81: 8 GPUs + 8 NICs) take
    // different GPU-to-GPU links per channel; each path is searched against the links the
    // earlier channels' paths use (NCCL's NVSwitch nodes have one route per pair: no prior).
    // Where every channel can have links of its own (a mesh), they are laid so: RCCL's
    // rome_model_81 rings cross each of the 56 link directions once.
    std::vector<int> prior;
    if (pl_.params_.library == Library::rccl) prior.assign(c_.directed_link_count(), 0);
    std::vector<std::vector<int>> paths;
    for (int k = 0; k < ch; ++k) {
      const int nic = nics[at(k % Rn)];
      paths.push_back(req_.ring_order_auto ? node_path(nic, local, entry_use, exit_use, prior.empty() ? nullptr : &prior)
                                           : local);
      for (std::size_t i = 0; !prior.empty() && i + 1 < paths.back().size(); ++i)
        for (auto l : c_.route(gpu_v(0, paths.back()[i]), gpu_v(0, paths.back()[i + 1])).links) ++prior[l];
    }
    if (!prior.empty() && req_.ring_order_auto) {
      std::vector<std::vector<int>> disjoint = disjoint_node_paths(c_, local, paths);
      if (!disjoint.empty()) paths = std::move(disjoint);
    }
    TimePs lat = 0;
    for (int k = 0; k < ch; ++k) {
      const int nic = nics[at(k % Rn)];
      const std::vector<int>& path = paths[at(k)];
      VarBuilder vb;
      for (int j = 0; j < N_; ++j) {
        const int node = node_ids_[at(j)];
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
          note_intra(c_.route(gpu_v(node, path[i]), gpu_v(node, path[i + 1])));
          pl_.add_gpu_hop(vb, gpu_v(node, path[i]), gpu_v(node, path[i + 1]));
        }
        if (!closed_ring() && j == N_ - 1) break;
        leave_node(vb, node, node_ids_[at((j + 1) % N_)], nic, path);
      }
      lat = std::max(lat, vb.latency());
      ph.vars.push_back(vb.build(factor / ch));
    }
    const int inter = req_.op == Op::all_reduce ? 2 * (N_ - 1) : N_ - 1;
    ph.steps_inter = inter;
    ph.steps_intra = std::max(0, steps - inter);
    ph.path_latency_ps = lat;
    ph.fill_steps = req_.op == Op::all_reduce ? 2 * (g_ - 1) : g_ - 1;
    ph.fill_ranks = n_;
  }

  // A channel's path through a node on NIC `nic` (node-local indices, entry first, exit last):
  // it enters at the GPU the balanced NIC assignment gives the NIC (else the nearest) and leaves
  // from the nearest other GPU, spreading entries and exits over the GPUs (`*_use`: how many
  // channels already enter or leave at each), as NCCL's rings do; the GPUs between in the order
  // best_order finds.
  std::vector<int> node_path(int nic, const std::vector<int>& local, std::vector<int>& entry_use,
                             std::vector<int>& exit_use, const std::vector<int>* prior = nullptr) const {
    auto hops_to_nic = [&](int l) { return c_.route(gpu_v(0, l), c_.nic(0, nic)).hops(); };
    int entry = -1;
    for (int l : local)
      if (pl_.balanced_nic(l) == nic && (entry < 0 || entry_use[at(l)] < entry_use[at(entry)])) entry = l;
    if (entry < 0) {
      for (int l : local)
        if (entry < 0 || hops_to_nic(l) < hops_to_nic(entry) ||
            (hops_to_nic(l) == hops_to_nic(entry) && entry_use[at(l)] < entry_use[at(entry)]))
          entry = l;
    }
    int exit = -1;
    for (int l : local) {
      if (l == entry && local.size() > 1) continue;
      if (exit < 0 || hops_to_nic(l) < hops_to_nic(exit) ||
          (hops_to_nic(l) == hops_to_nic(exit) && exit_use[at(l)] < exit_use[at(exit)]))
        exit = l;
    }
    ++entry_use[at(entry)];
    ++exit_use[at(exit)];
    std::vector<topo::Vertex> members;
    int first = -1, last = -1;
    for (std::size_t i = 0; i < local.size(); ++i) {
      members.push_back(gpu_v(0, local[i]));
      if (local[i] == entry) first = static_cast<int>(i);
      if (local[i] == exit) last = static_cast<int>(i);
    }
    std::vector<int> idx = local.size() == 1 ? std::vector<int>{0}
                                             : best_order(c_, members, false, first, last, c_.nic(0, nic), c_.nic(0, nic), prior);
    std::vector<int> path;
    for (int i : idx) path.push_back(local[at(i)]);
    return path;
  }

  // The ring's hop from `node`'s exit GPU to `next`'s entry GPU on NIC `nic`. If the exit GPU
  // reaches the NIC only through a CPU but has NVLink to the entry GPU (which sits next to the
  // NIC), it sends through the entry GPU instead, as NCCL's PXN does (NCCL >= 2.12); the socket
  // transport stages through host memory.
  void leave_node(VarBuilder& vb, int node, int next, int nic, const std::vector<int>& path) {
    const topo::Vertex exit_v = gpu_v(node, path.back()), entry_v = gpu_v(node, path.front());
    if (socket_) {
      net_cross(vb, exit_v, node, nic, next, nic, gpu_v(next, path.front()));
      return;
    }
    const topo::Route& direct_out = c_.route(exit_v, c_.nic(node, nic));
    note_nic(c_.route(entry_v, c_.nic(node, nic)));
    bool through_cpu = false;
    for (auto l : direct_out.links) through_cpu = through_cpu || c_.is_transit(l);
    if (through_cpu && exit_v != entry_v && all_nvlink(c_, c_.route(exit_v, entry_v))) {
      vb.add(c_.route(exit_v, entry_v));
      vb.add(c_.route(entry_v, c_.nic(node, nic)));
    } else {
      vb.add(direct_out);
    }
    const topo::Route& wire = c_.route(c_.nic(node, nic), c_.nic(next, nic));
    const topo::Route& in = c_.route(c_.nic(next, nic), gpu_v(next, path.front()));
    if (wire.links.empty() || in.links.empty()) throw std::invalid_argument("no network path between nodes");
    pl_.add_route(vb, wire);
    vb.add(in);
  }

  // --- NVLS ---

  // The NVLink-SHARP NVSwitch every rank's GPU hangs off, one per node; none where a GPU is
  // older than sm_90 or has no such switch, or a node's GPUs hang off different ones.
  std::optional<std::map<int, topo::Vertex>> nvls_switches() const {
    std::map<int, topo::Vertex> by;
    for (int r : ranks_) {
      if (arch_number(c_.gpu_model(r).arch) < 90) return std::nullopt;
      const topo::Vertex gv = c_.gpu(r);
      topo::Vertex mine = topo::Vertex(-1);
      for (auto [e, end] = boost::out_edges(gv, c_.graph()); e != end; ++e) {
        const topo::Vertex t = boost::target(*e, c_.graph());
        const topo::Device& d = c_.device(t);
        if (d.type == topo::DeviceType::switch_ && d.switch_class == topo::SwitchClass::nvswitch &&
            c_.catalog().switches().at(d.model).nvls)
          mine = t;
      }
      const int node = c_.device(gv).node;
      if (mine == topo::Vertex(-1) || (by.count(node) && by[node] != mine)) return std::nullopt;
      by[node] = mine;
    }
    return by;
  }

  // Every GPU's NVLS flow: to its switch and back, `factor` x S each way. Returns the latest path.
  TimePs add_nvls_flows(ShapePhase& ph, const std::map<int, topo::Vertex>& sws, double factor) {
    TimePs lat = 0;
    for (int r : ranks_) {
      VarBuilder vb;
      const topo::Vertex gv = c_.gpu(r), sw = sws.at(c_.device(gv).node);
      vb.add(c_.route(gv, sw));
      vb.add(c_.route(sw, gv));
      lat = std::max(lat, vb.latency());
      ph.vars.push_back(vb.build(factor));
    }
    return lat;
  }

  // NVLSTree across nodes (tuning.cc: only there; nvls.cc: more than 2 GPUs): every GPU's NVLS
  // flow of S(1+1/g) each way, and per head l (shard l of S/g) its edges of NCCL's double binary
  // tree over the nodes on its NIC, half its bytes on each tree, so a node is interior in one
  // and a leaf in the other.
  std::optional<ShapePhase> nvls_tree() {
    if (N_ < 2 || g_ < pl_.params_.nvls.min_gpus || R_ == 0) return std::nullopt;
    auto sws = nvls_switches();
    if (!sws) return std::nullopt;
    ShapePhase ph;
    ph.name = "nvls_tree";
    ph.nvls = true;
    ph.tree = true;
    ph.channel_vars = false;
    TimePs lat = add_nvls_flows(ph, *sws, 1.0 + 1.0 / g_);
    const std::vector<int> local = local_ranks();
    for (std::size_t h = 0; h < local.size(); ++h) {
      const int head = local[h];
      const int nic = pl_.balanced_nic(head) >= 0 ? pl_.balanced_nic(head) : static_cast<int>(h) % R_;
      for (int t = 0; t < 2; ++t) {
        for (int j = 0; j < N_; ++j) {
          const int parent = tree_parent(t, j);
          if (parent < 0) continue;
          const int node = node_ids_[at(j)];
          VarBuilder vb;
          net_cross(vb, gpu_v(node, head), node, nic, parent, nic, gpu_v(parent, head));
          net_cross(vb, gpu_v(parent, head), parent, nic, node, nic, gpu_v(node, head));
          lat = std::max(lat, vb.latency());
          ph.vars.push_back(vb.build(0.5 / g_));
        }
      }
    }
    ph.steps_intra = 1;
    ph.steps_inter = 2 * floor_log2(N_);
    ph.fill_steps = pl_.params_.nvls.pipeline_stages;
    ph.net_fill_steps = 2 * floor_log2(N_);
    ph.nvls_vars = n_;
    ph.tree_heads = g_;
    ph.fill_ranks = g_;
    ph.path_latency_ps = lat;
    ph.intra = HwClass::nvlink;
    return ph;
  }

  // NVLS inside one node (NCCL's rules: multi-node NVLS needs CollNet; more than 2 GPUs, every
  // one sm_90 or later, all on one NVSwitch with NVLink SHARP): S(1+1/n) each way per GPU.
  std::optional<ShapePhase> nvls() {
    if (N_ != 1 || n_ < pl_.params_.nvls.min_gpus) return std::nullopt;
    auto sws = nvls_switches();
    if (!sws) return std::nullopt;
    ShapePhase ph;
    ph.name = "nvls";
    ph.nvls = true;
    ph.channel_vars = false;
    ph.path_latency_ps = add_nvls_flows(ph, *sws, 1.0 + 1.0 / n_);
    ph.steps_intra = 1;
    ph.fill_steps = pl_.params_.nvls.pipeline_stages;
    ph.fill_ranks = n_;
    ph.intra = HwClass::nvlink;
    return ph;
  }

  // --- tree ---

  // The parent node of the j-th node in NCCL's double binary tree t (0, or 1: the mirror
  // image), or -1 at the root.
  int tree_parent(int t, int j) const {
    const int pos = t == 0 ? j : N_ - 1 - j;
    if (pos == 0) return -1;
    const int ppos = (pos - 1) / 2;
    return node_ids_[at(t == 0 ? ppos : N_ - 1 - ppos)];
  }

  // The tree all_reduce: reduce up and broadcast down in one pipelined kernel, S per channel
  // over every edge in both directions.
  ShapePhase tree() {
    ShapePhase ph;
    ph.name = "tree";
    ph.tree = true;
    if (N_ == 1) tree_in_node(ph);
    else tree_across_nodes(ph);
    ph.intra = s_.all_nvlink ? HwClass::nvlink : HwClass::pcie;
    return ph;
  }

  // Inside a node: a chain along the ring order, every channel the same flow.
  void tree_in_node(ShapePhase& ph) {
    const int n = n_;
    const int ch = req_.channels > 0 ? req_.channels : 1;
    std::vector<int> order = pl_.ring_order(ranks_, req_.ring_order_auto);
    VarBuilder vb;
    for (int i = 0; i + 1 < n; ++i) {
      topo::Vertex a = c_.gpu(order[at(i)]), b = c_.gpu(order[at(i + 1)]);
      note_intra(c_.route(b, a));
      pl_.add_gpu_hop(vb, b, a);
      pl_.add_gpu_hop(vb, a, b);
    }
    ShapeVar v = vb.build(1.0 / ch);
    for (int k = 0; k < ch; ++k) ph.vars.push_back(v);
    ph.steps_intra = 2 * (n - 1);
    ph.fill_steps = 2 * (n - 1);
    ph.path_latency_ps = vb.latency();
  }

  // The chain of node-local GPUs of a tree channel on NIC `nic`, from its head.
  std::vector<int> tree_chain(int nic, int head, const std::vector<int>& local) const {
    std::vector<topo::Vertex> members;
    int first = 0;
    for (std::size_t i = 0; i < local.size(); ++i) {
      members.push_back(gpu_v(0, local[i]));
      if (local[i] == head) first = static_cast<int>(i);
    }
    std::vector<int> chain;
    if (req_.ring_order_auto && local.size() > 1) {
      for (int i : best_order(c_, members, false, first, -1, c_.nic(0, nic))) chain.push_back(local[at(i)]);
    } else {
      chain = local;
      std::rotate(chain.begin(), std::find(chain.begin(), chain.end(), head), chain.end());
    }
    return chain;
  }

  // Across nodes: channel k runs tree k mod 2 on NIC k mod R (at least 2 channels), a chain
  // inside each node from the head (the GPU the balanced assignment gives the NIC) and the
  // heads joined over the tree's edges.
  void tree_across_nodes(ShapePhase& ph) {
    if (R_ == 0) throw std::invalid_argument("a tree across nodes needs NICs");
    const std::vector<int> local = local_ranks();
    const std::vector<int> nics = pl_.nics_near(local);
    const int Rn = static_cast<int>(nics.size());
    const int ch = req_.channels > 0 ? req_.channels : std::max(2, Rn);
    TimePs lat = 0;
    for (int k = 0; k < ch; ++k) {
      const int t = k % 2, nic = nics[at(k % Rn)];
      int head = local.front();
      for (int l : local)
        if (pl_.balanced_nic(l) == nic) {
          head = l;
          break;
        }
      const std::vector<int> chain = tree_chain(nic, head, local);
      VarBuilder vb;
      for (int j = 0; j < N_; ++j) {
        const int node = node_ids_[at(j)];
        for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
          note_intra(c_.route(gpu_v(node, chain[i + 1]), gpu_v(node, chain[i])));
          pl_.add_gpu_hop(vb, gpu_v(node, chain[i + 1]), gpu_v(node, chain[i]));
          pl_.add_gpu_hop(vb, gpu_v(node, chain[i]), gpu_v(node, chain[i + 1]));
        }
        const int parent = tree_parent(t, j);
        if (parent < 0) continue;
        net_cross(vb, gpu_v(node, head), node, nic, parent, nic, gpu_v(parent, head));
        net_cross(vb, gpu_v(parent, head), parent, nic, node, nic, gpu_v(node, head));
      }
      lat = std::max(lat, vb.latency());
      ph.vars.push_back(vb.build(1.0 / ch));
    }
    ph.steps_intra = 2 * (g_ - 1);
    ph.steps_inter = 2 * floor_log2(N_);
    ph.fill_steps = 2 * (g_ - 1 + floor_log2(N_));
    ph.path_latency_ps = lat;
  }

  // --- hierarchical ---

  // How close positions i and j sit: 0 NVLink, 1 PCIe without a host bridge, 2 the same
  // socket, 3 the same node, 4 another node.
  int rel_level(int i, int j, const std::vector<int>& node_of) const {
    if (node_of[at(i)] != node_of[at(j)]) return 4;
    topo::Vertex a = c_.gpu(ranks_[at(i)]), b = c_.gpu(ranks_[at(j)]);
    const topo::Route& r = c_.route(a, b);
    if (all_nvlink(c_, r)) return 0;
    bool crosses_cpu = false, crosses_socket_link = false;
    for (auto l : r.links) {
      if (c_.link(l).cls == topo::LinkClass::cpu && !c_.is_transit(l)) crosses_socket_link = true;
      if (c_.device(c_.link_to(l)).type == topo::DeviceType::cpu) crosses_cpu = true;
    }
    if (crosses_socket_link) return 3;
    return crosses_cpu ? 2 : 1;
  }

  static int uf_find(std::vector<int>& p, int x) {
    while (p[at(x)] != x) x = p[at(x)] = p[at(p[at(x)])];
    return x;
  }

  // The groups of level lv (by position: each one's union-find label) joining the positions of
  // one previous group `prev` or of relation <= lv. Union-find over the pairs (i < j, i then j
  // ascending) for which that holds; the labels (roots) depend on that order, and they order
  // the groups. Only the candidate pairs are tried, every j > i that can hold (the same node,
  // the same previous group; at level 4 every pair, and from fresh labels i = 0 roots every j
  // at 0, after which each pair's union writes p[0] = 0 on trees of depth 1, changing nothing;
  // so only i = 0's): a false pair does nothing (not even a find), so skipping them is exact
  // while the work drops from n^2 pairs to n times a node's ranks.
  std::vector<int> group_level(int lv, const std::vector<int>& prev, const std::vector<int>& node_of,
                               std::map<int, std::vector<int>>& on_node) const {
    const int n = n_;
    std::map<int, std::vector<int>> in_prev;  // previous group -> positions, ascending
    if (lv < 4)
      for (int i = 0; i < n; ++i) in_prev[prev[at(i)]].push_back(i);
    std::vector<int> p(at(n));
    std::iota(p.begin(), p.end(), 0);
    std::vector<int> cand;
    for (int i = 0; i < n; ++i) {
      cand.clear();
      if (lv >= 4) {
        if (i == 0)
          for (int j = 1; j < n; ++j) cand.push_back(j);
      } else {
        for (const std::vector<int>* list : {&on_node[node_of[at(i)]], &in_prev[prev[at(i)]]})
          for (auto it = std::upper_bound(list->begin(), list->end(), i); it != list->end(); ++it) cand.push_back(*it);
        std::sort(cand.begin(), cand.end());
        cand.erase(std::unique(cand.begin(), cand.end()), cand.end());
      }
      for (int j : cand)
        if (prev[at(i)] == prev[at(j)] || rel_level(i, j, node_of) <= lv) p[at(uf_find(p, j))] = uf_find(p, i);
    }
    std::vector<int> id(at(n));
    for (int i = 0; i < n; ++i) id[at(i)] = uf_find(p, i);
    return id;
  }

  // The topology's levels (NVLink-connected groups, PCIe-switch groups, sockets, nodes, all),
  // each the group label of every position: a level is kept only if it coarsens the previous
  // one into groups of equal size.
  std::vector<std::vector<int>> hierarchy_levels() const {
    const int n = n_;
    std::vector<std::vector<int>> levels;
    std::vector<int> node_of(at(n));
    std::map<int, std::vector<int>> on_node;  // node -> positions, ascending
    for (int i = 0; i < n; ++i) {
      node_of[at(i)] = c_.device(c_.gpu(ranks_[at(i)])).node;
      on_node[node_of[at(i)]].push_back(i);
    }
    std::vector<int> prev(at(n));
    std::iota(prev.begin(), prev.end(), 0);
    for (int lv = 0; lv <= 4; ++lv) {
      std::vector<int> id = group_level(lv, prev, node_of, on_node);
      std::map<int, int> size;
      for (int x : id) ++size[x];
      std::map<int, int> prev_groups;
      for (int x : prev) ++prev_groups[x];
      bool uniform = true;
      for (const auto& [k, v] : size) uniform = uniform && v == size.begin()->second;
      if (size.size() == prev_groups.size() || !uniform) continue;
      levels.push_back(id);
      prev = id;
    }
    return levels;
  }

  // Level L's phase: a ring per peer set, the positions at the same place in each level-(L-1)
  // group `sub` inside one group of `grp`, working on `chunk` of S; reduce-scatter below the
  // top, all-reduce at the top. Rings crossing nodes run on each GPU's balanced NIC.
  ShapePhase level_phase(std::size_t L, const std::vector<int>& grp, const std::vector<int>& sub, double chunk,
                         bool is_top) {
    std::map<int, std::vector<int>> sub_members;
    for (int i = 0; i < n_; ++i) sub_members[sub[at(i)]].push_back(i);
    std::map<std::pair<int, int>, std::vector<int>> peer;  // (group, position) -> ranks (positions)
    for (const auto& [sid, mem] : sub_members)
      for (std::size_t p = 0; p < mem.size(); ++p) peer[{grp[at(mem[p])], static_cast<int>(p)}].push_back(mem[p]);
    const int m = static_cast<int>(peer.begin()->second.size());
    ShapePhase ph;
    ph.name = (is_top ? "all_reduce L" : "reduce_scatter L") + std::to_string(L + 1);
    bool crosses_nodes = false, intra_nv = true;
    TimePs lat = 0;
    for (const auto& [key, mem] : peer) {
      std::vector<int> pranks;
      for (int i : mem) pranks.push_back(ranks_[at(i)]);
      std::vector<int> order = pranks;
      const bool multi = c_.device(c_.gpu(pranks.front())).node != c_.device(c_.gpu(pranks.back())).node;
      if (!multi) order = pl_.ring_order(pranks, req_.ring_order_auto);
      VarBuilder vb;
      for (std::size_t i = 0; i < order.size() && order.size() > 1; ++i) {
        const int a = order[i], b = order[(i + 1) % order.size()];
        topo::Vertex va = c_.gpu(a), vb2 = c_.gpu(b);
        if (c_.device(va).node != c_.device(vb2).node) {
          crosses_nodes = true;
          const int na = pl_.balanced_nic(local_of(a)), nb = pl_.balanced_nic(local_of(b));
          if (na < 0 || nb < 0) throw std::invalid_argument("hierarchical across nodes needs NICs");
          net_cross(vb, va, c_.device(va).node, na, c_.device(vb2).node, nb, vb2);
        } else {
          const topo::Route& r = c_.route(va, vb2);
          if (!all_nvlink(c_, r)) intra_nv = false;
          note_intra(r);
          pl_.add_gpu_hop(vb, va, vb2);
        }
      }
      lat = std::max(lat, vb.latency());
      const double f = is_top ? 2.0 * (m - 1) / m * chunk : static_cast<double>(m - 1) / m * chunk;
      ph.vars.push_back(vb.build(f));
    }
    ph.path_latency_ps = lat;
    ph.intra = intra_nv ? HwClass::nvlink : HwClass::pcie;
    const int steps = is_top ? 2 * (m - 1) : m - 1;
    if (crosses_nodes) ph.steps_inter = steps;
    else ph.steps_intra = steps;
    ph.fill_steps = steps;
    ph.fill_ranks = m;
    ph.channel_vars = false;
    return ph;
  }

  // Hierarchical all_reduce over the topology's levels: reduce-scatter inside each level from
  // the bottom up (each leaves a 1/m chunk to the next), all-reduce at the top, all-gather back
  // down, as separate phases. None with one level (the same as a flat ring).
  std::optional<std::vector<ShapePhase>> hierarchical() {
    const std::vector<std::vector<int>> levels = hierarchy_levels();
    if (levels.size() < 2) return std::nullopt;
    std::vector<ShapePhase> rs, ag;
    ShapePhase top;
    double chunk = 1.0;  // share of S each rank holds entering a level
    std::vector<int> sub(at(n_));
    std::iota(sub.begin(), sub.end(), 0);  // level -1: singletons
    for (std::size_t L = 0; L < levels.size(); ++L) {
      const bool is_top = L + 1 == levels.size();
      ShapePhase ph = level_phase(L, levels[L], sub, chunk, is_top);
      if (is_top) {
        top = ph;
      } else {
        const int m = ph.fill_ranks;
        rs.push_back(ph);
        ShapePhase back = ph;
        back.name = "all_gather L" + std::to_string(L + 1);
        ag.insert(ag.begin(), back);
        chunk /= m;
      }
      sub = levels[L];
    }
    std::vector<ShapePhase> phases = rs;
    phases.push_back(top);
    phases.insert(phases.end(), ag.begin(), ag.end());
    return phases;
  }

  Planner& pl_;
  const topo::Cluster& c_;
  const Request& req_;
  const std::vector<int>& ranks_;
  const int n_;     // ranks
  const int R_;     // NICs per node
  const int gpn_;   // GPUs per node
  const bool socket_;  // the NICs run NCCL's socket transport
  int N_ = 1, g_ = 1;  // nodes taking part, ranks on each
  std::map<int, std::vector<int>> by_node_;  // node -> its ranks, in rank order
  std::vector<int> node_ids_;                // the nodes, ascending
  Shape s_;
};

std::optional<Planner::Shape> Planner::shape(Algo algo, const Request& req, const std::vector<int>& ranks) {
  return ShapeBuilder(*this, req, ranks).build(algo);
}

void Planner::compute_isolated_rates(ShapePhase& ph) const {
  // Isolated max-min rates of the phase's flows (the same model the engine will run).
  net::MaxMinSystem sys;
  // The cluster's link id -> the system's (a flat table: shapes at thousands of nodes expand
  // millions of uses, where a map's lookups cost more than the solve).
  constexpr net::LinkId kNone = std::numeric_limits<net::LinkId>::max();
  std::vector<net::LinkId> local(c_.directed_link_count(), kNone);
  std::vector<net::VarId> ids;
  for (const ShapeVar& v : ph.vars) {
    net::VarId id = sys.add_variable();
    for (const auto& u : v.uses) {
      net::LinkId& l = local[static_cast<std::size_t>(u.link)];
      if (l == kNone) l = sys.add_link(c_.link(u.link).capacity_bytes_per_s);
      sys.expand(id, l, u.coeff);
    }
    ids.push_back(id);
  }
  sys.solve(true);
  ph.isolated_rate.clear();
  for (auto id : ids) ph.isolated_rate.push_back(sys.rate(id));
}

namespace {

// A ring's protocol throughput bound (ProtocolParams::max_busbw_bytes_per_s): the data each
// rank's ring moves (the channels' shares added; parallel groups: the largest) at the bound,
// less the time the links already take (`link_s`: transfer and ramp). 0 without a bound, and
// for trees and NVLS, whose kernels the bound does not describe.
double protocol_bound_s(const ShapePhase& sp, const ProtocolParams& pp, bool multi_node, double bytes, double link_s) {
  const double bound = pp.max_busbw_bytes_per_s[multi_node ? 1 : 0];
  if (!(bound > 0) || sp.tree || sp.nvls) return 0;
  double factor = 0;
  for (const ShapeVar& v : sp.vars) factor = sp.channel_vars ? factor + v.bytes_factor : std::max(factor, v.bytes_factor);
  return std::max(0.0, factor * bytes / bound - link_s);
}

// NVLSTree's pipeline fill. enqueue.cc calcCollChunking (NVLS_TREE): the chunk is NVLS's
// (128 KiB), at most nvls.tree_max_chunk from 4 nodes on (NCCL_NVLSTREE_MAX_CHUNKSIZE's default),
// shrunk to 256/128/64/32 KiB while the buffer is under 32/16/4/1 x (channels x heads) chunks.
// The first chunk crosses the NVLS kernel's stages at a channel's share of its GPU's NVLS flow
// (the flow over c channels) and the trees' 2 log2(N) network steps at a channel's share of an
// edge: the c channels are spread over the heads, so c / heads of them share each head's edges.
double nvls_tree_fill_s(const ShapePhase& sp, const NvlsParams& nv, double share, double bytes, int c, int nodes) {
  const double ops = static_cast<double>(c) * sp.tree_heads;
  double chunk = nv.chunk_bytes;
  if (nodes >= 4) chunk = std::min(chunk, nv.tree_max_chunk_bytes);
  if (bytes < 32 * ops * chunk && chunk > 262144) chunk = 262144;
  if (bytes < 16 * ops * chunk && chunk > 131072) chunk = 131072;
  if (bytes < 4 * ops * chunk && chunk > 65536) chunk = 65536;
  if (bytes < 1 * ops * chunk && chunk > 32768) chunk = 32768;
  chunk = std::min(chunk, bytes / ops);
  double nvls_rate = std::numeric_limits<double>::infinity(), edge_rate = nvls_rate;
  for (std::size_t i = 0; i < sp.vars.size(); ++i) {
    double& r = static_cast<int>(i) < sp.nvls_vars ? nvls_rate : edge_rate;
    r = std::min(r, sp.isolated_rate[i]);
  }
  double fill = 0;
  if (std::isfinite(nvls_rate) && nvls_rate > 0) fill += sp.fill_steps * (chunk / share) / (nvls_rate / c);
  const double per_channel_edge = edge_rate * sp.tree_heads / c;
  if (std::isfinite(edge_rate) && edge_rate > 0 && sp.net_fill_steps > 1) fill += (sp.net_fill_steps - 1) * chunk / per_channel_edge;
  return fill;
}

}  // namespace

Plan Planner::finish(const Shape& s, Algo algo, Protocol proto, double bytes, int n) {
  Plan plan;
  plan.algo = algo;
  plan.protocol = proto;
  plan.ranks = n;
  plan.nccl_channels = s.channels;
  const ProtocolParams& pp = params_.protocols[static_cast<std::size_t>(proto)];
  const NvlsParams& nv = params_.nvls;
  // NCCL's proxy overhead per step of a multi-node ring (tuning.cc getNetOverhead).
  TimePs net_overhead = 0;
  if (s.multi_node) {
    const topo::Vertex cpu = c_.nearest_cpu(c_.gpu(0));
    const std::string& cpu_name = c_.catalog().cpus().at(c_.device(cpu).model).name;
    net_overhead = cpu_name.find("AMD") != std::string::npos ? params_.transports.net_overhead_amd_ps
                                                               : params_.transports.net_overhead_intel_ps;
    if (proto == Protocol::simple)
      net_overhead = static_cast<TimePs>(static_cast<double>(net_overhead) * params_.transports.net_overhead_simple_factor);
  }
  const TimePs socket_step = socket_transport() ? params_.transports.socket_step_ps : 0;
  TimePs estimate = 0, tuner_extra = 0;
  for (const ShapePhase& sp : s.phases) {
    Phase ph;
    ph.name = sp.name;
    TimePs lat = params_.call_overhead_ps + sp.path_latency_ps;
    const auto intra = static_cast<std::size_t>(sp.intra);
    if (sp.nvls) {
      // tuning.cc: NVLS latency = hwLat NVLS (baseLat 0); each of the kernel's stages hands
      // its chunk to the next through a FIFO flag, one Simple NVLink step each.
      lat += (sp.tree ? nv.tree_step_nvlink_ps : nv.step_nvlink_ps) +
             nv.pipeline_stages * params_.protocols[2].ring_step_ps[0] +
             sp.steps_inter * (nv.tree_step_network_ps + socket_step);
    } else if (sp.tree) {
      lat += pp.base_tree_ps + sp.steps_intra * pp.tree_step_ps[intra] +
             sp.steps_inter * (pp.tree_step_ps[2] + socket_step);
    } else {
      const TimePs intra_step = std::max(pp.ring_step_ps[intra], net_overhead);
      const TimePs steps_ps = pp.base_ring_ps + sp.steps_intra * intra_step + sp.steps_inter * (pp.ring_step_ps[2] + socket_step);
      lat += steps_ps;
      tuner_extra += ring_plateau_extra(s, algo, proto, bytes, n, steps_ps);
    }
    const double share = sp.nvls ? nv.share_for(s.min_arch) : pp.bandwidth_share;
    TimePs slowest = 0;
    double rate = sp.channel_vars ? 0.0 : std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < sp.vars.size(); ++i) {
      const ShapeVar& v = sp.vars[i];
      // NVLSTree: the NVLS share is the multimem traffic's on NVLink; the trees' network edges
      // carry the protocol's (Simple: data only).
      const bool net_edge = sp.nvls && sp.tree && static_cast<int>(i) >= sp.nvls_vars;
      const double wire = v.bytes_factor * bytes / (net_edge ? pp.bandwidth_share : share);
      ph.flows.push_back(engine::TaskGraph::FlowInput{{}, wire, v.shared});
      slowest = std::max(slowest, duration_for_bytes(wire, sp.isolated_rate[i]));
      rate = sp.channel_vars ? rate + sp.isolated_rate[i] : std::min(rate, sp.isolated_rate[i]);
    }
    // Channels launched for this size (enqueue.cc topoGetAlgoInfo; NVLS keeps all).
    const int c = sp.nvls ? nv.channels_for(s.min_arch, s.multi_node) : std::max(1, s.channels);
    int c_eff = c;
    if (!sp.nvls) {
      const double per = pp.threads * pp.thread_threshold_bytes * (pp.threshold_per_rank ? n : 1);
      while (c_eff > 1 && bytes < c_eff * per) --c_eff;
    }
    // A channel moves at most rate / c: fewer channels stretch the transfer.
    const double ramp_s = ps_to_seconds(slowest) * (static_cast<double>(c) / c_eff - 1.0);
    // Pipeline fill: the first granule crosses every step before the pipeline runs full.
    double granule = 0;
    const double per_channel = bytes / c_eff;
    if (sp.nvls) {
      // enqueue.cc calcCollChunking, NVLS: the chunk shrinks for small messages.
      const double ops = static_cast<double>(c) * n;
      granule = nv.chunk_bytes;
      if (bytes < 64 * ops * granule && granule > 65536) granule = 65536;
      if (bytes < 8 * ops * granule && granule > 32768) granule = 32768;
      if (bytes < 2 * ops * granule && granule > 16384) granule = 16384;
      granule = std::min(granule, per_channel / n);
    } else {
      const double slot = pp.buffer_bytes / params_.protocol_steps * pp.bandwidth_share;  // data per FIFO slot
      const double chunk = std::min(pp.chunk_steps * slot, per_channel / sp.fill_ranks);
      granule = std::min(slot, chunk * pp.slice_steps / pp.chunk_steps);
    }
    double fill_s = 0;
    if (sp.nvls && sp.tree)
      fill_s = nvls_tree_fill_s(sp, nv, share, bytes, c, s.nodes);
    else if (sp.fill_steps > 1 && rate > 0 && std::isfinite(rate))
      fill_s = (sp.fill_steps - 1) * (granule / share) / (rate / c);
    lat += seconds_to_ps(ramp_s + fill_s + protocol_bound_s(sp, pp, s.multi_node, bytes, ps_to_seconds(slowest) + ramp_s));
    tuner_extra += ll_tuner_extra(s, sp, proto, bytes, ps_to_seconds(slowest) + ramp_s);
    ph.latency_ps = lat;
    estimate += lat + slowest;
    plan.sms_per_rank = std::max(plan.sms_per_rank, c_eff);
    plan.phases.push_back(std::move(ph));
  }
  plan.estimate_ps = estimate;
  plan.choice_ps = estimate + tuner_extra;
  return plan;
}

// NCCL's tuner charges a multi-node Simple ring all_reduce 1.4x its latency (1.9x before sm_80)
// once each rank's share per channel is at least 64 B (ncclTopoGetAlgoTime, "plateau effect of
// ring"): the extra part of this phase's base and step latencies, for the choice only.
TimePs Planner::ring_plateau_extra(const Shape& s, Algo algo, Protocol proto, double bytes, int n, TimePs steps_ps) const {
  if (algo != Algo::ring || proto != Protocol::simple || !s.multi_node || s.op != Op::all_reduce) return 0;
  if (bytes / (static_cast<double>(std::max(1, s.channels)) * n) < 64) return 0;
  const TunerParams& t = params_.tuner;
  const double factor = s.min_arch >= 80 ? t.ring_plateau_factor_sm80 : t.ring_plateau_factor_older;
  return static_cast<TimePs>(static_cast<double>(steps_ps) * (factor - 1.0));
}

// NCCL's tuner credits LL across nodes with at most llMaxBw of bus bandwidth (its row by CPU
// vendor, its column 2 nodes or more), on rings and trees. A fitted bound (a network
// calibration's ll_max_busbw) already bounds the time, so the tuner's is not added then. The
// bus bytes: a ring's channels' shares (2(n-1)/n S for all_reduce); a tree's 2 S (NCCL's tree
// algorithm bandwidth is half its bus bandwidth). For the choice only: `link_s` is the time the
// links already take.
TimePs Planner::ll_tuner_extra(const Shape& s, const ShapePhase& sp, Protocol proto, double bytes, double link_s) const {
  if (proto != Protocol::ll || !s.multi_node || sp.nvls) return 0;
  if (params_.protocols[static_cast<std::size_t>(Protocol::ll)].max_busbw_bytes_per_s[1] > 0) return 0;
  const topo::Vertex cpu = c_.nearest_cpu(c_.gpu(0));
  const bool amd = c_.catalog().cpus().at(c_.device(cpu).model).name.find("AMD") != std::string::npos;
  const double bound = params_.tuner.ll_max_busbw_multi_node[amd ? 1 : 0][s.nodes <= 2 ? 0 : 1];
  double bus = 0;
  if (sp.tree) {
    bus = 2.0;
  } else {
    for (const ShapeVar& v : sp.vars) bus = sp.channel_vars ? bus + v.bytes_factor : std::max(bus, v.bytes_factor);
  }
  return seconds_to_ps(std::max(0.0, bus * bytes / bound - link_s));
}

int Planner::oldest_arch(const std::vector<int>& ranks) const {
  int arch = std::numeric_limits<int>::max();
  for (int r : ranks) arch = std::min(arch, arch_number(c_.gpu_model(r).arch));
  return arch;
}

// Shapes do not depend on the size: build each once per (algorithm, request form).
std::optional<Planner::Shape>& Planner::cached_shape(Algo a, const Request& rq, const std::vector<int>& ranks) {
  std::string key = std::to_string(static_cast<int>(a)) + "/" + std::to_string(static_cast<int>(rq.op)) + "/" +
                    (rq.ring_order_auto ? "a" : "g") + "/" + std::to_string(rq.channels) + "/";
  for (int r : ranks) key += std::to_string(r) + ",";
  auto cached = shape_cache_.find(key);
  if (cached == shape_cache_.end()) {
    std::optional<Shape> built = shape(a, rq, ranks);
    if (built) {
      for (ShapePhase& ph : built->phases) {
        for (ShapeVar& v : ph.vars) v.shared = std::make_shared<const std::vector<net::LinkUse>>(v.uses);
        compute_isolated_rates(ph);
      }
    }
    cached = shape_cache_.emplace(key, std::move(built)).first;
  }
  return cached->second;
}

Plan Planner::plan(const Request& req) {
  std::vector<int> ranks = req.ranks;
  if (ranks.empty()) {
    ranks.resize(static_cast<std::size_t>(c_.gpu_count()));
    std::iota(ranks.begin(), ranks.end(), 0);
  }
  const int n = static_cast<int>(ranks.size());
  const bool a2a = req.op == Op::all_to_all;
  if (a2a && req.algo != Algo::automatic && req.algo != Algo::p2p)
    throw std::invalid_argument("all_to_all runs NCCL's p2p path (grouped send/recv to every rank); use --algo auto");
  if (!a2a && req.algo == Algo::p2p)
    throw std::invalid_argument("p2p is NCCL's path for all_to_all and send/recv, not for " + std::string(op_name(req.op)));
  if (a2a && req.protocol == Protocol::ll128) throw std::invalid_argument("NCCL's p2p path has no LL128; use LL or Simple");
  if (n == 1 || req.bytes <= 0) {
    Plan p;
    p.algo = a2a ? Algo::p2p : req.algo == Algo::automatic ? Algo::ring : req.algo;
    p.ranks = n;
    p.phases.push_back(Phase{"local", {}, params_.call_overhead_ps});
    p.estimate_ps = params_.call_overhead_ps;
    return p;
  }
  if (a2a) return finish_p2p(p2p_shape(ranks, -1, -1, req.channels), req.bytes / n, req.protocol);
  std::vector<Algo> algos;
  // NCCL uses its tree only across nodes; inside one node `auto` keeps to ring and the
  // hierarchical scheme (an explicit --algo tree still runs the intra-node chain).
  std::set<int> nodes_used;
  for (int r : ranks) nodes_used.insert(c_.device(c_.gpu(r)).node);
  if (req.algo == Algo::automatic && nodes_used.size() > 1)
    algos = {Algo::ring, Algo::tree, Algo::hierarchical, Algo::nvls_tree};
  else if (req.algo == Algo::automatic) algos = {Algo::ring, Algo::hierarchical, Algo::nvls};
  else algos = {req.algo};
  const int arch = oldest_arch(ranks);
  auto get_shape = [&](Algo a, const Request& rq) -> std::optional<Shape>& { return cached_shape(a, rq, ranks); };
  std::optional<Plan> best;
  for (Algo a : algos) {
    std::optional<Shape>& s = get_shape(a, req);
    const bool nvls_kind = a == Algo::nvls || a == Algo::nvls_tree;
    if (s && s->channels == 0 && !nvls_kind) {
      // NCCL's channel count comes from its ring search over the same GPUs (connect.cc:
      // every algorithm but NVLS runs on comm->nChannels); a user's count replaces it.
      int ch = req.channels;
      if (ch <= 0) {
        Request ring_req = req;
        ring_req.op = Op::all_reduce;
        const std::optional<Shape>& ring = a == Algo::ring && req.op == Op::all_reduce ? s : get_shape(Algo::ring, ring_req);
        ch = ring ? search_channels(*ring, nodes_used.size() > 1, arch, ranks) : 1;
      }
      s->channels = ch;
    }
    if (s && nvls_kind) s->channels = params_.nvls.channels_for(arch, nodes_used.size() > 1);
    if (!s) {
      if (req.algo != Algo::automatic) {
        if (a == Algo::hierarchical && req.op == Op::all_reduce)
          throw std::invalid_argument("hierarchical needs a topology with more than one level (e.g. NVLink pairs under PCIe switches, or several nodes)");
        if (a == Algo::nvls && req.op == Op::all_reduce)
          throw std::invalid_argument("nvls needs one node of more than 2 sm_90+ GPUs on an NVSwitch with NVLink SHARP (devices.yaml switches: nvls: true)");
        if (a == Algo::nvls_tree && req.op == Op::all_reduce)
          throw std::invalid_argument("nvls_tree needs several nodes, each of more than 2 sm_90+ GPUs on an NVSwitch with NVLink SHARP, and NICs");
        throw std::invalid_argument(std::string(algo_name(a)) + " is modelled for all_reduce only; use --algo ring");
      }
      continue;
    }
    std::vector<Protocol> protos;
    if (req.protocol) protos = {*req.protocol};
    else protos = {Protocol::ll, Protocol::ll128, Protocol::simple};
    if (nvls_kind) {
      if (req.protocol && *req.protocol != Protocol::simple) {
        if (req.algo == a) throw std::invalid_argument("nvls and nvls_tree run the Simple protocol only");
        continue;
      }
      protos = {Protocol::simple};  // tuning.cc: NVLS is Simple only
    }
    for (Protocol p : protos) {
      if (!params_.protocols[static_cast<std::size_t>(p)].enabled) {
        if (req.protocol)
          throw std::invalid_argument(std::string(library_name(params_.library)) + " does not run " + protocol_name(p) +
                                      " on these GPUs (RCCL enables LL128 on gfx90a only; collectives.yaml rccl.protocols)");
        continue;
      }
      if (!req.protocol && params_.protocols[static_cast<std::size_t>(p)].nvlink_only && !s->all_nvlink) continue;
      Plan candidate = finish(*s, a, p, req.bytes, n);
      if (!best || candidate.choice_ps < best->choice_ps) best = std::move(candidate);
    }
  }
  if (!best) throw std::invalid_argument("no algorithm can run this collective");
  return *best;
}

// ---------------------------------------------------------------------------------------
// Point-to-point (see the header): send_recv and all_to_all.

struct Planner::P2pShape {
  ShapePhase phase;               // one var per operation (bytes factor 1), isolated rates
  std::vector<int> src, dst;      // per var: the ranks
  std::vector<int> need;          // per var: channels NCCL provisions for that peer
  std::vector<double> alone;      // per var: the path's rate with nothing else on it
  std::vector<HwClass> cls;       // per var: latency class
  int n = 0;                      // communicator ranks
  int nodes = 1, local = 1;       // nodes, most ranks on one node (maxLocalRanks)
  int p2p_channels = 1;           // P
  int per_peer = 1, per_op_min = 1;  // c_max, c_min
  double chunk_bytes = 0;         // Simple's step
  bool all_to_all = false;        // every round (all_to_all) or the peer's round only
  bool socket = false;
};

HwClass Planner::add_p2p_path(VarBuilder& vb, int src, int dst) {
  const topo::Vertex a = c_.gpu(src), b = c_.gpu(dst);
  const int na = c_.device(a).node, nb = c_.device(b).node;
  if (na == nb) {
    add_gpu_hop(vb, a, b);
    return all_nvlink(c_, c_.route(a, b)) ? HwClass::nvlink : HwClass::pcie;
  }
  if (c_.nics_per_node() == 0) throw std::invalid_argument("a send across nodes needs NICs");
  const int i = c_.device(a).local, j = c_.device(b).local;
  const int nic_j = balanced_nic(j);
  if (!socket_transport()) {
    // PXN: through the GPU of the receiver's local index on the sender's node, to its NIC.
    const topo::Vertex relay = c_.gpu(na, j);
    if (relay != a && all_nvlink(c_, c_.route(a, relay)) && c_.route(relay, c_.nic(na, nic_j)).transits == 0) {
      vb.add(c_.route(a, relay));
      add_net_cross(vb, relay, na, nic_j, nb, nic_j, b);
      return HwClass::network;
    }
  }
  add_net_cross(vb, a, na, balanced_nic(i), nb, nic_j, b);
  return HwClass::network;
}

int Planner::p2p_need(int a, int b, int comm_ranks, int p2p_channels) const {
  const P2pParams& pp = params_.p2p;
  const topo::Vertex va = c_.gpu(a), vb = c_.gpu(b);
  if (c_.device(va).node != c_.device(vb).node) {
    // paths.cc: "2 channels per NIC", halved with scale; at least the NICs that match the
    // GPU's bandwidth (one on every shipped system: NICs sized to the GPU's PCIe link).
    int net = pp.channels_network;
    while (net * comm_ranks > p2p_channels * pp.network_channel_load && net > 1) net /= 2;
    return std::max(1, net);
  }
  const topo::Route& r = c_.route(va, vb);
  if (!all_nvlink(c_, r) || r.links.empty()) return pp.channels_pcie;
  // NCCL's path bandwidth over its per-NVLink figure: the narrowest hop's NVLink count.
  int links = std::numeric_limits<int>::max();
  for (auto l : r.links) links = std::min(links, c_.link(l).count);
  return pp.channels_per_nvlink * std::max(1, links);
}

const Planner::P2pShape& Planner::p2p_shape(const std::vector<int>& comm, int src, int dst, int channels) {
  std::string key = (src < 0 ? "a2a/" : "sr/" + std::to_string(src) + ">" + std::to_string(dst) + "/") +
                    std::to_string(channels) + "/";
  for (int r : comm) key += std::to_string(r) + ",";
  if (auto it = p2p_cache_.find(key); it != p2p_cache_.end()) return *it->second;

  auto sp = std::make_unique<P2pShape>();
  P2pShape& s = *sp;
  s.n = static_cast<int>(comm.size());
  s.all_to_all = src < 0;
  s.socket = socket_transport();
  std::map<int, std::vector<int>> by_node;
  for (int r : comm) by_node[c_.device(c_.gpu(r)).node].push_back(r);
  s.nodes = static_cast<int>(by_node.size());
  for (const auto& [node, rs] : by_node) s.local = std::max(s.local, static_cast<int>(rs.size()));
  if (s.nodes > 1 && c_.nics_per_node() == 0) throw std::invalid_argument("a send across nodes needs NICs");

  // The communicator's ring channels (NCCL's search, or the user's count), then the p2p ones.
  int ring_channels = channels;
  if (ring_channels <= 0) {
    Request rq;
    rq.ranks = comm;
    const std::optional<Shape>& ring = cached_shape(Algo::ring, rq, comm);
    ring_channels = ring ? search_channels(*ring, s.nodes > 1, oldest_arch(comm), comm) : 1;
  }
  const int max_ch = params_.channels.max;
  s.p2p_channels = std::min(pow2_up(std::min(ring_channels, max_ch)), pow2_down(max_ch));
  int min_need = s.p2p_channels;
  const std::vector<int>& first = by_node.begin()->second;  // nodes are alike: one node's GPUs
  for (int g : first)
    for (int r : comm)
      if (r != g) min_need = std::min(min_need, p2p_need(g, r, s.n, s.p2p_channels));
  s.per_peer = std::min(s.p2p_channels, pow2_up(min_need));
  s.per_op_min = s.per_peer;
  while (s.per_op_min * s.n > s.p2p_channels && s.per_op_min > 1) s.per_op_min /= 2;

  // Simple's step: the network chunk across nodes, the NVLink one if every pair of the node's
  // GPUs is NVLink (comm->isAllNvlink), else the PCIe one; at most a FIFO slot.
  bool every_nvlink = true;
  for (int g : first)
    for (int r : first)
      if (g != r) every_nvlink = every_nvlink && all_nvlink(c_, c_.route(c_.gpu(g), c_.gpu(r)));
  const P2pParams& pp = params_.p2p;
  s.chunk_bytes = s.nodes > 1 ? pp.chunk_network_bytes : every_nvlink ? pp.chunk_nvlink_bytes : pp.chunk_pcie_bytes;
  s.chunk_bytes = std::min(s.chunk_bytes, params_.protocols[2].buffer_bytes / params_.protocol_steps);

  std::vector<std::pair<int, int>> ops;
  if (s.all_to_all) {
    for (int a : comm)
      for (int b : comm)
        if (a != b) ops.emplace_back(a, b);
  } else {
    ops.emplace_back(src, dst);
  }
  TimePs lat = 0;
  for (const auto& [a, b] : ops) {
    VarBuilder vb;
    s.cls.push_back(add_p2p_path(vb, a, b));
    lat = std::max(lat, vb.latency());
    ShapeVar v = vb.build(1.0);
    double alone = std::numeric_limits<double>::infinity();
    for (const auto& u : v.uses) alone = std::min(alone, c_.link(u.link).capacity_bytes_per_s / u.coeff);
    v.shared = std::make_shared<const std::vector<net::LinkUse>>(v.uses);
    s.phase.vars.push_back(std::move(v));
    s.alone.push_back(alone);
    s.src.push_back(a);
    s.dst.push_back(b);
    s.need.push_back(p2p_need(a, b, s.n, s.p2p_channels));
  }
  s.phase.name = s.all_to_all ? "all_to_all" : "send_recv";
  s.phase.channel_vars = false;
  s.phase.path_latency_ps = lat;
  compute_isolated_rates(s.phase);
  return *p2p_cache_.emplace(key, std::move(sp)).first->second;
}

Plan Planner::finish_p2p(const P2pShape& s, double op_bytes, std::optional<Protocol> forced) {
  const P2pParams& pp = params_.p2p;
  // enqueue.cc: LL up to the threshold where the connection has LL buffers (never to self).
  auto protocol = [&](bool remote, bool self) {
    const bool ll_buffers = !self && (!remote || pp.network_ll_buffers);
    if (forced) return *forced == Protocol::ll && ll_buffers ? Protocol::ll : Protocol::simple;
    return ll_buffers && op_bytes <= pp.ll_threshold_bytes * s.per_peer ? Protocol::ll : Protocol::simple;
  };
  // enqueue.cc addP2pToPlan: the channels one operation runs on.
  auto op_channels = [&](Protocol p) {
    if (op_bytes <= 0) return 1;
    const double step = p == Protocol::ll ? params_.protocols[0].buffer_bytes / params_.protocol_steps : s.chunk_bytes;
    const double lo = step * (s.nodes > 1 ? pp.part_min_nodes : pp.part_min_node);
    const double hi = step * (s.nodes > 1 ? pp.part_max_nodes : pp.part_max_node);
    int c = static_cast<int>(std::min<double>(s.per_op_min, std::ceil(op_bytes / lo)));
    double part = std::max(lo, std::ceil(op_bytes / c));
    while (part > hi && c <= s.per_peer / 2) {
      c *= 2;
      part = std::ceil(op_bytes / c);
    }
    return c;
  };
  // The kernel's channels: every round's parts from the round's base channel
  // (channel.h ncclP2pChannelBaseForRound); a lone send runs in its peer's round, 1.
  std::vector<int> works(static_cast<std::size_t>(s.p2p_channels), 0);
  auto add_round = [&](int round, Protocol p) {
    int base = round;
    if (s.nodes > 1) {
      const int per_batch = pp.works_per_batch;
      base = (round / s.local) * ((s.local + per_batch - 1) / per_batch) + (round % s.local) / per_batch;
    }
    base &= 0xff;
    for (int part = 0, c = op_channels(p); part < c; ++part)
      ++works[static_cast<std::size_t>(p2p_channel_for_part(s.p2p_channels, base, part))];
  };
  if (s.all_to_all) {
    for (int r = 0; r < s.n; ++r) {
      const bool remote = s.nodes > 1 && r >= s.local;
      add_round(r, protocol(remote, r == 0));
    }
  } else {
    add_round(1, protocol(s.nodes > 1, false));
  }
  int ctas = 0, most = 0;
  for (int w : works) {
    ctas += w > 0;
    most = std::max(most, w);
  }
  const int batches = (most + pp.works_per_batch - 1) / pp.works_per_batch;

  Plan plan;
  plan.algo = Algo::p2p;
  plan.protocol = Protocol::ll;
  plan.ranks = s.n;
  plan.nccl_channels = s.p2p_channels;
  plan.sms_per_rank = ctas;
  Phase ph;
  ph.name = s.phase.name;
  TimePs steps = 0, slowest = 0;
  double slowest_s = 0, slowest_capped_s = 0;
  const TimePs socket_step = s.socket ? params_.transports.socket_step_ps : 0;
  for (std::size_t i = 0; i < s.phase.vars.size(); ++i) {
    const bool remote = s.cls[i] == HwClass::network;
    const Protocol p = protocol(remote, false);
    if (p == Protocol::simple) plan.protocol = Protocol::simple;
    const ProtocolParams& pr = params_.protocols[static_cast<std::size_t>(p)];
    steps = std::max(steps, pr.base_ring_ps + batches * (pr.ring_step_ps[static_cast<std::size_t>(s.cls[i])] +
                                                         (remote ? socket_step : 0)));
    if (op_bytes <= 0) continue;
    const double wire = op_bytes / pr.bandwidth_share;
    const double rate = s.phase.isolated_rate[i];
    ph.flows.push_back(engine::TaskGraph::FlowInput{{}, wire, s.phase.vars[i].shared});
    slowest = std::max(slowest, duration_for_bytes(wire, rate));
    // A channel moves at most R_alone / need: fewer channels than need stretch an operation,
    // and the call ends when its slowest operation does.
    const double cap = op_channels(p) * s.alone[i] / s.need[i];
    slowest_s = std::max(slowest_s, wire / rate);
    slowest_capped_s = std::max(slowest_capped_s, wire / std::min(rate, cap));
  }
  const double ramp_s = slowest_capped_s - slowest_s;
  ph.latency_ps = params_.call_overhead_ps + s.phase.path_latency_ps + steps + seconds_to_ps(ramp_s);
  plan.estimate_ps = ph.latency_ps + slowest;
  plan.phases.push_back(std::move(ph));
  return plan;
}

Plan Planner::send_recv(int src_gpu, int dst_gpu, double bytes) {
  const int gpus = c_.gpu_count();
  if (src_gpu < 0 || src_gpu >= gpus || dst_gpu < 0 || dst_gpu >= gpus)
    throw std::invalid_argument("send_recv: GPU index out of range (the cluster has " + std::to_string(gpus) +
                                " GPUs)");
  if (src_gpu == dst_gpu) throw std::invalid_argument("send_recv: source and destination are the same GPU");
  if (!(bytes >= 0) || !std::isfinite(bytes)) throw std::invalid_argument("send_recv: bytes must be finite and >= 0");
  std::vector<int> comm{std::min(src_gpu, dst_gpu), std::max(src_gpu, dst_gpu)};
  return finish_p2p(p2p_shape(comm, src_gpu, dst_gpu, 0), bytes, std::nullopt);
}

engine::TaskId emit(const Plan& plan, engine::TaskGraph& graph, std::span<const engine::TaskId> deps,
                    const std::string& label, std::uint32_t category, engine::ServerId server) {
  std::vector<engine::TaskId> prev(deps.begin(), deps.end());
  engine::TaskId last = 0;
  for (const Phase& ph : plan.phases) {
    last = graph.add_transfer(ph.flows, ph.latency_ps, prev,
                              plan.phases.size() > 1 ? label + " " + ph.name : label, category, server);
    prev.assign(1, last);
  }
  return last;
}

}  // namespace simtrain::coll
