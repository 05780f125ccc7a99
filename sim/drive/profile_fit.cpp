#include "drive/profile_fit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "drive/run.hpp"
#include "drive/setup.hpp"
#include "report/net_fit_report.hpp"
#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"
#include "work/cost.hpp"

namespace simtrain::drive {

namespace {

SimulatedSplit simulated_split(const train::RunResult& r) {
  SimulatedSplit s;
  s.step_s = r.step_time_s;
  s.compute_s = r.compute_s;
  s.comm_s = r.comm_total_s;
  s.exposed_comm_s = r.comm_exposed_s;
  s.idle_s = r.idle_s + r.data_stall_s + r.bubble_s;
  s.gemm_s = r.gemm_s;
  s.attention_s = r.attention_s;
  s.other_s = std::max(0.0, r.compute_s - r.gemm_s - r.attention_s);
  return s;
}

ProfileComparison compare_with(const ScenarioSpec& spec, const ProfileTrace& trace, const TraceSplit& measured) {
  ProfileComparison c;
  c.trace = trace.path;
  c.scenario = spec.name;
  c.measured = measured;
  const train::RunResult r = run_scenario(spec, RunOptions{});
  c.gpu = r.gpu_name;
  c.simulated = simulated_split(r);
  return c;
}

struct DeviceVerdict {
  std::string sentence, forced;
};

// The traced GPU against the scenario's (the header): refused unless forced; the sentence the
// report prints either way.
DeviceVerdict check_trace_device(const ProfileTrace& trace, int device, const Built& b, bool force) {
  DeviceVerdict v;
  const std::optional<MeasuredDevice> d = traced_device(trace, device);
  if (!d) {
    v.sentence = !trace.has_device_properties
                     ? "not checked: the trace has no deviceProperties (the GPU it ran on is not recorded)"
                     : fmt::format("not checked: the trace's deviceProperties names no GPU of id {}", device);
    return v;
  }
  const topo::GpuModel& gpu = *b.gpu;
  SimulatedGpu g{gpu.name, gpu.arch, gpu.sms, "the scenario's system " + b.cluster->name()};
  const DeviceCheckText text{"the trace", "deviceProperties",
                             "the comparison would hold one GPU's kernel times against another's model, and a fit "
                             "would write them into a calibration of the scenario's GPU",
                             "describe the traced machine in the scenario (its system)"};
  v.forced = check_device(*d, g, text, force);
  const std::string traced = (d->name.empty() ? d->arch : d->name) + " (" + d->where + ")";
  switch (match_device(*d, g)) {
    case DeviceMatch::other: v.sentence = v.forced + ": the measured figures are another GPU's"; break;
    case DeviceMatch::unknown: v.sentence = "not checked: " + traced + " names no GPU family or compute capability"; break;
    case DeviceMatch::same: {
      const std::string family = gpu_family(d->name);
      v.sentence = traced + ": the scenario's GPU " + (family.empty() ? "architecture (" + gpu.arch + ")" : "family (" + family + ")");
      if (d->sms > 0 && gpu.sms > 0 && d->sms != gpu.sms)
        v.sentence += fmt::format("; but {} SMs where the scenario's {} has {}: another variant, whose kernels run at "
                                  "another rate (not corrected)", d->sms, gpu.name, gpu.sms);
      break;
    }
  }
  return v;
}

std::string curve_yaml(const work::KindCurve& c, bool gemm) {
  if (gemm && !c.size_curve()) return fmt::format("{{max: {:.6f}, at: {:.0f}x{:.0f}x{:.0f}}}", c.max, c.at_m, c.at_n, c.at_k);
  return fmt::format("{{max: {:.6f}, half_size: {:.6g} GFLOP}}", c.max, c.half_flops / 1e9);
}

// A ratio that can scale an efficiency: finite and positive, else 1 (the kind is absent).
double usable(double simulated, double measured) {
  if (!(simulated > 0) || !(measured > 0)) return 1;
  const double r = simulated / measured;
  return std::isfinite(r) ? r : 1;
}

// An efficiency is a share of the model's peak: 1.0 bounds the fit from above. A fitted value
// within a relative kOnBound of it is the bound, not a measurement.
constexpr double kOnBound = 1e-6;
bool on_upper_bound(double wanted) { return wanted >= 1.0 - kOnBound; }

std::vector<std::string> bound_warnings(bool gemm, bool attention, bool memory) {
  std::vector<std::string> w;
  if (gemm)
    w.push_back(report::fit_bound_warning("the GEMM main-loop efficiency", "upper", "1.0") +
                " (the measured GEMMs ran faster than the model's peak: another GPU, clock or precision than the scenario's?)");
  if (attention)
    w.push_back(report::fit_bound_warning("the attention efficiency", "upper", "1.0") +
                " (the measured attention ran faster than the model's peak)");
  if (memory)
    w.push_back(report::fit_bound_warning("the memory efficiency (HBM and the vector rate)", "upper", "1.0") +
                " (the other kernels moved less than the model counts, e.g. unfused ops that were fused)");
  return w;
}

}  // namespace

ProfileComparison compare_profile(const ScenarioSpec& spec, const ProfileTrace& trace, const ProfileOptions& opt) {
  const TraceSplit measured = split_trace(trace, opt.device);
  const DeviceVerdict v = check_trace_device(trace, measured.device, build_setup(spec), opt.force_device);
  ProfileComparison c = compare_with(spec, trace, measured);
  c.device = v.sentence;
  c.forced_device = v.forced;
  return c;
}

ProfileFit fit_profile(const ScenarioSpec& spec, const ProfileTrace& trace, const ProfileOptions& opt) {
  const TraceSplit measured = split_trace(trace, opt.device);
  const Built b = build_setup(spec);
  const DeviceVerdict verdict = check_trace_device(trace, measured.device, b, opt.force_device);
  ProfileFit fit;
  fit.before = compare_with(spec, trace, measured);
  fit.before.device = verdict.sentence;
  fit.before.forced_device = verdict.forced;
  const work::ComputeCalibration base = b.cost->calibration();
  const std::string prec = work::tensor_precision_key(b.cost->precision());
  const work::KindCurve gemm0 = base.gemm_by_precision.count(prec) ? base.gemm_by_precision.at(prec) : base.gemm;
  const double m_gemm = measured.by_kind_s.at(KernelKind::gemm);
  const double m_att = measured.by_kind_s.at(KernelKind::attention);
  const double m_other = measured.by_kind_s.at(KernelKind::other);
  if (m_gemm + m_att + m_other <= 0) throw ScenarioError(trace.path, 0, 0, "kernel", "no compute kernel on the device: nothing to fit");

  ScenarioSpec s = spec;  // each round runs with the round's calibration, held in memory
  bool capped_gemm = false, capped_att = false, capped_mem = false;
  auto file_for = [&](double gs, double as, double ms) {
    work::KindCurve g = gemm0, fa = base.flash_attention, ea = base.attention;
    g.max = std::min(1.0, gemm0.max * gs);
    fa.max = std::min(1.0, base.flash_attention.max * as);
    ea.max = std::min(1.0, base.attention.max * as);
    capped_gemm = on_upper_bound(gemm0.max * gs);
    capped_att = on_upper_bound(base.flash_attention.max * as) || on_upper_bound(base.attention.max * as);
    capped_mem = on_upper_bound(base.memory * ms) || on_upper_bound(base.vector_max * ms);
    std::string y;
    y += "# simtrain calibration file: the compute model fitted to a PyTorch profiler trace by\n";
    y += "# `simtrain calibrate --profile` (sim/drive/profile_fit.hpp). A scenario uses it with\n";
    y += "# `calibration: THIS_FILE`; its compute block replaces topologies/compute.yaml's figures for this GPU.\n";
    y += fmt::format("# Scales applied to the scenario GPU's figures: GEMM x{:.4f}, attention x{:.4f}, memory x{:.4f}.\n", gs, as, ms);
    if (!verdict.forced.empty()) y += "# device mismatch: " + verdict.forced + "\n";
    for (const std::string& w : bound_warnings(capped_gemm, capped_att, capped_mem)) y += "# warning: " + w + "\n";
    y += "gpu: \"" + b.gpu->name + "\"\n";
    y += "catalog_key: " + b.gpu->key + "\n";
    y += "measured:\n";
    y += "  tool: \"simtrain calibrate --profile\"\n";
    std::string note = fmt::format("fitted to {} ({} steps on GPU {}, {}) with scenario {}", trace.path, measured.steps,
                                   measured.device, measured.step_source, spec.name);
    std::replace(note.begin(), note.end(), '"', '\'');
    std::replace(note.begin(), note.end(), '\\', '/');
    y += "  note: \"" + note + "\"\n";
    y += "compute:\n";
    y += "  gemm_by_precision:\n";
    y += "    " + prec + ": " + curve_yaml(g, true) + "\n";
    y += "  flash_attention: " + curve_yaml(fa, false) + "\n";
    y += "  attention: " + curve_yaml(ea, false) + "\n";
    y += fmt::format("  memory: {:.6f}\n", std::min(1.0, base.memory * ms));
    y += fmt::format("  vector: {{max: {:.6f}}}\n", std::min(1.0, base.vector_max * ms));
    return y;
  };
  double gs = 1, as = 1, ms = 1;
  SimulatedSplit sim = fit.before.simulated;
  // A kind whose simulated time does not move with its efficiency is bound by something else
  // (eager attention by its score passes through HBM): its scale goes back to 1 and stays.
  bool att_frozen = false, gemm_frozen = false;
  double prev_att = -1, prev_gemm = -1, prev_as = 1, prev_gs = 1;
  auto insensitive = [](double t, double t_prev, double k, double k_prev) {
    return t_prev > 0 && std::fabs(k / k_prev - 1) > 0.01 && std::fabs(t / t_prev - 1) < 1e-3;
  };
  for (fit.rounds = 1; fit.rounds <= 8; ++fit.rounds) {
    // A kind held at its bound stops moving because of the bound, not its shapes: not frozen.
    if (!att_frozen && !capped_att && insensitive(sim.attention_s, prev_att, as, prev_as)) att_frozen = true, as = 1;
    if (!gemm_frozen && !capped_gemm && insensitive(sim.gemm_s, prev_gemm, gs, prev_gs)) gemm_frozen = true, gs = 1;
    prev_att = sim.attention_s, prev_gemm = sim.gemm_s, prev_as = as, prev_gs = gs;
    if (!gemm_frozen) gs *= usable(sim.gemm_s, m_gemm);
    if (!att_frozen) as *= usable(sim.attention_s, m_att);
    // Memory-bound attention joins the other memory-bound kernels under the memory efficiency.
    ms *= att_frozen ? usable(sim.other_s + sim.attention_s, m_other + m_att) : usable(sim.other_s, m_other);
    // Past the scale that holds every figure it sets at 1.0, a scale changes nothing: held there.
    gs = std::min(gs, 1.0 / gemm0.max);
    as = std::min(as, 1.0 / std::min(base.flash_attention.max, base.attention.max));
    ms = std::min(ms, 1.0 / std::min(base.memory, base.vector_max));
    fit.yaml = file_for(gs, as, ms);
    s.calibration_doc = YamlDoc::parse(fit.yaml, fmt::format("calibrate --profile, round {}", fit.rounds));
    fit.after = compare_with(s, trace, measured);
    sim = fit.after.simulated;
    auto close = [](double a, double m) { return !(m > 0) || !(a > 0) || std::fabs(a / m - 1) < 0.01; };
    const bool memory_ok = att_frozen ? close(sim.other_s + sim.attention_s, m_other + m_att) : close(sim.other_s, m_other);
    if ((gemm_frozen || close(sim.gemm_s, m_gemm)) && (att_frozen || close(sim.attention_s, m_att)) && memory_ok) break;
  }
  fit.rounds = std::min(fit.rounds, 8);
  fit.gemm_scale = gs;
  fit.attention_scale = as;
  fit.memory_scale = ms;
  fit.warnings = bound_warnings(capped_gemm, capped_att, capped_mem);
  if (att_frozen)
    fit.notes.push_back(fmt::format("attention is memory-bound in the model (its score passes through HBM): its time "
                                    "follows the memory efficiency, fitted to it and the other kernels together; {:.3f} ms "
                                    "simulated against {:.3f} ms measured", fit.after.simulated.attention_s * 1e3, m_att * 1e3));
  if (gemm_frozen)
    fit.notes.push_back("the GEMMs' time does not move with their efficiency (memory-bound shapes): left at the model's");
  if (m_att <= 0 && fit.before.simulated.attention_s > 0)
    fit.notes.push_back("the trace has no attention kernel (by name) while the model has attention: its efficiency is left as it was");
  return fit;
}

}  // namespace simtrain::drive
