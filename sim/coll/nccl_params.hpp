// NCCL's latency, protocol, pipeline, channel and transport constants, loaded from
// topologies/collectives.yaml (each with its source there: NCCL v2.27.7). Bandwidth is never
// taken from here: it comes from the flow network.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "base/enum_names.hpp"
#include "base/time.hpp"
#include "topo/catalog.hpp"

namespace simtrain::coll {

enum class Protocol { ll = 0, ll128 = 1, simple = 2 };
// NCCL's spelling (NCCL_PROTO); --protocol also takes it in lower case.
inline constexpr auto kProtocolNames = enum_names<Protocol>({{Protocol::ll, "LL"},
                                                             {Protocol::ll128, "LL128"},
                                                             {Protocol::simple, "Simple"},
                                                             {Protocol::ll, "ll", NameUse::kAlias},
                                                             {Protocol::ll128, "ll128", NameUse::kAlias},
                                                             {Protocol::simple, "simple", NameUse::kAlias}});
const char* protocol_name(Protocol p);
// Latency classes: NCCL's NVLink / PCI / NET hardware classes.
enum class HwClass { nvlink = 0, pcie = 1, network = 2 };

struct ProtocolParams {
  double bandwidth_share = 1;  // data bytes per wire byte
  TimePs base_ring_ps = 0, base_tree_ps = 0;
  std::array<TimePs, 3> ring_step_ps{};  // by HwClass
  std::array<TimePs, 3> tree_step_ps{};
  bool nvlink_only = false;
  // The chunked pipeline: a FIFO of `protocol_steps` slots of buffer/steps bytes (wire bytes;
  // data = wire x bandwidth_share); a ring moves chunk_steps slots per chunk, slice_steps
  // per slice.
  double buffer_bytes = 0;
  int chunk_steps = 1, slice_steps = 1;
  // Channel ramp (enqueue.cc topoGetAlgoInfo): NCCL drops channels while
  // bytes < channels x threads x thread_threshold (x ranks for ring LL).
  int threads = 512;
  double thread_threshold_bytes = 64;
  bool threshold_per_rank = false;
  // The protocol's own throughput bound on a ring, as bus bandwidth (bytes/s; 0: none, the
  // links decide), for a ring inside one node [0] and across nodes [1] (NCCL's tuner, too,
  // bounds LL per node count: llMaxBw N1 / N2 / N4). LL's copy loop stores 8 data + 8 flag
  // bytes per thread and the receiver polls every line, so its rate is bounded by the SMs'
  // store/poll rate (and across nodes the proxy's), not the wire. Not in collectives.yaml:
  // set by a network calibration fitted to a measured log (drive/net_fit.hpp), for the scope
  // of its log.
  std::array<double, 2> max_busbw_bytes_per_s{};
};

struct NvlsParams {
  TimePs step_nvlink_ps = 0, step_network_ps = 0;
  TimePs tree_step_nvlink_ps = 0, tree_step_network_ps = 0;
  int channels = 16;
  double chunk_bytes = 131072;
  double tree_max_chunk_bytes = 65536;  // NVLSTree's chunk from 4 nodes on (enqueue.cc)
  int pipeline_stages = 4;
  int min_gpus = 3;
  double bandwidth_share = 1;
};

struct ChannelParams {
  std::vector<double> speeds_intra, speeds_intra_sm90, speeds_inter, speeds_inter_sm90;  // bytes/s
  double dup_min_bytes_per_s = 25e9, dup_min_sm90_bytes_per_s = 50e9;
  int max = 64;
  std::map<int, double> nvlink_bytes_per_s;  // by CUDA architecture (70, 80, 86, 90)
};

struct TransportParams {
  TimePs net_overhead_intel_ps = 0, net_overhead_amd_ps = 0;
  double net_overhead_simple_factor = 1;
  TimePs socket_step_ps = 0;
};

// NCCL's point-to-point path (ncclSend/ncclRecv, and all-to-all built from them).
struct P2pParams {
  // Simple's step (p2pChunkSize, init.cc): all-NVLink node, other node, several nodes.
  double chunk_nvlink_bytes = 524288, chunk_pcie_bytes = 131072, chunk_network_bytes = 131072;
  double ll_threshold_bytes = 16384;  // LL up to this x the channels per peer (enqueue.cc)
  // Channels NCCL provisions per peer (paths.cc ncclTopoGetNchannels): per NVLink of the
  // path, for a PCIe/SHM peer, for a network peer (halved while channels x ranks >
  // network_channel_load x p2p channels).
  int channels_per_nvlink = 2, channels_pcie = 2, channels_network = 2, network_channel_load = 4;
  // An operation's part per channel (enqueue.cc addP2pToPlan), in steps: at least
  // part_min x step and at most part_max x step, in one node / across nodes.
  double part_min_node = 0.125, part_min_nodes = 0.5, part_max_node = 32, part_max_nodes = 1;
  int works_per_batch = 8;       // p2p operations a channel runs at once (device.h)
  bool network_ll_buffers = false;  // network p2p connections get LL buffers (init.cc)
};

// NCCL's tuner figures (tuning.cc): what its cost model adds to the mechanisms above when it
// picks the algorithm and protocol (topologies/collectives.yaml `tuner:`).
struct TunerParams {
  // llMaxBws across nodes, as bus bandwidth (bytes/s): [vendor][0: two nodes, 1: more],
  // vendor 0 Intel (and any other CPU), 1 AMD.
  std::array<std::array<double, 2>, 2> ll_max_busbw_multi_node{};
  // ncclTopoGetAlgoTime's ring plateau factor on a multi-node Simple ring all_reduce's latency.
  double ring_plateau_factor_sm80 = 1, ring_plateau_factor_older = 1;
};

struct NcclParams {
  TimePs call_overhead_ps = 0;
  int protocol_steps = 8;
  std::array<ProtocolParams, 3> protocols{};  // by Protocol
  NvlsParams nvls;
  ChannelParams channels;
  TransportParams transports;
  P2pParams p2p;
  TunerParams tuner;

  static NcclParams load(const std::string& path);
  // topologies/collectives.yaml next to the catalog, or in the source tree.
  static NcclParams load_default(const std::string& catalog_path);
};

}  // namespace simtrain::coll
