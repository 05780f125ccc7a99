$ simtrain calibrate --nccl-tests tests/data/nccl_tests/h100_pcie_2gpu_all_reduce_nccl1161.log --system tests/data/netcal/h100_pcie_nvlink_pair.yaml --op all_reduce -o /tmp/simtrain_cli_netcal_pair.yaml && cat /tmp/simtrain_cli_netcal_pair.yaml && diff /tmp/simtrain_cli_netcal_pair.yaml tests/data/netcal/h100_pcie_pair.yaml
# exit 0
# simtrain calibrate --nccl-tests: tests/data/nccl_tests/h100_pcie_2gpu_all_reduce_nccl1161.log (all_reduce, 2 ranks on 1 host) fitted on 2x H100 PCIe on an NVLink bridge (1 node x 2 GPUs)
# the log's operation: --op all_reduce; its rows (redop sum, root -1, size = count x 4 B, busbw = 1 x algbw) fit all_reduce and sendrecv
#
# fitted (each by a 1-D search, simulating the log's sizes with the model):
#   link_efficiency.nvlink4        0.8200 -> 0.3884   on 3 sizes, 1073741824 to 4294967296 B
#     efficiency of every nvlink4 link: the model's most utilized link at 4294967296 B (ring), so it sets the plateau
# not determined by this log (left as the catalog's):
#   - the NICs and the fabric: a one-node log sends no byte over the network
#   - the PCIe links: NCCL's rings ran over NVLink
#   - the per-step latencies: every size of the log is on the bandwidth plateau
#   - sizes outside the log's range: shown nowhere, not calibrated
#
# busbw error, (simulated - measured) / measured, before and after the fit:
#       size   measured     before     error          algo      after     error          algo  fitted on
#        (B)     (GB/s)     (GB/s)       (%)                   (GB/s)       (%)
  1073741824     115.37     242.88    +110.5   ring/Simple     115.34      -0.0   ring/Simple  bandwidth
  2147483648     115.86     244.43    +111.0   ring/Simple     115.93      +0.1   ring/Simple  bandwidth
  4294967296     116.26     245.21    +110.9   ring/Simple     116.22      -0.0   ring/Simple  bandwidth
#
# busbw error, before -> after:
#   sizes fitted (bandwidth)     3 sizes: median |error|  110.9% ->   0.0%, worst +111.0% at 2147483648 B -> +0.1% at 2147483648 B
#   sizes fitted (latency)     no size
#   all sizes of the log         3 sizes: median |error|  110.9% ->   0.0%, worst +111.0% at 2147483648 B -> +0.1% at 2147483648 B
# calibrated range: 1073741824 to 4294967296 B (the log's sizes); outside it the figures are not calibrated
# wrote /tmp/simtrain_cli_netcal_pair.yaml
# simtrain calibration file: the network model fitted to an nccl-tests log by
# `simtrain calibrate --nccl-tests`. `simtrain collective SYSTEM --calibration THIS_FILE` and a
# scenario's `calibration: THIS_FILE` apply it. Format: sim/work/calibration.hpp.
gpu: "NVIDIA H100 PCIe"
catalog_key: h100_pcie
# link_efficiency.nvlink4: 0.8200 -> 0.3884, fitted on 3 sizes 1073741824 to 4294967296 B
network:
  system: "2x H100 PCIe on an NVLink bridge"
  log: {file: "tests/data/nccl_tests/h100_pcie_2gpu_all_reduce_nccl1161.log", op: all_reduce, ranks: 2, nodes: 1, gpus_per_node: 2, min_size: 1073741824 B, max_size: 4294967296 B}
  link_efficiency:
    nvlink4: 0.3884
