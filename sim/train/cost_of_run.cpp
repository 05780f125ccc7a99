#include "train/cost_of_run.hpp"

#include <cmath>
#include <filesystem>
#include <limits>

#include "scenario/scenario.hpp"
#include "topo/cluster.hpp"

namespace simtrain::train {

const char* origin_name(Origin o) { return kOriginLabels.c_str(o); }

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

std::optional<BreakEven> break_even(const CostInputs& in) {
  if (!in.gpu_hour.value || !in.gpu_purchase.value || !in.life_years.value || !in.electricity_per_kwh.value)
    return std::nullopt;
  BreakEven b;
  b.capex_usd = in.gpus * *in.gpu_purchase.value + in.nodes * in.node_price.value.value_or(0);
  b.life_hours = *in.life_years.value * kHoursPerYear;
  b.rent_per_hour = in.gpus * *in.gpu_hour.value;
  b.power_per_hour = cost_of(in, 3600.0).kwh * *in.electricity_per_kwh.value;
  b.utilisation = b.rent_per_hour > b.power_per_hour ? b.capex_per_hour() / (b.rent_per_hour - b.power_per_hour)
                                                     : std::numeric_limits<double>::infinity();
  return b;
}

namespace {

// The prices: entries that apply to a run: its system's and its GPU's. Every entry is checked
// here, against the run's catalog (shipped GPUs and the scenario's extensions): a name is a
// GPU key of the catalog or a system file, not both, not neither.
struct Quotes {
  const PriceQuote* system = nullptr;
  const PriceQuote* gpu = nullptr;
};

Quotes applicable_quotes(const ScenarioSpec& spec, const topo::Catalog& catalog, const std::string& gpu_key) {
  Quotes out;
  std::error_code ec;
  for (const PriceQuote& q : spec.cost.quotes) {
    const bool is_gpu = catalog.gpus().count(q.name) > 0, is_system = !q.system_path.empty();
    if (is_gpu && is_system)
      throw q.field.key_error("'" + q.name + "' is both a GPU of the catalog and a system file (" + q.system_path +
                              "): rename the system file");
    if (!is_gpu && !is_system) {
      std::vector<std::string> known;
      for (const auto& [k, m] : catalog.gpus()) known.push_back(k);
      throw q.field.key_error("no system or GPU '" + q.name + "': a prices: entry names a system (as system: does: a "
                              "shipped system's name or a system file) or a GPU of the catalog" +
                              did_you_mean(q.name, known) + "; GPUs: " + join_names(known));
    }
    if (is_gpu && q.name == gpu_key) out.gpu = &q;
    if (is_system && !spec.system_path.empty() && std::filesystem::equivalent(q.system_path, spec.system_path, ec))
      out.system = &q;
  }
  return out;
}

CostInput from_quote(const PriceQuote& q, const QuotedPrice& p, Origin o) {
  CostInput c;
  c.value = p.usd;
  c.origin = o;
  c.date = q.date;
  c.source = q.source;
  c.quote = q.name;
  return c;
}

// One price by the order of cost_of_run.hpp, steps 1 to 3 (step 4 is the caller's): the
// system's quote, the GPU's, the scenario's single figure where it applies.
CostInput quoted(const ScenarioSpec& spec, const Quotes& quotes, std::optional<QuotedPrice> PriceQuote::*member,
                 const std::optional<QuotedPrice>& single, const std::string& key, const std::string& gpu_key) {
  if (quotes.system && quotes.system->*member) return from_quote(*quotes.system, *(quotes.system->*member), Origin::system_quote);
  if (quotes.gpu && quotes.gpu->*member) return from_quote(*quotes.gpu, *(quotes.gpu->*member), Origin::gpu_quote);
  CostInput c;
  if (!single) return c;
  if (!single->from_set && !spec.cost.on_files_system) {
    const std::string run_system = spec.system_field.is_scalar() ? spec.system_field.as_string() : "an inline system";
    throw single->field.key_error(
        key + " is the quote for this file's system (" + spec.cost.files_system + "); this run is on " + run_system +
        " (--set system=): quote it in prices: by system ({" + run_system + ": {" + key.substr(5) +
        ": ...}}) or by GPU ({" + gpu_key + ": ...}), or move " + key + " into prices: {" + spec.cost.files_system +
        ": ...} so that other systems take the catalog's list price");
  }
  c.value = single->usd;
  c.origin = Origin::scenario;
  return c;
}

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

// The rent's rate at cost.rate's kind: a quote for that kind, else (reserved, spot) the
// on-demand rate less the price list's discount; and spot's preemptions.
void resolve_rate(const ScenarioSpec& spec, const Quotes& quotes, const topo::GpuPrices* gp,
                  const topo::PriceList& prices, const std::string& gpu_key, CostInputs& in) {
  const CostSpec& cs = spec.cost;
  in.rate = cs.rate;
  if (cs.rate == RateKind::reserved)
    in.gpu_hour = quoted(spec, quotes, &PriceQuote::reserved_gpu_hour, cs.reserved_gpu_hour, "cost.reserved_gpu_hour", gpu_key);
  if (cs.rate == RateKind::spot) {
    in.gpu_hour = quoted(spec, quotes, &PriceQuote::spot_gpu_hour, cs.spot_gpu_hour, "cost.spot_gpu_hour", gpu_key);
    in.preemptions_per_gpu_hour = cs.preemptions_per_gpu_hour;
    in.preemptions_per_node_hour = cs.preemptions_per_node_hour;
  }
  if (in.gpu_hour.value) return;
  CostInput on_demand = quoted(spec, quotes, &PriceQuote::gpu_hour, cs.gpu_hour, "cost.gpu_hour", gpu_key);
  if (!on_demand.value && gp) on_demand = from_catalog(gp->cloud_gpu_hour);
  if (cs.rate == RateKind::on_demand) {
    in.gpu_hour = on_demand;
    return;
  }
  const std::optional<topo::DatedDiscount>& d = cs.rate == RateKind::spot ? prices.spot_discount : prices.reserved_discount;
  if (!on_demand.value || !d) return;  // no price given
  in.on_demand_gpu_hour = on_demand;
  in.discount = d->share;
  in.discount_date = d->date;
  in.discount_source = d->source;
  in.gpu_hour.value = *on_demand.value * (1.0 - d->share);
  in.gpu_hour.origin = Origin::derived;
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
  const Quotes quotes = applicable_quotes(spec, cluster.catalog(), gpu.key);
  const CostSpec& cs = spec.cost;
  in.node_price = quoted(spec, quotes, &PriceQuote::node_price, cs.node_price, "cost.node_price", gpu.key);
  if (!in.node_price.value && node.price_usd) {
    in.node_price.value = node.price_usd;
    in.node_price.origin = Origin::system;
    in.node_price.date = node.price_date;
    in.node_price.source = node.price_source;
  }
  in.gpu_purchase = quoted(spec, quotes, &PriceQuote::purchase, cs.purchase, "cost.purchase", gpu.key);
  if (!in.gpu_purchase.value && gp) in.gpu_purchase = from_catalog(gp->purchase);
  resolve_rate(spec, quotes, gp, prices, gpu.key, in);
  in.electricity_per_kwh = from_scenario(spec.electricity_per_kwh);
  if (!in.electricity_per_kwh.value) in.electricity_per_kwh = from_catalog(prices.electricity_per_kwh);
  in.life_years = from_scenario(spec.cost.life_years);
  if (!in.life_years.value && prices.life_years) {
    in.life_years.value = prices.life_years;
    in.life_years.origin = Origin::catalog;
    in.life_years.source = prices.life_source;
  }
  return in;
}

}  // namespace simtrain::train
