#include "drive/run.hpp"
#include "drive/setup.hpp"
#include "drive/chakra_export.hpp"
#include "drive/whole_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fmt/core.h>
#include <memory>
#include <map>
#include <optional>
#include <stdexcept>

#include "base/intervals.hpp"
#include "coll/nccl_params.hpp"
#include "data/pipeline.hpp"
#include "engine/executor.hpp"
#include "net/flow_network.hpp"
#include "report/run_report.hpp"
#include "scenario/error.hpp"
#include "scenario/input_cache.hpp"
#include "scenario/limits.hpp"
#include "scenario/yaml_doc.hpp"
#include "topo/cluster.hpp"
#include "train/memory.hpp"
#include "train/run.hpp"
#include "work/calibration.hpp"
#include "drive/net_fit.hpp"
#include "work/cost.hpp"
#include "work/finetune.hpp"
#include "work/software.hpp"

namespace simtrain::drive {

using train::find_peak;
using train::kComm;
using train::LinkUsage;
using train::MemoryPeak;
using train::RunResult;
using train::StepGraph;
using train::StrategyBuilder;

namespace {

// Ranks per node: every node of the job runs as many as the first (the host-memory verdict's
// multiplier, train/memory.hpp).
double ranks_per_node(const topo::Cluster& c, const std::vector<int>& ranks) {
  return static_cast<double>(ranks.size()) / static_cast<double>(std::max(1, c.nodes()));
}

// The host memory a node gives the job's ranks, judged on its fullest box: a box's memory times
// the boxes the node's ranks amount to at that box's load (topo/cluster.hpp fullest_box_share),
// so offload x ranks per node fits it exactly when the fullest box's offload fits its memory.
// Without boxes, the node's memory.
double host_memory_for_job(const topo::Cluster& c, const std::vector<int>& ranks) {
  const int per_node = static_cast<int>(ranks.size()) / std::max(1, c.nodes());
  return c.host_memory_per_box_bytes() * c.fullest_box_share(per_node);
}

// The model file a scenario names, as a path (a shipped model's name resolved on the data path).
std::string model_file_path(const std::string& ref) { return work::model_file(ref); }

// The field an error about the scenario's sequence keys is reported at.
const Field& sequences_key(const ScenarioSpec& spec) {
  return spec.seq_len_field ? *spec.seq_len_field : *spec.sequences_field;
}

// The scenario's sequence lengths against the model (file) seq_len, checked.
work::SequenceLengths scenario_lengths(const ScenarioSpec& spec, long long model_seq_len) {
  work::SequenceLengths q;
  q.seq_len = spec.seq_len > 0 ? spec.seq_len : model_seq_len;
  q.mean_length = spec.mean_length;
  work::parse_batching(spec.batching, q.batching);
  q.bin_width = spec.bin_width;
  if (spec.mean_length > static_cast<double>(q.seq_len))
    throw spec.sequences_field->at("mean_length")
        .error("a mean length of " + fmt::format("{:g}", spec.mean_length) + " tokens is longer than seq_len (" +
               std::to_string(q.seq_len) + ")");
  return q;
}

}  // namespace

// The model file as the scenario shapes it (flash attention, sequence lengths), before fine-tuning.
static ScenarioModel shaped_base_model(const ScenarioSpec& spec) {
  ScenarioModel out;
  out.model = work::load_model(spec.model_ref, &spec.model_field);
  const bool sequences = spec.seq_len_field || spec.sequences_field;
  if (sequences && out.model->seq_len <= 0)
    throw sequences_key(spec).key_error("seq_len and sequences are for transformer models; " + out.model->name +
                                        " is not one");
  if (out.model->seq_len > 0) {
    work::SequenceLengths q{out.model->seq_len, 0, work::Batching::padded, 0};
    if (sequences) q = scenario_lengths(spec, out.model->seq_len);
    out.sequences = work::sequence_shape(q);
  }
  const bool relength = sequences && out.sequences.executed_len != out.model->seq_len;
  if (spec.flash_attention < 0 && !relength && !sequences) return out;
  // Re-read the model file with the generator's flash_attention and seq_len switched.
  auto doc = YamlDoc::load(model_file_path(spec.model_ref));
  YAML::Node root = doc->root();
  if (spec.flash_attention >= 0 && !root["transformer"] && !root["vit"])
    throw spec.flash_attention_field->error("flash_attention applies to transformer models; " + out.model->name +
                                            " is not one");
  if (sequences && !root["transformer"])
    throw sequences_key(spec).key_error("seq_len and sequences are for models of the transformer generator; " +
                                        out.model->name + "'s sequence length follows from its other keys");
  YAML::Node gen = root["transformer"] ? root["transformer"] : root["vit"];
  if (spec.flash_attention >= 0) gen["flash_attention"] = YAML::Node(spec.flash_attention == 1 ? "true" : "false");
  if (relength) {
    const long long rows = spec.seq_len > 0 ? spec.seq_len : out.model->seq_len;
    const bool learned = !gen["positional"] || gen["positional"].as<std::string>() == "learned";
    if (learned && gen["max_positions"]) {
      const long long table = gen["max_positions"].as<long long>();
      if (table < rows)
        throw sequences_key(spec).error("seq_len " + std::to_string(rows) + " is longer than " + out.model->name +
                                        "'s learned position table (max_positions " + std::to_string(table) + ")");
    } else if (learned) {
      // The table keeps the longest sample's rows whatever length a batch executes.
      gen["max_positions"] = YAML::Node(std::to_string(rows));
    }
    gen["seq_len"] = YAML::Node(std::to_string(out.sequences.executed_len));
  }
  out.model = work::load_model_doc(doc, out.model->key);
  return out;
}

ScenarioModel load_scenario_model_shaped(const ScenarioSpec& spec) {
  ScenarioModel out = shaped_base_model(spec);
  if (spec.finetune_field) out.model = work::apply_finetune(out.model, work::parse_finetune(*spec.finetune_field));
  return out;
}

std::shared_ptr<const work::Model> load_scenario_model(const ScenarioSpec& spec) {
  return load_scenario_model_shaped(spec).model;
}

static Built build_setup_in_file(const ScenarioSpec& spec);

// The software profile `key` of the file at `path` (work::load_software reads that file alone),
// built once per thread for the same file text and key (scenario/input_cache.hpp).
static work::SoftwareProfile cached_software(const std::string& path, const std::string& key, const Field* where) {
  InputKey k("software");
  k.value(key).file(path);
  return *cached_by_inputs<work::SoftwareProfile>(
      k, [&] { return std::make_shared<const work::SoftwareProfile>(work::load_software(path, key, where)); });
}

// One GPU kind per job: every strategy times every rank's kernels, memory and power with one
// GPU's figures, so a system that mixes GPU models (2x A100 + 2x RTX 4090 in one box) would be
// modelled as all of the first kind. Refused, at the scenario's `system:`, until heterogeneous
// GPUs are modelled; `gpus_per_node` can pick the GPUs of one kind when they come first.
static void refuse_mixed_gpus(const ScenarioSpec& spec, const topo::Cluster& c, const std::vector<int>& ranks) {
  const topo::GpuModel& first = c.gpu_model(ranks[0]);
  for (int r : ranks) {
    const topo::GpuModel& g = c.gpu_model(r);
    if (g.key == first.key) continue;
    throw spec.system_field.error("the job's GPUs are of different models (" + c.device(c.gpu(ranks[0])).name + ": " +
                                  first.name + ", " + c.device(c.gpu(r)).name + ": " + g.name +
                                  "); simtrain models one GPU kind per job (a synchronous step waiting for the "
                                  "slowest is not modelled yet): use a system of one GPU model, or gpus_per_node to "
                                  "take the GPUs of one kind when they come first");
  }
}

// Errors about overridden values (an unknown model given with --set) name the override.
std::unique_ptr<topo::Cluster> one_node_of(const ScenarioSpec& spec);  // below, beside the size checks

long long scenario_gpus(const ScenarioSpec& spec) {
  try {
    const auto one = one_node_of(spec);
    const int per_node = spec.gpus_per_node > 0 ? std::min(spec.gpus_per_node, one->gpus_per_node()) : one->gpus_per_node();
    return static_cast<long long>(spec.nodes) * per_node;
  } catch (const ScenarioError& e) {
    throw attribute_to_override(spec.path, spec.overrides_applied, e);
  }
}

Built build_setup(const ScenarioSpec& spec) {
  try {
    return build_setup_in_file(spec);
  } catch (const ScenarioError& e) {
    throw attribute_to_override(spec.path, spec.overrides_applied, e);
  }
}

Built build_setup_in_file(const ScenarioSpec& spec) {
  Built b;
  b.cluster = topo::load_scenario_system(spec, spec.nodes);
  const topo::Cluster& c = *b.cluster;
  {
    ScenarioModel sm = load_scenario_model_shaped(spec);
    b.model = std::move(sm.model);
    b.sequences = sm.sequences;
  }
  work::Precision prec;
  work::parse_precision(spec.precision, prec);
  const int gpn = c.gpus_per_node();
  const int per_node = spec.gpus_per_node > 0 ? spec.gpus_per_node : gpn;
  if (per_node > gpn) {
    Field f = *spec.root.get("gpus_per_node");
    throw f.error("the system has " + std::to_string(gpn) + " GPUs per node");
  }
  b.ranks = c.first_gpus_of_each_node(per_node);
  b.gpu = &c.gpu_model(b.ranks[0]);
  refuse_mixed_gpus(spec, c, b.ranks);
  b.software = cached_software(work::default_software_path(c.catalog().path()), spec.software,
                               spec.software_field ? &*spec.software_field : nullptr);
  b.model = work::apply_software(b.model, b.software);  // eager RMSNorm / SwiGLU / RoPE as several kernels
  const std::shared_ptr<const YamlDoc> cal_doc = spec.calibration_doc ? spec.calibration_doc
                                                 : spec.calibration_path.empty() ? nullptr
                                                                                 : YamlDoc::load_shared(spec.calibration_path);
  try {
    work::ComputeCalibration cal = work::load_calibration(work::default_calibration_path(c.catalog().path()), b.gpu->key);
    if (cal_doc) cal = work::apply_calibration(cal_doc, b.gpu->key, cal, &b.calibration);
    if (b.software.kernel_gap_ps) cal.launch_ps = *b.software.kernel_gap_ps;
    b.cost = std::make_unique<work::CostModel>(*b.gpu, cal, prec, b.software.kernels);
  } catch (const std::invalid_argument& e) {
    Field f = spec.root.has("precision") ? spec.root.at("precision") : spec.root;
    throw f.error(e.what());
  }
  coll::NcclParams nccl = coll::NcclParams::load_default(c.catalog().path());
  if (cal_doc) {
    // A network section (calibrate --nccl-tests) sets link efficiencies and NCCL's step
    // latencies for this system's collectives; fitted on another system or GPU it is an error.
    const std::vector<work::NetworkCalibration> net = work::network_calibration(cal_doc);
    if (!net.empty()) b.network_calibration = drive::apply_network_calibration(net, *b.cluster, nccl, b.ranks);
  }
  b.planner = std::make_unique<coll::Planner>(c, std::move(nccl));
  return b;
}


namespace {

// Whether a data pipeline's steps have reached their steady state: the mean step time of the
// measured window's second half within kSteadyTolerance of its first half's (the loader's
// queues, page cache and drive have stopped drifting). A window of an odd number of steps
// leaves its middle step out.
struct SteadyCheck {
  bool converged = false;
};
constexpr double kSteadyTolerance = 0.01;
// How far a window's consumption may exceed the loader's supply (data::check_supply) and still
// be a steady state: the analytic capacities and the simulated loader differ by about 1% (a
// storage-bound 8xA100 video run reads 1.1% faster than the IOPS-bound figure says), and a
// deficit under 5% leaves a stall under 5% of the step, below the share at which the verdict
// calls a run data-bound.
constexpr double kSupplyTolerance = 0.05;
constexpr long long kMaxSteadySteps = 2048;  // warm-up included: a bound on the simulated steps
// A bound on the engine events of all the tries together (about 2 M events a second on one
// core): a 64-GPU NFS-bound job stops after ~4 s, reporting that it did not settle.
constexpr double kSteadyEventBudget = 12e6;

SteadyCheck steady_state_window(const std::vector<engine::TaskId>& step_end, const std::vector<engine::TaskRecord>& rec,
                                long long warm) {
  const long long total = static_cast<long long>(step_end.size());
  const long long n = total - warm;
  if (n < 2) return {false};
  auto end_of = [&](long long k) {  // the end of step k (k = -1: time 0)
    return k < 0 ? 0.0 : static_cast<double>(rec[step_end[static_cast<std::size_t>(k)]].end);
  };
  const long long half = n / 2;
  const double first = (end_of(warm + half - 1) - end_of(warm - 1)) / static_cast<double>(half);
  const double second = (end_of(total - 1) - end_of(total - 1 - half)) / static_cast<double>(half);
  return {second > 0 && std::abs(first - second) <= kSteadyTolerance * second};
}

}  // namespace

// A run's size, checked before its step graph is built (huge but legal inputs once ran for
// minutes, exhausted memory or overflowed the clock instead of being refused). Two estimates,
// both from quantities known before the build:
//   tasks ~= (warmup + steps) x grad_accumulation x GPUs x K
// with K = 2 x ops for the data-parallel strategies (each op's forward and backward on every
// GPU once per micro-batch; the builders merge ops into fewer kernels and add collectives, so
// this is an upper estimate) and K = 8 x model chunks for Megatron (whose passes are one task
// per chunk, with their host issue and TP/DP transfers beside them; under parallel.fsdp 4 x the
// blocks of a stage, whose passes go block by block with each block's gather and reduction:
// 206 a pass measured on LLaMA-65B tp8, 80 blocks); the engine schedules each task about once. Refused past limits::max_estimated_events; and
//   simulated seconds ~= (warmup + steps) x grad_accumulation x batch_per_gpu x 3 x fwd FLOPs
//                        per sample / the GPU's best dense peak
// (forward + backward at the fastest the GPU could go: a lower estimate of the simulated
// span), refused past kMaxSimulatedSeconds so the picosecond clock (int64, 106 days) cannot
// wrap however slow the kernels turn out. The largest shipped run (16,384 GPUs) estimates
// about 9 M tasks; nothing shipped comes near either bound.
constexpr double kMaxSimulatedSeconds = 1e5;  // 28 hours of simulated time for a few steps

int megatron_fsdp_blocks(const work::Model& m, train::DataSharding fsdp, int pp) {
  if (fsdp == train::DataSharding::none || m.ops.empty()) return 0;
  const int blocks = m.ops.back().block + 1;
  return (blocks + std::max(1, pp) - 1) / std::max(1, pp);
}

RunSize run_size(const RunShape& shape, const work::Model& m, const topo::GpuModel& gpu) {
  RunSize r;
  r.passes = shape.passes;
  r.gpus = shape.gpus;
  r.tasks_per_pass = !shape.megatron         ? 2.0 * static_cast<double>(m.ops.size())
                     : shape.fsdp_blocks > 0 ? 4.0 * shape.fsdp_blocks
                                             : 8.0 * std::max(1, shape.virtual_stages);
  r.tasks = shape.passes * shape.gpus * r.tasks_per_pass;
  r.peak_flops = 0;
  for (const auto& [name, flops] : gpu.peak_flops) r.peak_flops = std::max(r.peak_flops, flops);
  r.flops_per_sample = m.train_flops_per_sample();
  r.gpu_seconds = r.peak_flops > 0 ? shape.passes * shape.batch_per_gpu * r.flops_per_sample / r.peak_flops : 0.0;
  r.gpu_key = gpu.key;
  return r;
}

bool RunSize::over_tasks() const { return tasks > limits::max_estimated_events; }
bool RunSize::over_time() const { return gpu_seconds > kMaxSimulatedSeconds; }

std::string RunSize::over_budget() const {
  if (over_tasks())
    return fmt::format("over the {:.0f} M-task budget: about {:.3g} M engine tasks ({} pass(es) x {} GPUs x {} tasks per pass)",
                       limits::max_estimated_events / 1e6, tasks / 1e6, report::thousands(passes), report::thousands(gpus),
                       tasks_per_pass);
  if (over_time())
    return fmt::format("over the {:.0f} s simulated-time budget: at least {:.3g} s of GPU time", kMaxSimulatedSeconds,
                       gpu_seconds);
  return "";
}

namespace {

// The shape of a scenario's own run, as check_run_size and the searches' estimate count it.
RunShape scenario_shape(const ScenarioSpec& spec, const work::Model& m, std::size_t gpus, long long steps,
                        long long warm) {
  RunShape shape;
  shape.megatron = spec.strategy == "megatron";
  if (shape.megatron) {
    const train::MegatronOptions& o = train::strategy_config(spec).parallel.options;
    shape.virtual_stages = o.virtual_stages;
    shape.fsdp_blocks = megatron_fsdp_blocks(m, o.fsdp, o.mesh.pp);
  }
  shape.gpus = static_cast<double>(gpus);
  shape.passes = static_cast<double>(steps + warm) * static_cast<double>(spec.grad_accumulation);
  shape.batch_per_gpu = static_cast<double>(spec.batch_per_gpu);
  return shape;
}

// The GPUs a scenario runs on, from one node of its system.
std::size_t scenario_gpus(const ScenarioSpec& spec, const topo::Cluster& one) {
  const int per_node = spec.gpus_per_node > 0 ? std::min(spec.gpus_per_node, one.gpus_per_node()) : one.gpus_per_node();
  return static_cast<std::size_t>(spec.nodes) * static_cast<std::size_t>(per_node);
}

}  // namespace

void check_run_size(const ScenarioSpec& spec, const work::Model& m, const topo::GpuModel& gpu,
                    std::size_t gpus, long long steps, long long warm) {
  const RunSize size = run_size(scenario_shape(spec, m, gpus, steps, warm), m, gpu);
  // The key to name: the one the user is most likely to lower.
  auto field_of = [&](std::initializer_list<const char*> keys) {
    for (const char* k : keys)
      if (auto f = spec.root.get(k)) return *f;
    return spec.root;
  };
  const std::string fixes = "lower warmup_steps, steps, grad_accumulation or nodes";
  if (size.over_tasks()) {
    const Field f = steps + warm > 100 ? field_of({warm > steps ? "warmup_steps" : "steps", "warmup_steps", "steps"})
                    : spec.grad_accumulation > 16 ? field_of({"grad_accumulation"})
                                                   : field_of({"nodes", "gpus_per_node"});
    throw f.error(fmt::format(
        "this run would take about {:.3g} M engine tasks ({} steps, warm-up included, x {} micro-batch(es) x {} GPUs "
        "x {} tasks per pass), more than the {:.0f} M a run may take; {}",
        size.tasks / 1e6, steps + warm, spec.grad_accumulation, gpus, size.tasks_per_pass, limits::max_estimated_events / 1e6,
        fixes));
  }
  if (size.peak_flops > 0 && size.over_time()) {
    const Field f = spec.grad_accumulation > 1 && spec.grad_accumulation > spec.batch_per_gpu
                        ? field_of({"grad_accumulation"})
                        : field_of({"batch_per_gpu"});
    throw f.error(fmt::format(
        "the simulated steps would span at least {:.3g} s of GPU time ({} steps, warm-up included, x {} "
        "micro-batch(es) x {} samples x {:.3g} TFLOP per sample at {}'s {:.0f} TFLOP/s peak), more than the {:.0f} s "
        "a run may simulate; lower batch_per_gpu or grad_accumulation",
        size.gpu_seconds, steps + warm, spec.grad_accumulation, spec.batch_per_gpu, size.flops_per_sample / 1e12,
        gpu.key, size.peak_flops / 1e12, kMaxSimulatedSeconds));
  }
}

// The trace files' size, checked before the simulation (`--steps 10000 --trace` once
// built the whole JSON document and aborted on bad_alloc; --chakra held every rank's file):
//   bytes ~= (one step's bytes) x (warmup + steps)
// with one step's bytes from a graph of one step (report::chrome_trace_bytes,
// drive::chakra_bytes: each counts the slices or nodes the writer will write). The writers
// stream, so this bounds the disk and the viewer, not the writer's memory (limits.hpp).
void check_trace_size(const ScenarioSpec& spec, const train::StepGraph& one_step, long long steps, long long warm,
                      const RunOptions& opt) {
  const double per_step_bytes[2] = {opt.chrome_trace ? report::chrome_trace_bytes(one_step) : 0.0,
                                    opt.chakra ? chakra_bytes(one_step) : 0.0};
  const char* what[2] = {"the Chrome trace (--trace)", "the Chakra files (--chakra)"};
  for (int i = 0; i < 2; ++i) {
    const double bytes = per_step_bytes[i] * static_cast<double>(steps + warm);
    if (bytes <= limits::max_trace_bytes) continue;
    const long long fit = std::max(1LL, static_cast<long long>(limits::max_trace_bytes / per_step_bytes[i]) - warm);
    const std::string msg = fmt::format(
        "{} of this run would take about {:.3g} GB ({} steps, warm-up included, x {:.3g} MB a step), more than the "
        "{:.0f} GB a trace may take; a trace needs a few steps: simulate at most {} (e.g. --steps 10)",
        what[i], bytes / 1e9, steps + warm, per_step_bytes[i] / 1e6, limits::max_trace_bytes / 1e9, fit);
    if (opt.steps_override > 0) throw ScenarioError("", 0, 0, "--steps", msg);
    if (auto f = spec.root.get(warm > steps ? "warmup_steps" : "steps")) throw f->error(msg);
    throw spec.root.error(msg);
  }
}

// The same check before the cluster is built, for runs of many nodes: building 65,536 nodes
// takes seconds before the first estimate could refuse them. One node of the system gives the
// GPUs per node; the scenario's steps and warm-up are the run's before a data pipeline adds any.
std::unique_ptr<topo::Cluster> one_node_of(const ScenarioSpec& spec) {
  return topo::load_scenario_system(spec, 1);
}

double scenario_samples_per_step(const ScenarioSpec& spec) {
  const auto one = one_node_of(spec);
  const int per_node = spec.gpus_per_node > 0 ? std::min(spec.gpus_per_node, one->gpus_per_node()) : one->gpus_per_node();
  double replicas = static_cast<double>(spec.nodes) * per_node;
  if (spec.strategy == "megatron") {
    const train::ParallelConfig& p = train::strategy_config(spec).parallel;
    const train::Mesh& m = p.options.mesh;
    replicas = p.dp > 0 ? p.dp : std::floor(replicas / std::max(1, m.tp * m.pp * m.cp));
  }
  return replicas * static_cast<double>(spec.batch_per_gpu) * static_cast<double>(spec.grad_accumulation) *
         load_scenario_model_shaped(spec).sequences.samples_per_row;
}

EqualWork equal_work(const ScenarioSpec& spec) {
  EqualWork w;
  const RunSpec& r = spec.run;
  switch (r.length) {
    case RunSpec::Length::steps: {
      const double batch = scenario_samples_per_step(spec);
      const double samples = std::round(static_cast<double>(r.steps) * batch);
      w.sets.push_back(fmt::format("run.samples={:.17g}", samples));
      w.text = fmt::format("{} samples (run.steps {} at the scenario's global batch of {})", report::thousands(samples),
                           report::thousands(static_cast<double>(r.steps)), report::thousands(batch));
      break;
    }
    case RunSpec::Length::tokens: w.text = fmt::format("{} tokens (run.tokens)", report::count_text(r.tokens)); break;
    case RunSpec::Length::samples: w.text = fmt::format("{} samples (run.samples)", report::count_text(r.samples)); break;
    case RunSpec::Length::epochs:
      w.text = fmt::format("{:g} epoch{} of {} samples (run.epochs)", r.epochs, r.epochs == 1 ? "" : "s",
                           report::thousands(static_cast<double>(r.dataset_samples)));
      break;
    case RunSpec::Length::none: break;
  }
  return w;
}

void check_run_size_early(const ScenarioSpec& spec, long long steps) {
  if (spec.nodes <= 64) return;  // a small cluster builds in milliseconds: the later check does
  const auto one = one_node_of(spec);
  if (one->gpus_per_node() < 1) return;  // the full build reports a system without GPUs
  const auto model = load_scenario_model(spec);
  check_run_size(spec, *model, one->gpu_model(0), scenario_gpus(spec, *one), steps, spec.warmup_steps);
}

RunEstimate estimate_run(const ScenarioSpec& spec, long long steps_override) {
  RunEstimate e;
  const long long steps = steps_override > 0 ? steps_override : spec.steps;
  std::unique_ptr<topo::Cluster> one;
  std::shared_ptr<const work::Model> model;
  std::size_t gpus = 0;
  RunShape shape;
  try {
    one = one_node_of(spec);
    if (one->gpus_per_node() < 1) return e;  // the run reports a system without GPUs
    model = load_scenario_model(spec);
    gpus = scenario_gpus(spec, *one);
    shape = scenario_shape(spec, *model, gpus, steps, spec.warmup_steps);
  } catch (const ScenarioError&) {
    return e;  // an input error: the point's run reports it
  }
  // The tasks as check_run_size counts them (the same shape, through run_size).
  e.gpu_passes = shape.passes * shape.gpus;
  e.tasks = run_size(shape, *model, one->gpu_model(0)).tasks;
  try {
    check_run_size(spec, *model, one->gpu_model(0), gpus, steps, spec.warmup_steps);
  } catch (const ScenarioError& err) {
    e.over_budget = err.message();
  }
  return e;
}

namespace {

// The RunResult's names before anything is built: the scenario, its overrides, and the strategy
// its layout keys changed to.
RunResult named_result(const ScenarioSpec& spec) {
  RunResult r;
  r.scenario = spec.name;
  r.overrides = spec.overrides_applied;
  r.strategy_change = train::strategy_config(spec).strategy_change;
  return r;
}

// One run of a scenario, one function per job: the data pipeline and the steps, the
// simulation, then the RunResult's figures from its records (run() calls them in order).
class ScenarioRun {
 public:
  ScenarioRun(const ScenarioSpec& spec, const RunOptions& opt)
      : spec_(spec),
        opt_(opt),
        r_(named_result(spec)),
        b_(build_setup(spec)),
        c_(*b_.cluster),
        m_(*b_.model),
        ranks_(b_.ranks),
        gpu_(*b_.gpu),
        build_(spec, m_, *b_.cost, *b_.planner, c_),
        steps_(opt.steps_override > 0 ? opt.steps_override : spec.steps),
        warm_(spec.warmup_steps),
        default_tensor_bytes_(m_.image_size > 0 ? 3.0 * static_cast<double>(m_.image_size * m_.image_size)
                              : m_.seq_len > 0  ? 8.0 * static_cast<double>(m_.seq_len)
                                                : 0.0) {
    work::parse_precision(spec.precision, prec_);
    work::parse_optimizer(spec.optimizer, optim_);
    build_.set_software(&b_.software);
  }

