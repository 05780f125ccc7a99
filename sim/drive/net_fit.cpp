#include "drive/net_fit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <memory>

#include "drive/collective.hpp"
#include "scenario/error.hpp"

namespace simtrain::drive {

namespace {

constexpr double kPlateauBytes = 64.0 * 1024 * 1024;  // every NCCL curve is bandwidth-bound from here

// The ranges the fit searches (see the header): a share of a peak (a link efficiency, the NVLS
// share) linearly in [0.02, 1]; a step-latency factor on a log scale in [0.05, 20]; LL's
// throughput bound on a log scale in [1 GB/s, 10 TB/s].
constexpr double kShareLo = 0.02, kShareHi = 1.0;
constexpr double kScaleLo = 0.05, kScaleHi = 20.0;
constexpr double kLLBoundLo = 1e9, kLLBoundHi = 1e13;
// search_1d's resolution: a grid of 25 points, then 18 golden-section steps inside one grid
// step, ends within 1/24 x 0.618^18 = 7.2e-6 of the range (on the search's scale) of where it
// would go on. A value within 1e-5 of the range from an end is on that bound: the data pushed
// the parameter out of the range, or did not move it at all.
constexpr double kOnBoundShare = 1e-5;

report::FitBound bound_hit(double v, double lo, double hi, bool log_scale) {
  auto at = [&](double x) { return log_scale ? std::log(x) : x; };
  const double tol = kOnBoundShare * (at(hi) - at(lo));
  if (!(v > 0) && log_scale) return report::FitBound::lower;
  if (at(v) - at(lo) <= tol) return report::FitBound::lower;
  if (at(hi) - at(v) <= tol) return report::FitBound::upper;
  return report::FitBound::none;
}

int class_index(const std::string& cls) { return cls == "nvlink" ? 0 : cls == "pcie" ? 1 : 2; }

constexpr std::size_t kLL = static_cast<std::size_t>(coll::Protocol::ll);
constexpr std::size_t kSimple = static_cast<std::size_t>(coll::Protocol::simple);
const char* kProtocolKeys[3] = {"ll", "ll128", "simple"};

std::size_t protocol_index(const std::string& name) {
  return static_cast<std::size_t>(coll::kProtocolNames.parse(name).value_or(coll::Protocol::simple));
}

TimePs scaled(TimePs t, double x) { return static_cast<TimePs>(std::llround(static_cast<double>(t) * x)); }

// NCCL's constants with the fitted factors, shares and bounds.
void apply_params(const work::NetworkCalibration& cal, coll::NcclParams& p) {
  for (const auto& [cls, scales] : cal.step_latency_scale) {
    const auto i = static_cast<std::size_t>(class_index(cls));
    for (std::size_t k = 0; k < 3; ++k) {
      if (!scales[k]) continue;
      coll::ProtocolParams& pp = p.protocols[k];
      pp.ring_step_ps[i] = scaled(pp.ring_step_ps[i], *scales[k]);
      pp.tree_step_ps[i] = scaled(pp.tree_step_ps[i], *scales[k]);
      if (k != kSimple) continue;
      // The NVLS kernels run the Simple protocol: their hardware latency scales with it.
      if (i == 0) {
        p.nvls.step_nvlink_ps = scaled(p.nvls.step_nvlink_ps, *scales[k]);
        p.nvls.tree_step_nvlink_ps = scaled(p.nvls.tree_step_nvlink_ps, *scales[k]);
      } else if (i == 2) {
        p.nvls.step_network_ps = scaled(p.nvls.step_network_ps, *scales[k]);
        p.nvls.tree_step_network_ps = scaled(p.nvls.tree_step_network_ps, *scales[k]);
      }
    }
  }
  // A fit is of one system, one architecture: its share replaces the one its GPUs would use.
  if (cal.nvls_bandwidth_share) p.nvls.bandwidth_share = p.nvls.bandwidth_share_sm100 = *cal.nvls_bandwidth_share;
  // The bound of the log's scope: rings inside one node, or across nodes.
  if (cal.ll_max_busbw) p.protocols[kLL].max_busbw_bytes_per_s[cal.multi_node() ? 1 : 0] = *cal.ll_max_busbw;
}

// Minimizes f over [lo, hi] (on a log scale when `log_scale`): a grid of 25 points, then
// golden section between the best point's neighbours. Deterministic.
double search_1d(double lo, double hi, bool log_scale, const std::function<double(double)>& f) {
  auto to = [&](double u) { return log_scale ? std::exp(u) : u; };
  const double a0 = log_scale ? std::log(lo) : lo, b0 = log_scale ? std::log(hi) : hi;
  constexpr int kGrid = 25;
  double best_u = b0, best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < kGrid; ++i) {
    const double u = a0 + (b0 - a0) * i / (kGrid - 1);
    const double v = f(to(u));
    if (v < best) {
      best = v;
      best_u = u;
    }
  }
  const double step = (b0 - a0) / (kGrid - 1);
  double a = std::max(a0, best_u - step), b = std::min(b0, best_u + step);
  const double phi = (std::sqrt(5.0) - 1) / 2;
  double c = b - phi * (b - a), d = a + phi * (b - a);
  double fc = f(to(c)), fd = f(to(d));
  for (int it = 0; it < 18; ++it) {
    if (fc <= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - phi * (b - a);
      fc = f(to(c));
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + phi * (b - a);
      fd = f(to(d));
    }
  }
  const double u = fc <= fd ? c : d;
  // The grid's best point if the refinement did not beat it (a kink or a step in f).
  return std::min(fc, fd) <= best ? to(u) : to(best_u);
}

double sse_log(const report::CompareResult& r) {
  double s = 0;
  for (const auto& row : r.rows)
    if (row.busbw_error && 1 + *row.busbw_error > 0) {
      const double e = std::log(1 + *row.busbw_error);
      s += e * e;
    }
  return s;
}

NcclTestsLog subset(const NcclTestsLog& log, const std::set<long long>& sizes) {
  NcclTestsLog s = log;
  s.rows.clear();
  for (const auto& r : log.rows)
    if (sizes.count(r.size_bytes)) s.rows.push_back(r);
  return s;
}

std::vector<long long> as_vector(const std::set<long long>& s) { return {s.begin(), s.end()}; }

// One fit applied (see apply_network_calibration); returns its part of the summary line.
std::string apply_fit(const work::NetworkCalibration& cal, topo::Cluster& cluster, coll::NcclParams& params,
                      const std::vector<int>& ranks) {
  const std::string gpu_key = cluster.gpu_model(ranks.front()).key;
  if (cal.catalog_key_field && cal.catalog_key != gpu_key)
    throw cal.catalog_key_field->error("this network calibration was fitted on '" + cal.catalog_key + "' GPUs (" +
                                       cal.gpu_name + "), but these run on '" + gpu_key + "'");
  if (cal.system_field && cal.system != cluster.name())
    throw cal.system_field->error("this network calibration was fitted on the system '" + cal.system +
                                  "', not on '" + cluster.name() + "': fit one on this system's own nccl-tests log");
  std::string parts;
  auto add = [&](const std::string& s) { parts += (parts.empty() ? "" : ", ") + s; };
  for (const auto& [kind, eff] : cal.link_efficiency) {
    if (cluster.set_kind_efficiency(kind, eff) == 0) {
      const std::string msg = "the system '" + cluster.name() + "' has no link of kind '" + kind + "'";
      if (cal.link_fields.count(kind)) throw cal.link_fields.at(kind).key_error(msg);
      throw ScenarioError(cal.path, 0, 0, "network.link_efficiency", msg);
    }
    add(fmt::format("{} efficiency {:.4f}", kind, eff));
  }
  if (cal.nvls_bandwidth_share) add(fmt::format("NVLS share {:.4f}", *cal.nvls_bandwidth_share));
  for (const auto& [cls, scales] : cal.step_latency_scale)
    for (std::size_t k = 0; k < 3; ++k)
      if (scales[k]) add(fmt::format("{} {} step latency x{:.3f}", cls, coll::protocol_name(static_cast<coll::Protocol>(k)), *scales[k]));
  if (cal.ll_max_busbw)
    add(fmt::format("LL bound {:.1f} GB/s {}", *cal.ll_max_busbw / 1e9, cal.multi_node() ? "across nodes" : "inside a node"));
  apply_params(cal, params);
  return fmt::format("(fitted on {}: {}, {} ranks, {} to {} B): {}", cal.log_file, cal.op, cal.ranks,
                     static_cast<long long>(cal.min_bytes), static_cast<long long>(cal.max_bytes),
                     parts.empty() ? "nothing fitted" : parts);
}

// What plateau parameter the log's large sizes pin (net_fit.hpp's header).
enum class BwParam { none, link, nvls };

// What the fit settled, for the report's parameters.
struct FitDone {
  const work::NetworkCalibration& cal;
  BwParam bw_param;
  std::string bw_kind, bottleneck_text, latency_class;
  bool multi_node, fit_latency, fit_ll_bound;
  const std::array<std::set<long long>, 3>& by_protocol;
  const std::set<long long>& bandwidth_sizes;
  double bw_before, nvls_before, ll_before_bytes_per_s;  // the values the fit started from
};

// A protocol's fitted step-latency factor in the fit's latency class (nullopt: not fitted).
std::optional<double> latency_scale(const FitDone& f, std::size_t k) {
  auto it = f.cal.step_latency_scale.find(f.latency_class);
  return it == f.cal.step_latency_scale.end() ? std::nullopt : it->second[k];
}

// The report's fitted parameters, each with its range and whether it ended on a bound.
std::vector<report::NetFitParam> fitted_params(const FitDone& f) {
  std::vector<report::NetFitParam> out;
  const long long top = f.bandwidth_sizes.empty() ? 0 : *f.bandwidth_sizes.rbegin();
  if (f.bw_param == BwParam::link) {
    report::NetFitParam p;
    p.key = "link_efficiency." + f.bw_kind;
    p.meaning = fmt::format("efficiency of every {} link: the model's most utilized {}link at {} B ({}), so it sets the plateau",
                            f.bw_kind, f.multi_node ? "network " : "", top, f.bottleneck_text);
    p.before = f.bw_before;
    p.after = f.cal.link_efficiency.at(f.bw_kind);
    p.sizes = as_vector(f.bandwidth_sizes);
    p.lower = kShareLo, p.upper = kShareHi;
    p.bound = bound_hit(p.after, kShareLo, kShareHi, false);
    if (p.bound == report::FitBound::upper)
      p.note = "the measured plateau is above what these links reach in the model; the model's bottleneck is elsewhere";
    if (p.bound == report::FitBound::lower) p.note = "the measured plateau is far below these links";
    out.push_back(p);
  } else if (f.bw_param == BwParam::nvls) {
    report::NetFitParam p;
    p.key = "nvls_bandwidth_share";
    p.meaning = fmt::format("share of the NVLink capacity the NVLS kernel reaches: the model runs {} B as NVLS", top);
    p.before = f.nvls_before;
    p.after = *f.cal.nvls_bandwidth_share;
    p.sizes = as_vector(f.bandwidth_sizes);
    p.lower = kShareLo, p.upper = kShareHi;
    p.bound = bound_hit(p.after, kShareLo, kShareHi, false);
    if (p.bound == report::FitBound::upper) p.note = "the measured plateau is above the NVLink links' capacity in the model";
    if (p.bound == report::FitBound::lower) p.note = "the measured plateau is far below the NVLink links' capacity in the model";
    out.push_back(p);
  }
  const std::string class_text = f.latency_class == "network" ? "network" : f.latency_class == "nvlink" ? "NVLink" : "PCIe";
  for (std::size_t k = 0; f.fit_latency && k < 3; ++k) {
    const auto scale = latency_scale(f, k);
    if (!scale) continue;
    const char* name = coll::protocol_name(static_cast<coll::Protocol>(k));
    report::NetFitParam p;
    p.key = fmt::format("step_latency_scale.{}.{}", f.latency_class, kProtocolKeys[k]);
    p.meaning = fmt::format("factor on NCCL's {} per-step latencies (hwLat, ring and tree{}) of {} steps, which set "
                            "the time of the sizes the model runs with {}",
                            name, k == kSimple ? ", and the NVLS kernel's" : "", class_text, name);
    p.before = 1;
    p.after = *scale;
    p.sizes = as_vector(f.by_protocol[k]);
    p.lower = kScaleLo, p.upper = kScaleHi;
    p.bound = bound_hit(p.after, kScaleLo, kScaleHi, true);
    if (p.sizes.empty())
      p.note = fmt::format("no size of the log runs {} after the fit: the factor only moves NCCL's choice away from it", name);
    else if (p.bound != report::FitBound::none)
      p.note = "the measured time is outside what the step latency alone can reach "
               "(the call overhead and base latency are not fitted)";
    out.push_back(p);
  }
  if (f.fit_ll_bound) {
    report::NetFitParam p;
    p.key = "ll_max_busbw";
    p.meaning = fmt::format("the LL protocol's throughput bound on a ring {} (bus bandwidth; NCCL's tuner's llMaxBw role): "
                            "the SMs' store-and-poll rate of 16-byte lines, which sets how the LL sizes' time grows with the size",
                            f.multi_node ? "across nodes" : "inside one node");
    p.unit = "GB/s";
    p.before = f.ll_before_bytes_per_s / 1e9;
    p.after = *f.cal.ll_max_busbw / 1e9;
    p.sizes = as_vector(f.by_protocol[kLL]);
    p.lower = kLLBoundLo / 1e9, p.upper = kLLBoundHi / 1e9;
    p.bound = bound_hit(*f.cal.ll_max_busbw, kLLBoundLo, kLLBoundHi, true);
    if (p.bound == report::FitBound::upper)
      p.note = "the LL sizes' time does not grow faster than the links allow";
    if (p.bound == report::FitBound::lower)
      p.note = "the LL sizes' time grows faster than any LL bound the search reaches";
    out.push_back(p);
  }
  return out;
}

// What the log's shape leaves open, one sentence each (the report's "not determined").
std::vector<std::string> undetermined(const FitDone& f, const NcclTestsLog& log, const NetFitOptions& opt,
                                      const topo::GpuModel& gpu, const topo::Catalog& catalog) {
  std::vector<std::string> out;
  const std::string base_text = opt.base.empty() ? "" : " (the base file's fit, " + opt.base.front().path + ")";
  if (!f.multi_node)
    out.push_back(opt.base.empty()
                      ? "the NICs and the fabric: a one-node log sends no byte over the network"
                      : "the NICs and the fabric: a one-node log sends no byte over the network; taken from" + base_text);
  else
    out.push_back("the intra-node links (NVLink, PCIe) and their step latency: taken as " +
                  (opt.base.empty() ? std::string("the catalog's") : "fitted" + base_text));
  if (f.bandwidth_sizes.empty())
    out.push_back(fmt::format("every link efficiency: no size of the log is on the bandwidth plateau (time "
                              "proportional to size, at least 64 MiB or 4 x the smallest time, busbw "
                              "within 15% of its best); the largest is {} B",
                              log.rows.back().size_bytes));
  else if (f.bw_param == BwParam::none)
    out.push_back("the plateau's bottleneck: the model's busiest link at the largest size is no link kind "
                  "a calibration can set (a CPU's root complex)");
  if (f.bw_param == BwParam::nvls)
    out.push_back("the NVLink efficiency of the ring: the log's large sizes ran NVLS (the NVSwitch reduces), "
                  "which has its own share");
  if (f.bw_param == BwParam::link && !f.multi_node && gpu.scale_up && f.bw_kind != gpu.scale_up->kind)
    out.push_back("the NVLink efficiency: the plateau's bottleneck is " + f.bw_kind);
  if (f.bw_param == BwParam::link && !f.multi_node && catalog.link_kind(f.bw_kind).cls == topo::LinkClass::nvlink)
    out.push_back("the PCIe links: NCCL's rings ran over NVLink");
  if (!f.fit_latency)
    out.push_back("the per-step latencies: every size of the log is on the bandwidth plateau");
  for (std::size_t k = 0; f.fit_latency && k < 3; ++k)
    if (!latency_scale(f, k))
      out.push_back(fmt::format("the {} step latency: the model runs no size of the log with {}",
                                coll::protocol_name(static_cast<coll::Protocol>(k)),
                                coll::protocol_name(static_cast<coll::Protocol>(k))));
  if (f.fit_latency && !f.fit_ll_bound)
    out.push_back(f.by_protocol[kLL].size() < 3
                      ? "the LL throughput bound: fewer than 3 sizes of the log run LL in the model"
                      : "the LL throughput bound: the LL sizes fit as well without one (no bound binds there)");
  out.push_back("sizes outside the log's range: shown nowhere, not calibrated");
  return out;
}

// The written file's comments: each parameter before and after, and a bound it ended on.
std::vector<std::string> param_comments(const std::vector<report::NetFitParam>& params) {
  std::vector<std::string> out;
  for (const report::NetFitParam& p : params) {
    out.push_back(p.sizes.empty()
                      ? fmt::format("{}: {} -> {}, no size of the log runs with it", p.key,
                                    report::param_value_text(p, p.before), report::param_value_text(p, p.after))
                      : fmt::format("{}: {} -> {}, fitted on {} size{} {} to {} B", p.key,
                                    report::param_value_text(p, p.before), report::param_value_text(p, p.after),
                                    p.sizes.size(), p.sizes.size() == 1 ? "" : "s", p.sizes.front(), p.sizes.back()));
    if (p.bound != report::FitBound::none) out.push_back("warning: " + report::bound_warning(p));
  }
  return out;
}

// One fit of the network model to an nccl-tests log, one function per job (see the header):
// the system and the base checked, the log's sizes classified, the plateau's bottleneck
// found, the plateau and the latencies fitted in rounds, then the report and the file.
class NetFitter {
 public:
  // Checks the log against the system (operation, ranks, device) and applies the base's fits.
  NetFitter(const NcclTestsLog& log, const NetFitOptions& opt)
      : log_(log),
        opt_(opt),
        // The operation first: a log of another collective is the clearer error (as --compare).
        op_(log_operation(log, opt.asked_op)),
        cluster_(topo::load_system(opt.system_path, opt.nodes)),
        catalog_(cluster_->catalog()),
        multi_node_(cluster_->nodes() > 1) {
    const int gpn = cluster_->gpus_per_node();
    if (opt.gpus_per_node > gpn)
      throw ScenarioError("", 0, 0, "--gpus", "the system has " + std::to_string(gpn) + " GPUs per node, not " +
                                                 std::to_string(opt.gpus_per_node));
    per_node_ = opt.gpus_per_node > 0 ? opt.gpus_per_node : gpn;
    check_log_ranks(log, cluster_->nodes(), per_node_, gpn);
    forced_ = check_log_device(log, cluster_->gpu_model(0).name, cluster_->name(), opt.force_device);
    ranks_ = cluster_->first_gpus_of_each_node(per_node_);
    gpu_ = &cluster_->gpu_model(ranks_.front());
    // A base file's fits (--base: the other scope's) hold for the whole fit, in place of the
    // catalog's figures they replace.
    for (const work::NetworkCalibration& b : opt.base)
      if (b.multi_node() == multi_node_)
        throw b.log_field->error(std::string("--base: this file already fits a ") + (multi_node_ ? "multi-node" : "one-node") +
                                 " log (" + b.log_file + "); a base holds the other scope (fit a " +
                                 (multi_node_ ? "one-node" : "multi-node") + " log on top of it)");
    base_params_ = coll::NcclParams::load_default(cluster_->catalog().path());
    if (!opt.base.empty()) (void)apply_network_calibration(opt.base, *cluster_, base_params_, ranks_);
    latency_class_ = multi_node_ ? "network" : (gpu_->scale_up ? "nvlink" : "pcie");
  }

