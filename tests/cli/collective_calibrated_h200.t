$ simtrain collective dgx_h200 --calibration tests/data/netcal/dgx_h200.yaml --compare tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log
# exit 0
# simtrain collective --compare: all_reduce on DGX H200 (8x H200 SXM) (1 node, 8 ranks), simulated, against tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log
# the log: all_reduce (from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.75 x algbw), 8 ranks on 1 host, float, 20 sizes
# error: busbw, (simulated - measured) / measured, against the log's out-of-place figure
# network calibrated: tests/data/netcal/dgx_h200.yaml (fitted on tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log: all_reduce, 8 ranks, 32768 to 17179869184 B): NVLS share 0.8232, nvlink step latency x1.277
#
#             measured out-of-place   measured in-place                   simulated
#       size        time      busbw       time     busbw       time     busbw          algo   proto    error
#        (B)        (us)     (GB/s)       (us)    (GB/s)       (us)    (GB/s)                            (%)
       32768       39.82       1.44          -         -      39.21      1.46          ring      LL     +1.6
       65536       39.14       2.93          -         -      39.21      2.93          ring      LL     -0.2
      131072       40.03       5.73          -         -      39.21      5.85          ring      LL     +2.1
      262144       39.08      11.74          -         -      39.21     11.70          ring      LL     -0.3
      524288       38.33      23.94          -         -      39.21     23.40          ring      LL     -2.3
     1048576       45.96      39.93          -         -      44.00     41.70          ring      LL     +4.4
     2097152       56.87      64.53          -         -      59.42     61.77          nvls  Simple     -4.3
     4194304       68.50     107.16          -         -      67.18    109.25          nvls  Simple     +2.0
     8388608       94.39     155.53          -         -      85.31    172.08          nvls  Simple    +10.6
    16777216      133.50     219.89          -         -     116.38    252.29          nvls  Simple    +14.7
    33554432      212.90     275.84          -         -     178.51    328.94          nvls  Simple    +19.3
    67108864      338.90     346.51          -         -     307.96    381.35          nvls  Simple    +10.1
   134217728      584.40     401.93          -         -     556.50    422.07          nvls  Simple     +5.0
   268435456     1077.10     436.15          -         -    1053.59    445.87          nvls  Simple     +2.2
   536870912     2086.50     450.29          -         -    2047.76    458.81          nvls  Simple     +1.9
  1073741824     4053.30     463.58          -         -    4046.45    464.37          nvls  Simple     +0.2
  2147483648     8010.10     469.17          -         -    8023.13    468.41          nvls  Simple     -0.2
  4294967296    15887.00     473.10          -         -   15976.49    470.45          nvls  Simple     -0.6
  8589934592    31485.00     477.45          -         -   31883.22    471.48          nvls  Simple     -1.2
 17179869184    62341.00     482.26          -         -   63696.66    472.00          nvls  Simple     -2.1
#
# busbw error by size (the log's out-of-place busbw):
#   < 64 MiB (latency, mid-size)    11 sizes: median |error|   2.3%, worst +19.3% at 33554432 B
#   >= 64 MiB (bandwidth-bound)      9 sizes: median |error|   1.9%, worst +10.1% at 67108864 B
#   all sizes                       20 sizes: median |error|   2.1%, worst +19.3% at 33554432 B
# Only the log's sizes are compared (32768 to 17179869184 B): sizes outside its range are not.
