$ simtrain calibrate --nccl-tests tests/data/nccl_tests/dgx_spark_2node_all_reduce_excerpt.log --force-device --system node_1gpu_hdr --nodes 2 -o /tmp/simtrain_cli_netcal_2node.yaml && cat /tmp/simtrain_cli_netcal_2node.yaml && diff /tmp/simtrain_cli_netcal_2node.yaml tests/data/netcal/spark_2node_on_hdr.yaml
# exit 0
# simtrain calibrate --nccl-tests: tests/data/nccl_tests/dgx_spark_2node_all_reduce_excerpt.log (all_reduce, 2 ranks on 2 hosts) fitted on 1x A100 PCIe + 1x ConnectX-6 HDR per node (2 nodes x 1 GPUs)
# the log's operation: named by the log: all_reduce_perf; --op agrees
# device mismatch: the log ran on NVIDIA GB10 (line 8); the system 1x A100 PCIe + 1x ConnectX-6 HDR per node has NVIDIA A100 80GB PCIe (--force-device)
#
# fitted (each by a 1-D search, simulating the log's sizes with the model):
#   step_latency_scale.network.ll  1.0000 -> 3.3283   on 3 sizes, 8192 to 32768 B
#     factor on NCCL's LL per-step latencies (hwLat, ring and tree) of network steps, which set the time of the sizes the model runs with LL
#   step_latency_scale.network.simple 1.0000 -> 0.9204   on 1 size, 65536 B
#     factor on NCCL's Simple per-step latencies (hwLat, ring and tree, and the NVLS kernel's) of network steps, which set the time of the sizes the model runs with Simple
#   ll_max_busbw                   none -> 4.58 GB/s   on 3 sizes, 8192 to 32768 B
#     the LL protocol's throughput bound on a ring across nodes (bus bandwidth; NCCL's tuner's llMaxBw role): the SMs' store-and-poll rate of 16-byte lines, which sets how the LL sizes' time grows with the size
# not determined by this log (left as the catalog's):
#   - the intra-node links (NVLink, PCIe) and their step latency: taken as the catalog's
#   - every link efficiency: no size of the log is on the bandwidth plateau (time proportional to size, at least 64 MiB or 4 x the smallest time, busbw within 15% of its best); the largest is 65536 B
#   - the LL128 step latency: the model runs no size of the log with LL128
#   - sizes outside the log's range: shown nowhere, not calibrated
#
# busbw error, (simulated - measured) / measured, before and after the fit:
#       size   measured     before     error          algo      after     error          algo  fitted on
#        (B)     (GB/s)     (GB/s)       (%)                   (GB/s)       (%)
        8192       0.23       0.41     +77.2       ring/LL       0.25      +7.6       ring/LL  latency LL
       16384       0.52       0.82     +56.8       ring/LL       0.47      -9.7       ring/LL  latency LL
       32768       0.83       1.53     +84.0       ring/LL       0.85      +2.7       ring/LL  latency LL
       65536       0.96       2.71    +182.2       ring/LL       1.44     +49.7   tree/Simple  latency Simple
#
# busbw error, before -> after:
#   sizes fitted (bandwidth)   no size
#   sizes fitted (latency)       4 sizes: median |error|   80.6% ->   8.6%, worst +182.2% at 65536 B -> +49.7% at 65536 B
#   all sizes of the log         4 sizes: median |error|   80.6% ->   8.6%, worst +182.2% at 65536 B -> +49.7% at 65536 B
# calibrated range: 8192 to 65536 B (the log's sizes); outside it the figures are not calibrated
# wrote /tmp/simtrain_cli_netcal_2node.yaml
# simtrain calibration file: the network model fitted to an nccl-tests log by
# `simtrain calibrate --nccl-tests`. `simtrain collective SYSTEM --calibration THIS_FILE` and a
# scenario's `calibration: THIS_FILE` apply it. Format: sim/work/calibration.hpp.
gpu: "NVIDIA A100 80GB PCIe"
catalog_key: a100_pcie_80gb
# step_latency_scale.network.ll: 1.0000 -> 3.3283, fitted on 3 sizes 8192 to 32768 B
# step_latency_scale.network.simple: 1.0000 -> 0.9204, fitted on 1 size 65536 to 65536 B
# ll_max_busbw: none -> 4.58 GB/s, fitted on 3 sizes 8192 to 32768 B
network:
  system: "1x A100 PCIe + 1x ConnectX-6 HDR per node"
  log: {file: "tests/data/nccl_tests/dgx_spark_2node_all_reduce_excerpt.log", op: all_reduce, ranks: 2, nodes: 2, gpus_per_node: 1, min_size: 8192 B, max_size: 65536 B}
  step_latency_scale:
    network: {ll: 3.3283, simple: 0.9204}
  ll_max_busbw: 4.58 GB/s
