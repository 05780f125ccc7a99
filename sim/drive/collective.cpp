#include "drive/collective.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/executor.hpp"
#include "net/flow_network.hpp"

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
  r.nodes = cluster.nodes();
  r.ranks = opt.request.ranks.empty() ? cluster.gpu_count() : static_cast<int>(opt.request.ranks.size());
  r.op = coll::op_name(opt.request.op);
  r.dtype = opt.dtype;
  r.redop = opt.request.op == coll::Op::all_gather || opt.request.op == coll::Op::broadcast ? "none" : "sum";
  r.root = opt.request.op == coll::Op::broadcast ? 0 : -1;
  for (double size = opt.min_bytes; size <= opt.max_bytes * (1 + 1e-12); size *= opt.factor) {
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
    r.bands = report::bands_for_collective(*opt.error_bands, r, report::gpu_generation(cluster.gpu_model(ranks.front()).arch),
                                           multi_node);
  }
  return r;
}

}  // namespace simtrain::drive
