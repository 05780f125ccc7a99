// NCCL's topology XML, both ways: `simtrain topo --import-nccl-xml FILE` turns the
// file NCCL writes with NCCL_TOPO_DUMP_FILE into a system file; `simtrain topo SYSTEM
// --export-nccl-xml FILE` writes a system's node in the same form.
//
// The format read is what NCCL 2.x prints (src/graph/xml.cc, ncclTopoDumpXmlRec; checked
// against dumps of NCCL 2.18-2.29 on DGX A100, DGX H100/H200 and EFA H100 hosts):
//   <system version="1">
//     <cpu numaid="0" arch="x86_64" vendor="AuthenticAMD" ...>      a NUMA node
//       <pci busid=".." class="0x060400" link_speed="16.0 GT/s PCIe" link_width="16">   a bridge
//         <pci busid=".." class="0x030200" ...><gpu dev="0" sm="80" rank="0" gdr="1">
//             <nvlink target="0000:c4:00.0" count="2" tclass="0x068000"/>   to an NVSwitch chip
//             <nvlink target="0000:48:00.0" count="4" tclass="0x030200"/>   to a GPU
//         </gpu></pci>
//         <pci ... class="0x020700"><nic><net name="mlx5_0" dev="0" speed="200000" .../></nic></pci>
//       </pci>
//       <nic><net name="eth0" speed="10000" gdr="0" .../></nic>    a NIC on no PCI path NCCL kept
//     </cpu>
//   </system>
// What it has that `nvidia-smi topo -m` lacks: the PCIe tree itself (bridges nested as they
// are), each device's link speed and width, NVLink counts per target, NIC speeds.
//
// Mapping (import):
//   <cpu>                one CPU vertex per element (a NUMA node), --cpu's model; CPU vertices
//                        joined pairwise by the vendor's socket link (xGMI x4 for AMD, UPI x3
//                        for Intel: topo_import's assumption). NUMA nodes of one socket become
//                        separate CPUs (NCCL's XML does not say which share a socket).
//   bridge <pci>         a PCIe switch (pcie{3,4,5}_switch by its link speed) under its parent,
//                        linked by pcie{gen}x{width} from its link_speed / link_width; a bridge
//                        with no GPU or NIC below it is dropped (nothing of it is modelled)
//   GPU <pci>            a GPU of --gpu's model (its `sm` must match the model's arch)
//   NIC <pci>, <nic>     a NIC of --nic's model per <net> (label = its name); a <nic> straight
//                        under <cpu> hangs off that CPU; a <net> name seen before is skipped
//                        (NCCL lists a socket NIC once per CPU)
//   <nvlink>             GPU to GPU: a direct bridge of `count` links of the GPU's NVLink kind;
//                        tclass 0x068000 (an NVSwitch chip, or NCCL's collapsed fffffff:ff:ff.0):
//                        every such count of a GPU summed onto one NVSwitch vertex
//   link_width 0         (NCCL prints 0 where it could not read the width) the device's own
//                        host link kind from the catalog, and a note
// Not modelled, reported as notes: <c2c> (NVLink-C2C to a Grace CPU), a NIC speed other than
// --nic's port, PCI devices of other classes.
#pragma once

#include <string>
#include <vector>

#include "topo/cluster.hpp"
#include "topo/topo_import.hpp"

namespace simtrain::topo {

// One XML element: name, attributes in order, children, and where it starts (1-based).
struct XmlElement {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attrs;
  std::vector<XmlElement> children;
  int line = 0, column = 0;
  const std::string* attr(const std::string& key) const;
};

// The small XML NCCL writes: elements, quoted attributes, self-closing tags, comments, the
// <?xml?> declaration; text between elements is ignored. Errors name `source`:line:col.
XmlElement parse_xml(const std::string& text, const std::string& source);

struct NcclXmlImportResult {
  std::string yaml;                 // the system file
  int gpus = 0, nics = 0, cpus = 0, switches = 0;
  std::vector<std::string> notes;   // what was not modelled or was assumed
};

// Builds a system file from NCCL's topology XML; `opt` as for `topo --import` (gpu_model,
// cpu_model, nic_model when there are NICs, name). Throws ScenarioError (file:line:col).
NcclXmlImportResult import_nccl_xml(const std::string& text, const std::string& source, const TopoImportOptions& opt);

// Node 0 of `c` as NCCL's XML: CPUs, the PCIe tree under them (switches as bridges), GPUs with
// their NVLinks, NICs with their speed. Bus ids are made up, in device order. Storage and
// the fabric are left out (NCCL's XML has neither).
std::string export_nccl_xml(const Cluster& c);

}  // namespace simtrain::topo
