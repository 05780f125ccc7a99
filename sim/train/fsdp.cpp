#include "train/fsdp.hpp"
#include "train/option_error.hpp"
#include "train/step_builder.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "topo/cluster.hpp"
#include "train/host.hpp"

namespace simtrain::train {

const char* sharding_name(Sharding s) { return kShardingLabels.c_str(s); }

namespace {

using Tasks = std::vector<engine::TaskId>;

struct Unit {
  std::string name;
  std::vector<std::size_t> ops;
  double params = 0;
  double trainable = 0;  // of params: those with a gradient (all but under fine-tuning, work/finetune.hpp)
  std::vector<TimePs> fwd, bwd;  // by contention level (GpuShare)
  engine::CurveId fwd_curve = engine::kNoCurve, bwd_curve = engine::kNoCurve, bwd_fold_curve = engine::kNoCurve;
  double fwd_kernels = 0, bwd_kernels = 0;  // issued by the host
  double act_bytes = 0;    // saved for backward, one micro-batch
  double input_bytes = 0;  // inputs of the blocks that begin in this unit (kept under checkpointing)
  int block = 0;           // the block of its first op: units of one block form a checkpoint segment
};

// The units of the wrap policy (the header); `act_bytes_per_elem`: of one micro-batch.
std::vector<Unit> wrap_units(const work::Model& model, const FsdpOptions& opt, double act_bytes_per_elem) {
  std::vector<Unit> units;
  int last_block = -1, in_unit = 0;
  bool unit_has_linear = false;
  for (std::size_t i = 0; i < model.ops.size(); ++i) {
    const work::Op& op = model.ops[i];
    const bool new_block = op.block != last_block;
    const bool linear = op.kind == work::OpKind::gemm && op.params > 0;
    bool start = units.empty();
    if (new_block && !units.empty()) {
      if (!opt.unit_starts.empty()) {
        start = std::binary_search(opt.unit_starts.begin(), opt.unit_starts.end(), op.block);
      } else {
        start = ++in_unit >= opt.every_n_blocks;
      }
    }
    // per_linear: every linear layer its own unit (with the parameter-free ops after it).
    if (opt.per_linear && linear && unit_has_linear) start = true;
    if (start) {
      Unit u;
      u.name = "unit" + std::to_string(units.size());
      u.block = op.block;
      units.push_back(std::move(u));
      in_unit = 0;
      unit_has_linear = false;
    }
    Unit& u = units.back();
    if (opt.per_linear && linear && !unit_has_linear) u.name = op.name;
    unit_has_linear = unit_has_linear || linear;
    if (new_block) u.input_bytes += op.act_elems_saved * act_bytes_per_elem;
    last_block = op.block;
    u.ops.push_back(i);
    u.params += static_cast<double>(op.params);
    u.trainable += static_cast<double>(op.trainable_params());
    u.act_bytes += op.act_elems_saved * act_bytes_per_elem;
  }
  return units;
}

// The process groups, as positions of the job: shard groups of S consecutive positions and,
// under HYBRID_SHARD with several of them, the replica groups of the positions S apart (one
// per shard group, e.g. the same local rank on every node).
struct Groups {
  int shard_size = 1;  // S
  std::vector<std::vector<int>> shard, replica;
};

Groups fsdp_groups(const FsdpOptions& opt, int n, int gpus_per_node) {
  Groups gr;
  int S = n;
  if (opt.sharding == Sharding::hybrid_shard) {
    S = opt.shard_group_size > 0 ? opt.shard_group_size : std::min(n, gpus_per_node);
    if (n == 1) S = 1;  // one GPU (the run's single-GPU baseline) has nothing to shard with
    if (S <= 0 || n % S != 0)
      throw OptionError("fsdp.shard_group_size", "shard_group_size must divide the number of GPUs (" + std::to_string(n) + ")");
  }
  gr.shard_size = S;
  for (int i = 0; i < n; i += S) {
    gr.shard.emplace_back();
    for (int r = i; r < i + S; ++r) gr.shard.back().push_back(r);
  }
  if (opt.sharding == Sharding::hybrid_shard && n / S > 1) {
    for (int j = 0; j < S; ++j) {
      gr.replica.emplace_back();
      for (int r = j; r < n; r += S) gr.replica.back().push_back(r);
    }
  }
  return gr;
}

// Which units' blocks are checkpointed (checkpointed_blocks, train/ddp.hpp).
std::vector<bool> checkpointed_units(const work::Model& model, const std::vector<Unit>& units, const FsdpOptions& opt) {
  const std::size_t U = units.size();
  const std::vector<bool> ckpt_block = checkpointed_blocks(model, opt.checkpointing);
  std::vector<bool> ckpt_of(U, false);
  for (std::size_t u = 0; u < U; ++u) ckpt_of[u] = ckpt_block[static_cast<std::size_t>(units[u].block)];
  if (opt.checkpointing.on && opt.checkpointing.fraction < 1) {
    for (std::size_t u = 0; u + 1 < U; ++u)
      for (std::size_t i : units[u].ops)
        if (model.ops[i].block != units[u].block)
          throw OptionError("activation_checkpointing", "checkpointing a fraction of the blocks needs units of one block at most "
                                      "(wrap: per_block or per_linear), not " + units[u].name + " of several");
  }
  return ckpt_of;
}

// What the sharding strategy gathers, frees and reduces.
struct Mode {
  bool sharded_params = false;  // each unit's parameters are all-gathered (FULL_SHARD, HYBRID_SHARD, SHARD_GRAD_OP)
  bool regather = false;        // ... freed after its forward and gathered again for its backward
  bool reduce_scatter = false;  // gradients are reduce-scattered (else all-reduced: NO_SHARD, ZeRO-1)
  bool comm = false;            // more than one GPU
};

Mode mode_of(Sharding s, int n) {
  Mode m;
  m.sharded_params = s == Sharding::full_shard || s == Sharding::hybrid_shard || s == Sharding::shard_grad_op;
  m.regather = s == Sharding::full_shard || s == Sharding::hybrid_shard;
  m.reduce_scatter = s != Sharding::no_shard && s != Sharding::zero1;
  m.comm = n > 1;
  return m;
}

// What the all-gather and the reduce-scatter streams hold on the GPUs while they run: the
// largest unit's collectives.
std::vector<CommHold> comm_holds(StepBuilder& sb, const std::vector<Unit>& units, const Groups& gr, const Mode& mode,
                                 double pb, double rb) {
  std::vector<CommHold> holds;
  if (!mode.comm) return holds;
  double largest = 0, largest_grads = 0;
  for (const Unit& u : units) largest = std::max(largest, u.params);
  for (const Unit& u : units) largest_grads = std::max(largest_grads, u.trainable);
  if (mode.sharded_params)
    holds.push_back(
        comm_hold(sb.group_plan(coll::Op::all_gather, largest * pb, gr.shard), coll::Op::all_gather, largest * pb));
  largest = largest_grads;
  const coll::Op rop = mode.reduce_scatter ? coll::Op::reduce_scatter : coll::Op::all_reduce;
  CommHold rs_hold = comm_hold(sb.group_plan(rop, largest * rb, gr.shard), rop, largest * rb);
  // HYBRID_SHARD's replica all-reduce follows each reduce-scatter on the same stream: that
  // stream holds whichever of the two is larger.
  if (!gr.replica.empty()) {
    const double bytes = largest * rb / gr.shard_size;
    const CommHold rep = comm_hold(sb.group_plan(coll::Op::all_reduce, bytes, gr.replica), coll::Op::all_reduce, bytes);
    rs_hold.sms = std::max(rs_hold.sms, rep.sms);
    rs_hold.hbm_bytes_per_s = std::max(rs_hold.hbm_bytes_per_s, rep.hbm_bytes_per_s);
  }
  holds.push_back(rs_hold);
  return holds;
}

// HBM bytes per parameter of FSDP's gradient passes in each unit's post-backward hook (PyTorch
// FSDP, torch/distributed/fsdp/_runtime_utils.py `_reduce_grad` / `_reduce_grad_no_shard`): the
// unit's parameters are views split from one flat parameter, so autograd's backward of the split
// concatenates the per-parameter gradients into the flat gradient (read + write, param dtype);
// a gradient not in the reduce dtype is cast to it (read + write); `_div_if_needed` divides it in
// place by the pre-divide factor before the reduction (read + write, reduce dtype), a factor
// above 1 from 4 ranks in the group on (`_get_gradient_predivide_factor`). Not under zero1
// (Megatron's distributed optimizer writes gradients into its own buffer).
double grad_pass_bytes(const FsdpOptions& opt, bool comm, int group_size, double pb, double rb) {
  if (!comm || opt.sharding == Sharding::zero1) return 0;
  double b = 2 * pb;
  if (rb != pb) b += pb + rb;
  if (group_size >= 4) b += 2 * rb;
  return b;
}

// Each unit's kernel times at every contention level, their curves, and the kernels the host
// issues for them; `grad_bytes` per parameter of post-backward gradient passes (two kernels).
void time_units(std::vector<Unit>& units, const work::Model& model, const work::CostModel& cost, GpuShare& share,
                double batch, const work::SoftwareProfile* sw, double grad_bytes) {
  for (Unit& u : units) {
    if (grad_bytes > 0 && u.trainable > 0)
      add_to(u.bwd, share.at_levels([&](const work::Contention& c) { return cost.memory_pass(u.trainable * grad_bytes, 2, c); }));
    for (std::size_t i : u.ops) {
      const work::Op& op = model.ops[i];
      add_to(u.fwd, share.at_levels([&](const work::Contention& c) { return cost.forward(op, batch, c); }));
      add_to(u.bwd, share.at_levels([&](const work::Contention& c) { return cost.backward(op, batch, c); }));
      if (sw) {
        u.fwd_kernels += work::kernels_forward(op, *sw, false);  // FSDP gathers params in param_dtype: no autocast casts
        u.bwd_kernels += work::kernels_backward(op);
      }
    }
    if (u.ops.empty()) continue;
    u.fwd_curve = share.curve(u.fwd);
    u.bwd_curve = share.curve(u.bwd);
    std::vector<TimePs> fold = u.bwd;
    add_to(fold, u.fwd);
    u.bwd_fold_curve = share.curve(fold);
  }
}

// The ZeRO paper's terms: the ways parameters, gradients and optimizer states are sharded, and
// the bytes per parameter of the states (+ the fp32 master weights under mixed precision).
struct Zero {
  double params = 1, grads = 1, states = 1;
  double state_bytes = 4;
};

Zero zero_of(const FsdpOptions& opt, work::Precision pr, int S) {
  Zero z;
  const bool mixed = pr != work::Precision::fp32 && pr != work::Precision::tf32;
  z.state_bytes = (opt.optimizer == work::Optimizer::sgd ? 4.0 : 8.0) + (mixed ? 4.0 : 0.0);
  z.params = opt.sharding == Sharding::full_shard || opt.sharding == Sharding::hybrid_shard ? S : 1;
  z.grads = opt.sharding == Sharding::no_shard || opt.sharding == Sharding::zero1 ? 1 : S;
  z.states = opt.sharding == Sharding::no_shard ? 1 : S;
  return z;
}

// The memory rank 0 holds all step; the parts the step's events move.
struct MemParts {
  int act = 0, gather = 0, grad = 0;
};

MemParts plan_memory(MemoryPlan& mp, const work::Model& model, const work::CostModel& cost, const FsdpOptions& opt,
                     const Zero& z, bool regather, engine::ServerId stream) {
  // Gradients and optimizer state (fp32 master weights included) cover the trainable
  // parameters: all of them but under fine-tuning (work/finetune.hpp), whose frozen weights
  // are only stored (and sharded, gathered) in the compute dtype.
  const double P = static_cast<double>(model.params()), Pt = static_cast<double>(model.trainable_params());
  const work::Precision pr = cost.precision();
  const bool mixed = pr != work::Precision::fp32 && pr != work::Precision::tf32;
  const double pbytes = mixed ? 2.0 : 4.0;  // parameters as used in compute
  // Offloaded shards live in host memory. Without sharded parameters (NO_SHARD, ZeRO-1) and
  // under SHARD_GRAD_OP (gathered from forward to backward) the GPU still holds full parameters.
  const bool offload_shards = opt.cpu_offload && regather;
  mp.static_parts = {{"parameters", offload_shards ? 0.0 : pbytes * P / z.params},
                     {"gradients", offload_shards ? 0.0 : pbytes * Pt / z.grads},
                     {"optimizer_state", opt.cpu_offload ? 0.0 : z.state_bytes * Pt / z.states},
                     {"cuda_context_workspace", cost.calibration().context_bytes}};
  mp.stream = stream;
  mp.slack = cost.calibration().allocator_slack;
  // In host memory under CPU offload (PyTorch keeps the fp32 flat-parameter shard and its
  // gradient on the CPU, and the optimizer steps there): 4 + 4 bytes a parameter of the shard
  // when the shards are offloaded, and the optimizer's states and master weights.
  if (opt.cpu_offload)
    mp.host_bytes = (offload_shards ? 4.0 * P / z.params + 4.0 * Pt / z.params : 0.0) + z.state_bytes * Pt / z.states;
  MemParts parts;
  parts.act = mp.add_part("activations");
  parts.gather = mp.add_part("gathered_parameters");
  parts.grad = mp.add_part("unsharded_gradients");
  return parts;
}

// The optimizer's time on the CPU under CPU offload: host-memory bound, rank 0's share of its
// own socket's DRAM bandwidth, split among the ranks of this job whose nearest CPU is that
// socket (they step their optimizers together).
TimePs host_optimizer_time(const topo::Cluster& cluster, const std::vector<int>& gpus, double local_params,
                           double state_bytes) {
  const topo::Vertex socket = cluster.nearest_cpu(cluster.gpu(gpus[0]));
  const double host_bw = cluster.catalog().cpus().at(cluster.device(socket).model).memory_bandwidth_bytes_per_s;
  int sharing = 0;
  for (int r : gpus) sharing += cluster.nearest_cpu(cluster.gpu(r)) == socket ? 1 : 0;
  const double per_rank = host_bw / std::max(1, sharing);
  return seconds_to_ps(local_params * (state_bytes + 2 * 4.0) / per_rank);
}

Tasks with_issue(Tasks d, const std::optional<engine::TaskId>& issue) {
  if (issue) d.push_back(*issue);
  return d;
}

// What a micro-batch's passes hand each other, per unit: every rank's forward and backward
// tasks, the all-gathers, the gradients' reduction and the activations sent to the host.
struct MicroBatch {
  explicit MicroBatch(std::size_t U)
      : fwd(U), bwd(U), ag_fwd(U, 0), ag_bwd(U, 0), reduced(U, 0), act_d2h(U, 0), has_reduced(U, false) {}
  std::vector<Tasks> fwd, bwd;
  Tasks ag_fwd, ag_bwd, reduced, act_d2h;
  std::vector<bool> has_reduced;
};

// Writes the steps' tasks (the header describes what waits for what).
class FsdpSteps {
 public:
  FsdpSteps(StepBuilder& sb, StepGraph& sg, const work::Model& model, const work::CostModel& cost,
            const topo::Cluster& cluster, const FsdpOptions& opt, const std::vector<Unit>& units,
            const std::vector<bool>& ckpt_of, const Groups& gr, const Mode& mode, const Zero& zero, MemParts parts,
            engine::ServerId ag_stream, engine::ServerId rs_stream)
      : sb_(sb), mem_(sb.memory(0)), sg_(sg), g_(sb.graph()), model_(model), cost_(cost), cluster_(cluster), opt_(opt), units_(units),
        ckpt_of_(ckpt_of), gr_(gr), mode_(mode), zero_(zero), parts_(parts), ag_stream_(ag_stream),
        rs_stream_(rs_stream), n_(sb.layout().size()), everyone_(sb.layout().group(Dim::dp, 0)),
        pb_(work::activation_bytes(opt.param_dtype)), rb_(work::activation_bytes(opt.reduce_dtype)),
        last_compute_(static_cast<std::size_t>(n_)), host_(g_, opt.software) {
    // The data pipeline feeds each micro-batch's first forward, as in DDP.
    if (opt.data) feed_.emplace(*opt.data, g_, static_cast<std::size_t>(n_));
  }

