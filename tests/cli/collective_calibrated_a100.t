$ simtrain collective dgx_a100 --calibration tests/data/netcal/dgx_a100.yaml --compare tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log
# exit 0
# simtrain collective --compare: all_reduce on DGX A100 (8x A100-SXM4-40GB) (1 node, 8 ranks), simulated, against tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log
# the log: all_reduce (from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.75 x algbw), 8 ranks on 1 host, float, 20 sizes
# error: busbw, (simulated - measured) / measured, against the log's out-of-place figure
# network calibrated: tests/data/netcal/dgx_a100.yaml (fitted on tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log: all_reduce, 8 ranks, 32768 to 17179869184 B): nvlink3 efficiency 0.8175, nvlink LL step latency x1.202, nvlink LL128 step latency x1.920, nvlink Simple step latency x1.244, LL bound 15.8 GB/s inside a node
#
#             measured out-of-place   measured in-place                   simulated
#       size        time      busbw       time     busbw       time     busbw          algo   proto    error
#        (B)        (us)     (GB/s)       (us)    (GB/s)       (us)    (GB/s)                            (%)
       32768       43.77       1.31          -         -      45.84      1.25          ring      LL     -4.5
       65536       46.81       2.45          -         -      45.84      2.50          ring      LL     +2.1
      131072       51.78       4.43          -         -      49.10      4.67          ring      LL     +5.5
      262144       61.41       7.47          -         -      63.58      7.22          ring      LL     -3.4
      524288       80.41      11.41          -         -      80.41     11.41          ring   LL128     +0.0
     1048576      101.90      18.00          -         -      86.05     21.32          ring  Simple    +18.5
     2097152      101.40      36.18          -         -      97.01     37.83          ring  Simple     +4.6
     4194304      101.50      72.33          -         -     118.92     61.72          ring  Simple    -14.7
     8388608      133.50     109.93          -         -     162.74     90.20          ring  Simple    -17.9
    16777216      276.60     106.16          -         -     250.39    117.26          ring  Simple    +10.5
    33554432      424.00     138.49          -         -     425.69    137.94          ring  Simple     -0.4
    67108864      684.60     171.54          -         -     776.28    151.29          ring  Simple    -11.8
   134217728     1327.60     176.92          -         -    1477.47    158.97          ring  Simple    -10.1
   268435456     2420.60     194.07          -         -    2657.52    176.77          ring  Simple     -8.9
   536870912     4218.40     222.72          -         -    4572.96    205.45          ring  Simple     -7.8
  1073741824     8204.00     229.04          -         -    8403.85    223.59          ring  Simple     -2.4
  2147483648    16240.00     231.41          -         -   16065.61    233.92          ring  Simple     +1.1
  4294967296    32137.00     233.88          -         -   31389.14    239.45          ring  Simple     +2.4
  8589934592    64074.00     234.61          -         -   62036.21    242.32          ring  Simple     +3.3
 17179869184   127995.00     234.89          -         -  123330.34    243.77          ring  Simple     +3.8
#
# busbw error by size (the log's out-of-place busbw):
#   < 64 MiB (latency, mid-size)    11 sizes: median |error|   4.6%, worst +18.5% at 1048576 B
#   >= 64 MiB (bandwidth-bound)      9 sizes: median |error|   3.8%, worst -11.8% at 67108864 B
#   all sizes                       20 sizes: median |error|   4.5%, worst +18.5% at 1048576 B
# Only the log's sizes are compared (32768 to 17179869184 B): sizes outside its range are not.
