#include "train/cost_of_run.hpp"

#include "scenario/scenario.hpp"
#include "topo/cluster.hpp"

namespace simtrain::train {

const char* origin_name(Origin o) {
  switch (o) {
    case Origin::none: return "not given";
    case Origin::scenario: return "scenario";
    case Origin::system: return "system";
    case Origin::catalog: return "catalog";
  }
  return "?";
}

CostFigures cost_of(const CostInputs& in, double seconds) {
  CostFigures f;
  const double hours = seconds / 3600.0;
  const double node_w = in.node_overhead_w.value.value_or(0);
  f.power_w = (in.gpus * in.gpu_power_w + in.nodes * node_w) * in.pue;
  f.joules = f.power_w * seconds;
  f.kwh = f.joules / 3.6e6;
  if (in.gpu_hour.value) f.rent = in.gpus * *in.gpu_hour.value * hours;
  if (in.gpu_purchase.value && in.life_years.value) {
    const double capex = in.gpus * *in.gpu_purchase.value + in.nodes * in.node_price.value.value_or(0);
    f.capex = capex * hours / (*in.life_years.value * kHoursPerYear);
  }
  if (in.electricity_per_kwh.value) f.energy = f.kwh * *in.electricity_per_kwh.value;
  if (f.capex && f.energy) f.own = *f.capex + *f.energy;
  return f;
}

CostFigures cost_of(const CostInputs& in, double busy_s, double idle_s, double idle_gpu_power_w) {
  CostInputs idle_in = in;
  idle_in.gpu_power_w = idle_gpu_power_w;
  const CostFigures b = cost_of(in, busy_s), i = cost_of(idle_in, idle_s);
  auto sum = [](const std::optional<double>& x, const std::optional<double>& y) -> std::optional<double> {
    if (x && y) return *x + *y;
    return std::nullopt;
  };
  CostFigures f;
  f.joules = b.joules + i.joules;
  f.kwh = b.kwh + i.kwh;
  f.power_w = busy_s + idle_s > 0 ? f.joules / (busy_s + idle_s) : b.power_w;
  f.rent = sum(b.rent, i.rent);
  f.capex = sum(b.capex, i.capex);
  f.energy = sum(b.energy, i.energy);
  f.own = sum(b.own, i.own);
  return f;
}

namespace {

CostInput from_scenario(const std::optional<double>& v) {
  CostInput c;
  if (v) {
    c.value = v;
    c.origin = Origin::scenario;
  }
  return c;
}

CostInput from_catalog(const std::optional<topo::DatedPrice>& p) {
  CostInput c;
  if (p) {
    c.value = p->usd;
    c.origin = Origin::catalog;
    c.date = p->date;
    c.source = p->source;
  }
  return c;
}

}  // namespace

CostInputs resolve_cost_inputs(const ScenarioSpec& spec, const topo::Cluster& cluster, const topo::GpuModel& gpu,
                               int gpus, int nodes, double gpu_power_w) {
  CostInputs in;
  in.gpus = gpus;
  in.nodes = nodes;
  in.gpu_power_w = gpu_power_w;
  in.pue = spec.pue;
  in.basis = spec.cost_basis;
  const topo::PriceList& prices = cluster.catalog().prices();
  const topo::GpuPrices* gp = prices.gpu(gpu.key);
  const topo::NodeOverhead& node = cluster.node_overhead();

  in.node_overhead_w = from_scenario(spec.node_overhead_w);
  if (!in.node_overhead_w.value && node.power_w) {
    in.node_overhead_w.value = node.power_w;
    in.node_overhead_w.origin = Origin::system;
    in.node_overhead_w.source = node.power_source;
  }
  in.node_price = from_scenario(spec.node_price);
  if (!in.node_price.value && node.price_usd) {
    in.node_price.value = node.price_usd;
    in.node_price.origin = Origin::system;
    in.node_price.date = node.price_date;
    in.node_price.source = node.price_source;
  }
  in.gpu_hour = from_scenario(spec.gpu_hour_price);
  if (!in.gpu_hour.value && gp) in.gpu_hour = from_catalog(gp->cloud_gpu_hour);
  in.gpu_purchase = from_scenario(spec.gpu_purchase_price);
  if (!in.gpu_purchase.value && gp) in.gpu_purchase = from_catalog(gp->purchase);
  in.electricity_per_kwh = from_scenario(spec.electricity_per_kwh);
  if (!in.electricity_per_kwh.value) in.electricity_per_kwh = from_catalog(prices.electricity_per_kwh);
  in.life_years = from_scenario(spec.life_years);
  if (!in.life_years.value && prices.life_years) {
    in.life_years.value = prices.life_years;
    in.life_years.origin = Origin::catalog;
    in.life_years.source = prices.life_source;
  }
  return in;
}

}  // namespace simtrain::train