  NetFit fit() {
    start_calibration();
    report::NetFitResult& rep = out_.report;
    rep.system = cluster_->name();
    rep.log_path = log_.path;
    rep.nodes = cluster_->nodes();
    rep.gpus_per_node = per_node_;
    rep.before = simulate(cal_, log_);
    rep.before.forced_device = forced_;
    classify_sizes();
    find_bottleneck();
    bw_log_ = subset(log_, rep.bandwidth_sizes);
    lat_log_ = subset(log_, rep.latency_sizes);
    fit_latency_ = !rep.latency_sizes.empty();
    fit_bandwidth();
    fit_latencies();
    rep.after = simulate(cal_, log_);
    return finish();
  }

 private:
  // Decides the efficiency a link kind starts from: the base's fit, else the catalog's.
  double base_efficiency(const std::string& kind) const {
    for (const work::NetworkCalibration& b : opt_.base)
      if (b.link_efficiency.count(kind)) return b.link_efficiency.at(kind);
    return catalog_.link_kind(kind).efficiency;
  }

  // Decides what the calibration names (GPU, system, log, scope) and the ranks compared.
  void start_calibration() {
    cal_.path = "";
    cal_.gpu_name = gpu_->name;
    cal_.catalog_key = gpu_->key;
    cal_.system = cluster_->name();
    cal_.log_file = log_.path;
    cal_.op = coll::op_name(op_);
    cal_.ranks = log_.ranks;
    cal_.nodes = cluster_->nodes();
    cal_.gpus_per_node = per_node_;
    cal_.min_bytes = static_cast<double>(log_.rows.front().size_bytes);
    cal_.max_bytes = static_cast<double>(log_.rows.back().size_bytes);
    co_.request.ranks = ranks_;
    co_.asked_op = op_;  // the operation log_operation settled on (and not ambiguous again)
  }

