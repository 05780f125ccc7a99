#include "report/profile_report.hpp"

#include <fmt/format.h>

namespace simtrain::report {

namespace {

std::string err(double sim, double meas) {
  if (!(meas > 0)) return "-";
  return fmt::format("{:+.1f}%", 100.0 * (sim - meas) / meas);
}

std::string row(const char* what, double meas, double sim) {
  return fmt::format("  {:<16} {:>12.3f} ms {:>12.3f} ms {:>9}\n", what, meas * 1e3, sim * 1e3, err(sim, meas));
}

nlohmann::json pair_json(double meas, double sim) {
  return {{"measured_s", meas}, {"simulated_s", sim}, {"error", meas > 0 ? nlohmann::json((sim - meas) / meas) : nlohmann::json()}};
}

}  // namespace

std::string format_comparison(const ProfileComparison& c) {
  const TraceSplit& m = c.measured;
  const SimulatedSplit& s = c.simulated;
  std::string o;
  o += fmt::format("simtrain compare: {} (GPU {}, {} step{} from {}, {} kernels a step) against scenario {} (simulated on {})\n",
                   c.trace, m.device, m.steps, m.steps == 1 ? "" : "s", m.step_source, m.kernels, c.scenario, c.gpu);
  o += "  device: " + c.device + "\n";
  o += fmt::format("  {:<16} {:>15} {:>15} {:>9}\n", "per step", "measured", "simulated", "error");
  o += row("step", m.step_s, s.step_s);
  o += row("compute", m.compute_s, s.compute_s);
  o += row("exposed comm", m.exposed_comm_s, s.exposed_comm_s);
  o += row("idle", m.idle_s, s.idle_s);
  o += row("comm (all)", m.comm_s, s.comm_s);
  o += "  kernels by kind (summed; simulated: the ops alone on the GPU, other = compute minus the two)\n";
  o += row("GEMM/conv", m.by_kind_s.at(KernelKind::gemm), s.gemm_s);
  o += row("attention", m.by_kind_s.at(KernelKind::attention), s.attention_s);
  o += row("other", m.by_kind_s.at(KernelKind::other), s.other_s);
  o += fmt::format("  {:<16} {:>12.3f} ms\n", "NCCL", m.by_kind_s.at(KernelKind::nccl) * 1e3);
  if (!m.step_ranges)
    o += "  note: the trace has no ProfilerStep ranges: its whole span is taken as one step (profile with "
         "torch.profiler.schedule and prof.step())\n";
  return o;
}

nlohmann::json to_json(const ProfileComparison& c) {
  const TraceSplit& m = c.measured;
  const SimulatedSplit& s = c.simulated;
  return {{"trace", c.trace},
          {"scenario", c.scenario},
          {"gpu", c.gpu},
          {"device", m.device},
          {"device_check", c.device},
          {"device_forced", !c.forced_device.empty()},
          {"steps", m.steps},
          {"step_source", m.step_source},
          {"kernels_per_step", m.kernels},
          {"step", pair_json(m.step_s, s.step_s)},
          {"compute", pair_json(m.compute_s, s.compute_s)},
          {"exposed_comm", pair_json(m.exposed_comm_s, s.exposed_comm_s)},
          {"idle", pair_json(m.idle_s, s.idle_s)},
          {"comm", pair_json(m.comm_s, s.comm_s)},
          {"gemm", pair_json(m.by_kind_s.at(KernelKind::gemm), s.gemm_s)},
          {"attention", pair_json(m.by_kind_s.at(KernelKind::attention), s.attention_s)},
          {"other", pair_json(m.by_kind_s.at(KernelKind::other), s.other_s)},
          {"nccl_measured_s", m.by_kind_s.at(KernelKind::nccl)}};
}

std::string format_fit(const ProfileFit& f) {
  std::string o;
  o += fmt::format("simtrain calibrate --profile: {} rounds; GEMM efficiency x{:.4f}, attention x{:.4f}, memory x{:.4f}\n",
                   f.rounds, f.gemm_scale, f.attention_scale, f.memory_scale);
  o += fmt::format("  step: measured {:.3f} ms, simulated {:.3f} ms before ({}), {:.3f} ms after ({})\n",
                   f.before.measured.step_s * 1e3, f.before.simulated.step_s * 1e3,
                   err(f.before.simulated.step_s, f.before.measured.step_s), f.after.simulated.step_s * 1e3,
                   err(f.after.simulated.step_s, f.after.measured.step_s));
  o += fmt::format("  compute: measured {:.3f} ms, simulated {:.3f} ms before ({}), {:.3f} ms after ({})\n",
                   f.before.measured.compute_s * 1e3, f.before.simulated.compute_s * 1e3,
                   err(f.before.simulated.compute_s, f.before.measured.compute_s), f.after.simulated.compute_s * 1e3,
                   err(f.after.simulated.compute_s, f.after.measured.compute_s));
  o += "  device: " + f.before.device + "\n";
  o += "  not fitted: host dispatch and per-step costs (the software profile), communication, idle\n";
  for (const std::string& w : f.warnings) o += "  warning: " + w + "\n";
  for (const std::string& n : f.notes) o += "  note: " + n + "\n";
  return o;
}

}  // namespace simtrain::report
