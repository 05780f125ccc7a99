// The device catalog: link kinds, GPUs, CPUs, NICs, switches and storage, from
// topologies/devices.yaml. Every figure there names its source; this file only loads and
// checks them (unknown keys, bad units, out-of-range efficiencies are errors with
// file:line:col).
//
// A link kind's `bandwidth` is the peak per direction of ONE link (a system link bonds
// `count` of them); its effective capacity for bulk transfers is bandwidth x efficiency,
// the share NCCL-style transfers reach (calibrated from nccl-tests figures, see the file).
// A CPU's `p2p_bandwidth` is its root complex's forwarding rate (see CpuModel and cluster.hpp).
// The GPUs' prices live in prices.yaml beside the catalog (topo/prices.hpp), loaded with it.
//
// Extensions: a scenario's or a system file's `catalog:` names files of the same sections (each
// optional) whose entries are ADDED to the catalog; an extension may also price its own GPUs
// (`prices:`, a mapping of GPU keys to entries of prices.yaml's `gpus:`). The catalog keeps the
// base file's path, so every default found beside it (prices, software, compute, NCCL,
// reliability) stays the base's. Entries are never replaced: a key already in the base catalog
// or in an earlier extension, in the same section, is an error at the new entry naming the
// first one's file:line. Extensions are read section by section across all the files (every
// file's link kinds before any file's GPUs), so a new GPU or NIC may use the base's link kinds
// or any extension's.
//
// Overrides (`--set catalog.<section>.<entry>.<key>=VALUE`, scenario/file_override.hpp): a value
// of an entry replaced before the sections are read, in the file that defines the entry (the
// base or an extension), so it is checked as if written there; the entry then holds it wherever
// it is used (catalog.link_kinds.ib_hdr.bandwidth=400 Gb/s: every NIC port and fabric link of
// kind ib_hdr). An entry no file defines is an error naming the --set and the section's entries.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/enum_names.hpp"
#include "base/time.hpp"
#include "scenario/file_override.hpp"
#include "scenario/yaml_doc.hpp"
#include "topo/prices.hpp"