  // The model with a candidate network section, on some of the log's sizes.
  report::CompareResult simulate(const work::NetworkCalibration& c, const NcclTestsLog& rows) {
    for (const auto& [kind, eff] : c.link_efficiency) cluster_->set_kind_efficiency(kind, eff);
    coll::NcclParams p = base_params_;
    apply_params(c, p);
    coll::Planner planner(*cluster_, p);
    report::CompareResult r = compare_with_log(*cluster_, planner, rows, co_);
    for (const auto& [kind, eff] : c.link_efficiency) cluster_->set_kind_efficiency(kind, base_efficiency(kind));
    return r;
  }

  // Decides the log's shape: the plateau (bandwidth) and the latency-bound sizes (see the header).
  void classify_sizes() {
    report::NetFitResult& rep = out_.report;
    double bus_max = 0;
    for (const auto& r : log_.rows) {
      if (r.out_of_place.time_us > 0) t_min_ = std::min(t_min_, r.out_of_place.time_us);
      bus_max = std::max(bus_max, r.out_of_place.busbw_gbps);
    }
    for (const auto& r : log_.rows) {
      const double t = r.out_of_place.time_us, bus = r.out_of_place.busbw_gbps;
      if (!(bus > 0)) continue;
      const bool size_bound = static_cast<double>(r.size_bytes) >= kPlateauBytes || t >= 4 * t_min_;
      if (size_bound && bus >= 0.85 * bus_max) rep.bandwidth_sizes.insert(r.size_bytes);
      else rep.latency_sizes.insert(r.size_bytes);
    }
  }

