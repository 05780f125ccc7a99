$ simtrain collective topologies/dgx_a100.yaml -b 8 -e 1G -f 4
# exit 0
# simtrain collective: all_reduce on DGX A100 (8x A100-SXM4-40GB) (1 node, 8 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
           8             2     float     sum      -1      17.68     0.00     0.00          ring      LL
          32             8     float     sum      -1      17.68     0.00     0.00          ring      LL
         128            32     float     sum      -1      17.68     0.01     0.01          ring      LL
         512           128     float     sum      -1      17.70     0.03     0.05          ring      LL
        2048           512     float     sum      -1      17.74     0.12     0.20          ring      LL
        8192          2048     float     sum      -1      17.93     0.46     0.80          ring      LL
       32768          8192     float     sum      -1      18.66     1.76     3.07          ring      LL
      131072         32768     float     sum      -1      21.60     6.07    10.62          ring      LL
      524288        131072     float     sum      -1      33.36    15.71    27.50          ring      LL
     2097152        524288     float     sum      -1      61.15    34.30    60.02          ring   LL128
     8388608       2097152     float     sum      -1     112.29    74.70   130.73          ring   LL128
    33554432       8388608     float     sum      -1     314.44   106.71   186.74          ring  Simple
   134217728      33554432     float     sum      -1    1067.27   125.76   220.08          ring  Simple
   536870912     134217728     float     sum      -1    4078.56   131.63   230.36          ring  Simple
# Avg bus bandwidth    : 62.1565
#
# Busiest links at 536870912 B (ring / Simple):
#    98.4%  gpu0 -> nvswitch (nvlink3 x12)
#    98.4%  nvswitch -> gpu0 (nvlink3 x12)
#    98.4%  gpu1 -> nvswitch (nvlink3 x12)
#    98.4%  nvswitch -> gpu1 (nvlink3 x12)
#    98.4%  gpu2 -> nvswitch (nvlink3 x12)
# Bottleneck: gpu0 -> nvswitch (nvlink3 x12)
