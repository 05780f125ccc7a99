#include "drive/replay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <queue>
#include <set>

#include "base/intervals.hpp"
#include "chakra/trace.hpp"
#include "coll/collective.hpp"
#include "coll/nccl_params.hpp"
#include "engine/executor.hpp"
#include "net/flow_network.hpp"
#include "scenario/device_match.hpp"
#include "scenario/error.hpp"
#include "topo/cluster.hpp"
#include "train/step_builder.hpp"
#include "work/cost.hpp"

namespace simtrain::drive {

namespace {

using chakra::EtNode;
using chakra::NodeKind;
using engine::TaskId;

enum Category : std::uint32_t { kGpu = 1, kCpu = 2, kComm = 3, kMarker = 4 };

// Bounds on what one replay simulates, so the picosecond clock (int64: 106 days) cannot wrap:
// the compute of all nodes together, and the bytes of all calls (1 PB at the 1 GB/s of a slow
// link is 1e6 s).
constexpr double kMaxReplayPs = 1e6 * 1e12;
constexpr double kMaxReplayBytes = 1e15;

coll::Op coll_op(chakra::CollType t) {
  switch (t) {
    case chakra::CollType::all_reduce: return coll::Op::all_reduce;
    case chakra::CollType::reduce_scatter: return coll::Op::reduce_scatter;
    case chakra::CollType::all_gather: return coll::Op::all_gather;
    case chakra::CollType::broadcast: return coll::Op::broadcast;
    case chakra::CollType::all_to_all: return coll::Op::all_to_all;
  }
  return coll::Op::all_reduce;
}

// A vertex of the replayed graph: one rank's node, or a collective / send-receive pair whose
// endpoints are on several ranks.
struct Vertex {
  std::vector<chakra::Endpoint> ends;
  enum { node, collective, p2p } what = node;
  std::uint32_t index = 0;  // into trace.collectives / trace.p2p
  TaskId first = 0, last = 0;  // its tasks (a collective's phases: first .. last)
  std::vector<std::uint32_t> deps;
};

[[noreturn]] void fail_at(const chakra::Trace& t, const chakra::Endpoint& e, const std::string& what) {
  const auto& rt = t.ranks[static_cast<std::size_t>(e.rank)];
  const EtNode& n = rt.nodes[e.node];
  throw ScenarioError(rt.path, 0, 0, "",
                      fmt::format("record {} at byte {}: node {} '{}': {}", n.record, n.offset, n.id, chakra::shown_name(n.name), what));
}

std::optional<coll::Algo> algo_named(const std::string& s) {
  for (coll::Algo a : {coll::Algo::automatic, coll::Algo::ring, coll::Algo::tree, coll::Algo::hierarchical, coll::Algo::nvls,
                       coll::Algo::nvls_tree, coll::Algo::p2p})
    if (s == coll::algo_name(a)) return a;
  return std::nullopt;
}

// The roofline of a node known only by its FLOPs and bytes (see the header).
class FlopTimer {
 public:
  FlopTimer(const topo::Cluster& c, work::Precision p) : c_(c), prec_(p) {}
  double seconds(int gpu, double flops, double bytes) {
    const topo::GpuModel& m = c_.gpu_model(gpu);
    auto it = cal_.find(m.key);
    if (it == cal_.end())
      it = cal_.emplace(m.key, work::load_calibration(work::default_calibration_path(c_.catalog().path()), m.key)).first;
    const work::ComputeCalibration& cal = it->second;
    const std::string key = work::tensor_precision_key(prec_);
    auto peak = m.peak_flops.find(key);
    if (peak == m.peak_flops.end() || peak->second <= 0)
      throw ScenarioError("", 0, 0, "--precision", m.name + " has no " + key + " peak in the catalog");
    auto bp = cal.gemm_by_precision.find(key);
    const double e = bp != cal.gemm_by_precision.end() ? bp->second.max : cal.gemm.max;
    const double t_flops = flops / (peak->second * e);
    const double t_bytes = bytes > 0 ? bytes / (m.memory_bandwidth_bytes_per_s * cal.memory) : 0.0;
    return std::max(t_flops, t_bytes) + ps_to_seconds(cal.launch_ps);
  }

