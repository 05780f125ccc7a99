$ simtrain collective server_8x_rtxpro6000 --op all_reduce -b 1M -e 1G -f 32
# exit 0
# simtrain collective: all_reduce on Server 8x RTX PRO 6000 Blackwell (4 PCIe Gen5 switches, one CPU) (1 node, 8 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048576        262144     float     sum      -1     162.20     6.46    11.31          ring  Simple
    33554432       8388608     float     sum      -1    2244.61    14.95    26.16          ring  Simple
  1073741824     268435456     float     sum      -1   47752.81    22.49    39.35          ring  Simple
# Avg bus bandwidth    : 25.6077
#
# Busiest links at 1073741824 B (ring / Simple):
#    98.4%  cpu0 (root complex transit)
#    71.0%  plx0 -> cpu0 (pcie5x16)
#    71.0%  cpu0 -> plx0 (pcie5x16)
#    71.0%  gpu0 -> plx0 (pcie5x16)
#    71.0%  plx0 -> gpu0 (pcie5x16)
# Bottleneck: cpu0 (root complex transit)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   1 MiB to 64 MiB              +-38% (90%: +-93%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs, 1 node (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  +-22% (90%: +-71%): median error of 7 public collectives of >= 64 MiB (bandwidth-bound) (3 sources) on Blackwell, 1 node (B200, GB200); worst 71%, model tends optimistic (+19% on average)
