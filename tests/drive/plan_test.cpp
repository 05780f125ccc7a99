// The layout search (drive/plan.hpp) and the closed forms it prunes with (train/megatron.hpp).
#include <catch2/catch.hpp>

#include <set>

#include "drive/plan.hpp"
#include "drive/run.hpp"
#include "report/plan_report.hpp"

using namespace simtrain;
using namespace simtrain::drive;

namespace {
const std::string k7b = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_llama2_7b_fsdp.yaml";
const std::vector<std::string> kSets = {"strategy=megatron", "software=megatron_te", "flash_attention=true",
                                        "fsdp.activation_checkpointing=false", "nodes=4", "grad_accumulation=4"};
}  // namespace

TEST_CASE("plan: hundreds of layouts, each fitting one simulated, each rejected one with its reason", "[plan]") {
  PlanOptions po;
  po.simulate = 3;
  const auto spec = load_scenario(k7b, kSets);
  const train::PlanResult p = plan_layouts(spec, kSets, po);
  CHECK(p.gpus == 32);
  CHECK(p.global_batch == 32 * 4);
  CHECK(p.rows.size() >= 500);
  int simulated = 0;
  std::set<std::string> reasons;
  for (const auto& r : p.rows) {
    if (r.simulated && r.feasible) {
      ++simulated;
      // The closed-form peak is the simulated step's memory plan (same parts, same schedule).
      CHECK(r.estimate_peak_bytes == Approx(r.result.memory_peak_bytes).epsilon(0.01));
      // Every layout trains the same global batch.
      CHECK(r.result.samples_per_s * r.result.step_time_s == Approx(p.global_batch));
    }
    if (!r.feasible) {
      CHECK_FALSE(r.reason.empty());
      reasons.insert(r.reason.substr(0, 12));
    }
  }
  CHECK(simulated == 3);
  // Simulated rows come first, fastest first.
  for (std::size_t i = 1; i < 3; ++i) CHECK(p.rows[i - 1].result.step_time_s <= p.rows[i].result.step_time_s);
  CHECK(reasons.count("TP crosses n") == 1);
  CHECK(reasons.count("OOM on stage") == 1);
}

TEST_CASE("plan: a time limit already passed judges nothing and simulates nothing, saying why", "[plan]") {
  // --max-seconds bounds the whole plan, closed forms included: with 1e-9 s every layout the
  // shape rules let through is rejected as not estimated, none is simulated, and the cost says so.
  PlanOptions po;
  po.max_seconds = 1e-9;
  const auto spec = load_scenario(k7b, kSets);
  const train::PlanResult p = plan_layouts(spec, kSets, po);
  REQUIRE(!p.rows.empty());
  int not_estimated = 0;
  for (const auto& r : p.rows) {
    CHECK_FALSE(r.simulated);
    CHECK_FALSE(r.feasible);
    if (r.reason == "not estimated: the plan's time limit (--max-seconds 1e-09) passed") ++not_estimated;
  }
  CHECK(not_estimated > 0);
  CHECK(p.simulated_layouts == 0);
  CHECK(p.simulated_tasks == 0);
  CHECK(p.closed_form_layouts == p.rows.size());
}

TEST_CASE("plan: the layouts simulated stay within the plan's task budget, each within the run's", "[plan]") {
  // limits::max_plan_estimated_events: the 8 best layouts of 32 GPUs at 4 micro-batches are a few
  // hundred thousand tasks together, well within it; the cost is stated.
  PlanOptions po;
  po.simulate = 2;
  const auto spec = load_scenario(k7b, kSets);
  const train::PlanResult p = plan_layouts(spec, kSets, po);
  CHECK(p.simulated_layouts == 2);
  CHECK(p.simulated_tasks > 0);
  CHECK(p.simulated_tasks <= p.task_budget);
  CHECK(p.task_budget == 10e6);
  CHECK(p.stopped.empty());
}

