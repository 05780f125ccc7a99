$ simtrain collective topologies/dgx_a100.yaml -b 8 -e 1G -f 4
# exit 0
# simtrain collective: all_reduce on DGX A100 (8x A100-SXM4-40GB) (1 node, 8 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
           8             2     float     sum      -1      22.51     0.00     0.00          ring      LL
          32             8     float     sum      -1      22.52     0.00     0.00          ring      LL
         128            32     float     sum      -1      22.59     0.01     0.01          ring      LL
         512           128     float     sum      -1      22.85     0.02     0.04          ring      LL
        2048           512     float     sum      -1      23.92     0.09     0.15          ring      LL
        8192          2048     float     sum      -1      28.17     0.29     0.51          ring      LL
       32768          8192     float     sum      -1      45.19     0.73     1.27          ring      LL
      131072         32768     float     sum      -1      45.19     2.90     5.08          ring      LL
      524288        131072     float     sum      -1      45.19    11.60    20.31          ring      LL
     2097152        524288     float     sum      -1      80.98    25.90    45.32          ring   LL128
     8388608       2097152     float     sum      -1     155.36    53.99    94.49          ring  Simple
    33554432       8388608     float     sum      -1     430.95    77.86   136.26          ring  Simple
   134217728      33554432     float     sum      -1    1533.30    87.54   153.19          ring  Simple
   536870912     134217728     float     sum      -1    4777.61   112.37   196.65          ring  Simple
# Avg bus bandwidth    : 46.6620
#
# Busiest links at 536870912 B (ring / Simple):
#    84.0%  gpu0 -> nvswitch (nvlink3 x12)
#    84.0%  nvswitch -> gpu0 (nvlink3 x12)
#    84.0%  gpu1 -> nvswitch (nvlink3 x12)
#    84.0%  nvswitch -> gpu1 (nvlink3 x12)
#    84.0%  gpu2 -> nvswitch (nvlink3 x12)
# Bottleneck: gpu0 -> nvswitch (nvlink3 x12)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   < 1 MiB (latency-bound)      +-8.0% (90%: +-80%): median error of 17 public nccl-tests collectives (5 sources) on Ampere (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB); worst 93%, model tends optimistic (+7.2% on average)
#   1 MiB to 64 MiB              +-27% (90%: +-93%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs, 1 node (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  +-10% (90%: +-93%): median error of 8 public collectives of >= 64 MiB (bandwidth-bound) (4 sources) on Ampere, 1 node (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB); worst 93%, model tends optimistic (+5.5% on average)
