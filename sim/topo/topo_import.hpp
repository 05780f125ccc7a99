// `simtrain topo --import`: a real machine's `nvidia-smi topo -m` output back into a system
// file (DESIGN §3), so a user can simulate the box they have.
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

#include <string>
#include <vector>

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

// Parses `text` (named `source` in errors: file:line) and builds the system.
// Throws ScenarioError for unreadable input or unknown models.
TopoImportResult import_topo_matrix(const std::string& text, const std::string& source, const TopoImportOptions& opt);

}  // namespace simtrain::topo