  void run() {
    for (int step = 0; step < opt_.steps; ++step) {
      for (int mb = 0; mb < opt_.grad_accumulation; ++mb) {
        const bool last_mb = mb + 1 == opt_.grad_accumulation;
        if (mb == 0) {
          Tasks prev;
          if (!sg_.step_end.empty()) prev.push_back(sg_.step_end.back());
          host_.begin_step(prev, "host step " + std::to_string(step));
        }
        MicroBatch m(units_.size());
        forward(m);
        backward(m, mb, last_mb || opt_.sync_each_microbatch);
        if (last_mb) optimizer(m, step);
      }
    }
    if (feed_) sg_.data = std::make_shared<data::FeedRecord>(feed_->finish());
  }

 private:
  void mem(engine::TaskId t, bool at_end, double bytes, int part) {
    if (bytes != 0) mem_.events.push_back(MemEvent{t, at_end, bytes, part});
  }

  // A copy between every GPU and its host memory (CPU offload), over its PCIe path.
  engine::TaskId host_copy(double bytes, bool to_gpu, const Tasks& deps, const std::string& label) {
    return sb_.host_copy(cluster_, bytes, to_gpu, deps, label, kComm);
  }

  // All-gathers a unit's parameters on the all-gather stream (after copying its shard to the
  // GPU under CPU offload); `held` counts the gathered parameters as live from its start.
  engine::TaskId gather(const Unit& u, Tasks deps, const std::string& label, bool held) {
    if (opt_.cpu_offload)
      deps.push_back(host_copy(4.0 * u.params / gr_.shard_size, true, deps, u.name + " h2d shard"));
    const engine::TaskId t = sb_.transfer(sb_.group_plan(coll::Op::all_gather, u.params * pb_, gr_.shard), everyone_,
                                          deps, label, kComm, ag_stream_);
    if (held) mem(t, false, u.params * pb_, parts_.gather);
    return t;
  }

