// The cost of a run, rent and own side by side (train/cost_of_run.hpp), the price list it
// reads (topo/prices.hpp) and the system files' node overheads.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include "drive/run.hpp"
#include "scenario/error.hpp"
#include "topo/catalog.hpp"
#include "topo/cluster.hpp"
#include "train/cost_of_run.hpp"
#include "train/strategy.hpp"

using namespace simtrain;

namespace {
const std::string kSrc = SIMTRAIN_TEST_SOURCE_DIR;

train::CostInput given(double v) {
  train::CostInput c;
  c.value = v;
  c.origin = train::Origin::scenario;
  return c;
}

// 8 GPUs at 700 W on one node with 1,000 W of overhead, PUE 1.2; $2.50/GPU-h to rent,
// $30,000 a GPU to buy, written off over 4 years; $0.10/kWh.
train::CostInputs eight_gpus() {
  train::CostInputs in;
  in.gpus = 8;
  in.nodes = 1;
  in.gpu_power_w = 700;
  in.pue = 1.2;
  in.node_overhead_w = given(1000);
  in.gpu_hour = given(2.50);
  in.gpu_purchase = given(30000);
  in.life_years = given(4);
  in.electricity_per_kwh = given(0.10);
  return in;
}
}  // namespace

TEST_CASE("rent and own of a 10-hour run, by hand", "[cost]") {
  const double ten_hours = 10 * 3600.0;
  SECTION("power: (8 x 700 W + 1,000 W) x PUE 1.2 = 7,920 W; 10 h = 79.2 kWh") {
    const train::CostFigures f = train::cost_of(eight_gpus(), ten_hours);
    CHECK(f.power_w == Approx(7920));
    CHECK(f.kwh == Approx(79.2));
  }
  SECTION("rent: 8 GPUs x $2.50/GPU-h x 10 h = $200; the rate pays the power, so no bill is added") {
    CHECK(*train::cost_of(eight_gpus(), ten_hours).rent == Approx(200));
  }
  SECTION("own: capex 8 x $30,000 x 10 h / (4 x 8,760 h) = $68.49; power 79.2 kWh x $0.10 = $7.92; $76.41") {
    const train::CostFigures f = train::cost_of(eight_gpus(), ten_hours);
    CHECK(*f.capex == Approx(240000.0 * 10 / 35040));  // 68.4931...
    CHECK(*f.capex == Approx(68.49).epsilon(1e-4));
    CHECK(*f.energy == Approx(7.92));
    CHECK(*f.own == Approx(68.4931506849 + 7.92));
    CHECK(*f.headline("own") == Approx(76.4131506849));
    CHECK(*f.headline("rent") == Approx(200));
  }
  SECTION("a node price joins the capex: (8 x $30,000 + 1 x $50,000) x 10 / 35,040 = $82.76") {
    train::CostInputs in = eight_gpus();
    in.node_price = given(50000);
    CHECK(*train::cost_of(in, ten_hours).capex == Approx(290000.0 * 10 / 35040));
  }
  SECTION("two nodes: the overhead and the node price count per node") {
    train::CostInputs in = eight_gpus();
    in.nodes = 2;
    in.node_price = given(50000);
    const train::CostFigures f = train::cost_of(in, ten_hours);
    CHECK(f.power_w == Approx((5600 + 2000) * 1.2));
    CHECK(*f.capex == Approx(340000.0 * 10 / 35040));
  }
}

TEST_CASE("a cost without its price is no figure, never $0", "[cost]") {
  SECTION("no GPU-hour rate: rent is unknown, and so is a rent headline") {
    train::CostInputs in = eight_gpus();
    in.gpu_hour = {};
    const train::CostFigures f = train::cost_of(in, 3600);
    CHECK_FALSE(f.rent);
    CHECK_FALSE(f.headline("rent"));
    CHECK(f.own);
  }
  SECTION("no purchase price, or no electricity price: own is unknown") {
    train::CostInputs in = eight_gpus();
    in.gpu_purchase = {};
    CHECK_FALSE(train::cost_of(in, 3600).own);
    in = eight_gpus();
    in.electricity_per_kwh = {};
    CHECK_FALSE(train::cost_of(in, 3600).own);
    CHECK(train::cost_of(in, 3600).capex);
  }
}

