$ simtrain topo --import-nccl-xml tests/data/nccl_topo/bad_escape_bytes.xml --gpu h200_sxm --cpu intel_xeon_8480c --nic connectx7_ndr
# exit 0
# Imported by `simtrain topo --import-nccl-xml` from tests/data/nccl_topo/bad_escape_bytes.xml (NCCL's topology XML).
# Known: the PCIe tree (bridges as PCIe switches), each link's speed and width, NVLink counts,
# NIC names. Models as given: GPU h200_sxm, CPU intel_xeon_8480c, NIC connectx7_ndr.
# Assumptions (sim/topo/nccl_xml.hpp): one CPU vertex per NUMA node, joined by 3 upi links;
# no storage, no fabric (add a `fabric:` block to join several nodes).
name: bad_escape_bytes (imported)
source: "NCCL topology dump tests/data/nccl_topo/bad_escape_bytes.xml, imported by simtrain topo --import-nccl-xml"
devices:
  cpu0: {type: cpu, model: intel_xeon_8480c}
  nvswitch: {type: switch, model: nvswitch_gen3}
  gpu0: {type: gpu, model: h200_sxm}   # 0000:05:00.0
  nic0: {type: nic, model: connectx7_ndr, label: mlx5_0}
links:
  - {a: gpu0, b: nvswitch, kind: nvlink4, count: 18}
  - {a: gpu0, b: cpu0, kind: pcie5x16}
  - {a: nic0, b: cpu0, kind: pcie4x16}
simtrain topo --import-nccl-xml: 1 GPUs, 1 NICs, 1 CPUs (NUMA nodes), 0 PCIe bridges as switches
  note: line 3: GPU 0000:05:00.0 has no readable link speed/width ("?]0;owned??[31mRED" x16): pcie5x16 assumed
