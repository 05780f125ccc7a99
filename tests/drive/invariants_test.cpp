// Invariants of every simulated step, over every shipped scenario, one
// measured step each, on the engine's own records:
//   every task ran, and no duration is negative (end >= start >= 0);
//   no task starts before every task it depends on has ended (the graph's order is kept);
//   work never runs faster than its duration alone (sharing SMs and HBM only slows it);
//   a transfer lasts at least its latency (its bytes move before it is added).
// The step's shares adding up and the two solvers agreeing are checked by cli.all_scenarios.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "drive/run.hpp"
#include "engine/task_graph.hpp"

using namespace simtrain;

TEST_CASE("every shipped scenario's step keeps the engine's invariants", "[invariants]") {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(fs::path(SIMTRAIN_TEST_SOURCE_DIR) / "scenarios"))
    // Training scenarios: the serving ones (serve_*.yaml) run with `simtrain serve` (tests/serve/).
    if (e.path().extension() == ".yaml" && e.path().stem().string().rfind("serve_", 0) != 0) files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 20);
  for (const std::string& f : files) {
    INFO(f);
    drive::RunOptions o;
    o.keep_trace = true;
    o.steps_override = 1;
    const train::RunResult r = drive::run_scenario(load_scenario(f, {}), o);
    REQUIRE(r.graph);
    const engine::TaskGraph& g = r.graph->graph;
    REQUIRE(r.records.size() == g.size());
    std::size_t bad_order = 0, negative = 0, too_fast = 0, short_transfer = 0;
    for (engine::TaskId t = 0; t < g.size(); ++t) {
      const engine::TaskRecord& rec = r.records[t];
      if (rec.start < 0 || rec.end < rec.start) ++negative;
      for (engine::TaskId d : g.deps(t))
        if (rec.start < r.records[d].end) ++bad_order;
      const engine::Task& task = g.task(t);
      if (task.kind == engine::TaskKind::work && rec.end - rec.start < task.duration_ps - 1) ++too_fast;
      if (task.kind == engine::TaskKind::transfer && rec.end - rec.start < task.latency_ps) ++short_transfer;
    }
    CHECK(negative == 0);
    CHECK(bad_order == 0);
    CHECK(too_fast == 0);
    CHECK(short_transfer == 0);
  }
}