TEST_CASE("every GPU of the catalog has a dated, sourced purchase price and cloud rate", "[cost][catalog]") {
  auto cat = topo::Catalog::load(kSrc + "/topologies/devices.yaml");
  const topo::PriceList& prices = cat->prices();
  REQUIRE_FALSE(prices.path.empty());
  for (const auto& [key, gpu] : cat->gpus()) {
    INFO(key);
    const topo::GpuPrices* p = prices.gpu(key);
    REQUIRE(p);
    REQUIRE(p->purchase);
    REQUIRE(p->cloud_gpu_hour);
    CHECK(p->purchase->usd > 0);
    CHECK(p->cloud_gpu_hour->usd > 0);
    CHECK_FALSE(p->purchase->date.empty());
    CHECK_FALSE(p->purchase->source.empty());
    CHECK_FALSE(p->cloud_gpu_hour->date.empty());
    CHECK_FALSE(p->cloud_gpu_hour->source.empty());
  }
  SECTION("the RTX 4090's purchase is NVIDIA's $1,599 launch MSRP") {
    CHECK(prices.gpu("rtx_4090")->purchase->usd == 1599);
  }
  SECTION("the defaults: electricity and a life, each with a source") {
    REQUIRE(prices.electricity_per_kwh);
    CHECK_FALSE(prices.electricity_per_kwh->source.empty());
    REQUIRE(prices.life_years);
    CHECK(*prices.life_years == 4);
    CHECK_FALSE(prices.life_source.empty());
  }
}

TEST_CASE("every shipped system gives its node overhead with a source", "[cost][catalog]") {
  int systems = 0;
  for (const auto& e : std::filesystem::directory_iterator(kSrc + "/topologies")) {
    if (e.path().extension() != ".yaml") continue;
    const std::string stem = e.path().stem().string();
    if (stem == "devices" || stem == "prices" || stem == "collectives" || stem == "compute" || stem == "software" ||
        stem == "reliability" || stem == "megatron_core" || stem == "serving")
      continue;
    INFO(e.path().string());
    auto c = topo::load_system(e.path().string());
    const topo::NodeOverhead& o = c->node_overhead();
    REQUIRE(o.power_w);
    CHECK(*o.power_w > 0);
    CHECK_FALSE(o.power_source.empty());
    if (o.price_usd) {
      CHECK_FALSE(o.price_date.empty());
      CHECK_FALSE(o.price_source.empty());
    }
    ++systems;
  }
  CHECK(systems >= 10);
}

TEST_CASE("a price list is checked against the catalog", "[cost][catalog]") {
  auto cat = topo::Catalog::load(kSrc + "/topologies/devices.yaml");
  SECTION("a GPU the catalog lacks is an error at its key, with the near miss") {
    try {
      topo::load_prices(kSrc + "/tests/data/bad_prices.yaml", *cat);
      FAIL("expected a ScenarioError");
    } catch (const ScenarioError& e) {
      CHECK(e.line() == 3);
      CHECK_THAT(e.message(), Catch::Contains("a100_sxm4_40gb"));
    }
  }
  SECTION("a price without its source is an error") {
    CHECK_THROWS_AS(topo::load_prices(kSrc + "/tests/data/bad_prices_no_source.yaml", *cat), ScenarioError);
  }
}