  RunResult run() {
    setup_data();
    check_size();
    simulate();
    measure_split();
    measure_data_stall();
    measure_idle();
    measure_kernels();
    describe();
    measure_throughput();
    busiest_links();
    single_gpu_baseline();
    memory_peaks();
    energy_and_cost();
    whole_run();
    verdict();
    if (opt_.data_ceiling && r_.data.enabled && r_.bottleneck == "data") r_.no_stall_step_s = no_stall_step();
    if (opt_.keep_trace) {
      r_.graph = sg_;
      r_.records = records();
    }
    if (opt_.error_bands) r_.error_bands = report::bands_for_run(*opt_.error_bands, r_);
    return std::move(r_);
  }

 private:
  const std::vector<engine::TaskRecord>& records() const { return ex_->records(); }

  // Decides the data pipeline (sim/data) and the steps it needs: a warm-up past the loader's
  // first requests, and measured steps in whole waves of workers. With more than one epoch,
  // the steps shown are a later epoch's (warm page cache); the first epoch's stall is
  // simulated separately (first_epoch_stall).
  void setup_data() {
    if (!spec_.data_field) return;
    data_spec_ = data::parse_data(*spec_.data_field);
    data_plan_ = std::make_unique<data::Plan>(c_, *data_spec_, ranks_, spec_.batch_per_gpu, default_tensor_bytes_,
                                              data_spec_->epochs > 1 ? 1 : 0);
    build_.set_data(data_plan_.get());
    // The loader's first W x prefetch batches are requested at once: warm up past them, so the
    // averages are the pipeline's steady state (warm-up steps let pipelines fill).
    const long long in_flight = static_cast<long long>(std::max(1, data_spec_->num_workers)) *
                                (data_spec_->num_workers == 0 ? 1 : data_spec_->prefetch_factor);
    warm_ = std::max(warm_, (in_flight + spec_.grad_accumulation - 1) / spec_.grad_accumulation + 1);
    // Workers deliver in waves of W batches (all start together, share the drive, finish
    // together): average over whole waves unless --steps says otherwise.
    if (opt_.steps_override <= 0 && spec_.grad_accumulation == 1) {
      const long long wave = std::max(1, data_spec_->num_workers);
      steps_ = (std::max(steps_, wave) + wave - 1) / wave * wave;
    }
  }

