#include "drive/collective.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

#include "engine/executor.hpp"
#include "net/flow_network.hpp"
#include "report/run_report.hpp"
#include "scenario/device_match.hpp"
#include "scenario/error.hpp"

namespace simtrain::drive {

using report::LinkUse;
using report::SweepResult;
using report::SweepRow;

int dtype_size(const std::string& dtype) {
  if (dtype == "int8" || dtype == "uint8" || dtype == "fp8_e4m3" || dtype == "fp8_e5m2") return 1;
  if (dtype == "half" || dtype == "bfloat16") return 2;
  if (dtype == "float" || dtype == "int32" || dtype == "uint32") return 4;
  if (dtype == "double" || dtype == "int64" || dtype == "uint64") return 8;
  throw std::invalid_argument("unknown --dtype '" + dtype +
                              "': expected one of int8, uint8, half, bfloat16, float, int32, "
                              "uint32, double, int64, uint64");
}

SweepRow simulate_one(const topo::Cluster& cluster, coll::Planner& planner, coll::Request req,
                      bool full_solve, int top_links) {
  coll::Plan plan = planner.plan(req);
  engine::TaskGraph graph;
  coll::emit(plan, graph, {}, coll::op_name(req.op));
  net::FlowNetwork network(cluster.link_capacities(), full_solve);
  engine::Executor exec(network);
  engine::RunStats st = exec.run(graph);
  SweepRow row;
  row.size_bytes = req.bytes;
  row.time_us = ps_to_us(st.makespan_ps);
  const double t = ps_to_seconds(st.makespan_ps);
  row.algbw_gbps = t > 0 ? req.bytes / t / 1e9 : 0;
  row.busbw_gbps = row.algbw_gbps * coll::busbw_factor(req.op, plan.ranks);
  row.algo = coll::algo_name(plan.algo);
  row.protocol = coll::protocol_name(plan.protocol);
  row.events = st.events;
  std::vector<LinkUse> links;
  for (net::LinkId l = 0; l < network.link_count(); ++l) {
    const double b = network.link_bytes(l);
    if (b <= 0) continue;
    const topo::Link& lk = cluster.link(l);
    if (lk.cls == topo::LinkClass::network) row.network_bytes += b;
    LinkUse u;
    u.name = cluster.link_name(l);
    u.kind = lk.kind;
    u.bytes = b;
    u.utilization = t > 0 ? b / (network.capacity(l) * t) : 0;
    links.push_back(u);
  }
  std::stable_sort(links.begin(), links.end(), [](const LinkUse& a, const LinkUse& b) {
    return a.utilization > b.utilization;
  });
  if (static_cast<int>(links.size()) > top_links) links.resize(static_cast<std::size_t>(top_links));
  row.busiest = std::move(links);
  return row;
}

SweepResult run_sweep(const topo::Cluster& cluster, coll::Planner& planner, const SweepOptions& opt) {
  if (!(opt.factor > 1)) throw std::invalid_argument("-f (step factor) must be > 1");
  if (opt.min_bytes > opt.max_bytes) throw std::invalid_argument("-b (min bytes) exceeds -e (max bytes)");
  if (!(opt.min_bytes >= 1)) throw std::invalid_argument("-b (min bytes) must be at least 1");
  const int esize = dtype_size(opt.dtype);
  SweepResult r;
  r.system = cluster.name();
  if (planner.params().library == coll::Library::rccl) r.library = coll::library_name(coll::Library::rccl);
  r.nodes = cluster.nodes();
  r.ranks = opt.request.ranks.empty() ? cluster.gpu_count() : static_cast<int>(opt.request.ranks.size());
  r.op = coll::op_name(opt.request.op);
  r.dtype = opt.dtype;
  r.redop = opt.request.op == coll::Op::all_gather || opt.request.op == coll::Op::broadcast ? "none" : "sum";
  r.root = opt.request.op == coll::Op::broadcast ? 0 : -1;
  for (double size = opt.min_bytes; size <= opt.max_bytes * (1 + 1e-12); size *= opt.factor) {
    engine::poll_deadline(0);  // --max-seconds between sizes too (a size of few events never polls)
    // nccl-tests rounds a size down to whole elements (and, for the sharded ops, to a
    // multiple of the rank count).
    long long count = static_cast<long long>(size) / esize;
    if (opt.request.op == coll::Op::all_gather || opt.request.op == coll::Op::reduce_scatter)
      count = count / r.ranks * r.ranks;
    coll::Request req = opt.request;
    req.bytes = static_cast<double>(count) * esize;
    SweepRow row = simulate_one(cluster, planner, req, opt.full_solve);
    row.size_bytes = req.bytes;
    row.count = count;
    r.rows.push_back(std::move(row));
    if (opt.factor <= 1) break;
  }
  if (opt.error_bands) {
    // The generation of the first taking-part GPU (a system has one GPU model); multi-node
    // when the ranks span nodes.
    std::vector<int> ranks = opt.request.ranks;
    if (ranks.empty())
      for (int g = 0; g < cluster.gpu_count(); ++g) ranks.push_back(g);
    const int gpn = cluster.gpus_per_node();
    const bool multi_node = std::any_of(ranks.begin(), ranks.end(), [&](int g) { return g / gpn != ranks.front() / gpn; });
    std::set<int> nodes;
    for (int g : ranks) nodes.insert(g / gpn);
    r.bands = report::bands_for_collective(*opt.error_bands, r, report::gpu_generation(cluster.gpu_model(ranks.front()).arch),
                                           static_cast<int>(ranks.size()), static_cast<int>(nodes.size()),
                                           multi_node && cluster.fabric().oversubscription > 1);
  }
  return r;
}

std::size_t sweep_size_count(double min_bytes, double max_bytes, double factor) {
  if (!(factor > 1) || !(min_bytes >= 1) || min_bytes > max_bytes) return 0;
  std::size_t n = 0;
  for (double size = min_bytes; size <= max_bytes * (1 + 1e-12); size *= factor) ++n;
  return n;
}

CollectiveEstimate estimate_collective(const topo::Cluster& sample, long long nodes, int gpus_per_node, std::size_t sizes) {
  CollectiveEstimate e;
  e.nodes = nodes;
  e.gpus = nodes * gpus_per_node;
  e.sizes = sizes;
  e.links_per_node = static_cast<double>(sample.directed_link_count()) / std::max(1, sample.nodes());
  e.links = e.links_per_node * static_cast<double>(nodes);
  const double per_node_visits = e.links_per_node * (static_cast<double>(sizes) + kCollectiveBuildSizes);
  e.link_visits = e.links * (static_cast<double>(sizes) + kCollectiveBuildSizes);
  e.max_nodes = per_node_visits > 0 ? static_cast<long long>(std::floor(kMaxCollectiveLinkVisits / per_node_visits)) : 0;
  return e;
}

void check_collective_size(const CollectiveEstimate& e, const std::string& system_name) {
  if (e.link_visits <= kMaxCollectiveLinkVisits) return;
  throw ScenarioError(
      "", 0, 0, "--nodes",
      fmt::format("{} nodes of {} would be {} GPUs and about {:.3g} M links; simulating {} size{} on them (each size's "
                  "flows cross every link of the job, and the build and the ring and tree searches cost about {:g} "
                  "sizes more) is about {:.3g} M link-visits, more than the {:.3g} M a collective may take (about 60 s "
                  "and 2 GB); at {} size{} the most is {} nodes: lower --nodes, or give fewer sizes (-b, -e, -f)",
                  report::thousands(static_cast<double>(e.nodes)), system_name,
                  report::thousands(static_cast<double>(e.gpus)), e.links / 1e6, e.sizes, e.sizes == 1 ? "" : "s",
                  kCollectiveBuildSizes, e.link_visits / 1e6, kMaxCollectiveLinkVisits / 1e6, e.sizes,
                  e.sizes == 1 ? "" : "s", report::thousands(static_cast<double>(std::max(1LL, e.max_nodes)))));
}

namespace {

std::string join_binaries(const std::vector<NcclTestsBinary>& bs, const char* last_sep) {
  std::string out;
  for (std::size_t i = 0; i < bs.size(); ++i) {
    if (i > 0) out += i + 1 == bs.size() ? last_sep : ", ";
    out += nccl_tests_binary_name(bs[i]);
  }
  return out;
}

std::string article(const std::string& word) {
  return (!word.empty() && std::string("aeiou").find(word[0]) != std::string::npos ? "an " : "a ") + word;
}

}  // namespace

coll::Op log_operation(const NcclTestsLog& log, std::optional<coll::Op> asked, std::string* how) {
  const std::vector<NcclTestsBinary>& cands = log.candidates;
  std::optional<NcclTestsBinary> chosen;
  std::string source;
  if (asked) {
    const std::string want = coll::op_name(*asked);
    for (NcclTestsBinary b : cands)
      if (want == nccl_tests_binary_name(b)) chosen = b;
    if (!chosen)
      throw ScenarioError(log.path, log.first_row_line, 0, "--op",
                          "the log is " + article(join_binaries(cands, " or ")) + " run, --op asked " + want +
                              " (" + (log.program.empty() ? "its rows at " + std::to_string(log.ranks) + " ranks: " + log.shape
                                                          : "it names " + log.program) +
                              ")");
    source = cands.size() == 1 ? (log.program.empty() ? "from its rows: " + log.shape : "named by the log: " + log.program) +
                                     "; --op agrees"
                               : "--op " + want + "; its rows (" + log.shape + ") fit " + join_binaries(cands, " and ");
  } else {
    if (cands.size() > 1)
      throw ScenarioError(log.path, log.first_row_line, 0, "--op",
                          "the log could be " + article(join_binaries(cands, " or ")) + " run: at " +
                              std::to_string(log.ranks) + " ranks their rows are the same (" + log.shape +
                              "); say which with --op");
    chosen = cands.front();
    source = log.program.empty() ? "from its rows: " + log.shape : "named by the log: " + log.program;
  }
  coll::Op op = coll::Op::all_reduce;
  switch (*chosen) {
    case NcclTestsBinary::all_reduce: op = coll::Op::all_reduce; break;
    case NcclTestsBinary::all_gather: op = coll::Op::all_gather; break;
    case NcclTestsBinary::reduce_scatter: op = coll::Op::reduce_scatter; break;
    case NcclTestsBinary::broadcast: op = coll::Op::broadcast; break;
    case NcclTestsBinary::reduce:
    case NcclTestsBinary::alltoall:
    case NcclTestsBinary::sendrecv:
      throw ScenarioError(log.path, log.first_row_line, 0, "",
                          std::string("the log is ") + article(nccl_tests_binary_name(*chosen)) + " run (" + source +
                              "): simtrain collective simulates all_reduce, all_gather, reduce_scatter and broadcast, "
                              "not " + nccl_tests_binary_name(*chosen));
  }
  if (how) *how = source;
  return op;
}

std::string check_log_device(const NcclTestsLog& log, const std::string& system_gpu, const std::string& system_name,
                             bool force) {
  if (log.device.empty()) return "";
  MeasuredDevice d;
  d.name = log.device;
  d.path = log.path;
  d.line = log.device_line;
  d.where = "line " + std::to_string(log.device_line);
  SimulatedGpu g;
  g.name = system_gpu;
  g.holder = "the system " + system_name;
  const DeviceCheckText text{"the log", "--system",
                             "a fit or comparison would credit one GPU's network with another's figures",
                             "use a system of the log's GPU"};
  return check_device(d, g, text, force);
}

void check_log_ranks(const NcclTestsLog& log, int nodes, int gpus_per_node, int system_gpus_per_node) {
  const int simulated = nodes * gpus_per_node;
  if (log.ranks == simulated) return;
  // The flags that give the log's ranks: its hosts as nodes when they divide the ranks evenly
  // onto nodes of this system, else whole nodes, else the fewest nodes of equal GPU counts.
  const int n = log.ranks, gpn = system_gpus_per_node;
  int want_nodes = 0, want_gpus = 0;
  if (log.hosts > 1 && n % log.hosts == 0 && n / log.hosts <= gpn) {
    want_nodes = log.hosts;
    want_gpus = n / log.hosts;
  } else {
    for (int g = std::min(n, gpn); g >= 1 && want_nodes == 0; --g)
      if (n % g == 0) {
        want_nodes = n / g;
        want_gpus = g;
      }
  }
  std::string flags = "--nodes " + std::to_string(want_nodes);
  if (want_gpus != gpn) flags += " --gpus " + std::to_string(want_gpus);
  throw ScenarioError(log.path, 0, 0, "",
                      "the log ran " + std::to_string(n) + " ranks (" + std::to_string(n) + " device lines on " +
                          std::to_string(log.hosts) + " host" + (log.hosts == 1 ? "" : "s") +
                          ") but the command simulates " + std::to_string(simulated) + " (" + std::to_string(nodes) +
                          " node" + (nodes == 1 ? "" : "s") + " x " + std::to_string(gpus_per_node) +
                          " GPUs): give " + flags);
}

report::CompareResult compare_with_log(const topo::Cluster& cluster, coll::Planner& planner, const NcclTestsLog& log,
                                       const CompareOptions& opt) {
  report::CompareResult r;
  const coll::Op op = log_operation(log, opt.asked_op, &r.op_source);
  r.system = cluster.name();
  r.nodes = cluster.nodes();
  r.ranks = log.ranks;
  r.log_hosts = log.hosts;
  r.log_path = log.path;
  r.log_program = log.program;
  r.log_complete = log.complete;
  r.op = coll::op_name(op);
  r.dtype = log.rows.front().type;
  for (const NcclTestsRow& m : log.rows) {
    coll::Request req = opt.request;
    req.op = op;
    req.bytes = static_cast<double>(m.size_bytes);
    report::CompareRow row;
    row.line = m.line;
    row.size_bytes = m.size_bytes;
    row.count = m.count;
    row.measured_time_us = m.out_of_place.time_us;
    row.measured_algbw_gbps = m.out_of_place.algbw_gbps;
    row.measured_busbw_gbps = m.out_of_place.busbw_gbps;
    row.measured_wrong = m.wrong;
    if (m.in_place) {
      row.in_place_time_us = m.in_place->time_us;
      row.in_place_busbw_gbps = m.in_place->busbw_gbps;
    }
    row.simulated = simulate_one(cluster, planner, req, opt.full_solve);
    row.simulated.count = m.count;
    if (m.out_of_place.busbw_gbps > 0)
      row.busbw_error = (row.simulated.busbw_gbps - m.out_of_place.busbw_gbps) / m.out_of_place.busbw_gbps;
    r.rows.push_back(std::move(row));
  }
  return r;
}

}  // namespace simtrain::drive
