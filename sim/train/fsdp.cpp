#include "train/fsdp.hpp"
#include "train/option_error.hpp"
#include "train/step_builder.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>

#include "topo/cluster.hpp"
#include "train/gpu_share.hpp"
#include "train/host.hpp"

namespace simtrain::train {

const char* sharding_name(Sharding s) {
  switch (s) {
    case Sharding::full_shard: return "FULL_SHARD";
    case Sharding::shard_grad_op: return "SHARD_GRAD_OP";
    case Sharding::hybrid_shard: return "HYBRID_SHARD";
    case Sharding::no_shard: return "NO_SHARD";
    case Sharding::zero1: return "ZeRO-1";
  }
  return "?";
}

namespace {

struct Unit {
  std::string name;
  std::vector<std::size_t> ops;
  double params = 0;
  std::vector<TimePs> fwd, bwd;  // by contention level (GpuShare)
  engine::CurveId fwd_curve = engine::kNoCurve, bwd_curve = engine::kNoCurve, bwd_fold_curve = engine::kNoCurve;
  double fwd_kernels = 0, bwd_kernels = 0;  // issued by the host
  double act_bytes = 0;    // saved for backward, one micro-batch
  double input_bytes = 0;  // inputs of the blocks that begin in this unit (kept under checkpointing)
  int block = 0;           // the block of its first op: units of one block form a checkpoint segment
};

}  // namespace

StepGraph build_fsdp(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                     const topo::Cluster& cluster, const std::vector<int>& ranks, const FsdpOptions& opt) {
  StepGraph sg;
  engine::TaskGraph& g = sg.graph;
  const double batch = static_cast<double>(opt.batch_per_gpu);
  const int n = static_cast<int>(ranks.size());
  const work::Precision pr = cost.precision();
  const double pb = work::activation_bytes(opt.param_dtype);   // gathered parameter bytes
  const double rb = work::activation_bytes(opt.reduce_dtype);  // reduced gradient bytes
  const double ab = work::activation_bytes(pr) * batch;

  // --- units from the wrap policy ---
  std::vector<Unit> units;
  {
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
      if (new_block) u.input_bytes += op.act_elems_saved * ab;
      last_block = op.block;
      u.ops.push_back(i);
      u.params += static_cast<double>(op.params);
      u.act_bytes += op.act_elems_saved * ab;
    }
  }
  const std::size_t U = units.size();

  // --- groups ---
  int S = n;  // shard group size
  if (opt.sharding == Sharding::hybrid_shard) {
    S = opt.shard_group_size > 0 ? opt.shard_group_size : std::min(n, cluster.gpus_per_node());
    if (n == 1) S = 1;  // one GPU (the run's single-GPU baseline) has nothing to shard with
    if (S <= 0 || n % S != 0)
      throw OptionError("fsdp.shard_group_size", "shard_group_size must divide the number of GPUs (" + std::to_string(n) + ")");
  }
  std::vector<std::vector<int>> shard_groups, replica_groups;
  for (int i = 0; i < n; i += S) shard_groups.emplace_back(ranks.begin() + i, ranks.begin() + i + S);
  if (opt.sharding == Sharding::hybrid_shard && n / S > 1) {
    for (int j = 0; j < S; ++j) {
      std::vector<int> rg;
      for (int i = j; i < n; i += S) rg.push_back(ranks[static_cast<std::size_t>(i)]);
      replica_groups.push_back(rg);
    }
  }
  const bool sharded_params = opt.sharding == Sharding::full_shard || opt.sharding == Sharding::hybrid_shard ||
                              opt.sharding == Sharding::shard_grad_op;
  const bool regather = opt.sharding == Sharding::full_shard || opt.sharding == Sharding::hybrid_shard;
  const bool comm = n > 1;
  // Which units' blocks are checkpointed: all, or an evenly spread fraction of the blocks
  // (IBM's selective checkpointing: 0.5 checkpoints every other block).
  // Only the repeated blocks: the input end (embeddings, stem; block 0) and the output end (head
  // and loss; the last block) are not checkpointed, as apply_activation_checkpointing with a
  // check on the transformer/ResNet block class does.
  const int last_block = model.ops.empty() ? 0 : model.ops.back().block;
  std::vector<bool> ckpt_of(U, false);
  for (std::size_t u = 0; u < U; ++u) {
    const double b = units[u].block, p = opt.checkpoint_fraction;
    const bool repeated = units[u].block > 0 && units[u].block < last_block;
    ckpt_of[u] = opt.activation_checkpointing && repeated &&
                 (p >= 1 || std::floor(b * p + 1e-9) != std::floor((b - 1) * p + 1e-9));
  }
  if (opt.activation_checkpointing && opt.checkpoint_fraction < 1) {
    for (std::size_t u = 0; u + 1 < U; ++u)
      for (std::size_t i : units[u].ops)
        if (model.ops[i].block != units[u].block)
          throw OptionError("fsdp.activation_checkpointing", "checkpointing a fraction of the blocks needs units of one block at most "
                                      "(wrap: per_block or per_linear), not " + units[u].name + " of several");
  }

