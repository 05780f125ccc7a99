$ simtrain collective dgx_h200 --compare tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log
# exit 0
# simtrain collective --compare: all_reduce on DGX H200 (8x H200 SXM) (1 node, 8 ranks), simulated, against tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log
# the log: all_reduce (from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.75 x algbw), 8 ranks on 1 host, float, 20 sizes
# error: busbw, (simulated - measured) / measured, against the log's out-of-place figure
#
#             measured out-of-place   measured in-place                   simulated
#       size        time      busbw       time     busbw       time     busbw          algo   proto    error
#        (B)        (us)     (GB/s)       (us)    (GB/s)       (us)    (GB/s)                            (%)
       32768       39.82       1.44          -         -      36.89      1.55          ring      LL     +8.0
       65536       39.14       2.93          -         -      36.89      3.11          ring      LL     +6.1
      131072       40.03       5.73          -         -      36.89      6.22          ring      LL     +8.5
      262144       39.08      11.74          -         -      36.89     12.44          ring      LL     +5.9
      524288       38.33      23.94          -         -      36.89     24.87          ring      LL     +3.9
     1048576       45.96      39.93          -         -      41.68     44.02          ring      LL    +10.3
     2097152       56.87      64.53          -         -      55.45     66.19          nvls  Simple     +2.6
     4194304       68.50     107.16          -         -      63.06    116.40          nvls  Simple     +8.6
     8388608       94.39     155.53          -         -      80.82    181.64          nvls  Simple    +16.8
    16777216      133.50     219.89          -         -     111.27    263.87          nvls  Simple    +20.0
    33554432      212.90     275.84          -         -     172.16    341.08          nvls  Simple    +23.7
    67108864      338.90     346.51          -         -     299.02    392.75          nvls  Simple    +13.3
   134217728      584.40     401.93          -         -     542.59    432.89          nvls  Simple     +7.7
   268435456     1077.10     436.15          -         -    1029.74    456.20          nvls  Simple     +4.6
   536870912     2086.50     450.29          -         -    2004.02    468.82          nvls  Simple     +4.1
  1073741824     4053.30     463.58          -         -    3962.74    474.18          nvls  Simple     +2.3
  2147483648     8010.10     469.17          -         -    7859.89    478.14          nvls  Simple     +1.9
  4294967296    15887.00     473.10          -         -   15654.18    480.14          nvls  Simple     +1.5
  8589934592    31485.00     477.45          -         -   31242.77    481.15          nvls  Simple     +0.8
 17179869184    62341.00     482.26          -         -   62419.94    481.65          nvls  Simple     -0.1
#
# busbw error by size (the log's out-of-place busbw):
#   < 64 MiB (latency, mid-size)    11 sizes: median |error|   8.5%, worst +23.7% at 33554432 B
#   >= 64 MiB (bandwidth-bound)      9 sizes: median |error|   2.3%, worst +13.3% at 67108864 B
#   all sizes                       20 sizes: median |error|   6.0%, worst +23.7% at 33554432 B
# Only the log's sizes are compared (32768 to 17179869184 B): sizes outside its range are not.
