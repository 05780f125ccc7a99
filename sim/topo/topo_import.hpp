// `simtrain topo --import`: a real machine's `nvidia-smi topo -m` output back into a system
// file (docs/commands/topo.md), so a user can simulate the box they have.
//
// The matrix says how each pair of GPUs and NICs connects, not which parts sit between them;
// the importer builds the smallest graph that gives the same relations, as the shipped system
// files do:
//   NV#   every GPU pair NV# with more links in total than a GPU has -> an NVSwitch, each GPU
//         joined to it by # links; otherwise a direct bridge of # links per pair
//   NUMA  devices joined by PIX, PXB, PHB or NODE share a NUMA node (the GPU rows' "NUMA
//         Affinity" names it); NUMA nodes map to sockets in Linux's numbering (node n on
//         socket n / (nodes per socket)), one CPU vertex per socket, sockets joined by the CPU
//         family's socket link (xGMI for AMD, UPI for Intel)
//   PIX   devices that are PIX to each other share one PCIe switch
//   PXB   groups that are PXB to each other sit under a level-1 switch, each group (even a
//         single device) under a level-2 switch of its own: two bridges between groups
//   PHB   what remains hangs off its socket's CPU (a lone device directly on a root port)
// Link kinds come from the catalog models given: the GPU's PCIe (also used for the switch
// uplinks) and NVLink kinds, the NIC's host link. The result is loaded back and its matrix
// compared with the input, relation by relation: NODE comes back as PHB, and SYS between
// NUMA nodes of one socket as PHB (one CPU vertex per socket cannot tell them apart), which
// the report counts; any other difference is listed.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"
#include "topo/catalog.hpp"

namespace simtrain::topo {

struct TopoImportOptions {
  std::string gpu_model;   // catalog key, e.g. a100_sxm4_80gb (required)
  std::string cpu_model;   // catalog key, e.g. amd_epyc_7742 (required)
  std::string nic_model;   // catalog key (required when the matrix has NICs)
  std::string name;        // the system's name ("" = from the file name)
  int sockets = 0;         // 0: 2 when the matrix shows SYS, else 1
  std::string catalog;     // devices.yaml ("" = the shipped one)
};

struct TopoImportResult {
  std::string yaml;                  // the system file
  int relations = 0, reproduced = 0;  // pairs compared, pairs identical
  int node_as_phb = 0, sys_as_phb = 0;  // the known differences
  std::vector<std::string> mismatches;  // "GPU0-GPU2: SYS -> PXB", other differences
};

// What both importers (this one and topo/nccl_xml.hpp) assume where a file names no part,
// in one place:
//   a PCIe switch of the generation of `pcie_kind` (pcie3/4/5_switch; Gen4 otherwise)
std::string pcie_switch_model(const std::string& pcie_kind);
//   the NVSwitch of a GPU's NVLink generation (nvswitch_gen2 for nvlink3, gen3 for nvlink4);
//   "" when the catalog has none for `nvlink_kind`
std::string nvswitch_model(const Catalog& catalog, const std::string& nvlink_kind);
//   sockets joined by the CPU family's link: 4 xGMI links for AMD, 3 UPI for Intel (assumption)
struct SocketLink {
  std::string kind;
  int count = 0;
};
SocketLink socket_link(const std::string& cpu_model);
// The `--gpu`/`--cpu`/`--nic` value `key` checked against the catalog's `models`: unknown is
// an error naming the flag and the known keys; empty is one too when `required`.
template <typename Models>
void require_model(const std::string& flag, const std::string& key, const Models& models, const char* what,
                   bool required = true) {
  std::vector<std::string> keys;
  for (const auto& kv : models) keys.push_back(kv.first);
  if (key.empty()) {
    if (!required) return;
    throw ScenarioError("", 0, 0, flag, std::string("required: the catalog's ") + what + " model (" + join_names(keys) + ")");
  }
  if (!models.count(key))
    throw ScenarioError("", 0, 0, flag,
                        "unknown " + std::string(what) + " model '" + key + "'" + did_you_mean(key, keys) + "; known: " + join_names(keys));
}

// The catalog an importer reads (opt.catalog, else the shipped topologies/devices.yaml, found on
// the data path) with --gpu and --cpu checked against it; each importer checks --nic itself, as
// its input may hold no NIC.
struct ImportCatalog {
  std::string path;
  std::shared_ptr<const Catalog> catalog;
};
ImportCatalog open_import_catalog(const TopoImportOptions& opt);

// Parses `text` (named `source` in errors: file:line) and builds the system.
// Throws ScenarioError for unreadable input or unknown models.
TopoImportResult import_topo_matrix(const std::string& text, const std::string& source, const TopoImportOptions& opt);

}  // namespace simtrain::topo
