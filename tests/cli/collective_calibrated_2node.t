$ simtrain collective node_1gpu_hdr --nodes 2 --calibration tests/data/netcal/spark_2node_on_hdr.yaml --compare tests/data/nccl_tests/dgx_spark_2node_all_reduce_excerpt.log --force-device
# exit 0
# simtrain collective --compare: all_reduce on 1x A100 PCIe + 1x ConnectX-6 HDR per node (2 nodes, 2 ranks), simulated, against tests/data/nccl_tests/dgx_spark_2node_all_reduce_excerpt.log
# the log: all_reduce (named by the log: all_reduce_perf), 2 ranks on 2 hosts, float, 4 sizes; no footer (# Avg bus bandwidth): the run may have been cut short
# device mismatch: the log ran on NVIDIA GB10 (line 8); the system 1x A100 PCIe + 1x ConnectX-6 HDR per node has NVIDIA A100 80GB PCIe (--force-device)
# error: busbw, (simulated - measured) / measured, against the log's out-of-place figure
# network calibrated: tests/data/netcal/spark_2node_on_hdr.yaml (fitted on tests/data/nccl_tests/dgx_spark_2node_all_reduce_excerpt.log: all_reduce, 2 ranks, 8192 to 65536 B): network LL step latency x3.328, network Simple step latency x0.920, LL bound 4.6 GB/s across nodes
#
#             measured out-of-place   measured in-place                   simulated
#       size        time      busbw       time     busbw       time     busbw          algo   proto    error
#        (B)        (us)     (GB/s)       (us)    (GB/s)       (us)    (GB/s)                            (%)
        8192       35.15       0.23      30.33      0.27      33.09      0.25          ring      LL     +7.6
       16384       31.67       0.52      30.75      0.53      34.88      0.47          ring      LL     -9.7
       32768       39.56       0.83      37.44      0.88      38.46      0.85          ring      LL     +2.7
       65536       67.93       0.96      64.71      1.01      45.60      1.44          tree  Simple    +49.7
#
# busbw error by size (the log's out-of-place busbw):
#   < 64 MiB (latency, mid-size)     4 sizes: median |error|   8.7%, worst +49.7% at 65536 B
#   >= 64 MiB (bandwidth-bound)    no size of the log in this range
#   all sizes                        4 sizes: median |error|   8.7%, worst +49.7% at 65536 B
# Only the log's sizes are compared (8192 to 65536 B): sizes outside its range are not.
