// What a training run costs, two ways, side by side (docs/model/cost.md):
//
//   rent  = GPUs x hours x rate                         rate: $ per GPU-hour at cost.rate's kind
//   own   = capex share + power                         (total cost of ownership)
//     capex share = (GPUs x purchase + nodes x node price) x hours / (life x 8760 h)
//                   -- a purchase written off linearly over `life` years, used around the
//                   clock (utilisation 100%: an idle cluster costs more per useful hour)
//     power       = kWh x price per kWh
//   kWh   = (GPUs x GPU power + nodes x node overhead) x PUE x hours / 1000
//
// GPU power is the run's (between idle and TDP by compute utilisation: drive/run.cpp); node
// overhead is the power of a node beyond its GPUs (CPUs, NICs, NVSwitches, fans, drives).
// A cloud rate already pays for the server, its power and the building, so rent adds no
// power bill.
//
// Rent vs own: the break-even utilisation. Owned, the machine costs its purchase whether busy
// or not, plus power while busy (an idle machine's draw is not billed: assumed switched off,
// which flatters owning a little); rented, it costs the rate while busy only. Busy a share u
// of a life of L = life x 8760 hours, owning costs C + u L P and renting u L R, with
//     C = GPUs x purchase + nodes x node price      R = GPUs x rate (per hour)
//     P = (GPUs x GPU power + nodes x node overhead) x PUE / 1000 x price per kWh (per hour)
// They cost the same at
//     u* = C / (L (R - P)) = capex per hour of life / (rent per hour - power per hour)
// Busier than u*, owning is cheaper. R <= P: renting is cheaper however busy (no break-even);
// u* > 1: owning costs more even busy around the clock. Per busy hour: a spot rate's
// preemptions (lost work, restarts) are not in R; the whole run's cost has them.
//
// Rate kinds (cost.rate): on_demand, reserved (a commitment: a lower rate), spot (the provider
// takes the nodes back: each preemption stops the job as a failure does, so the whole run's
// expected wall clock counts them: train/goodput.hpp, drive/whole_run.cpp).
//
// Where each price comes from, first found wins (scenario/cost_spec.hpp has the keys):
//   1. the scenario's quote for the run's system   (prices: {SYSTEM: ...})
//   2. the scenario's quote for the run's GPU      (prices: {GPU_KEY: ...})
//   3. the scenario's single figure (cost.*), only on the file's own system or when given by
//      --set; a run on another system that would fall to it is refused at the cost.* key
//      (never priced with another machine's figure)
//   4. the system file (node price, node overhead), else the catalog's price list (GPU
//      prices, electricity, life; topo/prices.hpp), dated and sourced
// A reserved or spot rate that no quote gives is the on-demand rate found so, less the price
// list's published discount (defaults.reserved / defaults.spot), and says so. The inputs keep
// where they came from, so a report can say which figures are quotes and which defaults. A
// cost whose price is missing is not a figure (nullopt): reports say "no price given", never
// $0. A missing node price or node overhead counts as 0 and is flagged as missing
// (Origin::none) for the report to say so. A prices: name that is neither a GPU of the
// catalog nor a system file is an error at its key.
#pragma once

#include <optional>
#include <string>

#include "base/enum_names.hpp"
#include "scenario/cost_spec.hpp"

namespace simtrain {
struct ScenarioSpec;
namespace topo {
class Cluster;
struct GpuModel;
}  // namespace topo
}  // namespace simtrain

