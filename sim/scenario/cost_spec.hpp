// What a scenario says about money: its `cost:` block (the headline basis, the rent's rate kind,
// its single quotes, the spot preemption rate) and its `prices:` table of quotes per system or
// per GPU. Parsed once at the edge; how the figures become a run's cost (and which wins) is
// train/cost_of_run.hpp's.
//
//   prices:                         # quotes as the buyer has them, for any system or GPU
//     workstation_4x4090:           # a system (as `system:` names one: shipped name or file)
//       purchase: $1,750            # per GPU
//       node_price: $3,500          # per node beyond its GPUs
//       source: "Vendor quote Q-1234, 2025-06"
//     a100_pcie_80gb:               # a GPU of the catalog (devices.yaml's key, shipped or not)
//       gpu_hour: $1.80             # on demand, per GPU-hour
//       reserved_gpu_hour: $1.30
//       spot_gpu_hour: $0.90
//
// Single quotes in `cost:` (cost.gpu_hour, cost.purchase, cost.node_price, cost.reserved_gpu_hour,
// cost.spot_gpu_hour) are the quote for the file's own `system:`. A run on another system (a
// --set system=, a sweep or an advise over systems) does not take them: it takes its quote
// from `prices:`, and where that has none the run is refused at the cost.* key rather than
// priced with another machine's figure. A cost.* figure given by --set is the user's for that
// very run and applies whatever the system.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "scenario/yaml_doc.hpp"

namespace simtrain {

struct KeyTable;  // scenario/scenario.hpp

// The rent's rate kind (cost.rate).
enum class RateKind { on_demand, reserved, spot };
inline constexpr auto kRateKindNames =
    enum_names<RateKind>({{RateKind::on_demand, "on_demand"}, {RateKind::reserved, "reserved"}, {RateKind::spot, "spot"}});
const char* rate_kind_name(RateKind k);

// A price as the scenario gives it, with its key for errors.
struct QuotedPrice {
  double usd = 0;
  Field field;
  bool from_set = false;  // given by --set: for this run, whatever its system
};

// One entry of `prices:` (a system's or a GPU's quote). Which it is gets decided against the
// catalog where costs are resolved (train/cost_of_run.cpp): a GPU key of the catalog, else a
// system file (system_path).
struct PriceQuote {
  PriceQuote(std::string name_, Field field_, std::string system_path_)
      : name(std::move(name_)), field(std::move(field_)), system_path(std::move(system_path_)) {}
  std::string name;         // the key as written
  Field field;              // the entry (its key for errors)
  std::string system_path;  // the system file the name resolves to ("" : none)
  std::optional<QuotedPrice> gpu_hour, reserved_gpu_hour, spot_gpu_hour, purchase, node_price;
  std::string date, source;  // optional: where the quote comes from
};

struct CostSpec {
  RateKind rate = RateKind::on_demand;
  std::optional<Field> rate_field;
  // cost.* single quotes: the file's own system's (see above).
  std::optional<QuotedPrice> gpu_hour, reserved_gpu_hour, spot_gpu_hour, purchase, node_price;
  std::optional<double> life_years;  // a site figure: applies to every system
  // Spot preemptions (cost.spot_preemption): per GPU-hour and per node-hour (given as a rate
  // or as a node's mean time between preemptions). Required with rate: spot.
  double preemptions_per_gpu_hour = 0, preemptions_per_node_hour = 0;
  std::vector<PriceQuote> quotes;  // `prices:`
  // Whether the run's system is the file's own `system:` (false after a --set system= that
  // names another); files_system names it for messages.
  bool on_files_system = true;
  std::string files_system;
};

// The keys of `cost:` and of one `prices:` entry, for the scenario's key table.
const std::vector<std::string>& price_quote_keys();

// Parses `cost:` (checked against `table`'s cost.* keys) into `out`; `overridden`: the keys a
// --set changed. Errors are ScenarioErrors at their keys.
void parse_cost(const Field& cost, const KeyTable& table, const std::set<std::string>& overridden, CostSpec& out);
// Parses `prices:`; a name is resolved as a system file relative to `scenario_path` (as
// `system:` is) for the lookup, and checked against the catalog later.
std::vector<PriceQuote> parse_prices(const Field& prices, const std::string& scenario_path,
                                     const std::set<std::string>& overridden);

// "prices.NAME.KEY" -> "prices.<name>.KEY" (the key table's spelling); other paths unchanged.
std::string price_key_pattern(const std::string& path);

}  // namespace simtrain
