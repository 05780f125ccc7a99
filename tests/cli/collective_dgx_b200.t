$ simtrain collective dgx_b200 --op all_reduce -b 1M -e 4G -f 8
# exit 0
# simtrain collective: all_reduce on DGX B200 (8x B200 SXM) (1 node, 8 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048576        262144     float     sum      -1      32.71    32.05    56.09          ring      LL
     8388608       2097152     float     sum      -1      64.94   129.17   226.05          nvls  Simple
    67108864      16777216     float     sum      -1     189.34   354.44   620.28          nvls  Simple
   536870912     134217728     float     sum      -1    1171.39   458.32   802.06          nvls  Simple
  4294967296    1073741824     float     sum      -1    9001.67   477.13   834.98          nvls  Simple
# Avg bus bandwidth    : 507.8917
#
# Busiest links at 4294967296 B (nvls / Simple):
#    99.3%  gpu0 -> nvswitch (nvlink5 x18)
#    99.3%  nvswitch -> gpu0 (nvlink5 x18)
#    99.3%  gpu1 -> nvswitch (nvlink5 x18)
#    99.3%  nvswitch -> gpu1 (nvlink5 x18)
#    99.3%  gpu2 -> nvswitch (nvlink5 x18)
# Bottleneck: gpu0 -> nvswitch (nvlink5 x18)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   1 MiB to 64 MiB              +-38% (90%: +-93%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs, 1 node (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  +-22% (90%: +-71%): median error of 7 public collectives of >= 64 MiB (bandwidth-bound) (3 sources) on Blackwell, 1 node (B200, GB200); worst 71%, model tends optimistic (+19% on average)
