#include <catch2/catch.hpp>

#include "engine/event_queue.hpp"
#include "engine/executor.hpp"

using namespace simtrain;
using namespace simtrain::engine;

TEST_CASE("time: the one rounding function rounds up to whole picoseconds", "[engine]") {
  CHECK(duration_for_bytes(1e9, 10e9) == 100'000'000'000LL);  // 0.1 s
  CHECK(duration_for_bytes(1, 3) == 333'333'333'334LL);       // 1/3 s, rounded up
  CHECK(duration_for_bytes(0, 1e9) == 0);
  CHECK(duration_for_bytes(1, 0) == kNever);
}

TEST_CASE("event queue: time, then phase, then insertion order", "[engine]") {
  EventQueue q;
  q.schedule(10, Phase::task_done, 1);
  q.schedule(10, Phase::flow_done, 2);
  q.schedule(5, Phase::task_done, 3);
  q.schedule(10, Phase::task_done, 4);
  CHECK(q.pop().target == 3);
  CHECK(q.pop().target == 2);  // flow completions before task completions at one instant
  CHECK(q.pop().target == 1);
  CHECK(q.pop().target == 4);  // equal keys: in the order scheduled
  CHECK_THROWS(q.schedule(1, Phase::task_done, 5));  // the clock never goes back
}

TEST_CASE("executor: streams, pools, transfers", "[engine]") {
  SECTION("a stream runs its tasks in order, one at a time") {
    TaskGraph g;
    ServerId s = g.add_stream("gpu0");
    TaskId a = g.add_work(s, 100, {}, "a");
    TaskId b = g.add_work(s, 50, {}, "b");
    net::FlowNetwork n({1.0});
    Executor ex(n);
    RunStats st = ex.run(g);
    CHECK(ex.records()[a].end == 100);
    CHECK(ex.records()[b].start == 100);
    CHECK(st.makespan_ps == 150);
  }
  SECTION("a pool of 2 runs 3 equal tasks in two waves") {
    TaskGraph g;
    ServerId p = g.add_pool("cores", 2);
    for (int i = 0; i < 3; ++i) g.add_work(p, 10, {}, "w");
    net::FlowNetwork n({1.0});
    Executor ex(n);
    CHECK(ex.run(g).makespan_ps == 20);
  }
  SECTION("two flows share a link, the survivor speeds up, latency comes last") {
    // Link 0 (10 GB/s) carries a 1 GB flow and a 2 GB flow that also crosses link 1: both get
    // 5 GB/s until the first ends at 0.2 s; the second then has 1 GB left at 10 GB/s: 0.3 s.
    TaskGraph g;
    std::vector<TaskGraph::FlowInput> flows = {{{{0, 1.0}}, 1e9}, {{{0, 1.0}, {1, 1.0}}, 2e9}};
    g.add_transfer(flows, 5'000'000, {}, "x");
    net::FlowNetwork n({10e9, 10e9});
    Executor ex(n);
    CHECK(ex.run(g).makespan_ps == 300'000'000'000LL + 5'000'000);
    CHECK(n.link_bytes(0) == Approx(3e9));
    CHECK(n.link_bytes(1) == Approx(2e9));
  }
  SECTION("dependencies: a transfer waits for the work before it") {
    TaskGraph g;
    ServerId s = g.add_stream("gpu0");
    TaskId w = g.add_work(s, 1'000'000, {}, "k");
    TaskId deps[] = {w};
    std::vector<TaskGraph::FlowInput> flows = {{{{0, 1.0}}, 1e9}};
    TaskId t = g.add_transfer(flows, 0, deps, "t");
    net::FlowNetwork n({1e9});
    Executor ex(n);
    ex.run(g);
    CHECK(ex.records()[t].start == 1'000'000);
    CHECK(ex.records()[t].end == 1'000'000 + kPsPerSecond);
  }
  SECTION("full and incremental solving give the same times") {
    auto build = [] {
      TaskGraph g;
      std::vector<TaskGraph::FlowInput> flows;
      for (int i = 0; i < 6; ++i)
        flows.push_back({{{static_cast<net::LinkId>(i % 3), 1.0}, {static_cast<net::LinkId>(3 + i % 2), 1.0}},
                         1e8 * (i + 1)});
      g.add_transfer(flows, 0, {}, "x");
      return g;
    };
    std::vector<double> caps = {3e9, 5e9, 7e9, 4e9, 6e9};
    net::FlowNetwork a(caps, false), b(caps, true);
    Executor ea(a), eb(b);
    CHECK(ea.run(build()).makespan_ps == eb.run(build()).makespan_ps);
  }
}
