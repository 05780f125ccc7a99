#include "train/run.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "coll/nccl_params.hpp"

namespace simtrain::train {
namespace {

// Total length of the union of intervals, clipped to [lo, hi).
double union_length(std::vector<std::pair<TimePs, TimePs>> iv, TimePs lo, TimePs hi) {
  std::sort(iv.begin(), iv.end());
  double total = 0;
  TimePs cur_s = -1, cur_e = -1;
  for (auto [s, e] : iv) {
    s = std::max(s, lo);
    e = std::min(e, hi);
    if (e <= s) continue;
    if (s > cur_e) {
      if (cur_e > cur_s) total += static_cast<double>(cur_e - cur_s);
      cur_s = s;
      cur_e = e;
    } else {
      cur_e = std::max(cur_e, e);
    }
  }
  if (cur_e > cur_s) total += static_cast<double>(cur_e - cur_s);
  return total;
}

// Length of A minus B (both unions of intervals) within [lo, hi).
double covered_not_by(const std::vector<std::pair<TimePs, TimePs>>& a, const std::vector<std::pair<TimePs, TimePs>>& b,
                      TimePs lo, TimePs hi) {
  std::vector<std::pair<TimePs, TimePs>> ab = a;
  ab.insert(ab.end(), b.begin(), b.end());
  return union_length(ab, lo, hi) - union_length(b, lo, hi);
}

struct Built {
  std::unique_ptr<topo::Cluster> cluster;
  std::shared_ptr<const work::Model> model;
  std::unique_ptr<work::CostModel> cost;
  std::unique_ptr<coll::Planner> planner;
};

}  // namespace

RunResult run_scenario(const ScenarioSpec& spec, const RunOptions& opt) {
  RunResult r;
  r.scenario = spec.name;
  r.overrides = spec.overrides_applied;
  Built b;
  b.cluster = spec.system_inline ? topo::load_system_from(*spec.system_inline, spec.path, spec.nodes)
                                 : topo::load_system(spec.system_path, spec.nodes);
  const topo::Cluster& c = *b.cluster;
  b.model = work::load_model(spec.model_ref, &spec.model_field);
  const work::Model& m = *b.model;
  work::Precision prec;
  work::parse_precision(spec.precision, prec);
  work::Optimizer optim;
  work::parse_optimizer(spec.optimizer, optim);
  const int gpn = c.gpus_per_node();
  const int per_node = spec.gpus_per_node > 0 ? spec.gpus_per_node : gpn;
  if (per_node > gpn) {
    Field f = *spec.root.get("gpus_per_node");
    throw f.error("the system has " + std::to_string(gpn) + " GPUs per node");
  }
  std::vector<int> ranks;
  for (int k = 0; k < c.nodes(); ++k)
    for (int j = 0; j < per_node; ++j) ranks.push_back(k * gpn + j);
  const topo::GpuModel& gpu = c.gpu_model(ranks[0]);
  try {
    b.cost = std::make_unique<work::CostModel>(
        gpu, work::load_calibration(work::default_calibration_path(c.catalog().path()), gpu.key), prec);
  } catch (const std::invalid_argument& e) {
    Field f = spec.root.has("precision") ? spec.root.at("precision") : spec.root;
    throw f.error(e.what());
  }
  b.planner = std::make_unique<coll::Planner>(c, coll::NcclParams::load_default(c.catalog().path()));

  const long long steps = opt.steps_override > 0 ? opt.steps_override : spec.steps;
  const long long warm = spec.warmup_steps;
  DdpOptions d;
  d.bucket_bytes = spec.bucket_mb * 1048576.0;
  d.grad_accumulation = static_cast<int>(spec.grad_accumulation);
  d.steps = static_cast<int>(steps + warm);
  d.batch_per_gpu = spec.batch_per_gpu;
  d.optimizer = optim;
  d.algo = spec.collective_algorithm == "ring"           ? coll::Algo::ring
           : spec.collective_algorithm == "tree"         ? coll::Algo::tree
           : spec.collective_algorithm == "hierarchical" ? coll::Algo::hierarchical
                                                         : coll::Algo::automatic;
  d.ring_order_auto = spec.ring_order == "auto";

  auto sg = std::make_shared<StepGraph>(build_ddp(m, *b.cost, *b.planner, ranks, d));
  std::vector<double> caps = c.link_capacities();
  for (double& x : caps) x *= opt.link_scale;
  net::FlowNetwork network(caps, opt.full_solve);
  engine::Executor ex(network);
  engine::RunStats st = ex.run(sg->graph);
  const auto& rec = ex.records();
  r.events = st.events;
  r.tasks = sg->graph.size();

  // Measured window: from the end of the last warm-up step to the end of the last step.
  const TimePs lo = warm > 0 ? rec[sg->step_end[static_cast<std::size_t>(warm - 1)]].end : 0;
  const TimePs hi = rec[sg->step_end.back()].end;
  const double window = static_cast<double>(hi - lo);
  const double per_step = 1.0 / static_cast<double>(steps);
  std::vector<std::pair<TimePs, TimePs>> busy, comm;
  double gemm_like = 0;
  const engine::ServerId s0 = sg->compute[0];
  for (engine::TaskId t = 0; t < sg->graph.size(); ++t) {
    const engine::Task& task = sg->graph.task(t);
    if (task.server == s0) busy.emplace_back(rec[t].start, rec[t].end);
    if (task.category == kComm) comm.emplace_back(rec[t].start, rec[t].end);
  }
  const double busy_ps = union_length(busy, lo, hi);
  const double comm_ps = union_length(comm, lo, hi);
  const double exposed_ps = covered_not_by(comm, busy, lo, hi);
  r.step_time_s = ps_to_seconds(static_cast<TimePs>(window * per_step));
  r.compute_s = busy_ps * 1e-12 * per_step;
  r.comm_total_s = comm_ps * 1e-12 * per_step;
  r.comm_exposed_s = exposed_ps * 1e-12 * per_step;
  r.data_stall_s = 0;
  r.idle_s = std::max(0.0, r.step_time_s - r.compute_s - r.comm_exposed_s - r.data_stall_s);
  for (const work::Op& op : m.ops) {
    if (op.kind == work::OpKind::gemm || op.kind == work::OpKind::conv || op.kind == work::OpKind::attention)
      gemm_like += ps_to_seconds(b.cost->forward(op, static_cast<double>(spec.batch_per_gpu)) +
                                 b.cost->backward(op, static_cast<double>(spec.batch_per_gpu)));
  }
  gemm_like *= static_cast<double>(spec.grad_accumulation);
  r.gemm_share = r.compute_s > 0 ? std::min(1.0, gemm_like / r.compute_s) : 0;

  // Identity and throughput.
  r.system = c.name();
  r.model = m.name;
  r.gpu_name = gpu.name;
  r.precision = work::precision_name(prec);
  r.optimizer = work::optimizer_name(optim);
  r.strategy = spec.strategy;
  r.gpus = static_cast<int>(ranks.size());
  r.nodes = c.nodes();
  r.batch_per_gpu = spec.batch_per_gpu;
  r.grad_accumulation = spec.grad_accumulation;
  r.seq_len = m.seq_len;
  r.steps = steps;
  r.warmup_steps = warm;
  r.params = m.params();
  const double samples_per_step = static_cast<double>(r.gpus * spec.batch_per_gpu * spec.grad_accumulation);
  r.samples_per_s = samples_per_step / r.step_time_s;
  r.tokens_per_s = m.seq_len > 0 ? r.samples_per_s * static_cast<double>(m.seq_len) : 0;
  const double model_flops_per_gpu_step =
      3.0 * m.fwd_flops_per_sample() * static_cast<double>(spec.batch_per_gpu * spec.grad_accumulation);
  r.tflops_per_gpu = model_flops_per_gpu_step / r.step_time_s / 1e12;
  r.mfu = r.tflops_per_gpu * 1e12 / b.cost->tensor_peak_flops();
  r.buckets = sg->buckets.size();
  if (!sg->bucket_algos.empty()) {
    std::map<std::string, int> count;
    for (const auto& a : sg->bucket_algos) ++count[a];
    std::string best;
    int most = 0;
    for (const auto& [a, k] : count)
      if (k > most) {
        most = k;
        best = a;
      }
    r.bucket_algo = best;
  }

  // Busiest links over the whole run.
  const double run_s = ps_to_seconds(st.makespan_ps);
  std::vector<LinkUsage> links;
  for (net::LinkId l = 0; l < network.link_count(); ++l) {
    const double bytes = network.link_bytes(l);
    if (bytes <= 0) continue;
    links.push_back(LinkUsage{c.link_name(l), bytes / (network.capacity(l) * run_s)});
  }
  std::stable_sort(links.begin(), links.end(), [](const LinkUsage& a, const LinkUsage& x) {
    return a.utilization > x.utilization;
  });
  if (links.size() > 5) links.resize(5);
  r.links = links;

  // Single-GPU baseline: the same model and batch on one GPU of the same kind.
  if (r.gpus > 1) {
    DdpOptions one = d;
    one.steps = 2;
    StepGraph g1 = build_ddp(m, *b.cost, *b.planner, {ranks[0]}, one);
    net::FlowNetwork n1(caps);
    engine::Executor e1(n1);
    e1.run(g1.graph);
    r.single_gpu_step_s = ps_to_seconds(e1.records()[g1.step_end[1]].end - e1.records()[g1.step_end[0]].end);
    r.scaling_efficiency = std::min(1.0, r.single_gpu_step_s / r.step_time_s);
  } else {
    r.single_gpu_step_s = r.step_time_s;
    r.scaling_efficiency = 1.0;
  }

  // Memory: a simple estimate (the full timeline model is its own part).
  {
    const double P = static_cast<double>(m.params());
    const double wbytes = (prec == work::Precision::bf16 || prec == work::Precision::fp16) ? 2.0 : 4.0;
    const double gbytes = work::grad_bytes(prec);
    const double states = optim == work::Optimizer::sgd ? 4.0 : 8.0;
    double acts = 0;
    for (const work::Op& op : m.ops) acts += op.act_elems_saved;
    acts *= static_cast<double>(spec.batch_per_gpu) * work::activation_bytes(prec);
    const bool amp = prec == work::Precision::amp_fp16 || prec == work::Precision::amp_bf16;
    r.memory_breakdown = {
        {"weights", P * wbytes},
        {"gradients", P * gbytes},
        {"optimizer_state", P * states},
        {"ddp_buckets", (r.gpus > 1 && !spec.gradient_as_bucket_view) ? P * gbytes : 0.0},
        {"amp_weight_copies", amp ? P * 2.0 : 0.0},
        {"activations", acts},
        {"cuda_context_workspace", 0.75 * 1073741824.0},  // assumption: context ~0.5 GiB + cuBLAS/cuDNN workspace
    };
    double sum = 0;
    for (const auto& [k, v] : r.memory_breakdown) sum += v;
    r.memory_peak_bytes = sum * 1.05;  // allocator slack (assumption: 5%)
    r.memory_breakdown.emplace_back("allocator_slack", sum * 0.05);
    r.memory_capacity_bytes = gpu.memory_bytes;
    r.oom = r.memory_peak_bytes > r.memory_capacity_bytes;
  }

  // Energy and cost.
  {
    const double util = r.step_time_s > 0 ? r.compute_s / r.step_time_s : 0;
    const double gpu_w = gpu.idle_power_w + (gpu.tdp_w - gpu.idle_power_w) * util;
    r.power_w = (gpu_w * r.gpus + spec.node_overhead_w * r.nodes) * spec.pue;
    r.joules_per_step = r.power_w * r.step_time_s;
    const double kwh = r.joules_per_step / 3.6e6;
    r.cost_per_step = r.gpus * spec.gpu_hour_price * r.step_time_s / 3600.0 + kwh * spec.electricity_per_kwh;
    r.run_steps = spec.run_steps;
    if (spec.run_steps > 0) {
      r.run_hours = r.step_time_s * static_cast<double>(spec.run_steps) / 3600.0;
      r.run_energy_kwh = kwh * static_cast<double>(spec.run_steps);
      r.run_cost = r.cost_per_step * static_cast<double>(spec.run_steps);
    }
  }

  // Verdict: the largest share of the step.
  {
    const double parts[3] = {r.compute_s, r.comm_exposed_s, r.data_stall_s};
    const char* names[3] = {"compute", "communication", "data"};
    int k = static_cast<int>(std::max_element(parts, parts + 3) - parts);
    r.bottleneck = names[k];
  }
  if (opt.keep_trace) {
    r.graph = sg;
    r.records = rec;
  }
  return r;
}

}  // namespace simtrain::train