TEST_CASE("each cost input comes from the scenario, else the system, else the catalog", "[cost]") {
  const std::string scen = kSrc + "/scenarios/8xA100_imagenet_resnet50.yaml";  // dgx_a100, no energy: or cost:
  SECTION("defaults: the DGX A100's 1,500 W and $119,000 node, the A100 40GB's catalog prices") {
    ScenarioSpec s = load_scenario(scen, {});
    auto c = topo::load_system(s.system_path);
    const train::CostInputs in = train::resolve_cost_inputs(s, *c, c->gpu_model(0), 8, 1, 300);
    CHECK(in.node_overhead_w.origin == train::Origin::system);
    CHECK(*in.node_overhead_w.value == 1500);
    CHECK(*in.node_price.value == 119000);
    CHECK(in.gpu_hour.origin == train::Origin::catalog);
    CHECK(*in.gpu_hour.value == Approx(4.096));  // AWS p4d.24xlarge $32.77/h / 8
    CHECK(*in.gpu_purchase.value == 10000);
    CHECK(in.electricity_per_kwh.origin == train::Origin::catalog);
    CHECK(*in.life_years.value == 4);
  }
  SECTION("the scenario's figures win, and say so") {
    ScenarioSpec s = load_scenario(scen, {"energy.node_overhead=800 W", "cost.gpu_hour=$1.80", "cost.purchase=$9000",
                                          "cost.node_price=$0", "cost.life_years=3", "energy.electricity=$0.12",
                                          "cost.basis=own"});
    auto c = topo::load_system(s.system_path);
    const train::CostInputs in = train::resolve_cost_inputs(s, *c, c->gpu_model(0), 8, 1, 300);
    CHECK(in.node_overhead_w.origin == train::Origin::scenario);
    CHECK(*in.node_overhead_w.value == 800);
    CHECK(*in.gpu_hour.value == Approx(1.80));
    CHECK(*in.gpu_purchase.value == 9000);
    CHECK(*in.node_price.value == 0);
    CHECK(*in.life_years.value == 3);
    CHECK(*in.electricity_per_kwh.value == Approx(0.12));
    CHECK(in.basis == "own");
  }
  SECTION("a negative price or a zero life is refused") {
    CHECK_THROWS_AS(load_scenario(scen, {"cost.gpu_hour=-1 USD"}), ScenarioError);
    CHECK_THROWS_AS(load_scenario(scen, {"cost.life_years=0"}), ScenarioError);
    CHECK_THROWS_AS(load_scenario(scen, {"cost.basis=lease"}), ScenarioError);
  }
}

TEST_CASE("a run's headline cost is its basis's, rent and own both reported", "[cost]") {
  const std::string scen = kSrc + "/scenarios/8xA100_imagenet_resnet50.yaml";
  drive::RunOptions o;
  o.steps_override = 2;
  // No failures: no checkpoints, the whole run is 1,000 steps back to back.
  const std::vector<std::string> run = {"run.steps=1000", "run.failures.per_gpu_hour=0", "run.failures.per_node_hour=0"};
  std::vector<std::string> own_sets = run;
  own_sets.push_back("cost.basis=own");
  const train::RunResult rent = drive::run_scenario(load_scenario(scen, run), o);
  const train::RunResult own = drive::run_scenario(load_scenario(scen, own_sets), o);
  REQUIRE(rent.priced);
  REQUIRE(own.priced);
  CHECK(rent.cost_per_step == Approx(*rent.step_cost.rent));
  CHECK(own.cost_per_step == Approx(*own.step_cost.own));
  // Rent: 8 GPUs x $4.096/GPU-h x the step time.
  CHECK(*rent.step_cost.rent == Approx(8 * 4.096 * rent.step_time_s / 3600));
  // The run is 1,000 steps of the same.
  CHECK(rent.run_cost == Approx(1000 * rent.cost_per_step));
  CHECK(*own.run_cost_figures.own == Approx(1000 * *own.step_cost.own));
  CHECK(*rent.run_cost_figures.rent == Approx(rent.run_cost));
  // The step itself does not move with the price.
  CHECK(rent.step_time_s == own.step_time_s);
}

