$ simtrain collective dgx_a100 --calibration tests/data/netcal/dgx_a100.yaml --compare tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log
# exit 0
# simtrain collective --compare: all_reduce on DGX A100 (8x A100-SXM4-40GB) (1 node, 8 ranks), simulated, against tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log
# the log: all_reduce (from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.75 x algbw), 8 ranks on 1 host, float, 20 sizes
# error: busbw, (simulated - measured) / measured, against the log's out-of-place figure
# network calibrated: tests/data/netcal/dgx_a100.yaml (fitted on tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log: all_reduce, 8 ranks, 32768 to 17179869184 B): nvlink3 efficiency 0.8189, nvlink step latency x1.757
#
#             measured out-of-place   measured in-place                   simulated
#       size        time      busbw       time     busbw       time     busbw          algo   proto    error
#        (B)        (us)     (GB/s)       (us)    (GB/s)       (us)    (GB/s)                            (%)
       32768       43.77       1.31          -         -      50.47      1.14          ring      LL    -13.3
       65536       46.81       2.45          -         -      50.47      2.27          ring      LL     -7.2
      131072       51.78       4.43          -         -      50.47      4.55          ring      LL     +2.6
      262144       61.41       7.47          -         -      50.47      9.09          ring      LL    +21.7
      524288       80.41      11.41          -         -      50.47     18.18          ring      LL    +59.3
     1048576      101.90      18.00          -         -      57.67     31.82          ring      LL    +76.8
     2097152      101.40      36.18          -         -      86.48     42.44          ring      LL    +17.3
     4194304      101.50      72.33          -         -     130.87     56.09          ring   LL128    -22.5
     8388608      133.50     109.93          -         -     187.03     78.49          ring  Simple    -28.6
    16777216      276.60     106.16          -         -     274.53    106.95          ring  Simple     +0.7
    33554432      424.00     138.49          -         -     449.53    130.63          ring  Simple     -5.7
    67108864      684.60     171.54          -         -     799.52    146.89          ring  Simple    -14.4
   134217728     1327.60     176.92          -         -    1499.51    156.64          ring  Simple    -11.5
   268435456     2420.60     194.07          -         -    2677.54    175.45          ring  Simple     -9.6
   536870912     4218.40     222.72          -         -    4589.71    204.70          ring  Simple     -8.1
  1073741824     8204.00     229.04          -         -    8414.04    223.32          ring  Simple     -2.5
  2147483648    16240.00     231.41          -         -   16062.71    233.96          ring  Simple     +1.1
  4294967296    32137.00     233.88          -         -   31360.05    239.67          ring  Simple     +2.5
  8589934592    64074.00     234.61          -         -   61954.72    242.64          ring  Simple     +3.4
 17179869184   127995.00     234.89          -         -  123144.06    244.14          ring  Simple     +3.9
#
# busbw error by size (the log's out-of-place busbw):
#   < 64 MiB (latency, mid-size)    11 sizes: median |error|  17.3%, worst +76.8% at 1048576 B
#   >= 64 MiB (bandwidth-bound)      9 sizes: median |error|   3.9%, worst -14.4% at 67108864 B
#   all sizes                       20 sizes: median |error|   8.8%, worst +76.8% at 1048576 B
# Only the log's sizes are compared (32768 to 17179869184 B): sizes outside its range are not.
