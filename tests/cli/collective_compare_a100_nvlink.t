$ simtrain collective dgx_a100 --compare tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log
# exit 0
# simtrain collective --compare: all_reduce on DGX A100 (8x A100-SXM4-40GB) (1 node, 8 ranks), simulated, against tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log
# the log: all_reduce (from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.75 x algbw), 8 ranks on 1 host, float, 20 sizes
# error: busbw, (simulated - measured) / measured, against the log's out-of-place figure
#
#             measured out-of-place   measured in-place                   simulated
#       size        time      busbw       time     busbw       time     busbw          algo   proto    error
#        (B)        (us)     (GB/s)       (us)    (GB/s)       (us)    (GB/s)                            (%)
       32768       43.77       1.31          -         -      45.19      1.27          ring      LL     -3.1
       65536       46.81       2.45          -         -      45.19      2.54          ring      LL     +3.6
      131072       51.78       4.43          -         -      45.19      5.08          ring      LL    +14.6
      262144       61.41       7.47          -         -      45.19     10.15          ring      LL    +35.9
      524288       80.41      11.41          -         -      45.19     20.31          ring      LL    +78.0
     1048576      101.90      18.00          -         -      52.75     34.79          ring      LL    +93.3
     2097152      101.40      36.18          -         -      80.98     45.32          ring   LL128    +25.3
     4194304      101.50      72.33          -         -     109.43     67.07          ring  Simple     -7.3
     8388608      133.50     109.93          -         -     155.36     94.49          ring  Simple    -14.0
    16777216      276.60     106.16          -         -     247.22    118.76          ring  Simple    +11.9
    33554432      424.00     138.49          -         -     430.95    136.26          ring  Simple     -1.6
    67108864      684.60     171.54          -         -     798.40    147.09          ring  Simple    -14.3
   134217728     1327.60     176.92          -         -    1533.30    153.19          ring  Simple    -13.4
   268435456     2420.60     194.07          -         -    2770.08    169.58          ring  Simple    -12.6
   536870912     4218.40     222.72          -         -    4777.61    196.65          ring  Simple    -11.7
  1073741824     8204.00     229.04          -         -    8792.67    213.71          ring  Simple     -6.7
  2147483648    16240.00     231.41          -         -   16822.79    223.39          ring  Simple     -3.5
  4294967296    32137.00     233.88          -         -   32883.03    228.57          ring  Simple     -2.3
  8589934592    64074.00     234.61          -         -   65003.51    231.25          ring  Simple     -1.4
 17179869184   127995.00     234.89          -         -  129244.48    232.62          ring  Simple     -1.0
#
# busbw error by size (the log's out-of-place busbw):
#   < 64 MiB (latency, mid-size)    11 sizes: median |error|  14.0%, worst +93.3% at 1048576 B
#   >= 64 MiB (bandwidth-bound)      9 sizes: median |error|   6.7%, worst -14.3% at 67108864 B
#   all sizes                       20 sizes: median |error|  11.8%, worst +93.3% at 1048576 B
# Only the log's sizes are compared (32768 to 17179869184 B): sizes outside its range are not.