TEST_CASE("the whole run is priced over its expected wall clock", "[cost][goodput]") {
  const std::string scen = kSrc + "/scenarios/8xA100_imagenet_resnet50.yaml";
  drive::RunOptions o;
  o.steps_override = 2;
  // Failures at a high rate: checkpoints and restarts lengthen the run beyond its work.
  const train::RunResult r = drive::run_scenario(
      load_scenario(scen, {"run.steps=100000", "run.failures.per_gpu_hour=0.01"}), o);
  const train::WholeRun& w = r.whole_run;
  REQUIRE(w.expected.finishes);
  REQUIRE(w.expected.wall_s > w.expected.work_s);
  REQUIRE(r.priced);
  // Rent: the GPUs are held over the whole wall clock.
  CHECK(*r.run_cost_figures.rent == Approx(8 * *r.cost_inputs.gpu_hour.value * w.expected.wall_s / 3600));
  CHECK(r.run_cost == Approx(*r.run_cost_figures.rent));
  CHECK(r.run_hours == Approx(w.expected.wall_s / 3600));
  // Own: the purchase's share over the wall clock, power at the training draw while busy and
  // at idle while checkpointing and restarting (less than the training draw over it all).
  REQUIRE(r.run_cost_figures.own);
  const train::CostFigures all_busy = train::cost_of(r.cost_inputs, w.expected.wall_s);
  CHECK(*r.run_cost_figures.capex == Approx(*all_busy.capex));
  CHECK(r.run_cost_figures.kwh < all_busy.kwh);
  CHECK(r.run_energy_kwh == Approx(r.run_cost_figures.kwh));
  CHECK(*r.run_cost_figures.energy == Approx(r.run_cost_figures.kwh * *r.cost_inputs.electricity_per_kwh.value));
  CHECK(*r.run_cost_figures.own == Approx(*r.run_cost_figures.capex + *r.run_cost_figures.energy));
}

TEST_CASE("busy and idle stretches: rent and capex over both, power at each's draw", "[cost]") {
  train::CostInputs in;
  in.gpus = 8;
  in.nodes = 1;
  in.gpu_power_w = 400;
  in.node_overhead_w.value = 1000;
  in.gpu_hour.value = 2;
  in.gpu_purchase.value = 20000;
  in.life_years.value = 4;
  in.electricity_per_kwh.value = 0.1;
  const train::CostFigures f = train::cost_of(in, 3600, 1800, 100);
  CHECK(*f.rent == Approx(8 * 2 * 1.5));
  CHECK(*f.capex == Approx(8 * 20000 * 1.5 / (4 * train::kHoursPerYear)));
  CHECK(f.kwh == Approx(((8 * 400 + 1000) * 1.0 + (8 * 100 + 1000) * 0.5) / 1000));
  CHECK(*f.energy == Approx(f.kwh * 0.1));
  CHECK(*f.own == Approx(*f.capex + *f.energy));
  in.gpu_hour.value.reset();
  CHECK_FALSE(train::cost_of(in, 3600, 1800, 100).rent);
}

// Prices as buyers have them.
TEST_CASE("break-even utilisation: capex per hour of life / (rent per hour - power per hour)", "[cost][prices]") {
  // One GPU bought for $35,040 over 4 years (35,040 h): $1 per hour of life. Rented at $3/h;
  // drawing 1,000 W at PUE 1 and $0.50/kWh: $0.50 of power per busy hour.
  train::CostInputs in;
  in.gpus = 1;
  in.nodes = 1;
  in.gpu_power_w = 1000;
  in.node_overhead_w.value = 0;
  in.gpu_hour.value = 3;
  in.gpu_purchase.value = 35040;
  in.node_price.value = 0;
  in.life_years.value = 4;
  in.electricity_per_kwh.value = 0.5;
  SECTION("$1/h of capex against $3 - $0.50 saved per busy hour: owning pays at 40% busy") {
    const auto b = train::break_even(in);
    REQUIRE(b);
    CHECK(b->capex_per_hour() == Approx(1.0));
    CHECK(b->power_per_hour == Approx(0.5));
    CHECK(b->utilisation == Approx(0.4));
  }
  SECTION("a node price counts in the capex: + $35,040 doubles it, and the utilisation") {
    in.node_price.value = 35040;
    CHECK(train::break_even(in)->utilisation == Approx(0.8));
  }
  SECTION("a rate no higher than the power bill: renting is cheaper however busy (no break-even)") {
    in.gpu_hour.value = 0.5;
    CHECK(std::isinf(train::break_even(in)->utilisation));
  }
  SECTION("without a purchase price there is no break-even to give") {
    in.gpu_purchase.value.reset();
    CHECK_FALSE(train::break_even(in));
  }
}

