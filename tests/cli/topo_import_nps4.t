$ simtrain topo --import tests/data/topo_dgx_a100_nps4.txt --gpu a100_sxm4_40gb --cpu amd_epyc_7742 --nic connectx6_hdr --name "DGX A100 (imported)"
# exit 0
# Imported by `simtrain topo --import` from tests/data/topo_dgx_a100_nps4.txt (nvidia-smi topo -m).
# Known: how each pair of GPUs and NICs connects (the matrix), NUMA affinity of the GPUs.
# Assumptions (the matrix does not name parts): the smallest graph giving the same relations
# (sim/topo/topo_import.hpp); models as given: GPU a100_sxm4_40gb, CPU amd_epyc_7742, NIC connectx6_hdr;
# PCIe switches pcie4_switch with pcie4x16 uplinks; 2 sockets joined by 4 xgmi links; no storage, no fabric
# (add a `fabric:` block to join several nodes).
name: DGX A100 (imported)
source: "nvidia-smi topo -m output tests/data/topo_dgx_a100_nps4.txt, imported by simtrain topo --import"
devices:
  cpu0: {type: cpu, model: amd_epyc_7742}
  cpu1: {type: cpu, model: amd_epyc_7742}
  nvswitch: {type: switch, model: nvswitch_gen2}
  sw0: {type: switch, model: pcie4_switch}   # NUMA 3: level 1 (PXB below)
  sw1: {type: switch, model: pcie4_switch}   # NUMA 3: level 2 under sw0
  sw2: {type: switch, model: pcie4_switch}   # NUMA 3: level 2 under sw0
  sw3: {type: switch, model: pcie4_switch}   # NUMA 3: level 2 under sw0
  sw4: {type: switch, model: pcie4_switch}   # NUMA 3: level 2 under sw0
  sw5: {type: switch, model: pcie4_switch}   # NUMA 1: level 1 (PXB below)
  sw6: {type: switch, model: pcie4_switch}   # NUMA 1: level 2 under sw5
  sw7: {type: switch, model: pcie4_switch}   # NUMA 1: level 2 under sw5
  sw8: {type: switch, model: pcie4_switch}   # NUMA 1: level 2 under sw5
  sw9: {type: switch, model: pcie4_switch}   # NUMA 1: level 2 under sw5
  sw10: {type: switch, model: pcie4_switch}   # NUMA 7: level 1 (PXB below)
  sw11: {type: switch, model: pcie4_switch}   # NUMA 7: level 2 under sw10
  sw12: {type: switch, model: pcie4_switch}   # NUMA 7: level 2 under sw10
  sw13: {type: switch, model: pcie4_switch}   # NUMA 7: level 2 under sw10
  sw14: {type: switch, model: pcie4_switch}   # NUMA 7: level 2 under sw10
  sw15: {type: switch, model: pcie4_switch}   # NUMA 5: level 1 (PXB below)
  sw16: {type: switch, model: pcie4_switch}   # NUMA 5: level 2 under sw15
  sw17: {type: switch, model: pcie4_switch}   # NUMA 5: level 2 under sw15
  sw18: {type: switch, model: pcie4_switch}   # NUMA 5: level 2 under sw15
  sw19: {type: switch, model: pcie4_switch}   # NUMA 5: level 2 under sw15
  gpu0: {type: gpu, model: a100_sxm4_40gb}
  gpu1: {type: gpu, model: a100_sxm4_40gb}
  gpu2: {type: gpu, model: a100_sxm4_40gb}
  gpu3: {type: gpu, model: a100_sxm4_40gb}
  gpu4: {type: gpu, model: a100_sxm4_40gb}
  gpu5: {type: gpu, model: a100_sxm4_40gb}
  gpu6: {type: gpu, model: a100_sxm4_40gb}
  gpu7: {type: gpu, model: a100_sxm4_40gb}
  nic0: {type: nic, model: connectx6_hdr, label: mlx5_0}
  nic1: {type: nic, model: connectx6_hdr, label: mlx5_1}
  nic2: {type: nic, model: connectx6_hdr, label: mlx5_2}
  nic3: {type: nic, model: connectx6_hdr, label: mlx5_3}
  nic4: {type: nic, model: connectx6_hdr, label: mlx5_6}
  nic5: {type: nic, model: connectx6_hdr, label: mlx5_7}
  nic6: {type: nic, model: connectx6_hdr, label: mlx5_8}
  nic7: {type: nic, model: connectx6_hdr, label: mlx5_9}
