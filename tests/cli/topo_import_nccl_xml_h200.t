$ simtrain topo --import-nccl-xml tests/data/nccl_topo/h200_baremetal_numa0.xml --gpu h200_sxm --cpu intel_xeon_8480c --nic connectx7_ndr
# exit 0
# Imported by `simtrain topo --import-nccl-xml` from tests/data/nccl_topo/h200_baremetal_numa0.xml (NCCL's topology XML).
# Known: the PCIe tree (bridges as PCIe switches), each link's speed and width, NVLink counts,
# NIC names. Models as given: GPU h200_sxm, CPU intel_xeon_8480c, NIC connectx7_ndr.
# Assumptions (sim/topo/nccl_xml.hpp): one CPU vertex per NUMA node, joined by 3 upi links;
# no storage, no fabric (add a `fabric:` block to join several nodes).
name: h200_baremetal_numa0 (imported)
source: "NCCL topology dump tests/data/nccl_topo/h200_baremetal_numa0.xml, imported by simtrain topo --import-nccl-xml"
devices:
  cpu0: {type: cpu, model: intel_xeon_8480c}
  nvswitch: {type: switch, model: nvswitch_gen3}
  sw0: {type: switch, model: pcie5_switch}   # bridge 0000:16:00.0
  sw1: {type: switch, model: pcie5_switch}   # bridge 0000:27:00.0
  sw2: {type: switch, model: pcie5_switch}   # bridge 0000:38:00.0
  gpu0: {type: gpu, model: h200_sxm}   # 0000:18:00.0
  gpu1: {type: gpu, model: h200_sxm}   # 0000:2a:00.0
  gpu2: {type: gpu, model: h200_sxm}   # 0000:3a:00.0
  nic0: {type: nic, model: connectx7_ndr, label: mlx5_0}
  nic1: {type: nic, model: connectx7_ndr, label: mlx5_1}
  nic2: {type: nic, model: connectx7_ndr, label: mlx5_2}
links:
  - {a: gpu0, b: nvswitch, kind: nvlink4, count: 18}
  - {a: gpu1, b: nvswitch, kind: nvlink4, count: 18}
  - {a: gpu2, b: nvswitch, kind: nvlink4, count: 18}
  - {a: sw0, b: cpu0, kind: pcie5x16}
  - {a: gpu0, b: sw0, kind: pcie5x16}
  - {a: nic0, b: sw0, kind: pcie5x16}
  - {a: sw1, b: cpu0, kind: pcie5x16}
  - {a: nic1, b: sw1, kind: pcie5x16}
  - {a: gpu1, b: sw1, kind: pcie5x16}
  - {a: sw2, b: cpu0, kind: pcie5x16}
  - {a: nic2, b: sw2, kind: pcie5x16}
  - {a: gpu2, b: sw2, kind: pcie5x16}
simtrain topo --import-nccl-xml: 3 GPUs, 3 NICs, 1 CPUs (NUMA nodes), 3 PCIe bridges as switches