TEST_CASE("a run's prices: its system's quote, else its GPU's, else cost.* on the file's system, else the catalog",
          "[cost][prices]") {
  // tests/data/prices/tinyllama_quotes.yaml: workstation_4x4090 quoted by system ($2,200 a GPU,
  // $4,500 a node, $0.45/GPU-h), a100_pcie_80gb by GPU ($7,500, $1.60/GPU-h).
  const std::string scen = kSrc + "/tests/data/prices/tinyllama_quotes.yaml";
  auto inputs = [](const ScenarioSpec& s) {
    auto c = topo::load_system(s.system_path);
    return train::resolve_cost_inputs(s, *c, c->gpu_model(0), c->gpus_per_node(), 1, 300);
  };
  SECTION("the 4090 workstation takes its system quote, node price included") {
    const train::CostInputs in = inputs(load_scenario(scen, {}));
    CHECK(in.gpu_purchase.origin == train::Origin::system_quote);
    CHECK(in.gpu_purchase.quote == "workstation_4x4090");
    CHECK(*in.gpu_purchase.value == 2200);
    CHECK(*in.node_price.value == 4500);
    CHECK(*in.gpu_hour.value == Approx(0.45));
  }
  SECTION("the A100 workstation takes its GPU's quote, and the system file's node price ($6,000)") {
    const train::CostInputs in = inputs(load_scenario(scen, {"system=workstation_1xa100_pcie"}));
    CHECK(in.gpu_purchase.origin == train::Origin::gpu_quote);
    CHECK(*in.gpu_purchase.value == 7500);
    CHECK(*in.gpu_hour.value == Approx(1.60));
    CHECK(in.node_price.origin == train::Origin::system);
    CHECK(*in.node_price.value == 6000);
  }
  SECTION("a system quote wins over the GPU's") {
    const train::CostInputs in =
        inputs(load_scenario(scen, {"system=workstation_1xa100_pcie", "prices.workstation_1xa100_pcie.purchase=$8000"}));
    CHECK(in.gpu_purchase.origin == train::Origin::system_quote);
    CHECK(*in.gpu_purchase.value == 8000);
  }
  SECTION("a system no quote covers takes the catalog's list price (dgx_a100: the A100 40GB's $10,000)") {
    const train::CostInputs in = inputs(load_scenario(scen, {"system=dgx_a100"}));
    CHECK(in.gpu_purchase.origin == train::Origin::catalog);
    CHECK(*in.gpu_purchase.value == 10000);
    CHECK(in.gpu_purchase.date == "2023-02");
  }
}

TEST_CASE("cost.* is the file's own system's quote: another system is refused, a --set figure applies", "[cost][prices]") {
  const std::string scen = kSrc + "/tests/data/prices/single_quote.yaml";  // workstation_4x4090, cost.purchase $2,200
  auto inputs = [](const ScenarioSpec& s) {
    auto c = topo::load_system(s.system_path);
    return train::resolve_cost_inputs(s, *c, c->gpu_model(0), c->gpus_per_node(), 1, 300);
  };
  SECTION("on its own system (named again by --set) the quote applies") {
    CHECK(*inputs(load_scenario(scen, {"system=workstation_4x4090"})).gpu_purchase.value == 2200);
  }
  SECTION("on another system it is refused at cost.purchase, line 10") {
    try {
      inputs(load_scenario(scen, {"system=workstation_1xa100_pcie"}));
      FAIL("expected a ScenarioError");
    } catch (const ScenarioError& e) {
      CHECK(e.line() == 10);
      CHECK_THAT(e.message(), Catch::Contains("prices:"));
    }
  }
  SECTION("given by --set, it is the user's figure for that run whatever the system") {
    const train::CostInputs in = inputs(load_scenario(scen, {"system=workstation_1xa100_pcie", "cost.purchase=$9000"}));
    CHECK(in.gpu_purchase.origin == train::Origin::scenario);
    CHECK(*in.gpu_purchase.value == 9000);
  }
}

