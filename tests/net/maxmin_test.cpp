#include <catch2/catch.hpp>

#include <random>

#include "net/maxmin.hpp"

using namespace simtrain::net;

TEST_CASE("max-min fairness: textbook cases", "[maxmin]") {
  SECTION("8 flows share a 16 GB/s uplink: each gets 2 GB/s") {
    MaxMinSystem s;
    LinkId up = s.add_link(16e9);
    std::vector<VarId> v;
    for (int i = 0; i < 8; ++i) {
      v.push_back(s.add_variable());
      s.expand(v.back(), up);
    }
    s.solve();
    for (VarId x : v) CHECK(s.rate(x) == Approx(2e9));
  }
  SECTION("three flows on two unit links: the long flow and each short one get 1/2") {
    MaxMinSystem s;
    LinkId a = s.add_link(1), b = s.add_link(1);
    VarId longf = s.add_variable(), f1 = s.add_variable(), f2 = s.add_variable();
    s.expand(longf, a);
    s.expand(longf, b);
    s.expand(f1, a);
    s.expand(f2, b);
    s.solve();
    CHECK(s.rate(longf) == Approx(0.5));
    CHECK(s.rate(f1) == Approx(0.5));
    CHECK(s.rate(f2) == Approx(0.5));
  }
  SECTION("links of 1 and 2: the short flow on the wide link takes what is left (1.5)") {
    MaxMinSystem s;
    LinkId a = s.add_link(1), b = s.add_link(2);
    VarId longf = s.add_variable(), f1 = s.add_variable(), f2 = s.add_variable();
    s.expand(longf, a);
    s.expand(longf, b);
    s.expand(f1, a);
    s.expand(f2, b);
    s.solve();
    CHECK(s.rate(longf) == Approx(0.5));
    CHECK(s.rate(f1) == Approx(0.5));
    CHECK(s.rate(f2) == Approx(1.5));
  }
  SECTION("a flow crossing a link twice gets half its capacity") {
    MaxMinSystem s;
    LinkId a = s.add_link(10);
    VarId v = s.add_variable();
    s.expand(v, a, 2.0);
    s.solve();
    CHECK(s.rate(v) == Approx(5));
    CHECK(s.load(a) == Approx(10));
  }
  SECTION("a bound caps a flow and frees the rest for the others") {
    MaxMinSystem s;
    LinkId a = s.add_link(10);
    VarId capped = s.add_variable(1.0, 2.0), free = s.add_variable();
    s.expand(capped, a);
    s.expand(free, a);
    s.solve();
    CHECK(s.rate(capped) == Approx(2));
    CHECK(s.rate(free) == Approx(8));
  }
  SECTION("removing a flow gives its share back") {
    MaxMinSystem s;
    LinkId a = s.add_link(6);
    VarId x = s.add_variable(), y = s.add_variable();
    s.expand(x, a);
    s.expand(y, a);
    s.solve();
    CHECK(s.rate(y) == Approx(3));
    s.remove_variable(x);
    auto changed = s.solve();
    REQUIRE(changed.size() == 1);
    CHECK(s.rate(y) == Approx(6));
  }
}

TEST_CASE("max-min: incremental and full solves are bit-identical", "[maxmin]") {
  std::mt19937 rng(42);
  MaxMinSystem inc, full;
  const int links = 40;
  for (int i = 0; i < links; ++i) {
    double cap = 1e9 * (1 + rng() % 50);
    inc.add_link(cap);
    full.add_link(cap);
  }
  std::vector<VarId> live;
  for (int round = 0; round < 200; ++round) {
    if (live.size() > 5 && rng() % 3 == 0) {
      std::size_t k = rng() % live.size();
      inc.remove_variable(live[k]);
      full.remove_variable(live[k]);
      live.erase(live.begin() + static_cast<long>(k));
    } else {
      VarId a = inc.add_variable(), b = full.add_variable();
      REQUIRE(a == b);
      int hops = 1 + static_cast<int>(rng() % 5);
      for (int h = 0; h < hops; ++h) {
        LinkId l = rng() % links;
        inc.expand(a, l);
        full.expand(b, l);
      }
      live.push_back(a);
    }
    inc.solve(false);
    full.solve(true);
    for (VarId v : live) REQUIRE(inc.rate(v) == full.rate(v));  // exact, not approximate
  }
}

