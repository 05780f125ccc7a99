$ simtrain collective dgx_h200 --calibration tests/data/netcal/dgx_h200.yaml --compare tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log
# exit 0
# simtrain collective --compare: all_reduce on DGX H200 (8x H200 SXM) (1 node, 8 ranks), simulated, against tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log
# the log: all_reduce (from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.75 x algbw), 8 ranks on 1 host, float, 20 sizes
# error: busbw, (simulated - measured) / measured, against the log's out-of-place figure
# network calibrated: tests/data/netcal/dgx_h200.yaml (fitted on tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log: all_reduce, 8 ranks, 32768 to 17179869184 B): NVLS share 0.8253, nvlink LL step latency x1.263, nvlink Simple step latency x1.338
#
#             measured out-of-place   measured in-place                   simulated
#       size        time      busbw       time     busbw       time     busbw          algo   proto    error
#        (B)        (us)     (GB/s)       (us)    (GB/s)       (us)    (GB/s)                            (%)
       32768       39.82       1.44          -         -      39.09      1.47          ring      LL     +1.9
       65536       39.14       2.93          -         -      39.09      2.93          ring      LL     +0.1
      131072       40.03       5.73          -         -      39.09      5.87          ring      LL     +2.4
      262144       39.08      11.74          -         -      39.09     11.73          ring      LL     -0.0
      524288       38.33      23.94          -         -      39.09     23.47          ring      LL     -2.0
     1048576       45.96      39.93          -         -      43.89     41.81          ring      LL     +4.7
     2097152       56.87      64.53          -         -      63.07     58.19          ring      LL     -9.8
     4194304       68.50     107.16          -         -      76.44     96.03          nvls  Simple    -10.4
     8388608       94.39     155.53          -         -      94.51    155.32          nvls  Simple     -0.1
    16777216      133.50     219.89          -         -     125.50    233.94          nvls  Simple     +6.4
    33554432      212.90     275.84          -         -     187.48    313.21          nvls  Simple    +13.5
    67108864      338.90     346.51          -         -     316.60    370.95          nvls  Simple     +7.1
   134217728      584.40     401.93          -         -     564.51    416.08          nvls  Simple     +3.5
   268435456     1077.10     436.15          -         -    1060.33    443.03          nvls  Simple     +1.6
   536870912     2086.50     450.29          -         -    2051.97    457.86          nvls  Simple     +1.7
  1073741824     4053.30     463.58          -         -    4045.58    464.47          nvls  Simple     +0.2
  2147483648     8010.10     469.17          -         -    8012.14    469.05          nvls  Simple     -0.0
  4294967296    15887.00     473.10          -         -   15945.26    471.37          nvls  Simple     -0.4
  8589934592    31485.00     477.45          -         -   31811.51    472.55          nvls  Simple     -1.0
 17179869184    62341.00     482.26          -         -   63544.00    473.13          nvls  Simple     -1.9
#
# busbw error by size (the log's out-of-place busbw):
#   < 64 MiB (latency, mid-size)    11 sizes: median |error|   2.4%, worst +13.5% at 33554432 B
#   >= 64 MiB (bandwidth-bound)      9 sizes: median |error|   1.6%, worst +7.1% at 67108864 B
#   all sizes                       20 sizes: median |error|   1.9%, worst +13.5% at 33554432 B
# Only the log's sizes are compared (32768 to 17179869184 B): sizes outside its range are not.
