$ simtrain calibrate --nccl-tests tests/data/nccl_tests/model_dgx_a100_2node_all_reduce.log --system dgx_a100 --nodes 2 --base tests/data/netcal/dgx_a100.yaml -o /tmp/simtrain_cli_netcal_two_scopes.yaml && diff /tmp/simtrain_cli_netcal_two_scopes.yaml tests/data/netcal/dgx_a100_two_scopes.yaml
# exit 0
# simtrain calibrate --nccl-tests: tests/data/nccl_tests/model_dgx_a100_2node_all_reduce.log (all_reduce, 16 ranks on 2 hosts) fitted on DGX A100 (8x A100-SXM4-40GB) (2 nodes x 8 GPUs)
# the log's operation: from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.875 x algbw; --op agrees
#
# fitted (each by a 1-D search, simulating the log's sizes with the model):
#   link_efficiency.ib_hdr         0.9600 -> 0.7000   on 5 sizes, 1073741824 to 17179869184 B
#     efficiency of every ib_hdr link: the model's most utilized network link at 17179869184 B (tree), so it sets the plateau
#   step_latency_scale.network.ll  1.0000 -> 0.9960   on 1 size, 524288 B
#     factor on NCCL's LL per-step latencies (hwLat, ring and tree) of network steps, which set the time of the sizes the model runs with LL
#   step_latency_scale.network.ll128 1.0000 -> 1.0016   on 10 sizes, 32768 to 33554432 B
#     factor on NCCL's LL128 per-step latencies (hwLat, ring and tree) of network steps, which set the time of the sizes the model runs with LL128
#   step_latency_scale.network.simple 1.0000 -> 1.0007   on 4 sizes, 67108864 to 536870912 B
#     factor on NCCL's Simple per-step latencies (hwLat, ring and tree, and the NVLS kernel's) of network steps, which set the time of the sizes the model runs with Simple
# not determined by this log (left as the catalog's):
#   - the intra-node links (NVLink, PCIe) and their step latency: taken as fitted (the base file's fit, tests/data/netcal/dgx_a100.yaml)
#   - the LL throughput bound: fewer than 3 sizes of the log run LL in the model
#   - sizes outside the log's range: shown nowhere, not calibrated
#
# busbw error, (simulated - measured) / measured, before and after the fit:
#       size   measured     before     error          algo      after     error          algo  fitted on
#        (B)     (GB/s)     (GB/s)       (%)                   (GB/s)       (%)
       32768       0.71       0.72      +2.1    tree/LL128       0.71      +0.3    tree/LL128  latency LL128
       65536       1.43       1.45      +1.4    tree/LL128       1.42      -0.4    tree/LL128  latency LL128
      131072       2.71       2.71      +0.1    tree/LL128       2.71      +0.1    tree/LL128  latency LL128
      262144       4.55       4.69      +3.0       ring/LL       4.55      -0.0    tree/LL128  latency LL128
      524288       8.14       9.38     +15.2       ring/LL       8.14      +0.0       ring/LL  latency LL
     1048576      12.81      13.32      +4.0    ring/LL128      12.81      -0.0    ring/LL128  latency LL128
     2097152      22.42      24.04      +7.2    ring/LL128      22.42      -0.0    ring/LL128  latency LL128
     4194304      35.88      40.24     +12.1    ring/LL128      35.88      +0.0    ring/LL128  latency LL128
     8388608      51.29      60.67     +18.3    ring/LL128      51.29      -0.0    ring/LL128  latency LL128
    16777216      65.30      81.31     +24.5    ring/LL128      65.30      +0.0    ring/LL128  latency LL128
    33554432      75.64      97.97     +29.5    ring/LL128      75.64      +0.0    ring/LL128  latency LL128
    67108864      96.39     124.68     +29.3   ring/Simple      96.39      +0.0   ring/Simple  latency Simple
   134217728     113.21     139.30     +23.0   ring/Simple     113.21      -0.0   tree/Simple  latency Simple
   268435456     154.91     160.86      +3.8   tree/Simple     154.91      -0.0   tree/Simple  latency Simple
   536870912     189.88     194.29      +2.3   tree/Simple     189.88      +0.0   tree/Simple  latency Simple
  1073741824     214.04     216.82      +1.3   tree/Simple     214.04      +0.0   tree/Simple  bandwidth
  2147483648     228.59     230.16      +0.7   tree/Simple     228.59      -0.0   tree/Simple  bandwidth
  4294967296     236.63     237.46      +0.4   tree/Simple     236.63      -0.0   tree/Simple  bandwidth
  8589934592     240.86     241.29      +0.2   tree/Simple     240.86      +0.0   tree/Simple  bandwidth
 17179869184     243.04     243.26      +0.1   tree/Simple     243.04      -0.0   tree/Simple  bandwidth
#
# busbw error, before -> after:
#   sizes fitted (bandwidth)     5 sizes: median |error|    0.4% ->   0.0%, worst +1.3% at 1073741824 B -> -0.0% at 4294967296 B
#   sizes fitted (latency)      15 sizes: median |error|    7.2% ->   0.0%, worst +29.5% at 33554432 B -> -0.4% at 65536 B
#   all sizes of the log        20 sizes: median |error|    3.4% ->   0.0%, worst +29.5% at 33554432 B -> -0.4% at 65536 B
# calibrated range: 32768 to 17179869184 B (the log's sizes); outside it the figures are not calibrated
# wrote /tmp/simtrain_cli_netcal_two_scopes.yaml
