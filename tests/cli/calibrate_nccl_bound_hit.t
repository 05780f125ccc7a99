$ simtrain calibrate --nccl-tests tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log --system pcie_switch_8gpu -o /tmp/simtrain_cli_netcal_bound.yaml && cat /tmp/simtrain_cli_netcal_bound.yaml
# exit 0
# simtrain calibrate --nccl-tests: tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log (all_reduce, 8 ranks on 1 host) fitted on 8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs (1 node x 8 GPUs)
# the log's operation: from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.75 x algbw; --op agrees
#
# fitted (each by a 1-D search, simulating the log's sizes with the model):
#   step_latency_scale.nvlink.ll   1.0000 -> 0.0500   on 4 sizes, 32768 to 262144 B
#     factor on NCCL's LL per-step latencies (hwLat, ring and tree) of NVLink steps, which set the time of the sizes the model runs with LL
#     warning: step_latency_scale.nvlink.ll fitted at its lower bound 0.0500: the data do not determine it; the value is the bound, not a measurement
#     note: the measured time is outside what the step latency alone can reach (the call overhead and base latency are not fitted)
#   step_latency_scale.nvlink.simple 1.0000 -> 0.0500   on 10 sizes, 524288 to 268435456 B
#     factor on NCCL's Simple per-step latencies (hwLat, ring and tree, and the NVLS kernel's) of NVLink steps, which set the time of the sizes the model runs with Simple
#     warning: step_latency_scale.nvlink.simple fitted at its lower bound 0.0500: the data do not determine it; the value is the bound, not a measurement
#     note: the measured time is outside what the step latency alone can reach (the call overhead and base latency are not fitted)
# not determined by this log (left as the catalog's):
#   - the NICs and the fabric: a one-node log sends no byte over the network
#   - the plateau's bottleneck: the model's busiest link at the largest size is no link kind a calibration can set (a CPU's root complex)
#   - the LL128 step latency: the model runs no size of the log with LL128
#   - the LL throughput bound: the LL sizes fit as well without one (no bound binds there)
#   - sizes outside the log's range: shown nowhere, not calibrated
#
# busbw error, (simulated - measured) / measured, before and after the fit:
#       size   measured     before     error          algo      after     error          algo  fitted on
#        (B)     (GB/s)     (GB/s)       (%)                   (GB/s)       (%)
       32768       1.31       1.25      -4.7       ring/LL       1.25      -4.7       ring/LL  latency LL
       65536       2.45       2.50      +1.9       ring/LL       2.50      +1.9       ring/LL  latency LL
      131072       4.43       3.56     -19.6       ring/LL       3.56     -19.6       ring/LL  latency LL
      262144       7.47       4.53     -39.3       ring/LL       4.53     -39.3       ring/LL  latency LL
      524288      11.41       6.07     -46.8   ring/Simple       6.07     -46.8   ring/Simple  latency Simple
     1048576      18.00       8.86     -50.8   ring/Simple       8.86     -50.8   ring/Simple  latency Simple
     2097152      36.18      11.50     -68.2   ring/Simple      11.50     -68.2   ring/Simple  latency Simple
     4194304      72.33      13.52     -81.3   ring/Simple      13.56     -81.3  hierarchical/Simple  latency Simple
     8388608     109.93      17.99     -83.6  hierarchical/Simple      18.13     -83.5  hierarchical/Simple  latency Simple
    16777216     106.16      21.70     -79.6  hierarchical/Simple      21.81     -79.5  hierarchical/Simple  latency Simple
    33554432     138.49      24.20     -82.5  hierarchical/Simple      24.27     -82.5  hierarchical/Simple  latency Simple
    67108864     171.54      25.68     -85.0  hierarchical/Simple      25.72     -85.0  hierarchical/Simple  latency Simple
   134217728     176.92      26.49     -85.0  hierarchical/Simple      26.51     -85.0  hierarchical/Simple  latency Simple
   268435456     194.07      26.92     -86.1  hierarchical/Simple      26.93     -86.1  hierarchical/Simple  latency Simple
   536870912     222.72      27.13     -87.8  hierarchical/Simple      27.14     -87.8  hierarchical/Simple  bandwidth
  1073741824     229.04      27.24     -88.1  hierarchical/Simple      27.25     -88.1  hierarchical/Simple  bandwidth
  2147483648     231.41      27.30     -88.2  hierarchical/Simple      27.30     -88.2  hierarchical/Simple  bandwidth
  4294967296     233.88      27.33     -88.3  hierarchical/Simple      27.33     -88.3  hierarchical/Simple  bandwidth
  8589934592     234.61      27.34     -88.3  hierarchical/Simple      27.34     -88.3  hierarchical/Simple  bandwidth
 17179869184     234.89      27.35     -88.4  hierarchical/Simple      27.35     -88.4  hierarchical/Simple  bandwidth
#
# busbw error, before -> after:
#   sizes fitted (bandwidth)     6 sizes: median |error|   88.3% ->  88.3%, worst -88.4% at 17179869184 B -> -88.4% at 17179869184 B
#   sizes fitted (latency)      14 sizes: median |error|   73.9% ->  73.8%, worst -86.1% at 268435456 B -> -86.1% at 268435456 B
#   all sizes of the log        20 sizes: median |error|   83.1% ->  83.0%, worst -88.4% at 17179869184 B -> -88.4% at 17179869184 B
# calibrated range: 32768 to 17179869184 B (the log's sizes); outside it the figures are not calibrated
# wrote /tmp/simtrain_cli_netcal_bound.yaml
# simtrain calibration file: the network model fitted to an nccl-tests log by
# `simtrain calibrate --nccl-tests`. `simtrain collective SYSTEM --calibration THIS_FILE` and a
# scenario's `calibration: THIS_FILE` apply it. Format: sim/work/calibration.hpp.
gpu: "NVIDIA A100 80GB PCIe"
catalog_key: a100_pcie_80gb
# step_latency_scale.nvlink.ll: 1.0000 -> 0.0500, fitted on 4 sizes 32768 to 262144 B
# warning: step_latency_scale.nvlink.ll fitted at its lower bound 0.0500: the data do not determine it; the value is the bound, not a measurement
# step_latency_scale.nvlink.simple: 1.0000 -> 0.0500, fitted on 10 sizes 524288 to 268435456 B
# warning: step_latency_scale.nvlink.simple fitted at its lower bound 0.0500: the data do not determine it; the value is the bound, not a measurement
network:
  system: "8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs"
  log: {file: "tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log", op: all_reduce, ranks: 8, nodes: 1, gpus_per_node: 8, min_size: 32768 B, max_size: 17179869184 B}
  step_latency_scale:
    nvlink: {ll: 0.0500, simple: 0.0500}