  // Decides the links' capacities (the data pipeline's links added, all scaled by --link-scale)
  // and refuses a run or a trace too large before its step graph is built.
  void check_size() {
    caps_ = c_.link_capacities();
    if (data_plan_) caps_.insert(caps_.end(), data_plan_->extra_capacities().begin(), data_plan_->extra_capacities().end());
    for (double& x : caps_) x *= opt_.link_scale;
    // With a data pipeline and no --steps, the steps run until the loader's stall has converged
    // (steady_state_window); otherwise the scenario's steps after its warm-up.
    seek_steady_ = data_plan_ && opt_.steps_override <= 0;
    try {
      check_run_size(spec_, m_, gpu_, ranks_.size(), steps_, warm_);
      if (opt_.chrome_trace || opt_.chakra)
        check_trace_size(spec_, build_(ranks_, 1, spec_.batch_per_gpu), steps_, warm_, opt_);
    } catch (const ScenarioError& e) {
      throw attribute_to_override(spec_.path, spec_.overrides_applied, e);
    }
  }

  // Decides how many steps are simulated: the scenario's after its warm-up, or, seeking the
  // steady state, tries whose measured window becomes the next try's warm-up until the
  // loader's stall converges or the step and event bounds are reached. Sets the measured
  // window: from the end of the last warm-up step to the end of the last step.
  void simulate() {
    const long long wave = data_spec_ ? std::max(1, data_spec_->num_workers) : 1;
    double spent_events = 0;
    for (;;) {
      sg_ = std::make_shared<StepGraph>(build_(ranks_, static_cast<int>(steps_ + warm_), spec_.batch_per_gpu));
      ex_.reset();
      network_ = std::make_unique<net::FlowNetwork>(caps_, opt_.full_solve);
      ex_ = std::make_unique<engine::Executor>(*network_);
      st_ = ex_->run(sg_->graph);
      if (!seek_steady_) break;
      const SteadyCheck chk = steady_state_window(sg_->step_end, ex_->records(), warm_);
      // Equal halves are not enough: while the queue filled in the warm-up drains, steps run at
      // the GPUs' pace (data/pipeline.hpp, check_supply).
      const auto& rw = ex_->records();
      const TimePs wlo = warm_ > 0 ? rw[sg_->step_end[static_cast<std::size_t>(warm_ - 1)]].end : 0;
      supply_ = data::check_supply(*data_plan_, *sg_->data, rw, c_, wlo, rw[sg_->step_end.back()].end, kSupplyTolerance);
      r_.steady_state = chk.converged && supply_.resource.empty();
      spent_events += static_cast<double>(st_.events);
      const double next_events = static_cast<double>(st_.events) / static_cast<double>(warm_ + steps_) *
                                 static_cast<double>(warm_ + 3 * steps_);
      if (r_.steady_state || warm_ + 3 * steps_ > kMaxSteadySteps || spent_events + next_events > kSteadyEventBudget)
        break;
      // Not yet: the window becomes warm-up, and twice as many steps are measured after it.
      warm_ += steps_;
      steps_ = (2 * steps_ + wave - 1) / wave * wave;
    }
    r_.sought_steady_state = seek_steady_;
    r_.events = st_.events;
    r_.tasks = sg_->graph.size();
    const auto& rec = records();
    lo_ = warm_ > 0 ? rec[sg_->step_end[static_cast<std::size_t>(warm_ - 1)]].end : 0;
    hi_ = rec[sg_->step_end.back()].end;
    per_step_ = 1.0 / static_cast<double>(steps_);
  }

