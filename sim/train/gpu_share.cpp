#include "train/gpu_share.hpp"

#include <algorithm>
#include <stdexcept>

namespace simtrain::train {

CommHold comm_hold(const coll::Plan& plan, coll::Op op, double bytes) {
  CommHold h;
  h.sms = plan.sms_per_rank;
  const double n = plan.ranks;
  if (n <= 1 || bytes <= 0 || plan.estimate_ps <= 0) return h;
  double received = 0, factor = 2;
  switch (op) {
    case coll::Op::all_reduce: received = 2 * (n - 1) / n * bytes; factor = 3; break;
    case coll::Op::reduce_scatter: received = (n - 1) / n * bytes; factor = 3; break;
    case coll::Op::all_gather: received = (n - 1) / n * bytes; break;
    case coll::Op::broadcast: received = bytes; break;
    case coll::Op::all_to_all: received = (n - 1) / n * bytes; break;  // read to send, written on receipt
  }
  h.hbm_bytes_per_s = factor * received / ps_to_seconds(plan.estimate_ps);
  return h;
}

GpuShare::GpuShare(engine::TaskGraph& g, std::size_t ranks, const std::vector<CommHold>& streams) : g_(g) {
  for (std::size_t k = 0; k < ranks; ++k) devices_.push_back(g.add_device("gpu" + std::to_string(k)));
  // Every subset of the streams running at once; one level per distinct SM count (the larger
  // HBM draw where two subsets hold the same SMs).
  std::map<int, double> by_sms{{0, 0.0}};
  const std::size_t m = std::min<std::size_t>(streams.size(), 8);
  for (std::size_t mask = 1; mask < (std::size_t{1} << m); ++mask) {
    int sms = 0;
    double hbm = 0;
    for (std::size_t i = 0; i < m; ++i)
      if (mask & (std::size_t{1} << i)) {
        sms += streams[i].sms;
        hbm += streams[i].hbm_bytes_per_s;
      }
    if (sms <= 0) continue;
    double& h = by_sms[sms];
    h = std::max(h, hbm);
  }
  for (const auto& [sms, hbm] : by_sms) levels_.push_back(work::Contention{sms, hbm});
}

std::vector<TimePs> GpuShare::at_levels(const std::function<TimePs(const work::Contention&)>& time) const {
  std::vector<TimePs> out;
  out.reserve(levels_.size());
  for (const work::Contention& c : levels_) {
    // Never faster than with the GPU to itself, whatever the kernel model says.
    out.push_back(out.empty() ? time(c) : std::max(out.front(), time(c)));
  }
  return out;
}

engine::CurveId GpuShare::curve(const std::vector<TimePs>& at) {
  if (at.size() != levels_.size()) throw std::logic_error("a duration per contention level");
  auto it = curves_.find(at);
  if (it != curves_.end()) return it->second;
  std::vector<engine::CurvePoint> pts;
  for (std::size_t i = 0; i < at.size(); ++i) pts.push_back(engine::CurvePoint{levels_[i].sms_held, at[i]});
  return curves_.emplace(at, g_.add_curve(std::move(pts))).first->second;
}

engine::TaskId GpuShare::emit(const coll::Plan& plan, std::span<const engine::TaskId> deps, const std::string& label,
                              std::uint32_t category, engine::ServerId stream, const std::vector<std::size_t>& ranks) {
  const auto first = static_cast<engine::TaskId>(g_.size());
  const engine::TaskId last = coll::emit(plan, g_, deps, label, category, stream);
  const int sms = plan.sms_per_rank;
  if (sms <= 0) return last;
  auto it = groups_.find(ranks);
  if (it == groups_.end()) {
    std::vector<engine::DeviceId> d;
    d.reserve(ranks.size());
    for (std::size_t r : ranks) d.push_back(devices_.at(r));
    it = groups_.emplace(ranks, g_.add_device_group(std::move(d))).first;
  }
  for (engine::TaskId t = first; t <= last; ++t)
    if (g_.task(t).kind == engine::TaskKind::transfer) g_.hold(t, it->second, sms);
  return last;
}

TimePs autocast_cast_time(const work::CostModel& cost, const work::Op& op, const work::Contention& c) {
  const double w = cost.gpu().memory_bandwidth_bytes_per_s * cost.calibration().memory;
  const double free = std::max(0.1 * w, w - c.hbm_bytes_per_s);
  return seconds_to_ps(6.0 * static_cast<double>(op.params) / free) + cost.calibration().launch_ps;
}

void add_to(std::vector<TimePs>& sum, const std::vector<TimePs>& x) {
  if (sum.empty()) sum.assign(x.size(), 0);
  for (std::size_t i = 0; i < x.size(); ++i) sum[i] += x[i];
}

}  // namespace simtrain::train
