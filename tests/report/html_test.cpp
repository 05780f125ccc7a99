// `--html`: the run and sweep pages hold their sections, name no URL and load no script, escape
// what came from input, draw a bounded number of shapes however large the run, and mark the
// Pareto front of a time-vs-cost chart correctly.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "drive/run.hpp"
#include "report/html_chart.hpp"
#include "report/html_report.hpp"
#include "scenario/scenario.hpp"

using namespace simtrain;

namespace {
const std::string kHeadline = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_pcie_switch.yaml";

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + needle.size())) ++n;
  return n;
}

// The text between `<section id="ID"` and the next `</section>`.
std::string section(const std::string& page, const std::string& id) {
  const auto at = page.find("<section id=\"" + id + "\"");
  if (at == std::string::npos) return "";
  return page.substr(at, page.find("</section>", at) - at);
}

train::RunResult headline_run() {
  drive::RunOptions o;
  o.keep_trace = true;
  return drive::run_scenario(load_scenario(kHeadline, {}), o);
}

// A run of `gpus` GPUs with `tasks` back-to-back 1 ns kernels on each GPU's compute stream.
train::RunResult synthetic_run(int gpus, int tasks) {
  train::RunResult r;
  r.scenario = "synthetic";
  r.gpus = gpus;
  r.step_time_s = 1e-9 * tasks;
  r.compute_s = r.step_time_s;
  r.graph = std::make_shared<train::StepGraph>();
  engine::TaskGraph& g = r.graph->graph;
  for (int gpu = 0; gpu < gpus; ++gpu) {
    const auto s = g.add_stream("gpu" + std::to_string(gpu) + " compute");
    for (int t = 0; t < tasks; ++t) {
      std::string label = "k";  // (not "k" + to_string(t): GCC 12 warns falsely on that, -Wrestrict)
      label += std::to_string(t);
      g.add_work(s, 1000, {}, label, train::kForward);
      r.records.push_back({TimePs(t) * 1000, TimePs(t + 1) * 1000});
    }
  }
  return r;
}

report::SweepPoint priced_point(std::size_t index, const std::string& value, double us_per_sample, double cost) {
  report::SweepPoint p;
  p.index = index;
  p.values = {value};
  p.per_sample_s = us_per_sample * 1e-6;
  p.cost_per_million = cost;
  train::RunResult r;
  r.scenario = "hand-made sweep";
  r.gpus = 8;
  r.step_time_s = 0.1;
  r.priced = true;
  r.bottleneck = "compute";
  p.result = r;
  return p;
}
}  // namespace

TEST_CASE("the run page holds every section, self-contained", "[report][html]") {
  const train::RunResult r = headline_run();
  const std::string page = report::run_to_html(r);
  SECTION("a section each for the step split, the timeline, the links and the memory") {
    for (const char* id : {"figures", "step-split", "timeline", "links", "memory"}) {
      INFO(id);
      CHECK(count(page, std::string("<section id=\"") + id + "\"") == 1);
    }
  }
  SECTION("it names no URL and loads no script") {
    CHECK(page.find("http") == std::string::npos);
    CHECK(page.find("<script") == std::string::npos);
    CHECK(page.find("url(") == std::string::npos);
  }
  SECTION("the headline run has a price: its cost per step, not 'no price given'") {
    CHECK(page.find("/step") != std::string::npos);
    CHECK(page.find("no price given") == std::string::npos);
  }
  SECTION("8 GPUs: a lane per GPU stream, none said to be missing; the memory curve and capacity line are drawn") {
    CHECK(section(page, "timeline").find("gpu7 compute") != std::string::npos);
    CHECK(section(page, "timeline").find("not shown") == std::string::npos);
    CHECK(section(page, "memory").find("<path d=") != std::string::npos);
    CHECK(section(page, "memory").find("capacity 80.0 GiB") != std::string::npos);
  }
  SECTION("the same run gives the same bytes") { CHECK(report::run_to_html(headline_run()) == page); }
}