  // Decides rank 0's step over the measured window: the step time, compute (and the time
  // sharing the GPU with NCCL kernels cost it), communication, and the communication compute
  // does not hide.
  void measure_split() {
    const auto& rec = records();
    const double window = static_cast<double>(hi_ - lo_);
    std::vector<std::pair<TimePs, TimePs>> busy, comm;
    const engine::ServerId s0 = sg_->compute[0];
    double slowed_ps = 0;  // compute time lost to NCCL kernels sharing the GPU (SMs, HBM)
    for (engine::TaskId t = 0; t < sg_->graph.size(); ++t) {
      const engine::Task& task = sg_->graph.task(t);
      if (task.server == s0) {
        busy.emplace_back(rec[t].start, rec[t].end);
        // The time a kernel lost to sharing, counted for the part of it inside the window (as busy is).
        const TimePs span = rec[t].end - rec[t].start;
        const TimePs inside = std::min(rec[t].end, hi_) - std::max(rec[t].start, lo_);
        if (task.curve != engine::kNoCurve && span > 0 && inside > 0)
          slowed_ps += static_cast<double>(std::max<TimePs>(0, span - task.duration_ps)) * static_cast<double>(inside) /
                       static_cast<double>(span);
      }
      if (task.category == kComm && (sg_->rank0_comm.empty() || sg_->rank0_comm[t]))
        comm.emplace_back(rec[t].start, rec[t].end);
    }
    const double busy_ps = union_length(busy, lo_, hi_);
    const double comm_ps = union_length(comm, lo_, hi_);
    const double exposed_ps = covered_not_by(comm, busy, lo_, hi_);
    r_.step_time_s = ps_to_seconds(static_cast<TimePs>(window * per_step_));
    r_.compute_s = busy_ps * 1e-12 * per_step_;
    r_.compute_shared_s = slowed_ps * 1e-12 * per_step_;
    r_.comm_total_s = comm_ps * 1e-12 * per_step_;
    r_.comm_exposed_s = exposed_ps * 1e-12 * per_step_;
    r_.data_stall_s = 0;
  }

