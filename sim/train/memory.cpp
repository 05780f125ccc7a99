#include "train/memory.hpp"

#include <algorithm>

namespace simtrain::train {

double zero_model_state_bytes(ZeroStage stage, double params, int ranks, double k) {
  const double n = static_cast<double>(ranks);
  switch (stage) {
    case ZeroStage::none: return (2 + 2 + k) * params;
    case ZeroStage::os: return 2 * params + 2 * params + k * params / n;
    case ZeroStage::os_g: return 2 * params + (2 + k) * params / n;
    case ZeroStage::os_g_p: return (2 + 2 + k) * params / n;
  }
  return 0;
}

double deepspeed_zero2_estimate(double params, int ranks, bool offload_optimizer) {
  if (offload_optimizer) return 2 * params;
  return 4 * params + static_cast<double>(static_cast<long long>(16 * params / ranks));
}

double deepspeed_zero3_estimate(double params, double largest_layer_params, int ranks, bool offload_optimizer,
                                bool offload_params) {
  const double largest = 4 * largest_layer_params;
  if (offload_optimizer && offload_params) return largest;
  if (offload_optimizer) return largest + static_cast<double>(static_cast<long long>(2 * params / ranks));
  return largest + static_cast<double>(static_cast<long long>(18 * params / ranks));
}

HostMemoryVerdict host_memory_verdict(const MemoryPlan& plan, double ranks_per_node, double host_memory_bytes) {
  HostMemoryVerdict v;
  v.offload_bytes_per_node = plan.host_bytes * ranks_per_node;
  v.capacity_bytes = host_memory_bytes;
  v.oom = v.capacity_bytes > 0 && v.offload_bytes_per_node > v.capacity_bytes;
  return v;
}

int MemoryPlan::add_part(const std::string& name) {
  for (std::size_t i = 0; i < dynamic_parts.size(); ++i)
    if (dynamic_parts[i] == name) return static_cast<int>(i);
  dynamic_parts.push_back(name);
  return static_cast<int>(dynamic_parts.size() - 1);
}

namespace {
struct Timed {
  TimePs time;
  int order;  // frees (0) before allocations (1) at one instant
  std::size_t index;
};

// The plan's events in the order they are replayed: by time, frees before allocations at one
// instant, then in plan order.
std::vector<Timed> replay_order(const MemoryPlan& plan, const std::vector<engine::TaskRecord>& records) {
  std::vector<Timed> timed;
  timed.reserve(plan.events.size());
  for (std::size_t i = 0; i < plan.events.size(); ++i) {
    const MemEvent& e = plan.events[i];
    const TimePs t = e.at_end ? records[e.task].end : records[e.task].start;
    timed.push_back(Timed{t, e.bytes < 0 ? 0 : 1, i});
  }
  std::stable_sort(timed.begin(), timed.end(), [](const Timed& a, const Timed& b) {
    if (a.time != b.time) return a.time < b.time;
    return a.order < b.order;
  });
  return timed;
}

double static_total(const MemoryPlan& plan) {
  double base = 0;
  for (const auto& [name, bytes] : plan.static_parts) base += bytes;
  return base;
}
}  // namespace

std::vector<MemorySample> memory_timeline(const MemoryPlan& plan, const std::vector<engine::TaskRecord>& records) {
  double total = static_total(plan);
  std::vector<MemorySample> out;
  out.reserve(plan.events.size() + 1);
  out.push_back(MemorySample{0, total * (1 + plan.slack)});
  for (const Timed& t : replay_order(plan, records)) {
    total += plan.events[t.index].bytes;
    out.push_back(MemorySample{t.time, total * (1 + plan.slack)});
  }
  return out;
}

MemoryPeak find_peak(const MemoryPlan& plan, const engine::TaskGraph& graph,
                     const std::vector<engine::TaskRecord>& records) {
  const std::vector<Timed> timed = replay_order(plan, records);
  const double base = static_total(plan);
  std::vector<double> live(plan.dynamic_parts.size(), 0.0), at_peak = live;
  double total = base, peak = base;
  std::size_t peak_event = static_cast<std::size_t>(-1);
  for (const Timed& t : timed) {
    const MemEvent& e = plan.events[t.index];
    live[static_cast<std::size_t>(e.part)] += e.bytes;
    total += e.bytes;
    if (total > peak) {
      peak = total;
      at_peak = live;
      peak_event = t.index;
    }
  }
  MemoryPeak out;
  out.breakdown = plan.static_parts;
  for (std::size_t i = 0; i < plan.dynamic_parts.size(); ++i)
    out.breakdown.emplace_back(plan.dynamic_parts[i], std::max(0.0, at_peak[i]));
  out.breakdown.emplace_back("allocator_slack", peak * plan.slack);
  out.peak_bytes = peak * (1 + plan.slack);
  out.at_task = peak_event == static_cast<std::size_t>(-1) ? "(static)" : graph.task(plan.events[peak_event].task).label;
  if (peak_event != static_cast<std::size_t>(-1) && plan.stream != engine::kNoServer) {
    // Name the kernel work running on the compute stream at that instant (the allocation may
    // belong to a communication task that prefetches for it).
    const MemEvent& e = plan.events[peak_event];
    const TimePs t = e.at_end ? records[e.task].end : records[e.task].start;
    for (engine::TaskId id = 0; id < graph.size(); ++id) {
      if (graph.task(id).server != plan.stream) continue;
      const bool covers = e.at_end ? (records[id].start < t && t <= records[id].end)
                                   : (records[id].start <= t && t < records[id].end);
      if (covers) {
        out.at_task = graph.task(id).label;
        break;
      }
    }
  }
  return out;
}

}  // namespace simtrain::train
