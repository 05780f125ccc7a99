$ simtrain collective topologies/pcie_switch_8gpu.yaml --algo hierarchical -b 1M -e 1G -f 32
# exit 0
# simtrain collective: all_reduce on 8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs (1 node, 8 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048576        262144     float     sum      -1     171.81     6.10    10.68  hierarchical  Simple
    33554432       8388608     float     sum      -1    2251.46    14.90    26.08  hierarchical  Simple
  1073741824     268435456     float     sum      -1   68800.24    15.61    27.31  hierarchical  Simple
# Avg bus bandwidth    : 21.3578
#
# Busiest links at 1073741824 B (hierarchical / Simple):
#    65.0%  cpu0 (root complex transit)
#    65.0%  cpu1 (root complex transit)
#    56.3%  plx0 -> cpu0 (pcie4x16)
#    56.3%  cpu0 -> plx0 (pcie4x16)
#    56.3%  plx1 -> cpu1 (pcie4x16)
# Bottleneck: cpu0 (root complex transit)