  std::map<std::pair<int, double>, coll::Plan> plan_cache;
  auto plan_for = [&](coll::Op op, double bytes, const std::vector<std::vector<int>>& groups, int key) {
    auto it = plan_cache.find({key, bytes});
    if (it != plan_cache.end()) return it->second;
    std::vector<coll::Plan> plans;
    for (const auto& grp : groups) plans.push_back(planner.plan(group_request(op, bytes, grp, opt.algo, opt.ring_order_auto)));
    return plan_cache.emplace(std::make_pair(key, bytes), merged(plans)).first->second;
  };

  // --- the GPUs, shared by compute and the all-gather and reduce-scatter streams ---
  const bool reduce_scatter_grads = opt.sharding != Sharding::no_shard && opt.sharding != Sharding::zero1;
  std::vector<CommHold> comm_streams;
  if (comm) {
    double largest = 0;
    for (const Unit& u : units) largest = std::max(largest, u.params);
    if (sharded_params)
      comm_streams.push_back(
          comm_hold(plan_for(coll::Op::all_gather, largest * pb, shard_groups, 1), coll::Op::all_gather, largest * pb));
    const coll::Op rop = reduce_scatter_grads ? coll::Op::reduce_scatter : coll::Op::all_reduce;
    CommHold rs_hold = comm_hold(plan_for(rop, largest * rb, shard_groups, reduce_scatter_grads ? 2 : 3), rop, largest * rb);
    // HYBRID_SHARD's replica all-reduce follows each reduce-scatter on the same stream: that
    // stream holds whichever of the two is larger.
    if (!replica_groups.empty()) {
      const CommHold rep = comm_hold(plan_for(coll::Op::all_reduce, largest * rb / S, replica_groups, 4),
                                     coll::Op::all_reduce, largest * rb / S);
      rs_hold.sms = std::max(rs_hold.sms, rep.sms);
      rs_hold.hbm_bytes_per_s = std::max(rs_hold.hbm_bytes_per_s, rep.hbm_bytes_per_s);
    }
    comm_streams.push_back(rs_hold);
  }
  GpuShare share(g, static_cast<std::size_t>(n), comm_streams);
  for (Unit& u : units) {
    for (std::size_t i : u.ops) {
      const work::Op& op = model.ops[i];
      add_to(u.fwd, share.at_levels([&](const work::Contention& c) { return cost.forward(op, batch, c); }));
      add_to(u.bwd, share.at_levels([&](const work::Contention& c) { return cost.backward(op, batch, c); }));
      if (opt.software) {
        u.fwd_kernels += work::kernels_forward(op, *opt.software, false);  // FSDP gathers params in param_dtype: no autocast casts
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
  std::map<int, std::size_t> index_of_rank;
  for (std::size_t k = 0; k < ranks.size(); ++k) index_of_rank[ranks[k]] = k;
  // Emits a collective over `groups` (merged plan) and makes its phases hold the plan's SMs
  // on every GPU taking part.
  auto emit_held = [&](const coll::Plan& plan, const std::vector<std::vector<int>>& groups,
                       std::span<const engine::TaskId> deps, const std::string& label, engine::ServerId stream) {
    std::vector<std::size_t> members;
    for (const auto& grp : groups)
      for (int r : grp) members.push_back(index_of_rank.at(r));
    std::sort(members.begin(), members.end());
    return share.emit(plan, deps, label, kComm, stream, members);
  };

  // --- servers ---
  for (std::size_t k = 0; k < ranks.size(); ++k)
    sg.compute.push_back(g.add_stream("gpu" + std::to_string(ranks[k]) + " compute", share.device(k)));
  engine::ServerId ag_stream = engine::kNoServer, rs_stream = engine::kNoServer;
  if (comm) {
    ag_stream = g.add_stream("fsdp all_gather");
    rs_stream = g.add_stream("fsdp reduce_scatter");
    sg.comm = rs_stream;
  }

  // --- memory (rank 0), in the ZeRO paper's terms ---
  const double P = static_cast<double>(model.params());
  const bool mixed = pr != work::Precision::fp32 && pr != work::Precision::tf32;
  const double pbytes = mixed ? 2.0 : 4.0;                      // parameters as used in compute
  const double k_os = (opt.optimizer == work::Optimizer::sgd ? 4.0 : 8.0) + (mixed ? 4.0 : 0.0);  // states (+ fp32 master)
  const double S_p = opt.sharding == Sharding::full_shard || opt.sharding == Sharding::hybrid_shard ? S : 1;
  const double S_g = opt.sharding == Sharding::no_shard || opt.sharding == Sharding::zero1 ? 1 : S;
  const double S_os = opt.sharding == Sharding::no_shard ? 1 : S;
  MemoryPlan& mp = sg.memory;
  // Offloaded shards live in host memory. Without sharded parameters (NO_SHARD, ZeRO-1) and
  // under SHARD_GRAD_OP (gathered from forward to backward) the GPU still holds full parameters.
  const bool offload_shards = opt.cpu_offload && regather;
  mp.static_parts = {{"parameters", offload_shards ? 0.0 : pbytes * P / S_p},
                     {"gradients", offload_shards ? 0.0 : pbytes * P / S_g},
                     {"optimizer_state", opt.cpu_offload ? 0.0 : k_os * P / S_os},
                     {"cuda_context_workspace", cost.calibration().context_bytes}};
  mp.stream = sg.compute[0];
  mp.slack = cost.calibration().allocator_slack;
  const int part_act = mp.add_part("activations");
  const int part_gather = mp.add_part("gathered_parameters");
  const int part_grad = mp.add_part("unsharded_gradients");
  auto mem = [&](engine::TaskId t, bool at_end, double bytes, int part) {
    if (bytes != 0) mp.events.push_back(MemEvent{t, at_end, bytes, part});
  };

  // Host <-> GPU copies for CPU offload: one transfer per rank over its PCIe path to the
  // nearest CPU (the routes are found once).
  struct HostPath {
    std::vector<net::LinkUse> to_gpu, to_host;
    TimePs lat_to_gpu = 0, lat_to_host = 0;
  };
  std::vector<HostPath> host_paths;
  auto offload_copy = [&](double bytes, bool to_gpu, const std::vector<engine::TaskId>& deps, const std::string& label) {
    if (host_paths.empty()) {
      for (int r : ranks) {
        const topo::Vertex gpu = cluster.gpu(r);
        const topo::Vertex cpu = cluster.nearest_cpu(gpu);
        HostPath hp;
        const topo::Route& in = cluster.route(cpu, gpu);
        const topo::Route& out = cluster.route(gpu, cpu);
        for (auto l : in.links) hp.to_gpu.push_back(net::LinkUse{l, 1.0});
        for (auto l : out.links) hp.to_host.push_back(net::LinkUse{l, 1.0});
        hp.lat_to_gpu = in.latency_ps;
        hp.lat_to_host = out.latency_ps;
        host_paths.push_back(std::move(hp));
      }
    }
    std::vector<engine::TaskGraph::FlowInput> flows;
    TimePs lat = 0;
    for (const HostPath& hp : host_paths) {
      flows.push_back(engine::TaskGraph::FlowInput{to_gpu ? hp.to_gpu : hp.to_host, bytes});
      lat = std::max(lat, to_gpu ? hp.lat_to_gpu : hp.lat_to_host);
    }
    return g.add_transfer(flows, lat, deps, label, kComm);
  };

  const double shard_div = static_cast<double>(S);
  // All-gathers a unit's parameters on the all-gather stream (after copying its shard to the
  // GPU under CPU offload); `held` counts the gathered parameters as live from its start.
  auto gather = [&](const Unit& u, std::vector<engine::TaskId> deps, const std::string& label, bool held) {
    if (opt.cpu_offload) deps.push_back(offload_copy(4.0 * u.params / shard_div, true, deps, u.name + " h2d shard"));
    const engine::TaskId t =
        emit_held(plan_for(coll::Op::all_gather, u.params * pb, shard_groups, 1), shard_groups, deps, label, ag_stream);
    if (held) mem(t, false, u.params * pb, part_gather);
    return t;
  };
  // The data pipeline feeds each micro-batch's first forward, as in DDP.
  std::optional<data::Feed> feed;
  if (opt.data) feed.emplace(*opt.data, g, static_cast<std::size_t>(n));
  std::vector<std::optional<engine::TaskId>> last_compute(static_cast<std::size_t>(n));
  std::vector<engine::TaskId> prev_opt;  // the previous step's optimizer (all ranks)
  HostTimeline host(g, opt.software);
  auto with_issue = [](std::vector<engine::TaskId> d, const std::optional<engine::TaskId>& issue) {
    if (issue) d.push_back(*issue);
    return d;
  };
  for (int step = 0; step < opt.steps; ++step) {
    for (int mb = 0; mb < opt.grad_accumulation; ++mb) {
      const bool last_mb = mb + 1 == opt.grad_accumulation;
      if (mb == 0) {
        std::vector<engine::TaskId> prev;
        if (!sg.step_end.empty()) prev.push_back(sg.step_end.back());
        host.begin_step(prev, "host step " + std::to_string(step));
      }
      const bool sync = last_mb || opt.sync_each_microbatch;
      // ---- forward ----
      std::vector<std::vector<engine::TaskId>> F(U), B(U);
      std::vector<engine::TaskId> AGf(U, 0), AGb(U, 0), RS(U, 0), act_d2h(U, 0);
      std::vector<bool> has_rs(U, false);
      for (std::size_t u = 0; u < U; ++u) {
        const Unit& un = units[u];
        std::vector<engine::TaskId> deps;
        if (comm && sharded_params) {
          if (u >= 2 && (opt.limit_all_gathers || !opt.forward_prefetch)) deps = F[u - 2];
          if (u < 2 || deps.empty()) deps.insert(deps.end(), prev_opt.begin(), prev_opt.end());
          if (auto h = host.last()) deps.push_back(*h);  // launched by the host's FSDP hooks
          AGf[u] = gather(un, deps, "all_gather " + un.name, regather);
        }
        const auto fwd_issue = host.issue(un.fwd_kernels, false, 0, "issue fwd " + un.name);
        for (int k = 0; k < n; ++k) {
          std::vector<engine::TaskId> d = with_issue({}, fwd_issue);
          if (comm && sharded_params) d.push_back(AGf[u]);
          else if (u == 0 && k == 0) d.insert(d.end(), prev_opt.begin(), prev_opt.end());
          const engine::ServerId cs = sg.compute[static_cast<std::size_t>(k)];
          if (u == 0 && feed) d.push_back(feed->next(static_cast<std::size_t>(k), cs, last_compute[static_cast<std::size_t>(k)]));
          engine::TaskId t = g.add_shared_work(cs, un.fwd_curve, d, "fwd " + un.name, kForward);
          if (u == 0 && feed) feed->consumed(static_cast<std::size_t>(k), t);
          last_compute[static_cast<std::size_t>(k)] = t;
          F[u].push_back(t);
          if (k == 0) {
            mem(t, true, ckpt_of[u] ? un.input_bytes : un.act_bytes, part_act);
            if (comm && regather) mem(t, true, -un.params * pb, part_gather);
          }
        }
        if (ckpt_of[u] && opt.activation_offload && un.input_bytes > 0) {
          // The checkpointed block input goes to host memory once the block's first unit ran.
          const engine::TaskId d2h = offload_copy(un.input_bytes, false, F[u], un.name + " d2h activations");
          mem(d2h, true, -un.input_bytes, part_act);
          act_d2h[u] = d2h;
        }
      }
      // ---- backward ----
      // The all-gather deps of unit ui's backward (the prefetch rules in the header).
      auto backward_gather_deps = [&](std::size_t ui) {
        std::vector<engine::TaskId> deps;
        if (ui + 1 >= U) {
          deps = F[U - 1];
        } else if (opt.backward_prefetch == BackwardPrefetch::pre) {
          deps = ui + 2 < U ? B[ui + 2] : F[U - 1];
        } else {
          deps = B[ui + 1];
          if (opt.backward_prefetch == BackwardPrefetch::none && has_rs[ui + 1]) deps.push_back(RS[ui + 1]);
        }
        return deps;
      };
      std::vector<std::vector<engine::TaskId>> seg_done;  // each finished segment's last backward
      std::vector<engine::TaskId> seg_recomputed;         // the current block's last recompute
      for (std::size_t ui = U; ui-- > 0;) {
        const Unit& un = units[ui];
        // The checkpoint segment (block) ui belongs to: units [first, last].
        std::size_t first = ui;
        while (first > 0 && units[first - 1].block == un.block) --first;
        std::size_t last = ui;
        while (last + 1 < U && units[last + 1].block == un.block) ++last;
        const bool seg_last = last == ui;
        const bool ckpt = ckpt_of[ui];
        const bool split = ckpt && first < last;  // a block of several units (per_linear)
        std::vector<engine::TaskId> recompute_deps;  // what the block's recompute waits for
        if (ckpt && seg_last && opt.activation_offload && units[first].input_bytes > 0) {
          // Bring the block input back one segment ahead.
          std::vector<engine::TaskId> d = seg_done.size() >= 2 ? seg_done[seg_done.size() - 2] : F[U - 1];
          d.push_back(act_d2h[first]);  // never back before it is out
          const engine::TaskId h2d =
              offload_copy(units[first].input_bytes, true, d, units[first].name + " h2d activations");
          mem(h2d, false, units[first].input_bytes, part_act);
          recompute_deps.push_back(h2d);
        }
        if (split && seg_last) {
          // Recompute the block's forward unit by unit before any of its backward. Under
          // FULL_SHARD each unit is gathered again for it (the checkpoint wraps FSDP units, so
          // the forward hooks unshard and reshard them) and once more for its backward.
          std::vector<std::vector<engine::TaskId>> R(ui - first + 1);
          for (std::size_t v = first; v <= ui; ++v) {
            const Unit& uv = units[v];
            std::vector<engine::TaskId> d = recompute_deps;
            engine::TaskId ag = 0;
            if (comm && regather) {
              ag = gather(uv, v >= first + 2 ? R[v - first - 2] : backward_gather_deps(ui),
                          "all_gather recompute " + uv.name, true);
              d.push_back(ag);
            }
            const auto rc_issue = host.issue(uv.fwd_kernels, true, 0, "issue recompute " + uv.name);
            d = with_issue(d, rc_issue);
            for (int k = 0; k < n; ++k) {
              engine::TaskId t = g.add_shared_work(sg.compute[static_cast<std::size_t>(k)], uv.fwd_curve, d,
                                                   "recompute " + uv.name, kBackward);
              last_compute[static_cast<std::size_t>(k)] = t;
              R[v - first].push_back(t);
              if (k == 0) {
                mem(t, false, uv.act_bytes, part_act);
                if (comm && regather) mem(t, true, -uv.params * pb, part_gather);
              }
            }
          }
          recompute_deps.clear();
          // The block's last unit is gathered for its backward while it is recomputed (two
          // gathered units at a time, as in the forward).
          recompute_deps = R[ui - first - 1];
          seg_recomputed = R.back();
        }
        if (comm && regather) {
          std::vector<engine::TaskId> gd = backward_gather_deps(ui);
          if (split && seg_last) gd.insert(gd.end(), recompute_deps.begin(), recompute_deps.end());
          // The block's backward, and with it the prefetching of its units, starts after the recompute.
          if (split && !seg_last) gd.insert(gd.end(), seg_recomputed.begin(), seg_recomputed.end());
          if (auto h = host.last()) gd.push_back(*h);  // launched by the host's FSDP hooks
          AGb[ui] = gather(un, gd, "all_gather bwd " + un.name, true);
        }
        const bool fold = ckpt && !split;  // the unit is its own segment: recompute inside its backward
        const engine::CurveId t_b = fold ? un.bwd_fold_curve : un.bwd_curve;
        if (split && seg_last) recompute_deps.clear();  // the compute stream orders it after the recompute
        const auto bwd_issue =
            host.issue(un.bwd_kernels + (fold ? un.fwd_kernels : 0.0), true, 0, "issue bwd " + un.name);
        for (int k = 0; k < n; ++k) {
          std::vector<engine::TaskId> d = with_issue(recompute_deps, bwd_issue);
          if (comm && regather) d.push_back(AGb[ui]);
          engine::TaskId t = g.add_shared_work(sg.compute[static_cast<std::size_t>(k)], t_b, d, "bwd " + un.name, kBackward);
          last_compute[static_cast<std::size_t>(k)] = t;
          B[ui].push_back(t);
          if (k == 0) {
            if (fold) mem(t, false, un.act_bytes, part_act);
            mem(t, true, -un.act_bytes - (ckpt ? un.input_bytes : 0.0), part_act);
            if (comm && regather) mem(t, true, -un.params * pb, part_gather);
            // Unsharded gradients live from this backward to their reduce-scatter (or, under
            // no_sync accumulation, to the last micro-batch's).
            if (S_g > 1 && (mb == 0 || opt.sync_each_microbatch)) mem(t, false, un.params * rb, part_grad);
          }
        }
        if (ui == first) seg_done.push_back(B[ui]);
        if (comm && sync) {
          const bool reduce_scatter = reduce_scatter_grads;
          engine::TaskId t =
              emit_held(plan_for(reduce_scatter ? coll::Op::reduce_scatter : coll::Op::all_reduce, un.params * rb,
                                 shard_groups, reduce_scatter ? 2 : 3),
                        shard_groups, B[ui], (reduce_scatter ? "reduce_scatter " : "all_reduce ") + un.name, rs_stream);
          if (!replica_groups.empty()) {
            std::vector<engine::TaskId> d{t};
            t = emit_held(plan_for(coll::Op::all_reduce, un.params * rb / shard_div, replica_groups, 4), replica_groups,
                          d, "replica all_reduce " + un.name, rs_stream);
          }
          if (S_g > 1) mem(t, true, -un.params * rb, part_grad);
          if (opt.cpu_offload) {
            std::vector<engine::TaskId> d{t};
            t = offload_copy(4.0 * un.params / shard_div, false, d, un.name + " d2h grad shard");
          }
          RS[ui] = t;
          has_rs[ui] = true;
        }
      }
      if (!last_mb) continue;
      // ---- optimizer ----
      std::vector<engine::TaskId> deps;
      for (std::size_t u = 0; u < U; ++u)
        if (has_rs[u]) deps.push_back(RS[u]);
      const double local_params = P / S_os;
      std::vector<TimePs> t_opt = share.at_levels([&](const work::Contention& c) {
        return cost.optimizer_step(static_cast<std::int64_t>(local_params), opt.optimizer, c);
      });
      if (opt.cpu_offload) {
        // Host-memory bound: rank 0's share of its own socket's DRAM bandwidth, split among the
        // ranks of this job whose nearest CPU is that socket (they step their optimizers together).
        const topo::Vertex socket = cluster.nearest_cpu(cluster.gpu(ranks[0]));
        const double host_bw = cluster.catalog().cpus().at(cluster.device(socket).model).memory_bandwidth_bytes_per_s;
        int sharing = 0;
        for (int r : ranks) sharing += cluster.nearest_cpu(cluster.gpu(r)) == socket ? 1 : 0;
        const double per_rank = host_bw / std::max(1, sharing);
        t_opt.assign(t_opt.size(), seconds_to_ps(local_params * (k_os + 2 * 4.0) / per_rank));
      }
      // The gradients are ready when their reduce-scatters (and every backward) are.
      std::vector<engine::TaskId> grads = deps;
      for (const auto& b : B) grads.insert(grads.end(), b.begin(), b.end());
      deps = with_issue(deps, host.optimizer(model, opt.optimizer != work::Optimizer::sgd,
                                             pr == work::Precision::amp_fp16, grads));
      std::vector<engine::TaskId> opts;
      for (int k = 0; k < n; ++k) {
        opts.push_back(g.add_shared_work(sg.compute[static_cast<std::size_t>(k)], share.curve(t_opt), deps, "optimizer",
                                         kOptimizer));
        last_compute[static_cast<std::size_t>(k)] = opts.back();
      }
      if (opt.sharding == Sharding::zero1 && comm) {
        engine::TaskId t = emit_held(plan_for(coll::Op::all_gather, P * pb, shard_groups, 5), shard_groups, opts,
                                     "all_gather params", ag_stream);
        opts.assign(1, t);
      }
      prev_opt = opts;
      sg.step_end.push_back(g.add_join(opts, "step " + std::to_string(step)));
    }
  }
  if (feed) sg.data = std::make_shared<data::FeedRecord>(feed->finish());
  sg.strategy_detail = std::string(sharding_name(opt.sharding)) + ", " + std::to_string(U) + " units";
  if (opt.sharding == Sharding::hybrid_shard) sg.strategy_detail += ", shard groups of " + std::to_string(S);
  return sg;
}

}  // namespace simtrain::train
