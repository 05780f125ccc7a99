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
#   < 1 MiB (latency-bound)      not validated for this kind of run (nccl-tests collectives never validated on Blackwell); nearest band +-6.8% (90%: +-93%): median error of 34 public nccl-tests collectives (8 sources) on all GPUs (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, H100 PCIe, H200, V100-SXM2-32GB); worst 93%, model tends optimistic (+1.0% on average)
#   1 MiB to 64 MiB              not validated for this kind of run (nccl-tests collectives never validated on Blackwell); nearest band +-6.8% (90%: +-93%): median error of 34 public nccl-tests collectives (8 sources) on all GPUs (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, H100 PCIe, H200, V100-SXM2-32GB); worst 93%, model tends optimistic (+1.0% on average)
#   >= 64 MiB (bandwidth-bound)  not validated for this kind of run (nccl-tests collectives never validated on Blackwell); nearest band +-7.0% (90%: +-93%): median error of 15 public collectives of >= 64 MiB (bandwidth-bound) (5 sources) on all GPUs, 1 node (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, H200, V100-SXM2-32GB); worst 93%, model tends optimistic (+3.3% on average)
