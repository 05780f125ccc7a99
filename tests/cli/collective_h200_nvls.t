$ simtrain collective dgx_h200 -b 1M -e 1G -f 8
# exit 0
# simtrain collective: all_reduce on DGX H200 (8x H200 SXM) (1 node, 8 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048576        262144     float     sum      -1      41.68    25.16    44.02          ring      LL
     8388608       2097152     float     sum      -1      80.82   103.79   181.64          nvls  Simple
    67108864      16777216     float     sum      -1     299.02   224.43   392.75          nvls  Simple
   536870912     134217728     float     sum      -1    2004.02   267.90   468.82          nvls  Simple
# Avg bus bandwidth    : 271.8079
#
# Busiest links at 536870912 B (nvls / Simple):
#    97.2%  gpu0 -> nvswitch (nvlink4 x18)
#    97.2%  nvswitch -> gpu0 (nvlink4 x18)
#    97.2%  gpu1 -> nvswitch (nvlink4 x18)
#    97.2%  nvswitch -> gpu1 (nvlink4 x18)
#    97.2%  gpu2 -> nvswitch (nvlink4 x18)
# Bottleneck: gpu0 -> nvswitch (nvlink4 x18)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   1 MiB to 64 MiB              +-26% (90%: +-93%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs, 1 node (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  +-5.5% (90%: +-71%): median error of 6 public collectives of >= 64 MiB (bandwidth-bound) (3 sources) on Hopper, 1 node (H100 80GB HBM3, H200); worst 71%, model tends optimistic (+0.9% on average)