namespace simtrain::train {

// system_quote / gpu_quote: a prices: entry; derived: on demand less a discount.
enum class Origin { none, scenario, system_quote, gpu_quote, system, catalog, derived };
// As the report says where a figure came from (labels only).
inline constexpr auto kOriginLabels = enum_names<Origin>({{Origin::none, "not given", NameUse::kPrintOnly},
                                                          {Origin::scenario, "scenario", NameUse::kPrintOnly},
                                                          {Origin::system_quote, "scenario quote for system", NameUse::kPrintOnly},
                                                          {Origin::gpu_quote, "scenario quote for GPU", NameUse::kPrintOnly},
                                                          {Origin::system, "system", NameUse::kPrintOnly},
                                                          {Origin::catalog, "catalog", NameUse::kPrintOnly},
                                                          {Origin::derived, "derived", NameUse::kPrintOnly}});
const char* origin_name(Origin o);

// One input of the cost, with where it came from (date and source for catalog, system and
// quoted figures; the quote's name for a prices: entry).
struct CostInput {
  std::optional<double> value;
  Origin origin = Origin::none;
  std::string date, source;
  std::string quote;  // system_quote / gpu_quote: the prices: entry's name
};

struct CostInputs {
  int gpus = 0, nodes = 0;
  double gpu_power_w = 0;  // one GPU, mean over the step
  double pue = 1;
  CostInput node_overhead_w;      // per node
  CostInput electricity_per_kwh;  // USD
  RateKind rate = RateKind::on_demand;  // rent's rate kind (cost.rate)
  CostInput gpu_hour;             // USD per GPU-hour at `rate` (rent)
  // A derived rate (gpu_hour.origin == derived): on_demand x (1 - discount).
  CostInput on_demand_gpu_hour;
  double discount = 0;
  std::string discount_date, discount_source;
  // Spot: preemptions, counted as failures by the whole run (train/goodput.hpp).
  double preemptions_per_gpu_hour = 0, preemptions_per_node_hour = 0;
  CostInput gpu_purchase;         // USD per GPU (own)
  CostInput node_price;           // USD per node beyond its GPUs (own)
  CostInput life_years;           // own
  std::string basis = "rent";     // the headline: rent | own
};

// Energy and cost of one step (or of any stretch: `seconds` of training).
struct CostFigures {
  double power_w = 0, joules = 0, kwh = 0;
  std::optional<double> rent;    // USD
  std::optional<double> capex;   // USD, the purchase's share
  std::optional<double> energy;  // USD, the power bill (own)
  std::optional<double> own;     // capex + energy
  // The basis's figure (rent or own), or nullopt: "no price given".
  std::optional<double> headline(const std::string& basis) const { return basis == "own" ? own : rent; }
};

constexpr double kHoursPerYear = 8760;  // 365 days; a written-off life runs around the clock

CostFigures cost_of(const CostInputs& in, double seconds);

// A stretch of `busy_s` seconds training (GPUs at in.gpu_power_w) and `idle_s` seconds with
// the GPUs idle at `idle_gpu_power_w` (checkpoint writes and restarts: the whole run,
// train/goodput.hpp). Rent and the purchase's share run over both; the power bill is each
// part's draw; power_w is the mean over both.
CostFigures cost_of(const CostInputs& in, double busy_s, double idle_s, double idle_gpu_power_w);

// Rent vs own (formula above): the break-even utilisation and the per-hour figures it rests on.
struct BreakEven {
  double capex_usd = 0;             // C
  double life_hours = 0;            // L
  double rent_per_hour = 0;         // R
  double power_per_hour = 0;        // P
  double utilisation = 0;           // u*; infinite: renting is cheaper however busy
  double capex_per_hour() const { return life_hours > 0 ? capex_usd / life_hours : 0; }
};
// nullopt when rent or own has no price.
std::optional<BreakEven> break_even(const CostInputs& in);

// The inputs of a run on `gpus` GPUs of model `gpu` over `nodes` nodes of `cluster`, each from
// the scenario's quotes, else the system file, else the catalog's price list (the order above);
// throws ScenarioError for a prices: name neither a GPU nor a system, or a cost.* figure that
// would price another system.
CostInputs resolve_cost_inputs(const ScenarioSpec& spec, const topo::Cluster& cluster, const topo::GpuModel& gpu,
                               int gpus, int nodes, double gpu_power_w);

}  // namespace simtrain::train
