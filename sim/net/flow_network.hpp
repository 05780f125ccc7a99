// The flow-level network: flows of bytes over directed links, at max-min fair rates.
//
// A flow is (links it crosses with their multiplicities, bytes). Every directed link is one
// MaxMinSystem link whose capacity is the effective bytes/s of that direction (peak times
// protocol efficiency; a full-duplex physical link is two of them). When flows start or
// finish, the executor calls resolve(now) once per instant: the touched components are
// re-solved, each flow whose rate changed is advanced to `now` at its old rate and given a
// new completion time (and a new generation, so the stale completion event is dropped).
// Link statistics integrate each link's load over time: bytes carried, busy time at full
// load, for utilization reports.
//
// Latency is not here: a transfer's latency (per hop, per protocol step) is added by the
// task that owns the flows, so this layer is pure bandwidth sharing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "base/time.hpp"
#include "net/maxmin.hpp"

namespace simtrain::net {

using FlowId = std::uint32_t;

struct LinkUse {
  LinkId link;
  double coeff;  // how many times the flow's bytes cross this directed link
};

class FlowNetwork {
 public:
  // One entry per directed link: effective capacity in bytes/s.
  explicit FlowNetwork(const std::vector<double>& capacities_bytes_per_s, bool full_solve = false);

  // Starts a flow of `bytes` (> 0) over `path` (non-empty) at time `now`.
  FlowId start_flow(std::span<const LinkUse> path, double bytes, TimePs now);
  // Ends a flow (its completion event fired, or it is abandoned).
  void end_flow(FlowId flow, TimePs now);

  struct Reschedule {
    FlowId flow;
    TimePs finish;
    std::uint64_t generation;
  };
  // Re-solves rates after this instant's changes; returns flows with new completion times.
  const std::vector<Reschedule>& resolve(TimePs now);

  std::uint64_t generation(FlowId flow) const { return flows_[flow].generation; }
  double rate(FlowId flow) const { return system_.rate(flow); }

  // Brings link statistics up to `now` (call once at the end of a run).
  void finalize(TimePs now);
  std::size_t link_count() const { return link_stats_.size(); }
  double capacity(LinkId link) const { return system_.capacity(link); }
  // Bytes that crossed the link so far.
  double link_bytes(LinkId link) const { return link_stats_[link].bytes; }
  // Time during which the link had any traffic, in ps.
  TimePs link_active_ps(LinkId link) const { return link_stats_[link].active_ps; }
  std::uint64_t solves() const { return solves_; }

 private:
  struct Flow {
    double remaining = 0;
    double rate = 0;  // bytes/s in force since last_update
    TimePs last_update = 0;
    std::uint64_t generation = 0;
    bool active = false;
  };
  struct LinkStats {
    double bytes = 0;
    TimePs active_ps = 0;
    double load = 0;  // bytes/s since `since`
    TimePs since = 0;
  };
  void account_link(LinkId link, TimePs now);

  MaxMinSystem system_;
  bool full_solve_;
  std::vector<Flow> flows_;
  std::vector<LinkStats> link_stats_;
  std::vector<Reschedule> reschedules_;
  std::uint64_t solves_ = 0;
};

}  // namespace simtrain::net