  void forward(MicroBatch& m) {
    const std::size_t U = units_.size();
    const bool gathers = mode_.comm && mode_.sharded_params;
    for (std::size_t u = 0; u < U; ++u) {
      const Unit& un = units_[u];
      if (gathers) {
        Tasks deps;
        if (u >= 2 && (opt_.limit_all_gathers || !opt_.forward_prefetch)) deps = m.fwd[u - 2];
        if (u < 2 || deps.empty()) deps.insert(deps.end(), prev_opt_.begin(), prev_opt_.end());
        if (auto h = host_.last()) deps.push_back(*h);  // launched by the host's FSDP hooks
        m.ag_fwd[u] = gather(un, deps, "all_gather " + un.name, mode_.regather);
      }
      const auto fwd_issue = host_.issue(un.fwd_kernels, false, 0, "issue fwd " + un.name);
      for (int k = 0; k < n_; ++k) {
        const auto rk = static_cast<std::size_t>(k);
        Tasks d = with_issue({}, fwd_issue);
        if (gathers) d.push_back(m.ag_fwd[u]);
        else if (u == 0 && k == 0) d.insert(d.end(), prev_opt_.begin(), prev_opt_.end());
        const engine::ServerId cs = sb_.compute(k);
        if (u == 0 && feed_) d.push_back(feed_->next(rk, cs, last_compute_[rk]));
        engine::TaskId t = g_.add_shared_work(cs, un.fwd_curve, d, "fwd " + un.name, kForward);
        if (u == 0 && feed_) feed_->consumed(rk, t);
        last_compute_[rk] = t;
        m.fwd[u].push_back(t);
        if (k == 0) {
          mem(t, true, ckpt_of_[u] ? un.input_bytes : un.act_bytes, parts_.act);
          if (mode_.comm && mode_.regather) mem(t, true, -un.params * pb_, parts_.gather);
        }
      }
      if (ckpt_of_[u] && opt_.checkpointing.offload && un.input_bytes > 0) {
        // The checkpointed block input goes to host memory once the block's first unit ran.
        const engine::TaskId d2h = host_copy(un.input_bytes, false, m.fwd[u], un.name + " d2h activations");
        mem(d2h, true, -un.input_bytes, parts_.act);
        m.act_d2h[u] = d2h;
      }
    }
  }

