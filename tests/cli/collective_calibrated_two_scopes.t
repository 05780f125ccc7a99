$ simtrain collective dgx_a100 --nodes 2 --calibration tests/data/netcal/dgx_a100_two_scopes.yaml -b 16K -e 64M -f 16
# exit 0
# simtrain collective: all_reduce on DGX A100 (8x A100-SXM4-40GB) (2 nodes, 16 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
# network calibrated: tests/data/netcal/dgx_a100_two_scopes.yaml (fitted on tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log: all_reduce, 8 ranks, 32768 to 17179869184 B): nvlink3 efficiency 0.8175, nvlink LL step latency x1.202, nvlink LL128 step latency x1.920, nvlink Simple step latency x1.244, LL bound 15.8 GB/s inside a node; (fitted on tests/data/nccl_tests/model_dgx_a100_2node_all_reduce.log: all_reduce, 16 ranks, 32768 to 17179869184 B): ib_hdr efficiency 0.7000, network LL step latency x0.996, network LL128 step latency x1.002, network Simple step latency x1.001
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
       16384          4096     float     sum      -1      86.26     0.19     0.36          tree   LL128  *
      262144         65536     float     sum      -1     108.04     2.43     4.55          tree   LL128
     4194304       1048576     float     sum      -1     219.17    19.14    35.88          ring   LL128
    67108864      16777216     float     sum      -1    1305.43    51.41    96.39          ring  Simple
# * outside the measured range, not calibrated: the calibration's log measured 32768 to 17179869184 B
# Avg bus bandwidth    : 34.2942
#
# Busiest links at 67108864 B (ring / Simple):
#    68.8%  node0/nic0 -> rail0_leaf0 (ib_hdr)
#    68.8%  rail0_leaf0 -> node0/nic0 (ib_hdr)
#    68.8%  node0/nic1 -> rail1_leaf0 (ib_hdr)
#    68.8%  rail1_leaf0 -> node0/nic1 (ib_hdr)
#    68.8%  node0/nic2 -> rail2_leaf0 (ib_hdr)
# Bottleneck: node0/nic0 -> rail0_leaf0 (ib_hdr)
# Bytes over network links: 5.033e+08 (7.500 x the buffer)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   < 1 MiB (latency-bound)      +-8.0% (90%: +-80%): median error of 17 public nccl-tests collectives (5 sources) on Ampere (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB); worst 93%, model tends optimistic (+7.2% on average)
#   1 MiB to 64 MiB              +-27% (90%: +-93%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  +-4.5% (90%: +-93%): median error of 11 public collectives of >= 64 MiB (bandwidth-bound) (7 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, AMD Instinct MI325X, B200, GB200, H100 80GB HBM3, H100 PCIe, V100-SXM2-32GB); worst 93%, model tends optimistic (+2.4% on average)
