#include "drive/plan.hpp"

#include <algorithm>
#include <cmath>

#include "drive/run.hpp"
#include "drive/setup.hpp"
#include "train/megatron.hpp"
#include "train/strategy.hpp"

namespace simtrain::train {

std::vector<std::string> PlanLayout::sets() const {
  return {"strategy=megatron",
          "parallel.tp=" + std::to_string(tp),
          "parallel.pp=" + std::to_string(pp),
          "parallel.cp=" + std::to_string(cp),
          "parallel.ep=" + std::to_string(ep),
          "parallel.dp=" + std::to_string(dp),
          "parallel.sequence_parallel=" + std::string(tp > 1 ? "true" : "false"),
          "parallel.schedule=" + std::string(v > 1 ? "interleaved" : "1f1b"),
          "parallel.virtual_stages=" + std::to_string(v),
          "parallel.recompute=" + recompute,
          "parallel.distributed_optimizer=true",
          "parallel.overlap_grad_reduce=true",
          "batch_per_gpu=" + std::to_string(mb),
          "grad_accumulation=" + std::to_string(m)};
}

std::string PlanLayout::name() const {
  return "tp" + std::to_string(tp) + (cp > 1 ? " cp" + std::to_string(cp) : "") + " pp" + std::to_string(pp) + " dp" +
         std::to_string(dp) + (ep > 1 ? " ep" + std::to_string(ep) : "") + " mb" +
         std::to_string(mb) + (m > 0 ? " m" + std::to_string(m) : "") + (v > 1 ? " v" + std::to_string(v) : "") + " " +
         recompute;
}

}  // namespace simtrain::train