TEST_CASE("max-min: more capacity never lowers any rate", "[maxmin]") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    MaxMinSystem base, wide;
    const int links = 12;
    for (int i = 0; i < links; ++i) {
      double cap = 1 + rng() % 20;
      base.add_link(cap);
      wide.add_link(2 * cap);
    }
    std::vector<VarId> vars;
    for (int f = 0; f < 15; ++f) {
      VarId a = base.add_variable(), b = wide.add_variable();
      int hops = 1 + static_cast<int>(rng() % 4);
      for (int h = 0; h < hops; ++h) {
        LinkId l = rng() % links;
        base.expand(a, l);
        wide.expand(b, l);
      }
      vars.push_back(a);
    }
    base.solve(true);
    wide.solve(true);
    // Doubling every capacity doubles every max-min rate exactly (the problem is homogeneous).
    for (VarId v : vars) CHECK(wide.rate(v) == Approx(2 * base.rate(v)));
  }
}

TEST_CASE("sort_ids sorts as std::sort does, short and long lists", "[maxmin]") {
  // The solver's canonical orders come from sort_ids; any correct sort of integers gives the
  // same sequence, so its output must equal std::sort's for every length and id range.
  std::mt19937 rng(7);
  std::vector<std::uint32_t> scratch;
  for (std::size_t n : {0u, 1u, 5u, 127u, 128u, 129u, 1000u, 5000u, 40000u}) {
    for (std::uint32_t range : {10u, 2048u, 70000u, 5000000u, 0xffffffffu}) {
      std::uniform_int_distribution<std::uint32_t> d(0, range);
      std::vector<std::uint32_t> ids(n);
      for (auto& x : ids) x = d(rng);
      std::vector<std::uint32_t> expect = ids;
      std::sort(expect.begin(), expect.end());
      sort_ids(ids, scratch);
      CHECK(ids == expect);
    }
  }
}

TEST_CASE("random systems: incremental solves equal a fresh full solve", "[maxmin]") {
  // Random flows come and go on a random network; after every change the incremental solve's
  // rates equal a fresh system's full solve of the same flows (to rounding: the fresh system
  // numbers its variables differently, so it may add the same terms in another order).
  std::mt19937 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    const int nlinks = 5 + static_cast<int>(rng() % 60);
    std::vector<double> caps;
    MaxMinSystem inc;
    for (int l = 0; l < nlinks; ++l) {
      caps.push_back(1e9 * (1 + rng() % 16));
      inc.add_link(caps.back());
    }
    struct Flow {
      VarId id;
      double weight, bound;
      std::vector<std::pair<LinkId, double>> path;
    };
    std::vector<Flow> flows;
    for (int step = 0; step < 60; ++step) {
      if (!flows.empty() && rng() % 3 == 0) {
        const std::size_t k = rng() % flows.size();
        inc.remove_variable(flows[k].id);
        flows.erase(flows.begin() + static_cast<long>(k));
      } else {
        Flow f;
        f.weight = 1 + rng() % 3;
        f.bound = rng() % 4 == 0 ? 1e8 * (1 + rng() % 50) : MaxMinSystem::kUnbounded;
        f.id = inc.add_variable(f.weight, f.bound);
        const int hops = 1 + static_cast<int>(rng() % 6);
        for (int h = 0; h < hops; ++h) {
          f.path.emplace_back(static_cast<LinkId>(rng() % static_cast<unsigned>(nlinks)), 1.0 + (rng() % 2));
          inc.expand(f.id, f.path.back().first, f.path.back().second);
        }
        flows.push_back(f);
      }
      inc.solve();
      MaxMinSystem full;
      for (double c : caps) full.add_link(c);
      std::vector<VarId> ids;
      for (const Flow& f : flows) {
        ids.push_back(full.add_variable(f.weight, f.bound));
        for (const auto& [l, coeff] : f.path) full.expand(ids.back(), l, coeff);
      }
      full.solve(true);
      for (std::size_t i = 0; i < flows.size(); ++i) CHECK(inc.rate(flows[i].id) == Approx(full.rate(ids[i])).epsilon(1e-9));
    }
  }
}
