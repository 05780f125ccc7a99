#include <catch2/catch.hpp>

#include "engine/event_loop.hpp"
#include "engine/event_queue.hpp"
#include "engine/executor.hpp"

using namespace simtrain;
using namespace simtrain::engine;

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

TEST_CASE("executor: a GPU's SMs shared by compute work and communication kernels", "[engine]") {
  // A kernel alone takes 100 us; with 24 SMs held by a collective it takes 200 us (a GEMM of
  // one full wave pushed into two: the wave arithmetic lives in work/, the engine only keeps
  // the books). A collective of 1 GB on a 10 GB/s link (0.1 s) would hide it completely.
  constexpr TimePs us = 1'000'000;
  auto gpu_graph = [&](TimePs transfer_delay_ps, TaskGraph& g, TaskId& kernel, TaskId& coll) {
    const DeviceId gpu = g.add_device("gpu0");
    const ServerId s = g.add_stream("gpu0 compute", gpu);
    const ServerId c = g.add_stream("nccl");
    const CurveId curve = g.add_curve({{0, 100 * us}, {24, 200 * us}});
    const GroupId grp = g.add_device_group({gpu});
    TaskId pre = g.add_work(c, transfer_delay_ps, {}, "wait");
    TaskId deps[] = {pre};
    kernel = g.add_shared_work(s, curve, {}, "gemm");
    std::vector<TaskGraph::FlowInput> flows = {{{{0, 1.0}}, 1e3}};  // 0.1 us at 10 GB/s
    coll = g.add_transfer(flows, 0, deps, "all_gather", 0, c);
    g.hold(coll, grp, 24);
  };
  SECTION("a collective that holds SMs for the kernel's whole life doubles it (one wave becomes two)") {
    TaskGraph g;
    TaskId k, c;
    gpu_graph(0, g, k, c);
    // The transfer holds from t=0 to 0.1 us; then the kernel runs alone: it did 0.1/200 of its
    // work and needs the rest at the alone pace.
    net::FlowNetwork n({10e9});
    Executor ex(n);
    ex.run(g);
    const TimePs d = ex.records()[k].end - ex.records()[k].start;
    CHECK(d > 100 * us);                       // never faster than alone
    CHECK(d == 100 * us + 50'000);             // 0.1 us at half pace: 0.05 us lost
  }
  SECTION("half the kernel under a held collective: the re-timed rest keeps the work done") {
    TaskGraph g;
    const DeviceId gpu = g.add_device("gpu0");
    const ServerId s = g.add_stream("gpu0 compute", gpu);
    const ServerId c = g.add_stream("nccl");
    const CurveId curve = g.add_curve({{0, 100 * us}, {24, 200 * us}});
    const GroupId grp = g.add_device_group({gpu});
    TaskId k = g.add_shared_work(s, curve, {}, "gemm");
    TaskId pre = g.add_work(c, 50 * us, {}, "wait");  // the collective starts at 50 us
    TaskId deps[] = {pre};
    std::vector<TaskGraph::FlowInput> flows = {{{{0, 1.0}}, 1e6}};  // 100 us at 10 GB/s
    TaskId coll = g.add_transfer(flows, 0, deps, "all_gather", 0, c);
    g.hold(coll, grp, 24);
    net::FlowNetwork n({10e9});
    Executor ex(n);
    ex.run(g);
    // 0-50 us alone: half done. 50-150 us at half pace: the other half takes 100 us.
    CHECK(ex.records()[coll].end == 150 * us);
    CHECK(ex.records()[k].end == 150 * us);
  }
  SECTION("between the points of a curve the duration is linear; past the last it stays") {
    TaskGraph g;
    const CurveId c = g.add_curve({{0, 100}, {10, 200}, {20, 400}});
    CHECK(g.curve_duration(c, 0) == 100);
    CHECK(g.curve_duration(c, 5) == 150);
    CHECK(g.curve_duration(c, 15) == 300);
    CHECK(g.curve_duration(c, 40) == 400);
    CHECK_THROWS(g.add_curve({{4, 100}}));
    CHECK_THROWS(g.add_curve({{0, 100}, {0, 200}}));
  }
  SECTION("units held on another GPU do not slow this one") {
    TaskGraph g;
    const DeviceId g0 = g.add_device("gpu0"), g1 = g.add_device("gpu1");
    const ServerId s = g.add_stream("gpu0 compute", g0);
    const CurveId curve = g.add_curve({{0, 100 * us}, {24, 200 * us}});
    TaskId k = g.add_shared_work(s, curve, {}, "gemm");
    std::vector<TaskGraph::FlowInput> flows = {{{{0, 1.0}}, 1e6}};
    TaskId coll = g.add_transfer(flows, 0, {}, "all_gather");
    g.hold(coll, g.add_device_group({g1}), 24);
    net::FlowNetwork n({10e9});
    Executor ex(n);
    ex.run(g);
    CHECK(ex.records()[k].end == 100 * us);
  }
}

TEST_CASE("event loop: an instant's completions, then its arrivals, then one decision", "[engine]") {
  // Three events at t = 5 (an arrival scheduled first, then two completions) and one at t = 9:
  // the completions come before the arrival whatever the order scheduled, each in its order,
  // and after_instant runs once per instant, after all of its events.
  simtrain::engine::EventLoop loop;
  using simtrain::engine::LoopEvent;
  loop.schedule(5, LoopEvent::arrival, 7);
  loop.schedule(5, LoopEvent::done, 1);
  loop.schedule(5, LoopEvent::done, 2);
  loop.schedule(9, LoopEvent::arrival, 8);
  std::vector<std::string> seen;
  loop.run([&](LoopEvent e, std::uint32_t t) { seen.push_back((e == LoopEvent::done ? "done " : "arrival ") + std::to_string(t)); },
           [&](simtrain::TimePs now) {
             seen.push_back("decide at " + std::to_string(now));
             if (now == 5) loop.schedule(7, LoopEvent::done, 3);  // the decision's own event
           });
  CHECK(seen == std::vector<std::string>{"done 1", "done 2", "arrival 7", "decide at 5", "done 3", "decide at 7", "arrival 8",
                                         "decide at 9"});
  CHECK(loop.events() == 5);
  CHECK_THROWS_AS(loop.schedule(1, LoopEvent::done, 0), std::logic_error);  // never in the past
}