  // Decides what bottlenecks the plateau in the model: the most utilized link at the largest
  // size (across nodes: the most utilized network link), or NVLS; and the latency class.
  void find_bottleneck() {
    const report::NetFitResult& rep = out_.report;
    // That size once more with every link it uses listed (a report keeps the top 5, which
    // across nodes can all be NVLink).
    coll::Request req = co_.request;
    req.op = op_;
    req.bytes = static_cast<double>(rep.bandwidth_sizes.empty() ? log_.rows.back().size_bytes : *rep.bandwidth_sizes.rbegin());
    coll::Planner planner(*cluster_, base_params_);
    const report::SweepRow at = simulate_one(*cluster_, planner, req, co_.full_solve, std::numeric_limits<int>::max());
    bottleneck_text_ = at.algo;
    const bool nvls = at.algo == coll::algo_name(coll::Algo::nvls);
    for (const report::LinkUse& l : at.busiest) {
      if (l.kind == "cpu_transit") {
        if (!multi_node_) break;
        continue;
      }
      const topo::LinkClass cls = catalog_.link_kind(l.kind).cls;
      if (multi_node_ && cls != topo::LinkClass::network) continue;
      bw_kind_ = l.kind;
      if (!multi_node_) latency_class_ = topo::gpu_link(cls) ? "nvlink" : "pcie";
      break;
    }
    if (!rep.bandwidth_sizes.empty()) {
      if (nvls && !multi_node_) bw_param_ = BwParam::nvls;
      else if (!bw_kind_.empty()) bw_param_ = BwParam::link;
    }
  }