  // Decides the data stall: the loader's summary over the window, where the slowest GPU's wait
  // sets the pace, and the first epoch's (cold page cache) when it differs from the steps shown.
  void measure_data_stall() {
    if (!sg_->data) return;
    r_.data = data::summarize(*data_plan_, *sg_->data, sg_->graph, records(), *network_, c_, lo_, hi_, steps_,
                              spec_.grad_accumulation, r_.step_time_s);
    if (seek_steady_ && !r_.steady_state) r_.data.unsettled = supply_.describe();
    // The slowest GPU's wait sets the pace: rank 0 waits for it too (at the all-reduce), so
    // its idle time up to the worst stall counts as data stall.
    const double worst = *std::max_element(r_.data.stall_s_per_gpu.begin(), r_.data.stall_s_per_gpu.end());
    r_.data_stall_s = std::max(r_.data.stall_s, std::min(worst, r_.step_time_s - r_.compute_s - r_.comm_exposed_s));
    if (data_spec_->epochs > 1 && data_plan_->hit_rate_for_epoch(0) != data_plan_->hit_rate())
      r_.data.epoch1_stall_s = first_epoch_stall();
  }

  // Decides the first epoch's stall: the same steps simulated again with epoch 0's page cache.
  double first_epoch_stall() {
    data::Plan first(c_, *data_spec_, ranks_, spec_.batch_per_gpu, default_tensor_bytes_, 0);
    build_.set_data(&first);
    StepGraph g0 = build_(ranks_, static_cast<int>(steps_ + warm_), spec_.batch_per_gpu);
    net::FlowNetwork n0(caps_, opt_.full_solve);
    engine::Executor e0(n0);
    e0.run(g0.graph);
    const auto& r0 = e0.records();
    const TimePs lo0 = warm_ > 0 ? r0[g0.step_end[static_cast<std::size_t>(warm_ - 1)]].end : 0;
    const TimePs hi0 = r0[g0.step_end.back()].end;
    const auto s0 = data::summarize(first, *g0.data, g0.graph, r0, n0, c_, lo0, hi0, steps_, spec_.grad_accumulation,
                                    ps_to_seconds(hi0 - lo0) * per_step_);
    const double stall = *std::max_element(s0.stall_s_per_gpu.begin(), s0.stall_s_per_gpu.end());
    build_.set_data(data_plan_.get());
    return stall;
  }