namespace simtrain::topo {

// A link's class decides what rides on it. nvlink: NVIDIA's GPU-to-GPU links (to an NVSwitch
// or a peer); infinity_fabric: AMD's GPU-to-GPU Infinity Fabric (xGMI) links of an Instinct
// platform, always peer to peer (no switch, so nothing NVSwitch- or NVLS-only applies). Both
// are a GPU's scale-up links (gpu_link): the collective model runs P2P over them and takes
// NCCL's / RCCL's "NVLINK" latency row (RCCL files xGMI under it). pcie, cpu (socket-to-socket
// links), network (fabric ports) as named.
enum class LinkClass { nvlink, pcie, cpu, network, infinity_fabric };
inline constexpr auto kLinkClassNames = enum_names<LinkClass>({{LinkClass::nvlink, "nvlink"},
                                                               {LinkClass::pcie, "pcie"},
                                                               {LinkClass::cpu, "cpu"},
                                                               {LinkClass::network, "network"},
                                                               {LinkClass::infinity_fabric, "infinity_fabric"}});
const char* link_class_name(LinkClass c);
// A direct GPU-to-GPU scale-up link (NVLink or Infinity Fabric).
inline bool gpu_link(LinkClass c) { return c == LinkClass::nvlink || c == LinkClass::infinity_fabric; }

struct LinkKind {
  std::string key;
  LinkClass cls = LinkClass::pcie;
  double bandwidth_bytes_per_s = 0;  // peak, per link, per direction
  TimePs latency_ps = 0;
  double efficiency = 1;
  // Network kinds: how NCCL drives the port. ib (IB verbs, GPUDirect RDMA) and roce (the
  // same verbs transport over Ethernet) go NIC <-> GPU memory directly; socket (kernel TCP,
  // NCCL's net_socket) stages every step through host memory.
  enum class Transport { none, ib, roce, socket } transport = Transport::none;
};
// As the catalog writes a transport (link_kinds.*.transport; none: not a network kind), and
// as a message describes it.
inline constexpr auto kTransportNames = enum_names<LinkKind::Transport>({{LinkKind::Transport::none, "none", NameUse::kPrintOnly},
                                                                        {LinkKind::Transport::ib, "ib"},
                                                                        {LinkKind::Transport::roce, "roce"},
                                                                        {LinkKind::Transport::socket, "socket"}});
inline constexpr auto kTransportLabels =
    enum_names<LinkKind::Transport>({{LinkKind::Transport::none, "no transport", NameUse::kPrintOnly},
                                     {LinkKind::Transport::ib, "InfiniBand verbs", NameUse::kPrintOnly},
                                     {LinkKind::Transport::roce, "RoCE verbs", NameUse::kPrintOnly},
                                     {LinkKind::Transport::socket, "TCP sockets", NameUse::kPrintOnly}});

// The kind of a NIC's link to a fabric whose links are `fabric`: the NIC's own port when its
// transport is the fabric's; the fabric's kind when both are Ethernet at the same rate and the
// fabric runs plain TCP (an RDMA-capable RoCE NIC on a network without RDMA: NCCL then runs
// its socket transport); nullptr when the NIC cannot run on that fabric (InfiniBand against
// Ethernet, another rate, or RoCE asked of a NIC without RDMA).
const LinkKind* nic_link_on(const LinkKind& port, const LinkKind& fabric);

struct GpuModel {
  std::string key, name;
  double memory_bytes = 0;
  double memory_bandwidth_bytes_per_s = 0;
  // precision -> FLOP/s (dense). "fp4" (NVFP4/MXFP4 on Blackwell) is catalogued but read only
  // where a precision asks for it by name; none of the compute model's precisions does yet.
  std::map<std::string, double> peak_flops;
  double tdp_w = 0, idle_power_w = 0;
  // The GPU's scale-up links: devices.yaml `nvlink:` (class nvlink) or `infinity_fabric:`
  // (class infinity_fabric, AMD xGMI), {kind, links}; none for PCIe-only cards.
  struct ScaleUp {
    std::string kind;
    int links = 0;
    LinkClass cls = LinkClass::nvlink;
  };
  std::optional<ScaleUp> scale_up;
  bool has_nvlink() const { return scale_up && scale_up->cls == LinkClass::nvlink; }
  bool has_infinity_fabric() const { return scale_up && scale_up->cls == LinkClass::infinity_fabric; }
  std::string pcie;
  bool p2p = true;
  int sms = 0;            // streaming multiprocessors: the pool compute and NCCL kernels share
  // CUDA architecture ("sm_80", "sm_90" ...) or AMD's LLVM target ("gfx942"): picks tile
  // shapes and kernels, and the collective library (gfx: RCCL, coll/nccl_params.hpp).
  std::string arch;
  bool amd() const { return arch.rfind("gfx", 0) == 0; }
};

struct CpuModel {
  std::string key, name;
  int cores = 0;
  double memory_bandwidth_bytes_per_s = 0;
  double tdp_w = 0;
  // Rate at which the root complex forwards traffic that enters the CPU on one link and
  // leaves on another (GPU P2P between root ports or across sockets, NIC<->GPU through the
  // CPU): one capacity for the sum of all forwarded bytes/s, both directions together.
  double p2p_bandwidth_bytes_per_s = 0;
};

struct NicModel {
  std::string key, name;
  std::string port;  // network link kind
  std::string host;  // pcie link kind
};

enum class SwitchClass { nvswitch, pcie, network };
inline constexpr auto kSwitchClassNames = enum_names<SwitchClass>(
    {{SwitchClass::nvswitch, "nvswitch"}, {SwitchClass::pcie, "pcie"}, {SwitchClass::network, "network"}});

struct SwitchModel {
  std::string key, name;
  SwitchClass cls = SwitchClass::pcie;
  int ports = 0;  // network switches
  TimePs latency_ps = 0;
  bool nvls = false;  // NVSwitches: reduces and multicasts in the switch (NVLink SHARP)
};

// A storage device: a local drive (kind nvme) or a network filesystem's servers (nfs, lustre,
// gpfs: a vertex on the fabric whose bandwidth every node's reads share). `read_iops` is the
// random-read rate at full queue depth; `read_latency` the time of one read at queue depth 1
// (a DataLoader worker reads its files one after another, so it waits this long per file).
// `write_bandwidth` (sequential) is what a checkpoint is written at; 0 when the catalog does
// not give it, and a run that checkpoints to the device is then refused (train/goodput.hpp).
struct StorageModel {
  std::string key, name;
  std::string kind = "nvme";  // nvme | nfs | lustre | gpfs
  double read_bandwidth_bytes_per_s = 0;
  double write_bandwidth_bytes_per_s = 0;
  double read_iops = 0;
  TimePs read_latency_ps = 0;
  std::string host;  // link kind to its host (drives) or to the fabric (network filesystems)
};

// The keys of a catalog file at each place (its loader checks entries against them; --set
// catalog.* reaches them): the sections, then each section's entry (link_kinds.*, gpus.* ...).
const FileSchema& catalog_file_schema();

// A file as errors show it: relative to the source tree when inside it
// ("topologies/devices.yaml"), else as given.
std::string shown_path(const std::string& path);

class Catalog {
 public:
  // The catalog at `path` (topologies/devices.yaml, or a file of the same schema), extended
  // by the files `extensions` (already resolved; see above), with `overrides` (catalog.* of
  // --set) applied. Throws ScenarioError.
  static std::shared_ptr<const Catalog> load(const std::string& path,
                                             const std::vector<std::string>& extensions = {},
                                             const std::vector<FileOverride>& overrides = {});
  // (Built once per thread for the same files and texts; scenario/input_cache.hpp.)

