#include "train/ddp.hpp"

#include <algorithm>
#include <map>

namespace simtrain::train {

std::vector<Bucket> make_buckets(const work::Model& m, double grad_bytes_per_param, double first_bucket_bytes,
                                 double bucket_bytes) {
  std::vector<Bucket> out;
  Bucket cur;
  double cap = first_bucket_bytes;
  for (std::size_t i = m.ops.size(); i-- > 0;) {
    const work::Op& op = m.ops[i];
    if (op.params == 0) continue;
    cur.params += op.params;
    cur.bytes += static_cast<double>(op.params) * grad_bytes_per_param;
    cur.last_op = i;
    if (cur.bytes >= cap) {
      out.push_back(cur);
      cur = Bucket{};
      cap = bucket_bytes;
    }
  }
  if (cur.params > 0) out.push_back(cur);
  return out;
}

StepGraph build_ddp(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                    const std::vector<int>& ranks, const DdpOptions& opt) {
  StepGraph sg;
  engine::TaskGraph& g = sg.graph;
  const double batch = static_cast<double>(opt.batch_per_gpu);
  const std::size_t nops = model.ops.size();

  // Kernel times are the same on every rank (one GPU kind): compute them once.
  std::vector<TimePs> fwd(nops), bwd(nops);
  for (std::size_t i = 0; i < nops; ++i) {
    fwd[i] = cost.forward(model.ops[i], batch);
    bwd[i] = cost.backward(model.ops[i], batch);
  }
  // Forward tasks: one per block, in order.
  struct Segment {
    TimePs time = 0;
    std::string label;
  };
  std::vector<Segment> fwd_segs;
  {
    int cur_block = -1;
    for (std::size_t i = 0; i < nops; ++i) {
      if (model.ops[i].block != cur_block || fwd_segs.empty()) {
        cur_block = model.ops[i].block;
        fwd_segs.push_back(Segment{0, "fwd b" + std::to_string(cur_block)});
      }
      fwd_segs.back().time += fwd[i];
    }
  }
  // Backward segments end where a bucket completes.
  sg.buckets = make_buckets(model, work::grad_bytes(cost.precision()), opt.first_bucket_bytes, opt.bucket_bytes);
  std::vector<Segment> bwd_segs;  // segment k ends bucket k (k < buckets); a tail may follow
  {
    std::size_t b = 0;
    Segment cur;
    for (std::size_t i = nops; i-- > 0;) {
      cur.time += bwd[i];
      if (b < sg.buckets.size() && i == sg.buckets[b].last_op) {
        cur.label = "bwd bucket" + std::to_string(b);
        bwd_segs.push_back(cur);
        cur = Segment{};
        ++b;
      }
    }
    if (cur.time > 0) {
      cur.label = "bwd tail";
      bwd_segs.push_back(cur);
    }
  }
  const TimePs opt_time = cost.optimizer_step(model.params(), opt.optimizer);

  const int n = static_cast<int>(ranks.size());
  for (int r : ranks) sg.compute.push_back(g.add_stream("gpu" + std::to_string(r) + " compute"));
  if (n > 1) sg.comm = g.add_stream("nccl");

  // Collective plans per distinct bucket size.
  std::map<double, coll::Plan> plans;
  if (n > 1) {
    for (const Bucket& b : sg.buckets) {
      if (plans.count(b.bytes)) continue;
      coll::Request req;
      req.op = coll::Op::all_reduce;
      req.bytes = b.bytes;
      req.ranks = ranks;
      req.algo = opt.algo;
      req.ring_order_auto = opt.ring_order_auto;
      plans.emplace(b.bytes, planner.plan(req));
    }
    for (const Bucket& b : sg.buckets) {
      const coll::Plan& p = plans.at(b.bytes);
      sg.bucket_algos.push_back(std::string(coll::algo_name(p.algo)) + "/" + coll::protocol_name(p.protocol));
    }
  }

  std::vector<engine::TaskId> last_on_rank(static_cast<std::size_t>(n));
  std::vector<engine::TaskId> seg_task(static_cast<std::size_t>(n) * bwd_segs.size());
  for (int step = 0; step < opt.steps; ++step) {
    for (int mb = 0; mb < opt.grad_accumulation; ++mb) {
      const bool sync = mb + 1 == opt.grad_accumulation;
      for (int k = 0; k < n; ++k) {
        const engine::ServerId s = sg.compute[static_cast<std::size_t>(k)];
        for (const Segment& f : fwd_segs) g.add_work(s, f.time, {}, f.label, kForward);
        for (std::size_t j = 0; j < bwd_segs.size(); ++j) {
          engine::TaskId t = g.add_work(s, bwd_segs[j].time, {}, bwd_segs[j].label, kBackward);
          seg_task[static_cast<std::size_t>(k) * bwd_segs.size() + j] = t;
          last_on_rank[static_cast<std::size_t>(k)] = t;
        }
      }
      if (!sync) continue;
      engine::TaskId last_comm = 0;
      bool any_comm = false;
      if (n > 1) {
        for (std::size_t j = 0; j < sg.buckets.size(); ++j) {
          std::vector<engine::TaskId> deps;
          deps.reserve(static_cast<std::size_t>(n));
          for (int k = 0; k < n; ++k) deps.push_back(seg_task[static_cast<std::size_t>(k) * bwd_segs.size() + j]);
          last_comm = coll::emit(plans.at(sg.buckets[j].bytes), g, deps, "allreduce bucket" + std::to_string(j),
                                 kComm, sg.comm);
          any_comm = true;
        }
      }
      std::vector<engine::TaskId> opt_tasks;
      for (int k = 0; k < n; ++k) {
        std::vector<engine::TaskId> deps;
        if (any_comm) deps.push_back(last_comm);
        opt_tasks.push_back(g.add_work(sg.compute[static_cast<std::size_t>(k)], opt_time, deps, "optimizer", kOptimizer));
      }
      sg.step_end.push_back(g.add_join(opt_tasks, "step " + std::to_string(step)));
    }
  }
  return sg;
}

}  // namespace simtrain::train
