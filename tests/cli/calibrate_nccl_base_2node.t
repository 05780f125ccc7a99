$ simtrain calibrate --nccl-tests tests/data/nccl_tests/model_dgx_a100_2node_all_reduce.log --system dgx_a100 --nodes 2 --base tests/data/netcal/dgx_a100.yaml -o /tmp/simtrain_cli_netcal_two_scopes.yaml && diff /tmp/simtrain_cli_netcal_two_scopes.yaml tests/data/netcal/dgx_a100_two_scopes.yaml
# exit 0
# simtrain calibrate --nccl-tests: tests/data/nccl_tests/model_dgx_a100_2node_all_reduce.log (all_reduce, 16 ranks on 2 hosts) fitted on DGX A100 (8x A100-SXM4-40GB) (2 nodes x 8 GPUs)
# the log's operation: from its rows: redop sum, root -1, size = count x 4 B, busbw = 1.875 x algbw; --op agrees
#
# fitted (each by a 1-D search, simulating the log's sizes with the model):
#   link_efficiency.ib_hdr         0.9600 -> 0.6999   on 5 sizes, 1073741824 to 17179869184 B
#     efficiency of every ib_hdr link: the model's most utilized network link at 17179869184 B (tree), so it sets the plateau
#   step_latency_scale.network.ll  1.0000 -> 0.9954   on 8 sizes, 524288 to 134217728 B
#     factor on NCCL's LL per-step latencies (hwLat, ring and tree) of network steps, which set the time of the sizes the model runs with LL
#   step_latency_scale.network.ll128 1.0000 -> 1.0018   on 5 sizes, 32768 to 4194304 B
#     factor on NCCL's LL128 per-step latencies (hwLat, ring and tree) of network steps, which set the time of the sizes the model runs with LL128
#   step_latency_scale.network.simple 1.0000 -> 1.0001   on 2 sizes, 268435456 to 536870912 B
#     factor on NCCL's Simple per-step latencies (hwLat, ring and tree, and the NVLS kernel's) of network steps, which set the time of the sizes the model runs with Simple
#   ll_max_busbw                   none -> 69.94 GB/s   on 8 sizes, 524288 to 134217728 B
#     the LL protocol's throughput bound on a ring across nodes (bus bandwidth; NCCL's tuner's llMaxBw role): the SMs' store-and-poll rate of 16-byte lines, which sets how the LL sizes' time grows with the size
# not determined by this log (left as the catalog's):
#   - the intra-node links (NVLink, PCIe) and their step latency: taken as fitted (the base file's fit, tests/data/netcal/dgx_a100.yaml)
#   - sizes outside the log's range: shown nowhere, not calibrated
#
# busbw error, (simulated - measured) / measured, before and after the fit:
#       size   measured     before     error          algo      after     error          algo  fitted on
#        (B)     (GB/s)     (GB/s)       (%)                   (GB/s)       (%)
       32768       0.71       0.72      +2.1    tree/LL128       0.71      +0.3    tree/LL128  latency LL128
       65536       1.43       1.45      +1.4    tree/LL128       1.42      -0.4    tree/LL128  latency LL128
      131072       2.71       2.71      +0.1    tree/LL128       2.71      +0.1    tree/LL128  latency LL128
      262144       4.55       4.69      +3.0       ring/LL       4.55      -0.0    tree/LL128  latency LL128
      524288       8.14       9.38     +15.2       ring/LL       8.14      -0.0       ring/LL  latency LL
     1048576      16.28      18.75     +15.2       ring/LL      16.28      -0.0       ring/LL  latency LL
     2097152      25.20      29.30     +16.3       ring/LL      25.20      -0.0       ring/LL  latency LL
     4194304      35.88      40.76     +13.6       ring/LL      35.88      +0.0    ring/LL128  latency LL128
     8388608      52.60      60.67     +15.3    ring/LL128      52.61      +0.0       tree/LL  latency LL
    16777216      73.62      81.31     +10.4    ring/LL128      73.63      +0.0       tree/LL  latency LL
    33554432      92.01     103.04     +12.0   ring/Simple      92.01      +0.0       tree/LL  latency LL
    67108864     105.13     124.68     +18.6   ring/Simple     105.14      +0.0       tree/LL  latency LL
   134217728     113.21     139.30     +23.0   ring/Simple     113.21      -0.0       tree/LL  latency LL
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
#   sizes fitted (latency)      15 sizes: median |error|   12.0% ->   0.0%, worst +23.0% at 134217728 B -> -0.4% at 65536 B
#   all sizes of the log        20 sizes: median |error|    3.4% ->   0.0%, worst +23.0% at 134217728 B -> -0.4% at 65536 B
# calibrated range: 32768 to 17179869184 B (the log's sizes); outside it the figures are not calibrated
# wrote /tmp/simtrain_cli_netcal_two_scopes.yaml
