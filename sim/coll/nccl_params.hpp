// NCCL's latency, protocol, pipeline, channel and transport constants, loaded from
// topologies/collectives.yaml (each with its source there: NCCL v2.27.7). Bandwidth is never
// taken from here: it comes from the flow network.
//
// RCCL (AMD's fork of NCCL, ROCm) runs the same algorithms with its own tables: the file's
// `rccl:` section holds what differs (its source there: ROCm/rccl rocm-6.2.2), and
// NcclParams::for_library(Library::rccl) applies it. The library is the GPUs': a system of AMD
// GPUs (catalog arch gfx*) runs RCCL, any other NCCL (Planner's constructor picks it;
// library_of below). What RCCL changes: its baseLat / hwLat (tuning_model_5, the table the
// MI300X platform models select), the protocols it enables (LL128 only on gfx90a, so LL and
// Simple on gfx942), its channel limits (MAXCHANNELS 128 on gfx94x, 64 across nodes), its own
// per-link xGMI figure for the channel count, and its hard-coded "rome model" rings for
// platforms it recognises (the 8x MI300X mesh: 14 rings over all 56 link directions twice).
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
enum class Library { nccl, rccl };
inline constexpr auto kLibraryNames = enum_names<Library>({{Library::nccl, "NCCL"}, {Library::rccl, "RCCL"}});
const char* library_name(Library l);
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
  bool enabled = true;  // false: the library never picks it (RCCL's LL128 on gfx942); forcing it is refused
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
  int channels = 16;  // sm_90 (nvls.cc NVLS_NCHANNELS_SM90)
  // sm_100 and later (nvls.cc, compCap >= 100): one node or one MNNVL clique, several nodes
  int channels_sm100_single_node = 24, channels_sm100_multi_node = 32;
  double chunk_bytes = 131072;
  double tree_max_chunk_bytes = 65536;  // NVLSTree's chunk from 4 nodes on (enqueue.cc)
  int pipeline_stages = 4;
  int min_gpus = 3;
  double bandwidth_share = 1;
  double bandwidth_share_sm100 = 1;  // on Blackwell's NVLink 5 switches (sm_100 and later)
  // The NVLS channel count and bandwidth share for GPUs of CUDA architecture `arch` (90: sm_90).
  int channels_for(int arch, bool multi_node) const {
    if (arch < 100) return channels;
    return multi_node ? channels_sm100_multi_node : channels_sm100_single_node;
  }
  double share_for(int arch) const { return arch < 100 ? bandwidth_share : bandwidth_share_sm100; }
};

struct ChannelParams {
  std::vector<double> speeds_intra, speeds_intra_sm90, speeds_inter, speeds_inter_sm90;  // bytes/s
  std::vector<double> speeds_intra_sm100, speeds_inter_sm100;                            // bytes/s
  double dup_min_bytes_per_s = 25e9, dup_min_sm90_bytes_per_s = 50e9;
  int max = 64;
  std::map<int, double> nvlink_bytes_per_s;  // by CUDA architecture (70, 80, 86, 90, 100)
  // NCCL's bandwidth per NVLink for a GPU of CUDA architecture `arch` (topo.h ncclTopoNVLinkBw:
  // sm_100 and later take SM100's, sm_90 and later SM90's, else the architecture's own);
  // nullptr when none is given.
  const double* nvlink_for(int arch) const {
    const int key = arch >= 100 ? 100 : arch >= 90 ? 90 : arch;
    auto it = nvlink_bytes_per_s.find(key);
    return it == nvlink_bytes_per_s.end() ? nullptr : &it->second;
  }
  // search.cc ncclTopoCompute: the speed arrays by the oldest GPU's architecture.
  const std::vector<double>& speeds(int arch, bool multi_node) const {
    if (arch >= 100) return multi_node ? speeds_inter_sm100 : speeds_intra_sm100;
    if (arch >= 90) return multi_node ? speeds_inter_sm90 : speeds_intra_sm90;
    return multi_node ? speeds_inter : speeds_intra;
  }
  int max_multi_node = 64;  // RCCL: connect.cc caps at 64 across nodes (NCCL's max is 64 anyway)
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

// RCCL's hard-coded rings for a platform it recognises (graph/rome_models.cc): on a node of
// `gpus` GPUs where every pair is joined by one direct scale-up link, the rings are these
// orders of the node-local GPUs (rank i of the node -> GPU i: the mesh is symmetric, so any
// labelling loads the links alike), each listed `copies` times in ringBase.
struct RingModel {
  std::string name;
  int gpus = 0;
  std::vector<std::vector<int>> rings;
  int copies = 1;
};

// What RCCL changes (collectives.yaml `rccl:`): for_library(Library::rccl) writes it over the
// NCCL figures.
struct RcclParams {
  std::array<TimePs, 3> base_ps{};                       // by Protocol, ring and tree alike
  std::array<std::array<TimePs, 3>, 3> ring_step_ps{};   // [Protocol][HwClass]
  std::array<std::array<TimePs, 3>, 3> tree_step_ps{};
  std::array<bool, 3> enabled{true, true, true};
  int max_channels = 128, max_channels_multi_node = 64;
  std::map<std::string, double> xgmi_bytes_per_s;        // by arch ("gfx942"): RCCL's figure per xGMI link
  std::vector<RingModel> ring_models;
};

struct NcclParams {
  Library library = Library::nccl;
  TimePs call_overhead_ps = 0;
  int protocol_steps = 8;
  std::array<ProtocolParams, 3> protocols{};  // by Protocol
  NvlsParams nvls;
  ChannelParams channels;
  TransportParams transports;
  P2pParams p2p;
  TunerParams tuner;
  RcclParams rccl;  // the file's `rccl:`; in force once library == rccl
  // The library's figures: these for NCCL; for RCCL, the `rccl:` section written over them.
  // Idempotent (a copy already for that library is returned as is).
  NcclParams for_library(Library lib) const;

  static NcclParams load(const std::string& path);
  // topologies/collectives.yaml next to the catalog, or in the source tree.
  static NcclParams load_default(const std::string& catalog_path);
};

}  // namespace simtrain::coll