  // The all-gather deps of unit ui's backward (the prefetch rules in the header).
  Tasks backward_gather_deps(const MicroBatch& m, std::size_t ui) const {
    const std::size_t U = units_.size();
    Tasks deps;
    if (ui + 1 >= U) {
      deps = m.fwd[U - 1];
    } else if (opt_.backward_prefetch == BackwardPrefetch::pre) {
      deps = ui + 2 < U ? m.bwd[ui + 2] : m.fwd[U - 1];
    } else {
      deps = m.bwd[ui + 1];
      if (opt_.backward_prefetch == BackwardPrefetch::none && m.has_reduced[ui + 1]) deps.push_back(m.reduced[ui + 1]);
    }
    return deps;
  }

  // Recomputes the forward of a block of several units (per_linear), units first .. last,
  // unit by unit before any of its backward, after `deps`. Under FULL_SHARD each unit is
  // gathered again for it (the checkpoint wraps FSDP units, so the forward hooks unshard and
  // reshard them) and once more for its backward. Returns each unit's recompute tasks.
  std::vector<Tasks> recompute_block(const MicroBatch& m, std::size_t first, std::size_t last, const Tasks& deps) {
    std::vector<Tasks> R(last - first + 1);
    for (std::size_t v = first; v <= last; ++v) {
      const Unit& uv = units_[v];
      Tasks d = deps;
      if (mode_.comm && mode_.regather) {
        d.push_back(gather(uv, v >= first + 2 ? R[v - first - 2] : backward_gather_deps(m, last),
                           "all_gather recompute " + uv.name, true));
      }
      const auto rc_issue = host_.issue(uv.fwd_kernels, true, 0, "issue recompute " + uv.name);
      d = with_issue(d, rc_issue);
      for (int k = 0; k < n_; ++k) {
        engine::TaskId t = g_.add_shared_work(sb_.compute(k), uv.fwd_curve, d, "recompute " + uv.name, kBackward);
        last_compute_[static_cast<std::size_t>(k)] = t;
        R[v - first].push_back(t);
        if (k == 0) {
          mem(t, false, uv.act_bytes, parts_.act);
          if (mode_.comm && mode_.regather) mem(t, true, -uv.params * pb_, parts_.gather);
        }
      }
    }
    return R;
  }

