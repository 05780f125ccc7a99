// NCCL's latency and protocol constants, loaded from topologies/collectives.yaml (each with
// its source there). Bandwidth is never taken from here: it comes from the flow network.
#pragma once

#include <array>
#include <string>

#include "engine/time.hpp"
#include "topo/catalog.hpp"

namespace simtrain::coll {

enum class Protocol { ll = 0, ll128 = 1, simple = 2 };
const char* protocol_name(Protocol p);
// Latency classes: NCCL's NVLink / PCI / NET hardware classes.
enum class HwClass { nvlink = 0, pcie = 1, network = 2 };

struct ProtocolParams {
  double bandwidth_share = 1;
  TimePs base_ring_ps = 0, base_tree_ps = 0;
  std::array<TimePs, 3> ring_step_ps{};  // by HwClass
  std::array<TimePs, 3> tree_step_ps{};
  bool nvlink_only = false;
};

struct NcclParams {
  TimePs call_overhead_ps = 0;
  std::array<ProtocolParams, 3> protocols{};  // by Protocol

  static NcclParams load(const std::string& path);
  // topologies/collectives.yaml next to the catalog, or in the source tree.
  static NcclParams load_default(const std::string& catalog_path);
};

}  // namespace simtrain::coll