TEST_CASE("the run page escapes names from input and says when there is no price", "[report][html]") {
  train::RunResult r;
  r.scenario = "<script>alert(1)</script>";
  r.model = "a&b \"quoted\" 'single'";
  r.overrides = {"name=<img src=x onerror=alert(1)>"};
  r.links.push_back({"<b>link</b>", 0.5});
  r.memory_breakdown = {{"<i>weights</i>", 1e9}};
  r.step_time_s = 0.1;
  r.compute_s = 0.1;
  r.priced = false;
  const std::string page = report::run_to_html(r);
  CHECK(page.find("<script") == std::string::npos);
  CHECK(page.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(page.find("<img") == std::string::npos);
  CHECK(page.find("<b>link") == std::string::npos);
  CHECK(page.find("<i>weights") == std::string::npos);
  CHECK(page.find("a&amp;b &quot;quoted&quot; &#39;single&#39;") != std::string::npos);
  SECTION("a run without a price says so and prints no dollar figure") {
    CHECK(page.find("no price given") != std::string::npos);
    CHECK(page.find("$0") == std::string::npos);
  }
  SECTION("without a kept trace the timeline and the memory curve say so; the breakdown stays") {
    CHECK(section(page, "timeline").find("kept no trace") != std::string::npos);
    CHECK(section(page, "memory").find("&lt;i&gt;weights&lt;/i&gt;") != std::string::npos);
  }
}

TEST_CASE("the timeline draws a bounded number of bars however large the run", "[report][html]") {
  SECTION("16 GPUs of 20,000 one-nanosecond kernels: 8 lanes, at most one bar per pixel each, 8 GPUs said missing") {
    const std::string tl = section(report::run_to_html(synthetic_run(16, 20000)), "timeline");
    CHECK(tl.find("gpu7 compute") != std::string::npos);
    CHECK(tl.find("gpu8 compute") == std::string::npos);
    CHECK(tl.find("the other 8 are not shown") != std::string::npos);
    CHECK(count(tl, "<rect") <= 8 * 1000);
    CHECK(count(tl, "<rect") >= 8);
  }
}

TEST_CASE("the Pareto front of a time-vs-cost chart", "[report][html]") {
  using report::html::ChartPoint;
  SECTION("(1 s, $3), (2 s, $2), (3 s, $2.5), (4 s, $1): the third is slower and dearer than the second") {
    const std::vector<ChartPoint> pts = {{"a", 1, 3, "compute"}, {"b", 2, 2, "compute"}, {"c", 3, 2.5, "compute"}, {"d", 4, 1, "compute"}};
    CHECK(report::html::pareto_front(pts) == std::vector<bool>{true, true, false, true});
  }
  SECTION("a point that does not fit in memory is never on the front, and dominates nothing") {
    const std::vector<ChartPoint> pts = {{"a", 1, 1, "compute", false}, {"b", 2, 2, "compute"}};
    CHECK(report::html::pareto_front(pts) == std::vector<bool>{false, true});
  }
  SECTION("two identical points are both on the front (neither is strictly better)") {
    const std::vector<ChartPoint> pts = {{"a", 1, 1, "compute"}, {"b", 1, 1, "compute"}, {"c", 1, 2, "compute"}};
    CHECK(report::html::pareto_front(pts) == std::vector<bool>{true, true, false});
  }
  SECTION("the chart rings each front point and joins them from fastest to cheapest") {
    const std::vector<ChartPoint> pts = {{"a", 1, 3, "compute"}, {"b", 2, 2, "compute"}, {"c", 3, 2.5, "compute"}, {"d", 4, 1, "compute"}};
    const std::string svg = report::html::time_cost_chart_svg(pts, {"s", "$"});
    CHECK(count(svg, "class=\"ring\"") == 3);
    CHECK(count(svg, "<polyline") == 1);
  }
}

TEST_CASE("the sweep page: time against cost with the front, or time alone without prices", "[report][html]") {
  std::vector<report::SweepPoint> pts = {priced_point(0, "1", 1, 3), priced_point(1, "<2>", 2, 2),
                                         priced_point(2, "3", 3, 2.5), priced_point(3, "4", 4, 1)};
  const std::vector<report::SweepAxis> axes = {{"nodes", {"1", "<2>", "3", "4"}, {}, "sweep:"}};
  SECTION("priced: the chart section names the front #1, #2 and #4; the table marks them") {
    const std::string page = report::sweep_to_html(pts, axes, report::RankBy::time);
    const std::string chart = section(page, "pareto");
    REQUIRE(!chart.empty());
    CHECK(chart.find("Pareto front: #1 nodes=1; #2 nodes=&lt;2&gt;; #4 nodes=4") != std::string::npos);
    CHECK(count(section(page, "points"), "class=\"front\"") == 3);
    CHECK(page.find("http") == std::string::npos);
    CHECK(page.find("<2>") == std::string::npos);
  }
  SECTION("unpriced: no front, 'no price given', a bar of time per point") {
    for (auto& p : pts) p.result->priced = false;
    const std::string page = report::sweep_to_html(pts, axes, report::RankBy::time);
    CHECK(section(page, "pareto").empty());
    CHECK(section(page, "times").find("No price given") != std::string::npos);
    CHECK(count(section(page, "times"), "<rect") == 4);
  }
  SECTION("a point that could not be built is a table row with its error, not a marker") {
    report::SweepPoint bad;
    bad.index = 4;
    bad.values = {"5"};
    bad.error = "<bad>";
    pts.push_back(bad);
    const std::string page = report::sweep_to_html(pts, axes, report::RankBy::time);
    CHECK(section(page, "points").find("error: &lt;bad&gt;") != std::string::npos);
    CHECK(count(section(page, "pareto"), "r=\"6\"") == 4);
  }
}

TEST_CASE("html building blocks: escaping and fixed numbers", "[report][html]") {
  CHECK(report::html::escape("<a href='x'>&\"</a>") == "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
  CHECK(report::html::num(-0.0001, 2) == "0.00");
  CHECK(report::html::num(1.005, 1) == "1.0");
  CHECK(report::html::percent(1, 0) == "0.0%");
  CHECK(report::html::percent(1, 8) == "12.5%");
  CHECK(report::html::num_sig(0.29814, 4) == "0.2981");
  CHECK(report::html::num_sig(53.6871, 4) == "53.69");
  CHECK(report::html::num_sig(12345.6, 4) == "12346");
  CHECK(report::html::num_sig(0, 4) == "0");
}