  // Reduces unit un's gradients after `deps` on the reduce-scatter stream: reduce-scatter (or
  // all-reduce) over its shard group, then HYBRID_SHARD's replica all-reduce, then under CPU
  // offload the gradient shard's copy to the host. Returns the last task.
  engine::TaskId reduce_grads(const Unit& un, const Tasks& deps) {
    const bool reduce_scatter = mode_.reduce_scatter;
    engine::TaskId t = sb_.transfer(
        sb_.group_plan(reduce_scatter ? coll::Op::reduce_scatter : coll::Op::all_reduce, un.trainable * rb_, gr_.shard),
        everyone_, deps, (reduce_scatter ? "reduce_scatter " : "all_reduce ") + un.name, kComm, rs_stream_);
    if (!gr_.replica.empty()) {
      const coll::Plan& replica = sb_.group_plan(coll::Op::all_reduce, un.trainable * rb_ / gr_.shard_size, gr_.replica);
      Tasks d{t};
      t = sb_.transfer(replica, everyone_, d, "replica all_reduce " + un.name, kComm, rs_stream_);
    }
    if (zero_.grads > 1) mem(t, true, -un.trainable * rb_, parts_.grad);
    if (opt_.cpu_offload) {
      Tasks d{t};
      t = host_copy(4.0 * un.trainable / gr_.shard_size, false, d, un.name + " d2h grad shard");
    }
    return t;
  }