namespace simtrain::drive {

namespace {

std::vector<int> divisors(int n) {
  std::vector<int> out;
  for (int d = 1; d <= n; ++d)
    if (n % d == 0) out.push_back(d);
  return out;
}

}  // namespace

PlanResult plan_layouts(const ScenarioSpec& spec, const std::vector<std::string>& overrides, const PlanOptions& opt) {
  Built b = build_setup(spec);
  const topo::Cluster& c = *b.cluster;
  const work::Model& model = *b.model;
  const int G = static_cast<int>(b.ranks.size());
  PlanResult out;
  out.scenario = spec.name;
  out.model = model.name;
  out.system = c.name();
  out.gpu_name = b.gpu->name;
  out.gpus = G;
  out.gpus_per_node = spec.gpus_per_node > 0 ? spec.gpus_per_node : c.gpus_per_node();
  out.memory_capacity_bytes = b.gpu->memory_bytes;
  out.seq_len = model.seq_len;
  // The global batch the scenario trains per step, kept for every layout.
  long long dp0 = G;
  if (spec.strategy == "megatron") {
    const train::Mesh& mesh = train::strategy_config(spec).parallel.options.mesh;
    dp0 = std::max<long long>(1, G / (static_cast<long long>(mesh.tp) * mesh.pp * mesh.cp));
  }
  const long long B = dp0 * spec.batch_per_gpu * spec.grad_accumulation;
  out.global_batch = static_cast<double>(B);
  const int blocks = model.ops.empty() ? 0 : model.ops.back().block + 1;
  const int layers = std::max(0, blocks - 2);

  work::Optimizer optim;
  work::parse_optimizer(spec.optimizer, optim);
  std::vector<PlanRow> rows;
  // Context parallelism for long sequences (cp 2 from 4096 tokens, as NeMo's recipes), expert
  // parallelism for MoE models (powers of two dividing the experts and dp).
  std::vector<int> cps = {1};
  if (model.seq_len >= 4096 && model.seq_len % 2 == 0) cps.push_back(2);
  int experts = 0;
  for (const work::Op& op : model.ops)
    if (work::is_expert(op.split)) experts = std::max(experts, op.gemm_groups);
  for (int tp : divisors(G)) {
    if ((tp & (tp - 1)) != 0) continue;  // powers of two, as TP degrees are in practice
    for (int cp : cps) {
    if ((G / tp) % cp != 0) continue;
    for (int pp : divisors(G / (tp * cp))) {
      const int dp = G / (tp * cp * pp);
      std::vector<int> eps = {1};
      for (int e = 2; experts > 0 && e <= std::min(dp, experts); e *= 2)
        if (dp % e == 0 && experts % e == 0) eps.push_back(e);
      for (int ep : eps)
      for (int mb : {1, 2, 4, 8}) {
        for (int v : {1, 2, 4}) {
          for (const char* rc : {"none", "selective", "full"}) {
            PlanRow row;
            row.layout = PlanLayout{tp, pp, dp, mb, 0, v, cp, ep, rc};
            auto reject = [&](std::string why) {
              row.reason = std::move(why);
              rows.push_back(row);
            };
            if (v > 1 && pp == 1) continue;  // not a layout: virtual stages need stages
            if (B % (static_cast<long long>(dp) * mb) != 0) {
              reject("the global batch of " + std::to_string(B) + " does not divide into dp x micro-batch = " +
                     std::to_string(dp * mb));
              continue;
            }
            const long long m = B / (static_cast<long long>(dp) * mb);
            row.layout.m = static_cast<int>(std::min<long long>(m, 1 << 30));
            if (tp > out.gpus_per_node) {
              reject("TP crosses nodes (tp " + std::to_string(tp) + " > " + std::to_string(out.gpus_per_node) +
                     " GPUs per node)");
              continue;
            }
            if (pp * v > layers) {
              reject("pp x v = " + std::to_string(pp * v) + " exceeds the " + std::to_string(layers) + " layers");
              continue;
            }
            if (v > 1 && m % pp != 0) {
              reject("interleaving needs the micro-batches (" + std::to_string(m) + ") to be a multiple of pp");
              continue;
            }
            if (m > 4096) {
              reject(std::to_string(m) + " micro-batches per step (more than 4096 is not searched)");
              continue;
            }
            train::MegatronOptions o;
            o.mesh = train::Mesh{tp, cp, dp, pp, ep};
            o.sequence_parallel = tp > 1;
            o.schedule = v > 1 ? train::PipeSchedule::interleaved : train::PipeSchedule::one_f_one_b;
            o.virtual_stages = v;
            train::parse_recompute(rc, o.recompute);
            o.distributed_optimizer = true;
            o.overlap_grad_reduce = true;
            o.grad_accumulation = static_cast<int>(m);
            o.batch_per_gpu = mb;
            o.optimizer = optim;
            o.software = &b.software;
            try {
              const train::MegatronEstimate e = train::estimate_megatron(model, *b.cost, *b.planner, c, b.ranks, o);
              const auto fullest = std::max_element(e.stage_peak_bytes.begin(), e.stage_peak_bytes.end());
              row.estimate_peak_bytes = *fullest;
              row.estimate_fullest_stage = static_cast<int>(fullest - e.stage_peak_bytes.begin());
              row.estimate_step_s = e.step_s;
              if (*fullest > b.gpu->memory_bytes) {
                char buf[160];
                std::snprintf(buf, sizeof buf, "OOM on stage %d (%.1f GiB of %.1f GiB, closed form)",
                              row.estimate_fullest_stage, *fullest / 1073741824.0, b.gpu->memory_bytes / 1073741824.0);
                reject(buf);
                continue;
              }
              row.feasible = true;
              rows.push_back(row);
            } catch (const std::invalid_argument& e) {
              reject(e.what());
            }
          }
        }
      }
    }
  }
  }
  // Rank the feasible layouts by the closed forms and simulate the best.
  std::stable_sort(rows.begin(), rows.end(), [](const PlanRow& a, const PlanRow& x) {
    if (a.feasible != x.feasible) return a.feasible;
    return a.feasible && a.estimate_step_s < x.estimate_step_s;
  });
  int simulated = 0;
  for (PlanRow& r : rows) {
    if (!r.feasible || simulated >= opt.simulate) break;
    std::vector<std::string> sets = overrides;
    for (const std::string& s : r.layout.sets()) sets.push_back(s);
    sets.push_back("steps=1");
    sets.push_back("warmup_steps=1");
    RunOptions ro;
    r.result = run_scenario(load_scenario(spec.path, sets), ro);
    r.simulated = true;
    if (r.result.oom) {
      r.feasible = false;
      char buf[200];
      std::snprintf(buf, sizeof buf, "OOM when simulated (%.1f GiB at %s; closed form %.1f GiB)",
                    r.result.memory_peak_bytes / 1073741824.0, r.result.memory_peak_at.c_str(),
                    r.estimate_peak_bytes / 1073741824.0);
      r.reason = buf;
    }
    ++simulated;
  }
  // Simulated and fitting first by simulated time per step (the batch is the same), then the
  // rest of the feasible by estimate, then the rejected.
  auto rank = [](const PlanRow& r) { return r.simulated && r.feasible ? 0 : r.feasible ? 1 : 2; };
  std::stable_sort(rows.begin(), rows.end(), [&](const PlanRow& a, const PlanRow& x) {
    if (rank(a) != rank(x)) return rank(a) < rank(x);
    if (rank(a) == 0) return a.result.step_time_s < x.result.step_time_s;
    return false;
  });
  out.rows = std::move(rows);
  return out;
}

}  // namespace simtrain::drive