  // The base catalog file; defaults beside it (prices.yaml, compute.yaml ...) are found from it.
  const std::string& path() const { return path_; }
  // The extension files, in the order given (duplicates named once).
  const std::vector<std::string>& extensions() const { return extensions_; }
  // Where an entry is defined, "topologies/devices.yaml:198" ("" for an unknown one);
  // `section` is the file's: link_kinds, gpus, cpus, nics, switches, storage.
  std::string defined_at(const std::string& section, const std::string& key) const;
  // Look-ups by key; the Field overloads throw a ScenarioError at `where` naming the
  // valid keys when the name is unknown.
  const LinkKind& link_kind(const std::string& key) const;
  const LinkKind& link_kind(const Field& where) const;
  const GpuModel& gpu(const Field& where) const;
  const CpuModel& cpu(const Field& where) const;
  const NicModel& nic(const Field& where) const;
  const SwitchModel& switch_model(const Field& where) const;
  const StorageModel& storage(const Field& where) const;
  const std::map<std::string, GpuModel>& gpus() const { return gpus_; }
  const std::map<std::string, NicModel>& nics() const { return nics_; }
  const std::map<std::string, SwitchModel>& switches() const { return switches_; }
  const std::map<std::string, CpuModel>& cpus() const { return cpus_; }
  const std::map<std::string, StorageModel>& storage_models() const { return storage_; }
  const std::map<std::string, LinkKind>& link_kinds() const { return link_kinds_; }
  // The GPUs' prices (topologies/prices.yaml beside the catalog; empty when there is none).
  const PriceList& prices() const { return prices_; }

 private:
  // load() without its cache (scenario/input_cache.hpp): each thread builds a catalog once per
  // set of file texts.
  static std::shared_ptr<const Catalog> load_uncached(const std::string& path,
                                                      const std::vector<std::string>& extensions,
                                                      const std::vector<FileOverride>& overrides);
  struct Origin {
    std::string at;   // "file:line", the file as errors show it
    std::string in;   // "the shipped catalog", "the catalog", "the catalog extension"
    std::string file;  // the file as loaded
  };
  // Reads the files' sections and prices (roots[0] the base, then the extensions).
  void read_files(const std::vector<Field>& roots);
  // Reads one section's entries into the catalog; an extension's entry may not reuse a key.
  void read_section(const std::string& section, const Field& entries, const std::string& in, bool extension);
  // Records where (section, key) is defined, or throws at `f` if it already is (extensions).
  void claim(const std::string& section, const std::string& key, const Field& f, const std::string& in,
             bool extension);
  void read_extension_prices(const Field& prices);
  std::optional<GpuModel::ScaleUp> read_scale_up(const Field& gpu) const;

  std::string path_;
  std::vector<std::string> extensions_;
  std::map<std::pair<std::string, std::string>, Origin> origins_;
  std::map<std::string, LinkKind> link_kinds_;
  std::map<std::string, GpuModel> gpus_;
  std::map<std::string, CpuModel> cpus_;
  std::map<std::string, NicModel> nics_;
  std::map<std::string, SwitchModel> switches_;
  std::map<std::string, StorageModel> storage_;
  PriceList prices_;
};

}  // namespace simtrain::topo