  void backward(MicroBatch& m, int mb, bool sync) {
    const std::size_t U = units_.size();
    const bool regathers = mode_.comm && mode_.regather;
    std::vector<Tasks> seg_done;  // each finished segment's last backward
    Tasks seg_recomputed;         // the current block's last recompute
    for (std::size_t ui = U; ui-- > 0;) {
      const Unit& un = units_[ui];
      // The checkpoint segment (block) ui belongs to: units [first, last].
      std::size_t first = ui;
      while (first > 0 && units_[first - 1].block == un.block) --first;
      std::size_t last = ui;
      while (last + 1 < U && units_[last + 1].block == un.block) ++last;
      const bool seg_last = last == ui;
      const bool ckpt = ckpt_of_[ui];
      const bool split = ckpt && first < last;  // a block of several units (per_linear)
      Tasks recompute_deps;                     // what the block's recompute waits for
      if (ckpt && seg_last && opt_.checkpointing.offload && units_[first].input_bytes > 0) {
        // Bring the block input back one segment ahead.
        Tasks d = seg_done.size() >= 2 ? seg_done[seg_done.size() - 2] : m.fwd[U - 1];
        d.push_back(m.act_d2h[first]);  // never back before it is out
        const engine::TaskId h2d = host_copy(units_[first].input_bytes, true, d, units_[first].name + " h2d activations");
        mem(h2d, false, units_[first].input_bytes, parts_.act);
        recompute_deps.push_back(h2d);
      }
      if (split && seg_last) {
        const std::vector<Tasks> R = recompute_block(m, first, ui, recompute_deps);
        // The block's last unit is gathered for its backward while it is recomputed (two
        // gathered units at a time, as in the forward).
        recompute_deps = R[ui - first - 1];
        seg_recomputed = R.back();
      }
      if (regathers) {
        Tasks gd = backward_gather_deps(m, ui);
        if (split && seg_last) gd.insert(gd.end(), recompute_deps.begin(), recompute_deps.end());
        // The block's backward, and with it the prefetching of its units, starts after the recompute.
        if (split && !seg_last) gd.insert(gd.end(), seg_recomputed.begin(), seg_recomputed.end());
        if (auto h = host_.last()) gd.push_back(*h);  // launched by the host's FSDP hooks
        m.ag_bwd[ui] = gather(un, gd, "all_gather bwd " + un.name, true);
      }
      const bool fold = ckpt && !split;  // the unit is its own segment: recompute inside its backward
      const engine::CurveId t_b = fold ? un.bwd_fold_curve : un.bwd_curve;
      if (split && seg_last) recompute_deps.clear();  // the compute stream orders it after the recompute
      const auto bwd_issue = host_.issue(un.bwd_kernels + (fold ? un.fwd_kernels : 0.0), true, 0, "issue bwd " + un.name);
      for (int k = 0; k < n_; ++k) {
        Tasks d = with_issue(recompute_deps, bwd_issue);
        if (regathers) d.push_back(m.ag_bwd[ui]);
        engine::TaskId t = g_.add_shared_work(sb_.compute(k), t_b, d, "bwd " + un.name, kBackward);
        last_compute_[static_cast<std::size_t>(k)] = t;
        m.bwd[ui].push_back(t);
        if (k == 0) {
          if (fold) mem(t, false, un.act_bytes, parts_.act);
          mem(t, true, -un.act_bytes - (ckpt ? un.input_bytes : 0.0), parts_.act);
          if (regathers) mem(t, true, -un.params * pb_, parts_.gather);
          // Unsharded gradients live from this backward to their reduce-scatter (or, under
          // no_sync accumulation, to the last micro-batch's).
          if (zero_.grads > 1 && (mb == 0 || opt_.sync_each_microbatch)) mem(t, false, un.trainable * rb_, parts_.grad);
        }
      }
      if (ui == first) seg_done.push_back(m.bwd[ui]);
      if (mode_.comm && sync && un.trainable > 0) {  // a frozen unit has no gradient to reduce
        m.reduced[ui] = reduce_grads(un, m.bwd[ui]);
        m.has_reduced[ui] = true;
      }
    }
  }

