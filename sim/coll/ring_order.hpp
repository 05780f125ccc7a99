// Ring ordering: which GPU follows which in a ring (or a chain).
//
// NCCL's topology search tries orders and keeps the one whose slowest link is fastest:
// NVLink pairs adjacent, the root complex and the socket link crossed as few times as
// possible. simtrain scores an order the same way its flow model would run it: the ring is
// one flow crossing every link of every edge's route (a link crossed k times counts k), and
// its isolated rate is min over links of capacity / k. The best order maximises that rate,
// then minimises total hops; ties keep the lexicographically first order, so the result is
// deterministic. Up to 8 free positions are searched exhaustively (8 GPUs of a closed ring:
// 7! = 5040 orders); beyond that a greedy widest-next walk is used.
#pragma once

#include <vector>

#include "topo/cluster.hpp"

namespace simtrain::coll {

struct OrderScore {
  double bottleneck_bytes_per_s = 0;
  int hops = 0;
};

// Orders `members`. closed = ring (last links back to first); otherwise a chain. When
// `entry` / `exit` are given (NIC vertices, or npos), the chain starts with the route
// entry -> first and ends with last -> exit, and `first` / `last` (indices into members, or
// -1) pin the chain's ends. Returns indices into members.
inline constexpr std::size_t kNoVertex = static_cast<std::size_t>(-1);
std::vector<int> best_order(const topo::Cluster& c, const std::vector<topo::Vertex>& members,
                            bool closed, int first = -1, int last = -1,
                            topo::Vertex entry = kNoVertex, topo::Vertex exit = kNoVertex,
                            const std::vector<int>* prior = nullptr);
// `prior` (by directed link id): crossings already made by other channels' rings, so a new
// channel's ring is scored by capacity / (prior + its own crossings) and seeks unused links.
//
// The exhaustive search's answers are shared by every run in the process (a sweep's points,
// node k's groups): keyed by everything the scorer reads -- each pair's route (hops, links
// renumbered by first appearance), each link's capacity and prior crossings, the flags -- so
// equal keys have equal answers, compared whole, never by hash alone; thread-safe.
// best_order_uncached always searches (tests compare the two).
std::vector<int> best_order_uncached(const topo::Cluster& c, const std::vector<topo::Vertex>& members,
                                     bool closed, int first = -1, int last = -1,
                                     topo::Vertex entry = kNoVertex, topo::Vertex exit = kNoVertex,
                                     const std::vector<int>* prior = nullptr);

OrderScore score_order(const topo::Cluster& c, const std::vector<topo::Vertex>& members,
                       const std::vector<int>& order, bool closed,
                       topo::Vertex entry = kNoVertex, topo::Vertex exit = kNoVertex);

}  // namespace simtrain::coll