  // The plateau's error, and the whole log's at a thousandth of its weight: where the plateau
  // does not move with the parameter over a range (two nodes whose large sizes run the tree,
  // bound by the intra-node chain below some NIC efficiency), the other sizes settle it.
  double bandwidth_error(const work::NetworkCalibration& c) {
    return sse_log(simulate(c, bw_log_)) + 1e-3 * sse_log(simulate(c, log_));
  }

  // Decides the plateau's parameter: the bottleneck link's efficiency, or the NVLS share.
  void fit_bandwidth() {
    if (bw_param_ == BwParam::link) {
      cal_.link_efficiency[bw_kind_] = search_1d(kShareLo, kShareHi, false, [&](double e) {
        work::NetworkCalibration c = cal_;
        c.link_efficiency[bw_kind_] = e;
        return bandwidth_error(c);
      });
    } else if (bw_param_ == BwParam::nvls) {
      cal_.nvls_bandwidth_share = search_1d(kShareLo, kShareHi, false, [&](double s) {
        work::NetworkCalibration c = cal_;
        c.nvls_bandwidth_share = s;
        return bandwidth_error(c);
      });
    }
  }

  // Below the plateau, per protocol: the sizes the model runs with protocol p (at the current
  // parameters: the fit moves NCCL's choice) pin p's step latency factor; three or more LL
  // sizes also pin LL's throughput bound (the slope of time over size where LL runs).
  std::array<std::set<long long>, 3> sizes_by_protocol(const work::NetworkCalibration& c) {
    std::array<std::set<long long>, 3> by;
    for (const report::CompareRow& row : simulate(c, lat_log_).rows)
      if (row.busbw_error) by[protocol_index(row.simulated.protocol)].insert(row.size_bytes);
    return by;
  }