  // Decides what rank 0's idle time is: waiting for its host, or, with pipeline stages, the
  // bubble (it waits for the other stages).
  void measure_idle() {
    r_.idle_s = std::max(0.0, r_.step_time_s - r_.compute_s - r_.comm_exposed_s - r_.data_stall_s);
    r_.pipeline_stages = sg_->pipeline_stages;
    r_.micro_batches = static_cast<int>(spec_.grad_accumulation);
    if (sg_->pipeline_stages > 1) {
      r_.bubble_s = r_.idle_s;
      r_.idle_s = 0;
      r_.bubble_closed_form = sg_->bubble_closed_form;
    }
  }

  // Decides rank 0's GEMM-like kernel time per step and its share of compute: the strategy's
  // own figure where it splits the model (megatron), else every op of the model for every
  // micro-batch.
  void measure_kernels() {
    double gemm_like = 0;
    if (sg_->gemm_like_s > 0) {
      gemm_like = sg_->gemm_like_s;
    } else {
      for (const work::Op& op : m_.ops) {
        if (op.kind != work::OpKind::gemm && op.kind != work::OpKind::conv && op.kind != work::OpKind::attention) continue;
        const double t = ps_to_seconds(b_.cost->forward(op, static_cast<double>(spec_.batch_per_gpu)) +
                                       b_.cost->backward(op, static_cast<double>(spec_.batch_per_gpu)));
        gemm_like += t;
        if (op.kind == work::OpKind::attention) r_.attention_s += t;
      }
      gemm_like *= static_cast<double>(spec_.grad_accumulation);
      r_.attention_s *= static_cast<double>(spec_.grad_accumulation);
    }
    r_.gemm_s = gemm_like - r_.attention_s;
    r_.gemm_share = r_.compute_s > 0 ? std::min(1.0, gemm_like / r_.compute_s) : 0;
  }

  // Decides the run's identity: system, model, GPU, calibrations, software, precision, layout
  // and the steps measured.
  void describe() {
    r_.system = c_.name();
    r_.model = m_.name;
    r_.gpu_name = gpu_.name;
    r_.gpu_arch = gpu_.arch;
    r_.calibration = b_.calibration;
    r_.network_calibration = b_.network_calibration;
    r_.software = b_.software.key;
    r_.software_name = b_.software.name;
    r_.precision = work::precision_name(prec_);
    r_.optimizer = work::optimizer_name(optim_);
    r_.strategy = spec_.strategy;
    r_.gpus = static_cast<int>(ranks_.size());
    r_.nodes = c_.nodes();
    r_.fabric_oversubscription = c_.nodes() > 1 ? c_.fabric().oversubscription : 1;
    r_.batch_per_gpu = spec_.batch_per_gpu;
    r_.grad_accumulation = spec_.grad_accumulation;
    r_.seq_len = m_.seq_len;
    r_.steps = steps_;
    r_.warmup_steps = warm_;
    r_.params = m_.params();
    r_.trainable_params = m_.trainable_params();
  }

  // Decides the throughput: samples and tokens per second, model TFLOP/s per GPU and MFU, and
  // the algorithm most of the gradient buckets use.
  void measure_throughput() {
    samples_per_step_ = sg_->samples_per_step > 0
                            ? sg_->samples_per_step
                            : static_cast<double>(r_.gpus * spec_.batch_per_gpu * spec_.grad_accumulation);
    // Rows executed per step carry samples_per_row samples of tokens_per_sample real tokens each
    // (work/sequences.hpp); model FLOPs below count the executed rows, padding included.
    r_.tokens_per_sample = b_.sequences.tokens_per_sample;
    r_.samples_per_row = b_.sequences.samples_per_row;
    r_.padding_share = b_.sequences.padding_share;
    if (spec_.sequences_field || spec_.seq_len_field) {
      r_.batching = spec_.batching;
      r_.max_seq_len = b_.sequences.max_len;
      r_.bin_width = spec_.bin_width;
    }
    r_.samples_per_s = samples_per_step_ * r_.samples_per_row / r_.step_time_s;
    r_.tokens_per_s = m_.seq_len > 0 ? r_.samples_per_s * r_.tokens_per_sample : 0;
    const double model_flops_per_gpu_step = m_.train_flops_per_sample() * samples_per_step_ / r_.gpus;
    r_.tflops_per_gpu = model_flops_per_gpu_step / r_.step_time_s / 1e12;
    // MFU against the dense 16-bit peak under fp8, mxfp8 and nvfp4: only the linear layers run
    // quantized (work/cost.hpp), and such runs are quoted against the bf16 peak so they compare
    // with bf16 runs.
    double peak = b_.cost->tensor_peak_flops();
    if (work::quantized_linears(prec_)) {
      auto it = gpu_.peak_flops.find("bf16");
      if (it != gpu_.peak_flops.end()) peak = it->second;
    }
    r_.mfu = r_.tflops_per_gpu * 1e12 / peak;
    r_.buckets = sg_->buckets.size();
    if (!sg_->bucket_algos.empty()) {
      std::map<std::string, int> count;
      for (const auto& a : sg_->bucket_algos) ++count[a];
      std::string best;
      int most = 0;
      for (const auto& [a, k] : count)
        if (k > most) {
          most = k;
          best = a;
        }
      r_.bucket_algo = best;
    }
  }

  // Decides the five busiest links over the whole run, by utilisation.
  void busiest_links() {
    const double run_s = ps_to_seconds(st_.makespan_ps);
    std::vector<LinkUsage> links;
    for (net::LinkId l = 0; l < network_->link_count(); ++l) {
      const double bytes = network_->link_bytes(l);
      if (bytes <= 0) continue;
      const std::string name = l < c_.directed_link_count()
                                   ? c_.link_name(l)
                                   : data_plan_->extra_names()[l - data_plan_->first_extra_link()];
      links.push_back(LinkUsage{name, bytes / (network_->capacity(l) * run_s)});
    }
    std::stable_sort(links.begin(), links.end(), [](const LinkUsage& a, const LinkUsage& x) {
      return a.utilization > x.utilization;
    });
    if (links.size() > 5) links.resize(5);
    r_.links = links;
  }

  // Decides the single-GPU baseline (the same model and batch on one GPU of the same kind) and
  // the scaling efficiency against it.
  void single_gpu_baseline() {
    if (r_.gpus <= 1) {
      r_.single_gpu_step_s = r_.step_time_s;
      r_.scaling_efficiency = 1.0;
      return;
    }
    build_.set_data(nullptr);  // the baseline is the GPU's own step, fed instantly
    StepGraph g1 = build_({ranks_[0]}, 2, spec_.batch_per_gpu);
    net::FlowNetwork n1(caps_);
    engine::Executor e1(n1);
    e1.run(g1.graph);
    r_.single_gpu_step_s = ps_to_seconds(e1.records()[g1.step_end[1]].end - e1.records()[g1.step_end[0]].end);
    // Throughput per GPU against one GPU's (the same per-GPU work under data parallelism:
    // single step / step; under model parallelism the GPUs share each sample).
    const double single_samples = static_cast<double>(spec_.batch_per_gpu * spec_.grad_accumulation);
    r_.scaling_efficiency =
        sg_->samples_per_step > 0
            ? std::min(1.0, (samples_per_step_ / r_.step_time_s) / (r_.gpus * single_samples / r_.single_gpu_step_s))
            : std::min(1.0, r_.single_gpu_step_s / r_.step_time_s);
  }