TEST_CASE("plan on NVLink domains of 4 trays: TP 8 spans 2 trays of one node, no TP group leaves a node", "[plan][box]") {
  // tests/data/boxes/llama65b_2x16.yaml: LLaMA-65B on 2 nodes of 16 H100 (each one NVSwitch
  // domain of 4 compute trays of 4). TP stays in the NVLink domain, which is the node (16), not
  // the tray (4): TP 8 layouts are judged (and some fit: 65 B x 18 B / 32 GPUs is 37 GB of
  // model state per GPU under the distributed optimizer, well inside 80 GB), TP 32 is refused,
  // and every row of the JSON says where its TP group runs: never across the 2 nodes.
  PlanOptions po;
  po.simulate = 1;
  const std::string path = std::string(SIMTRAIN_TEST_DATA) + "/boxes/llama65b_2x16.yaml";
  const auto spec = load_scenario(path, {});
  const train::PlanResult p = plan_layouts(spec, {}, po);
  CHECK(p.gpus == 32);
  CHECK(p.box_name == "compute tray");
  CHECK(p.gpus_per_box == 4);
  const nlohmann::json j = report::plan_to_json(p);
  REQUIRE(j.at("layouts").size() == p.rows.size());
  int tp8_fit = 0, tp32_refused = 0;
  for (const auto& row : j.at("layouts")) {
    const int tp = row.at("layout").at("tp");
    const auto& g = row.at("groups").at("tp");
    if (row.at("feasible").get<bool>()) {
      INFO(row.dump());
      CHECK(g.at("nodes") == 1);  // TP never crosses the fabric
      CHECK(g.at("boxes") == std::max(1, tp / 4));
      if (tp == 8) {
        ++tp8_fit;
        CHECK(g.at("where") == "TP 8 over 2 compute trays, one NVLink domain");
      }
    }
    if (tp == 32) {
      CHECK_FALSE(row.at("feasible").get<bool>());
      CHECK(row.at("reason") == "TP crosses nodes (tp 32 > 16 GPUs per node, the NVLink domain of 4 compute trays)");
      ++tp32_refused;
    }
  }
  CHECK(tp8_fit > 0);
  CHECK(tp32_refused > 0);
  // The text marks the TP 8 rows it lists.
  CHECK(report::format_plan(p, 1000).find("[TP 8 over 2 compute trays, one NVLink domain]") != std::string::npos);
}

TEST_CASE("plan on two GB200 NVL72 racks: the chosen EP group spans compute trays inside one rack, no group spans racks",
          "[plan][box]") {
  // scenarios/nvl72_mixtral_8x7b.yaml on 2 racks (128 GPUs; a rack is one node: one NVLink domain
  // of 16 compute trays of 4 GPUs here, the racks joined by InfiniBand). Mixtral's 8 experts give
  // EP 8, which spans 2 trays (4 GPUs each) and stays on NVLink: the plan's fastest layout uses it
  // (EP moves each token's hidden state to its experts and back in every MoE layer: on NVLink 5
  // that all-to-all is cheaper than the full-model sharding traffic of EP 1). No TP group may
  // leave a rack (refused: TP's per-layer all-reduces on the InfiniBand fabric), and the fastest
  // layout keeps its EP group in one rack too.
  PlanOptions po;
  po.simulate = 4;
  const std::string path = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/nvl72_mixtral_8x7b.yaml";
  const auto spec = load_scenario(path, {"nodes=2"});
  const train::PlanResult p = plan_layouts(spec, {"nodes=2"}, po);
  CHECK(p.gpus == 128);
  CHECK(p.box_name == "compute tray");
  CHECK(p.gpus_per_box == 4);
  const nlohmann::json j = report::plan_to_json(p);
  const nlohmann::json* best = nullptr;
  for (const auto& row : j.at("layouts")) {
    if (!row.at("feasible").get<bool>()) continue;
    INFO(row.dump());
    CHECK(row.at("groups").at("tp").at("nodes") == 1);  // TP never crosses the fabric between racks
    if (row.at("simulated").get<bool>() &&
        (best == nullptr || row.at("result").at("step_s") < best->at("result").at("step_s")))
      best = &row;
  }
  REQUIRE(best != nullptr);
  INFO(best->dump());
  const auto& ep = best->at("groups").at("ep");
  CHECK(best->at("layout").at("ep") == 8);
  CHECK(ep.at("nodes") == 1);
  CHECK(ep.at("boxes").get<int>() >= 2);
  CHECK(ep.at("where").get<std::string>().find("compute trays, one NVLink domain") != std::string::npos);
}
