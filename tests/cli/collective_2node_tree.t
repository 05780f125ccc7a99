$ simtrain collective topologies/dgx_a100.yaml --nodes 2 --algo tree -b 1M -e 1G -f 32
# exit 0
# simtrain collective: all_reduce on DGX A100 (8x A100-SXM4-40GB) (2 nodes, 16 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048576        262144     float     sum      -1     172.38     6.08    11.41          tree  Simple
    33554432       8388608     float     sum      -1    1378.07    24.35    45.65          tree  Simple
  1073741824     268435456     float     sum      -1    9712.91   110.55   207.28          tree  Simple
# Avg bus bandwidth    : 88.1124
#
# Busiest links at 1073741824 B (tree / Simple):
#    88.6%  node0/gpu0 -> node0/nvswitch (nvlink3 x12)
#    88.6%  node0/nvswitch -> node0/gpu0 (nvlink3 x12)
#    88.6%  node0/gpu1 -> node0/nvswitch (nvlink3 x12)
#    88.6%  node0/nvswitch -> node0/gpu1 (nvlink3 x12)
#    88.6%  node0/gpu2 -> node0/nvswitch (nvlink3 x12)
# Bottleneck: node0/gpu0 -> node0/nvswitch (nvlink3 x12)
# Bytes over network links: 4.295e+09 (4.000 x the buffer)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   1 MiB to 64 MiB              +-27% (90%: +-93%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  +-4.5% (90%: +-93%): median error of 11 public collectives of >= 64 MiB (bandwidth-bound) (7 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, AMD Instinct MI325X, B200, GB200, H100 80GB HBM3, H100 PCIe, V100-SXM2-32GB); worst 93%, model tends optimistic (+2.4% on average)