  // Decides whether the job fits: the memory peak over rank 0's timeline (train/memory.hpp),
  // the fullest pipeline stage's, the host memory per node, and the blocks checkpointed.
  void memory_peaks() {
    const auto& rec = records();
    MemoryPeak peak = find_peak(sg_->memory, sg_->graph, rec);
    // Pipeline stages hold different layers: the fullest stage decides whether the job fits.
    if (sg_->stage_memory.size() > 1) r_.stage_peaks.emplace_back(peak.peak_bytes, peak.at_task);
    for (std::size_t s = 1; s < sg_->stage_memory.size(); ++s) {
      MemoryPeak ps = find_peak(sg_->stage_memory[s], sg_->graph, rec);
      r_.stage_peaks.emplace_back(ps.peak_bytes, ps.at_task);
      if (ps.peak_bytes > peak.peak_bytes) {
        peak = ps;
        peak.at_task = "stage " + std::to_string(s) + ": " + ps.at_task;
      }
    }
    r_.memory_peak_bytes = peak.peak_bytes;
    r_.memory_breakdown = peak.breakdown;
    r_.memory_peak_at = peak.at_task;
    r_.memory_capacity_bytes = gpu_.memory_bytes;
    r_.oom = r_.memory_peak_bytes > r_.memory_capacity_bytes;
    const train::HostMemoryVerdict host =
        train::host_memory_verdict(sg_->memory, ranks_per_node(c_, ranks_), host_memory_for_job(c_, ranks_));
    r_.host_offload_bytes_per_node = host.offload_bytes_per_node;
    r_.host_memory_bytes = host.capacity_bytes;
    r_.host_oom = host.oom;
    r_.strategy_detail = sg_->strategy_detail;
    if (spec_.strategy != "megatron") {  // megatron's recompute is in its detail
      const std::vector<bool> ck = train::checkpointed_blocks(m_, train::strategy_config(spec_).checkpointing);
      r_.checkpointed_blocks = static_cast<int>(std::count(ck.begin(), ck.end(), true));
      r_.blocks = static_cast<int>(ck.size());
    }
  }

  // Decides a step's energy and cost (train/cost_of_run.hpp): GPU power from the compute
  // utilisation; the prices from the scenario, the system file or the catalog's price list.
  void energy_and_cost() {
    const double util = r_.step_time_s > 0 ? r_.compute_s / r_.step_time_s : 0;
    const double gpu_w = gpu_.idle_power_w + (gpu_.tdp_w - gpu_.idle_power_w) * util;
    r_.cost_inputs = train::resolve_cost_inputs(spec_, c_, gpu_, r_.gpus, r_.nodes, gpu_w);
    r_.step_cost = train::cost_of(r_.cost_inputs, r_.step_time_s);
    r_.power_w = r_.step_cost.power_w;
    r_.joules_per_step = r_.step_cost.joules;
    const std::optional<double> headline = r_.step_cost.headline(spec_.cost_basis);
    r_.priced = headline.has_value();
    r_.cost_per_step = headline.value_or(0);
  }

  // Decides the whole run's figures: its expected wall clock with checkpoints and failures
  // (train/goodput.hpp), priced over that wall clock.
  void whole_run() {
    if (!spec_.run.enabled()) return;
    try {
      r_.whole_run = plan_whole_run(spec_, c_, ranks_, data_spec_ ? &*data_spec_ : nullptr, m_, *sg_, samples_per_step_, r_);
    } catch (const ScenarioError& e) {
      throw attribute_to_override(spec_.path, spec_.overrides_applied, e);
    }
    const train::WholeRun& w = r_.whole_run;
    if (w.expected.finishes) {
      r_.run_steps = w.steps;
      r_.run_hours = w.expected.wall_s / 3600.0;
      r_.run_energy_kwh = w.energy_kwh;
      r_.run_cost_figures = w.cost_figures;
      r_.run_cost = w.cost;
    }
  }

  // Decides the verdict: the largest share of the step, or the data when the GPUs wait on
  // the loader noticeably.
  void verdict() {
    // Idle time is the GPU waiting for its host (kernel dispatch, syncs; train/host.hpp).
    const double parts[5] = {r_.compute_s, r_.comm_exposed_s, r_.data_stall_s, r_.idle_s, r_.bubble_s};
    const char* names[5] = {"compute", "communication", "data", "host", "pipeline"};
    int k = static_cast<int>(std::max_element(parts, parts + 5) - parts);
    // The loader bounds the step when the GPUs wait on it noticeably (data/pipeline.hpp).
    if (r_.data.enabled && r_.data_stall_s > 0.05 * r_.step_time_s && r_.data.limiter != "none") k = 2;
    r_.bottleneck = names[k];
  }

  // Decides what fixing the pipeline buys: the same step with the batches always ready, the
  // run without its data pipeline (and without its whole run, which this figure does not need).
  double no_stall_step() const {
    ScenarioSpec fed = spec_;
    fed.data_field.reset();
    fed.run = RunSpec{};
    RunOptions once;
    once.steps_override = opt_.steps_override;
    return run_scenario(fed, once).step_time_s;
  }

  const ScenarioSpec& spec_;
  const RunOptions& opt_;
  RunResult r_;
  Built b_;
  const topo::Cluster& c_;
  const work::Model& m_;
  const std::vector<int>& ranks_;
  const topo::GpuModel& gpu_;
  StrategyBuilder build_;
  long long steps_, warm_;
  const double default_tensor_bytes_;
  work::Precision prec_{};
  work::Optimizer optim_{};
  std::unique_ptr<data::Plan> data_plan_;
  std::optional<data::DataSpec> data_spec_;
  std::vector<double> caps_;
  bool seek_steady_ = false;
  std::shared_ptr<StepGraph> sg_;
  std::unique_ptr<net::FlowNetwork> network_;
  std::unique_ptr<engine::Executor> ex_;
  engine::RunStats st_;
  data::SupplyCheck supply_;  // the last window's: what the loader could not supply, if anything
  TimePs lo_ = 0, hi_ = 0;    // the measured window
  double per_step_ = 0;
  double samples_per_step_ = 0;
};

}  // namespace

RunResult run_scenario(const ScenarioSpec& spec, const RunOptions& opt) {
  const engine::Deadline limit(opt.max_seconds);
  try {
    check_run_size_early(spec, opt.steps_override > 0 ? opt.steps_override : spec.steps);
  } catch (const ScenarioError& e) {
    throw attribute_to_override(spec.path, spec.overrides_applied, e);
  }
  return ScenarioRun(spec, opt).run();
}

std::string time_limit_reason(const std::exception& e) {
  if (const auto* d = dynamic_cast<const engine::DeadlineExceeded*>(&e))
    return "stopped at the --max-seconds limit (" + fmt::format("{:g}", d->limit_s()) + " s), " +
           std::to_string(d->events()) + " events or tasks into one run";
  return e.what();
}

namespace {

// The memory search of one candidate (largest_batches): the largest per-GPU batch whose
// simulated peak fits the GPU. Peak memory grows with the batch: double until it does not fit,
// then bisect. Each batch is simulated as one step of the micro-batches that reach the step's
// peak (train/pipeline_schedule.hpp peak_memory_micro_batches), checked against the run budget
// before it is built; past the thread's deadline (--max-seconds) the row keeps what was found.
class BatchSearch {
 public:
  BatchSearch(const ScenarioSpec& searched, const Built& b, const train::MemoryCandidate& cand, const RunShape& shape)
      : b_(b), shape_(shape), build_(searched, *b.model, *b.cost, *b.planner, *b.cluster) {
    build_.set_software(&b.software);
    build_.override_choice(cand.choice);
  }

