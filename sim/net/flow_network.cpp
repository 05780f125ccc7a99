#include "net/flow_network.hpp"

#include <stdexcept>

namespace simtrain::net {

FlowNetwork::FlowNetwork(const std::vector<double>& capacities_bytes_per_s, bool full_solve)
    : full_solve_(full_solve) {
  for (double c : capacities_bytes_per_s) system_.add_link(c);
  link_stats_.resize(capacities_bytes_per_s.size());
}

FlowId FlowNetwork::start_flow(std::span<const LinkUse> path, double bytes, TimePs now) {
  if (path.empty()) throw std::invalid_argument("a flow must cross at least one link");
  if (!(bytes > 0)) throw std::invalid_argument("a flow must carry a positive number of bytes");
  FlowId id = system_.add_variable();
  for (const auto& u : path) system_.expand(id, u.link, u.coeff);
  if (id >= flows_.size()) flows_.resize(id + 1);
  Flow& f = flows_[id];
  f.remaining = bytes;
  f.rate = 0;
  f.last_update = now;
  ++f.generation;
  f.active = true;
  return id;
}

void FlowNetwork::end_flow(FlowId flow, TimePs /*now*/) {
  Flow& f = flows_[flow];
  if (!f.active) return;
  f.active = false;
  f.remaining = 0;
  ++f.generation;
  system_.remove_variable(flow);
}

void FlowNetwork::account_link(LinkId link, TimePs now) {
  LinkStats& s = link_stats_[link];
  if (now > s.since && s.load > 0) {
    s.bytes += s.load * ps_to_seconds(now - s.since);
    s.active_ps += now - s.since;
  }
  s.since = now;
}

const std::vector<FlowNetwork::Reschedule>& FlowNetwork::resolve(TimePs now) {
  reschedules_.clear();
  ++solves_;
  const auto& changed = system_.solve(full_solve_);
  // Integrate a link's load only where it changes, so full and incremental solves sum the
  // same pieces and their statistics stay bit-identical.
  for (LinkId l : system_.touched_links()) {
    if (system_.load(l) == link_stats_[l].load) continue;
    account_link(l, now);
    link_stats_[l].load = system_.load(l);
  }
  for (FlowId id : changed) {
    Flow& f = flows_[id];
    if (!f.active) continue;
    // Progress since the last change, at the rate that was in force.
    if (now > f.last_update) {
      f.remaining -= f.rate * ps_to_seconds(now - f.last_update);
      if (f.remaining < 0) f.remaining = 0;
    }
    f.last_update = now;
    f.rate = system_.rate(id);
    ++f.generation;
    TimePs d = duration_for_bytes(f.remaining, f.rate);
    TimePs finish = d == kNever ? kNever : now + d;
    reschedules_.push_back(Reschedule{id, finish, f.generation});
  }
  return reschedules_;
}

void FlowNetwork::finalize(TimePs now) {
  for (LinkId l = 0; l < link_stats_.size(); ++l) account_link(l, now);
}

}  // namespace simtrain::net
