#include "coll/ring_order.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace simtrain::coll {
namespace {

class Scorer {
 public:
  Scorer(const topo::Cluster& c, const std::vector<int>* prior = nullptr)
      : c_(c), count_(c.directed_link_count(), 0), prior_(prior) {}

  OrderScore score(const std::vector<topo::Vertex>& m, const std::vector<int>& order, bool closed,
                   topo::Vertex entry, topo::Vertex exit) {
    touched_.clear();
    int hops = 0;
    bool broken = false;
    auto add = [&](topo::Vertex a, topo::Vertex b) {
      if (a == b) return;
      const topo::Route& r = c_.route(a, b);
      if (r.links.empty()) broken = true;
      hops += r.hops();
      for (auto l : r.links) {
        if (count_[l]++ == 0) touched_.push_back(l);
      }
    };
    if (entry != kNoVertex) add(entry, m[static_cast<std::size_t>(order.front())]);
    for (std::size_t i = 0; i + 1 < order.size(); ++i)
      add(m[static_cast<std::size_t>(order[i])], m[static_cast<std::size_t>(order[i + 1])]);
    if (closed && order.size() > 1)
      add(m[static_cast<std::size_t>(order.back())], m[static_cast<std::size_t>(order.front())]);
    if (exit != kNoVertex) add(m[static_cast<std::size_t>(order.back())], exit);
    double bottleneck = std::numeric_limits<double>::infinity();
    for (auto l : touched_) {
      const int load = count_[l] + (prior_ ? (*prior_)[l] : 0);
      bottleneck = std::min(bottleneck, c_.link(l).capacity_bytes_per_s / load);
      count_[l] = 0;
    }
    if (broken) bottleneck = 0;
    return OrderScore{bottleneck, hops};
  }

 private:
  const topo::Cluster& c_;
  std::vector<int> count_;
  const std::vector<int>* prior_;
  std::vector<net::LinkId> touched_;
};

bool better(const OrderScore& a, const OrderScore& b) {
  // Relative tolerance so that rounding in capacities never flips a choice.
  if (a.bottleneck_bytes_per_s > b.bottleneck_bytes_per_s * (1 + 1e-9)) return true;
  if (a.bottleneck_bytes_per_s < b.bottleneck_bytes_per_s * (1 - 1e-9)) return false;
  return a.hops < b.hops;
}

}  // namespace

OrderScore score_order(const topo::Cluster& c, const std::vector<topo::Vertex>& members,
                       const std::vector<int>& order, bool closed, topo::Vertex entry,
                       topo::Vertex exit) {
  Scorer s(c);
  return s.score(members, order, closed, entry, exit);
}

std::vector<int> best_order(const topo::Cluster& c, const std::vector<topo::Vertex>& members,
                            bool closed, int first, int last, topo::Vertex entry,
                            topo::Vertex exit, const std::vector<int>* prior) {
  const int n = static_cast<int>(members.size());
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  if (n <= 2) {
    if (n == 2 && (first == 1 || (first < 0 && last == 0))) std::swap(order[0], order[1]);
    return order;
  }
  // A closed ring is invariant under rotation: pin member 0 first unless told otherwise.
  if (closed && first < 0) first = 0;
  std::vector<int> head, tail, free_ids;
  if (first >= 0) head.push_back(first);
  if (last >= 0 && last != first) tail.push_back(last);
  for (int i = 0; i < n; ++i)
    if (i != first && i != last) free_ids.push_back(i);

  Scorer scorer(c, prior);
  auto assemble = [&](const std::vector<int>& mid) {
    std::vector<int> o = head;
    o.insert(o.end(), mid.begin(), mid.end());
    o.insert(o.end(), tail.begin(), tail.end());
    return o;
  };
  if (free_ids.size() <= 8) {
    std::vector<int> mid = free_ids;  // ascending: next_permutation visits all
    std::vector<int> best = assemble(mid);
    OrderScore best_score = scorer.score(members, best, closed, entry, exit);
    while (std::next_permutation(mid.begin(), mid.end())) {
      std::vector<int> o = assemble(mid);
      OrderScore s = scorer.score(members, o, closed, entry, exit);
      if (better(s, best_score)) {
        best_score = s;
        best = std::move(o);
      }
    }
    return best;
  }
  // Greedy: from the head (or member 0), always go to the widest, then nearest, next member.
  std::vector<int> o = head.empty() ? std::vector<int>{free_ids.front()} : head;
  std::vector<char> used(static_cast<std::size_t>(n), 0);
  for (int x : o) used[static_cast<std::size_t>(x)] = 1;
  for (int x : tail) used[static_cast<std::size_t>(x)] = 1;
  while (static_cast<int>(o.size() + tail.size()) < n) {
    const topo::Vertex from = members[static_cast<std::size_t>(o.back())];
    int pick = -1;
    double pick_bw = -1;
    int pick_hops = 0;
    for (int i = 0; i < n; ++i) {
      if (used[static_cast<std::size_t>(i)]) continue;
      const topo::Route& r = c.route(from, members[static_cast<std::size_t>(i)]);
      if (r.bottleneck_bytes_per_s > pick_bw * (1 + 1e-9) ||
          (r.bottleneck_bytes_per_s >= pick_bw * (1 - 1e-9) && r.hops() < pick_hops)) {
        pick = i;
        pick_bw = r.bottleneck_bytes_per_s;
        pick_hops = r.hops();
      }
    }
    used[static_cast<std::size_t>(pick)] = 1;
    o.push_back(pick);
  }
  o.insert(o.end(), tail.begin(), tail.end());
  return o;
}

}  // namespace simtrain::coll
