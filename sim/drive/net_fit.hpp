// `simtrain calibrate --nccl-tests LOG`: the network model fitted to a measured nccl-tests run,
// and the fitted network section applied to a cluster and NCCL's constants (a calibration
// file's `network:`, work/calibration.hpp).
//
// What the parameters mean in the flow model (DESIGN §4-5, coll/collective.hpp):
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
//     - step_latency_scale[class]: a factor on NCCL's per-step latencies hwLat of the hardware
//       class in use (nvlink, pcie inside a node; network across nodes), ring and tree, every
//       protocol (their ratios, NCCL's tuner's, are kept). At small S the W/R term vanishes and
//       t(S) = overhead + base + nsteps x hwLat: the small sizes pin this factor.
//
// Why a log's shape pins some parameters and not others: a parameter is determined only by the
// sizes whose time it moves. On the plateau (sizes whose time is proportional to the size and
// whose busbw is within 15% of the log's best; at least 64 MiB or 4 x the log's smallest time)
// only the bottleneck's efficiency matters: the kind of the most utilized link at the largest
// such size in the model (inside a node: NVLink to an NVSwitch or a bridge, or PCIe; across
// nodes: the NIC / fabric kind, the most utilized network link, with the intra-node links
// taken as given); when the model runs that size as NVLS, the NVLS share instead (and the
// NVLink efficiency of the ring is then not seen by the log). The latency-bound sizes (time
// within 1.5 x the log's smallest, below 64 MiB, not on the plateau) pin the step
// latency factor of the class their steps cross. So: a one-node log says nothing about NICs;
// a log of large sizes only (two GPUs, 1 GiB up) says nothing about latency; a log of small
// sizes only (the 2-node excerpt) says nothing about bandwidth; a link whose utilization at the
// plateau is not the highest is not seen at all. Mid sizes (the protocol and channel switches)
// are fitted on neither and show what the model's switch points get wrong.
//
// The fit: the bandwidth parameter by a 1-D search (a grid of 25 points over (0.02, 1], then
// golden section) minimizing the sum over its sizes of log(simulated / measured busbw)^2, each
// candidate simulated with the real model (compare_with_log: fresh planner, flow network and
// engine); then the latency factor the same way over [0.05, 20] on a log scale; then the
// bandwidth parameter once more with the fitted latency. Deterministic. An efficiency can not
// exceed 1: a fit that ends there says so (the model's bottleneck is elsewhere).
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
};

struct NetFit {
  report::NetFitResult report;
  work::NetworkCalibration calibration;
  std::string yaml;  // the calibration file to write
};

// Fits. ScenarioError (exit 2) for a log of another collective than --op, ranks that are not
// the system's, an unknown system.
NetFit fit_network(const NcclTestsLog& log, const NetFitOptions& opt);


// Applies a network section to a cluster and NCCL's constants. ScenarioError at the file's
// system or catalog_key when it was fitted on another system or GPU than `ranks` run on, and
// at a link kind the cluster has no link of. Returns a one-line summary for reports
// ("fitted on LOG (all_reduce, 8 ranks, 32768 to 17179869184 B): nvlink3 efficiency 0.84 ...").
std::string apply_network_calibration(const work::NetworkCalibration& cal, topo::Cluster& cluster,
                                      coll::NcclParams& params, const std::vector<int>& ranks);

}  // namespace simtrain::drive
