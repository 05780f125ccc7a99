$ simtrain collective tests/data/box_100g_roce.yaml --nodes 2 -b 64M -e 1G -f 4
# exit 0
# simtrain collective: all_reduce on 1x A100 PCIe + 1x ConnectX-6 Dx 100GbE per node, fabric roce_100g (2 nodes, 2 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
    67108864      16777216     float     sum      -1    5636.23    11.91    11.91          ring  Simple
   268435456      67108864     float     sum      -1   22413.45    11.98    11.98          ring  Simple
  1073741824     268435456     float     sum      -1   89522.31    11.99    11.99          ring  Simple
# Avg bus bandwidth    : 11.9591
#
# Busiest links at 1073741824 B (ring / Simple):
#   100.0%  node0/nic0 -> switch0 (roce_100g)
#   100.0%  switch0 -> node0/nic0 (roce_100g)
#   100.0%  node1/nic0 -> switch0 (roce_100g)
#   100.0%  switch0 -> node1/nic0 (roce_100g)
#    43.3%  node0/gpu0 -> node0/cpu0 (pcie4x16)
# Bottleneck: node0/nic0 -> switch0 (roce_100g)
# Bytes over network links: 4.295e+09 (4.000 x the buffer)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   >= 64 MiB (bandwidth-bound)  +-4.5% (90%: +-93%): median error of 11 public collectives of >= 64 MiB (bandwidth-bound) (7 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, AMD Instinct MI325X, B200, GB200, H100 80GB HBM3, H100 PCIe, V100-SXM2-32GB); worst 93%, model tends optimistic (+2.4% on average)
