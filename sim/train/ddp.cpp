#include "train/ddp.hpp"

#include "train/host.hpp"
#include "train/step_builder.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace simtrain::train {

std::vector<bool> checkpointed_blocks(const work::Model& model, const Checkpointing& c) {
  const int last_block = model.ops.empty() ? 0 : model.ops.back().block;
  std::vector<bool> out(static_cast<std::size_t>(last_block) + 1, false);
  if (!c.on) return out;
  for (int b = 1; b < last_block; ++b)
    out[static_cast<std::size_t>(b)] =
        c.fraction >= 1 || std::floor(b * c.fraction + 1e-9) != std::floor((b - 1) * c.fraction + 1e-9);
  return out;
}

std::vector<Bucket> make_buckets(const work::Model& m, double grad_bytes_per_param, double first_bucket_bytes,
                                 double bucket_bytes) {
  std::vector<Bucket> out;
  Bucket cur;
  double cap = first_bucket_bytes;
  for (std::size_t i = m.ops.size(); i-- > 0;) {
    const work::Op& op = m.ops[i];
    if (op.trainable_params() == 0) continue;  // frozen weights have no gradient to reduce
    cur.params += op.trainable_params();
    cur.bytes += static_cast<double>(op.trainable_params()) * grad_bytes_per_param;
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

namespace {

// The compute one task covers on every rank: forward a block, backward up to a bucket.
struct Segment {
  std::vector<TimePs> time;  // by contention level
  std::string label;
  double kernels = 0;        // kernels the host issues for it
};

// Forward tasks: one per block, in order.
std::vector<Segment> forward_segments(const work::Model& model, const std::vector<std::vector<TimePs>>& fwd,
                                      const work::SoftwareProfile* sw, bool amp) {
  std::vector<Segment> out;
  int cur_block = -1;
  for (std::size_t i = 0; i < model.ops.size(); ++i) {
    if (model.ops[i].block != cur_block || out.empty()) {
      cur_block = model.ops[i].block;
      out.push_back(Segment{{}, "fwd b" + std::to_string(cur_block)});
    }
    add_to(out.back().time, fwd[i]);
    if (sw) out.back().kernels += work::kernels_forward(model.ops[i], *sw, amp);
  }
  return out;
}

// Whether op i is the last of its block (where the backward enters the block).
bool last_of_block(const work::Model& model, std::size_t i) {
  return i + 1 == model.ops.size() || model.ops[i + 1].block != model.ops[i].block;
}

// Backward segments end where a bucket completes: segment k ends bucket k (k < buckets); a
// tail may follow. A checkpointed block's forward is recomputed where the backward enters it,
// in the segment that holds the backward of its last op (`fwd`: the forward kernel times).
std::vector<Segment> backward_segments(const work::Model& model, const std::vector<std::vector<TimePs>>& bwd,
                                       const std::vector<std::vector<TimePs>>& fwd, const std::vector<bool>& ckpt,
                                       const std::vector<Bucket>& buckets, const work::SoftwareProfile* sw, bool amp) {
  std::vector<Segment> out;
  std::size_t b = 0;
  Segment cur;
  for (std::size_t i = model.ops.size(); i-- > 0;) {
    const int block = model.ops[i].block;
    if (last_of_block(model, i) && ckpt[static_cast<std::size_t>(block)]) {
      for (std::size_t j = i + 1; j-- > 0 && model.ops[j].block == block;) {
        add_to(cur.time, fwd[j]);
        if (sw) cur.kernels += work::kernels_forward(model.ops[j], *sw, amp);
      }
    }
    add_to(cur.time, bwd[i]);
    cur.kernels += work::kernels_backward(model.ops[i]);
    if (b < buckets.size() && i == buckets[b].last_op) {
      cur.label = "bwd bucket" + std::to_string(b);
      out.push_back(cur);
      cur = Segment{};
      ++b;
    }
  }
  if (!cur.time.empty() && cur.time[0] > 0) {
    cur.label = "bwd tail";
    out.push_back(cur);
  }
  return out;
}

// Saved activations per segment: what each forward segment saves, what each backward segment
// recomputes at its start and frees by its end (a dropped tail's go to the last backward
// segment). A checkpointed block's forward saves only its input (its first op's saved
// activations); its recompute brings back the rest.
struct SegmentActivations {
  std::vector<double> fwd_saved, bwd_recomputed, bwd_freed;
};
SegmentActivations segment_activations(const work::Model& model, const std::vector<Bucket>& buckets,
                                       const std::vector<bool>& ckpt, double bytes_per_elem, std::size_t fwd_segs,
                                       std::size_t bwd_segs) {
  SegmentActivations a{std::vector<double>(fwd_segs, 0.0), std::vector<double>(bwd_segs, 0.0),
                       std::vector<double>(bwd_segs, 0.0)};
  std::size_t fs = 0;
  int cur_block = model.ops.empty() ? 0 : model.ops[0].block;
  for (std::size_t i = 0; i < model.ops.size(); ++i) {
    const bool first_of_block = i == 0 || model.ops[i - 1].block != model.ops[i].block;
    if (model.ops[i].block != cur_block) {
      cur_block = model.ops[i].block;
      ++fs;
    }
    if (first_of_block || !ckpt[static_cast<std::size_t>(cur_block)])
      a.fwd_saved[fs] += model.ops[i].act_elems_saved * bytes_per_elem;
  }
  std::size_t b = 0;
  std::size_t recompute_seg = 0;  // the segment where the current checkpointed block is recomputed
  for (std::size_t i = model.ops.size(); i-- > 0;) {
    const std::size_t seg = std::min(b, bwd_segs - 1);
    const bool ck = ckpt[static_cast<std::size_t>(model.ops[i].block)];
    if (ck && last_of_block(model, i)) recompute_seg = seg;
    const bool first_of_block = i == 0 || model.ops[i - 1].block != model.ops[i].block;
    if (ck && !first_of_block) a.bwd_recomputed[recompute_seg] += model.ops[i].act_elems_saved * bytes_per_elem;
    a.bwd_freed[seg] += model.ops[i].act_elems_saved * bytes_per_elem;
    if (b < buckets.size() && i == buckets[b].last_op) ++b;
  }
  return a;
}

// Memory of rank 0 (docs/model/memory.md): parameters, gradients and optimizer state are
// held all step; under autocast the half-precision weight copies live through the forward
// (events added by the step); each block's saved activations from the end of its forward task
// to the end of the backward segment that consumes them.
MemoryPlan ddp_memory(const work::Model& model, const work::CostModel& cost, const DdpOptions& opt, int ranks,
                      engine::ServerId stream) {
  // Gradients, buckets and optimizer state cover the trainable parameters (all of them but
  // under fine-tuning, work/finetune.hpp); the weights are every parameter.
  const double P = static_cast<double>(model.params()), Pt = static_cast<double>(model.trainable_params());
  const work::Precision pr = cost.precision();
  const bool half_params = pr == work::Precision::bf16 || pr == work::Precision::fp16;
  const double gb = work::grad_bytes(pr);
  MemoryPlan mp;
  mp.static_parts = {{"weights", P * (half_params ? 2.0 : 4.0)},
                     {"gradients", Pt * gb},
                     {"optimizer_state", Pt * (opt.optimizer == work::Optimizer::sgd ? 4.0 : 8.0)},
                     {"ddp_buckets", (ranks > 1 && !opt.gradient_as_bucket_view) ? Pt * gb : 0.0},
                     {"cuda_context_workspace", cost.calibration().context_bytes}};
  mp.stream = stream;
  mp.slack = cost.calibration().allocator_slack;
  mp.add_part("activations");
  mp.add_part("amp_weight_copies");
  return mp;
}

// Kernel times of every op, the same on every rank (one GPU kind): computed once, at every
// level of contention with the NCCL stream; autocast's weight casts join the forward of the
// GEMMs and convolutions with parameters when the profile runs them.
struct OpTimes {
  std::vector<std::vector<TimePs>> fwd, bwd;
};
OpTimes op_times(const work::Model& model, const work::CostModel& cost, GpuShare& share, double batch,
                 const work::SoftwareProfile* sw, bool amp) {
  OpTimes t{std::vector<std::vector<TimePs>>(model.ops.size()), std::vector<std::vector<TimePs>>(model.ops.size())};
  for (std::size_t i = 0; i < model.ops.size(); ++i) {
    const work::Op& op = model.ops[i];
    t.fwd[i] = share.at_levels([&](const work::Contention& c) { return cost.forward(op, batch, c); });
    if (sw && sw->autocast_casts && amp && op.params > 0 && (op.kind == work::OpKind::gemm || op.kind == work::OpKind::conv))
      add_to(t.fwd[i], share.at_levels([&](const work::Contention& c) { return autocast_cast_time(cost, op, c); }));
    t.bwd[i] = share.at_levels([&](const work::Contention& c) { return cost.backward(op, batch, c); });
  }
  return t;
}

// Writes the steps' tasks: per micro-batch the host's issues, every rank's forward segments
// (the first after its data) and backward segments, and on the last micro-batch each bucket's
// all-reduce once every rank's segment that completes it ran, then the optimizer.
class DdpSteps {
 public:
  DdpSteps(StepBuilder& sb, StepGraph& sg, const work::Model& model, const DdpOptions& opt, bool amp, bool grad_scaler,
           const std::vector<const coll::Plan*>& bucket_plan, const std::vector<Segment>& fwd_segs,
           const std::vector<Segment>& bwd_segs, const std::vector<engine::CurveId>& fwd_curve,
           const std::vector<engine::CurveId>& bwd_curve, engine::CurveId opt_curve, const SegmentActivations& act)
      : sb_(sb), sg_(sg), g_(sb.graph()), mem_(sb.memory(0)), model_(model), opt_(opt), amp_(amp), grad_scaler_(grad_scaler),
        n_(sb.layout().size()), everyone_(sb.layout().group(Dim::dp, 0)), bucket_plan_(bucket_plan), fwd_segs_(fwd_segs),
        bwd_segs_(bwd_segs), fwd_curve_(fwd_curve), bwd_curve_(bwd_curve), opt_curve_(opt_curve), act_(act),
        last_on_rank_(at(n_)), last_compute_(at(n_)), seg_task_(at(n_) * bwd_segs.size()), host_(g_, opt.software) {
    // The data pipeline feeds each micro-batch's first forward.
    if (opt.data) feed_.emplace(*opt.data, g_, at(n_));
  }

  void run() {
    for (int step = 0; step < opt_.steps; ++step) {
      for (int mb = 0; mb < opt_.grad_accumulation; ++mb) {
        // The host issues the micro-batch's segments (sim/train/host.hpp); each GPU segment waits for its issue.
        if (mb == 0) {
          std::vector<engine::TaskId> prev;
          if (!sg_.step_end.empty()) prev.push_back(sg_.step_end.back());
          host_.begin_step(prev, "host step " + std::to_string(step));
        }
        std::vector<std::optional<engine::TaskId>> fwd_issue, bwd_issue;
        for (const Segment& sgm : fwd_segs_) fwd_issue.push_back(host_.issue(sgm.kernels, false, 0, "issue " + sgm.label));
        for (const Segment& sgm : bwd_segs_) bwd_issue.push_back(host_.issue(sgm.kernels, true, 0, "issue " + sgm.label));
        for (int k = 0; k < n_; ++k) {
          forward(k, fwd_issue);
          backward(k, bwd_issue);
        }
        if (mb + 1 == opt_.grad_accumulation) reduce_and_step(step);
      }
    }
    if (feed_) sg_.data = std::make_shared<data::FeedRecord>(feed_->finish());
  }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }

  // Rank k's forward segments, the first after the micro-batch's data (sim/data); on rank 0 each
  // saves its activations, and under autocast the half-precision weight copies live from the
  // first to the end of the last.
  void forward(int k, const std::vector<std::optional<engine::TaskId>>& issue) {
    const engine::ServerId s = sg_.compute[at(k)];
    std::vector<engine::TaskId> batch_ready;
    if (feed_) batch_ready.push_back(feed_->next(at(k), s, last_compute_[at(k)]));
    for (std::size_t j = 0; j < fwd_segs_.size(); ++j) {
      std::vector<engine::TaskId> d = j == 0 ? batch_ready : std::vector<engine::TaskId>{};
      if (issue[j]) d.push_back(*issue[j]);
      engine::TaskId t = g_.add_shared_work(s, fwd_curve_[j], d, fwd_segs_[j].label, kForward);
      if (j == 0 && feed_) feed_->consumed(at(k), t);
      last_compute_[at(k)] = t;
      if (k != 0) continue;
      mem_.events.push_back(MemEvent{t, true, act_.fwd_saved[j], 0});
      if (amp_ && j == 0) mem_.events.push_back(MemEvent{t, false, static_cast<double>(model_.params()) * 2.0, 1});
      if (amp_ && j + 1 == fwd_segs_.size())
        mem_.events.push_back(MemEvent{t, true, -static_cast<double>(model_.params()) * 2.0, 1});
    }
  }

  // Rank k's backward segments; on rank 0 each brings back what it recomputes and frees what it consumed.
  void backward(int k, const std::vector<std::optional<engine::TaskId>>& issue) {
    const engine::ServerId s = sg_.compute[at(k)];
    for (std::size_t j = 0; j < bwd_segs_.size(); ++j) {
      std::vector<engine::TaskId> d;
      if (issue[j]) d.push_back(*issue[j]);
      engine::TaskId t = g_.add_shared_work(s, bwd_curve_[j], d, bwd_segs_[j].label, kBackward);
      seg_task_[at(k) * bwd_segs_.size() + j] = t;
      last_on_rank_[at(k)] = t;
      last_compute_[at(k)] = t;
      if (k != 0) continue;
      if (act_.bwd_recomputed[j] > 0) mem_.events.push_back(MemEvent{t, false, act_.bwd_recomputed[j], 0});
      mem_.events.push_back(MemEvent{t, true, -act_.bwd_freed[j], 0});
    }
  }

  // Bucket j's all-reduce after every rank's segment j, in order on the NCCL stream; then the
  // optimizer on every rank once the gradients are ready (the last all-reduce, or on one GPU the
  // backward) and the host has issued it.
  void reduce_and_step(int step) {
    engine::TaskId last_comm = 0;
    bool any_comm = false;
    if (n_ > 1) {
      for (std::size_t j = 0; j < sg_.buckets.size(); ++j) {
        std::vector<engine::TaskId> deps;
        deps.reserve(at(n_));
        for (int k = 0; k < n_; ++k) deps.push_back(seg_task_[at(k) * bwd_segs_.size() + j]);
        last_comm = sb_.transfer(*bucket_plan_[j], everyone_, deps, "allreduce bucket" + std::to_string(j), kComm, sg_.comm);
        any_comm = true;
      }
    }
    std::vector<engine::TaskId> grads;
    if (any_comm) grads.push_back(last_comm);
    else
      for (int k = 0; k < n_; ++k) grads.push_back(last_on_rank_[at(k)]);
    const std::optional<engine::TaskId> opt_issue =
        host_.optimizer(model_, opt_.optimizer != work::Optimizer::sgd, grad_scaler_, grads);
    std::vector<engine::TaskId> opt_tasks;
    for (int k = 0; k < n_; ++k) {
      std::vector<engine::TaskId> deps;
      if (any_comm) deps.push_back(last_comm);
      if (opt_issue) deps.push_back(*opt_issue);
      opt_tasks.push_back(g_.add_shared_work(sg_.compute[at(k)], opt_curve_, deps, "optimizer", kOptimizer));
      last_compute_[at(k)] = opt_tasks.back();
    }
    sg_.step_end.push_back(g_.add_join(opt_tasks, "step " + std::to_string(step)));
  }

  StepBuilder& sb_;
  StepGraph& sg_;
  engine::TaskGraph& g_;
  MemoryPlan& mem_;  // rank 0's
  const work::Model& model_;
  const DdpOptions& opt_;
  const bool amp_, grad_scaler_;  // autocast; GradScaler's inf check syncs (amp_fp16)
  const int n_;
  const std::vector<int> everyone_;
  const std::vector<const coll::Plan*>& bucket_plan_;
  const std::vector<Segment>&fwd_segs_, &bwd_segs_;
  const std::vector<engine::CurveId>&fwd_curve_, &bwd_curve_;
  const engine::CurveId opt_curve_;
  const SegmentActivations& act_;
  std::vector<engine::TaskId> last_on_rank_;
  std::vector<std::optional<engine::TaskId>> last_compute_;
  std::vector<engine::TaskId> seg_task_;  // per rank and backward segment
  std::optional<data::Feed> feed_;
  HostTimeline host_;
};

}  // namespace

StepGraph build_ddp(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                    const std::vector<int>& ranks, const DdpOptions& opt) {
  StepGraph sg;
  const double batch = static_cast<double>(opt.batch_per_gpu);
  const int n = static_cast<int>(ranks.size());

  // Every rank is a data-parallel replica. The layout's GPUs per node only answer node_of and
  // within_node, which DDP never asks (the planner routes the all-reduces over the cluster's
  // real topology from the global GPU indices): 1 claims no node locality the step cannot know.
  Mesh mesh;
  mesh.dp = n;
  const Layout layout(mesh, ranks, 1);
  const std::vector<int> everyone = layout.group(Dim::dp, 0);
  StepBuilder sb(planner, layout, opt.algo, opt.ring_order_auto);

  // Each bucket's all-reduce (planned once per distinct size).
  sg.buckets = make_buckets(model, work::grad_bytes(cost.precision()), opt.first_bucket_bytes, opt.bucket_bytes);
  std::vector<const coll::Plan*> bucket_plan;
  std::vector<CommHold> holds;
  if (n > 1 && !sg.buckets.empty()) {
    double largest = 0;
    for (const Bucket& b : sg.buckets) {
      bucket_plan.push_back(&sb.group_plan(coll::Op::all_reduce, b.bytes, {everyone}));
      sg.bucket_algos.push_back(std::string(coll::algo_name(bucket_plan.back()->algo)) + "/" +
                                coll::protocol_name(bucket_plan.back()->protocol));
      largest = std::max(largest, b.bytes);
    }
    // The largest bucket (the 25 MiB ones) stands for what the NCCL stream holds.
    holds.push_back(comm_hold(sb.group_plan(coll::Op::all_reduce, largest, {everyone}), coll::Op::all_reduce, largest));
  }
  sb.start(holds);
  GpuShare& share = sb.share();
  const work::SoftwareProfile* sw = opt.software;
  const bool amp = cost.precision() == work::Precision::amp_fp16 || cost.precision() == work::Precision::amp_bf16;

  // The segments' times and curves, the optimizer's.
  const OpTimes times = op_times(model, cost, share, batch, sw, amp);
  const std::vector<bool> ckpt = checkpointed_blocks(model, opt.checkpointing);
  const std::vector<Segment> fwd_segs = forward_segments(model, times.fwd, sw, amp);
  const std::vector<Segment> bwd_segs = backward_segments(model, times.bwd, times.fwd, ckpt, sg.buckets, sw, amp);
  const engine::CurveId opt_curve = share.curve(share.at_levels(
      [&](const work::Contention& c) { return cost.optimizer_step(model.trainable_params(), opt.optimizer, c); }));
  std::vector<engine::CurveId> fwd_curve, bwd_curve;
  for (const Segment& sgm : fwd_segs) fwd_curve.push_back(share.curve(sgm.time));
  for (const Segment& sgm : bwd_segs) bwd_curve.push_back(share.curve(sgm.time));

  sg.compute = sb.compute_streams();
  if (n > 1) sg.comm = sb.add_stream("nccl");
  sb.memory(0) = ddp_memory(model, cost, opt, n, sg.compute[0]);
  const SegmentActivations act = segment_activations(model, sg.buckets, ckpt, work::activation_bytes(cost.precision()) * batch,
                                                     fwd_segs.size(), bwd_segs.size());
  DdpSteps(sb, sg, model, opt, amp, cost.precision() == work::Precision::amp_fp16, bucket_plan, fwd_segs, bwd_segs,
           fwd_curve, bwd_curve, opt_curve, act)
      .run();
  sg.strategy_detail = std::to_string(sg.buckets.size()) + " buckets";
  sg.memory = sb.take_memory(0);
  // Every rank holds the whole model state: a checkpoint is one replica's weights and states.
  for (const auto& [name, bytes] : sg.memory.static_parts)
    if (name == "weights" || name == "optimizer_state") sg.checkpoint_bytes += bytes;
  sg.comm_calls = sb.take_comm_calls();
  sg.graph = std::move(sb.graph());
  return sg;
}

}  // namespace simtrain::train
