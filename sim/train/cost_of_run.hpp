// What a training run costs, two ways, side by side (DESIGN §9):
//
//   rent  = GPUs x hours x rate                         rate: $ per GPU-hour on demand
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
// power bill. Each input comes from the scenario if it sets it (energy.*, cost.*), else from
// the system file (node overhead, node price) or the catalog's price list (GPU prices,
// electricity, life: topo/prices.hpp); the inputs keep where they came from, so a report can
// say which figures are defaults. A cost whose price is missing is not a figure (nullopt):
// reports say "no price given", never $0. A missing node price or node overhead counts as 0
// and is flagged as missing (Origin::none) for the report to say so.
#pragma once

#include <optional>
#include <string>

namespace simtrain {
struct ScenarioSpec;
namespace topo {
class Cluster;
struct GpuModel;
}  // namespace topo
}  // namespace simtrain

namespace simtrain::train {

enum class Origin { none, scenario, system, catalog };
const char* origin_name(Origin o);

// One input of the cost, with where it came from (date and source for catalog and system
// figures).
struct CostInput {
  std::optional<double> value;
  Origin origin = Origin::none;
  std::string date, source;
};

struct CostInputs {
  int gpus = 0, nodes = 0;
  double gpu_power_w = 0;  // one GPU, mean over the step
  double pue = 1;
  CostInput node_overhead_w;      // per node
  CostInput electricity_per_kwh;  // USD
  CostInput gpu_hour;             // USD per GPU-hour, on demand (rent)
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

// The inputs of a run on `gpus` GPUs of model `gpu` over `nodes` nodes of `cluster`, each from
// the scenario, else the system file, else the catalog's price list.
CostInputs resolve_cost_inputs(const ScenarioSpec& spec, const topo::Cluster& cluster, const topo::GpuModel& gpu,
                               int gpus, int nodes, double gpu_power_w);

}  // namespace simtrain::train