links:
  - {a: cpu0, b: cpu1, kind: xgmi, count: 4}
  - {a: gpu0, b: nvswitch, kind: nvlink3, count: 12}
  - {a: gpu1, b: nvswitch, kind: nvlink3, count: 12}
  - {a: gpu2, b: nvswitch, kind: nvlink3, count: 12}
  - {a: gpu3, b: nvswitch, kind: nvlink3, count: 12}
  - {a: gpu4, b: nvswitch, kind: nvlink3, count: 12}
  - {a: gpu5, b: nvswitch, kind: nvlink3, count: 12}
  - {a: gpu6, b: nvswitch, kind: nvlink3, count: 12}
  - {a: gpu7, b: nvswitch, kind: nvlink3, count: 12}
  - {a: sw0, b: cpu0, kind: pcie4x16}
  - {a: sw1, b: sw0, kind: pcie4x16}
  - {a: gpu0, b: sw1, kind: pcie4x16}
  - {a: sw2, b: sw0, kind: pcie4x16}
  - {a: gpu1, b: sw2, kind: pcie4x16}
  - {a: sw3, b: sw0, kind: pcie4x16}
  - {a: nic0, b: sw3, kind: pcie4x16}
  - {a: sw4, b: sw0, kind: pcie4x16}
  - {a: nic1, b: sw4, kind: pcie4x16}
  - {a: sw5, b: cpu0, kind: pcie4x16}
  - {a: sw6, b: sw5, kind: pcie4x16}
  - {a: gpu2, b: sw6, kind: pcie4x16}
  - {a: sw7, b: sw5, kind: pcie4x16}
  - {a: gpu3, b: sw7, kind: pcie4x16}
  - {a: sw8, b: sw5, kind: pcie4x16}
  - {a: nic2, b: sw8, kind: pcie4x16}
  - {a: sw9, b: sw5, kind: pcie4x16}
  - {a: nic3, b: sw9, kind: pcie4x16}
  - {a: sw10, b: cpu1, kind: pcie4x16}
  - {a: sw11, b: sw10, kind: pcie4x16}
  - {a: gpu4, b: sw11, kind: pcie4x16}
  - {a: sw12, b: sw10, kind: pcie4x16}
  - {a: gpu5, b: sw12, kind: pcie4x16}
  - {a: sw13, b: sw10, kind: pcie4x16}
  - {a: nic4, b: sw13, kind: pcie4x16}
  - {a: sw14, b: sw10, kind: pcie4x16}
  - {a: nic5, b: sw14, kind: pcie4x16}
  - {a: sw15, b: cpu1, kind: pcie4x16}
  - {a: sw16, b: sw15, kind: pcie4x16}
  - {a: gpu6, b: sw16, kind: pcie4x16}
  - {a: sw17, b: sw15, kind: pcie4x16}
  - {a: gpu7, b: sw17, kind: pcie4x16}
  - {a: sw18, b: sw15, kind: pcie4x16}
  - {a: nic6, b: sw18, kind: pcie4x16}
  - {a: sw19, b: sw15, kind: pcie4x16}
  - {a: nic7, b: sw19, kind: pcie4x16}
simtrain topo --import: 96 of 120 relations reproduced exactly, 24 SYS within a socket shown as PHB (one CPU vertex per socket)