  // The optimizer updates the local shard after the last reduce-scatter (on the CPU under CPU
  // offload); ZeRO-1 then all-gathers the updated parameters.
  void optimizer(const MicroBatch& m, int step) {
    Tasks deps;
    for (std::size_t u = 0; u < units_.size(); ++u)
      if (m.has_reduced[u]) deps.push_back(m.reduced[u]);
    const double P = static_cast<double>(model_.trainable_params());
    const double local_params = P / zero_.states;
    std::vector<TimePs> t_opt = sb_.share().at_levels([&](const work::Contention& c) {
      return cost_.optimizer_step(static_cast<std::int64_t>(local_params), opt_.optimizer, c);
    });
    if (opt_.cpu_offload)
      t_opt.assign(t_opt.size(), host_optimizer_time(cluster_, sb_.layout().gpus(), local_params, zero_.state_bytes));
    // The gradients are ready when their reduce-scatters (and every backward) are.
    Tasks grads = deps;
    for (const auto& b : m.bwd) grads.insert(grads.end(), b.begin(), b.end());
    deps = with_issue(deps, host_.optimizer(model_, opt_.optimizer != work::Optimizer::sgd,
                                            cost_.precision() == work::Precision::amp_fp16, grads));
    Tasks opts;
    for (int k = 0; k < n_; ++k) {
      opts.push_back(g_.add_shared_work(sb_.compute(k), sb_.share().curve(t_opt), deps, "optimizer", kOptimizer));
      last_compute_[static_cast<std::size_t>(k)] = opts.back();
    }
    if (opt_.sharding == Sharding::zero1 && mode_.comm) {
      engine::TaskId t = sb_.transfer(sb_.group_plan(coll::Op::all_gather, P * pb_, gr_.shard), everyone_, opts,
                                      "all_gather params", kComm, ag_stream_);
      opts.assign(1, t);
    }
    prev_opt_ = opts;
    sg_.step_end.push_back(g_.add_join(opts, "step " + std::to_string(step)));
  }

