// The GPU as shared resources, from the strategies' side (docs/model/software.md;
// the engine's half is in engine/task_graph.hpp).
//
// Each rank's compute stream runs on its GPU, an engine device whose units are SMs. A
// collective's kernel holds `sms_per_rank` SMs (one CTA per NCCL channel, never shared with
// compute; NVIDIA/nccl#689) on every GPU of its group from its start to its end, and moves its
// bytes through HBM. Per rank, the bytes it receives are written into its HBM by the peer,
// read back, and (for a reduction) combined with a read of the local contribution and a
// write of the result; what it sends is read once more:
//     HBM bytes per rank = h * received bytes,   h = 3 for reductions, 2 for gathers
// (assumption from NCCL's ring protocol, which stages every chunk in the receiver's FIFO
// buffers in device memory; NVLS reductions in the switch are counted the same way). Spread
// over the collective's isolated duration and over its SMs, that is an HBM draw per held SM.
//
// While collectives hold s SMs on a GPU, a compute kernel there runs on SMs - s at the HBM
// bandwidth left (work/cost.hpp's Contention decides how long it then takes: waves of tiles,
// memory-bound passes). Compute work is timed by the cost model at a few levels of s — 0 and
// every sum of SMs that the step's concurrent collective streams can hold at once — and the
// engine interpolates between them as holds come and go.
#pragma once

#include <functional>
#include <map>
#include <vector>

#include "coll/collective.hpp"
#include "engine/task_graph.hpp"
#include "work/cost.hpp"

namespace simtrain::train {

// What one stream of collectives holds on each of its ranks' GPUs while one runs.
struct CommHold {
  int sms = 0;
  double hbm_bytes_per_s = 0;
};

// A representative collective's hold: its plan's SMs, and its HBM draw over its isolated time.
CommHold comm_hold(const coll::Plan& plan, coll::Op op, double bytes);

class GpuShare {
 public:
  // One device per rank; `streams`: the collective streams that can run at the same time
  // (DDP: one; FSDP: all-gathers and reduce-scatters).
  GpuShare(engine::TaskGraph& g, std::size_t ranks, const std::vector<CommHold>& streams);

  engine::DeviceId device(std::size_t rank) const { return devices_[rank]; }
  // The levels of contention compute is timed at; levels()[0] is the GPU alone.
  const std::vector<work::Contention>& levels() const { return levels_; }
  // Durations at every level of `time(contention)`.
  std::vector<TimePs> at_levels(const std::function<TimePs(const work::Contention&)>& time) const;
  // The engine curve of a duration vector (one per level), shared by identical vectors.
  engine::CurveId curve(const std::vector<TimePs>& at_levels);
  // Emits a collective (coll::emit) whose every phase holds the plan's SMs on the GPUs of
  // `ranks` (rank indices, as for device(), sorted) while it runs. Returns its last task.
  engine::TaskId emit(const coll::Plan& plan, std::span<const engine::TaskId> deps, const std::string& label,
                      std::uint32_t category, engine::ServerId stream, const std::vector<std::size_t>& ranks);

 private:
  engine::TaskGraph& g_;
  std::vector<engine::DeviceId> devices_;
  std::vector<work::Contention> levels_;
  std::map<std::vector<TimePs>, engine::CurveId> curves_;
  std::map<std::vector<std::size_t>, engine::GroupId> groups_;
};

// Eager autocast's re-cast of an op's fp32 weight to half precision in every forward: one
// memory-bound kernel reading 4 and writing 2 bytes per parameter, at the HBM left to it.
TimePs autocast_cast_time(const work::CostModel& cost, const work::Op& op, const work::Contention& c);

// Sums duration vectors element by element.
void add_to(std::vector<TimePs>& sum, const std::vector<TimePs>& x);

}  // namespace simtrain::train
