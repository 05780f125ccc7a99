// The memory timeline: the live total over the run, whose largest value is the peak.
#include <catch2/catch.hpp>

#include <algorithm>

#include "drive/run.hpp"
#include "scenario/scenario.hpp"
#include "train/memory.hpp"

using namespace simtrain;

TEST_CASE("memory_timeline replays the plan as find_peak does", "[train][memory]") {
  SECTION("two tasks: 10 B static, +4 at the first's start, +6 at the second's start, -4 at the first's end; "
          "slack 10%: 11, 15.4, 22, 17.6 bytes; the largest is find_peak's peak") {
    engine::TaskGraph g;
    const auto s = g.add_stream("s");
    const auto a = g.add_work(s, 10, {}, "a");
    const auto b = g.add_work(s, 10, {}, "b");
    std::vector<engine::TaskRecord> rec = {{0, 10}, {5, 20}};
    train::MemoryPlan plan;
    plan.slack = 0.1;
    plan.static_parts = {{"weights", 10}};
    const int act = plan.add_part("activations");
    plan.events = {{a, false, 4, act}, {b, false, 6, act}, {a, true, -4, act}};
    const auto tl = train::memory_timeline(plan, rec);
    REQUIRE(tl.size() == 4);
    CHECK(tl[1].time == 0);
    CHECK(tl[2].time == 5);
    CHECK(tl[3].time == 10);
    CHECK(tl[2].bytes == Approx(22));
    CHECK(tl[3].bytes == Approx(17.6));
    CHECK(train::find_peak(plan, g, rec).peak_bytes == Approx(22));
  }
  SECTION("the headline run: the timeline's largest value is the reported peak") {
    drive::RunOptions o;
    o.keep_trace = true;
    const auto r = drive::run_scenario(load_scenario(std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_pcie_switch.yaml", {}), o);
    const auto tl = train::memory_timeline(r.graph->memory, r.records);
    const auto top = std::max_element(tl.begin(), tl.end(), [](const auto& x, const auto& y) { return x.bytes < y.bytes; });
    CHECK(top->bytes == Approx(r.memory_peak_bytes));
  }
}
