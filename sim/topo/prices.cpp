#include "topo/prices.hpp"

#include <filesystem>

#include "scenario/units.hpp"
#include "scenario/yaml_doc.hpp"
#include "topo/catalog.hpp"

namespace simtrain::topo {
namespace {

// A non-empty date or source string.
std::string required_text(const Field& parent, const std::string& key, const char* what) {
  Field f = parent.at(key);
  std::string s = f.as_string();
  if (s.empty()) throw f.error(std::string("expected ") + what);
  return s;
}

DatedPrice dated(const Field& parent, const std::string& value_key, const std::string& date_key,
                 const std::string& source_key) {
  DatedPrice p;
  Field v = parent.at(value_key);
  p.usd = v.as_quantity(Dimension::money);
  if (!(p.usd > 0)) throw v.error("expected a positive price");
  p.date = required_text(parent, date_key, "the date the price held (\"2024-05\")");
  p.source = required_text(parent, source_key, "where the price comes from, or \"assumption: ...\"");
  return p;
}

// defaults.reserved / defaults.spot: {discount: 0.6, date, source}.
DatedDiscount discount(const Field& f) {
  f.check_keys({"discount", "date", "source"});
  DatedDiscount d;
  Field v = f.at("discount");
  d.share = v.as_number();
  if (!(d.share >= 0 && d.share < 1)) throw v.error("expected a share off the on-demand rate, at least 0 and below 1");
  d.date = required_text(f, "date", "the date the discount held (\"2024\")");
  d.source = required_text(f, "source", "where the discount comes from, or \"assumption: ...\"");
  return d;
}

}  // namespace

std::string default_prices_path(const std::string& catalog_path) {
  return (std::filesystem::path(catalog_path).parent_path() / "prices.yaml").string();
}

GpuPrices parse_gpu_prices(const Field& f) {
  f.check_keys({"purchase", "purchase_date", "purchase_source", "cloud_gpu_hour", "cloud_date", "cloud_source"});
  GpuPrices p;
  if (f.has("purchase") || f.has("purchase_date") || f.has("purchase_source"))
    p.purchase = dated(f, "purchase", "purchase_date", "purchase_source");
  if (f.has("cloud_gpu_hour") || f.has("cloud_date") || f.has("cloud_source"))
    p.cloud_gpu_hour = dated(f, "cloud_gpu_hour", "cloud_date", "cloud_source");
  return p;
}

PriceList load_prices(const std::string& path, const Catalog& catalog) {
  PriceList list;
  list.path = path;
  auto doc = YamlDoc::load_shared(path);
  Field root = root_field(doc);
  root.check_keys({"defaults", "gpus"});
  if (auto d = root.get("defaults")) {
    d->check_keys({"electricity", "life", "reserved", "spot"});
    if (auto r = d->get("reserved")) list.reserved_discount = discount(*r);
    if (auto sp = d->get("spot")) list.spot_discount = discount(*sp);
    if (auto e = d->get("electricity")) {
      e->check_keys({"price", "date", "source"});
      list.electricity_per_kwh = dated(*e, "price", "date", "source");
    }
    if (auto l = d->get("life")) {
      l->check_keys({"years", "source"});
      Field y = l->at("years");
      list.life_years = y.as_number();
      if (!(*list.life_years > 0)) throw y.error("expected a positive number of years");
      list.life_source = required_text(*l, "source", "where the life comes from, or \"assumption: ...\"");
    }
  }
  if (auto g = root.get("gpus")) {
    for (const Field& f : g->entries()) {
      f.check_keys({"purchase", "purchase_date", "purchase_source", "cloud_gpu_hour", "cloud_date", "cloud_source"});
      const std::string key = f.key().substr(f.key().find('.') + 1);
      if (!catalog.gpus().count(key)) {
        std::vector<std::string> known;
        for (const auto& [k, m] : catalog.gpus()) known.push_back(k);
        throw f.key_error("no GPU '" + key + "' in the catalog " + catalog.path() + did_you_mean(key, known) +
                          "; known: " + join_names(known));
      }
      list.gpus[key] = parse_gpu_prices(f);
    }
  }
  return list;
}

}  // namespace simtrain::topo
