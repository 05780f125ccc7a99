$ simtrain collective node_1gpu_hdr --nodes 2 --compare tests/data/nccl_tests/dgx_spark_2node_all_reduce_excerpt.log --force-device
# exit 0
# simtrain collective --compare: all_reduce on 1x A100 PCIe + 1x ConnectX-6 HDR per node (2 nodes, 2 ranks), simulated, against tests/data/nccl_tests/dgx_spark_2node_all_reduce_excerpt.log
# the log: all_reduce (named by the log: all_reduce_perf), 2 ranks on 2 hosts, float, 4 sizes; no footer (# Avg bus bandwidth): the run may have been cut short
# device mismatch: the log ran on NVIDIA GB10 (line 8); the system 1x A100 PCIe + 1x ConnectX-6 HDR per node has NVIDIA A100 80GB PCIe (--force-device)
# error: busbw, (simulated - measured) / measured, against the log's out-of-place figure
#
#             measured out-of-place   measured in-place                   simulated
#       size        time      busbw       time     busbw       time     busbw          algo   proto    error
#        (B)        (us)     (GB/s)       (us)    (GB/s)       (us)    (GB/s)                            (%)
        8192       35.15       0.23      30.33      0.27      20.10      0.41          ring      LL    +77.2
       16384       31.67       0.52      30.75      0.53      20.10      0.82          ring      LL    +56.8
       32768       39.56       0.83      37.44      0.88      21.46      1.53          ring      LL    +84.0
       65536       67.93       0.96      64.71      1.01      24.19      2.71          ring      LL   +182.2
#
# busbw error by size (the log's out-of-place busbw):
#   < 64 MiB (latency, mid-size)     4 sizes: median |error|  80.6%, worst +182.2% at 65536 B
#   >= 64 MiB (bandwidth-bound)    no size of the log in this range
#   all sizes                        4 sizes: median |error|  80.6%, worst +182.2% at 65536 B
# Only the log's sizes are compared (8192 to 65536 B): sizes outside its range are not.