  double fit_on(const NcclTestsLog& rows, double lo, double hi,
                const std::function<void(work::NetworkCalibration&, double)>& set) {
    return search_1d(lo, hi, true, [&](double x) {
      work::NetworkCalibration c = cal_;
      set(c, x);
      return sse_log(simulate(c, rows));
    });
  }

  // LL's latency where its bound is fitted too: on the latency-bound LL sizes (time within
  // 1.5 x the log's smallest), whose time the bound hardly moves; else its smallest size.
  std::set<long long> ll_latency_sizes(const std::set<long long>& ll) const {
    std::set<long long> out;
    for (const auto& r : log_.rows)
      if (ll.count(r.size_bytes) && r.out_of_place.time_us <= 1.5 * t_min_) out.insert(r.size_bytes);
    if (out.empty()) out.insert(*ll.begin());
    return out;
  }

  // The fitted values, to stop once a round moves none of them by 0.1%.
  static std::vector<double> values(const work::NetworkCalibration& c) {
    std::vector<double> v;
    for (const auto& [kind, e] : c.link_efficiency) v.push_back(e);
    for (const auto& [cls, scales] : c.step_latency_scale)
      for (const auto& x : scales) v.push_back(x.value_or(1));
    v.push_back(c.nvls_bandwidth_share.value_or(1));
    v.push_back(c.ll_max_busbw.value_or(0));
    return v;
  }

