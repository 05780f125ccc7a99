$ simtrain calibrate --nccl-tests tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log --system dgx_h200 -o /tmp/simtrain_cli_netcal_h200.yaml && cat /tmp/simtrain_cli_netcal_h200.yaml && diff /tmp/simtrain_cli_netcal_h200.yaml tests/data/netcal/dgx_h200.yaml
# exit 0
# simtrain calibrate --nccl-tests: tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log (all_reduce, 8 ranks on 1 host) fitted on DGX H200 (8x H200 SXM) (1 node x 8 GPUs)
# the log's operation: from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.75 x algbw; --op agrees
#
# fitted (each by a 1-D search, simulating the log's sizes with the model):
#   nvls_bandwidth_share           0.8400 -> 0.8253   on 7 sizes, 268435456 to 17179869184 B
#     share of the NVLink capacity the NVLS kernel reaches: the model runs 17179869184 B as NVLS
#   step_latency_scale.nvlink.ll   1.0000 -> 1.2628   on 7 sizes, 32768 to 2097152 B
#     factor on NCCL's LL per-step latencies (hwLat, ring and tree) of NVLink steps, which set the time of the sizes the model runs with LL
#   step_latency_scale.nvlink.simple 1.0000 -> 1.3383   on 6 sizes, 4194304 to 134217728 B
#     factor on NCCL's Simple per-step latencies (hwLat, ring and tree, and the NVLS kernel's) of NVLink steps, which set the time of the sizes the model runs with Simple
# not determined by this log (left as the catalog's):
#   - the NICs and the fabric: a one-node log sends no byte over the network
#   - the NVLink efficiency of the ring: the log's large sizes ran NVLS (the NVSwitch reduces), which has its own share
#   - the LL128 step latency: the model runs no size of the log with LL128
#   - the LL throughput bound: the LL sizes fit as well without one (no bound binds there)
#   - sizes outside the log's range: shown nowhere, not calibrated
#
# busbw error, (simulated - measured) / measured, before and after the fit:
#       size   measured     before     error          algo      after     error          algo  fitted on
#        (B)     (GB/s)     (GB/s)       (%)                   (GB/s)       (%)
       32768       1.44       1.55      +8.0       ring/LL       1.47      +1.9       ring/LL  latency LL
       65536       2.93       3.11      +6.1       ring/LL       2.93      +0.1       ring/LL  latency LL
      131072       5.73       6.22      +8.5       ring/LL       5.87      +2.4       ring/LL  latency LL
      262144      11.74      12.44      +5.9       ring/LL      11.73      -0.0       ring/LL  latency LL
      524288      23.94      24.87      +3.9       ring/LL      23.47      -2.0       ring/LL  latency LL
     1048576      39.93      44.02     +10.3       ring/LL      41.81      +4.7       ring/LL  latency LL
     2097152      64.53      66.19      +2.6   nvls/Simple      58.19      -9.8       ring/LL  latency LL
     4194304     107.16     116.40      +8.6   nvls/Simple      96.03     -10.4   nvls/Simple  latency Simple
     8388608     155.53     181.64     +16.8   nvls/Simple     155.33      -0.1   nvls/Simple  latency Simple
    16777216     219.89     263.87     +20.0   nvls/Simple     233.95      +6.4   nvls/Simple  latency Simple
    33554432     275.84     341.08     +23.7   nvls/Simple     313.22     +13.6   nvls/Simple  latency Simple
    67108864     346.51     392.75     +13.3   nvls/Simple     370.96      +7.1   nvls/Simple  latency Simple
   134217728     401.93     432.89      +7.7   nvls/Simple     416.09      +3.5   nvls/Simple  latency Simple
   268435456     436.15     456.20      +4.6   nvls/Simple     443.05      +1.6   nvls/Simple  bandwidth
   536870912     450.29     468.82      +4.1   nvls/Simple     457.88      +1.7   nvls/Simple  bandwidth
  1073741824     463.58     474.18      +2.3   nvls/Simple     464.48      +0.2   nvls/Simple  bandwidth
  2147483648     469.17     478.14      +1.9   nvls/Simple     469.06      -0.0   nvls/Simple  bandwidth
  4294967296     473.10     480.14      +1.5   nvls/Simple     471.39      -0.4   nvls/Simple  bandwidth
  8589934592     477.45     481.15      +0.8   nvls/Simple     472.56      -1.0   nvls/Simple  bandwidth
 17179869184     482.26     481.65      -0.1   nvls/Simple     473.15      -1.9   nvls/Simple  bandwidth
#
# busbw error, before -> after:
#   sizes fitted (bandwidth)     7 sizes: median |error|    1.9% ->   1.0%, worst +4.6% at 268435456 B -> -1.9% at 17179869184 B
#   sizes fitted (latency)      13 sizes: median |error|    8.5% ->   3.5%, worst +23.7% at 33554432 B -> +13.6% at 33554432 B
#   all sizes of the log        20 sizes: median |error|    6.0% ->   1.9%, worst +23.7% at 33554432 B -> +13.6% at 33554432 B
# calibrated range: 32768 to 17179869184 B (the log's sizes); outside it the figures are not calibrated
# wrote /tmp/simtrain_cli_netcal_h200.yaml
# simtrain calibration file: the network model fitted to an nccl-tests log by
# `simtrain calibrate --nccl-tests`. `simtrain collective SYSTEM --calibration THIS_FILE` and a
# scenario's `calibration: THIS_FILE` apply it. Format: sim/work/calibration.hpp.
gpu: "NVIDIA H200"
catalog_key: h200_sxm
# nvls_bandwidth_share: 0.8400 -> 0.8253, fitted on 7 sizes 268435456 to 17179869184 B
# step_latency_scale.nvlink.ll: 1.0000 -> 1.2628, fitted on 7 sizes 32768 to 2097152 B
# step_latency_scale.nvlink.simple: 1.0000 -> 1.3383, fitted on 6 sizes 4194304 to 134217728 B
network:
  system: "DGX H200 (8x H200 SXM)"
  log: {file: "tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log", op: all_reduce, ranks: 8, nodes: 1, gpus_per_node: 8, min_size: 32768 B, max_size: 17179869184 B}
  nvls_bandwidth_share: 0.8253
  step_latency_scale:
    nvlink: {ll: 1.2628, simple: 1.3383}
