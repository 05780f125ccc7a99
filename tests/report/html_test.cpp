// `--html`: the run and sweep pages hold their sections, name no URL and load no script, escape
// what came from input, draw a bounded number of shapes however large the run, and mark the
// Pareto front of a time-vs-cost chart correctly; every pipeline stage has lanes; a category's
// colour never depends on what else is drawn; chart labels do not overlap; the advise chart
// draws the deadline and the budget; the sweep's costs are in the text table's unit.
#include <catch2/catch.hpp>

#include <memory>
#include <regex>
#include <set>
#include <string>

#include "drive/run.hpp"
#include "report/advise_report.hpp"
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
    CHECK(count(section(page, "pareto"), "<g class=\"point\">") == 4);
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

namespace {
// A pipeline run of `stages` stages of `per_stage` GPUs: each GPU's compute stream runs one
// 1 ns forward, stage k's from k ns on (the bubble), and each stage a 0.5 ns "stageK tp" transfer.
train::RunResult synthetic_pipeline_run(int stages, int per_stage) {
  train::RunResult r;
  r.scenario = "synthetic pipeline";
  r.gpus = stages * per_stage;
  r.pipeline_stages = stages;
  r.step_time_s = 1e-9 * (stages + 1);
  r.graph = std::make_shared<train::StepGraph>();
  engine::TaskGraph& g = r.graph->graph;
  for (int gpu = 0; gpu < r.gpus; ++gpu) {
    const int stage = gpu / per_stage;
    const auto s = g.add_stream("gpu" + std::to_string(gpu) + " compute");
    g.add_work(s, 1000, {}, "fwd", train::kForward);
    r.records.push_back({TimePs(stage) * 1000, TimePs(stage + 1) * 1000});
    if (gpu % per_stage == 0) r.graph->stage_memory.emplace_back().stream = s;
  }
  for (int k = 0; k < stages; ++k) {
    const auto s = g.add_stream("stage" + std::to_string(k) + " tp");
    g.add_work(s, 500, {}, "tp", train::kComm);
    r.records.push_back({TimePs(k) * 1000, TimePs(k) * 1000 + 500});
  }
  return r;
}

// The number labels of a chart: (x, y, text) of each <text class="num">.
struct NumLabel {
  double x, y;
  std::string text;
};
std::vector<NumLabel> num_labels(const std::string& svg) {
  std::vector<NumLabel> out;
  const std::regex re("<text x=\"([0-9.]+)\" y=\"([0-9.]+)\" class=\"num\">([^<]*)</text>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back({std::stod((*it)[1]), std::stod((*it)[2]), (*it)[3]});
  return out;
}

// A candidate of `system` that fits and ran for `days` at `cost` dollars (rent).
report::AdviseCandidate advise_candidate(const std::string& system, double days, double cost) {
  report::AdviseCandidate c;
  c.system = system;
  c.nodes = 1;
  c.strategy = "ddp";
  train::RunResult r;
  r.gpus = 8;
  r.step_time_s = 1;
  r.samples_per_s = 8;
  r.memory_peak_bytes = 10e9;
  r.memory_capacity_bytes = 80e9;
  r.bottleneck = system == "b" ? "communication" : "compute";
  r.priced = true;
  r.run_hours = days * 24;
  r.run_cost = cost;
  r.whole_run.enabled = true;
  c.result = r;
  return c;
}
}  // namespace

TEST_CASE("a pipeline run's timeline shows every stage", "[report][html]") {
  SECTION("4 stages of 8 GPUs: a lane group per stage, its first rank's compute and its tp stream; no other rank") {
    const std::string tl = section(report::run_to_html(synthetic_pipeline_run(4, 8)), "timeline");
    for (int k = 0; k < 4; ++k) {
      INFO(k);
      CHECK(count(tl, "id=\"stage-" + std::to_string(k) + "\"") == 1);
      CHECK(tl.find("stage" + std::to_string(k) + " tp") != std::string::npos);
    }
    CHECK(tl.find("stage 3: gpu24 compute") != std::string::npos);
    CHECK(tl.find("gpu1 compute") == std::string::npos);
    CHECK(tl.find("Every pipeline stage (4 of 4)") != std::string::npos);
  }
  SECTION("40 stages: 32 groups evenly spread, the first and the last among them, their tp streams counted as not shown") {
    const std::string tl = section(report::run_to_html(synthetic_pipeline_run(40, 2)), "timeline");
    CHECK(count(tl, "id=\"stage-") == 32);
    CHECK(tl.find("id=\"stage-0\"") != std::string::npos);
    CHECK(tl.find("id=\"stage-39\"") != std::string::npos);
    CHECK(tl.find("(32 of 40)") != std::string::npos);
    CHECK(tl.find("40 shared streams are not shown") != std::string::npos);
  }
  SECTION("without stages: the first 8 GPUs' streams, no stage groups") {
    const std::string tl = section(report::run_to_html(synthetic_run(16, 10)), "timeline");
    CHECK(tl.find("id=\"stage-") == std::string::npos);
  }
}

TEST_CASE("one colour per category, whatever else is drawn", "[report][html]") {
  using report::html::category_color;
  SECTION("a memory part keeps its colour when another part is added before it") {
    train::RunResult r;
    r.step_time_s = 0.1;
    r.memory_breakdown = {{"weights", 1e9}};
    const std::string alone = section(report::run_to_html(r), "memory");
    r.memory_breakdown = {{"ddp_buckets", 1e9}, {"weights", 1e9}};
    const std::string with_other = section(report::run_to_html(r), "memory");
    const std::string weights = std::string("fill=\"") + category_color("weights") + "\"><title>weights:";
    CHECK(alone.find(weights) != std::string::npos);
    CHECK(with_other.find(weights) != std::string::npos);
  }
  SECTION("the memory parts of one plan have distinct colours (DDP, FSDP, Megatron with FSDP)") {
    for (const std::vector<std::string>& plan :
         {std::vector<std::string>{"weights", "gradients", "optimizer_state", "ddp_buckets", "cuda_context_workspace", "input_batch",
                                   "activations", "amp_weight_copies", "allocator_slack"},
          std::vector<std::string>{"parameters", "gradients", "optimizer_state", "cuda_context_workspace", "input_batch", "activations",
                                   "gathered_parameters", "unsharded_gradients", "allocator_slack"},
          std::vector<std::string>{"weights", "gradients", "optimizer_state", "pipeline_buffers", "cuda_context_workspace",
                                   "input_batch", "activations", "gathered_parameters", "unsharded_gradients", "allocator_slack"}}) {
      std::set<std::string> colors;
      for (const std::string& part : plan) colors.insert(category_color(part));
      CHECK(colors.size() == plan.size());
    }
  }
  SECTION("the step's parts: compute, communication, data, pipeline bubble and idle apart") {
    std::set<std::string> colors;
    for (const char* c : {"compute", "communication", "data", "pipeline", "idle", "host"}) colors.insert(category_color(c));
    CHECK(colors.size() == 6);
    CHECK(std::string(category_color("forward")) == category_color("compute"));
  }
  SECTION("a system keeps its colour when another system joins the search; three systems, three colours") {
    const auto two = report::html::series_colors({"dgx_a100_80gb", "dgx_h100"});
    const auto three = report::html::series_colors({"workstation_4x4090_eth100g", "dgx_a100_80gb", "dgx_h100"});
    CHECK(three[1] == two[0]);
    CHECK(three[2] == two[1]);
    CHECK(std::set<std::string>(three.begin(), three.end()).size() == 3);
    CHECK(report::html::series_colors({"dgx_h100", "dgx_a100_80gb"}) == std::vector<std::string>{two[1], two[0]});
  }
}

TEST_CASE("a time-vs-cost chart draws its limits and keeps its labels apart", "[report][html]") {
  using report::html::ChartLimit;
  using report::html::ChartPoint;
  const std::vector<ChartPoint> pts = {{"a", 1, 3, "compute", true, ""}, {"b", 2, 2, "communication", true, ""},
                                       {"c", 4, 1, "data", true, ""}};
  SECTION("deadline 3 and budget 2.5 on data 1..4 x 1..3: a line each with its label, the far side shaded") {
    const std::string svg = report::html::time_cost_chart_svg(pts, {"days", "$", ChartLimit{3, "deadline 3 days"},
                                                                    ChartLimit{2.5, "budget $2.50"}});
    CHECK(count(svg, "id=\"deadline\"") == 1);
    CHECK(count(svg, "id=\"budget\"") == 1);
    CHECK(svg.find(">deadline 3 days</text>") != std::string::npos);
    CHECK(svg.find(">budget $2.50</text>") != std::string::npos);
    CHECK(count(svg, "class=\"over\"") == 2);
    // The time axis runs 1 to 4 over x 80 to 740: day 3 is at x 520.
    CHECK(svg.find("<line x1=\"520.0\"") != std::string::npos);
  }
  SECTION("a deadline of 100 days on data of 1 to 4: named at the edge with an arrow, nothing shaded") {
    const std::string svg = report::html::time_cost_chart_svg(pts, {"days", "$", ChartLimit{100, "deadline 100 days"}, std::nullopt});
    CHECK(svg.find("deadline 100 days \xE2\x86\x92</text>") != std::string::npos);
    CHECK(svg.find("class=\"over\"") == std::string::npos);
  }
  SECTION("the marker's shape says the bound: a circle for compute, polygons for communication and data") {
    const std::string svg = report::html::time_cost_chart_svg(pts, {"days", "$", std::nullopt, std::nullopt});
    CHECK(count(svg, "<polygon") == 2);
  }
  SECTION("two points at one place share one label") {
    const std::vector<ChartPoint> same = {{"a", 1, 1, "compute", true, ""}, {"b", 1, 1, "compute", true, ""},
                                          {"c", 2, 2, "compute", true, ""}};
    const auto labels = num_labels(report::html::time_cost_chart_svg(same, {"s", "$", std::nullopt, std::nullopt}));
    REQUIRE(labels.size() == 2);
    CHECK(labels[0].text == "1, 2");
  }
  SECTION("12 points, several a few pixels apart (the shipped sweep's layout): no two labels overlap") {
    std::vector<ChartPoint> near;
    for (double t : {3.0, 3.2, 6.0, 6.4, 12.1, 12.8})
      for (double c : {50.8, 53.6}) near.push_back({"p", t, c + t * 0.01, "compute", true, ""});
    const auto labels = num_labels(report::html::time_cost_chart_svg(near, {"ms", "$", std::nullopt, std::nullopt}));
    REQUIRE(labels.size() == 12);
    for (std::size_t i = 0; i < labels.size(); ++i)
      for (std::size_t j = i + 1; j < labels.size(); ++j) {
        INFO(labels[i].text << " at " << labels[i].x << "," << labels[i].y << " and " << labels[j].text << " at " << labels[j].x
                            << "," << labels[j].y);
        const double wi = 7.0 * static_cast<double>(labels[i].text.size()), wj = 7.0 * static_cast<double>(labels[j].text.size());
        const bool apart = labels[i].x + wi <= labels[j].x || labels[j].x + wj <= labels[i].x ||
                           std::abs(labels[i].y - labels[j].y) >= 12;
        CHECK(apart);
      }
  }
}

TEST_CASE("the advise page draws the deadline and the budget and colours points by system", "[report][html]") {
  report::AdviseResult a;
  a.scenario = "hand-made advice";
  a.basis = "rent";
  a.deadline_s = 14 * 86400.0;
  a.budget = 60000;
  a.candidates = {advise_candidate("a", 7, 40000), advise_candidate("b", 20, 20000), advise_candidate("a", 30, 9000)};
  report::advise_summary(a);
  const std::string page = report::advise_to_html(a);
  const std::string chart = section(page, "pareto");
  REQUIRE(!chart.empty());
  CHECK(chart.find(">deadline 14.0 days</text>") != std::string::npos);
  CHECK(chart.find(">budget $60,000 (rent)</text>") != std::string::npos);
  const auto colors = report::html::series_colors({"a", "b"});
  REQUIRE(colors[0] != colors[1]);
  CHECK(count(chart, "fill=\"" + colors[0] + "\" stroke=\"#fff\"") == 2);  // system a's two markers
  CHECK(count(chart, "fill=\"" + colors[1] + "\" stroke=\"#fff\"") == 1);
  CHECK(chart.find("colour, system:") != std::string::npos);
  CHECK(chart.find("marker shape, bound:") != std::string::npos);
  CHECK(count(section(page, "configurations"), "background:" + colors[0]) == 2);
  SECTION("without prices: bars of days, the deadline across them, coloured by system") {
    for (auto& c : a.candidates) c.result->priced = false;
    report::advise_summary(a);
    const std::string times = section(report::advise_to_html(a), "times");
    REQUIRE(!times.empty());
    CHECK(count(times, "id=\"deadline\"") == 1);
    CHECK(times.find(">deadline 14.0 days</text>") != std::string::npos);
    CHECK(count(times, "fill=\"" + colors[1] + "\"") == 1);
  }
}

TEST_CASE("the sweep page's costs are in the text table's unit", "[report][html]") {
  // One sample a step of 1,024 tokens at $1.024 a step: $1,000 per 1M tokens, $1.024M per 1M samples.
  report::SweepPoint p = priced_point(0, "1", 100000, 1.024e6);
  p.result->samples_per_s = 10;
  p.result->cost_per_step = 1.024;
  p.rent_per_million_samples = 1.024e6;
  const std::vector<report::SweepAxis> axes = {{"nodes", {"1"}, {}, "sweep:"}};
  SECTION("a model with tokens: cost per 1M tokens on the chart and in the table, as the text table") {
    p.result->tokens_per_s = 10240;
    p.rent_per_million_tokens = 1000;
    const std::string page = report::sweep_to_html({p}, axes, report::RankBy::time);
    CHECK(section(page, "pareto").find("1000 cost per 1M tokens ($)") != std::string::npos);
    CHECK(section(page, "points").find("rent $/1M tokens") != std::string::npos);
    CHECK(section(page, "points").find("<td>1000</td>") != std::string::npos);
    CHECK(page.find("1M samples") == std::string::npos);
  }
  SECTION("a model without tokens: per 1M samples everywhere, no word of tokens") {
    const std::string page = report::sweep_to_html({p}, axes, report::RankBy::time);
    CHECK(section(page, "pareto").find("cost per 1M samples ($)") != std::string::npos);
    CHECK(section(page, "points").find("rent $/1M samples") != std::string::npos);
    CHECK(page.find("token") == std::string::npos);
  }
}