  // Decides the latencies in rounds (the protocol choice moves with the fit: reassign and
  // refit, at most kRounds), then which protocol each latency-bound size ran.
  void fit_latencies() {
    constexpr int kRounds = 8;
    for (int round = 0; fit_latency_ && round < kRounds; ++round)
      if (!latency_round()) break;
    if (fit_latency_) by_protocol_ = sizes_by_protocol(cal_);
    for (std::size_t k = 0; k < 3; ++k)
      for (long long size : by_protocol_[k])
        out_.report.latency_protocol[size] = coll::protocol_name(static_cast<coll::Protocol>(k));
  }

  // Decides one round's step-latency factors, LL's bound (kept only when it fits better) and
  // the plateau again; whether any fitted value moved by more than 0.1%.
  bool latency_round() {
    const std::vector<double> before = values(cal_);
    by_protocol_ = sizes_by_protocol(cal_);
    const bool ll_bound = by_protocol_[kLL].size() >= 3;
    for (std::size_t k = 0; k < 3; ++k) {
      if (by_protocol_[k].empty()) continue;
      const NcclTestsLog rows = k == kLL && ll_bound ? subset(log_, ll_latency_sizes(by_protocol_[kLL])) : lat_log_;
      cal_.step_latency_scale[latency_class_][k] =
          fit_on(rows, kScaleLo, kScaleHi, [&](work::NetworkCalibration& c, double x) { c.step_latency_scale[latency_class_][k] = x; });
    }
    if (ll_bound) {
      cal_.ll_max_busbw = fit_on(lat_log_, kLLBoundLo, kLLBoundHi, [](work::NetworkCalibration& c, double x) { c.ll_max_busbw = x; });
      // A bound that binds nowhere is not determined: the search only found where it stops
      // binding. Kept only when the log fits better with it than without.
      work::NetworkCalibration unbounded = cal_;
      unbounded.ll_max_busbw.reset();
      const double with = sse_log(simulate(cal_, lat_log_)), without = sse_log(simulate(unbounded, lat_log_));
      fit_ll_bound_ = without > with * (1 + 1e-6) + 1e-12;
      if (!fit_ll_bound_) cal_.ll_max_busbw.reset();
    }
    if (bw_param_ != BwParam::none) fit_bandwidth();
    const std::vector<double> after = values(cal_);
    bool moved = after.size() != before.size();
    for (std::size_t i = 0; !moved && i < after.size(); ++i) moved = std::abs(after[i] - before[i]) > 1e-3 * std::abs(before[i]);
    return moved;
  }

