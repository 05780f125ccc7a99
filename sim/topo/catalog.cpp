#include "topo/catalog.hpp"
#include "scenario/data_path.hpp"
#include "scenario/limits.hpp"
#include "scenario/files.hpp"
#include "scenario/input_cache.hpp"

#include <algorithm>
#include <filesystem>

namespace simtrain::topo {
namespace {

template <class M>
std::vector<std::string> keys_of(const M& m) {
  std::vector<std::string> k;
  for (const auto& [key, v] : m) k.push_back(key);
  return k;
}

template <class M>
const typename M::mapped_type& find_or_throw(const M& m, const Field& where, const char* what) {
  const std::string name = where.as_string();
  auto it = m.find(name);
  if (it == m.end()) {
    throw where.error(std::string("unknown ") + what + " '" + name + "'" +
                      did_you_mean(name, keys_of(m)) + "; known: " + join_names(keys_of(m)));
  }
  return it->second;
}

}  // namespace

const LinkKind* nic_link_on(const LinkKind& port, const LinkKind& fabric) {
  using T = LinkKind::Transport;
  if (port.transport == fabric.transport) return &port;
  const bool ethernet_port = port.transport == T::roce || port.transport == T::socket;
  if (ethernet_port && fabric.transport == T::socket && port.bandwidth_bytes_per_s == fabric.bandwidth_bytes_per_s)
    return &fabric;
  return nullptr;
}

const char* link_class_name(LinkClass c) { return kLinkClassNames.c_str(c); }

// A file as errors show it: relative to the data-path folder that holds it
// ("topologies/devices.yaml"), else as given.
std::string shown_path(const std::string& p) { return data_path::shown(p); }

const FileSchema& catalog_file_schema() {
  static const FileSchema schema{{
      {"", {"link_kinds", "gpus", "cpus", "nics", "switches", "storage"}},
      {"link_kinds.*", {"class", "bandwidth", "latency", "efficiency", "transport"}},
      {"gpus.*", {"name", "memory", "memory_bandwidth", "peak", "tdp", "idle_power", "nvlink", "infinity_fabric", "pcie", "p2p",
                  "sms", "arch"}},
      {"gpus.*.peak", {"fp64", "fp32", "tf32", "fp16", "bf16", "fp8", "fp4"}},
      {"gpus.*.nvlink", {"kind", "links"}},
      {"gpus.*.infinity_fabric", {"kind", "links"}},
      {"cpus.*", {"name", "cores", "memory_bandwidth", "tdp", "p2p_bandwidth"}},
      {"nics.*", {"name", "port", "host"}},
      {"switches.*", {"name", "class", "ports", "latency", "nvls"}},
      {"storage.*", {"name", "kind", "read_bandwidth", "write_bandwidth", "read_iops", "read_latency", "host"}},
  }};
  return schema;
}

namespace {

const std::vector<std::string> kSections = {"link_kinds", "gpus", "cpus", "nics", "switches", "storage"};

// The keys of a section's entry, as its reader checks them.
const std::vector<std::string>& entry_keys(const std::string& section) {
  return catalog_file_schema().keys_at(section + ".*");
}

// What an entry of a section is called in errors.
std::string entry_noun(const std::string& section) {
  if (section == "link_kinds") return "link kind";
  if (section == "gpus") return "GPU";
  if (section == "cpus") return "CPU";
  if (section == "nics") return "NIC";
  if (section == "switches") return "switch";
  return "storage device";
}

std::string short_key(const Field& f) { return f.key().substr(f.key().find('.') + 1); }

}  // namespace

// What a catalog is built from: the base file, prices.yaml beside it if there is one, and the
// extensions, each by its canonical path too (errors and defined_at() name files by it, and
// extensions are told apart by it) and its whole text, and the overrides as given; nothing
// else is read.
std::shared_ptr<const Catalog> Catalog::load(const std::string& path, const std::vector<std::string>& extensions,
                                             const std::vector<FileOverride>& overrides) {
  namespace fs = std::filesystem;
  auto canonical = [](const std::string& p) {
    std::error_code ec;
    return fs::weakly_canonical(fs::absolute(p, ec), ec).string();
  };
  InputKey key("catalog");
  key.value(canonical(path)).file(path).optional_file(default_prices_path(path));
  for (const std::string& e : extensions) key.value(canonical(e)).file(e);
  for (const FileOverride& o : overrides) key.value("override").value(o.origin());
  return cached_by_inputs<Catalog>(key, [&] { return load_uncached(path, extensions, overrides); });
}

namespace {

// Applies each override in the file that defines its entry (`roots`: the base, then the
// extensions); returns the file each one went to, for errors.
std::vector<std::string> apply_catalog_overrides(const std::vector<Field>& roots, const std::vector<FileOverride>& overrides) {
  std::vector<std::string> files;
  for (const FileOverride& o : overrides) {
    auto fail = [&](const std::string& msg) { throw ScenarioError(o.origin(), 0, 0, o.key, msg); };
    const std::string& section = o.path[0];
    if (std::find(kSections.begin(), kSections.end(), section) == kSections.end())
      fail("no section '" + section + "' in the catalog" + did_you_mean(section, kSections) + "; its sections: " +
           join_names(kSections) + " (catalog.<section>.<entry>.<key>, as in topologies/devices.yaml)");
    if (o.path.size() < 3)
      fail("catalog." + section + (o.path.size() == 2 ? "." + o.path[1] : std::string()) +
           " is a block, not a value: give catalog." + section + ".<entry>.<key>, e.g. " +
           (section == "gpus" ? "catalog.gpus.a100_sxm4_40gb.memory=80 GiB" : "catalog.link_kinds.ib_hdr.bandwidth=400 Gb/s"));
    const Field* home = nullptr;
    std::vector<std::string> entries;
    for (const Field& root : roots) {
      const std::optional<Field> sec = root.get(section);
      if (!sec) continue;
      if (!home && sec->has(o.path[1])) home = &root;
      for (const Field& e : sec->entries()) entries.push_back(short_key(e));
    }
    if (!home)
      fail("no " + entry_noun(section) + " '" + o.path[1] + "' in the catalog" + did_you_mean(o.path[1], entries) +
           "; its " + section + ": " + join_names(entries));
    apply_file_override(*home, o, 0, catalog_file_schema(), shown_path(home->doc()->path()));
    files.push_back(home->doc()->path());
  }
  return files;
}

}  // namespace

std::shared_ptr<const Catalog> Catalog::load_uncached(const std::string& path,
                                                      const std::vector<std::string>& extensions,
                                                      const std::vector<FileOverride>& overrides) {
  // Overrides are written into the documents: those are then read afresh, shared with no one.
  auto load_doc = [&](const std::string& p) { return overrides.empty() ? YamlDoc::load_shared(p) : YamlDoc::load(p); };
  auto cat = std::make_shared<Catalog>();
  cat->path_ = path;
  std::vector<Field> roots{root_field(load_doc(path))};
  roots[0].check_keys(kSections);
  // Extensions, each file once (a scenario and its system may name the same one).
  {
    namespace fs = std::filesystem;
    std::vector<fs::path> seen;
    for (const std::string& e : extensions) {
      std::error_code ec;
      const fs::path id = fs::weakly_canonical(fs::absolute(e, ec), ec);
      if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
      seen.push_back(id);
      cat->extensions_.push_back(e);
      Field root = root_field(load_doc(e));
      std::vector<std::string> keys = kSections;
      keys.push_back("prices");
      root.check_keys(keys);
      roots.push_back(root);
    }
  }
  const std::vector<std::string> overridden = apply_catalog_overrides(roots, overrides);
  try {
    cat->read_files(roots);
  } catch (const ScenarioError& e) {
    for (std::size_t i = 0; i < overrides.size(); ++i) {
      ScenarioError named = attribute_to_file_override(e, overridden[i], overrides[i], 0);
      if (named.file() != e.file()) throw named;
    }
    throw;
  }
  return cat;
}

// The base's sections, its prices, then the extensions' section by section across the files
// (every file's link kinds before any file's GPUs), then their prices.
void Catalog::read_files(const std::vector<Field>& roots) {
  const bool shipped = shown_path(path_) == "topologies/devices.yaml";
  const std::string in = shipped ? "the shipped catalog" : "the catalog";
  for (const std::string& section : kSections) read_section(section, roots[0].at(section), in, false);
  // Prices: optional, beside the catalog (a test catalog may have none).
  const std::string prices = default_prices_path(path_);
  if (exists_quietly(prices)) prices_ = load_prices(prices, *this);
  for (const std::string& section : kSections)
    for (std::size_t i = 1; i < roots.size(); ++i)
      if (auto f = roots[i].get(section)) read_section(section, *f, "the catalog extension", true);
  for (std::size_t i = 1; i < roots.size(); ++i)
    if (auto f = roots[i].get("prices")) read_extension_prices(*f);
}

void Catalog::claim(const std::string& section, const std::string& key, const Field& f, const std::string& in,
                    bool extension) {
  const auto id = std::make_pair(section, key);
  if (extension) {
    auto it = origins_.find(id);
    if (it != origins_.end())
      throw f.key_error(entry_noun(section) + " '" + key + "' is already in " + it->second.in + " (" +
                        it->second.at + "); give yours another name");
  }
  origins_[id] = Origin{shown_path(f.doc()->path()) + ":" + std::to_string(f.key_line()), in, f.doc()->path()};
}

std::string Catalog::defined_at(const std::string& section, const std::string& key) const {
  auto it = origins_.find(std::make_pair(section, key));
  return it == origins_.end() ? "" : it->second.at;
}

// A catalog extension prices its own GPUs; a GPU of the base catalog keeps the base price list's
// figures (a scenario's cost.gpu_hour / cost.purchase set others).
void Catalog::read_extension_prices(const Field& prices) {
  for (const Field& f : prices.entries()) {
    const std::string key = short_key(f);
    auto it = origins_.find(std::make_pair(std::string("gpus"), key));
    if (it == origins_.end()) {
      const std::vector<std::string> known = keys_of(gpus_);
      throw f.key_error("no GPU '" + key + "' in the catalog" + did_you_mean(key, known) +
                        "; an extension's prices: are for the GPUs its gpus: defines");
    }
    if (it->second.file != f.doc()->path())
      throw f.key_error("GPU '" + key + "' is defined in " + it->second.in + " (" + it->second.at +
                        "); an extension's prices: are for the GPUs its own gpus: defines (a scenario sets "
                        "another price with cost.gpu_hour or cost.purchase)");
    prices_.gpus[key] = parse_gpu_prices(f);
  }
}

// A GPU's scale-up links: `nvlink:` (an NVLink kind) or `infinity_fabric:` (an Infinity Fabric
// kind), not both; none for a PCIe-only card.
std::optional<GpuModel::ScaleUp> Catalog::read_scale_up(const Field& gpu) const {
  std::optional<Field> nv = gpu.get("nvlink"), xf = gpu.get("infinity_fabric");
  if (nv && xf) throw xf->key_error("a GPU has either `nvlink:` or `infinity_fabric:` scale-up links, not both");
  if (!nv && !xf) return std::nullopt;
  const bool nvlink = nv.has_value();
  const Field& f = nvlink ? *nv : *xf;
  f.check_keys(catalog_file_schema().keys_at(nvlink ? "gpus.*.nvlink" : "gpus.*.infinity_fabric"));
  const LinkKind& k = link_kind(f.at("kind"));
  const LinkClass want = nvlink ? LinkClass::nvlink : LinkClass::infinity_fabric;
  if (k.cls != want)
    throw f.at("kind").error(nvlink ? "expected an NVLink kind (class: nvlink)"
                                    : "expected an Infinity Fabric kind (class: infinity_fabric)");
  return GpuModel::ScaleUp{k.key, static_cast<int>(f.at("links").as_int_in(1, limits::max_link_count)), want};
}

void Catalog::read_section(const std::string& section, const Field& entries, const std::string& in, bool extension) {
  if (section == "link_kinds") {
    for (const Field& f : entries.entries()) {
      f.check_keys(entry_keys(section));
      LinkKind k;
      k.key = short_key(f);
      k.cls = f.at("class").as_enum(kLinkClassNames);
      k.bandwidth_bytes_per_s = f.at("bandwidth").as_quantity(Dimension::bandwidth);
      if (k.bandwidth_bytes_per_s <= 0) throw f.at("bandwidth").error("a link needs a positive bandwidth");
      k.latency_ps = seconds_to_ps(f.at("latency").as_quantity(Dimension::time));
      k.efficiency = f.at("efficiency").as_number_in(0, 1);
      if (auto t = f.get("transport")) {
        if (k.cls != LinkClass::network) throw t->error("only network link kinds have a transport");
        k.transport = t->as_enum(kTransportNames);
      } else if (k.cls == LinkClass::network) {
        throw f.key_error("a network link kind needs `transport: " + kTransportNames.choices(" | ", " | ") +
                          "` (how NCCL drives it)");
      }
      claim("link_kinds", k.key, f, in, extension);
      link_kinds_[k.key] = k;
    }
  } else if (section == "gpus") {
    for (const Field& f : entries.entries()) {
      f.check_keys(entry_keys(section));
      GpuModel g;
      g.key = short_key(f);
      g.name = f.at("name").as_name();
      g.memory_bytes = f.at("memory").as_quantity(Dimension::bytes);
      g.memory_bandwidth_bytes_per_s = f.at("memory_bandwidth").as_quantity(Dimension::bandwidth);
      Field peak = f.at("peak");
      peak.check_keys(catalog_file_schema().keys_at("gpus.*.peak"));
      for (const Field& p : peak.entries()) {
        g.peak_flops[p.key().substr(p.key().rfind('.') + 1)] = p.as_quantity(Dimension::flops);
      }
      g.tdp_w = f.at("tdp").as_quantity(Dimension::power);
      g.idle_power_w = f.at("idle_power").as_quantity(Dimension::power);
      g.scale_up = read_scale_up(f);
      g.pcie = link_kind(f.at("pcie")).key;
      g.p2p = f.at("p2p").as_bool();
      g.sms = static_cast<int>(f.at("sms").as_int_in(1, limits::max_units));
      g.arch = f.at("arch").as_choice({"sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_103", "sm_120", "gfx942"});
      claim("gpus", g.key, f, in, extension);
      gpus_[g.key] = g;
    }
  } else if (section == "cpus") {
    for (const Field& f : entries.entries()) {
      f.check_keys(entry_keys(section));
      CpuModel c;
      c.key = short_key(f);
      c.name = f.at("name").as_name();
      c.cores = static_cast<int>(f.at("cores").as_int_in(1, limits::max_units));
      c.memory_bandwidth_bytes_per_s = f.at("memory_bandwidth").as_quantity(Dimension::bandwidth);
      c.tdp_w = f.at("tdp").as_quantity(Dimension::power);
      c.p2p_bandwidth_bytes_per_s = f.at("p2p_bandwidth").as_quantity(Dimension::bandwidth);
      if (c.p2p_bandwidth_bytes_per_s <= 0)
        throw f.at("p2p_bandwidth").error("a CPU needs a positive p2p_bandwidth");
      claim("cpus", c.key, f, in, extension);
      cpus_[c.key] = c;
    }
  } else if (section == "nics") {
    for (const Field& f : entries.entries()) {
      f.check_keys(entry_keys(section));
      NicModel n;
      n.key = short_key(f);
      n.name = f.at("name").as_name();
      const LinkKind& port = link_kind(f.at("port"));
      if (port.cls != LinkClass::network) throw f.at("port").error("a NIC port must be a network link kind");
      n.port = port.key;
      const LinkKind& host = link_kind(f.at("host"));
      if (host.cls != LinkClass::pcie) throw f.at("host").error("a NIC host link must be a PCIe link kind");
      n.host = host.key;
      claim("nics", n.key, f, in, extension);
      nics_[n.key] = n;
    }
  } else if (section == "switches") {
    for (const Field& f : entries.entries()) {
      f.check_keys(entry_keys(section));
      SwitchModel s;
      s.key = short_key(f);
      s.name = f.at("name").as_name();
      s.cls = f.at("class").as_enum(kSwitchClassNames);
      if (auto p = f.get("ports")) s.ports = static_cast<int>(p->as_int_in(2, limits::max_units));
      if (s.cls == SwitchClass::network && s.ports == 0)
        throw f.key_error("a network switch needs `ports` (its radix)");
      s.latency_ps = seconds_to_ps(f.at("latency").as_quantity(Dimension::time));
      if (auto nv = f.get("nvls")) {
        if (s.cls != SwitchClass::nvswitch) throw nv->error("only NVSwitches reduce in the switch (nvls)");
        s.nvls = nv->as_bool();
      }
      claim("switches", s.key, f, in, extension);
      switches_[s.key] = s;
    }
  } else {
    for (const Field& f : entries.entries()) {
      f.check_keys(entry_keys("storage"));
      StorageModel s;
      s.key = short_key(f);
      s.name = f.at("name").as_name();
      if (auto k = f.get("kind")) s.kind = k->as_choice({"nvme", "nfs", "lustre", "gpfs"});
      s.read_bandwidth_bytes_per_s = f.at("read_bandwidth").as_quantity(Dimension::bandwidth);
      if (!(s.read_bandwidth_bytes_per_s > 0)) throw f.at("read_bandwidth").error("a storage device needs a positive read bandwidth");
      if (auto w = f.get("write_bandwidth")) {
        s.write_bandwidth_bytes_per_s = w->as_quantity(Dimension::bandwidth);
        if (!(s.write_bandwidth_bytes_per_s > 0)) throw w->error("a write bandwidth is positive");
      }
      s.read_iops = f.at("read_iops").as_number();
      if (!(s.read_iops > 0)) throw f.at("read_iops").error("a storage device needs a positive read_iops");
      if (auto l = f.get("read_latency")) s.read_latency_ps = seconds_to_ps(l->as_quantity(Dimension::time));
      s.host = link_kind(f.at("host")).key;
      claim("storage", s.key, f, in, extension);
      storage_[s.key] = s;
    }
  }
}

const LinkKind& Catalog::link_kind(const std::string& key) const {
  auto it = link_kinds_.find(key);
  if (it == link_kinds_.end()) throw std::out_of_range("unknown link kind " + key);
  return it->second;
}
const LinkKind& Catalog::link_kind(const Field& where) const {
  return find_or_throw(link_kinds_, where, "link kind");
}
const GpuModel& Catalog::gpu(const Field& where) const { return find_or_throw(gpus_, where, "GPU model"); }
const CpuModel& Catalog::cpu(const Field& where) const { return find_or_throw(cpus_, where, "CPU model"); }
const NicModel& Catalog::nic(const Field& where) const { return find_or_throw(nics_, where, "NIC model"); }
const SwitchModel& Catalog::switch_model(const Field& where) const {
  return find_or_throw(switches_, where, "switch model");
}
const StorageModel& Catalog::storage(const Field& where) const {
  return find_or_throw(storage_, where, "storage model");
}

}  // namespace simtrain::topo
