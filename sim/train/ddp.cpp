#include "train/ddp.hpp"

#include "train/gpu_share.hpp"
#include "train/host.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>

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

  const int n = static_cast<int>(ranks.size());
  // Collective plans per distinct bucket size.
  sg.buckets = make_buckets(model, work::grad_bytes(cost.precision()), opt.first_bucket_bytes, opt.bucket_bytes);
  std::map<double, coll::Plan> plans;
  std::vector<CommHold> comm_streams;
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
    // The largest bucket (the 25 MiB ones) stands for what the NCCL stream holds.
    const auto largest = std::prev(plans.end());
    comm_streams.push_back(comm_hold(largest->second, coll::Op::all_reduce, largest->first));
  }
  GpuShare share(g, static_cast<std::size_t>(n), comm_streams);
  const work::SoftwareProfile* sw = opt.software;
  const bool amp = cost.precision() == work::Precision::amp_fp16 || cost.precision() == work::Precision::amp_bf16;

  // Kernel times are the same on every rank (one GPU kind): compute them once, at every level
  // of contention with the NCCL stream.
  std::vector<std::vector<TimePs>> fwd(nops), bwd(nops);
  for (std::size_t i = 0; i < nops; ++i) {
    const work::Op& op = model.ops[i];
    fwd[i] = share.at_levels([&](const work::Contention& c) { return cost.forward(op, batch, c); });
    if (sw && sw->autocast_casts && amp && op.params > 0 &&
        (op.kind == work::OpKind::gemm || op.kind == work::OpKind::conv))
      add_to(fwd[i], share.at_levels([&](const work::Contention& c) { return autocast_cast_time(cost, op, c); }));
    bwd[i] = share.at_levels([&](const work::Contention& c) { return cost.backward(op, batch, c); });
  }
  // Forward tasks: one per block, in order.
  struct Segment {
    std::vector<TimePs> time;  // by contention level
    std::string label;
    double kernels = 0;        // kernels the host issues for it
  };

  std::vector<Segment> fwd_segs;
  {
    int cur_block = -1;
    for (std::size_t i = 0; i < nops; ++i) {
      if (model.ops[i].block != cur_block || fwd_segs.empty()) {
        cur_block = model.ops[i].block;
        fwd_segs.push_back(Segment{{}, "fwd b" + std::to_string(cur_block)});
      }
      add_to(fwd_segs.back().time, fwd[i]);
      if (sw) fwd_segs.back().kernels += work::kernels_forward(model.ops[i], *sw, amp);
    }
  }
  // Backward segments end where a bucket completes.
  std::vector<Segment> bwd_segs;  // segment k ends bucket k (k < buckets); a tail may follow
  {
    std::size_t b = 0;
    Segment cur;
    for (std::size_t i = nops; i-- > 0;) {
      add_to(cur.time, bwd[i]);
      cur.kernels += work::kernels_backward(model.ops[i]);
      if (b < sg.buckets.size() && i == sg.buckets[b].last_op) {
        cur.label = "bwd bucket" + std::to_string(b);
        bwd_segs.push_back(cur);
        cur = Segment{};
        ++b;
      }
    }
    if (!cur.time.empty() && cur.time[0] > 0) {
      cur.label = "bwd tail";
      bwd_segs.push_back(cur);
    }
  }
  const engine::CurveId opt_curve = share.curve(share.at_levels(
      [&](const work::Contention& c) { return cost.optimizer_step(model.params(), opt.optimizer, c); }));
  std::vector<engine::CurveId> fwd_curve, bwd_curve;
  for (const Segment& sgm : fwd_segs) fwd_curve.push_back(share.curve(sgm.time));
  for (const Segment& sgm : bwd_segs) bwd_curve.push_back(share.curve(sgm.time));

  for (int k = 0; k < n; ++k)
    sg.compute.push_back(g.add_stream("gpu" + std::to_string(ranks[static_cast<std::size_t>(k)]) + " compute",
                                      share.device(static_cast<std::size_t>(k))));
  if (n > 1) sg.comm = g.add_stream("nccl");
  std::vector<std::size_t> all_ranks(static_cast<std::size_t>(n));
  for (std::size_t k = 0; k < all_ranks.size(); ++k) all_ranks[k] = k;

  // Memory of rank 0 (DESIGN §7): parameters, gradients and optimizer state are held all
  // step; under autocast the half-precision weight copies live through the forward; each
  // block's saved activations from the end of its forward task to the end of the backward
  // segment that consumes them.
  {
    const double P = static_cast<double>(model.params());
    const work::Precision pr = cost.precision();
    const bool half_params = pr == work::Precision::bf16 || pr == work::Precision::fp16;
    const bool amp = pr == work::Precision::amp_fp16 || pr == work::Precision::amp_bf16;
    const double gb = work::grad_bytes(pr);
    MemoryPlan& mp = sg.memory;
    mp.static_parts = {{"weights", P * (half_params ? 2.0 : 4.0)},
                       {"gradients", P * gb},
                       {"optimizer_state", P * (opt.optimizer == work::Optimizer::sgd ? 4.0 : 8.0)},
                       {"ddp_buckets", (n > 1 && !opt.gradient_as_bucket_view) ? P * gb : 0.0},
                       {"cuda_context_workspace", cost.calibration().context_bytes}};
    mp.stream = sg.compute[0];
    mp.slack = cost.calibration().allocator_slack;
    mp.add_part("activations");
    mp.add_part("amp_weight_copies");
    (void)amp;
  }
  std::vector<double> fwd_seg_act(fwd_segs.size(), 0.0), bwd_seg_act(bwd_segs.size(), 0.0);
  {
    const double ab = work::activation_bytes(cost.precision()) * batch;
    std::size_t fs = 0;
    int cur_block = model.ops.empty() ? 0 : model.ops[0].block;
    for (std::size_t i = 0; i < nops; ++i) {
      if (model.ops[i].block != cur_block) {
        cur_block = model.ops[i].block;
        ++fs;
      }
      fwd_seg_act[fs] += model.ops[i].act_elems_saved * ab;
    }
    std::size_t b = 0;
    for (std::size_t i = nops; i-- > 0;) {
      bwd_seg_act[std::min(b, bwd_segs.size() - 1)] += model.ops[i].act_elems_saved * ab;
      if (b < sg.buckets.size() && i == sg.buckets[b].last_op) ++b;
    }
  }
  const bool amp_copies =
      cost.precision() == work::Precision::amp_fp16 || cost.precision() == work::Precision::amp_bf16;
  std::vector<engine::TaskId> last_on_rank(static_cast<std::size_t>(n));
  std::vector<std::optional<engine::TaskId>> last_compute(static_cast<std::size_t>(n));
  std::optional<data::Feed> feed;
  if (opt.data) feed.emplace(*opt.data, g, static_cast<std::size_t>(n));
  std::vector<engine::TaskId> seg_task(static_cast<std::size_t>(n) * bwd_segs.size());
  HostTimeline host(g, sw);
  const bool adam = opt.optimizer != work::Optimizer::sgd;
  const bool grad_scaler = cost.precision() == work::Precision::amp_fp16;  // GradScaler's inf check syncs
  for (int step = 0; step < opt.steps; ++step) {
    for (int mb = 0; mb < opt.grad_accumulation; ++mb) {
      const bool sync = mb + 1 == opt.grad_accumulation;
      // The host issues the micro-batch's segments (sim/train/host.hpp); each GPU segment waits for its issue.
      if (mb == 0) {
        std::vector<engine::TaskId> prev;
        if (!sg.step_end.empty()) prev.push_back(sg.step_end.back());
        host.begin_step(prev, "host step " + std::to_string(step));
      }
      std::vector<std::optional<engine::TaskId>> fwd_issue, bwd_issue;
      for (const Segment& sgm : fwd_segs) fwd_issue.push_back(host.issue(sgm.kernels, false, 0, "issue " + sgm.label));
      for (const Segment& sgm : bwd_segs) bwd_issue.push_back(host.issue(sgm.kernels, true, 0, "issue " + sgm.label));
      for (int k = 0; k < n; ++k) {
        const engine::ServerId s = sg.compute[static_cast<std::size_t>(k)];
        // The micro-batch's data (sim/data): the forward waits for it.
        std::vector<engine::TaskId> batch_ready;
        if (feed) batch_ready.push_back(feed->next(static_cast<std::size_t>(k), s, last_compute[static_cast<std::size_t>(k)]));
        for (std::size_t j = 0; j < fwd_segs.size(); ++j) {
          std::vector<engine::TaskId> d = j == 0 ? batch_ready : std::vector<engine::TaskId>{};
          if (fwd_issue[j]) d.push_back(*fwd_issue[j]);
          engine::TaskId t = g.add_shared_work(s, fwd_curve[j], d, fwd_segs[j].label, kForward);
          if (j == 0 && feed) feed->consumed(static_cast<std::size_t>(k), t);
          last_compute[static_cast<std::size_t>(k)] = t;
          if (k != 0) continue;
          sg.memory.events.push_back(MemEvent{t, true, fwd_seg_act[j], 0});
          if (amp_copies && j == 0)
            sg.memory.events.push_back(MemEvent{t, false, static_cast<double>(model.params()) * 2.0, 1});
          if (amp_copies && j + 1 == fwd_segs.size())
            sg.memory.events.push_back(MemEvent{t, true, -static_cast<double>(model.params()) * 2.0, 1});
        }
        for (std::size_t j = 0; j < bwd_segs.size(); ++j) {
          std::vector<engine::TaskId> d;
          if (bwd_issue[j]) d.push_back(*bwd_issue[j]);
          engine::TaskId t = g.add_shared_work(s, bwd_curve[j], d, bwd_segs[j].label, kBackward);
          seg_task[static_cast<std::size_t>(k) * bwd_segs.size() + j] = t;
          last_on_rank[static_cast<std::size_t>(k)] = t;
          last_compute[static_cast<std::size_t>(k)] = t;
          if (k == 0) sg.memory.events.push_back(MemEvent{t, true, -bwd_seg_act[j], 0});
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
          const coll::Plan& plan = plans.at(sg.buckets[j].bytes);
          last_comm = share.emit(plan, deps, "allreduce bucket" + std::to_string(j), kComm, sg.comm, all_ranks);
          any_comm = true;
        }
      }
      // The gradients are ready when the last all-reduce is (or, on one GPU, the backward).
      std::vector<engine::TaskId> grads;
      if (any_comm) grads.push_back(last_comm);
      else
        for (int k = 0; k < n; ++k) grads.push_back(last_on_rank[static_cast<std::size_t>(k)]);
      const std::optional<engine::TaskId> opt_issue = host.optimizer(model, adam, grad_scaler, grads);
      std::vector<engine::TaskId> opt_tasks;
      for (int k = 0; k < n; ++k) {
        std::vector<engine::TaskId> deps;
        if (any_comm) deps.push_back(last_comm);
        if (opt_issue) deps.push_back(*opt_issue);
        opt_tasks.push_back(g.add_shared_work(sg.compute[static_cast<std::size_t>(k)], opt_curve, deps, "optimizer", kOptimizer));
        last_compute[static_cast<std::size_t>(k)] = opt_tasks.back();
      }
      sg.step_end.push_back(g.add_join(opt_tasks, "step " + std::to_string(step)));
    }
  }
  sg.strategy_detail = std::to_string(sg.buckets.size()) + " buckets";
  if (feed) sg.data = std::make_shared<data::FeedRecord>(feed->finish());
  return sg;
}

}  // namespace simtrain::train
