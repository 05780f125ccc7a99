$ simtrain collective dgx_h200 --nodes 1024 -b 128K -e 8G -f 64
# exit 0
# simtrain collective: all_reduce on DGX H200 (8x H200 SXM) (1024 nodes, 8192 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
      131072         32768     float     sum      -1     247.76     0.53     1.06          tree   LL128
     8388608       2097152     float     sum      -1     591.77    14.18    28.35     nvls_tree  Simple
   536870912     134217728     float     sum      -1    3344.29   160.53   321.03     nvls_tree  Simple
# Avg bus bandwidth    : 116.8112
#
# Busiest links at 536870912 B (nvls_tree / Simple):
#    83.6%  node1/nic0 -> rail0_leaf0 (ib_ndr)
#    83.6%  rail0_leaf0 -> node1/nic0 (ib_ndr)
#    83.6%  node1/nic1 -> rail1_leaf0 (ib_ndr)
#    83.6%  rail1_leaf0 -> node1/nic1 (ib_ndr)
#    83.6%  node1/nic2 -> rail2_leaf0 (ib_ndr)
# Bottleneck: node1/nic0 -> rail0_leaf0 (ib_ndr)
# Bytes over network links: 4.327e+12 (8060.000 x the buffer)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   < 1 MiB (latency-bound)      not validated for this kind of run (8192 GPUs, above the largest validated of the nccl-tests collectives (1984 GPUs)); nearest band +-6.0% (90%: +-47%): median error of 15 public nccl-tests collectives (4 sources) on Hopper (H100 80GB HBM3, H100 PCIe, H200); worst 47%, model tends optimistic (+0.7% on average)
#   1 MiB to 64 MiB              not validated for this kind of run (8192 GPUs, above the largest validated of the nccl-tests collectives (1984 GPUs)); nearest band +-26% (90%: +-58%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  not validated for this kind of run (8192 GPUs, above the largest validated of the nccl-tests collectives (1984 GPUs)); nearest band +-4.9% (90%: +-48%): median error of 9 public collectives of >= 64 MiB (bandwidth-bound) (4 sources) on Hopper (H100 80GB HBM3, H100 PCIe, H200); worst 48%, model tends pessimistic (-0.6% on average)
