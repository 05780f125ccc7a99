$ simtrain collective tests/data/netcal/h100_pcie_nvlink_pair.yaml --op all_reduce --calibration tests/data/netcal/h100_pcie_pair.yaml --compare tests/data/nccl_tests/h100_pcie_2gpu_all_reduce_nccl1161.log
# exit 0
# simtrain collective --compare: all_reduce on 2x H100 PCIe on an NVLink bridge (1 node, 2 ranks), simulated, against tests/data/nccl_tests/h100_pcie_2gpu_all_reduce_nccl1161.log
# the log: all_reduce (--op all_reduce; its rows (redop sum, root -1, size = count x 4 B, busbw = 1 x algbw) fit all_reduce and sendrecv), 2 ranks on 1 host, float, 3 sizes
# error: busbw, (simulated - measured) / measured, against the log's out-of-place figure
# network calibrated: tests/data/netcal/h100_pcie_pair.yaml (fitted on tests/data/nccl_tests/h100_pcie_2gpu_all_reduce_nccl1161.log: all_reduce, 2 ranks, 1073741824 to 4294967296 B): nvlink4 efficiency 0.3884
#
#             measured out-of-place   measured in-place                   simulated
#       size        time      busbw       time     busbw       time     busbw          algo   proto    error
#        (B)        (us)     (GB/s)       (us)    (GB/s)       (us)    (GB/s)                            (%)
  1073741824     9306.90     115.37          -         -    9308.98    115.34          ring  Simple     -0.0
  2147483648    18535.00     115.86          -         -   18524.06    115.93          ring  Simple     +0.1
  4294967296    36943.00     116.26          -         -   36954.24    116.22          ring  Simple     -0.0
#
# busbw error by size (the log's out-of-place busbw):
#   < 64 MiB (latency, mid-size)   no size of the log in this range
#   >= 64 MiB (bandwidth-bound)      3 sizes: median |error|   0.0%, worst +0.1% at 2147483648 B
#   all sizes                        3 sizes: median |error|   0.0%, worst +0.1% at 2147483648 B
# Only the log's sizes are compared (1073741824 to 4294967296 B): sizes outside its range are not.
