// `simtrain advise`'s answer (report/advise_report.hpp): which configurations fit, the Pareto
// front of days against cost, the cheapest that meets a deadline (with and without the error
// band's margin), the fastest within a budget, on hand-made candidates whose answers follow
// from the definitions; and the search itself on a shipped planning scenario.
#include <catch2/catch.hpp>

#include <string>

#include "drive/advise.hpp"
#include "report/advise_report.hpp"
#include "scenario/error.hpp"

using namespace simtrain;
using report::AdviseCandidate;
using report::AdviseResult;

namespace {

// A configuration that ran: `days` of expected wall clock for `cost` dollars (priced), with a
// step-time band of median `median` when given.
AdviseCandidate ran(const std::string& name, double days, double cost, bool priced = true, bool oom = false,
                    double median = -1) {
  AdviseCandidate c;
  c.system = name;
  train::RunResult r;
  r.whole_run.enabled = true;
  r.whole_run.expected.finishes = true;
  r.run_hours = days * 24;
  r.run_cost = cost;
  r.priced = priced;
  r.oom = oom;
  r.bottleneck = "compute";
  if (median >= 0) {
    train::ErrorBand b;
    b.figure = "step_time";
    b.found = true;
    b.median_abs_error = median;
    r.error_bands.push_back(b);
  }
  c.result = r;
  return c;
}

AdviseCandidate skipped(const std::string& name) {
  AdviseCandidate c;
  c.system = name;
  c.skipped = "a single box";
  return c;
}

}  // namespace

TEST_CASE("advise: the front holds what no other configuration beats on both days and cost", "[advise]") {
  AdviseResult a;
  // fast/dear, slow/cheap and a middle one are each best somewhere; "dominated" is slower and
  // dearer than "middle"; the OOM one is faster and cheaper than all but does not fit; the
  // unpriced one cannot be compared on cost.
  a.candidates = {ran("fast", 5, 500), ran("dominated", 12, 400), ran("middle", 10, 300), ran("cheap", 40, 100),
                  ran("oom", 1, 1, true, true), ran("unpriced", 3, 0, false), skipped("box")};
  report::advise_summary(a);
  REQUIRE(a.front == std::vector<std::size_t>{0, 2, 3});  // fastest first
  REQUIRE(a.fastest == std::size_t{5});                     // the unpriced one still ran fastest of all that fit
  REQUIRE(a.cheapest == std::size_t{3});
  REQUIRE(!a.cheapest_in_deadline);  // no deadline given
  REQUIRE(report::fitting_by_time(a) == std::vector<std::size_t>{5, 0, 2, 1, 3});
}

TEST_CASE("advise: the cheapest that meets the deadline, and with the band's margin", "[advise]") {
  AdviseResult a;
  a.deadline_s = 14 * 86400.0;
  // "tight" meets 14 days at 13 but not at 13 x 1.3 = 16.9; "safe" meets at 8 x 1.3 = 10.4.
  a.candidates = {ran("safe", 8, 600, true, false, 0.30), ran("tight", 13, 300, true, false, 0.30),
                  ran("late", 20, 100, true, false, 0.30)};
  report::advise_summary(a);
  REQUIRE(a.cheapest_in_deadline == std::size_t{1});
  REQUIRE(a.cheapest_in_deadline_with_margin == std::size_t{0});
  REQUIRE(a.candidates[1].days_with_margin() == Approx(13 * 1.3));

  SECTION("a budget as well: the cheapest that meets both") {
    a.budget = 250.0;  // "tight" costs 300: nothing both meets the deadline and stays within it
    report::advise_summary(a);
    REQUIRE(!a.cheapest_in_deadline);
    REQUIRE(!a.fastest_in_budget);
  }
  SECTION("a budget alone: the fastest within it") {
    a.deadline_s.reset();
    a.budget = 350.0;
    report::advise_summary(a);
    REQUIRE(a.fastest_in_budget == std::size_t{1});  // "safe" is faster but costs 600
  }
}

TEST_CASE("advise: the 4x 4090 or one A100 question searches, answers and refuses what cannot apply", "[advise]") {
  const std::string scen = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/advise_tinyllama_4x4090_vs_a100.yaml";
  drive::AdviseOptions o;
  o.jobs = 1;
  const AdviseResult a = drive::advise(scen, {}, o);
  // 2 systems at one node each x 9 strategies.
  REQUIRE(a.candidates.size() == 18);
  std::size_t one_gpu_skips = 0, hybrid_skips = 0;
  for (const AdviseCandidate& c : a.candidates) {
    if (c.skipped.find("one GPU") == 0) ++one_gpu_skips;
    if (c.skipped.find("hybrid sharding") == 0) ++hybrid_skips;
  }
  // On one GPU only ddp and ddp + checkpointing run (the 7 others shard or split nothing); on
  // one node the 2 hybrid strategies are full sharding: 2 per system.
  REQUIRE(one_gpu_skips == 7 - 2);
  REQUIRE(hybrid_skips == 2 + 2);
  REQUIRE(a.fastest);
  REQUIRE(a.candidates[*a.fastest].fits());
  // Plain DDP keeps 16 bytes of state per parameter: 1.1 B x 16 = 17.6 GB of a 4090's 24 GB,
  // which batch 8 of 2048 tokens' activations overflow.
  for (const AdviseCandidate& c : a.candidates)
    if (c.system == "workstation_4x4090" && c.strategy == "ddp") REQUIRE(c.result->oom);
}

TEST_CASE("advise: a scenario without a run length is refused", "[advise]") {
  drive::AdviseOptions o;
  REQUIRE_THROWS_AS(drive::advise(std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/4xA100_nvlink_bert_large.yaml", {}, o),
                    ScenarioError);
}
