$ simtrain collective gb200_nvl72 --op all_gather -b 1M -e 1G -f 32
# exit 0
# simtrain collective: all_gather on GB200 NVL72 (72x GB200 B200, one NVLink domain) (1 node, 72 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048320        262080     float    none      -1     119.90     8.74     8.62          ring      LL
    33554304       8388576     float    none      -1     246.34   136.21   134.32          ring      LL
  1073741760     268435440     float    none      -1    2538.38   423.00   417.13          ring  Simple
# Avg bus bandwidth    : 186.6898
#
# Busiest links at 1073741760 B (ring / Simple):
#    60.2%  gpu0 -> nvswitch (nvlink5 x18)
#    60.2%  nvswitch -> gpu0 (nvlink5 x18)
#    60.2%  gpu1 -> nvswitch (nvlink5 x18)
#    60.2%  nvswitch -> gpu1 (nvlink5 x18)
#    60.2%  gpu2 -> nvswitch (nvlink5 x18)
# Bottleneck: gpu0 -> nvswitch (nvlink5 x18)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   < 1 MiB (latency-bound)      +-23% (90%: +-64%): median error of 10 public nccl-tests collectives (5 sources) on Blackwell (B200, GB200, RTX PRO 6000 Blackwell Server Edition); worst 71%, model tends optimistic (+3.8% on average)
#   1 MiB to 64 MiB              +-38% (90%: +-93%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs, 1 node (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  +-22% (90%: +-71%): median error of 7 public collectives of >= 64 MiB (bandwidth-bound) (3 sources) on Blackwell, 1 node (B200, GB200); worst 71%, model tends optimistic (+19% on average)
