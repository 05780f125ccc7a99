// `simtrain topo`: the GPU/NIC matrix of one node exactly as `nvidia-smi topo -m` prints it,
// and Graphviz DOT of the whole cluster graph.
//
// Relations, as NVML defines them: NV# when two GPUs share a bonded set of # NVLinks (a
// direct bridge, or through an NVSwitch: the GPU's links to it); otherwise by the PCIe path
// between them: PIX (at most one PCIe switch), PXB (several switches, no host bridge), PHB
// (through one CPU's host bridge), SYS (across the socket interconnect). NODE needs several
// host bridges in one NUMA node, which a CPU vertex (one root complex) does not have.
#pragma once

#include <ostream>
#include <string>

#include "topo/cluster.hpp"

namespace simtrain::topo {

// "X", "NV12", "PIX", "PXB", "PHB", "SYS" between two devices of the same node.
std::string relation(const Cluster& c, Vertex a, Vertex b);
// The CPU socket index (NUMA node) a device reaches first over PCIe, or -1.
int numa_node(const Cluster& c, Vertex v);
// The matrix for node `node`, legend included, as nvidia-smi topo -m prints it.
std::string topo_matrix(const Cluster& c, int node = 0);
// Graphviz DOT of every device and link (Boost.Graph's writer).
void write_dot(const Cluster& c, std::ostream& out);

}  // namespace simtrain::topo
