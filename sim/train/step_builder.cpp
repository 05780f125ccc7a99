#include "train/step_builder.hpp"

#include <algorithm>
#include <stdexcept>

#include "topo/cluster.hpp"

namespace simtrain::train {

coll::Request group_request(coll::Op op, double bytes, std::vector<int> gpus, coll::Algo all_reduce, bool ring_order_auto) {
  coll::Request req;
  req.op = op;
  req.bytes = bytes;
  req.ranks = std::move(gpus);
  req.algo = op == coll::Op::all_reduce   ? all_reduce
             : op == coll::Op::all_to_all ? coll::Algo::automatic  // NCCL's p2p path
                                          : coll::Algo::ring;
  req.ring_order_auto = ring_order_auto;
  return req;
}

coll::Plan repeated(const coll::Plan& plan, int k) {
  coll::Plan out = plan;
  if (k <= 1) return out;
  if (out.call) out.call->calls *= k;
  for (coll::Phase& ph : out.phases) {
    ph.latency_ps *= k;
    for (auto& f : ph.flows) f.bytes *= k;
  }
  out.estimate_ps *= k;
  return out;
}

coll::Plan merged(const std::vector<coll::Plan>& plans) {
  if (plans.empty()) throw std::logic_error("merging no plans");
  coll::Plan out = plans.front();
  for (std::size_t g = 1; g < plans.size(); ++g) {
    const coll::Plan& p = plans[g];
    out.sms_per_rank = std::max(out.sms_per_rank, p.sms_per_rank);
    if (p.phases.size() != out.phases.size()) throw std::logic_error("groups with different collective shapes");
    if (out.call && p.call) out.call->groups.insert(out.call->groups.end(), p.call->groups.begin(), p.call->groups.end());
    else out.call.reset();
    for (std::size_t i = 0; i < p.phases.size(); ++i) {
      out.phases[i].flows.insert(out.phases[i].flows.end(), p.phases[i].flows.begin(), p.phases[i].flows.end());
      out.phases[i].latency_ps = std::max(out.phases[i].latency_ps, p.phases[i].latency_ps);
    }
  }
  return out;
}

StepBuilder::StepBuilder(coll::Planner& planner, const Layout& layout, coll::Algo algo, bool ring_order_auto)
    : planner_(planner), layout_(layout), algo_(algo), ring_order_auto_(ring_order_auto) {}

const coll::Plan& StepBuilder::group_plan(coll::Op op, double bytes, const std::vector<std::vector<int>>& groups) {
  auto key = std::make_tuple(static_cast<int>(op), bytes, groups);
  auto it = plans_.find(key);
  if (it != plans_.end()) return it->second;
  std::vector<coll::Plan> each;
  for (const auto& grp : groups) {
    std::vector<int> gpus;
    for (int pos : grp) gpus.push_back(layout_.gpu(pos));
    each.push_back(planner_.plan(group_request(op, bytes, std::move(gpus), algo_, ring_order_auto_)));
    each.back().call = coll::Plan::Call{op, false, bytes, 1, {grp}};
  }
  return plans_.emplace(std::move(key), merged(each)).first->second;
}

const coll::Plan& StepBuilder::p2p_plan(double bytes, const std::vector<std::pair<int, int>>& pairs) {
  auto key = std::make_pair(bytes, pairs);
  auto it = p2p_.find(key);
  if (it != p2p_.end()) return it->second;
  std::vector<coll::Plan> each;
  for (const auto& [from, to] : pairs) {
    each.push_back(planner_.send_recv(layout_.gpu(from), layout_.gpu(to), bytes));
    each.back().call = coll::Plan::Call{coll::Op::broadcast, true, bytes, 1, {{from, to}}};
  }
  return p2p_.emplace(std::move(key), merged(each)).first->second;
}

void StepBuilder::start(const std::vector<CommHold>& comm) {
  share_.emplace(g_, static_cast<std::size_t>(layout_.size()), comm);
  for (int r = 0; r < layout_.size(); ++r)
    compute_.push_back(g_.add_stream("gpu" + std::to_string(layout_.gpu(r)) + " compute",
                                     share_->device(static_cast<std::size_t>(r))));
}

MemoryPlan& StepBuilder::memory(int pos) {
  auto [it, fresh] = memory_.try_emplace(pos);
  if (fresh && static_cast<std::size_t>(pos) < compute_.size()) it->second.stream = compute(pos);
  return it->second;
}

MemoryPlan StepBuilder::take_memory(int pos) {
  MemoryPlan out = std::move(memory(pos));
  memory_.erase(pos);
  return out;
}

engine::TaskId StepBuilder::transfer(const coll::Plan& plan, const std::vector<int>& members,
                                     std::span<const engine::TaskId> deps, const std::string& label,
                                     std::uint32_t category, engine::ServerId stream) {
  std::vector<std::size_t> m(members.begin(), members.end());
  std::sort(m.begin(), m.end());
  m.erase(std::unique(m.begin(), m.end()), m.end());
  const auto first = static_cast<engine::TaskId>(g_.size());
  const engine::TaskId last = share_->emit(plan, deps, label, category, stream, m);
  if (plan.call) comm_calls_.push_back(CommRecord{first, last, *plan.call, plan.algo, stream});
  return last;
}

engine::TaskId StepBuilder::host_copy(const topo::Cluster& cluster, double bytes, bool to_gpu,
                                      std::span<const engine::TaskId> deps, const std::string& label,
                                      std::uint32_t category) {
  if (host_paths_.empty()) {
    for (int r : layout_.gpus()) {
      const topo::Vertex gpu = cluster.gpu(r);
      const topo::Vertex cpu = cluster.nearest_cpu(gpu);
      HostPath hp;
      const topo::Route& in = cluster.route(cpu, gpu);
      const topo::Route& out = cluster.route(gpu, cpu);
      for (auto l : in.links) hp.to_gpu.push_back(net::LinkUse{l, 1.0});
      for (auto l : out.links) hp.to_host.push_back(net::LinkUse{l, 1.0});
      hp.lat_to_gpu = in.latency_ps;
      hp.lat_to_host = out.latency_ps;
      host_paths_.push_back(std::move(hp));
    }
  }
  std::vector<engine::TaskGraph::FlowInput> flows;
  TimePs lat = 0;
  for (const HostPath& hp : host_paths_) {
    flows.push_back(engine::TaskGraph::FlowInput{to_gpu ? hp.to_gpu : hp.to_host, bytes});
    lat = std::max(lat, to_gpu ? hp.lat_to_gpu : hp.lat_to_host);
  }
  return g_.add_transfer(flows, lat, deps, label, category);
}

}  // namespace simtrain::train
