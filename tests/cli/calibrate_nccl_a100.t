$ simtrain calibrate --nccl-tests tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log --system dgx_a100 -o /tmp/simtrain_cli_netcal_a100.yaml && cat /tmp/simtrain_cli_netcal_a100.yaml && diff /tmp/simtrain_cli_netcal_a100.yaml tests/data/netcal/dgx_a100.yaml
# exit 0
# simtrain calibrate --nccl-tests: tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log (all_reduce, 8 ranks on 1 host) fitted on DGX A100 (8x A100-SXM4-40GB) (1 node x 8 GPUs)
# the log's operation: from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.75 x algbw; --op agrees
#
# fitted (each by a 1-D search, simulating the log's sizes with the model):
#   link_efficiency.nvlink3        0.7800 -> 0.8189   on 6 sizes, 536870912 to 17179869184 B
#     efficiency of every nvlink3 link: the model's most utilized link at 17179869184 B (ring), so it sets the plateau
#   step_latency_scale.nvlink      1.0000 -> 1.7570   on 4 sizes, 32768 to 262144 B
#     factor on NCCL's per-step latencies (hwLat, ring and tree, every protocol) of NVLink steps, which set the small sizes' time
# not determined by this log (left as the catalog's):
#   - the NICs and the fabric: a one-node log sends no byte over the network
#   - the PCIe links: NCCL's rings ran over NVLink
#   - sizes outside the log's range, and mid sizes fitted on neither (the protocol and channel switches): shown below as they are
#
# busbw error, (simulated - measured) / measured, before and after the fit:
#       size   measured     before     error          algo      after     error          algo  fitted on
#        (B)     (GB/s)     (GB/s)       (%)                   (GB/s)       (%)
       32768       1.31       1.27      -3.1       ring/LL       1.14     -13.3       ring/LL  latency
       65536       2.45       2.54      +3.6       ring/LL       2.27      -7.2       ring/LL  latency
      131072       4.43       5.08     +14.6       ring/LL       4.55      +2.6       ring/LL  latency
      262144       7.47      10.15     +35.9       ring/LL       9.09     +21.7       ring/LL  latency
      524288      11.41      20.31     +78.0       ring/LL      18.18     +59.3       ring/LL  -
     1048576      18.00      34.79     +93.3       ring/LL      31.82     +76.8       ring/LL  -
     2097152      36.18      45.32     +25.3    ring/LL128      42.44     +17.3       ring/LL  -
     4194304      72.33      67.07      -7.3   ring/Simple      56.09     -22.5    ring/LL128  -
     8388608     109.93      94.49     -14.0   ring/Simple      78.49     -28.6   ring/Simple  -
    16777216     106.16     118.76     +11.9   ring/Simple     106.95      +0.7   ring/Simple  -
    33554432     138.49     136.26      -1.6   ring/Simple     130.63      -5.7   ring/Simple  -
    67108864     171.54     147.09     -14.3   ring/Simple     146.89     -14.4   ring/Simple  -
   134217728     176.92     153.19     -13.4   ring/Simple     156.64     -11.5   ring/Simple  -
   268435456     194.07     169.58     -12.6   ring/Simple     175.45      -9.6   ring/Simple  -
   536870912     222.72     196.65     -11.7   ring/Simple     204.70      -8.1   ring/Simple  bandwidth
  1073741824     229.04     213.71      -6.7   ring/Simple     223.32      -2.5   ring/Simple  bandwidth
  2147483648     231.41     223.39      -3.5   ring/Simple     233.96      +1.1   ring/Simple  bandwidth
  4294967296     233.88     228.57      -2.3   ring/Simple     239.67      +2.5   ring/Simple  bandwidth
  8589934592     234.61     231.25      -1.4   ring/Simple     242.64      +3.4   ring/Simple  bandwidth
 17179869184     234.89     232.62      -1.0   ring/Simple     244.14      +3.9   ring/Simple  bandwidth
#
# busbw error, before -> after:
#   sizes fitted (bandwidth)     6 sizes: median |error|    2.9% ->   3.0%, worst -11.7% at 536870912 B -> -8.1% at 536870912 B
#   sizes fitted (latency)       4 sizes: median |error|    9.1% ->  10.3%, worst +35.9% at 262144 B -> +21.7% at 262144 B
#   all sizes of the log        20 sizes: median |error|   11.8% ->   8.8%, worst +93.3% at 1048576 B -> +76.8% at 1048576 B
# calibrated range: 32768 to 17179869184 B (the log's sizes); outside it the figures are not calibrated
# wrote /tmp/simtrain_cli_netcal_a100.yaml
# simtrain calibration file: the network model fitted to an nccl-tests log by
# `simtrain calibrate --nccl-tests`. `simtrain collective SYSTEM --calibration THIS_FILE` and a
# scenario's `calibration: THIS_FILE` apply it. Format: sim/work/calibration.hpp.
gpu: "NVIDIA A100-SXM4-40GB"
catalog_key: a100_sxm4_40gb
# link_efficiency.nvlink3: 0.7800 -> 0.8189, fitted on 6 sizes 536870912 to 17179869184 B
# step_latency_scale.nvlink: 1.0000 -> 1.7570, fitted on 4 sizes 32768 to 262144 B
network:
  system: "DGX A100 (8x A100-SXM4-40GB)"
  log: {file: "tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log", op: all_reduce, ranks: 8, nodes: 1, gpus_per_node: 8, min_size: 32768 B, max_size: 17179869184 B}
  link_efficiency:
    nvlink3: 0.8189
  step_latency_scale:
    nvlink: 1.7570
