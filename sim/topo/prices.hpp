// The price list: what each GPU of the catalog costs to buy and to rent on demand, the
// defaults of the own-it cost (electricity price, years of life) and the published discounts
// of reserved and spot rates off on-demand ones, from topologies/prices.yaml
// beside devices.yaml. Every figure carries its date and its source (the file says which are
// list prices and which are assumptions); this part only loads and checks them: unknown keys,
// a GPU that is not in the catalog, a price without a date or a source are errors with
// file:line:col. A catalog without a prices.yaml has no prices: costs then say "no price
// given" rather than $0. How the prices become a run's cost: train/cost_of_run.hpp.
#pragma once

#include <map>
#include <optional>
#include <string>

namespace simtrain {
class Field;
}

namespace simtrain::topo {

class Catalog;

// A price and where it comes from.
struct DatedPrice {
  double usd = 0;
  std::string date, source;
};

struct GpuPrices {
  std::optional<DatedPrice> purchase;        // one GPU
  std::optional<DatedPrice> cloud_gpu_hour;  // one GPU-hour on demand
};

// A share off the on-demand rate (reserved, spot), with where it comes from.
struct DatedDiscount {
  double share = 0;  // in [0, 1)
  std::string date, source;
};

struct PriceList {
  std::string path;  // "" : no price list next to the catalog
  std::map<std::string, GpuPrices> gpus;     // by catalog GPU key
  std::optional<DatedPrice> electricity_per_kwh;
  std::optional<double> life_years;
  std::string life_source;
  std::optional<DatedDiscount> reserved_discount, spot_discount;  // defaults.reserved, defaults.spot

  const GpuPrices* gpu(const std::string& key) const {
    auto it = gpus.find(key);
    return it == gpus.end() ? nullptr : &it->second;
  }
};

// topologies/prices.yaml beside the catalog file.
std::string default_prices_path(const std::string& catalog_path);
// Loads and checks a price list against the catalog's GPUs (throws ScenarioError).
PriceList load_prices(const std::string& path, const Catalog& catalog);
// One GPU's entry of a price list's `gpus:` (purchase, cloud_gpu_hour, each with its date and
// source); also what a catalog extension's `prices:` holds (topo/catalog.hpp).
GpuPrices parse_gpu_prices(const Field& entry);

}  // namespace simtrain::topo
