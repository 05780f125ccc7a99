#include <filesystem>
#include "scenario/data_path.hpp"
#include "scenario/limits.hpp"
#include <map>
#include <set>

#include "scenario/scenario.hpp"
#include "topo/cluster.hpp"
#include "scenario/files.hpp"

namespace simtrain::topo {
namespace {

struct DeviceEntry {
  std::string name;
  DeviceType type;
  std::string model;
  std::string label;
  SwitchClass switch_class = SwitchClass::pcie;
  TimePs latency_ps = 0;
  Field where;
};

struct LinkEntry {
  std::string a, b;
  const LinkKind* kind;
  int count;
};

std::string default_catalog_for(const std::string& system_path) {
  return data_path::catalog_file("devices.yaml", system_path);
}

}  // namespace

const FileSchema& system_file_schema() {
  static const FileSchema schema{{
      {"", {"name", "source", "catalog", "host_memory", "box", "node_overhead", "devices", "links", "fabric"}},
      {"box", {"name", "gpus"}},
      {"node_overhead", {"power", "power_source", "price", "price_date", "price_source"}},
      {"devices.*", {"type", "model", "label"}},
      {"links.#", {"a", "b", "kind", "count"}},
      {"fabric", {"topology", "switch", "link", "oversubscription", "storage", "routing"}},
      {"fabric.storage.#", {"name", "model", "link", "count"}},
  }};
  return schema;
}

std::unique_ptr<Cluster> load_system(const std::string& path, int nodes,
                                     const std::string& catalog_path,
                                     const std::string& fabric_topology,
                                     const std::vector<std::string>& catalog_extensions,
                                     const HardwareOverrides& overrides) {
  if (overrides.system.empty()) {
    return load_system_from(root_field(YamlDoc::load_shared(path)), path, nodes, catalog_path, fabric_topology,
                            catalog_extensions, overrides.catalog);
  }
  // The overrides are written into a copy of the file read for this load alone.
  auto doc = YamlDoc::load(path);
  const Field root = root_field(doc);
  for (const FileOverride& o : overrides.system) apply_file_override(root, o, 0, system_file_schema(), shown_path(path));
  try {
    return load_system_from(root, path, nodes, catalog_path, fabric_topology, catalog_extensions, overrides.catalog);
  } catch (const ScenarioError& e) {
    for (const FileOverride& o : overrides.system) {
      ScenarioError named = attribute_to_file_override(e, doc->path(), o, 0);
      if (named.file() != e.file()) throw named;
    }
    throw;
  }
}

std::unique_ptr<Cluster> load_scenario_system(const ScenarioSpec& spec, int nodes) {
  if (spec.system_inline)  // its overrides are in the scenario's tree (parse_scenario)
    return load_system_from(*spec.system_inline, spec.path, nodes, "", "", spec.catalog_extensions, spec.hardware.catalog);
  return load_system(spec.system_path, nodes, "", "", spec.catalog_extensions, spec.hardware);
}

namespace {

const char* transport_name(LinkKind::Transport t) { return kTransportLabels.c_str(t); }

// A NIC's link to its switch is its own port (catalog nics: port), or the fabric's `link` where
// that says how an Ethernet NIC runs (`link: eth_100g` over 100GbE RoCE NICs: plain TCP, NCCL's
// socket transport; catalog.hpp nic_link_on). A NIC that cannot run on the fabric's links
// (InfiniBand against Ethernet, another rate, RoCE of a NIC without RDMA) is refused at the
// fabric's `link` rather than modelled with its own port without a word.
void check_nic_transports(const Cluster& c, const LinkKind& trunk, const Field& where) {
  const Catalog& cat = c.catalog();
  for (Vertex nic : c.nics()) {
    const NicModel& m = cat.nics().at(c.device(nic).model);
    const LinkKind& port = cat.link_kinds().at(m.port);
    if (nic_link_on(port, trunk)) continue;
    throw where.error("the fabric's links are " + trunk.key + " (" + transport_name(trunk.transport) + ") but " +
                      c.device(nic).name + " is a " + m.name + " with a " + port.key + " port (" +
                      transport_name(port.transport) +
                      "), which cannot run on them; use NICs of the fabric's kind and rate (catalog nics) or a "
                      "fabric link of the NICs' transport (an Ethernet NIC also runs TCP on an eth_ fabric of its rate)");
  }
}

// `node_overhead: {power: 1500 W, power_source: "...", price: $119000, price_date: "2020-05",
// price_source: "..."}`: every figure with its source (and a price with its date).
NodeOverhead parse_node_overhead(const Field& f, const FileSchema& schema) {
  f.check_keys(schema.keys_at("node_overhead"));
  NodeOverhead o;
  auto text = [&](const char* key, const char* what) {
    Field t = f.at(key);
    std::string s = t.as_string();
    if (s.empty()) throw t.error(std::string("expected ") + what);
    return s;
  };
  if (auto p = f.get("power")) {
    o.power_w = p->as_quantity(Dimension::power);
    if (*o.power_w < 0) throw p->error("expected a power of at least 0 W");
    o.power_source = text("power_source", "where the power comes from, or \"assumption: ...\"");
  } else if (f.has("power_source")) {
    throw f.at("power_source").key_error("a power_source without a power");
  }
  if (auto p = f.get("price")) {
    o.price_usd = p->as_quantity(Dimension::money);
    if (*o.price_usd < 0) throw p->error("expected a price of at least $0");
    o.price_date = text("price_date", "the date the price held (\"2020-05\")");
    o.price_source = text("price_source", "where the price comes from, or \"assumption: ...\"");
  } else if (f.has("price_date") || f.has("price_source")) {
    throw (f.has("price_date") ? f.at("price_date") : f.at("price_source")).key_error("a price date or source without a price");
  }
  return o;
}

// `box: {name: compute tray, gpus: 4}`: the node's GPUs (and CPUs) in boxes of `gpus`, in file
// order (cluster.hpp BoxSpec); the count must divide the node's GPUs, the boxes its CPUs.
void set_box(Cluster& c, const Field& f, const FileSchema& schema) {
  f.check_keys(schema.keys_at("box"));
  BoxSpec box;
  box.name = f.at("name").as_string();
  if (box.name.empty() || box.name == "node")
    throw f.at("name").error("expected what a box is called (\"compute tray\", \"chassis\"), not empty or \"node\"");
  const Field g = f.at("gpus");
  box.gpus = static_cast<int>(g.as_int_in(1, limits::max_gpus_per_node));
  try {
    c.set_box(std::move(box));
  } catch (const std::invalid_argument& e) {
    throw g.error(std::string(e.what()) + "; expected a divisor of " +
                  std::to_string(c.gpus_per_node()) + " (GPU i is in box i / gpus)");
  }
}

// The `fabric:` block; `fabric_topology` (--fabric), if given, replaces its topology.
FabricSpec parse_fabric(const Field& f, const Catalog& cat, const std::string& fabric_topology) {
  const FileSchema& schema = system_file_schema();
  f.check_keys(schema.keys_at("fabric"));
  FabricSpec spec;
  spec.topology = f.at("topology").as_choice({"single_switch", "fat_tree", "rail_optimized"});
  const SwitchModel& sw = cat.switch_model(f.at("switch"));
  if (sw.cls != SwitchClass::network) throw f.at("switch").error("the fabric needs a network switch");
  spec.switch_model = sw.key;
  const LinkKind& lk = cat.link_kind(f.at("link"));
  if (lk.cls != LinkClass::network) throw f.at("link").error("the fabric needs a network link kind");
  spec.link = lk.key;
  if (auto o = f.get("oversubscription")) spec.oversubscription = o->as_number_in(0, 64);
  if (auto r = f.get("routing")) spec.routing = r->as_choice({"static", "adaptive"});
  if (auto st = f.get("storage")) {
    for (const Field& e : st->items()) {
      e.check_keys(schema.keys_at("fabric.storage.#"));
      FabricStorage fs;
      fs.name = e.at("name").as_name();
      const StorageModel& sm = cat.storage(e.at("model"));
      if (sm.kind == "nvme") throw e.at("model").error("a drive (kind nvme) belongs inside a node; the fabric holds network filesystems (nfs, lustre, gpfs)");
      fs.model = sm.key;
      const LinkKind& sl = cat.link_kind(e.at("link"));
      if (sl.cls != LinkClass::network) throw e.at("link").error("a fabric storage system joins the fabric over a network link kind");
      fs.link = sl.key;
      if (auto c = e.get("count")) fs.count = static_cast<int>(c->as_int_in(1, limits::max_link_count));
      spec.storage.push_back(fs);
    }
  }
  // One idealised switch has no uplinks: an oversubscription there would change nothing. (A
  // --fabric single_switch what-if replaces the file's tree, its oversubscription with it.)
  if (spec.topology == "single_switch" && spec.oversubscription != 1)
    throw f.at("oversubscription").error("a single_switch fabric is one non-blocking switch with no uplinks to "
                                         "oversubscribe; oversubscription shapes fat_tree and rail_optimized fabrics");
  if (!fabric_topology.empty()) {
    if (fabric_topology != "single_switch" && fabric_topology != "fat_tree" && fabric_topology != "rail_optimized")
      throw ScenarioError("", 0, 0, "--fabric", "unknown fabric '" + fabric_topology +
                          "': expected single_switch, fat_tree or rail_optimized");
    spec.topology = fabric_topology;
  }
  return spec;
}

}  // namespace

std::unique_ptr<Cluster> load_system_from(const Field& root, const std::string& path, int nodes,
                                          const std::string& catalog_path,
                                          const std::string& fabric_topology,
                                          const std::vector<std::string>& catalog_extensions,
                                          const std::vector<FileOverride>& catalog_overrides) {
  const FileSchema& schema = system_file_schema();
  root.check_keys(schema.keys_at(""));
  const std::string cat_path = catalog_path.empty() ? default_catalog_for(path) : catalog_path;
  std::vector<std::string> extensions;
  if (auto c = root.get("catalog")) extensions = catalog_extension_files(*c, path);
  extensions.insert(extensions.end(), catalog_extensions.begin(), catalog_extensions.end());
  auto catalog = Catalog::load(cat_path, extensions, catalog_overrides);
  const Catalog& cat = *catalog;
  auto cluster = std::make_unique<Cluster>(catalog, root.at("name").as_name(),
                                           root.has("source") ? root.at("source").as_string() : "");
  if (auto h = root.get("host_memory")) cluster->set_host_memory_per_box_bytes(h->as_quantity(Dimension::bytes));
  if (auto o = root.get("node_overhead")) cluster->set_node_overhead(parse_node_overhead(*o, schema));

  // Devices, in file order.
  std::vector<DeviceEntry> devices;
  std::map<std::string, std::size_t> by_name;
  for (const Field& f : root.at("devices").entries()) {
    f.check_keys(schema.keys_at("devices.*"));
    DeviceEntry d{f.key().substr(f.key().rfind('.') + 1), DeviceType::gpu, "", "",
                  SwitchClass::pcie, 0, f};
    d.type = f.at("type").as_enum(kDeviceTypeNames);
    Field model = f.at("model");
    if (d.type == DeviceType::gpu) {
      d.model = cat.gpu(model).key;
    } else if (d.type == DeviceType::cpu) {
      d.model = cat.cpu(model).key;
    } else if (d.type == DeviceType::switch_) {
      const SwitchModel& s = cat.switch_model(model);
      if (s.cls == SwitchClass::network)
        throw model.error("a network switch belongs in the fabric, not inside a node");
      d.model = s.key;
      d.switch_class = s.cls;
      d.latency_ps = s.latency_ps;
    } else if (d.type == DeviceType::nic) {
      d.model = cat.nic(model).key;
    } else {
      d.model = cat.storage(model).key;
    }
    if (auto l = f.get("label")) d.label = l->as_name();
    by_name[d.name] = devices.size();
    devices.push_back(std::move(d));
  }
  std::vector<std::string> names;
  for (const auto& d : devices) names.push_back(d.name);
  auto lookup = [&](const Field& f) -> std::size_t {
    const std::string n = f.as_string();
    auto it = by_name.find(n);
    if (it == by_name.end())
      throw f.error("unknown device '" + n + "'" + did_you_mean(n, names) +
                    "; devices of this system: " + join_names(names));
    return it->second;
  };

  std::vector<LinkEntry> links;
  std::set<std::size_t> has_pcie;
  for (const Field& f : root.at("links").items()) {
    f.check_keys(schema.keys_at("links.#"));
    std::size_t a = lookup(f.at("a")), b = lookup(f.at("b"));
    if (a == b) throw f.at("b").error("a link must join two different devices");
    const LinkKind& kind = cat.link_kind(f.at("kind"));
    int count = f.has("count") ? static_cast<int>(f.at("count").as_int_in(1, limits::max_link_count)) : 1;
    if (kind.cls == LinkClass::network)
      throw f.at("kind").error("network links are made by the fabric, not listed in a node");
    for (std::size_t x : {a, b}) {
      if (devices[x].type == DeviceType::nic && kind.cls != LinkClass::pcie)
        throw f.at("kind").error("a NIC joins its node over PCIe");
    }
    // A host link: PCIe, or an NVLink (NVLink-C2C) straight to a CPU, as a Grace superchip's GPUs.
    const bool to_cpu = devices[a].type == DeviceType::cpu || devices[b].type == DeviceType::cpu;
    if (kind.cls == LinkClass::pcie || (kind.cls == LinkClass::nvlink && to_cpu)) {
      has_pcie.insert(a);
      has_pcie.insert(b);
    }
    links.push_back(LinkEntry{devices[a].name, devices[b].name, &kind, count});
  }
  for (const auto& d : devices) {
    if ((d.type == DeviceType::gpu || d.type == DeviceType::nic) && !has_pcie.count(by_name[d.name]))
      throw d.where.key_error(std::string("this ") + device_type_name(d.type) +
                              " has no PCIe link (nor NVLink-C2C to a CPU): every GPU and NIC needs a path to a CPU");
  }

  if (nodes < 1) nodes = 1;
  std::optional<Field> fabric_field = root.get("fabric");
  if (nodes > 1 && !fabric_field) {
    throw root.error("--nodes " + std::to_string(nodes) +
                     " needs a `fabric:` block in the system file (how nodes are joined)");
  }

  // Instantiate the node template `nodes` times.
  std::map<DeviceType, int> local_counter;
  for (int k = 0; k < nodes; ++k) {
    local_counter.clear();
    std::vector<Vertex> verts;
    for (const auto& d : devices) {
      Device dev;
      dev.name = nodes > 1 ? "node" + std::to_string(k) + "/" + d.name : d.name;
      dev.type = d.type;
      dev.model = d.model;
      dev.label = d.label;
      dev.switch_class = d.switch_class;
      dev.node = k;
      dev.local = local_counter[d.type]++;
      dev.latency_ps = d.latency_ps;
      verts.push_back(cluster->add_device(dev));
    }
    for (const auto& l : links) {
      cluster->add_link(verts[by_name[l.a]], verts[by_name[l.b]], *l.kind, l.count);
    }
  }
  cluster->finish_node_template(nodes);

  // Every GPU must reach every other GPU of its node.
  const int gpn = cluster->gpus_per_node();
  if (gpn == 0) throw root.at("devices").error("the system has no GPU");
  std::vector<std::size_t> gpu_entries;
  for (std::size_t i = 0; i < devices.size(); ++i)
    if (devices[i].type == DeviceType::gpu) gpu_entries.push_back(i);
  for (int j = 1; j < gpn; ++j) {
    if (cluster->route(cluster->gpu(0, 0), cluster->gpu(0, j)).links.empty()) {
      throw devices[gpu_entries[static_cast<std::size_t>(j)]].where.key_error(
          "no path connects this GPU to " + devices[gpu_entries[0]].name +
          " (GPUs do not forward traffic; link it to a switch or CPU)");
    }
  }

  if (auto bx = root.get("box")) set_box(*cluster, *bx, schema);

  if (fabric_field) {
    const Field f = *fabric_field;
    const FabricSpec spec = parse_fabric(f, cat, fabric_topology);
    cluster->set_fabric(spec);
    if (nodes > 1 || !spec.storage.empty()) {
      if (cluster->nics_per_node() == 0)
        throw root.at("devices").error("--nodes needs at least one NIC per node");
      check_nic_transports(*cluster, cat.link_kind(spec.link), f.at("link"));
      build_fabric(*cluster, spec, &f);
    }
  }
  return cluster;
}

}  // namespace simtrain::topo
