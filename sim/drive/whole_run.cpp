// The whole run a scenario's run: block describes: its length in steps, the checkpoint path,
// the failure rates, and the expected wall clock and cost (train/goodput.hpp states the model).
#include "drive/whole_run.hpp"

#include <algorithm>
#include <cmath>

#include "scenario/error.hpp"
#include "topo/cluster.hpp"

namespace simtrain::drive {

namespace {

// Where a checkpoint goes (train/goodput.hpp): run.checkpoint.storage, else the data block's
// storage, else the node's first storage device (else the fabric's). A device of a node
// means every node's own, written in parallel; a fabric storage is shared. Each drive takes
// the lesser of its rate and its path's narrowest link; a fabric storage also the capacity of
// its front-end links; nodes are alike (one node's path, times the nodes). The paths carry
// nothing else meanwhile: the GPUs wait for a synchronous checkpoint.
struct CheckpointPath {
  std::string label, from;
  double write_bytes_per_s = 0, read_bytes_per_s = 0;
};

CheckpointPath checkpoint_path(const ScenarioSpec& spec, const topo::Cluster& c, const std::vector<int>& ranks,
                                      const data::DataSpec* data_spec) {
  const auto& g = c.graph();
  const Field where = spec.run.storage_field ? *spec.run.storage_field : *spec.run.length_field;
  std::vector<std::string> names = spec.run.checkpoint_storage;
  std::string from = "run.checkpoint.storage";
  if (names.empty() && data_spec && data_spec->format != data::Format::ram && !data_spec->storage_devices.empty()) {
    names = data_spec->storage_devices;
    from = "the data block's storage";
  }
  std::vector<std::string> known;
  for (topo::Vertex v : c.storage_devices()) {
    const std::string n = g[v].node < 0 ? g[v].name : topo::local_name(g[v].name);
    if (std::find(known.begin(), known.end(), n) == known.end()) known.push_back(n);
  }
  if (names.empty()) {
    for (topo::Vertex v : c.storage_devices())
      if (g[v].node == 0) {
        names.push_back(topo::local_name(g[v].name));
        break;
      }
    if (names.empty() && !known.empty()) names.push_back(known.front());
    from = "the node's first storage device";
  }
  if (names.empty())
    throw where.key_error("the system has no storage device to write checkpoints to: add one to the system (a node's "
                          "nvme0, or a fabric storage), or set run.failures.per_gpu_hour and "
                          "run.failures.per_node_hour to 0 (no failures, no checkpoints)");
  const topo::Vertex cpu0 = c.nearest_cpu(c.gpu(ranks[0]));
  CheckpointPath out;
  std::string label;
  for (const std::string& n : names) {
    bool found = false;
    for (topo::Vertex v : c.storage_devices()) {
      const topo::Device& d = g[v];
      if (d.node < 0 ? d.name != n : (d.node != 0 || topo::local_name(d.name) != n)) continue;
      found = true;
      const topo::StorageModel& sm = c.catalog().storage_models().at(d.model);
      if (!(sm.write_bandwidth_bytes_per_s > 0))
        throw where.error("storage '" + n + "' (" + sm.name + ") has no write_bandwidth in the catalog (" +
                          c.catalog().defined_at("storage", d.model) + "): a checkpoint's write time is not known");
      const topo::Route& w = c.route(cpu0, v);
      const topo::Route& rd = c.route(v, cpu0);
      if (w.links.empty() || rd.links.empty()) throw where.error("no path from the GPUs' CPU to storage '" + n + "'");
      double wbw = std::min(sm.write_bandwidth_bytes_per_s, w.bottleneck_bytes_per_s);
      double rbw = std::min(sm.read_bandwidth_bytes_per_s, rd.bottleneck_bytes_per_s);
      if (d.node >= 0) {  // every node its own drive
        wbw *= c.nodes();
        rbw *= c.nodes();
      } else {  // shared: the nodes' paths, then its front-end links and its own rate
        const std::vector<double> caps = c.link_capacities();
        wbw = std::min({sm.write_bandwidth_bytes_per_s, caps[w.links.back()], w.bottleneck_bytes_per_s * c.nodes()});
        rbw = std::min({sm.read_bandwidth_bytes_per_s, caps[rd.links.front()], rd.bottleneck_bytes_per_s * c.nodes()});
      }
      out.write_bytes_per_s += wbw;
      out.read_bytes_per_s += rbw;
      if (!label.empty()) label += " + ";
      label += n + " (" + sm.name + ")";
      label += d.node < 0 ? std::string(", shared") : c.nodes() > 1 ? ", each node its own" : std::string();
    }
    if (!found)
      throw where.error("no storage device '" + n + "' in the system" + did_you_mean(n, known) +
                        (known.empty() ? std::string("; the system has none") : "; storage devices: " + join_names(known)));
  }
  out.label = label;
  out.from = from;
  return out;
}

}  // namespace

// The whole run the scenario's run: block describes (train/goodput.hpp for the model).
train::WholeRun plan_whole_run(const ScenarioSpec& spec, const topo::Cluster& c, const std::vector<int>& ranks,
                                      const data::DataSpec* data_spec, const work::Model& m, const train::StepGraph& sg,
                               double samples_per_step, const train::RunResult& r) {
  const RunSpec& rs = spec.run;
  train::WholeRun w;
  w.enabled = true;
  w.step_s = r.step_time_s;
  // Samples are sequences and tokens real tokens (work/sequences.hpp: r carries both per row).
  w.samples_per_step = samples_per_step * r.samples_per_row;
  w.tokens_per_step = m.seq_len > 0 ? w.samples_per_step * r.tokens_per_sample : 0;
  double steps = 0;
  switch (rs.length) {
    case RunSpec::Length::steps:
      w.length = "steps";
      steps = static_cast<double>(rs.steps);
      break;
    case RunSpec::Length::tokens:
      w.length = "tokens";
      w.tokens = rs.tokens;
      if (m.seq_len <= 0)
        throw rs.length_field->key_error(m.name + " has no tokens (no sequence length): give the run in run.epochs "
                                         "or run.steps");
      steps = std::ceil(rs.tokens / w.tokens_per_step);
      break;
    case RunSpec::Length::samples:
      w.length = "samples";
      w.samples = rs.samples;
      steps = std::ceil(rs.samples / w.samples_per_step);
      break;
    case RunSpec::Length::epochs:
      w.length = "epochs";
      w.epochs = rs.epochs;
      w.dataset_samples = rs.dataset_samples;
      w.dataset_from = rs.dataset_from;
      steps = std::ceil(rs.epochs * static_cast<double>(rs.dataset_samples) / w.samples_per_step);
      break;
    case RunSpec::Length::none: break;
  }
  if (!(steps <= 1e15)) throw rs.length_field->error("a run of more than 1e15 steps: check the figure");
  w.steps = static_cast<long long>(steps);
  const double work_s = steps * r.step_time_s;

  // Failures: the scenario's rates, else topologies/reliability.yaml's.
  const train::Reliability rel = train::load_reliability(train::default_reliability_path(c.catalog().path()));
  w.failures_per_gpu_hour = rs.failures_per_gpu_hour.value_or(rel.failures_per_gpu_hour);
  w.failures_per_node_hour = rs.failures_per_node_hour.value_or(rel.failures_per_node_hour);
  w.failure_source = rs.failures_per_gpu_hour || rs.failures_per_node_hour ? std::string("scenario") : rel.source;
  // A spot allocation's preemptions stop the job as failures do (train/goodput.hpp).
  w.preemptions_per_gpu_hour = r.cost_inputs.preemptions_per_gpu_hour;
  w.preemptions_per_node_hour = r.cost_inputs.preemptions_per_node_hour;
  w.mtbf_s = train::job_mtbf_s(w.failures_per_gpu_hour + w.preemptions_per_gpu_hour,
                               w.failures_per_node_hour + w.preemptions_per_node_hour, r.gpus, r.nodes);
  const double failures_mtbf_s = train::job_mtbf_s(w.failures_per_gpu_hour, w.failures_per_node_hour, r.gpus, r.nodes);
  if (std::isfinite(w.mtbf_s) && w.mtbf_s < failures_mtbf_s)
    w.preemption_share = 1.0 - w.mtbf_s / failures_mtbf_s;

  // Checkpoints: one copy of the model state, over the storage path. Without failures none
  // is needed (auto) and no storage is asked for.
  w.checkpoint_bytes = sg.checkpoint_bytes;
  w.interval_auto = rs.checkpoint_interval_s <= 0;
  const bool checkpointing = !w.interval_auto || std::isfinite(w.mtbf_s);
  if (checkpointing) {
    const CheckpointPath path = checkpoint_path(spec, c, ranks, data_spec);
    w.storage = path.label;
    w.storage_from = path.from;
    w.write_bytes_per_s = path.write_bytes_per_s;
    w.read_bytes_per_s = path.read_bytes_per_s;
    w.write_s = w.checkpoint_bytes / w.write_bytes_per_s;
    w.load_s = w.checkpoint_bytes / w.read_bytes_per_s;
    w.interval_s = w.interval_auto ? train::young_interval_s(w.write_s, w.mtbf_s) : rs.checkpoint_interval_s;
  }
  w.relaunch_s = rel.relaunch_s;
  w.restart_given = rs.restart_s.has_value();
  w.restart_s = rs.restart_s.value_or(rel.relaunch_s + w.load_s);
  w.expected = train::expected_run({work_s, w.write_s, w.interval_s, w.mtbf_s, w.restart_s});
  // The same run without the preemptions (on demand, checkpointing at its own optimum).
  if (w.preemption_share > 0) {
    const double interval = w.interval_auto ? train::young_interval_s(w.write_s, failures_mtbf_s) : w.interval_s;
    w.wall_without_preemptions_s =
        train::expected_run({work_s, w.write_s, interval, failures_mtbf_s, w.restart_s}).wall_s;
  }

  // Energy and money (train/cost_of_run.hpp): training power over the work and the redone
  // work, idle GPUs (plus the nodes' overhead) while checkpoints are written and the job
  // restarts; rent and the purchase's share over the whole wall clock.
  if (w.expected.finishes) {
    const topo::GpuModel& gpu = c.gpu_model(ranks[0]);
    w.cost_figures = train::cost_of(r.cost_inputs, w.expected.busy_s, w.expected.idle_s, gpu.idle_power_w);
    w.energy_kwh = w.cost_figures.kwh;
    w.cost = w.cost_figures.headline(spec.cost_basis).value_or(0);
  }
  return w;
}

}  // namespace simtrain::drive
