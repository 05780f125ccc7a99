#include "scenario/cost_spec.hpp"

#include "scenario/data_path.hpp"
#include "scenario/scenario.hpp"
#include "scenario/units.hpp"

namespace simtrain {

const char* rate_kind_name(RateKind k) { return kRateKindNames.c_str(k); }

const std::vector<std::string>& price_quote_keys() {
  static const std::vector<std::string> keys = {"date",          "gpu_hour", "node_price", "purchase",
                                                "reserved_gpu_hour", "source", "spot_gpu_hour"};
  return keys;
}

std::string price_key_pattern(const std::string& path) {
  if (path.rfind("prices.", 0) != 0) return path;
  const std::size_t dot = path.rfind('.');
  if (dot <= std::string("prices.").size()) return path;
  return "prices.<name>" + path.substr(dot);
}

namespace {

std::optional<QuotedPrice> price_at(const Field& parent, const std::string& key, const std::string& path,
                                    const std::set<std::string>& overridden) {
  auto f = parent.get(key);
  if (!f) return std::nullopt;
  const double v = f->as_quantity(Dimension::money);
  if (!(v >= 0)) throw f->error("expected a price of at least $0");
  return QuotedPrice{v, *f, overridden.count(path) > 0};
}

// cost.spot_preemption: per_gpu_hour, and per_node_hour or node_mtbp (one of the two).
void parse_preemption(const Field& p, const KeyTable& table, CostSpec& out) {
  p.check_keys(table.children("cost.spot_preemption"));
  if (auto f = p.get("per_gpu_hour")) {
    out.preemptions_per_gpu_hour = f->as_number();
    if (!(out.preemptions_per_gpu_hour >= 0) || out.preemptions_per_gpu_hour > 1e3)
      throw f->error("expected preemptions per GPU-hour, at least 0 (at most 1000)");
  }
  if (p.has("per_node_hour") && p.has("node_mtbp"))
    throw p.at("node_mtbp").key_error("give a node's preemptions once: per_node_hour or node_mtbp (its inverse)");
  if (auto f = p.get("per_node_hour")) {
    out.preemptions_per_node_hour = f->as_number();
    if (!(out.preemptions_per_node_hour >= 0) || out.preemptions_per_node_hour > 1e3)
      throw f->error("expected preemptions per node-hour, at least 0 (at most 1000)");
  }
  if (auto f = p.get("node_mtbp")) {
    const double s = f->as_quantity(Dimension::time);
    if (!(s >= 1)) throw f->error("expected a node's mean time between preemptions of at least 1 s, e.g. 30 h");
    out.preemptions_per_node_hour = 3600.0 / s;
  }
}

}  // namespace

void parse_cost(const Field& c, const KeyTable& table, const std::set<std::string>& overridden, CostSpec& out) {
  c.check_keys(table.children("cost"));
  if (auto f = c.get("rate")) {
    out.rate = f->as_enum(kRateKindNames);
    out.rate_field = *f;
  }
  out.gpu_hour = price_at(c, "gpu_hour", "cost.gpu_hour", overridden);
  out.reserved_gpu_hour = price_at(c, "reserved_gpu_hour", "cost.reserved_gpu_hour", overridden);
  out.spot_gpu_hour = price_at(c, "spot_gpu_hour", "cost.spot_gpu_hour", overridden);
  out.purchase = price_at(c, "purchase", "cost.purchase", overridden);
  out.node_price = price_at(c, "node_price", "cost.node_price", overridden);
  if (auto f = c.get("life_years")) {
    out.life_years = f->as_number();
    if (!(*out.life_years > 0) || *out.life_years > 100) throw f->error("expected a life of more than 0 and at most 100 years");
  }
  // Preemptions beside another rate are an error, unless --set changed the rate (a what-if, or
  // a sweep over rates, keeps the file's spot figures for its spot points); only a spot rate
  // applies them (train/cost_of_run.cpp).
  if (auto p = c.get("spot_preemption")) {
    if (out.rate != RateKind::spot && !overridden.count("cost.rate"))
      throw p->key_error("spot_preemption is for cost.rate: spot (the rate is " + std::string(rate_kind_name(out.rate)) + ")");
    parse_preemption(*p, table, out);
  }
  // A spot allocation is taken back at the provider's will; no public figure says how often
  // for a GPU instance (topologies/prices.yaml), so the run must say.
  if (out.rate == RateKind::spot && !c.has("spot_preemption"))
    throw out.rate_field->error("cost.rate: spot needs the allocation's preemption rate: cost.spot_preemption.per_gpu_hour, "
                                ".per_node_hour or .node_mtbp (a node's mean time between preemptions, e.g. 30 h); no "
                                "public source gives one per GPU instance, so there is no default");
}

std::vector<PriceQuote> parse_prices(const Field& prices, const std::string& scenario_path,
                                     const std::set<std::string>& overridden) {
  if (!prices.is_map() || prices.entries().empty())
    throw prices.error("expected a mapping of system or GPU names to quotes, e.g. prices: {dgx_h100: {gpu_hour: $2.50}}");
  std::vector<PriceQuote> out;
  for (const Field& e : prices.entries()) {
    const std::string name = e.key().substr(std::string("prices.").size());
    if (!e.is_map() || e.entries().empty())
      throw e.error("expected the quote's prices, e.g. {gpu_hour: $2.50, purchase: $25,000}; keys: " +
                    join_names(price_quote_keys()));
    e.check_keys(price_quote_keys());
    PriceQuote q(name, e, data_path::find_named(data_path::Kind::system, name, scenario_path));
    const std::string at = "prices." + name + ".";
    q.gpu_hour = price_at(e, "gpu_hour", at + "gpu_hour", overridden);
    q.reserved_gpu_hour = price_at(e, "reserved_gpu_hour", at + "reserved_gpu_hour", overridden);
    q.spot_gpu_hour = price_at(e, "spot_gpu_hour", at + "spot_gpu_hour", overridden);
    q.purchase = price_at(e, "purchase", at + "purchase", overridden);
    q.node_price = price_at(e, "node_price", at + "node_price", overridden);
    if (auto f = e.get("date")) q.date = f->as_name();
    if (auto f = e.get("source")) q.source = f->as_name();
    if (!q.gpu_hour && !q.reserved_gpu_hour && !q.spot_gpu_hour && !q.purchase && !q.node_price)
      throw e.key_error("this quote gives no price: give gpu_hour, reserved_gpu_hour, spot_gpu_hour, purchase or node_price");
    out.push_back(std::move(q));
  }
  return out;
}

}  // namespace simtrain