  // Decides the report's parameters and what the log leaves open, and the file: the base's
  // fits and this one, the one-node fit first.
  NetFit finish() {
    report::NetFitResult& rep = out_.report;
    {
      FitDone done{cal_, bw_param_, bw_kind_, bottleneck_text_, latency_class_, multi_node_, fit_latency_, fit_ll_bound_,
                   by_protocol_, rep.bandwidth_sizes, bw_param_ == BwParam::link ? base_efficiency(bw_kind_) : 0,
                   base_params_.nvls.share_for(gpu_->arch.size() > 3 ? std::atoi(gpu_->arch.c_str() + 3) : 0),
                   base_params_.protocols[kLL].max_busbw_bytes_per_s[multi_node_ ? 1 : 0]};
      rep.params = fitted_params(done);
      rep.undetermined = undetermined(done, log_, opt_, *gpu_, catalog_);
    }
    for (const std::string& c : param_comments(rep.params)) cal_.comments.push_back(c);
    std::vector<work::NetworkCalibration> fits = opt_.base;
    fits.push_back(cal_);
    std::stable_sort(fits.begin(), fits.end(), [](const auto& a, const auto& b) { return !a.multi_node() && b.multi_node(); });
    out_.yaml = work::network_calibration_to_yaml(fits);
    out_.calibration = std::move(cal_);
    return std::move(out_);
  }

  const NcclTestsLog& log_;
  const NetFitOptions& opt_;
  const coll::Op op_;
  std::unique_ptr<topo::Cluster> cluster_;
  const topo::Catalog& catalog_;
  const bool multi_node_;
  int per_node_ = 0;
  std::string forced_;
  std::vector<int> ranks_;
  const topo::GpuModel* gpu_ = nullptr;
  coll::NcclParams base_params_;
  work::NetworkCalibration cal_;
  CompareOptions co_;
  NetFit out_;
  double t_min_ = std::numeric_limits<double>::infinity();
  BwParam bw_param_ = BwParam::none;
  std::string bw_kind_, latency_class_, bottleneck_text_;
  NcclTestsLog bw_log_, lat_log_;
  bool fit_latency_ = false, fit_ll_bound_ = false;
  std::array<std::set<long long>, 3> by_protocol_;
};

}  // namespace

std::string apply_network_calibration(const std::vector<work::NetworkCalibration>& fits, topo::Cluster& cluster,
                                      coll::NcclParams& params, const std::vector<int>& ranks) {
  std::string out = fits.empty() ? std::string() : fits.front().path;
  for (std::size_t i = 0; i < fits.size(); ++i) out += (i == 0 ? " " : "; ") + apply_fit(fits[i], cluster, params, ranks);
  return out;
}

NetFit fit_network(const NcclTestsLog& log, const NetFitOptions& opt) { return NetFitter(log, opt).fit(); }

}  // namespace simtrain::drive