TEST_CASE("reserved and spot rates: quoted, else on demand less the price list's published discount", "[cost][prices]") {
  const std::string scen = kSrc + "/scenarios/8xA100_imagenet_resnet50.yaml";  // dgx_a100: A100 40GB, $4.096/GPU-h
  auto inputs = [](const ScenarioSpec& s) {
    auto c = topo::load_system(s.system_path);
    return train::resolve_cost_inputs(s, *c, c->gpu_model(0), 8, 1, 300);
  };
  SECTION("spot: 60% off (Google Cloud's least spot discount for GPUs): $4.096 x 0.4") {
    const train::CostInputs in =
        inputs(load_scenario(scen, {"cost.rate=spot", "cost.spot_preemption.per_node_hour=0.05"}));
    CHECK(in.gpu_hour.origin == train::Origin::derived);
    CHECK(*in.gpu_hour.value == Approx(4.096 * 0.4));
    CHECK(in.preemptions_per_node_hour == Approx(0.05));
  }
  SECTION("reserved: 30% off (the low end of the 30-60% published for 1-3 year commitments)") {
    CHECK(*inputs(load_scenario(scen, {"cost.rate=reserved"})).gpu_hour.value == Approx(4.096 * 0.7));
  }
  SECTION("a quoted spot rate wins over the derived one") {
    const train::CostInputs in = inputs(load_scenario(
        scen, {"cost.rate=spot", "cost.spot_gpu_hour=$1.20", "cost.spot_preemption.node_mtbp=20 h"}));
    CHECK(in.gpu_hour.origin == train::Origin::scenario);
    CHECK(*in.gpu_hour.value == Approx(1.20));
    CHECK(in.preemptions_per_node_hour == Approx(0.05));  // one per 20 h
  }
  SECTION("spot without a preemption rate, or owned, is refused") {
    CHECK_THROWS_AS(load_scenario(scen, {"cost.rate=spot"}), ScenarioError);
    CHECK_THROWS_AS(load_scenario(scen, {"cost.rate=spot", "cost.spot_preemption.per_node_hour=0.05", "cost.basis=own"}),
                    ScenarioError);
    CHECK_THROWS_AS(load_scenario(scen, {"cost.spot_preemption.per_node_hour=0.05"}), ScenarioError);
  }
  SECTION("a rate changed by --set keeps the preemption figures for spot, and an on-demand run has none") {
    const train::CostInputs in =
        inputs(load_scenario(scen, {"cost.rate=on_demand", "cost.spot_preemption.per_node_hour=0.05"}));
    CHECK(in.preemptions_per_node_hour == 0);
    CHECK(*in.gpu_hour.value == Approx(4.096));
  }
}

TEST_CASE("spot preemptions are failures of the whole run: a longer wall clock at a lower rate", "[cost][goodput][prices]") {
  const std::string scen = kSrc + "/scenarios/8xA100_imagenet_resnet50.yaml";
  drive::RunOptions o;
  o.steps_override = 2;
  const std::vector<std::string> run = {"run.steps=100000"};
  std::vector<std::string> spot = run;
  spot.insert(spot.end(), {"cost.rate=spot", "cost.spot_preemption.per_node_hour=0.1"});
  const train::RunResult od = drive::run_scenario(load_scenario(scen, run), o);
  const train::RunResult sp = drive::run_scenario(load_scenario(scen, spot), o);
  REQUIRE(od.whole_run.expected.finishes);
  REQUIRE(sp.whole_run.expected.finishes);
  // The job's stop rate is the failures' plus 0.1 per node-hour: its MTBF is 1 / (that).
  const double failures_per_hour = od.whole_run.failures_per_gpu_hour * 8;
  CHECK(sp.whole_run.mtbf_s == Approx(3600 / (failures_per_hour + 0.1)));
  CHECK(sp.whole_run.expected.wall_s > od.whole_run.expected.wall_s);
  // The spot report's "without them" is the on-demand run's wall clock.
  CHECK(sp.whole_run.wall_without_preemptions_s == Approx(od.whole_run.expected.wall_s));
  CHECK(sp.whole_run.preemption_share == Approx(0.1 / (failures_per_hour + 0.1)));
  // Rent: 40% of the on-demand rate over a longer wall clock.
  CHECK(*sp.run_cost_figures.rent ==
        Approx(*od.run_cost_figures.rent * 0.4 * sp.whole_run.expected.wall_s / od.whole_run.expected.wall_s));
}
