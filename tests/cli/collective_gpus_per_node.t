$ simtrain collective dgx_a100 --gpus-per-node 4 -b 1M -e 4M
# exit 0
# simtrain collective: all_reduce on DGX A100 (8x A100-SXM4-40GB) (1 node, 4 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048576        262144     float     sum      -1      42.35    24.76    37.14          ring      LL
     2097152        524288     float     sum      -1      55.34    37.89    56.84          ring  Simple
     4194304       1048576     float     sum      -1      74.39    56.38    84.57          ring  Simple
# Avg bus bandwidth    : 59.5189
#
# Busiest links at 4194304 B (ring / Simple):
#    36.1%  gpu0 -> nvswitch (nvlink3 x12)
#    36.1%  nvswitch -> gpu0 (nvlink3 x12)
#    36.1%  gpu1 -> nvswitch (nvlink3 x12)
#    36.1%  nvswitch -> gpu1 (nvlink3 x12)
#    36.1%  gpu2 -> nvswitch (nvlink3 x12)
# Bottleneck: gpu0 -> nvswitch (nvlink3 x12)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   1 MiB to 64 MiB              +-7.1% (90%: +-89%): median error of 17 public nccl-tests collectives (5 sources) on Ampere (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB); worst 93%, model tends optimistic (+7.2% on average)
