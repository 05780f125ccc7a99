#include "train/goodput.hpp"

#include <cmath>
#include <filesystem>

#include "scenario/data_path.hpp"
#include "scenario/yaml_doc.hpp"
#include "scenario/files.hpp"

namespace simtrain::train {

double job_mtbf_s(double failures_per_gpu_hour, double failures_per_node_hour, int gpus, int nodes) {
  const double per_hour = failures_per_gpu_hour * gpus + failures_per_node_hour * nodes;
  return per_hour > 0 ? 3600.0 / per_hour : kForever;
}

double young_interval_s(double write_s, double mtbf_s) {
  if (std::isinf(mtbf_s)) return kForever;
  return std::sqrt(2.0 * write_s * mtbf_s);
}

double lost_work_per_failure_s(double interval_s, double write_s) { return (interval_s + write_s) / 2.0; }

Goodput expected_run(const GoodputInput& in) {
  Goodput g;
  g.work_s = in.work_s;
  const bool checkpointing = std::isfinite(in.interval_s) && in.interval_s > 0;
  g.checkpoints = checkpointing ? in.work_s / in.interval_s : 0.0;
  g.checkpoint_s = g.checkpoints * in.write_s;
  const double base = in.work_s + g.checkpoint_s;
  if (std::isinf(in.mtbf_s)) {
    g.wall_s = base;
    g.busy_s = in.work_s;
    g.idle_s = g.checkpoint_s;
    return g;
  }
  // Without checkpoints a failure loses everything done so far: no first-order answer.
  g.lost_per_failure_s = checkpointing ? lost_work_per_failure_s(in.interval_s, in.write_s) : kForever;
  const double per_failure = in.restart_s + g.lost_per_failure_s;
  if (!(per_failure < in.mtbf_s)) {
    g.finishes = false;
    g.wall_s = kForever;
    return g;
  }
  g.wall_s = base / (1.0 - per_failure / in.mtbf_s);
  g.failures = g.wall_s / in.mtbf_s;
  g.failure_s = g.failures * per_failure;
  g.busy_s = in.work_s + g.failures * in.interval_s / 2.0;
  g.idle_s = g.checkpoint_s + g.failures * (in.write_s / 2.0 + in.restart_s);
  return g;
}

std::string default_reliability_path(const std::string& catalog_path) {
  return data_path::catalog_file("reliability.yaml", catalog_path);
}

Reliability load_reliability(const std::string& path) {
  auto doc = YamlDoc::load_shared(path);
  Field root = root_field(doc);
  root.check_keys({"failures", "relaunch"});
  Reliability r;
  Field f = root.at("failures");
  f.check_keys({"observed", "per_gpu_hour", "per_node_hour"});
  if (auto o = f.get("observed")) {
    if (f.has("per_gpu_hour")) throw o->key_error("give the per-GPU rate once: observed or per_gpu_hour");
    o->check_keys({"source", "interruptions", "days", "gpus"});
    const double n = static_cast<double>(o->at("interruptions").as_int_at_least(0));
    const double days = o->at("days").as_number_in(0, 1e6);
    const double gpus = static_cast<double>(o->at("gpus").as_int_at_least(1));
    r.failures_per_gpu_hour = n / (days * 24.0 * gpus);
    r.source = o->at("source").as_string();
  } else {
    const Field p = f.at("per_gpu_hour");
    r.failures_per_gpu_hour = p.as_number();
    if (!(r.failures_per_gpu_hour >= 0)) throw p.error("expected a rate of at least 0");
    r.source = path;
  }
  const Field pn = f.at("per_node_hour");
  r.failures_per_node_hour = pn.as_number();
  if (!(r.failures_per_node_hour >= 0)) throw pn.error("expected a rate of at least 0");
  r.relaunch_s = root.at("relaunch").as_quantity(Dimension::time);
  if (!(r.relaunch_s >= 0)) throw root.at("relaunch").error("expected a time of at least 0");
  return r;
}

}  // namespace simtrain::train