  // The --max-seconds limit when it stopped this search (0: it did not).
  double time_limit_s() const { return time_limit_s_; }

  void search(RunResult::FitRow& row) {
    if (const std::string over = size_at(1); !over.empty()) {
      row.not_searched = over;
      return;
    }
    try {
      bisect();
    } catch (const engine::DeadlineExceeded& e) {
      time_limit_s_ = e.limit_s();
      if (lo_ == 0) {  // no batch found to fit before the limit: no figure
        row.not_searched = time_limit_reason(e);
        return;
      }
      row.stopped = time_limit_reason(e);
    }
    row.host_oom = lo_host_oom_;
    row.largest_batch = lo_;
    row.peak_bytes_at_batch = lo_peak_;
    row.stopped = row.stopped.empty() ? stopped_ : row.stopped;
  }

 private:
  // Why batch b may not be simulated ("" when it may).
  std::string size_at(long long b) const {
    RunShape s = shape_;
    s.batch_per_gpu = static_cast<double>(b);
    return run_size(s, *b_.model, *b_.gpu).over_budget();
  }
  // The GPU's peak at batch b; `host_oom` whether the node's host memory holds what the
  // candidate offloads at that batch (the run's verdict, train/memory.hpp). The search is for
  // the GPU's largest batch (what the validation cases measure); the host's verdict is
  // reported beside it, at that batch (at batch 1 when none fits the GPU).
  double peak_at(long long b) {
    StepGraph sg = build_(b_.ranks, 1, b);
    net::FlowNetwork n(b_.cluster->link_capacities());
    engine::Executor ex(n);
    ex.run(sg.graph);
    host_oom_ = train::host_memory_verdict(sg.memory, ranks_per_node(*b_.cluster, b_.ranks),
                                           host_memory_for_job(*b_.cluster, b_.ranks)).oom;
    return find_peak(sg.memory, sg.graph, ex.records()).peak_bytes;
  }
  // Whether batch b fits (and is kept as the largest so far).
  bool fits(long long b) {
    const double p = peak_at(b);
    if (b == 1 && lo_ == 0) lo_host_oom_ = host_oom_;  // the verdict at batch 1 when not even it fits
    if (p > b_.gpu->memory_bytes) return false;
    lo_ = b;
    lo_peak_ = p;
    lo_host_oom_ = host_oom_;
    return true;
  }
  // The largest batch the closed forms fit (megatron), the search's first guess; 1 without.
  long long closed_form_guess(long long max_batch) const {
    auto fits_cf = [&](long long b) {
      const std::optional<double> p = build_.closed_form_peak(b_.ranks, b);
      return p && *p <= b_.gpu->memory_bytes;
    };
    if (!fits_cf(1)) return 1;
    long long lo = 1, hi = 2;
    while (hi <= max_batch && fits_cf(hi)) lo = hi, hi *= 2;
    while (hi - lo > 1) {
      const long long mid = lo + (hi - lo) / 2;
      (fits_cf(mid) ? lo : hi) = mid;
    }
    return lo;
  }
  // Peak memory grows with the batch. From the guess g, steps of 1, 2, 4, ... up from what fits
  // (or down from what does not) bracket the largest fitting batch, then bisection finds it:
  // two simulations where the closed forms are right, a few where they are near; from g = 1
  // (no closed form) the steps double the batch.
  void bisect() {
    constexpr long long kMaxBatch = 1LL << 20;
    const long long g = closed_form_guess(kMaxBatch);
    long long hi = g;
    if (admit(g) && fits(g)) {
      for (long long step = 1;; step *= 2) {
        hi = lo_ + step;
        if (hi > kMaxBatch || !admit(hi)) return;  // lo_ is the answer as far as the search may go
        if (!fits(hi)) break;
      }
    } else {
      // g does not fit (or is over the budget: what is found below it is a lower bound).
      for (long long step = 1; g > 1 && lo_ == 0; step *= 2) {
        const long long down = std::max(1LL, g - step);
        if (fits(down)) break;
        hi = down;
        if (down == 1) break;
      }
      if (lo_ == 0) return;
    }
    while (hi - lo_ > 1) {
      const long long mid = lo_ + (hi - lo_) / 2;
      if (!fits(mid)) hi = mid;
    }
  }
  // Whether batch b is within the run budget (else the search stops, saying so).
  bool admit(long long b) {
    const std::string over = size_at(b);
    if (!over.empty()) stopped_ = fmt::format("batch {} is {}", b, over);
    return over.empty();
  }

  const Built& b_;
  RunShape shape_;
  StrategyBuilder build_;
  long long lo_ = 0;
  double lo_peak_ = 0;
  bool lo_host_oom_ = false, host_oom_ = false;
  double time_limit_s_ = 0;
  std::string stopped_;
};

}  // namespace

std::vector<RunResult::FitRow> largest_batches(const ScenarioSpec& spec, bool own_only) {
  Built b = build_setup(spec);
  std::vector<train::MemoryCandidate> cands = train::memory_candidates(spec, b.cluster->nodes() > 1);
  if (own_only) cands.resize(1);
  const train::MegatronOptions& mo = train::strategy_config(spec).parallel.options;
  const int m = static_cast<int>(spec.grad_accumulation);
  std::vector<RunResult::FitRow> out;
  std::string time_up;  // the --max-seconds limit passed: the candidates left are not searched
  for (const train::MemoryCandidate& cand : cands) {
    // A candidate that is the scenario's own configuration is not searched twice.
    if (!out.empty() && train::same_as_scenario(spec, cand.choice)) {
      out.push_back(out.front());
      out.back().strategy = cand.label;
      continue;
    }
    RunResult::FitRow row;
    row.strategy = cand.label;
    if (!time_up.empty()) {
      row.not_searched = time_up;
      out.push_back(row);
      continue;
    }
    // The candidate's step at the micro-batches that reach its peak: the scenario's pipeline
    // schedule for its own Megatron layout, none (p = 1) for the data-parallel candidates.
    const bool megatron = cand.own && spec.strategy == "megatron";
    ScenarioSpec searched = spec;
    searched.grad_accumulation =
        megatron ? train::peak_memory_micro_batches(mo.mesh.pp > 1 ? mo.schedule : train::PipeSchedule::one_f_one_b,
                                                    mo.mesh.pp, m, mo.virtual_stages)
                 : train::peak_memory_micro_batches(train::PipeSchedule::one_f_one_b, 1, m, 1);
    RunShape shape;
    shape.megatron = megatron;
    shape.virtual_stages = megatron ? mo.virtual_stages : 1;
    shape.fsdp_blocks = megatron ? megatron_fsdp_blocks(*b.model, mo.fsdp, mo.mesh.pp) : 0;
    shape.gpus = static_cast<double>(b.ranks.size());
    shape.passes = static_cast<double>(searched.grad_accumulation);  // one step, no warm-up
    BatchSearch search(searched, b, cand, shape);
    search.search(row);
    if (search.time_limit_s() > 0)
      time_up = fmt::format("the --max-seconds limit ({:g} s) passed before its search", search.time_limit_s());
    out.push_back(row);
  }
  return out;
}

}  // namespace simtrain::drive
