$ simtrain calibrate --nccl-tests tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log --system dgx_a100 -o /tmp/simtrain_cli_netcal_a100.yaml && cat /tmp/simtrain_cli_netcal_a100.yaml && diff /tmp/simtrain_cli_netcal_a100.yaml tests/data/netcal/dgx_a100.yaml
# exit 0
# simtrain calibrate --nccl-tests: tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log (all_reduce, 8 ranks on 1 host) fitted on DGX A100 (8x A100-SXM4-40GB) (1 node x 8 GPUs)
# the log's operation: from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.75 x algbw; --op agrees
#
# fitted (each by a 1-D search, simulating the log's sizes with the model):
#   link_efficiency.nvlink3        0.7800 -> 0.8175   on 6 sizes, 536870912 to 17179869184 B
#     efficiency of every nvlink3 link: the model's most utilized link at 17179869184 B (ring), so it sets the plateau
#   step_latency_scale.nvlink.ll   1.0000 -> 1.2015   on 4 sizes, 32768 to 262144 B
#     factor on NCCL's LL per-step latencies (hwLat, ring and tree) of NVLink steps, which set the time of the sizes the model runs with LL
#   step_latency_scale.nvlink.ll128 1.0000 -> 1.9199   on 1 size, 524288 B
#     factor on NCCL's LL128 per-step latencies (hwLat, ring and tree) of NVLink steps, which set the time of the sizes the model runs with LL128
#   step_latency_scale.nvlink.simple 1.0000 -> 1.2436   on 9 sizes, 1048576 to 268435456 B
#     factor on NCCL's Simple per-step latencies (hwLat, ring and tree, and the NVLS kernel's) of NVLink steps, which set the time of the sizes the model runs with Simple
#   ll_max_busbw                   none -> 15.84 GB/s   on 4 sizes, 32768 to 262144 B
#     the LL protocol's throughput bound on a ring inside one node (bus bandwidth; NCCL's tuner's llMaxBw role): the SMs' store-and-poll rate of 16-byte lines, which sets how the LL sizes' time grows with the size
# not determined by this log (left as the catalog's):
#   - the NICs and the fabric: a one-node log sends no byte over the network
#   - the PCIe links: NCCL's rings ran over NVLink
#   - sizes outside the log's range: shown nowhere, not calibrated
#
# busbw error, (simulated - measured) / measured, before and after the fit:
#       size   measured     before     error          algo      after     error          algo  fitted on
#        (B)     (GB/s)     (GB/s)       (%)                   (GB/s)       (%)
       32768       1.31       1.27      -3.1       ring/LL       1.25      -4.5       ring/LL  latency LL
       65536       2.45       2.54      +3.6       ring/LL       2.50      +2.1       ring/LL  latency LL
      131072       4.43       5.08     +14.6       ring/LL       4.67      +5.5       ring/LL  latency LL
      262144       7.47      10.15     +35.9       ring/LL       7.22      -3.4       ring/LL  latency LL
      524288      11.41      20.31     +78.0       ring/LL      11.41      +0.0    ring/LL128  latency LL128
     1048576      18.00      34.79     +93.3       ring/LL      21.33     +18.5   ring/Simple  latency Simple
     2097152      36.18      45.32     +25.3    ring/LL128      37.83      +4.6   ring/Simple  latency Simple
     4194304      72.33      67.07      -7.3   ring/Simple      61.72     -14.7   ring/Simple  latency Simple
     8388608     109.93      94.49     -14.0   ring/Simple      90.20     -17.9   ring/Simple  latency Simple
    16777216     106.16     118.76     +11.9   ring/Simple     117.26     +10.5   ring/Simple  latency Simple
    33554432     138.49     136.26      -1.6   ring/Simple     137.94      -0.4   ring/Simple  latency Simple
    67108864     171.54     147.09     -14.3   ring/Simple     151.29     -11.8   ring/Simple  latency Simple
   134217728     176.92     153.19     -13.4   ring/Simple     158.97     -10.1   ring/Simple  latency Simple
   268435456     194.07     169.58     -12.6   ring/Simple     176.77      -8.9   ring/Simple  latency Simple
   536870912     222.72     196.65     -11.7   ring/Simple     205.45      -7.8   ring/Simple  bandwidth
  1073741824     229.04     213.71      -6.7   ring/Simple     223.59      -2.4   ring/Simple  bandwidth
  2147483648     231.41     223.39      -3.5   ring/Simple     233.92      +1.1   ring/Simple  bandwidth
  4294967296     233.88     228.57      -2.3   ring/Simple     239.45      +2.4   ring/Simple  bandwidth
  8589934592     234.61     231.25      -1.4   ring/Simple     242.32      +3.3   ring/Simple  bandwidth
 17179869184     234.89     232.62      -1.0   ring/Simple     243.77      +3.8   ring/Simple  bandwidth
#
# busbw error, before -> after:
#   sizes fitted (bandwidth)     6 sizes: median |error|    2.9% ->   2.8%, worst -11.7% at 536870912 B -> -7.8% at 536870912 B
#   sizes fitted (latency)      14 sizes: median |error|   13.7% ->   7.2%, worst +93.3% at 1048576 B -> +18.5% at 1048576 B
#   all sizes of the log        20 sizes: median |error|   11.8% ->   4.5%, worst +93.3% at 1048576 B -> +18.5% at 1048576 B
# calibrated range: 32768 to 17179869184 B (the log's sizes); outside it the figures are not calibrated
# wrote /tmp/simtrain_cli_netcal_a100.yaml
# simtrain calibration file: the network model fitted to an nccl-tests log by
# `simtrain calibrate --nccl-tests`. `simtrain collective SYSTEM --calibration THIS_FILE` and a
# scenario's `calibration: THIS_FILE` apply it. Format: sim/work/calibration.hpp.
gpu: "NVIDIA A100-SXM4-40GB"
catalog_key: a100_sxm4_40gb
# link_efficiency.nvlink3: 0.7800 -> 0.8175, fitted on 6 sizes 536870912 to 17179869184 B
# step_latency_scale.nvlink.ll: 1.0000 -> 1.2015, fitted on 4 sizes 32768 to 262144 B
# step_latency_scale.nvlink.ll128: 1.0000 -> 1.9199, fitted on 1 size 524288 to 524288 B
# step_latency_scale.nvlink.simple: 1.0000 -> 1.2436, fitted on 9 sizes 1048576 to 268435456 B
# ll_max_busbw: none -> 15.84 GB/s, fitted on 4 sizes 32768 to 262144 B
network:
  system: "DGX A100 (8x A100-SXM4-40GB)"
  log: {file: "tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log", op: all_reduce, ranks: 8, nodes: 1, gpus_per_node: 8, min_size: 32768 B, max_size: 17179869184 B}
  link_efficiency:
    nvlink3: 0.8175
  step_latency_scale:
    nvlink: {ll: 1.2015, ll128: 1.9199, simple: 1.2436}
  ll_max_busbw: 15.84 GB/s
