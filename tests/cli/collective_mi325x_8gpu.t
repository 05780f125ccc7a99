$ simtrain collective topologies/mi325x_8gpu.yaml --nodes 2 --algo ring -b 1M -e 16G -f 16
# exit 0
# simtrain collective: all_reduce on 8x AMD Instinct MI325X (UBB, 2x EPYC 9575F) (2 nodes, 16 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
# collective library: RCCL (topologies/collectives.yaml rccl:, AMD GPUs)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048576        262144     float     sum      -1     141.11     7.43    13.93          ring      LL
    16777216       4194304     float     sum      -1     337.48    49.71    93.21          ring  Simple
   268435456      67108864     float     sum      -1    1916.75   140.05   262.59          ring  Simple
  4294967296    1073741824     float     sum      -1   23285.18   184.45   345.85          ring  Simple
# Avg bus bandwidth    : 178.8942
#
# Busiest links at 4294967296 B (ring / Simple):
#    95.1%  node0/gpu0 -> node0/gpu1 (xgmi_mi300)
#    95.1%  node0/gpu1 -> node0/gpu0 (xgmi_mi300)
#    95.1%  node0/gpu0 -> node0/gpu2 (xgmi_mi300)
#    95.1%  node0/gpu2 -> node0/gpu0 (xgmi_mi300)
#    95.1%  node0/gpu0 -> node0/gpu3 (xgmi_mi300)
# Bottleneck: node0/gpu0 -> node0/gpu1 (xgmi_mi300)
# Bytes over network links: 3.221e+10 (7.500 x the buffer)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   1 MiB to 64 MiB              +-29% (90%: +-70%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  +-4.5% (90%: +-48%): median error of 11 public collectives of >= 64 MiB (bandwidth-bound) (7 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, AMD Instinct MI325X, B200, GB200, H100 80GB HBM3, H100 PCIe, V100-SXM2-32GB); worst 48%, model tends optimistic (+2.4% on average)
