$ simtrain collective dgx_a100 --nodes 16 --fabric fat_tree --algo tree -b 1G -e 1G --set system.fabric.routing=adaptive --set system.fabric.oversubscription=4
# exit 0
# simtrain collective: all_reduce on DGX A100 (8x A100-SXM4-40GB) (16 nodes, 128 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
# --set system.fabric.routing=adaptive
# --set system.fabric.oversubscription=4
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
  1073741824     268435456     float     sum      -1   49010.14    21.91    43.47          tree  Simple
# Avg bus bandwidth    : 43.4748
#
# Busiest links at 1073741824 B (tree / Simple):
#    85.6%  leaf1 -> spine0 (ib_hdr)
#    85.6%  spine0 -> leaf1 (ib_hdr)
#    85.6%  leaf1 -> spine1 (ib_hdr)
#    85.6%  spine1 -> leaf1 (ib_hdr)
#    85.6%  leaf1 -> spine2 (ib_hdr)
# Bottleneck: leaf1 -> spine0 (ib_hdr)
# Bytes over network links: 1.16e+11 (108.000 x the buffer)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   >= 64 MiB (bandwidth-bound)  not validated for this kind of run (an oversubscribed fabric, where every validated run of the nccl-tests collectives had a non-blocking one); nearest band +-4.5% (90%: +-93%): median error of 11 public collectives of >= 64 MiB (bandwidth-bound) (7 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, AMD Instinct MI325X, B200, GB200, H100 80GB HBM3, H100 PCIe, V100-SXM2-32GB); worst 93%, model tends optimistic (+2.4% on average)
