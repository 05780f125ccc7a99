$ simtrain collective dgx_h200 --nodes 2048 -b 128K -e 512M -f 4096
# exit 0
# simtrain collective: all_reduce on DGX H200 (8x H200 SXM) (2048 nodes, 16384 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
      131072         32768     float     sum      -1     266.99     0.49     0.98          tree   LL128
   536870912     134217728     float     sum      -1    3394.13   158.18   316.33     nvls_tree  Simple
# Avg bus bandwidth    : 158.6575
#
# Busiest links at 536870912 B (nvls_tree / Simple):
#    82.4%  node1/nic0 -> rail0_leaf0 (ib_ndr)
#    82.4%  rail0_leaf0 -> node1/nic0 (ib_ndr)
#    82.4%  node1/nic1 -> rail1_leaf0 (ib_ndr)
#    82.4%  rail1_leaf0 -> node1/nic1 (ib_ndr)
#    82.4%  node1/nic2 -> rail2_leaf0 (ib_ndr)
# Bottleneck: node1/nic0 -> rail0_leaf0 (ib_ndr)
# Bytes over network links: 8.725e+12 (16252.000 x the buffer)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   < 1 MiB (latency-bound)      not validated for this kind of run (16384 GPUs, above the largest validated of the nccl-tests collectives (1984 GPUs)); nearest band +-6.0% (90%: +-47%): median error of 15 public nccl-tests collectives (4 sources) on Hopper (H100 80GB HBM3, H100 PCIe, H200); worst 47%, model tends optimistic (+0.7% on average)
#   >= 64 MiB (bandwidth-bound)  not validated for this kind of run (16384 GPUs, above the largest validated of the nccl-tests collectives (1984 GPUs)); nearest band +-4.9% (90%: +-48%): median error of 9 public collectives of >= 64 MiB (bandwidth-bound) (4 sources) on Hopper (H100 80GB HBM3, H100 PCIe, H200); worst 48%, model tends pessimistic (-0.6% on average)
