// `simtrain calibrate --nccl-tests LOG`: the network model fitted to a measured nccl-tests run,
// and the fitted network section applied to a cluster and NCCL's constants (a calibration
// file's `network:`, work/calibration.hpp).
//
// What the parameters mean in the flow model (coll/collective.hpp):
//   A collective of S bytes on one phase takes
//       t(S) = overhead + base[a][p] + nsteps x hwLat[class][a][p] + fill + ramp + W(S) / R
//   where W(S) is the wire bytes of the busiest link (2(n-1)/n S/c per ring channel) and R the
//   max-min rate the flow network gives it. A link's capacity is peak x efficiency, so
//     - link efficiency e_k (per link kind k): the share of the peak that NCCL's transfers
//       reach on links of kind k (protocol headers, flits, DMA engines, the bridge or NIC's
//       real rate). It only enters through R, so it sets the large-size plateau:
//       busbw(S -> inf) = factor x S / (W/R) is proportional to the bottleneck's efficiency;
//     - nvls_bandwidth_share: the share of the NVLink capacity the NVLS kernel's multimem
//       traffic reaches (each GPU moves S(1+1/n) each way to the switch); it sets the plateau
//       of an NVLS all-reduce, and nothing else;
//     - step_latency_scale[class][protocol]: a factor on NCCL's per-step latencies hwLat of the
//       hardware class in use (nvlink, pcie inside a node; network across nodes), ring and tree,
//       one per protocol (LL, LL128, Simple; Simple's also scales the NVLS kernel's hwLat, a
//       Simple-protocol kernel). Where W/R is small, t(S) = overhead + base + nsteps x hwLat:
//       the sizes the model runs with protocol p pin p's factor. One factor for every protocol
//       (the earlier fit) could not follow a log whose LL steps are slower than NCCL's table
//       and whose Simple steps are not: fitting LL's small sizes dragged the Simple mid sizes
//       along (A100: 4-8 MiB went from -7..-14% to -22..-29%);
//     - ll_max_busbw: LL's own throughput bound on a ring (coll::ProtocolParams), as bus
//       bandwidth. LL moves 8 data + 8 flag bytes per 16-byte store and the receiving thread
//       polls every line, so an LL ring's rate is set by the SMs' store-and-poll loop, far
//       below the wire (NCCL's tuner caps ring LL at llMaxBw for the same reason). The model
//       otherwise gives LL the links' rate x 1/2, and with NCCL's channel ramp (channels grow
//       with the size) an LL size's time hardly grows with the size; measured LL times grow
//       about linearly (A100 stas00 log: 44 us at 32 KiB, 61 us at 256 KiB): the bound is
//       that slope, t >= bus bytes / bound. Not in the shipped model (NCCL's llMaxBw, 87.7
//       GB/s on one Ampere node, is not a measured rate; the A100 log's fitted bound is 15.8
//       GB/s, and on the H200 log none binds), so only a fitted file sets it, and only where
//       the log fits better with it than without.
//
// Why a log's shape pins some parameters and not others: a parameter is determined only by the
// sizes whose time it moves. On the plateau (sizes whose time is proportional to the size and
// whose busbw is within 15% of the log's best; at least 64 MiB or 4 x the log's smallest time)
// only the bottleneck's efficiency matters: the kind of the most utilized link at the largest
// such size in the model (inside a node: NVLink to an NVSwitch or a bridge, or PCIe; across
// nodes: the NIC / fabric kind, the most utilized network link, with the intra-node links
// taken as given); when the model runs that size as NVLS, the NVLS share instead (and the
// NVLink efficiency of the ring is then not seen by the log). Every other size pins the step
// latency factor of the protocol the model runs it with, in the class its steps cross; three
// or more LL sizes also pin the LL bound. So: a one-node log says nothing about NICs; a log of
// large sizes only (two GPUs, 1 GiB up) says nothing about latency; a log of small sizes only
// (the 2-node excerpt) says nothing about bandwidth; a protocol the model runs no size with is
// not fitted; a link whose utilization at the plateau is not the highest is not seen at all.
//
// The fit: each parameter by a 1-D search (a grid of 25 points, then golden section; factors
// and the bound on a log scale) minimizing the sum over its sizes of log(simulated /
// measured busbw)^2, each candidate simulated with the real model (compare_with_log: fresh
// planner, flow network and engine). First the bandwidth parameter on the plateau; then, in
// rounds, the sizes below the plateau are grouped by the protocol the model runs them with at
// the current values (the fit moves NCCL's choice), each protocol's factor is searched on all
// of them, the LL bound too, and the bandwidth parameter again; until no value moves by 0.1%
// (at most 8 rounds). Where the LL bound is fitted, LL's factor is searched on the LL sizes
// within 1.5 x the log's smallest time only, which the bound hardly moves (else the two trade
// off and the search settles with LL's latency too high). A factor whose protocol no size
// runs after the fit is kept and flagged: it only keeps the model's tuner from choosing that
// protocol. Deterministic. A parameter that ends on an end of its search range (an efficiency
// or share at 0.02 or 1, a factor at 0.05 or 20, the LL bound at 1 GB/s or 10 TB/s; within
// 1e-5 of the range, the search's resolution) was not determined by the log: the report says
// so with the bound ("warning: ... fitted at its upper bound 1.0000: the data do not determine
// it; the value is the bound, not a measurement"), and so does a comment in the written file.
#pragma once

#include <optional>
#include <string>

#include "coll/collective.hpp"
#include "coll/nccl_params.hpp"
#include "report/net_fit_report.hpp"
#include "scenario/nccl_tests_log.hpp"
#include "topo/cluster.hpp"
#include "work/calibration.hpp"

namespace simtrain::drive {

struct NetFitOptions {
  std::string system_path;   // a system file
  int nodes = 1;
  int gpus_per_node = 0;     // 0: all of the node's
  std::optional<coll::Op> asked_op;  // --op: confirms the log's operation
  // --base FILE: fits of the other scope (a one-node fit under a multi-node log, or the
  // reverse), applied throughout in place of the catalog's figures they replace, and written
  // into the output file with the new fit. A base fit of the log's own scope is an error.
  std::vector<work::NetworkCalibration> base;
  bool force_device = false;  // --force-device: fit a log whose GPU is not the system's (said in the report)
};

struct NetFit {
  report::NetFitResult report;
  work::NetworkCalibration calibration;
  std::string yaml;  // the calibration file to write
};

// Fits. ScenarioError (exit 2) for a log of another collective than --op, ranks that are not
// the system's, an unknown system.
NetFit fit_network(const NcclTestsLog& log, const NetFitOptions& opt);


// Applies a network section's fits, in order, to a cluster and NCCL's constants. ScenarioError
// at the file's system or catalog_key when it was fitted on another system or GPU than `ranks`
// run on, and at a link kind the cluster has no link of. Returns a one-line summary for
// reports ("FILE (fitted on LOG: all_reduce, 8 ranks, 32768 to 17179869184 B): nvlink3
// efficiency 0.84 ..."; several fits joined by "; ").
std::string apply_network_calibration(const std::vector<work::NetworkCalibration>& fits, topo::Cluster& cluster,
                                      coll::NcclParams& params, const std::vector<int>& ranks);

}  // namespace simtrain::drive
