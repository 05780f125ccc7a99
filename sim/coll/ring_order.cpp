#include "coll/ring_order.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <mutex>
#include <numeric>
#include <string>
#include <unordered_map>

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

// The exhaustive search's answer is a function of what the scorer reads and nothing else: the
// flags, and for every pair of endpoints it may join (members both ways, entry -> member,
// member -> exit) whether the route is empty, its hops and its links, and for every such link
// its capacity and prior crossings. This key writes all of that down, the links numbered by
// first appearance (the scorer only counts crossings of one link and divides its capacity, so
// the numbering does not matter), so equal keys have equal answers: a sweep's points on the
// same node type, and node k's groups, search once. The whole key is compared, not a hash.
std::string search_key(const topo::Cluster& c, const std::vector<topo::Vertex>& members, bool closed, int first,
                       int last, topo::Vertex entry, topo::Vertex exit, const std::vector<int>* prior) {
  std::string key;
  auto put = [&](const auto& x) { key.append(reinterpret_cast<const char*>(&x), sizeof x); };
  const int n = static_cast<int>(members.size());
  put(n);
  put(static_cast<char>(closed));
  put(first);
  put(last);
  put(static_cast<char>(entry != kNoVertex));
  put(static_cast<char>(exit != kNoVertex));
  std::unordered_map<net::LinkId, int> label;
  std::vector<net::LinkId> links;
  auto pair = [&](topo::Vertex a, topo::Vertex b) {
    if (a == b) {
      put(-1);
      return;
    }
    const topo::Route& r = c.route(a, b);
    put(r.hops());
    put(static_cast<int>(r.links.size()));
    for (net::LinkId l : r.links) {
      auto [it, fresh] = label.emplace(l, static_cast<int>(links.size()));
      if (fresh) links.push_back(l);
      put(it->second);
    }
  };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) pair(members[static_cast<std::size_t>(i)], members[static_cast<std::size_t>(j)]);
  if (entry != kNoVertex)
    for (topo::Vertex m : members) pair(entry, m);
  if (exit != kNoVertex)
    for (topo::Vertex m : members) pair(m, exit);
  for (net::LinkId l : links) {
    put(c.link(l).capacity_bytes_per_s);
    put(prior ? (*prior)[l] : 0);
  }
  return key;
}

// Answers shared by every run in the process (sweep points run on worker threads).
class SearchCache {
 public:
  bool find(const std::string& key, std::vector<int>& out) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = map_.find(key);
    if (it == map_.end()) return false;
    out = it->second;
    return true;
  }
  void put(std::string key, const std::vector<int>& order) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (map_.size() >= kMaxEntries) map_.clear();  // keeps memory bounded; answers are recomputed
    map_.emplace(std::move(key), order);
  }

 private:
  static constexpr std::size_t kMaxEntries = 4096;
  std::mutex mutex_;
  std::unordered_map<std::string, std::vector<int>> map_;
};

SearchCache& search_cache() {
  static SearchCache cache;
  return cache;
}

}  // namespace

OrderScore score_order(const topo::Cluster& c, const std::vector<topo::Vertex>& members,
                       const std::vector<int>& order, bool closed, topo::Vertex entry,
                       topo::Vertex exit) {
  Scorer s(c);
  return s.score(members, order, closed, entry, exit);
}

namespace {

std::vector<int> search_order(const topo::Cluster& c, const std::vector<topo::Vertex>& members, bool closed,
                              int first, int last, topo::Vertex entry, topo::Vertex exit,
                              const std::vector<int>* prior, bool use_cache) {
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
    std::string key;
    if (use_cache) {
      key = search_key(c, members, closed, first, last, entry, exit, prior);
      std::vector<int> cached;
      if (search_cache().find(key, cached)) return cached;
    }
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
    if (use_cache) search_cache().put(std::move(key), best);
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

}  // namespace

std::vector<int> best_order(const topo::Cluster& c, const std::vector<topo::Vertex>& members, bool closed, int first,
                            int last, topo::Vertex entry, topo::Vertex exit, const std::vector<int>* prior) {
  return search_order(c, members, closed, first, last, entry, exit, prior, true);
}

std::vector<int> best_order_uncached(const topo::Cluster& c, const std::vector<topo::Vertex>& members, bool closed,
                                     int first, int last, topo::Vertex entry, topo::Vertex exit,
                                     const std::vector<int>* prior) {
  return search_order(c, members, closed, first, last, entry, exit, prior, false);
}

}  // namespace simtrain::coll
