$ simtrain collective topologies/dgx_a100.yaml --nodes 2 --algo ring -b 1M -e 1G -f 32
# exit 0
# simtrain collective: all_reduce on DGX A100 (8x A100-SXM4-40GB) (2 nodes, 16 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048576        262144     float     sum      -1      70.62    14.85    27.84          ring      LL
    33554432       8388608     float     sum      -1     434.87    77.16   144.67          ring   LL128
  1073741824     268435456     float     sum      -1   10616.06   101.14   189.64          ring  Simple
# Avg bus bandwidth    : 120.7189
#
# Busiest links at 1073741824 B (ring / Simple):
#    98.8%  node0/nic0 -> rail0_leaf0 (ib_hdr)
#    98.8%  rail0_leaf0 -> node0/nic0 (ib_hdr)
#    98.8%  node0/nic1 -> rail1_leaf0 (ib_hdr)
#    98.8%  rail1_leaf0 -> node0/nic1 (ib_hdr)
#    98.8%  node0/nic2 -> rail2_leaf0 (ib_hdr)
# Bottleneck: node0/nic0 -> rail0_leaf0 (ib_hdr)
# Bytes over network links: 8.053e+09 (7.500 x the buffer)