 private:
  const topo::Cluster& c_;
  work::Precision prec_;
  std::map<std::string, work::ComputeCalibration> cal_;
};

class Replayer {
 public:
  Replayer(const chakra::Trace& t, const topo::Cluster& c, std::vector<int> gpus, work::Precision prec)
      : t_(t), c_(c), gpus_(std::move(gpus)), planner_(c, coll::NcclParams::load_default(c.catalog().path())), flops_(c, prec) {}

  void build();
  engine::TaskGraph& graph() { return g_; }
  const std::vector<Vertex>& vertices() const { return v_; }
  std::uint64_t costed() const { return costed_; }
  std::uint64_t retuned() const { return retuned_; }

 private:
  void make_vertices();
  std::vector<std::uint32_t> order() const;
  void add(Vertex& v, std::span<const TaskId> deps);
  engine::ServerId stream(const std::string& key);
  const coll::Plan& plan(const chakra::Collective& col, const EtNode& n);

  const chakra::Trace& t_;
  const topo::Cluster& c_;
  std::vector<int> gpus_;
  coll::Planner planner_;
  FlopTimer flops_;
  engine::TaskGraph g_;
  std::vector<Vertex> v_;
  std::vector<std::vector<std::uint32_t>> vertex_of_;  // [rank][node] -> vertex
  std::vector<engine::ServerId> gpu_stream_, cpu_stream_;
  std::map<std::string, engine::ServerId> comm_streams_;
  std::map<std::tuple<int, double, int, std::vector<int>, std::string>, coll::Plan> plans_;
  std::uint64_t costed_ = 0, retuned_ = 0;
  double busy_ps_ = 0, comm_bytes_ = 0;
};

void Replayer::make_vertices() {
  vertex_of_.resize(t_.ranks.size());
  for (const auto& rt : t_.ranks) vertex_of_[static_cast<std::size_t>(rt.rank)].assign(rt.nodes.size(), 0xffffffffu);
  auto own = [&](const chakra::Endpoint& e, std::uint32_t v) { vertex_of_[static_cast<std::size_t>(e.rank)][e.node] = v; };
  for (std::uint32_t k = 0; k < t_.collectives.size(); ++k) {
    Vertex v;
    v.what = Vertex::collective;
    v.index = k;
    v.ends = t_.collectives[k].members;
    for (const auto& e : v.ends) own(e, static_cast<std::uint32_t>(v_.size()));
    v_.push_back(std::move(v));
  }
  for (std::uint32_t k = 0; k < t_.p2p.size(); ++k) {
    Vertex v;
    v.what = Vertex::p2p;
    v.index = k;
    v.ends = {t_.p2p[k].send, t_.p2p[k].recv};
    for (const auto& e : v.ends) own(e, static_cast<std::uint32_t>(v_.size()));
    v_.push_back(std::move(v));
  }
  for (const auto& rt : t_.ranks)
    for (std::uint32_t i = 0; i < rt.nodes.size(); ++i)
      if (vertex_of_[static_cast<std::size_t>(rt.rank)][i] == 0xffffffffu) {
        Vertex v;
        v.ends = {chakra::Endpoint{rt.rank, i}};
        own(v.ends[0], static_cast<std::uint32_t>(v_.size()));
        v_.push_back(std::move(v));
      }
  for (std::uint32_t k = 0; k < v_.size(); ++k) {
    std::vector<std::uint32_t>& d = v_[k].deps;
    for (const auto& e : v_[k].ends)
      for (std::uint32_t dep : t_.ranks[static_cast<std::size_t>(e.rank)].nodes[e.node].deps)
        d.push_back(vertex_of_[static_cast<std::size_t>(e.rank)][dep]);
    std::sort(d.begin(), d.end());
    d.erase(std::unique(d.begin(), d.end()), d.end());
  }
}

// Kahn's algorithm over the vertices, the lowest (node id, rank) first: each stream then runs
// its nodes in an order of the graph, and a trace simtrain wrote replays in its own order.
std::vector<std::uint32_t> Replayer::order() const {
  std::vector<std::uint32_t> pending(v_.size(), 0);
  std::vector<std::vector<std::uint32_t>> children(v_.size());
  for (std::uint32_t k = 0; k < v_.size(); ++k)
    for (std::uint32_t d : v_[k].deps) {
      if (d == k) fail_at(t_, v_[k].ends[0], "a collective or send/receive that waits on itself through another rank's nodes (a deadlock)");
      children[d].push_back(k);
      ++pending[k];
    }
  auto key = [&](std::uint32_t k) {
    const auto& e = v_[k].ends[0];
    return std::make_tuple(t_.ranks[static_cast<std::size_t>(e.rank)].nodes[e.node].id, e.rank, k);
  };
  using Key = decltype(key(0));
  std::priority_queue<Key, std::vector<Key>, std::greater<Key>> ready;
  for (std::uint32_t k = 0; k < v_.size(); ++k)
    if (!pending[k]) ready.push(key(k));
  std::vector<std::uint32_t> out;
  out.reserve(v_.size());
  while (!ready.empty()) {
    const std::uint32_t k = std::get<2>(ready.top());
    ready.pop();
    out.push_back(k);
    for (std::uint32_t c : children[k])
      if (--pending[c] == 0) ready.push(key(c));
  }
  if (out.size() != v_.size()) {
    std::uint32_t k = 0;
    while (!pending[k] || v_[k].what == Vertex::node) {
      if (++k == v_.size()) {
        k = 0;
        while (!pending[k]) ++k;
        break;
      }
    }
    fail_at(t_, v_[k].ends[0],
            "the ranks wait on each other and never reach it (a deadlock: collectives or sends/receives whose order "
            "differs between the ranks, or a dependency across ranks that closes a cycle)");
  }
  return out;
}

engine::ServerId Replayer::stream(const std::string& key) {
  auto it = comm_streams_.find(key);
  if (it != comm_streams_.end()) return it->second;
  return comm_streams_.emplace(key, g_.add_stream(key)).first->second;
}

const coll::Plan& Replayer::plan(const chakra::Collective& col, const EtNode& n) {
  std::vector<int> gpus;
  for (const auto& e : col.members) gpus.push_back(gpus_[static_cast<std::size_t>(e.rank)]);
  auto key = std::make_tuple(static_cast<int>(n.coll), n.comm_bytes, n.calls, gpus, n.algo);
  auto it = plans_.find(key);
  if (it != plans_.end()) return it->second;
  coll::Algo algo = coll::Algo::automatic;
  if (!n.algo.empty()) {
    auto a = algo_named(n.algo);
    if (!a) fail_at(t_, col.members[0], "simtrain_algo '" + chakra::shown_name(n.algo) + "' is not an algorithm of simtrain");
    algo = *a;
  }
  coll::Plan p;
  try {
    p = planner_.plan(train::group_request(coll_op(n.coll), n.comm_bytes / n.calls, gpus, algo, true));
  } catch (const std::invalid_argument& e) {
    // The algorithm the trace names was the recording cluster's (an NVLS all-reduce replayed on
    // PCIe GPUs): NCCL's tuner picks for this one, and the report counts it.
    if (algo == coll::Algo::automatic) fail_at(t_, col.members[0], std::string("cannot run this collective on the cluster: ") + e.what());
    try {
      p = planner_.plan(train::group_request(coll_op(n.coll), n.comm_bytes / n.calls, gpus, coll::Algo::automatic, true));
    } catch (const std::invalid_argument& e2) {
      fail_at(t_, col.members[0], std::string("cannot run this collective on the cluster: ") + e2.what());
    }
    ++retuned_;
  }
  return plans_.emplace(std::move(key), train::repeated(p, n.calls)).first->second;
}

void Replayer::add(Vertex& v, std::span<const TaskId> deps) {
  const auto& e0 = v.ends[0];
  const EtNode& n = t_.ranks[static_cast<std::size_t>(e0.rank)].nodes[e0.node];
  const std::string label = chakra::shown_name(n.name);
  const auto r = static_cast<std::size_t>(e0.rank);
  v.first = static_cast<TaskId>(g_.size());
  if (v.what == Vertex::node) {
    if (n.kind == NodeKind::marker) {
      v.last = g_.add_join(deps, label, kMarker);
      return;
    }
    TimePs d = 0;
    if (n.duration_ps) d = *n.duration_ps;
    else if (n.num_ops > 0 || n.tensor_bytes > 0) {
      const double s = flops_.seconds(gpus_[r], n.num_ops, n.tensor_bytes);
      if (s > ps_to_seconds(chakra::kMaxDurationPs))
        fail_at(t_, e0, fmt::format("num_ops {:g} and tensor_size {:g} B take {:.3g} s on this GPU, more than the 1e5 s one "
                                    "node may take", n.num_ops, n.tensor_bytes, s));
      d = seconds_to_ps(s);
      ++costed_;
    }
    busy_ps_ += static_cast<double>(d);
    if (busy_ps_ > kMaxReplayPs)
      fail_at(t_, e0, "the compute nodes up to here already take more than the 1e6 s of compute a replay may simulate");
    v.last = g_.add_work(n.cpu ? cpu_stream_[r] : gpu_stream_[r], d, deps, label, n.cpu ? kCpu : kGpu);
    return;
  }
  comm_bytes_ += n.comm_bytes;
  if (comm_bytes_ > kMaxReplayBytes)
    fail_at(t_, e0, "the communication up to here already moves more than the 1e15 B (1 PB) a replay may simulate");
  if (v.what == Vertex::collective) {
    const chakra::Collective& col = t_.collectives[v.index];
    const coll::Plan& p = plan(col, n);
    const std::string pg = n.pg.empty() ? "world" : "pg " + chakra::shown_name(n.pg);
    const engine::ServerId s = n.stream == "-" ? engine::kNoServer
                                               : stream(pg + (n.stream.empty() ? "" : " " + chakra::shown_name(n.stream)));
    v.last = coll::emit(p, g_, deps, label, kComm, s);
    return;
  }
  const chakra::P2p& pr = t_.p2p[v.index];
  const int src = gpus_[static_cast<std::size_t>(pr.send.rank)], dst = gpus_[static_cast<std::size_t>(pr.recv.rank)];
  coll::Plan p;
  try {
    p = planner_.send_recv(src, dst, n.comm_bytes);
  } catch (const std::invalid_argument& e) {
    fail_at(t_, pr.send, std::string("cannot send on the cluster: ") + e.what());
  }
  const engine::ServerId s =
      n.stream == "-" ? engine::kNoServer
                      : stream(fmt::format("p2p {}->{}{}", pr.send.rank, pr.recv.rank, n.stream.empty() ? "" : " " + chakra::shown_name(n.stream)));
  v.last = coll::emit(p, g_, deps, label, kComm, s);
}

void Replayer::build() {
  for (const auto& rt : t_.ranks) {
    gpu_stream_.push_back(g_.add_stream(fmt::format("rank {} gpu", rt.rank)));
    cpu_stream_.push_back(g_.add_stream(fmt::format("rank {} cpu", rt.rank)));
  }
  make_vertices();
  std::vector<TaskId> deps;
  for (std::uint32_t k : order()) {
    deps.clear();
    for (std::uint32_t d : v_[k].deps) deps.push_back(v_[d].last);
    add(v_[k], deps);
  }
}

// The chain of vertices that ends last, followed back through the dependency that ended last.
void critical_path(const chakra::Trace& t, const std::vector<Vertex>& v, const std::vector<engine::TaskRecord>& rec,
                   chakra::ReplayResult& out) {
  if (v.empty()) return;
  std::uint32_t k = 0;
  for (std::uint32_t i = 1; i < v.size(); ++i)
    if (rec[v[i].last].end > rec[v[k].last].end) k = i;
  std::vector<std::uint32_t> chain{k};
  while (!v[k].deps.empty()) {
    std::uint32_t best = v[k].deps[0];
    for (std::uint32_t d : v[k].deps)
      if (rec[v[d].last].end > rec[v[best].last].end) best = d;
    k = best;
    chain.push_back(k);
  }
  std::reverse(chain.begin(), chain.end());
  out.critical_path_nodes = chain.size();
  for (std::size_t i = chain.size() > 12 ? chain.size() - 12 : 0; i < chain.size(); ++i) {
    const Vertex& x = v[chain[i]];
    const auto& e = x.ends[0];
    const EtNode& n = t.ranks[static_cast<std::size_t>(e.rank)].nodes[e.node];
    const std::string who = x.what == Vertex::node ? fmt::format("rank {}", e.rank)
                            : x.what == Vertex::p2p ? fmt::format("ranks {}->{}", e.rank, x.ends[1].rank)
                                                    : fmt::format("{} ranks", x.ends.size());
    out.critical_path.push_back(fmt::format("{:.3f} ms  {}  {}", ps_to_seconds(rec[x.last].end) * 1e3, who,
                                            chakra::shown_name(n.name)));
  }
}

}  // namespace

chakra::ReplayResult replay_trace(const ReplayOptions& opt) {
  chakra::Trace trace = chakra::read_trace_dir(opt.dir, chakra::ReadOptions{opt.drop_missing_deps});
  // Only the nodes the ranks take are built (a 2-rank trace on --nodes 65536 once built
  // 524,288 GPUs, 2 GB and 10 s): the ranks fill nodes in order, and a node no rank runs on
  // carries none of the trace's traffic. One node first gives the GPUs per node.
  auto cluster = topo::load_system(opt.system_path, 1);
  const int gpn = cluster->gpus_per_node();
  const int per_node = opt.gpus_per_node > 0 ? opt.gpus_per_node : gpn;
  if (per_node > gpn)
    throw ScenarioError("", 0, 0, "--gpus-per-node", fmt::format("the system has {} GPUs per node", gpn));
  const int ranks = static_cast<int>(trace.ranks.size());
  const long long needed = (static_cast<long long>(ranks) + per_node - 1) / per_node;
  if (needed > opt.nodes)
    throw ScenarioError(opt.dir, 0, 0, "",
                        fmt::format("the trace has {} ranks; the cluster has {} GPUs ({} node(s) x {}): give --nodes {}",
                                    ranks, static_cast<long long>(opt.nodes) * per_node, opt.nodes, per_node, needed));
  if (needed > 1) cluster = topo::load_system(opt.system_path, static_cast<int>(needed));
  const topo::Cluster& c = *cluster;
  std::vector<int> gpus = c.first_gpus_of_each_node(per_node);
  gpus.resize(static_cast<std::size_t>(ranks));
  work::Precision prec;
  if (!work::parse_precision(opt.precision, prec))
    throw ScenarioError("", 0, 0, "--precision",
                        "unknown precision '" + opt.precision + "'; expected " + work::kPrecisionNames.choices());

  Replayer rp(trace, c, gpus, prec);
  rp.build();
  net::FlowNetwork network(c.link_capacities(), opt.full_solve);
  engine::Executor ex(network);
  const engine::RunStats st = ex.run(rp.graph());
  const auto& rec = ex.records();

  chakra::ReplayResult out;
  out.dir = opt.dir;
  out.system = c.name();
  out.gpu_model = c.gpu_model(gpus[0]).name;
  out.nodes = c.nodes();
  out.nodes_asked = opt.nodes;
  out.gpus = static_cast<int>(gpus.size());
  out.ranks = ranks;
  std::set<std::string> versions, traced_gpus;
  for (const auto& rt : trace.ranks) {
    versions.insert(rt.version.empty() ? "(none)" : rt.version);
    if (!rt.gpu.empty()) traced_gpus.insert(rt.gpu);
    out.steps = std::max(out.steps, rt.steps);
    out.nodes_read += rt.nodes.size();
    for (const auto& n : rt.nodes)
      if (n.kind == NodeKind::compute) {
        ++(n.cpu ? out.cpu_nodes : out.compute_nodes);
        if (n.duration_ps) ++out.timed_nodes;
      }
  }
  for (const auto& v : versions) out.versions += (out.versions.empty() ? "" : ", ") + v;
  // The traced GPU against the system's, by family (scenario/device_match.hpp): no rule carries
  // a traced kernel time to another GPU, so a difference is said, not corrected.
  for (const auto& g : traced_gpus) out.traced_gpu += (out.traced_gpu.empty() ? "" : ", ") + g;
  for (std::size_t r = 0; r < trace.ranks.size(); ++r) {
    if (trace.ranks[r].gpu.empty()) continue;
    const topo::GpuModel& has = c.gpu_model(gpus[r]);
    MeasuredDevice d;
    d.name = trace.ranks[r].gpu;
    if (match_device(d, SimulatedGpu{has.name, has.arch, has.sms, ""}) == DeviceMatch::other) out.traced_gpu_differs = true;
  }
  out.costed_nodes = rp.costed();
  out.retuned_plans = rp.retuned();
  out.zero_time_nodes = trace.stats.zero_time_nodes;
  out.ignored_attrs = trace.stats.ignored_attrs;
  out.dropped_deps = trace.stats.dropped_deps;
  out.events = st.events;
  out.tasks = rp.graph().size();
  out.time_s = ps_to_seconds(st.makespan_ps);

  // Per rank: its GPU, CPU and communication intervals.
  using Iv = std::vector<std::pair<TimePs, TimePs>>;
  std::vector<Iv> gpu_iv(static_cast<std::size_t>(ranks)), cpu_iv(gpu_iv), comm_iv(gpu_iv);
  std::vector<TimePs> end(static_cast<std::size_t>(ranks), 0);
  std::map<std::string, chakra::CommFigures> comm;
  const auto& vs = rp.vertices();
  for (const Vertex& v : vs) {
    const auto& e0 = v.ends[0];
    const EtNode& n = trace.ranks[static_cast<std::size_t>(e0.rank)].nodes[e0.node];
    // A collective's phases are chained tasks: from the first's start to the last's end.
    const TimePs start = rec[v.first].start;
    const auto span = std::make_pair(start, rec[v.last].end);
    for (const auto& e : v.ends) {
      const auto r = static_cast<std::size_t>(e.rank);
      end[r] = std::max(end[r], span.second);
      if (v.what != Vertex::node) comm_iv[r].push_back(span);
      else if (n.kind == NodeKind::compute) (n.cpu ? cpu_iv : gpu_iv)[r].push_back(span);
    }
    if (v.what != Vertex::node) {
      chakra::CommFigures& f = comm[v.what == Vertex::p2p ? "SEND/RECV" : chakra::coll_type_name(n.coll)];
      f.type = v.what == Vertex::p2p ? "SEND/RECV" : chakra::coll_type_name(n.coll);
      ++f.calls;
      f.bytes += n.comm_bytes;
      f.busy_s += ps_to_seconds(span.second - span.first);
    }
  }
  for (auto& [k, f] : comm) out.comm.push_back(f);
  const TimePs hi = st.makespan_ps;
  for (int r = 0; r < ranks; ++r) {
    const auto i = static_cast<std::size_t>(r);
    chakra::RankFigures f;
    f.rank = r;
    f.gpu = c.device(c.gpu(gpus[i])).name;
    f.end_s = ps_to_seconds(end[i]);
    f.gpu_s = union_length(gpu_iv[i], TimePs{0}, hi) * 1e-12;
    f.cpu_s = union_length(cpu_iv[i], TimePs{0}, hi) * 1e-12;
    f.comm_s = union_length(comm_iv[i], TimePs{0}, hi) * 1e-12;
    f.exposed_comm_s = covered_not_by(comm_iv[i], gpu_iv[i], TimePs{0}, hi) * 1e-12;
    out.per_rank.push_back(f);
  }
  critical_path(trace, vs, rec, out);
  return out;
}

}  // namespace simtrain::drive
