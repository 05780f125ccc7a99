$ simtrain collective dgx_a100 --nodes 4 -b 64M -e 1G -f 4 --set "catalog.link_kinds.ib_hdr.bandwidth=400 Gb/s"
# exit 0
# simtrain collective: all_reduce on DGX A100 (8x A100-SXM4-40GB) (4 nodes, 32 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
# --set catalog.link_kinds.ib_hdr.bandwidth=400 Gb/s
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
    67108864      16777216     float     sum      -1     928.44    72.28   140.05          ring   LL128
   268435456      67108864     float     sum      -1    3027.08    88.68   171.81          ring  Simple
  1073741824     268435456     float     sum      -1   10370.33   103.54   200.61          ring  Simple
# Avg bus bandwidth    : 170.8225
#
# Busiest links at 1073741824 B (ring / Simple):
#    90.5%  node0/plx0_g0 -> node0/plx0 (pcie4x16)
#    90.5%  node0/plx0 -> node0/plx0_g0 (pcie4x16)
#    90.5%  node0/gpu0 -> node0/plx0_g0 (pcie4x16)
#    90.5%  node0/plx0_g0 -> node0/gpu0 (pcie4x16)
#    90.5%  node0/plx0_g1 -> node0/plx0 (pcie4x16)
# Bottleneck: node0/plx0_g0 -> node0/plx0 (pcie4x16)
# Bytes over network links: 1.664e+10 (15.500 x the buffer)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   >= 64 MiB (bandwidth-bound)  +-4.5% (90%: +-93%): median error of 11 public collectives of >= 64 MiB (bandwidth-bound) (7 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, AMD Instinct MI325X, B200, GB200, H100 80GB HBM3, H100 PCIe, V100-SXM2-32GB); worst 93%, model tends optimistic (+2.4% on average)