  StepBuilder& sb_;
  MemoryPlan& mem_;  // rank 0's plan
  StepGraph& sg_;
  engine::TaskGraph& g_;
  const work::Model& model_;
  const work::CostModel& cost_;
  const topo::Cluster& cluster_;
  const FsdpOptions& opt_;
  const std::vector<Unit>& units_;
  const std::vector<bool>& ckpt_of_;
  const Groups& gr_;
  const Mode mode_;
  const Zero zero_;
  const MemParts parts_;
  const engine::ServerId ag_stream_, rs_stream_;
  const int n_;
  const std::vector<int> everyone_;  // every position: each collective's groups cover the job
  const double pb_, rb_;             // bytes of a gathered parameter, of a reduced gradient
  std::vector<std::optional<engine::TaskId>> last_compute_;
  std::optional<data::Feed> feed_;
  HostTimeline host_;
  Tasks prev_opt_;  // the previous step's optimizer (all ranks)
};

}  // namespace

StepGraph build_fsdp(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                     const topo::Cluster& cluster, const std::vector<int>& ranks, const FsdpOptions& opt) {
  StepGraph sg;
  const double batch = static_cast<double>(opt.batch_per_gpu);
  const int n = static_cast<int>(ranks.size());
  const double pb = work::activation_bytes(opt.param_dtype);   // gathered parameter bytes
  const double rb = work::activation_bytes(opt.reduce_dtype);  // reduced gradient bytes

  std::vector<Unit> units = wrap_units(model, opt, work::activation_bytes(cost.precision()) * batch);
  const Groups gr = fsdp_groups(opt, n, cluster.gpus_per_node());
  const std::vector<bool> ckpt_of = checkpointed_units(model, units, opt);
  const Mode mode = mode_of(opt.sharding, n);

  // Every rank is a data-parallel replica; shard and replica groups are sets of its positions.
  Mesh mesh;
  mesh.dp = n;
  const Layout layout(mesh, ranks, cluster.gpus_per_node());
  StepBuilder sb(planner, layout, opt.algo, opt.ring_order_auto);
  // The GPUs, shared by compute and the all-gather and reduce-scatter streams.
  sb.start(comm_holds(sb, units, gr, mode, pb, rb));
  time_units(units, model, cost, sb.share(), batch, opt.software,
             grad_pass_bytes(opt, mode.comm, opt.sharding == Sharding::no_shard ? n : gr.shard_size, pb, rb));
  sg.compute = sb.compute_streams();
  engine::ServerId ag_stream = engine::kNoServer, rs_stream = engine::kNoServer;
  if (mode.comm) {
    ag_stream = sb.add_stream("fsdp all_gather");
    rs_stream = sb.add_stream("fsdp reduce_scatter");
    sg.comm = rs_stream;
  }
  const Zero zero = zero_of(opt, cost.precision(), gr.shard_size);
  const MemParts parts = plan_memory(sb.memory(0), model, cost, opt, zero, mode.regather, sg.compute[0]);
  if (opt.checkpointing.offload)  // every checkpointed block input is on the host at the end of the forward
    for (std::size_t u = 0; u < units.size(); ++u)
      if (ckpt_of[u]) sb.memory(0).host_bytes += units[u].input_bytes;

  FsdpSteps(sb, sg, model, cost, cluster, opt, units, ckpt_of, gr, mode, zero, parts, ag_stream, rs_stream).run();
  sg.strategy_detail = std::string(sharding_name(opt.sharding)) + ", " + std::to_string(units.size()) + " units";
  if (opt.sharding == Sharding::hybrid_shard) sg.strategy_detail += ", shard groups of " + std::to_string(gr.shard_size);
  sg.memory = sb.take_memory(0);
  // The shards of the parameters and of the states (fp32 master included) over the shard
  // group make one copy of each, whether the GPU or the host (CPU offload) holds them.
  const double wb = cost.precision() == work::Precision::fp32 || cost.precision() == work::Precision::tf32 ? 4.0 : 2.0;
  const double P = static_cast<double>(model.params()), Pt = static_cast<double>(model.trainable_params());
  // Fine-tuning: the frozen weights are saved without optimizer state.
  sg.checkpoint_bytes = Pt == P ? P * (wb + zero.state_bytes) : P * wb + Pt * zero.state_bytes;
  sg.comm_calls = sb.take_comm_calls();
  sg.graph = std::move(sb.graph());
  return sg;
}

}  // namespace simtrain::train
