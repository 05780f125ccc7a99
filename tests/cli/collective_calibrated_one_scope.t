$ simtrain collective dgx_a100 --nodes 2 --calibration tests/data/netcal/dgx_a100.yaml -b 1M -e 64M -f 64
# exit 0
# simtrain collective: all_reduce on DGX A100 (8x A100-SXM4-40GB) (2 nodes, 16 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
# network calibrated: tests/data/netcal/dgx_a100.yaml (fitted on tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log: all_reduce, 8 ranks, 32768 to 17179869184 B): nvlink3 efficiency 0.8175, nvlink LL step latency x1.202, nvlink LL128 step latency x1.920, nvlink Simple step latency x1.244, LL bound 15.8 GB/s inside a node
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048576        262144     float     sum      -1     147.59     7.10    13.32          ring   LL128  *
    67108864      16777216     float     sum      -1    1009.25    66.49   124.68          ring  Simple  *
# * not calibrated: the calibration file fits no log of this scope (inside one node, or across nodes)
# Avg bus bandwidth    : 68.9982
#
# Busiest links at 67108864 B (ring / Simple):
#    64.9%  node0/nic0 -> rail0_leaf0 (ib_hdr)
#    64.9%  rail0_leaf0 -> node0/nic0 (ib_hdr)
#    64.9%  node0/nic1 -> rail1_leaf0 (ib_hdr)
#    64.9%  rail1_leaf0 -> node0/nic1 (ib_hdr)
#    64.9%  node0/nic2 -> rail2_leaf0 (ib_hdr)
# Bottleneck: node0/nic0 -> rail0_leaf0 (ib_hdr)
# Bytes over network links: 5.033e+08 (7.500 x the buffer)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   1 MiB to 64 MiB              +-27% (90%: +-93%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  +-4.5% (90%: +-93%): median error of 11 public collectives of >= 64 MiB (bandwidth-bound) (7 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, AMD Instinct MI325X, B200, GB200, H100 80GB HBM3, H100 PCIe, V100-SXM2-32GB); worst 93%, model tends optimistic (+2.4% on average)
