$ simtrain collective topologies/pcie_switch_8gpu.yaml --algo ring --ring-order 0,2,4,6,1,3,5,7 -b 1M -e 1G -f 32
# exit 0
# simtrain collective: all_reduce on 8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs (1 node, 8 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048576        262144     float     sum      -1     319.02     3.29     5.75          ring  Simple
    33554432       8388608     float     sum      -1    6124.42     5.48     9.59          ring  Simple
  1073741824     268435456     float     sum      -1  157818.42     6.80    11.91          ring  Simple
# Avg bus bandwidth    : 9.0821
#
# Busiest links at 1073741824 B (ring / Simple):
#    99.2%  cpu0 (root complex transit)
#    99.2%  cpu1 (root complex transit)
#    85.9%  plx0 -> cpu0 (pcie4x16)
#    85.9%  cpu0 -> plx0 (pcie4x16)
#    85.9%  plx1 -> cpu1 (pcie4x16)
# Bottleneck: cpu0 (root complex transit)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   1 MiB to 64 MiB              +-27% (90%: +-93%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs, 1 node (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  +-10% (90%: +-93%): median error of 8 public collectives of >= 64 MiB (bandwidth-bound) (4 sources) on Ampere, 1 node (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB); worst 93%, model tends optimistic (+5.5% on average)
